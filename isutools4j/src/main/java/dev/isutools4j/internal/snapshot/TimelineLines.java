package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request's timeline as a person reads it: in a long timeline, what repeats is one line with its
 * count. A fingerprint run many times in a row is one line ({@code select * from users where id =
 * ? × 20}); so is a short cycle of fingerprints repeated (an N+1 loop that runs a count, a select
 * and a users lookup or several per item: {@code × 20} of the three, each with its count and
 * time). A fingerprint run a varying number of times in a row counts as one step of a cycle, so a
 * loop over items with one to four users lookups each is still one cycle. Pure.
 */
public final class TimelineLines {

  /** A timeline of more statements than this has its repeats collapsed. */
  public static final int LONG = 10;
  /** A fingerprint in a row, or a cycle, collapses when it repeats at least this many times. */
  public static final int MIN_REPEATS = 3;
  /** The longest cycle looked for, in steps (runs of one fingerprint). */
  static final int MAX_CYCLE = 4;

  /**
   * One line of the timeline: statements {@code [from, to)}; one statement, or a repeat collapsed.
   *
   * @param repeats how many times the line's cycle ran (a fingerprint in a row: its count); 1 for
   *     a line of one statement
   * @param parts each fingerprint of the line, in the order they first ran, with its statements,
   *     time and rows
   */
  public record Line(int from, int to, int repeats, List<Part> parts) {

    public Line {
      parts = List.copyOf(parts);
    }

    public boolean collapsed() {
      return to - from > 1;
    }

    public int statements() {
      return to - from;
    }

    /** The time of its statements. */
    public double sqlMs() {
      return parts.stream().mapToDouble(Part::ms).sum();
    }
  }

  /** One fingerprint of a line: how many of its statements, their time and rows. */
  public record Part(String fingerprint, int count, double ms, long rows) {}

  private record Run(String fingerprint, int from, int to) {}

  private TimelineLines() {}

  /** The lines of {@code timeline}, in order, covering every statement once. */
  public static List<Line> of(List<Statement> timeline) {
    List<Line> lines = new ArrayList<>();
    if (timeline.size() <= LONG) {
      for (int i = 0; i < timeline.size(); i++) {
        lines.add(line(timeline, i, i + 1, 1));
      }
      return lines;
    }
    List<Run> runs = runs(timeline);
    int r = 0;
    while (r < runs.size()) {
      int bestSteps = 0;
      int bestRepeats = 0;
      int bestCovered = 0;
      Run first = runs.get(r);
      if (first.to - first.from >= MIN_REPEATS) {
        bestSteps = 1;
        bestRepeats = first.to - first.from;
        bestCovered = bestRepeats;
      }
      for (int steps = 2; steps <= MAX_CYCLE && r + steps <= runs.size(); steps++) {
        int repeats = repeats(runs, r, steps);
        if (repeats < MIN_REPEATS) {
          continue;
        }
        int covered = runs.get(r + repeats * steps - 1).to - first.from;
        if (covered > bestCovered) {
          bestSteps = steps;
          bestRepeats = repeats;
          bestCovered = covered;
        }
      }
      if (bestSteps == 0) {
        for (int i = first.from; i < first.to; i++) {
          lines.add(line(timeline, i, i + 1, 1));
        }
        r++;
      } else {
        int end = bestSteps == 1 ? first.to : runs.get(r + bestRepeats * bestSteps - 1).to;
        lines.add(line(timeline, first.from, end, bestRepeats));
        r += bestSteps == 1 ? 1 : bestRepeats * bestSteps;
      }
    }
    return lines;
  }

  /** The statements as runs of one fingerprint in a row. */
  private static List<Run> runs(List<Statement> timeline) {
    List<Run> runs = new ArrayList<>();
    int from = 0;
    for (int i = 1; i <= timeline.size(); i++) {
      if (i == timeline.size()
          || !Objects.equals(timeline.get(i).fingerprint(), timeline.get(from).fingerprint())) {
        runs.add(new Run(timeline.get(from).fingerprint(), from, i));
        from = i;
      }
    }
    return runs;
  }

  /** How many times the cycle of {@code steps} runs from {@code r} repeats, in a row. */
  private static int repeats(List<Run> runs, int r, int steps) {
    int repeats = 1;
    while (r + (repeats + 1) * steps <= runs.size()) {
      for (int j = 0; j < steps; j++) {
        if (!Objects.equals(runs.get(r + repeats * steps + j).fingerprint, runs.get(r + j).fingerprint)) {
          return repeats;
        }
      }
      repeats++;
    }
    return repeats;
  }

  private static Line line(List<Statement> timeline, int from, int to, int repeats) {
    Map<String, int[]> counts = new LinkedHashMap<>();
    Map<String, double[]> ms = new LinkedHashMap<>();
    Map<String, long[]> rows = new LinkedHashMap<>();
    for (int i = from; i < to; i++) {
      Statement s = timeline.get(i);
      String key = s.fingerprint();
      counts.computeIfAbsent(key, k -> new int[1])[0]++;
      ms.computeIfAbsent(key, k -> new double[1])[0] += s.durationMs();
      rows.computeIfAbsent(key, k -> new long[1])[0] += s.rows();
    }
    List<Part> parts = new ArrayList<>(counts.size());
    counts.forEach((fingerprint, n) ->
        parts.add(new Part(fingerprint, n[0], ms.get(fingerprint)[0], rows.get(fingerprint)[0])));
    return new Line(from, to, repeats, parts);
  }
}
