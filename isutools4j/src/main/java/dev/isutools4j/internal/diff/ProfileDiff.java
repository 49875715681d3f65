package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.diff.MethodDiff.Share;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Two runs' CPU profiles (their {@code profile} sections) compared: the hot methods whose share of
 * the samples moved most, and both flame graphs merged into one tree. A method in one run's top
 * rows but not the other's takes its share there from that run's flame tree; it is new or gone
 * only when the tree does not hold it either. Shares are compared, never
 * sample counts, because two runs differ in length and load. When either run has no profile the
 * tables are empty, the flame graph is null and a note says which run lacks one.
 *
 * @param before what the earlier run's profile is
 * @param after what the later run's profile is
 * @param notes plain sentences on what limits the comparison (a run without a profile, a partial
 *     one, profilers or modes that differ)
 * @param topSelf methods on top of the stack, biggest move of share first (at most 50)
 * @param topTotal methods anywhere on the stack, biggest move of share first, frames on every
 *     stack ({@link StackRoots}) after all others (at most 50)
 * @param flame both flame graphs merged; null unless both runs have one
 */
public record ProfileDiff(ProfileSide before, ProfileSide after, List<String> notes,
    List<MethodDiff> topSelf, List<MethodDiff> topTotal, FlameDiff flame) {

  /** Rows kept per method table. */
  static final int MAX_METHODS = 50;

  /** The smallest move of share, in percentage points, that counts among a diff's top moves. */
  static final double MOVE_POINTS = 5;

  private static final int LABEL = 60;
  private static final Comparator<MethodDiff> BY_SHARE_MOVED =
      Comparator.comparingDouble((MethodDiff m) -> -Math.abs(m.shareDeltaPoints()))
          .thenComparing(MethodDiff::method);
  /** A table's order: frames on every stack after the rest, as their moves are nobody's. */
  private static final Comparator<MethodDiff> ROOTS_LAST =
      Comparator.comparing(MethodDiff::onEveryStack).thenComparing(BY_SHARE_MOVED);

  public ProfileDiff {
    notes = List.copyOf(notes);
    topSelf = List.copyOf(topSelf);
    topTotal = List.copyOf(topTotal);
  }

  /** Compares the {@code profile} sections of two runs (absent ones included). */
  public static ProfileDiff of(Snapshot before, Snapshot after) {
    return of(before.section(ProfileSection.class).orElse(null),
        after.section(ProfileSection.class).orElse(null), FlameMerge.MAX_NODES);
  }

  /** Profiles that are not compared, and why. */
  static ProfileDiff notCompared(String why) {
    ProfileSide none = ProfileSide.read(null);
    return new ProfileDiff(none, none, List.of("profiles not compared: " + why), List.of(),
        List.of(), null);
  }

  /** Compares two profile sections, each null when its run has none. */
  static ProfileDiff of(ProfileSection beforeSection, ProfileSection afterSection, int maxNodes) {
    ProfileSide b = ProfileSide.read(beforeSection);
    ProfileSide a = ProfileSide.read(afterSection);
    List<String> notes = notes(b, a);
    if (!b.available() || !a.available()) {
      return new ProfileDiff(b, a, notes, List.of(), List.of(), null);
    }
    List<MethodDiff> self = match(beforeSection, afterSection, true, b.samples(), a.samples());
    List<MethodDiff> total = match(beforeSection, afterSection, false, b.samples(), a.samples());
    ProfileSection.Flame beforeFlame = beforeSection.flame();
    ProfileSection.Flame afterFlame = afterSection.flame();
    FlameDiff flame = FlameMerge.merge(beforeFlame, afterFlame, maxNodes);
    if (flame == null) {
      notes = new ArrayList<>(notes);
      boolean beforeHas = FlameMerge.hasTree(beforeFlame);
      boolean afterHas = FlameMerge.hasTree(afterFlame);
      notes.add(beforeHas ? "the after run's profile has no flame graph to compare"
          : afterHas ? "the before run's profile has no flame graph to compare"
          : "neither profile has a flame graph");
    }
    return new ProfileDiff(b, a, notes, self, total, flame);
  }

  /** Both runs have a profile of the same mode and unit, so their shares mean the same thing. */
  public boolean comparable() {
    return before.available() && after.available() && Objects.equals(before.mode(), after.mode())
        && Objects.equals(before.unit(), after.unit());
  }

  private static List<String> notes(ProfileSide b, ProfileSide a) {
    List<String> out = new ArrayList<>();
    if (!b.available() && !a.available()) {
      out.add("neither run has a profile (before: " + b.reason() + "; after: " + a.reason() + ")");
      return out;
    }
    if (!b.available()) {
      out.add("the before run has no profile (" + b.reason() + "): nothing to compare");
    }
    if (!a.available()) {
      out.add("the after run has no profile (" + a.reason() + "): nothing to compare");
    }
    if (!b.available() || !a.available()) {
      return out;
    }
    if (b.partial()) {
      out.add("the before run's profile is partial: " + b.error());
    }
    if (a.partial()) {
      out.add("the after run's profile is partial: " + a.error());
    }
    if (!Objects.equals(b.engine(), a.engine())) {
      out.add("profilers differ: " + b.engine() + " → " + a.engine()
          + "; they sample differently, so shares compare only roughly");
    }
    if (!Objects.equals(b.mode(), a.mode()) || !Objects.equals(b.unit(), a.unit())) {
      out.add("modes differ: " + b.mode() + " (" + b.unit() + ") → " + a.mode() + " (" + a.unit()
          + "); shares of different modes are not comparable");
    } else if (!Objects.equals(b.event(), a.event())) {
      out.add("sampling events differ: " + b.event() + " → " + a.event()
          + "; shares compare only roughly");
    }
    return out;
  }

  private record Row(long samples, double share, boolean app) {}

  /** Matches the two runs' {@code topSelf} rows ({@code self}) or {@code topTotal} rows. */
  private static List<MethodDiff> match(ProfileSection beforeSection, ProfileSection afterSection,
      boolean self, long beforeSamples, long afterSamples) {
    Map<String, Row> earlier = rows(table(beforeSection, self), beforeSamples);
    Map<String, Row> later = rows(table(afterSection, self), afterSamples);
    // A method outside one run's top rows may still be in its profile: its flame tree says.
    FlameShares earlierTree = FlameShares.of(beforeSection.flame());
    FlameShares laterTree = FlameShares.of(afterSection.flame());
    List<MethodDiff> out = new ArrayList<>(earlier.size() + later.size());
    for (Map.Entry<String, Row> e : later.entrySet()) {
      Row a = e.getValue();
      Row b = earlier.get(e.getKey());
      Share before = b != null ? share(b) : earlierTree.share(e.getKey(), self);
      out.add(method(e.getKey(), a.app() || (b != null && b.app()), before, share(a), self,
          beforeSamples, afterSamples));
    }
    for (Map.Entry<String, Row> e : earlier.entrySet()) {
      if (!later.containsKey(e.getKey())) {
        out.add(method(e.getKey(), e.getValue().app(), share(e.getValue()),
            laterTree.share(e.getKey(), self), self, beforeSamples, afterSamples));
      }
    }
    out.sort(ROOTS_LAST);
    return out.size() <= MAX_METHODS ? out : out.subList(0, MAX_METHODS);
  }

  // A row of self time is work on top of the stack, never a frame that only roots the rest.
  private static MethodDiff method(String name, boolean app, Share before, Share after,
      boolean self, long beforeSamples, long afterSamples) {
    double noise = MethodDiff.noisePoints(before == null ? 0 : before.share(), beforeSamples,
        after == null ? 0 : after.share(), afterSamples);
    boolean root = !self && StackRoots.isRoot(name, before, after);
    return new MethodDiff(name, app, before, after, noise, root);
  }

  private static List<ProfileSection.MethodRow> table(ProfileSection section, boolean self) {
    return self ? section.topSelf() : section.topTotal();
  }

  private static Map<String, Row> rows(List<ProfileSection.MethodRow> table, long samples) {
    Map<String, Row> out = new LinkedHashMap<>();
    for (ProfileSection.MethodRow row : table) {
      if (row.method() == null) {
        continue;
      }
      long count = row.samples();
      // The share is written by the profiler; worked out from the counts only when it is absent.
      double share = row.share() != null ? row.share() : samples > 0 ? (double) count / samples : 0;
      out.putIfAbsent(row.method(), new Row(count, share, row.app()));
    }
    return out;
  }

  private static Share share(Row row) {
    return row == null ? null : new Share(row.samples(), row.share());
  }

  /**
   * The methods whose share moved by at least {@value #MOVE_POINTS} points and beyond the
   * sampling's noise, biggest first, in plain words such as {@code dev.x.Foo.bar: self 42% → 3% of
   * CPU samples}; a method appears once. Moves are of self time (any method) or of total time of
   * the app's own methods: a framework's frame total only carries what runs under it, and a frame
   * on (nearly) every stack, such as a thread's root, moves only as the rest of the profile does
   * ({@link StackRoots}). Empty when the shares are not comparable.
   */
  public List<String> moves(int n) {
    if (!comparable()) {
      return List.of();
    }
    record Move(MethodDiff method, String what) {}
    List<Move> moves = new ArrayList<>();
    for (MethodDiff m : topSelf) {
      moves.add(new Move(m, "self"));
    }
    for (MethodDiff m : topTotal) {
      if (m.app()) {
        moves.add(new Move(m, "total"));
      }
    }
    moves.removeIf(m -> Math.abs(m.method().shareDeltaPoints()) < MOVE_POINTS
        || !m.method().changed() || m.method().onEveryStack());
    moves.sort(Comparator.comparing(Move::method, BY_SHARE_MOVED));
    List<String> out = new ArrayList<>(n);
    Set<String> said = new HashSet<>();
    for (Move move : moves) {
      if (out.size() == n) {
        break;
      }
      if (said.add(move.method().method())) {
        out.add(sentence(move.method(), move.what()));
      }
    }
    return out;
  }

  private String sentence(MethodDiff m, String what) {
    StringBuilder out = new StringBuilder(shorten(m.method())).append(": ");
    if (m.isNew()) {
      out.append("new, ").append(what).append(' ').append(DiffUnits.percent(m.after().share()));
    } else if (m.isGone()) {
      out.append("gone, was ").append(what).append(' ').append(DiffUnits.percent(m.before().share()));
    } else {
      out.append(what).append(' ').append(DiffUnits.percent(m.before().share())).append(" → ")
          .append(DiffUnits.percent(m.after().share()));
    }
    return out.append(" of ").append(unitWords()).toString();
  }

  /** What the shares are of, in words: CPU samples, wall-clock samples, allocated bytes. */
  String unitWords() {
    if ("bytes".equals(after.unit())) {
      return "alloc".equals(after.mode()) ? "allocated bytes" : "bytes";
    }
    if ("cpu".equals(after.mode())) {
      return "CPU samples";
    }
    return "wall".equals(after.mode()) ? "wall-clock samples" : "samples";
  }

  // A method's name says most at its end: keep the class and method, cut the package.
  private static String shorten(String method) {
    if (method.length() <= LABEL) {
      return method;
    }
    String tail = method.substring(method.length() - (LABEL - 2));
    int dot = tail.indexOf('.');
    return "… " + (dot >= 0 && dot < tail.length() - 1 ? tail.substring(dot + 1) : tail);
  }

  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("before", before.toMap());
    out.put("after", after.toMap());
    out.put("comparable", comparable());
    out.put("notes", notes);
    out.put("topSelf", topSelf.stream().map(MethodDiff::toMap).toList());
    out.put("topTotal", topTotal.stream().map(MethodDiff::toMap).toList());
    out.put("flame", flame == null ? null : flame.toMap());
    return out;
  }
}
