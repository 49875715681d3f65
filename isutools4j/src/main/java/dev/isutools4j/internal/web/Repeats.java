package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs that measured the same thing: the same git revision, dirty flag, label and note. Only such
 * repeats say how much a score moves by chance; runs of one revision under other labels (tuning
 * levels, say) or notes are other configurations, and a run without a revision repeats nothing.
 */
final class Repeats {

  /** Scored repeats needed before their lowest and highest score make a band. */
  static final int FOR_A_BAND = 3;

  private final Map<Key, Group> groups;

  private Repeats(Map<Key, Group> groups) {
    this.groups = groups;
  }

  /** What makes two runs repeats of each other. */
  record Key(String revision, boolean dirty, String label, String note) {

    /** The most of a note that names a group. */
    static final int NOTE_CHARS = 60;

    /** The key of a run, or null for a run with no revision. */
    static Key of(RunMeta m) {
      if (m.revision() == null) {
        return null;
      }
      return new Key(m.revision(), m.dirty(), blankAsNull(m.label()), blankAsNull(m.note()));
    }

    private static String blankAsNull(String text) {
      return text == null || text.isBlank() ? null : text.trim();
    }

    /** The configuration for a reader, as HTML: the short revision, dirty, label. */
    String describe() {
      return describe(null);
    }

    /**
     * The configuration for a reader beside {@code other}'s (null: alone): the short revision,
     * dirty, label, and the note when the two notes differ, so that two groups never read alike.
     */
    String describe(Key other) {
      String out = "<code>" + Html.escape(HistoryTrend.shortRevision(revision)) + "</code>"
          + (dirty ? " (dirty)" : "")
          + (label == null ? "" : " <span class=\"label\">" + Html.escape(label) + "</span>");
      if (other == null || Objects.equals(note, other.note)) {
        return out;
      }
      return out + (note == null ? " (no note)" : " “" + Html.escape(shortNote(note)) + "”");
    }

    // A note may run to paragraphs; its first line, cut short, tells the groups apart.
    private static String shortNote(String note) {
      int end = note.indexOf('\n');
      String line = (end < 0 ? note : note.substring(0, end)).trim();
      return line.length() <= NOTE_CHARS ? line : line.substring(0, NOTE_CHARS - 1) + "…";
    }
  }

  /**
   * The repeats of one configuration: how many runs, and their scores lowest first.
   *
   * @param runs readable runs, scored or not
   */
  record Group(Key key, int runs, List<Long> scores) {

    Group {
      scores = List.copyOf(scores);
    }

    boolean hasBand() {
      return scores.size() >= FOR_A_BAND;
    }

    /** How many more scored repeats would give a band; 0 when there is one. */
    int missing() {
      return Math.max(0, FOR_A_BAND - scores.size());
    }

    Long min() {
      return scores.isEmpty() ? null : scores.get(0);
    }

    Long max() {
      return scores.isEmpty() ? null : scores.get(scores.size() - 1);
    }

    /** The middle score (the lower of the middle two for an even count), or null. */
    Long median() {
      return scores.isEmpty() ? null : scores.get((scores.size() - 1) / 2);
    }

    /** Whether {@code score} lies within the band; false without a band. */
    boolean contains(long score) {
      return hasBand() && score >= min() && score <= max();
    }

    /** The band as text: {@code 11 800–12 000, median 11 900, 3 runs}. */
    String bandText() {
      return Units.count(min()) + "–" + Units.count(max()) + ", median " + Units.count(median())
          + ", " + scores.size() + " runs";
    }

    /** What it takes to have a band: {@code 1 more repeat would give a band}. */
    String missingText() {
      int more = missing();
      return (more == 1 ? "one more repeat" : more + " more repeats") + " would give a band";
    }
  }

  /** The repeats among these runs, readable ones with a revision only. */
  static Repeats of(List<StoredRun> runs) {
    Map<Key, List<Long>> scores = new LinkedHashMap<>();
    Map<Key, Integer> counts = new LinkedHashMap<>();
    for (StoredRun run : runs) {
      Key key = run.readable() ? Key.of(run.meta()) : null;
      if (key == null) {
        continue;
      }
      counts.merge(key, 1, Integer::sum);
      List<Long> list = scores.computeIfAbsent(key, k -> new ArrayList<>());
      if (run.meta().score() != null) {
        list.add(run.meta().score());
      }
    }
    Map<Key, Group> groups = new LinkedHashMap<>();
    scores.forEach((key, list) -> {
      Collections.sort(list);
      groups.put(key, new Group(key, counts.get(key), list));
    });
    return new Repeats(groups);
  }

  /** The repeats of this run's configuration (the run itself included), or null without one. */
  Group of(RunMeta m) {
    Key key = Key.of(m);
    return key == null ? null : groups.get(key);
  }

  /** Whether two runs are repeats of each other. */
  static boolean same(RunMeta a, RunMeta b) {
    Key key = Key.of(a);
    return key != null && Objects.equals(key, Key.of(b));
  }

  /** The groups with a band. */
  List<Group> bands() {
    return groups.values().stream().filter(Group::hasBand).toList();
  }

  /**
   * Whether the score change from {@code a} to {@code b} is noise, told in one sentence of HTML:
   * outside both runs' bands, within one, or which band is missing and how many repeats would give
   * it. Null when either run has no score.
   */
  String verdict(RunMeta a, RunMeta b) {
    if (a.score() == null || b.score() == null) {
      return null;
    }
    long change = b.score() - a.score();
    String delta = (change > 0 ? "+" : "") + Units.count(change);
    if (same(a, b)) {
      Group g = of(b);
      return "the change (" + delta + ") is between repeats of " + g.key().describe()
          + ": noise, by definition" + (g.hasBand() ? " (band " + g.bandText() + ")"
          : "; " + g.missingText());
    }
    Group ga = of(a);
    Group gb = of(b);
    Key ka = ga == null ? null : ga.key();
    Key kb = gb == null ? null : gb.key();
    List<String> missing = new ArrayList<>();
    for (Group g : new Group[] {ga, gb}) {
      if (g == null) {
        missing.add("a run without a revision has no repeats");
      } else if (!g.hasBand()) {
        missing.add(g.key().describe(g == ga ? kb : ka) + " has " + g.scores().size()
            + " scored run" + (g.scores().size() == 1 ? "" : "s") + ": " + g.missingText());
      }
    }
    if (!missing.isEmpty()) {
      return "whether the change (" + delta + ") is noise is not known: "
          + String.join("; ", missing) + " (<code>isutools4j bench --repeat 3</code>)";
    }
    boolean outside = !ga.contains(b.score()) && !gb.contains(a.score());
    String bands = " (" + ka.describe(kb) + ": " + ga.bandText() + "; " + kb.describe(ka) + ": "
        + gb.bandText() + ")";
    return outside
        ? "the change (" + delta + ") is outside both runs' bands: not noise" + bands
        : "the change (" + delta + ") is within the runs' bands: it may be noise" + bands;
  }
}
