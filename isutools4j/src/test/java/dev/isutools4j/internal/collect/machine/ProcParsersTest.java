package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each /proc format against a committed golden file. */
class ProcParsersTest {

  @Test
  void statFoldsNiceIntoUserAndIrqIntoSystem() {
    CpuTimes cpu = CpuTimes.parse(Fixtures.text("host/proc/stat"));
    assertThat(cpu.user()).isEqualTo(1000 + 100);
    assertThat(cpu.system()).isEqualTo(300 + 50 + 50);
    assertThat(cpu.idle()).isEqualTo(8000);
    assertThat(cpu.iowait()).isEqualTo(200);
    assertThat(cpu.steal()).isEqualTo(100);
    assertThat(cpu.total()).as("guest time is inside user already").isEqualTo(9800);
    assertThat(cpu.cpus()).isEqualTo(2);
    assertThat(cpu.contextSwitches()).isEqualTo(100_000);
    assertThat(cpu.interrupts()).isEqualTo(50_000);
  }

  @Test
  void cpuSharesOfAnIntervalAddUpToAHundred() {
    CpuTimes before = CpuTimes.parse(Fixtures.text("host/proc/stat"));
    CpuTimes after = CpuTimes.parse(Fixtures.text("host-later/proc/stat"));
    assertThat(after.sharesSince(before)).containsExactly(40, 20, 5, 5, 30);
    assertThat(before.sharesSince(before)).as("no tick passed").isNull();
    assertThat(CpuTimes.parse(TextCursor.of("intr 5\n"))).isNull();
  }

  @Test
  void meminfoInBytes() {
    MemInfo mem = MemInfo.parse(Fixtures.text("host/proc/meminfo"));
    assertThat(mem.total()).isEqualTo(8_000_000L * 1024);
    assertThat(mem.available()).isEqualTo(5_000_000L * 1024);
    assertThat(mem.used()).isEqualTo(3_000_000L * 1024);
    assertThat(mem.cached()).isEqualTo(3_000_000L * 1024);
    assertThat(mem.dirty()).isEqualTo(2048L * 1024);
    assertThat(mem.swapUsed()).isEqualTo(500_000L * 1024);
  }

  @Test
  void oldKernelsWithoutMemAvailableEstimateIt() {
    MemInfo mem = MemInfo.parse(TextCursor.of(
        "MemTotal: 100 kB\nMemFree: 10 kB\nBuffers: 5 kB\nCached: 20 kB\n"));
    assertThat(mem.available()).isEqualTo(35 * 1024);
    assertThat(mem.swapUsed()).isEqualTo(-1);
  }

  @Test
  void netDevKeepsLoopbackAndReadsNamesGluedToTheirNumbers() {
    List<NetDev.Interface> ifaces = NetDev.parse(Fixtures.text("host/proc/net/dev"));
    assertThat(ifaces).containsExactly(
        new NetDev.Interface("lo", 1_000_000, 1_000_000),
        new NetDev.Interface("eth0", 2_000_000, 500_000));
    assertThat(ifaces.get(0).loopback()).isTrue();
  }

  @Test
  void tcpCountsComeFromTheKernelsTotals() {
    TcpStates.Counts counts = new TcpStates(Fixtures.files("host"), TcpStates.MAX_BYTES).read();
    assertThat(counts).isEqualTo(new TcpStates.Counts(321, 4321, "snmp"));
  }

  @Test
  void withoutTotalsTcpSocketsAreCountedByStateOverBothFiles(@TempDir Path root) throws Exception {
    Fixtures.copy("host", root);
    Files.delete(root.resolve("proc/net/sockstat"));
    TcpStates.Counts counts = new TcpStates(new ProcFiles(root), TcpStates.MAX_BYTES).read();
    assertThat(counts).isEqualTo(new TcpStates.Counts(2 + 1, 1 + 1, "tcp"));
  }

  @Test
  void pastTheBoundTheCountsAreALowerBoundAndSaySo() {
    // 300 bytes: the header and the first line of tcp (listening), the header of tcp6 and a cut line.
    TcpStates.Counts counts = new TcpStates(Fixtures.files("host"), 300).byState();
    assertThat(counts.source()).isEqualTo("tcp, cut");
    assertThat(counts.established()).isLessThan(3);
  }

  @Test
  void aProcessNameMayHoldSpacesAndParentheses() {
    TextCursor text = Fixtures.text("host/proc/4242/stat");
    PidStat stat = new PidStat();
    assertThat(stat.parse(text)).isTrue();
    assertThat(text.string(stat.nameFrom, stat.nameTo)).isEqualTo("my (weird) app");
    assertThat(text.spells(stat.nameFrom, stat.nameTo, "my (weird) app")).isTrue();
    assertThat(stat.ticks).isEqualTo(250 + 50);
    assertThat(stat.startTime).isEqualTo(12345);
    assertThat(stat.rssPages).isEqualTo(2560);
  }

  @Test
  void aNameEndingInAParenthesisAndANegativeTpgid() {
    PidStat stat = new PidStat();
    TextCursor text = TextCursor.of("7 (a) b) (c)) S 1 7 7 0 -1 0 0 0 0 0 11 22 0 0 20 0 1 0 99 0 33\n");
    assertThat(stat.parse(text)).isTrue();
    assertThat(text.string(stat.nameFrom, stat.nameTo)).isEqualTo("a) b) (c)");
    assertThat(stat.ticks).isEqualTo(33);
    assertThat(stat.rssPages).isEqualTo(33);
    assertThat(new PidStat().parse(TextCursor.of("7 (cut short) S 1 2\n"))).isFalse();
    assertThat(new PidStat().parse(TextCursor.of("no parentheses\n"))).isFalse();
  }

  @Test
  void openFilesAndTheirSoftLimit() {
    ProcFiles files = Fixtures.files("host");
    assertThat(OpenFiles.count(files)).isEqualTo(4);
    assertThat(OpenFiles.limit(files)).isEqualTo(1024);
    assertThat(Sampler.pageSize(files)).isEqualTo(4096);
  }

  @Test
  void loadAverageAsADecimal() {
    TextCursor text = Fixtures.text("host/proc/loadavg");
    assertThat(text.nextDecimal()).isCloseTo(0.52, within(1e-9));
    assertThat(text.nextDecimal()).isCloseTo(0.58, within(1e-9));
    assertThat(text.nextDecimal()).isCloseTo(1.25, within(1e-9));
  }
}
