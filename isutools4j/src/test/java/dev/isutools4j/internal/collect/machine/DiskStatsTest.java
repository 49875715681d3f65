package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskStatsTest {

  private final DiskStats withSysBlock = new DiskStats(Fixtures.files("host"));

  @Test
  void fourteenEighteenAndTwentyFieldsReadAlike() {
    DiskStats.Disk sda = new DiskStats.Disk("sda", 80_000L * 512, 160_000L * 512, 1200);
    for (String format : new String[] {"diskstats-14", "diskstats-18", "diskstats-20"}) {
      List<DiskStats.Disk> disks = withSysBlock.parse(Fixtures.text("formats/" + format));
      assertThat(disks).as(format).first().isEqualTo(sda);
      assertThat(disks).as(format).extracting(DiskStats.Disk::name).doesNotContain("sda1", "loop0", "ram0");
    }
  }

  @Test
  void wholeDisksAreThoseUnderSysBlockWithoutRamLoopAndZram() {
    List<DiskStats.Disk> disks = withSysBlock.parse(Fixtures.text("host/proc/diskstats"));
    assertThat(disks).extracting(DiskStats.Disk::name).containsExactly("sda", "nvme0n1", "dm-0", "sr0");
    assertThat(disks.get(2).stacked()).isTrue();
    assertThat(disks.get(0).stacked()).isFalse();
  }

  @Test
  void withoutSysBlockPartitionsAreToldByTheirNames(@TempDir Path empty) {
    DiskStats byName = new DiskStats(new ProcFiles(empty));
    List<DiskStats.Disk> disks = byName.parse(Fixtures.text("host/proc/diskstats"));
    assertThat(disks).extracting(DiskStats.Disk::name).containsExactly("sda", "nvme0n1", "dm-0", "sr0");
  }

  @Test
  void shortLinesOfOldKernelsAreSkipped() {
    List<DiskStats.Disk> disks = withSysBlock.parse(TextCursor.of("   8    1 sda1 10 20 30 40\n"));
    assertThat(disks).isEmpty();
  }
}
