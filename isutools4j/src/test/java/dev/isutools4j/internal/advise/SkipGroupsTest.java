package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SkipGroupsTest {

  @Test
  void rulesSkippedForOneReasonShareOneRowAndALoneSkipStaysAsItIs() {
    List<Finding> findings = List.of(
        new Finding("db-binlog", "binary log off", Status.WARN, Map.of("log_bin", "ON"), "fix"),
        Finding.skip("db-plan", "top queries use an index", "no database section"),
        Finding.skip("jdbc-rewrite-batched", "batches", "no JDBC batches in this run"),
        Finding.skip("db-slow-log", "slow log", "no database section"),
        Finding.skip("os-somaxconn", "backlog", "no database section"));
    List<Finding> grouped = SkipGroups.of(findings);
    assertThat(grouped).extracting(Finding::rule)
        .containsExactly("db-binlog", "db-plan,db-slow-log,os-somaxconn", "jdbc-rewrite-batched");
    assertThat(grouped.get(1)).satisfies(f -> {
      assertThat(f.status()).isEqualTo(Status.SKIP);
      assertThat(f.title()).isEqualTo("3 checks skipped");
      assertThat(f.evidence()).containsEntry("missing", "no database section")
          .containsEntry("rules", List.of("db-plan", "db-slow-log", "os-somaxconn"));
    });
    assertThat(grouped.get(2)).isSameAs(findings.get(2));
  }

  @Test
  void rulesOfOneSubjectAreNamedByTheirPrefix() {
    assertThat(SkipGroups.groupId(List.of("nginx-gzip", "nginx-sendfile"))).isEqualTo("nginx-*");
    assertThat(SkipGroups.groupId(List.of("db-plan", "jvm-heap"))).isEqualTo("db-plan,jvm-heap");
  }
}
