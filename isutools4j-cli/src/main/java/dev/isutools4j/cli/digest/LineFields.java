package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.digest.FilterField.Level;
import dev.isutools4j.cli.digest.FilterField.Type;
import dev.isutools4j.internal.digest.access.AccessLine;
import dev.isutools4j.internal.digest.slow.SlowStatement;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The per-line fields of {@code --filter}: those of an access log line and of a slow log entry. */
final class LineFields {

  static final List<FilterField> ACCESS = List.of(
      field("method", Type.TEXT, l -> ((AccessLine) l).method()),
      field("uri", Type.TEXT, l -> ((AccessLine) l).uri()),
      field("status", Type.STATUS, l -> status(((AccessLine) l).status())),
      field("time", Type.TIME, l -> ms(((AccessLine) l).requestMicros())),
      field("reqtime", Type.TIME, l -> ms(((AccessLine) l).requestMicros())),
      field("apptime", Type.TIME, l -> ms(((AccessLine) l).upstreamMicros())),
      field("bytes", Type.BYTES, l -> ((AccessLine) l).bodyBytes()),
      field("size", Type.BYTES, l -> ((AccessLine) l).bodyBytes()));

  static final List<FilterField> SLOW = List.of(
      field("time", Type.TIME, s -> ms(((SlowStatement) s).queryMicros())),
      field("query_time", Type.TIME, s -> ms(((SlowStatement) s).queryMicros())),
      field("lock", Type.TIME, s -> ms(((SlowStatement) s).lockMicros())),
      field("lock_time", Type.TIME, s -> ms(((SlowStatement) s).lockMicros())),
      field("rows_sent", Type.NUMBER, s -> ((SlowStatement) s).rowsSent()),
      field("rows_examined", Type.NUMBER, s -> ((SlowStatement) s).rowsExamined()),
      field("rows_affected", Type.NUMBER, s -> ((SlowStatement) s).rowsAffected()),
      field("bytes_sent", Type.BYTES, s -> ((SlowStatement) s).bytesSent()),
      field("schema", Type.TEXT, s -> ((SlowStatement) s).schema()),
      field("query", Type.TEXT, s -> ((SlowStatement) s).statement()));

  private LineFields() {}

  private static FilterField field(String name, Type type, Function<Object, Object> get) {
    return new FilterField(name, Level.LINE, type, get);
  }

  static FilterField find(List<FilterField> fields, String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (FilterField f : fields) {
      if (f.name().equals(n)) {
        return f;
      }
    }
    return null;
  }

  static String names(List<FilterField> fields) {
    return String.join(", ", fields.stream().map(FilterField::name).toList());
  }

  private static Object ms(long micros) {
    return micros < 0 ? null : micros / 1e3;
  }

  private static Object status(int status) {
    return status < 0 ? null : status;
  }
}
