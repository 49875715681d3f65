package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The header lines read by their layout give what the key-by-key reader gives, for the layouts
 * the servers write and for every other spacing, order, empty value or extra key: each layout
 * reader is given every line, its own and the others'.
 */
class SlowHeaderTest {

  /** A reader of one line ({@code b[from, to)}, after its '#') into an entry. */
  private interface Reader {
    void read(byte[] b, int from, int to, SlowEntry e);
  }

  private static final List<String> LINES = List.of(
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000",
      " Query_time: 1.5 Lock_time: 0.0002 Rows_sent: 3 Rows_examined: 4000",
      " Query_time: 1.5\tLock_time: 0.0002\tRows_sent: 3\tRows_examined: 4000",
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000"
          + " Thread_id: 12 Errno: 0 Killed: 0 Bytes_received: 0 Bytes_sent: 77",
      " Query_time: 1.500000  Rows_sent: 3  Lock_time: 0.000200  Rows_examined: 4000",
      " Query_time:   Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000",
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent:   Rows_examined: 4000",
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: ",
      " Query_time: 1.5:  Lock_time: 0.0002  Rows_sent: 3  Rows_examined: 4000",
      " Query_time: x  Lock_time: -  Rows_sent: 3a  Rows_examined: 4000  Rows_examined: 5",
      " Query_time: 1.500000  Lock_time: 0.000200",
      " Thread_id: 8  Schema: isulog  QC_hit: No",
      " Thread_id: 8  Schema: `isulog`  QC_hit: No",
      " Thread_id: 8  Schema:   QC_hit: No",
      " Thread_id: 8  Schema:",
      " Thread_id: 8  Schema: odd:  QC_hit: No",
      " Thread_id: 8  Schema: isulog",
      " Thread_id: 8 Schema: isulog QC_hit: No",
      " Thread_id:   Schema: isulog  QC_hit: No",
      " Thread_id: 9  Schema: test  Last_errno: 0  Killed: 0  Rows_affected: 4",
      " Schema: isulog  Thread_id: 8",
      " Rows_affected: 2  Bytes_sent: 111",
      " Rows_affected: 2  Bytes_sent: 111  Schema: other",
      " Rows_affected: 2 Bytes_sent: 111",
      " Rows_affected:   Bytes_sent: 111",
      " Rows_affected: 2  Bytes_sent: ",
      " Rows_affected: 2",
      " Bytes_sent: 111  Rows_affected: 2",
      "",
      " ",
      " explain: id\tselect_type\ttable");

  static List<Arguments> everyReaderOnEveryLine() {
    List<Arguments> cases = new ArrayList<>();
    for (String line : LINES) {
      cases.add(Arguments.of("times", line));
      cases.add(Arguments.of("thread", line));
      cases.add(Arguments.of("rows", line));
    }
    return cases;
  }

  @ParameterizedTest(name = "{0}: \"{1}\"")
  @MethodSource("everyReaderOnEveryLine")
  void aLineByItsLayoutReadsWhatTheKeyByKeyReaderReads(String reader, String line) {
    assertThat(values(line, layoutReader(reader))).isEqualTo(values(line, SlowHeader::read));
  }

  @Test
  void theLayoutsValuesAreRead() {
    assertThat(values(" Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000",
        SlowHeader::readTimesLine)).containsExactly("1500000", "200", "3", "4000", "0", "0", null);
    assertThat(values(" Query_time: 1.5 Lock_time: 0.0002 Rows_sent: 3 Rows_examined: 4000",
        SlowHeader::readTimesLine)).containsExactly("1500000", "200", "3", "4000", "0", "0", null);
    assertThat(values(" Thread_id: 8  Schema: `isulog`  QC_hit: No", SlowHeader::readThreadLine))
        .containsExactly("0", "0", "0", "0", "0", "0", "isulog");
    assertThat(values(" Rows_affected: 2  Bytes_sent: 111", SlowHeader::readRowsLine))
        .containsExactly("0", "0", "0", "0", "2", "111", null);
  }

  private static Reader layoutReader(String name) {
    return switch (name) {
      case "times" -> SlowHeader::readTimesLine;
      case "thread" -> SlowHeader::readThreadLine;
      case "rows" -> SlowHeader::readRowsLine;
      default -> throw new IllegalArgumentException(name);
    };
  }

  /** Every value a header line may set, read from {@code #line} by {@code reader}. */
  private static List<String> values(String line, Reader reader) {
    byte[] b = ("#" + line).getBytes(StandardCharsets.US_ASCII);
    SlowEntry e = new SlowEntry(100);
    e.clear(1, 0);
    reader.read(b, 1, b.length, e);
    List<String> values = new ArrayList<>();
    for (long v : new long[] {e.queryMicros, e.lockMicros, e.rowsSent, e.rowsExamined,
        e.rowsAffected, e.bytesSent}) {
      values.add(Long.toString(v));
    }
    values.add(e.schemaText());
    return values;
  }
}
