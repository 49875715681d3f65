package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DriverAndPoolRulesTest {

  private static Finding only(Rule rule, AdvisorInput in) {
    List<Finding> findings = rule.check(in);
    assertThat(findings).hasSize(1);
    return findings.get(0);
  }

  private static AdvisorInput url(String url, long batches) {
    return Inputs.run().env(Environment.empty().withJdbcUrl(url))
        .sql("select * from users where id = ?", batches).input();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:mysql://db/isu|OK",
      "jdbc:mysql://db/isu?useServerPrepStmts=true|WARN",
      "jdbc:mysql://db/isu?useServerPrepStmts=true&cachePrepStmts=true|INFO"})
  void serverPreparedStatements(String url, Status expected) {
    assertThat(only(new DriverRules.ServerPrep(), url(url, 0)).status()).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:mysql://db/isu|MISSING",
      "jdbc:mysql://db/isu?cachePrepStmts=true&prepStmtCacheSize=250&prepStmtCacheSqlLimit=2048|OK",
      "jdbc:mysql://db/isu?cachePrepStmts=true&prepStmtCacheSqlLimit=10|WARN",
      "jdbc:mariadb://db/isu|OK",
      "jdbc:isutools:mariadb://db/isu?cachePrepStmts=false|MISSING"})
  void preparedStatementCache(String url, Status expected) {
    assertThat(only(new DriverRules.PrepCache(), url(url, 0)).status()).isEqualTo(expected);
  }

  @Test
  void rewriteBatchedOnlyWhenBatchesWereSeen() {
    assertThat(only(new DriverRules.RewriteBatched(), url("jdbc:mysql://db/isu", 0)).status())
        .isEqualTo(Status.SKIP);
    assertThat(only(new DriverRules.RewriteBatched(), url("jdbc:mysql://db/isu", 3)).status())
        .isEqualTo(Status.MISSING);
    assertThat(only(new DriverRules.RewriteBatched(),
        url("jdbc:mysql://db/isu?rewriteBatchedStatements=true", 3)).status()).isEqualTo(Status.OK);
  }

  @Test
  void withoutAUrlTheDriverRulesSkip() {
    AdvisorInput none = Inputs.run().sql("select 1", 1).input();
    for (Rule rule : DriverRules.all()) {
      assertThat(only(rule, none).status()).isEqualTo(Status.SKIP);
    }
  }

  @Test
  void theShownUrlHasNoPassword() {
    JdbcUrl url = JdbcUrl.parse("jdbc:mysql://isucon:secret@db/isu?user=isucon&password=isucon&a=1");
    assertThat(url.shown()).isEqualTo("jdbc:mysql://db/isu?user=isucon&a=1");
    assertThat(url.get("password")).isNull();
  }

  private static AdvisorInput pool(int cpus, long total, long waiting) {
    return Inputs.run().machine(Inputs.machine(Inputs.limits(cpus, null, null, null, null),
        List.of(Map.of(MachineMetric.POOL_TOTAL, total, MachineMetric.POOL_WAITING, 0L),
            Map.of(MachineMetric.POOL_TOTAL, total, MachineMetric.POOL_WAITING, waiting)))).input();
  }

  @Test
  void aPoolFarLargerThanTheCpusWarns() {
    assertThat(only(new PoolRules.AgainstCpus(), pool(2, 100, 0)).status()).isEqualTo(Status.WARN);
    assertThat(only(new PoolRules.AgainstCpus(), pool(2, 8, 0)).status()).isEqualTo(Status.OK);
  }

  @Test
  void threadsWaitingForAConnectionWarn() {
    Finding waiting = only(new PoolRules.Waiting(), pool(2, 10, 4));
    assertThat(waiting.status()).isEqualTo(Status.WARN);
    assertThat(waiting.evidence()).containsEntry("peakWaiting", 4L).containsEntry("samplesWithWaiting", 1);
    assertThat(only(new PoolRules.Waiting(), pool(2, 10, 0)).status()).isEqualTo(Status.OK);
    assertThat(only(new PoolRules.Waiting(), Inputs.run().machine(Inputs.machine(Limits.UNKNOWN,
        List.of(Map.of(MachineMetric.THREADS, 9)))).input()).status()).isEqualTo(Status.SKIP);
  }
  /** An H2 run (isugram's default, PetClinic's): none of Connector/J's properties apply. */
  @Test
  void anH2UrlGetsNoConnectorJAdvice() {
    AdvisorInput in = Inputs.run().env(Environment.empty().withJdbcUrl(
            "jdbc:h2:file:/tmp/isugram/h2/isugram?MODE=MySQL&DATABASE_TO_LOWER=TRUE"))
        .sql("insert into posts values (?)", 3).input();
    for (Rule rule : DriverRules.all()) {
      Finding f = only(rule, in);
      assertThat(f.status()).as(rule.id()).isEqualTo(Status.SKIP);
      assertThat(f.evidence()).containsEntry("missing",
          "driver h2: these are Connector/J and MariaDB Connector/J settings");
    }
    assertThat(new Advisor(in::env, DriverRules.all()).findings(in)).singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("jdbc-*"));
    assertThat(only(new DriverRules.PrepCache(), Inputs.run()
        .env(Environment.empty().withJdbcUrl("jdbc:isutools:h2:mem:x")).input()).status())
        .isEqualTo(Status.SKIP);
  }
}
