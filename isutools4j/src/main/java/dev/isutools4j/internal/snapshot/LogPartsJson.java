package dev.isutools4j.internal.snapshot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes and reads the parts the access log and slow log sections share: {@link LogRead} (with its
 * {@link LogSource}) around each section's own keys, and {@link LogMalformed}.
 */
final class LogPartsJson {

  private LogPartsJson() {}

  /**
   * {@code {"supported": false, "reason"}} for a log not read; else {@code source} and {@code
   * notes}, then what {@code digest} puts, then {@code error} when there is one.
   */
  static Map<String, Object> write(LogRead log, Consumer<Map<String, Object>> digest) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!log.supported()) {
      out.put("supported", false);
      out.put("reason", log.reason());
      return out;
    }
    out.put("source", source(log.source() == null ? LogSource.EMPTY : log.source()));
    out.put("notes", log.notes());
    digest.accept(out);
    if (log.error() != null) {
      out.put("error", log.error());
    }
    return out;
  }

  private static Map<String, Object> source(LogSource s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("file", s.file());
    List<Map<String, Object>> read = new ArrayList<>(s.read().size());
    for (LogSource.Range r : s.read()) {
      Map<String, Object> range = new LinkedHashMap<>();
      range.put("file", r.file());
      range.put("from", r.from());
      range.put("to", r.to());
      read.add(range);
    }
    out.put("read", read);
    out.put("bytes", s.bytes());
    if (s.missing()) {
      out.put("missing", true);
    }
    return out;
  }

  static Map<String, Object> malformed(LogMalformed m) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", m.count());
    List<Map<String, Object>> examples = new ArrayList<>(m.examples().size());
    for (LogMalformed.Example e : m.examples()) {
      Map<String, Object> example = new LinkedHashMap<>();
      example.put("line", e.line());
      example.put("offset", e.offset());
      example.put("reason", e.reason());
      example.put("text", e.text());
      examples.add(example);
    }
    out.put("examples", examples);
    return out;
  }

  // Reading.

  static LogRead readLog(Fields json) {
    if (Boolean.FALSE.equals(json.boolOrNull("supported"))) {
      return LogRead.notSupported(json.string("reason"));
    }
    Fields s = Fields.of(json.raw("source"));
    List<LogSource.Range> read = s.fieldsList("read").stream()
        .map(r -> new LogSource.Range(r.string("file"), r.longValue("from"), r.longValue("to"))).toList();
    LogSource source = new LogSource(s.string("file"), read, s.longValue("bytes"),
        Boolean.TRUE.equals(s.boolOrNull("missing")));
    return new LogRead(true, null, source, strings(json.raw("notes")), json.string("error"));
  }

  /** Whether a section read as {@code log} has its digest's keys: read, and without an error. */
  static boolean hasDigest(LogRead log) {
    return log.supported() && log.error() == null;
  }

  static LogMalformed readMalformed(Fields m) {
    return new LogMalformed(m.longValue("count"), m.fieldsList("examples").stream()
        .map(e -> new LogMalformed.Example(e.longValue("line"), e.longValue("offset"), e.string("reason"),
            e.string("text"))).toList());
  }

  /** A JSON array's elements as text; anything else reads as none. */
  static List<String> strings(Object value) {
    return value instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
  }

  /** A number, or null when absent or not a number. */
  static Double doubleOrNull(Fields f, String key) {
    return f.raw(key) instanceof Number n ? n.doubleValue() : null;
  }
}
