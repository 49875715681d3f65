package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The {@code machine} section: the machine, its busiest processes, this JVM and the app's rates,
 * sampled every second (by default) on a daemon thread of its own, {@code isutools-machine}, from
 * reset to save. Where there is no {@code /proc} (not Linux) the section says so and the run goes
 * on without it. A sampler that fails mid-run stops, counts the failure in {@link Health} and
 * still hands in what it sampled, with the reason.
 *
 * <p>{@link #start} and {@link #stop} run on the admin server's thread (see {@link Collector}).
 */
public final class MachineCollector implements Collector {

  public static final String NAME = "machine";
  static final String THREAD_NAME = "isutools-machine";

  private final Path root;
  private final int intervalMs;
  private final Integer linkMbps;
  private final Supplier<Recorder> recorder;
  private final Clock clock;
  private final long selfPid;
  private final int maxSamples;
  private Run run;

  /** The collector of this JVM, set up from its settings. */
  public MachineCollector(Settings settings) {
    this(Path.of("/"), settings.machineIntervalMs(), settings.linkMbps(), Recording::recorder,
        Clock.systemUTC(), ProcessHandle.current().pid(), SampleLog.MAX);
  }

  MachineCollector(Path root, int intervalMs, Integer linkMbps, Supplier<Recorder> recorder,
      Clock clock, long selfPid, int maxSamples) {
    this.root = root;
    this.intervalMs = Math.max(intervalMs, 1);
    this.linkMbps = linkMbps;
    this.recorder = recorder;
    this.clock = clock;
    this.selfPid = selfPid;
    this.maxSamples = maxSamples;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public synchronized void start(RunContext context) {
    if (run != null) {
      run.finish();
      run = null;
    }
    ProcFiles files = new ProcFiles(root);
    if (!HostProbe.supported(files)) {
      run = new Run(null, "no " + files.path("/proc/stat") + ": the machine is sampled on Linux only"
          + " (os.name " + System.getProperty("os.name") + ")");
      return;
    }
    Sampler sampler;
    try {
      sampler = new Sampler(files, selfPid, recorder, clock);
    } catch (RuntimeException | LinkageError e) {
      Health.failed("machine sampler: start", e);
      run = new Run(null, null);
      run.error = "could not start: " + e;
      return;
    }
    run = new Run(sampler, null);
    run.thread.start();
  }

  @Override
  public synchronized MachineSection stop(boolean saving) {
    Run finished = run;
    run = null;
    if (finished == null) {
      return null;
    }
    finished.finish();
    return saving ? finished.section() : null;
  }

  /** One run's sampling: its thread, its samples, and why it stopped early (if it did). */
  private final class Run implements Runnable {

    final Sampler sampler;
    final String unsupported;
    final SampleLog log = new SampleLog(maxSamples);
    final Thread thread;
    private volatile boolean stopping;
    private volatile String error;

    Run(Sampler sampler, String unsupported) {
      this.sampler = sampler;
      this.unsupported = unsupported;
      this.thread = new Thread(this, THREAD_NAME);
      thread.setDaemon(true);
    }

    @Override
    public void run() {
      try {
        sampler.start();
        long interval = TimeUnit.MILLISECONDS.toNanos(intervalMs);
        long next = System.nanoTime() + interval;
        while (!stopping) {
          long wait = next - System.nanoTime();
          if (wait > 0) {
            LockSupport.parkNanos(this, wait);
            continue; // woken early, by stop or spuriously: look again
          }
          log.add(sampler.sample());
          // A tick missed (a stalled machine) is skipped, never caught up in a burst.
          next = Math.max(next + interval, System.nanoTime());
        }
      } catch (Throwable t) {
        error = "sampling stopped: " + t;
        Health.failed("machine sampler", t);
      } finally {
        try {
          sampler.stop();
        } catch (Throwable ignored) {
          // The listeners of a JVM that is going away: nothing left to undo.
        }
      }
    }

    void finish() {
      stopping = true;
      if (sampler != null) {
        LockSupport.unpark(thread);
        try {
          thread.join(Math.max(2_000, 2L * intervalMs));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    MachineSection section() {
      if (unsupported != null) {
        return MachineSection.unsupported(unsupported);
      }
      if (sampler == null) {
        return SamplesToMachine.build(log, intervalMs, List.of(), List.of(), Limits.UNKNOWN, error);
      }
      String why = error;
      if (why == null && thread.isAlive()) {
        why = "the sampler did not stop in time; the samples so far are shown";
      }
      List<Processes.Total> totals = thread.isAlive() ? List.of() : sampler.processes().totals();
      List<Sample> samples = log.kept();
      List<Flag> flags = Flags.of(new Flags.Run(samples, totals, linkMbps));
      Limits limits = thread.isAlive() ? Limits.UNKNOWN : sampler.limits(linkMbps);
      return SamplesToMachine.build(log, intervalMs, totals, flags, limits, why);
    }
  }
}
