package dev.isutools4j.internal.digest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The lines a parser could not read: how many, and the first few with their line numbers, file
 * offsets, the reason and their text (cut to {@link #TEXT_BYTES} bytes, made printable).
 *
 * <p>Not thread-safe: one per reading thread, merged in file order.
 */
public final class Malformed {

  /** How many examples are kept. */
  public static final int EXAMPLES = 5;
  /** How much of a line an example shows. */
  public static final int TEXT_BYTES = 300;

  /** One malformed line. */
  public record Example(long line, long offset, String reason, String text) {}

  private long count;
  private final List<Example> examples = new ArrayList<>(EXAMPLES);

  /** Counts one malformed line, kept as an example while fewer than {@link #EXAMPLES} are. */
  public void add(long line, long offset, String reason, byte[] b, int from, int to) {
    count++;
    if (examples.size() < EXAMPLES) {
      examples.add(new Example(line, offset, reason, Bytes.printable(b, from, to, TEXT_BYTES)));
    }
  }

  /** Adds a later part's lines, whose numbers start after {@code linesBefore}. */
  public void merge(Malformed later, long linesBefore) {
    count += later.count;
    for (Example e : later.examples) {
      if (examples.size() == EXAMPLES) {
        break;
      }
      examples.add(new Example(e.line() + linesBefore, e.offset(), e.reason(), e.text()));
    }
  }

  /** A copy whose examples' texts went through {@code edit} (such as masking secret values). */
  public Malformed withTexts(UnaryOperator<String> edit) {
    Malformed out = new Malformed();
    out.count = count;
    for (Example e : examples) {
      out.examples.add(new Example(e.line(), e.offset(), e.reason(), edit.apply(e.text())));
    }
    return out;
  }

  public long count() {
    return count;
  }

  public List<Example> examples() {
    return List.copyOf(examples);
  }

  /** {@code {"count": n, "examples": [{"line", "offset", "reason", "text"}]}}. */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", count);
    List<Map<String, Object>> list = new ArrayList<>(examples.size());
    for (Example e : examples) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("line", e.line());
      m.put("offset", e.offset());
      m.put("reason", e.reason());
      m.put("text", e.text());
      list.add(m);
    }
    out.put("examples", list);
    return out;
  }
}
