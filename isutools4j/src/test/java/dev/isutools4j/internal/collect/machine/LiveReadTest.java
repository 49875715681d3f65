package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.stats.Recorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The machine collector's reading so far ({@code live}), while the sampler ticks: lock-free,
 * consistent at every moment, and the same samples the save keeps.
 */
class LiveReadTest {

  private static final int INTERVAL_MS = 100;

  @TempDir
  Path dir;

  private static Sample sample(long t) {
    return new Sample(t).set(MachineMetric.CPU_BUSY, t % 100);
  }

  @Test
  void thePublishedSamplesAreTheKeptOnesAfterEveryAddAlsoWhenTheLogThinsOut() {
    SampleLog log = new SampleLog(4);
    assertThat(log.published().count()).isZero();
    for (long t = 0; t < 40; t++) {
      SampleLog.Published before = log.published();
      List<Long> seenBefore = times(before.kept());
      log.add(sample(t));
      assertThat(times(log.published().kept())).as("after sample %d", t)
          .isEqualTo(times(log.kept()));
      assertThat(log.published().series()).extracting(MachineSection.Sample::t)
          .isEqualTo(times(log.kept()));
      assertThat(log.published().taken()).isEqualTo(t + 1);
      assertThat(log.published().stride()).isEqualTo(log.stride());
      assertThat(times(before.kept())).as("a reading already taken never changes")
          .isEqualTo(seenBefore);
    }
    assertThat(log.stride()).as("the log thinned out on the way").isGreaterThan(1);
  }

  @Test
  void aReadingNeverWaitsForTheLogsLockNorTheCollectorsMonitor() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only: the sampler reads /proc");
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    MachineCollector collector = collector(ticker);
    collector.start(new RunContext("live", dir.resolve("live")));
    assertThat(ticker.tick()).isTrue();
    ExecutorService reader = Executors.newSingleThreadExecutor();
    try {
      // The monitor stop() holds while it waits for the sampler's thread to end.
      synchronized (collector) {
        Future<MachineSection> read = reader.submit(collector::live);
        assertThat(read.get(5, TimeUnit.SECONDS).series()).hasSize(1);
      }
      SampleLog log = new SampleLog(8);
      log.add(sample(1));
      // The lock the sampler's thread holds while it adds a sample.
      synchronized (log) {
        Future<SampleLog.Published> read = reader.submit(log::published);
        assertThat(read.get(5, TimeUnit.SECONDS).count()).isEqualTo(1);
      }
    } finally {
      reader.shutdownNow();
      collector.stop(false);
    }
  }

  @Test
  void aReaderOnAnotherThreadSeesEveryMomentWholeWhileTheSamplerTicks() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only: the sampler reads /proc");
    ManualTicker ticker = new ManualTicker(INTERVAL_MS);
    MachineCollector collector = collector(ticker);
    assertThat(collector.live()).as("no run open").isNull();
    collector.start(new RunContext("live", dir.resolve("live")));
    int ticks = 60;
    AtomicBoolean done = new AtomicBoolean();
    CompletableFuture<List<Integer>> reading = CompletableFuture.supplyAsync(() -> {
      List<Integer> sizes = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (System.nanoTime() < deadline) {
        boolean last = done.get();
        MachineSection live = collector.live();
        List<MachineSection.Sample> series = live.series();
        for (int i = 1; i < series.size(); i++) {
          if (series.get(i).t() <= series.get(i - 1).t()) {
            throw new AssertionError("out of order at " + i + ": " + series);
          }
        }
        if (live.summary().samples() < series.size()) {
          throw new AssertionError("more samples kept than taken: " + live.summary());
        }
        sizes.add(series.size());
        if (last) {
          return sizes;
        }
      }
      throw new AssertionError("the reader did not see the end within its deadline");
    });
    for (int i = 0; i < ticks; i++) {
      assertThat(ticker.tick()).as("tick %d", i).isTrue();
    }
    done.set(true);
    List<Integer> sizes = reading.get(30, TimeUnit.SECONDS);
    assertThat(sizes).as("the series only grows while the log is under its bound")
        .isSorted();
    assertThat(sizes.get(sizes.size() - 1)).as("the last reading has every tick").isEqualTo(ticks);
    MachineSection live = collector.live();
    MachineSection saved = collector.stop(true);
    assertThat(live.series()).as("the reading so far is what the save keeps")
        .extracting(MachineSection.Sample::t)
        .isEqualTo(saved.series().stream().map(MachineSection.Sample::t).toList());
    assertThat(live.limits()).as("the limits as of the last tick").isEqualTo(saved.limits());
    assertThat(collector.live()).as("after the save").isNull();
  }

  private static MachineCollector collector(ManualTicker ticker) {
    return new MachineCollector(Path.of("/"), INTERVAL_MS, null,
        () -> new Recorder(Keys.withCapacity(4)), ticker.clock(), ticker,
        ProcessHandle.current().pid(), SampleLog.MAX);
  }

  private static List<Long> times(List<Sample> samples) {
    return samples.stream().map(s -> s.t).toList();
  }
}
