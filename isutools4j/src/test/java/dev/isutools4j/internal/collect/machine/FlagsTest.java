package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** Each rule fires on a run that shows it and stays quiet on one that does not. */
class FlagsTest {

  private static final List<Processes.Total> MYSQL =
      List.of(new Processes.Total(777, "mysqld", 150, 190, 1 << 30, false));

  private static List<Sample> run(int seconds, IntFunction<Sample> at) {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < seconds; i++) {
      samples.add(at.apply(i));
    }
    return samples;
  }

  private static Sample cpu(int i, double busy, double requests) {
    return new Sample(1_000_000L + 1000L * i).set(MachineMetric.CPU_BUSY, busy)
        .set(MachineMetric.CPU_IDLE, 100 - busy).set(MachineMetric.REQUESTS, requests);
  }

  private static Flags.Run of(List<Sample> samples) {
    return new Flags.Run(samples, MYSQL, null);
  }

  @Test
  void cpuSaturatedForMostOfTheRunNamesTheBusiestProcess() {
    String message = Flags.cpuSaturated(of(run(10, i -> cpu(i, i < 6 ? 95 : 50, 100))));
    assertThat(message).startsWith("CPU saturated: busy above 90 % in 6 of 10 samples")
        .contains("mysqld (pid 777), 150 % of one core");
    assertThat(Flags.cpuSaturated(of(run(10, i -> cpu(i, i < 5 ? 95 : 50, 100))))).isNull();
  }

  @Test
  void idleUnderLoadIsTheElevenPercentLesson() {
    String message = Flags.idleUnderLoad(of(run(10, i -> cpu(i, 11.6, 850))));
    assertThat(message).startsWith("machine mostly idle under load: 11.6 % busy / 88.4 % idle")
        .contains("850 requests/s");
    assertThat(Flags.idleUnderLoad(of(run(10, i -> cpu(i, 11.6, 0))))).as("no load").isNull();
    assertThat(Flags.idleUnderLoad(of(run(10, i -> cpu(i, 60, 850))))).isNull();
  }

  @Test
  void anySampleWithThreadsWaitingForThePool() {
    List<Sample> samples = run(5, i -> cpu(i, 50, 100)
        .set(MachineMetric.POOL_WAITING, i == 3 ? 7 : 0)
        .set(MachineMetric.POOL_TOTAL, 10));
    assertThat(Flags.poolWaiting(of(samples)))
        .isEqualTo("threads waited for a pool connection in 1 samples (up to 7 waiting, with 10"
            + " connections in the pool)");
    assertThat(Flags.poolWaiting(of(run(5, i -> cpu(i, 50, 100))))).isNull();
  }

  @Test
  void aSecondWithMoreThanFivePercent5xx() {
    List<Sample> samples =
        run(5, i -> cpu(i, 50, 100).set(MachineMetric.ERRORS_5XX, i == 2 ? 40 : 1));
    assertThat(Flags.errorBurst(of(samples))).isEqualTo("5xx burst: 1 samples with more than 5 % of"
        + " requests answered 5xx (worst at +2 s: 40 5xx/s of 100 requests/s)");
    assertThat(Flags.errorBurst(of(run(5, i -> cpu(i, 50, 100).set(MachineMetric.ERRORS_5XX, 5)))))
        .as("exactly 5 %").isNull();
  }

  @Test
  void swapInUse() {
    assertThat(Flags.swapInUse(of(run(3,
        i -> cpu(i, 5, 0).set(MachineMetric.SWAP_USED, i * 1048576.0)))))
        .isEqualTo("swap in use: up to 2.0 MiB swapped out");
    assertThat(Flags.swapInUse(of(run(3, i -> cpu(i, 5, 0).set(MachineMetric.SWAP_USED, 0)))))
        .isNull();
  }

  @Test
  void iowaitAboveTwentyPercent() {
    assertThat(Flags.iowaitHigh(of(run(4,
        i -> cpu(i, 50, 0).set(MachineMetric.CPU_IOWAIT, i == 1 ? 35 : 2)))))
        .isEqualTo("iowait high: above 20 % in 1 samples (peak 35 %): the CPUs wait for the disk");
    assertThat(Flags.iowaitHigh(of(run(4, i -> cpu(i, 50, 0).set(MachineMetric.CPU_IOWAIT, 20)))))
        .isNull();
  }

  @Test
  void networkNearTheConfiguredLinkSpeedOnly() {
    List<Sample> samples = run(3, i -> {
      Sample s = cpu(i, 50, 100);
      s.net.put("lo", new double[] {1e9, 1e9});
      s.net.put("eth0", new double[] {1e6, i == 1 ? 110e6 : 1e6}); // 880 Mbit/s out
      return s;
    });
    assertThat(Flags.networkNearLink(of(samples))).as("no link speed set").isNull();
    assertThat(Flags.networkNearLink(new Flags.Run(samples, MYSQL, 1000)))
        .isEqualTo("network near the link speed: eth0 reached 880 Mbit/s of 1000 Mbit/s");
    assertThat(Flags.networkNearLink(new Flags.Run(samples, MYSQL, 10_000))).isNull();
  }

  @Test
  void theTableRunsEveryRuleAndKeepsTheirIds() {
    List<Flag> flags =
        Flags.of(of(run(4, i -> cpu(i, 95, 100).set(MachineMetric.SWAP_USED, 4096))));
    assertThat(flags).extracting(Flag::id).containsExactly("cpu-saturated", "swap-in-use");
    assertThat(Flags.of(of(List.of()))).isEmpty();
  }
}
