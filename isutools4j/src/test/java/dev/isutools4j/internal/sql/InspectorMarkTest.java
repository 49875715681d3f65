package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InspectorMarkTest {

  @Test
  void aMarkedStatementOpensWithTheMarkAndFingerprintsAsIfUnmarked() {
    String marked = InspectorMark.marked("SHOW GLOBAL STATUS");
    assertThat(marked).isEqualTo("/* isutools4j inspector */ SHOW GLOBAL STATUS");
    assertThat(InspectorMark.opens(marked)).isTrue();
    assertThat(InspectorMark.opens("  \n" + marked)).isTrue();
    assertThat(Fingerprint.of(InspectorMark.marked("SELECT a FROM t WHERE id = 1")))
        .isEqualTo(Fingerprint.of("SELECT a FROM t WHERE id = 1"));
  }

  @Test
  void mariaDbsStatementTimeoutPrefixIsSeenThrough() {
    assertThat(InspectorMark.opens("SET STATEMENT max_statement_time=10 FOR "
        + InspectorMark.marked("SELECT TABLE_NAME FROM information_schema.TABLES"))).isTrue();
    assertThat(InspectorMark.opens("set statement max_statement_time=3 for "
        + InspectorMark.marked("EXPLAIN SELECT 1"))).isTrue();
    assertThat(InspectorMark.opens("SET STATEMENT max_statement_time=10 FOR SELECT 1")).isFalse();
  }

  @Test
  void aClientsStatementIsNotTheInspectorsWhereverTheTextOfTheMarkIsInIt() {
    assertThat(InspectorMark.opens("SELECT 1")).isFalse();
    assertThat(InspectorMark.opens("SELECT '/* isutools4j inspector */'")).isFalse();
    assertThat(InspectorMark.opens("/* endpoint=/posts */ SELECT 1")).isFalse();
    assertThat(InspectorMark.opens("/* isutools4j */ SELECT 1")).isFalse();
    assertThat(InspectorMark.opens("SET STATEMENT x=1")).isFalse();
    assertThat(InspectorMark.opens("")).isFalse();
    assertThat(InspectorMark.opens(null)).isFalse();
  }
}
