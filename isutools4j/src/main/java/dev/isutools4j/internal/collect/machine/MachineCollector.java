package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@code machine} section: the machine, its busiest processes, this JVM and the app's rates,
 * sampled every second (by default) from reset to save, on a daemon thread of its own
 * ({@link ThreadTicker}). Where there is no {@code /proc} (not Linux) the section says so and the
 * run goes on without it. A sampler that fails mid-run stops, counts the failure in {@link Health}
 * and still hands in what it sampled, with the reason.
 *
 * <p>{@link #start} and {@link #stop} run on the admin server's thread (see {@link Collector});
 * {@link #live} on any thread, at any time.
 */
public final class MachineCollector implements Collector {

  public static final String NAME = "machine";

  private final Path root;
  private final int intervalMs;
  private final Integer linkMbps;
  private final Supplier<Recorder> recorder;
  private final Clock clock;
  private final Ticker ticker;
  private final long selfPid;
  private final int maxSamples;
  private final Set<String> watched;
  private boolean open;
  // Volatile: live() reads them without the monitor, which stop() holds while the sampler ends.
  private volatile SamplingRun sampling;
  private volatile MachineSection notSampled;

  /**
   * The collector of this JVM, set up from its settings: the processes of
   * {@code isutools.processes} are always shown beside the usual neighbours.
   */
  public MachineCollector(Settings settings) {
    this(Path.of("/"), settings.machineIntervalMs(), settings.linkMbps(), Recording::recorder,
        Clock.systemUTC(), new ThreadTicker(settings.machineIntervalMs()),
        ProcessHandle.current().pid(), SampleLog.MAX,
        ProcessNames.watched(settings.hosts().processes()));
  }

  MachineCollector(Path root, int intervalMs, Integer linkMbps, Supplier<Recorder> recorder,
      Clock clock, Ticker ticker, long selfPid, int maxSamples) {
    this(root, intervalMs, linkMbps, recorder, clock, ticker, selfPid, maxSamples,
        Processes.WATCHED);
  }

  MachineCollector(Path root, int intervalMs, Integer linkMbps, Supplier<Recorder> recorder,
      Clock clock, Ticker ticker, long selfPid, int maxSamples, Set<String> watched) {
    this.watched = Set.copyOf(watched);
    this.root = root;
    this.intervalMs = Math.max(intervalMs, 1);
    this.linkMbps = linkMbps;
    this.recorder = recorder;
    this.clock = clock;
    this.ticker = ticker;
    this.selfPid = selfPid;
    this.maxSamples = maxSamples;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public synchronized void start(RunContext context) {
    stop(false);
    open = true;
    ProcFiles files = new ProcFiles(root);
    if (!HostProbe.supported(files)) {
      notSampled = MachineSection.unsupported("no " + files.path("/proc/stat")
          + ": the machine is sampled on Linux only (os.name " + System.getProperty("os.name")
          + ")");
      return;
    }
    Sampler sampler;
    try {
      sampler = new Sampler(files, selfPid, recorder, clock, watched);
    } catch (RuntimeException | LinkageError e) {
      Health.failed("machine sampler: start", e);
      notSampled = SamplesToMachine.build(new SampleLog(maxSamples), intervalMs, List.of(),
          List.of(), Limits.UNKNOWN, "could not start: " + e);
      return;
    }
    sampling = new SamplingRun(sampler, maxSamples, intervalMs, linkMbps);
    ticker.start(sampling);
  }

  /** The samples so far; never waits, for the monitor or for the sampler's thread. */
  @Override
  public MachineSection live() {
    SamplingRun run = sampling;
    return run != null ? run.live() : notSampled;
  }

  @Override
  public synchronized MachineSection stop(boolean saving) {
    if (!open) {
      return null;
    }
    open = false;
    MachineSection section = notSampled;
    notSampled = null;
    if (sampling != null) {
      boolean ended = ticker.stop();
      section = saving ? sampling.section(ended) : null;
      sampling = null;
    }
    return saving ? section : null;
  }
}
