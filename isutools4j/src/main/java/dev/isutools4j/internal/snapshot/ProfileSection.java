package dev.isutools4j.internal.snapshot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The run's CPU (or wall-clock, or allocation) profile: the {@code profile} section of
 * docs/SNAPSHOT.md. When no profiler could start, or one could not stop, {@code engine} is null,
 * {@code error} says why and only {@code mode} and {@code fallbacks} are kept beside it.
 *
 * @param engine async-profiler or jfr; null when there is no profile
 * @param engineVersion async-profiler's version, or the JDK's for jfr
 * @param mode cpu, wall or alloc
 * @param event what sampled (cpu, itimer, jdk.ExecutionSample, several joined by +)
 * @param fallbacks engines or events tried first, each with why it was not used
 * @param intervalMs the sampling interval; null in alloc mode
 * @param unit samples, or bytes in alloc mode: every count of the section is then bytes
 * @param samples all samples of the run, those of dropped stacks included
 * @param stacks distinct stacks
 * @param droppedStacks stacks beyond the cap, counted in {@code samples} but not in the tables
 * @param app what was taken as the app's own code; null when there is no profile or the run was
 *     saved before the section said
 * @param topSelf methods by samples on top of the stack, most first
 * @param topTotal methods by samples anywhere on the stack, most first
 * @param topApp each sample given to its deepest app frame, most first
 * @param threads CPU time per thread group, most first
 * @param flame the flame graph; null when the section has none
 * @param files the run's files by kind (collapsed, jfr), as paths beside the run's JSON
 * @param error why there is no profile, or why it is partial; null when none
 */
public record ProfileSection(
    String engine,
    String engineVersion,
    String mode,
    String event,
    List<String> fallbacks,
    Integer intervalMs,
    double durationMs,
    String unit,
    long samples,
    long stacks,
    long droppedStacks,
    App app,
    List<MethodRow> topSelf,
    List<MethodRow> topTotal,
    List<MethodRow> topApp,
    List<ThreadRow> threads,
    Flame flame,
    Map<String, String> files,
    String error) implements Section {

  public ProfileSection {
    fallbacks = List.copyOf(fallbacks);
    topSelf = List.copyOf(topSelf);
    topTotal = List.copyOf(topTotal);
    topApp = List.copyOf(topApp);
    threads = List.copyOf(threads);
    files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
  }

  /** The same profile with other files and error: a file written after the section was made. */
  public ProfileSection withFiles(Map<String, String> files, String error) {
    return new ProfileSection(engine, engineVersion, mode, event, fallbacks, intervalMs, durationMs,
        unit, samples, stacks, droppedStacks, app, topSelf, topTotal, topApp, threads, flame, files,
        error);
  }

  /** Whether a profiler ran; when none did, {@code error} says why and the rest is empty. */
  public boolean profiled() {
    return engine != null;
  }

  /** No profile: the mode it would have sampled, why there is none, and what was tried. */
  public static ProfileSection failed(String mode, String error, List<String> fallbacks) {
    return new ProfileSection(null, null, mode, null, fallbacks, null, 0, null, 0, 0, 0, null,
        List.of(), List.of(), List.of(), List.of(), null, Map.of(), error);
  }

  /**
   * What the profile took as the app's own code: the app frames of the tables and the graph.
   *
   * @param packages package prefixes taken as the app's, {@code isutools.profile.app}'s first,
   *     then the main class's package
   * @param mainClass the class that started the JVM; null when none could be told
   * @param mainClassFrom where it was read: {@code sun.java.command}, {@code Main-Class of x.jar},
   *     {@code Start-Class of x.jar} (a Spring Boot jar), {@code loader.main}, {@code the main thread}
   */
  public record App(List<String> packages, String mainClass, String mainClassFrom) {

    public App {
      packages = List.copyOf(packages);
    }
  }

  /**
   * One method (or, for {@code topSelf} in alloc mode, allocated type) and its samples.
   *
   * @param share of the run's samples (0..1); null when the row has none
   * @param app whether the frame is the app's own code
   */
  public record MethodRow(String method, long samples, Double share, boolean app) {}

  /**
   * One thread group's CPU time over the run.
   *
   * @param name the threads' name with a trailing number collapsed: {@code http-nio-8080-exec-{n}}
   * @param threads how many threads the group had
   * @param share of the CPU time of every thread (0..1)
   */
  public record ThreadRow(String name, long threads, double cpuMs, double share) {}

  /**
   * The flame graph: a tree of frames in preorder, root first, as parallel arrays per node. The
   * arrays are copied in and out, so the tree cannot change; read a node through
   * {@link #frameOf}, {@link #parentOf} and {@link #valueOf}. A tree read from a damaged file may
   * have arrays of different lengths or indexes out of range: its readers check.
   *
   * @param frames frame names, each once; an entry is null where a file had none
   * @param kinds one letter per frame: r root, a app, f framework or JDK, n native, k kernel
   * @param frame per node: its frame's index in {@code frames}
   * @param parent per node: its parent's node index (-1 for the root)
   * @param value per node: the samples of its subtree
   * @param droppedNodes nodes under the width limit left out (their samples stay in the parent)
   */
  public record Flame(List<String> frames, String kinds, int[] frame, int[] parent, long[] value,
      int droppedNodes) {

    public Flame {
      frames = Collections.unmodifiableList(new ArrayList<>(frames));
      kinds = kinds == null ? "" : kinds;
      frame = frame.clone();
      parent = parent.clone();
      value = value.clone();
    }

    /** A copy: the tree's own array is never handed out. */
    @Override
    public int[] frame() {
      return frame.clone();
    }

    /** A copy: the tree's own array is never handed out. */
    @Override
    public int[] parent() {
      return parent.clone();
    }

    /** A copy: the tree's own array is never handed out. */
    @Override
    public long[] value() {
      return value.clone();
    }

    /** The length of the {@code frame} array: the nodes, when the tree is whole. */
    public int nodes() {
      return frame.length;
    }

    public int frameOf(int node) {
      return frame[node];
    }

    public int parentOf(int node) {
      return parent[node];
    }

    public long valueOf(int node) {
      return value[node];
    }

    /** The samples of the root: node 0's value, or 0 when the tree has no node. */
    public long rootValue() {
      return value.length == 0 ? 0 : value[0];
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Flame f && f.frames.equals(frames) && f.kinds.equals(kinds)
          && Arrays.equals(f.frame, frame) && Arrays.equals(f.parent, parent)
          && Arrays.equals(f.value, value) && f.droppedNodes == droppedNodes;
    }

    @Override
    public int hashCode() {
      return Objects.hash(frames, kinds, Arrays.hashCode(frame), Arrays.hashCode(parent),
          Arrays.hashCode(value), droppedNodes);
    }

    @Override
    public String toString() {
      return "Flame[" + frame.length + " nodes, " + frames.size() + " frames, droppedNodes="
          + droppedNodes + "]";
    }
  }
}
