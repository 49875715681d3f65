package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import java.util.List;

/**
 * One run's sampling, as its {@link Ticker} drives it: its samples, and why it stopped early (if
 * it did). A sampler that fails stops for good, counts the failure in {@link Health} and keeps what
 * it sampled.
 */
final class SamplingRun implements Ticked {

  private final Sampler sampler;
  private final SampleLog log;
  private final int intervalMs;
  private final Integer linkMbps;
  private volatile String error;
  private volatile Limits limitsSoFar = Limits.UNKNOWN;

  SamplingRun(Sampler sampler, int maxSamples, int intervalMs, Integer linkMbps) {
    this.sampler = sampler;
    this.log = new SampleLog(maxSamples);
    this.intervalMs = intervalMs;
    this.linkMbps = linkMbps;
  }

  /** The log itself, for tests of its reading while it is written. */
  SampleLog log() {
    return log;
  }

  @Override
  public boolean begin(long nanos) {
    try {
      sampler.start(nanos);
      limitsSoFar = sampler.limits(linkMbps);
      return true;
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public boolean tick(long nanos) {
    if (error != null) {
      return false;
    }
    try {
      log.add(sampler.sample(nanos));
      limitsSoFar = sampler.limits(linkMbps); // on the sampler's thread, which owns the sampler
      return true;
    } catch (Throwable t) {
      return failed(t);
    }
  }

  @Override
  public void end() {
    try {
      sampler.stop();
    } catch (Throwable ignored) {
      // The listeners of a JVM that is going away: nothing left to undo.
    }
  }

  private boolean failed(Throwable t) {
    error = "sampling stopped: " + t;
    Health.failed("machine sampler", t);
    return false;
  }

  /**
   * The section so far, for the page of the open run: any thread, at any time, without waiting for
   * the sampler's thread (see {@link SampleLog#published}).
   */
  MachineSection live() {
    return SamplesToMachine.live(log.published(), intervalMs, linkMbps, limitsSoFar, error);
  }

  /**
   * The run's section. {@code ended} is false when the sampling did not end in time: then only the
   * samples so far are read, neither the processes' totals nor the limits.
   */
  MachineSection section(boolean ended) {
    String why = error;
    if (why == null && !ended) {
      why = "the sampler did not stop in time; the samples so far are shown";
    }
    List<Processes.Total> totals = ended ? sampler.processes().totals() : List.of();
    List<Flag> flags = Flags.of(new Flags.Run(log.kept(), totals, linkMbps));
    Limits limits = ended ? sampler.limits(linkMbps) : Limits.UNKNOWN;
    return SamplesToMachine.build(log, intervalMs, totals, flags, limits, why);
  }
}
