package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JvmHttpOsRulesTest {

  private static final long GIB = 1L << 30;

  private static Finding only(Rule rule, AdvisorInput in) {
    List<Finding> findings = rule.check(in);
    assertThat(findings).hasSize(1);
    return findings.get(0);
  }

  private static AdvisorInput jvm(long heap, int processors, Limits limits) {
    return Inputs.run().machine(Inputs.machine(limits, List.of()))
        .env(Environment.empty().withJvm(heap, processors, List.of("G1 Young Generation"))).input();
  }

  private static Limits limits(Double quota, Long memoryLimit) {
    return Inputs.limits(4, 8 * GIB, quota, memoryLimit, null);
  }

  @Test
  void heapAgainstTheContainersMemory() {
    assertThat(only(new JvmRules.Heap(), jvm(3 * GIB, 4, limits(null, 2 * GIB))).status())
        .isEqualTo(Status.WARN);
    assertThat(only(new JvmRules.Heap(), jvm(2 * GIB, 4, limits(null, null))).status())
        .isEqualTo(Status.OK);
  }

  /** A small heap of an 8 GiB machine, and the app's GC time in ms per second in each sample. */
  private static AdvisorInput smallHeap(double... gcMsPerSec) {
    List<Map<MachineMetric, ? extends Number>> series = new ArrayList<>();
    for (double ms : gcMsPerSec) {
      series.add(Map.of(MachineMetric.GC_TIME, ms));
    }
    return Inputs.run().machine(Inputs.machine(limits(null, null), series))
        .env(Environment.empty().withJvm(64L << 20, 4, List.of("G1 Young Generation"))).input();
  }

  /** A small heap is a warning only when the run spent its time in GC. */
  @Test
  void aSmallHeapWarnsOnlyWhenGcTookTheRunsTime() {
    Finding busy = only(new JvmRules.Heap(), smallHeap(40, 80, 100)); // 73 ms per second
    assertThat(busy.status()).isEqualTo(Status.WARN);
    assertThat(busy.evidence()).containsEntry("gcTime", "7.3 %");
    assertThat(busy.fix()).startsWith("set -Xmx (e.g. -Xmx2g)").contains("7.3 % of the run");

    Finding calm = only(new JvmRules.Heap(), smallHeap(2, 5, 8));
    assertThat(calm.status()).isEqualTo(Status.INFO);
    assertThat(calm.evidence()).containsEntry("gcTime", "0.5 %")
        .containsEntry("maxHeap", "64.0 MiB");
    assertThat(calm.fix()).contains("GC stopped the app for only 0.5 % of the run")
        .endsWith("if GC grows with the load: set -Xmx (e.g. -Xmx2g)");

    Finding unmeasured = only(new JvmRules.Heap(), smallHeap());
    assertThat(unmeasured.status()).isEqualTo(Status.INFO);
    assertThat(unmeasured.evidence()).doesNotContainKey("gcTime");
    assertThat(unmeasured.fix()).contains("GC time was not measured");
  }

  @ParameterizedTest
  @CsvSource({"4,,OK", "4,1.5,WARN", "2,1.5,OK", "2,,WARN"})
  void processorsAgainstTheQuota(int processors, Double quota, Status expected) {
    Finding f = only(new JvmRules.Processors(), jvm(2 * GIB, processors, limits(quota, null)));
    assertThat(f.status()).isEqualTo(expected);
    if (expected == Status.WARN) {
      assertThat(f.fix()).contains("-XX:ActiveProcessorCount=" + (quota == null ? 4 : 2));
    }
  }

  @Test
  void theGcIsInformation() {
    assertThat(only(new JvmRules.Gc(), jvm(GIB, 4, limits(null, null))).status()).isEqualTo(Status.INFO);
    assertThat(only(new JvmRules.Gc(), Inputs.run().input()).status()).isEqualTo(Status.SKIP);
  }

  @ParameterizedTest
  @CsvSource({"/image/{id}.jpg,true", "/css/style.css,true", "/favicon.ico,true", "/js/app.js,true",
      "/posts/{id},false", "/api/image,false", "/,false"})
  void staticLookingRoutes(String route, boolean expected) {
    assertThat(HttpRules.isStatic(route)).isEqualTo(expected);
  }

  @Test
  void staticFilesServedByTheAppWarnAndTheir3xxShareIsReported() {
    AdvisorInput in = Inputs.run().http("GET", "/image/{id}.jpg", 1000, 0).http("GET", "/", 10, 0)
        .input();
    assertThat(only(new HttpRules.StaticByApp(), in).status()).isEqualTo(Status.WARN);
    // No 3xx is no evidence: the run cannot tell whether its clients revalidate.
    Finding none = only(new HttpRules.StaticNotModified(), in);
    assertThat(none.status()).isEqualTo(Status.INFO);
    assertThat(none.evidence()).containsEntry("status3xx", 0L).containsEntry("requests", 1000L);
    assertThat(none.fix())
        .startsWith("no 3xx among them, which matters only if the clients revalidate");
    AdvisorInput revalidated = Inputs.run().http("GET", "/css/app.css", 100, 40).input();
    Finding share = only(new HttpRules.StaticNotModified(), revalidated);
    assertThat(share.status()).isEqualTo(Status.INFO);
    assertThat(share.evidence()).containsEntry("share3xx", "40.0 %");
    AdvisorInput dynamic = Inputs.run().http("GET", "/posts/{id}", 10, 0).input();
    assertThat(only(new HttpRules.StaticByApp(), dynamic).status()).isEqualTo(Status.OK);
    assertThat(only(new HttpRules.StaticNotModified(), dynamic).status()).isEqualTo(Status.SKIP);
  }

  private static AdvisorInput os(Map<String, String> sysctl, long openFilesMax, long timeWait,
      long openFiles) {
    return os(sysctl, openFilesMax, timeWait, openFiles, 40);
  }

  private static AdvisorInput os(Map<String, String> sysctl, long openFilesMax, long timeWait,
      long openFiles, long established) {
    return Inputs.run().env(Environment.empty().withSysctl(sysctl))
        .machine(Inputs.machine(Inputs.limits(0, null, null, null, openFilesMax),
            List.of(Map.of(MachineMetric.TCP_TIME_WAIT, timeWait, MachineMetric.OPEN_FILES, openFiles / 2,
                    MachineMetric.TCP_ESTABLISHED, established / 2),
                Map.of(MachineMetric.TCP_TIME_WAIT, timeWait, MachineMetric.OPEN_FILES, openFiles,
                    MachineMetric.TCP_ESTABLISHED, established))))
        .input();
  }

  /** A backlog warns only when the run held as many connections at once as it queues. */
  @ParameterizedTest
  @CsvSource({"128, 40, INFO", "128, 128, WARN", "128, 900, WARN", "4096, 40, OK",
      "4096, 5000, WARN"})
  void somaxconnAgainstThePeakOfConnections(long somaxconn, long peak, Status expected) {
    Finding f = only(new OsRules.Somaxconn(),
        os(Map.of("net.core.somaxconn", String.valueOf(somaxconn)), 1024, 0, 10, peak));
    assertThat(f.status()).isEqualTo(expected);
    assertThat(f.evidence()).containsEntry("net.core.somaxconn", somaxconn)
        .containsEntry("peakEstablished", peak);
    if (expected == Status.INFO) {
      assertThat(f.fix())
          .startsWith("below 4096, but the run's peak of 40 connections stayed under it")
          .endsWith("sysctl -w net.core.somaxconn=65535 (and raise the listen backlog to match)");
    }
    Finding unmeasured = only(new OsRules.Somaxconn(), Inputs.run()
        .env(Environment.empty().withSysctl(Map.of("net.core.somaxconn", "128"))).input());
    assertThat(unmeasured.status()).isEqualTo(Status.INFO);
    assertThat(unmeasured.fix()).startsWith("connections were not measured");
  }

  /** A narrow port range warns only when TIME_WAIT sockets held more than half of it. */
  @ParameterizedTest
  @CsvSource({"32768 40000, 100, INFO", "32768 40000, 3617, WARN", "32768 40000, 3616, INFO",
      "10000 65535, 100, OK", "10000 65535, 30000, WARN"})
  void portRangeAgainstThePeakOfTimeWait(String range, long timeWait, Status expected) {
    Finding f = only(new OsRules.PortRange(),
        os(Map.of("net.ipv4.ip_local_port_range", range), 1024, timeWait, 10));
    assertThat(f.status()).isEqualTo(expected);
    assertThat(f.evidence()).containsEntry("peakTimeWait", timeWait);
    if (expected == Status.INFO) {
      assertThat(f.evidence()).containsEntry("ports", 7233L);
      assertThat(f.fix()).startsWith("narrow, but the run's peak of " + timeWait
          + " sockets in TIME_WAIT held at most half of it");
    }
    Finding unmeasured = only(new OsRules.PortRange(), Inputs.run().env(Environment.empty()
        .withSysctl(Map.of("net.ipv4.ip_local_port_range", "32768 40000"))).input());
    assertThat(unmeasured.status()).isEqualTo(Status.INFO);
    assertThat(unmeasured.fix()).startsWith("TIME_WAIT sockets were not measured");
  }

  /** Spring PetClinic's run: a peak of 74 to 177 open files against a limit of 20,000. */
  @ParameterizedTest
  @CsvSource({"20000, 74, OK", "20000, 177, OK", "20000, 15000, OK", "20000, 16000, WARN",
      "1024, 50, OK", "1024, 900, WARN"})
  void openFilesWarnOnlyNearTheLimit(long max, long peak, Status expected) {
    Finding f = only(new OsRules.OpenFiles(), os(Map.of(), max, 0, peak));
    assertThat(f.status()).isEqualTo(expected);
    assertThat(f.evidence()).containsEntry("openFilesMax", max).containsEntry("peakOpenFiles", peak);
    assertThat(f.fix()).isEqualTo(expected == Status.WARN
        ? "raise it: LimitNOFILE=65536 in the systemd unit (or ulimit -n 65536)" : "");
  }

  @Test
  void kernelAndProcessLimits() {
    AdvisorInput tight = os(Map.of("net.core.somaxconn", "128",
        "net.ipv4.ip_local_port_range", "32768\t60999"), 1024, 20000, 1000, 300);
    assertThat(only(new OsRules.Somaxconn(), tight).status()).isEqualTo(Status.WARN);
    assertThat(only(new OsRules.PortRange(), tight).status()).isEqualTo(Status.WARN);
    assertThat(only(new OsRules.OpenFiles(), tight).status()).isEqualTo(Status.WARN);
    AdvisorInput roomy = os(Map.of("net.core.somaxconn", "4096",
        "net.ipv4.ip_local_port_range", "10000 65535"), 1048576, 100, 50);
    assertThat(only(new OsRules.Somaxconn(), roomy).status()).isEqualTo(Status.OK);
    assertThat(only(new OsRules.PortRange(), roomy).status()).isEqualTo(Status.OK);
    assertThat(only(new OsRules.OpenFiles(), roomy).status()).isEqualTo(Status.OK);
    for (Rule rule : OsRules.all()) {
      assertThat(only(rule, Inputs.run().input()).status()).isEqualTo(Status.SKIP);
    }
  }
}
