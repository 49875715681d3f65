package dev.isutools4j.internal.collect.profile;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import one.profiler.AsyncProfiler;

/**
 * async-profiler, bundled with its native library for Linux x64/arm64 and macOS (extracted to a
 * temp file when first loaded). CPU mode tries each event of {@code events} in turn: {@code ctimer}
 * (a per-thread CPU-time timer, Linux) first, then {@code itimer} (the process's profiling timer,
 * any Unix), then {@code cpu} (perf events). Perf events add kernel frames to the stacks but cost
 * the app several times more per sample, and a fixed share besides (docs/PERFORMANCE.md, "Which
 * event"): they are there for whoever asks for them by name. What it says
 * goes through an {@link AsyncProfilerLog}, never to the app's stdout, and at save into
 * {@value #LOG} in the run's folder when it said anything.
 */
final class AsyncProfilerEngine implements ProfilerEngine {

  static final List<String> CPU_EVENTS = List.of("ctimer", "itimer", "cpu");
  static final String LOG = "async-profiler.log";

  private final List<String> events;
  private final List<String> fallbacks = new ArrayList<>();
  private final AsyncProfilerLog log = new AsyncProfilerLog();
  private AsyncProfiler profiler;
  private ProfileMode mode;
  private Path folder;
  private String event;

  /** @param events the events to try, in order, in cpu mode (null: {@link #CPU_EVENTS}) */
  AsyncProfilerEngine(List<String> events) {
    this.events = events == null || events.isEmpty() ? CPU_EVENTS : List.copyOf(events);
  }

  @Override
  public String name() {
    return "async-profiler";
  }

  @Override
  public String version() {
    return profiler == null ? null : profiler.getVersion();
  }

  @Override
  public String event() {
    return event;
  }

  @Override
  public List<String> fallbacks() {
    return List.copyOf(fallbacks);
  }

  @Override
  public void start(ProfileMode mode, int intervalMs, Path folder) throws Exception {
    this.mode = mode;
    this.folder = folder;
    profiler = load();
    List<String> tries = switch (mode) {
      case CPU -> events;
      case WALL -> List.of("wall");
      case ALLOC -> List.of("alloc");
    };
    String interval = mode == ProfileMode.ALLOC ? "" : ",interval=" + intervalMs + "ms";
    for (String candidate : tries) {
      try {
        log.execute(profiler, "start,event=" + candidate + interval);
        event = candidate;
        return;
      } catch (Exception e) {
        fallbacks.add(candidate + ": " + e.getMessage());
      }
    }
    throw new IllegalStateException("no event could start (" + String.join(", ", tries) + ")");
  }

  @Override
  public Stopped stop(Frames frames, int maxStacks, int maxDepth) throws Exception {
    String dump = "collapsed,ann" + (mode == ProfileMode.ALLOC ? ",total" : "");
    Stacks stacks = new Stacks(maxStacks, maxDepth);
    String said;
    try {
      log.execute(profiler, "stop");
      Files.createDirectories(folder);
      Path raw = Files.createTempFile(folder, ".profile-", ".collapsed");
      try {
        log.execute(profiler, dump + ",file=" + raw);
        try (Reader in = Files.newBufferedReader(raw, StandardCharsets.UTF_8)) {
          read(in, frames, stacks, maxDepth);
        }
      } finally {
        Files.deleteIfExists(raw);
      }
      if (!whole(stacks)) {
        // A dump that met a full disk is cut short, and the profiler says nothing: the profile it
        // still holds is read from memory instead.
        stacks = new Stacks(maxStacks, maxDepth);
        read(new StringReader(log.execute(profiler, dump)), frames, stacks, maxDepth);
      }
    } finally {
      said = log.finish(profiler);
    }
    return new Stopped(stacks, null, keep(said));
  }

  private void read(Reader in, Frames frames, Stacks stacks, int maxDepth) throws IOException {
    CollapsedToStacks.read(in, frames, true, mode == ProfileMode.ALLOC, stacks, maxDepth);
  }

  /** Whether the stacks read hold every sample taken (alloc mode counts bytes: any at all). */
  private boolean whole(Stacks read) {
    long samples = profiler.getSamples();
    return mode == ProfileMode.ALLOC ? samples == 0 || read.total() > 0 : read.total() >= samples;
  }

  /** What the profiler said, in the run's folder; null when it said nothing or cannot be kept. */
  private Path keep(String said) {
    if (said.isEmpty()) {
      return null;
    }
    Path log = folder.resolve(LOG);
    try {
      return Files.writeString(log, said, StandardCharsets.UTF_8);
    } catch (IOException notKept) {
      // The profile matters more than what the profiler said of it; a full disk may have left
      // part of the file, which no run would name.
      try {
        Files.deleteIfExists(log);
      } catch (IOException ignored) {
        // Nothing more can be done on a full disk.
      }
      return null;
    }
  }

  @Override
  public void abort() {
    if (profiler == null) {
      return;
    }
    try {
      if (event != null) {
        log.execute(profiler, "stop");
      }
    } catch (Throwable ignored) {
      // Not running any more: nothing to throw away.
    }
    log.finish(profiler); // what a discarded run's profiler said goes with it
  }

  /** The profiler, or an exception saying why its native library did not load here. */
  static AsyncProfiler load() {
    try {
      NativeLoad.prepare();
      return AsyncProfiler.getInstance();
    } catch (Throwable t) {
      throw new IllegalStateException("async-profiler did not load on " + System.getProperty("os.name")
          + " " + System.getProperty("os.arch") + ": " + t, t);
    }
  }
}
