package dev.isutools4j.internal.collect.profile;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Section;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code profile} section: a CPU profile (or wall-clock, or allocation) of exactly the run,
 * from reset to save. async-profiler where its native library loads, JDK Flight Recorder
 * otherwise ({@code isutools.profile.engine} forces one). The run's folder keeps the collapsed
 * stacks ({@code profile.collapsed}), with JFR the recording ({@code profile.jfr}), and with
 * async-profiler what it said during the run, when it said anything ({@code async-profiler.log}).
 *
 * <p>Nothing here runs on the app's threads: the profilers sample from their own. A profiler that
 * cannot start costs only this section, which then says why. {@link #start} and {@link #stop} run
 * on the admin server's thread (see {@link Collector}).
 */
public final class ProfileCollector implements Collector {

  public static final String NAME = "profile";
  static final String COLLAPSED = "profile.collapsed";
  static final int MAX_STACKS = 100_000;
  static final int MAX_DEPTH = 1024;
  static final int MAX_NODES = 20_000;
  static final long MAX_COLLAPSED_BYTES = 32L << 20;

  private final ProfileMode mode;
  private final String engineSetting;
  private final List<String> events;
  private final int intervalMs;
  private final List<String> appPackages;
  private Frames frames; // at the first save: by then the app's main class has run
  private Run run;
  private ProfileSection saved; // handed in again if a failed save is retried
  private Unwritten unwritten; // the stacks of a collapsed file the save could not write

  private record Run(RunContext context, ProfilerEngine engine, ThreadCpu threads, long startedNanos,
      List<String> fallbacks, String error) {}

  private record Unwritten(Stacks stacks, RunContext context, ProfileSection section) {}

  /**
   * The collector set up from this JVM's settings; with {@code isutools.profile=off}, one that
   * does nothing and contributes no section (a {@code ProfileOffCollector}).
   */
  public static Collector of(Settings settings) {
    Settings.Profile p = settings.profile();
    ProfileMode mode = ProfileMode.of(p.mode());
    return mode == null ? new ProfileOffCollector() : new ProfileCollector(mode, p.engine(),
        split(p.events()), p.intervalMs() == null ? mode.defaultIntervalMs : p.intervalMs(),
        split(p.appPackages()));
  }

  ProfileCollector(ProfileMode mode, String engine, List<String> events, int intervalMs,
      List<String> appPackages) {
    this.mode = mode;
    this.engineSetting = engine == null ? "auto" : engine.trim().toLowerCase(Locale.ROOT);
    this.events = events;
    this.intervalMs = Math.max(1, intervalMs);
    this.appPackages = List.copyOf(appPackages);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public synchronized void start(RunContext context) {
    if (run != null && run.engine() != null) {
      run.engine().abort();
    }
    run = null;
    saved = null;
    unwritten = null;
    ThreadCpu threads = new ThreadCpu();
    threads.start();
    List<String> fallbacks = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    ProfilerEngine started = null;
    for (ProfilerEngine engine : engines()) {
      try {
        engine.start(mode, intervalMs, context.folder());
        started = engine;
        break;
      } catch (Throwable t) {
        engine.abort();
        fallbacks.addAll(engine.fallbacks());
        failures.add(engine.name() + ": " + message(t));
      }
    }
    String error = started == null ? String.join("; ", failures) : null;
    if (started != null) {
      fallbacks.addAll(failures); // the engines tried before the one that runs
    }
    run = new Run(context, started, threads, System.nanoTime(), fallbacks, error);
    if (started == null) {
      Health.failed("profile: start", new IllegalStateException(error));
    }
  }

  @Override
  public synchronized ProfileSection stop(boolean saving) {
    Run finished = run;
    run = null;
    if (finished == null) {
      return saving ? saved : null;
    }
    if (finished.engine() == null) {
      saved = ProfileSection.failed(mode.label(), finished.error(), finished.fallbacks());
      return saving ? saved : null;
    }
    if (!saving) {
      finished.engine().abort();
      return null;
    }
    double durationMs = (System.nanoTime() - finished.startedNanos()) / 1e6;
    List<ProfileSection.ThreadRow> threads = finished.threads().stop(StacksToProfile.THREADS);
    try {
      if (frames == null) {
        frames = new Frames(AppPackages.of(appPackages, MainClass.ofThisJvm()));
      }
      ProfilerEngine.Stopped stopped = finished.engine().stop(frames, MAX_STACKS, MAX_DEPTH);
      Map<String, String> files = new LinkedHashMap<>();
      String error;
      try {
        error = writeCollapsed(stopped.stacks(), finished.context(), files);
      } catch (Exception e) {
        Health.failed("profile: " + COLLAPSED, e);
        error = "could not write " + COLLAPSED + ": " + message(e);
      }
      if (stopped.recording() != null && Files.isRegularFile(stopped.recording())) {
        files.put("jfr", finished.context().id() + "/" + stopped.recording().getFileName());
      }
      if (stopped.log() != null && Files.isRegularFile(stopped.log())) {
        files.put("log", finished.context().id() + "/" + stopped.log().getFileName());
      }
      List<String> fallbacks = new ArrayList<>(finished.fallbacks());
      fallbacks.addAll(finished.engine().fallbacks());
      saved = StacksToProfile.of(finished.engine(), fallbacks, mode, intervalMs, durationMs,
          stopped.stacks(), threads, MAX_NODES, files, frames.app(), error);
      if (!files.containsKey("collapsed")) {
        unwritten = new Unwritten(stopped.stacks(), finished.context(), saved);
      }
    } catch (Throwable t) {
      Health.failed("profile: stop", t);
      saved = ProfileSection.failed(mode.label(),
          finished.engine().name() + " could not stop: " + message(t), finished.fallbacks());
    }
    return saved;
  }

  /** A retried save writes the collapsed file the first one could not (the disk was full). */
  @Override
  public synchronized Section retry(Section stopped) {
    Unwritten pending = unwritten;
    if (pending == null || stopped != pending.section()) {
      return stopped;
    }
    Map<String, String> files = new LinkedHashMap<>();
    String error;
    try {
      error = writeCollapsed(pending.stacks(), pending.context(), files);
    } catch (Exception e) {
      Health.failed("profile: " + COLLAPSED, e);
      return stopped;
    }
    files.putAll(pending.section().files());
    unwritten = null;
    saved = pending.section().withFiles(files, error);
    return saved;
  }

  /**
   * Writes {@code profile.collapsed} into the run's folder and names it in {@code files}; returns
   * what the file leaves out, or null. A file cut short by a failure is removed.
   */
  private static String writeCollapsed(Stacks stacks, RunContext context, Map<String, String> files)
      throws Exception {
    Path folder = context.folder();
    Files.createDirectories(folder);
    Path file = folder.resolve(COLLAPSED);
    long left;
    try {
      left = StacksToCollapsed.write(stacks, file, MAX_COLLAPSED_BYTES);
    } catch (Exception e) {
      if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        Files.deleteIfExists(file);
      }
      throw e;
    }
    files.put("collapsed", context.id() + "/" + COLLAPSED);
    return left == 0 ? null : left + " stacks left out of " + COLLAPSED + " (over "
        + (MAX_COLLAPSED_BYTES >> 20) + " MB)";
  }

  private List<ProfilerEngine> engines() {
    ProfilerEngine async = new AsyncProfilerEngine(events);
    ProfilerEngine jfr = new JfrEngine(true);
    return switch (engineSetting) {
      case "async-profiler", "async" -> List.of(async);
      case "jfr" -> List.of(jfr);
      default -> List.of(async, jfr);
    };
  }

  private static String message(Throwable t) {
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  private static List<String> split(String list) {
    if (list == null || list.isBlank()) {
      return List.of();
    }
    return Arrays.stream(list.split("[,;\\s]+")).filter(s -> !s.isEmpty()).toList();
  }
}
