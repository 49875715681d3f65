package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadCpuTest {

  @Test
  void threadsGroupByTheirNameWithoutItsTrailingNumber() {
    assertThat(ThreadCpu.group("http-nio-127.0.0.1-8080-exec-12")).isEqualTo("http-nio-127.0.0.1-8080-exec-{n}");
    assertThat(ThreadCpu.group("GC Thread#0")).isEqualTo("GC Thread#{n}");
    assertThat(ThreadCpu.group("C2 CompilerThread0")).isEqualTo("C2 CompilerThread{n}");
    assertThat(ThreadCpu.group("H2-serialization")).isEqualTo("H2-serialization");
    assertThat(ThreadCpu.group("main")).isEqualTo("main");
  }
}
