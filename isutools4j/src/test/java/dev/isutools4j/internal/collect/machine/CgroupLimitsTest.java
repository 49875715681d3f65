package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupLimitsTest {

  @Test
  void v2TakesTheSmallestLimitFromTheGroupUpToTheRoot() {
    CgroupLimits limits = CgroupLimits.read(Fixtures.files("host"));
    assertThat(limits.version()).isEqualTo("v2");
    assertThat(limits.cpuQuotaCores()).as("150000/100000 below 300000/100000").isEqualTo(1.5);
    assertThat(limits.memoryLimitBytes()).as("the parent's 2 GiB").isEqualTo(2L << 30);
  }

  @Test
  void v1ReadsEachControllersMountAndIgnoresTheHugeUnlimited() {
    CgroupLimits limits = CgroupLimits.read(Fixtures.files("cgroup-v1"));
    assertThat(limits.version()).isEqualTo("v1");
    assertThat(limits.cpuQuotaCores()).isEqualTo(1.5);
    assertThat(limits.memoryLimitBytes()).isEqualTo(512L << 20);
  }

  @Test
  void v1InsideANamespaceFallsBackToTheMountRoot() {
    CgroupLimits limits = CgroupLimits.read(Fixtures.files("cgroup-v1-ns"));
    assertThat(limits.cpuQuotaCores()).isEqualTo(2.0);
    assertThat(limits.memoryLimitBytes()).isEqualTo(1L << 30);
  }

  @Test
  void noCgroupFileMeansNoLimits(@TempDir Path empty) {
    assertThat(CgroupLimits.read(new ProcFiles(empty))).isEqualTo(new CgroupLimits("none", null, null));
  }

  @Test
  void upwardsListsTheGroupFirst() {
    assertThat(CgroupLimits.upwards("/m", "/a/b")).containsExactly("/m/a/b", "/m/a", "/m");
    assertThat(CgroupLimits.upwards("/m", "/")).containsExactly("/m");
  }
}
