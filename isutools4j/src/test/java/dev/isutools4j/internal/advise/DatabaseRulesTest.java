package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DatabaseRulesTest {

  private static Finding only(Rule rule, AdvisorInput in) {
    List<Finding> findings = rule.check(in);
    assertThat(findings).hasSize(1);
    assertThat(findings.get(0).rule()).isEqualTo(rule.id());
    return findings.get(0);
  }

  private static AdvisorInput withVariables(Map<String, String> variables) {
    return Inputs.run().database(Inputs.database(variables, 600L << 20, 200L << 20)).input();
  }

  @Test
  void bufferPoolSmallerThanDataAndIndexesWarnsWithASize() {
    Finding f = only(new BufferPoolRule(),
        withVariables(Map.of("innodb_buffer_pool_size", String.valueOf(128L << 20))));
    assertThat(f.status()).isEqualTo(Status.WARN);
    assertThat(f.evidence()).containsEntry("dataAndIndexes", "800.0 MiB");
    assertThat(f.fix()).contains("innodb_buffer_pool_size = 1001M");
  }

  @Test
  void bufferPoolLargeEnoughIsOk() {
    Finding f = only(new BufferPoolRule(),
        withVariables(Map.of("innodb_buffer_pool_size", String.valueOf(1L << 30))));
    assertThat(f.status()).isEqualTo(Status.OK);
  }

  static Stream<Arguments> variables() {
    return Stream.of(
        Arguments.of(VariableRule.flushLog(), "innodb_flush_log_at_trx_commit", "1", Status.WARN),
        Arguments.of(VariableRule.flushLog(), "innodb_flush_log_at_trx_commit", "2", Status.OK),
        Arguments.of(VariableRule.binlog(), "log_bin", "ON", Status.WARN),
        Arguments.of(VariableRule.binlog(), "log_bin", "OFF", Status.OK),
        Arguments.of(VariableRule.slowLog(), "slow_query_log", "ON", Status.WARN),
        Arguments.of(VariableRule.slowLog(), "slow_query_log", "OFF", Status.OK));
  }

  @ParameterizedTest
  @MethodSource("variables")
  void serverVariables(Rule rule, String variable, String value, Status expected) {
    Finding f = only(rule, withVariables(Map.of(variable, value)));
    assertThat(f.status()).isEqualTo(expected);
    assertThat(f.evidence()).containsEntry(variable, value);
    assertThat(f.fix().isEmpty()).isEqualTo(expected == Status.OK);
  }

  @Test
  void everyDatabaseRuleSkipsWithoutTheSectionAndSaysWhy() {
    AdvisorInput none = Inputs.run().input();
    for (Rule rule : List.of(new BufferPoolRule(), VariableRule.flushLog(), VariableRule.binlog(),
        VariableRule.slowLog(), new MaxConnectionsRule(), new PlanRule())) {
      Finding f = only(rule, none);
      assertThat(f.status()).isEqualTo(Status.SKIP);
      assertThat(f.evidence()).containsEntry("missing", "no database section");
    }
  }

  @Test
  void maxConnectionsBelowThePoolSeenInTheMachineSamplesWarns() {
    MachineSection machine = Inputs.machine(Inputs.limits(2, null, null, null, null),
        List.of(Map.of(MachineMetric.POOL_TOTAL, 10), Map.of(MachineMetric.POOL_TOTAL, 200)));
    AdvisorInput in = Inputs.run().database(Inputs.database(Map.of("max_connections", "151"), 1, 1))
        .machine(machine).input();
    Finding f = only(new MaxConnectionsRule(), in);
    assertThat(f.status()).isEqualTo(Status.WARN);
    assertThat(f.evidence()).containsEntry("poolSize", 200L);
  }

  @Test
  void maxConnectionsFallsBackToTheUrlAndIsOkAboveIt() {
    DatabaseSection db = Inputs.database("jdbc:mariadb://db/isugram?pool=true&maxPoolSize=20",
        Map.of("max_connections", "151"), 1, 1, List.of());
    Finding f = only(new MaxConnectionsRule(), Inputs.run().database(db).input());
    assertThat(f.status()).isEqualTo(Status.OK);
    assertThat(f.evidence()).containsEntry("poolSource", "JDBC URL maxPoolSize");
  }

  @Test
  void maxConnectionsWithoutAnyPoolSizeSkips() {
    Finding f = only(new MaxConnectionsRule(), withVariables(Map.of("max_connections", "151")));
    assertThat(f.status()).isEqualTo(Status.SKIP);
  }
}
