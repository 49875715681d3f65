package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.SqlStats;
import org.junit.jupiter.api.Test;

/** The bridge's contract as the advice drives it, in process (the real JVM runs are in AgentIT). */
class JdbcBridgeTest {

  private static SqlStats stats(String sql) {
    SqlShape shape = Recording.sql().shape(sql, SqlDialect.MYSQL);
    return Recording.recorder().sql(shape.id());
  }

  @Test
  void onlyTheOutermostOfNestedCallsRecords() {
    String sql = "SELECT a FROM nested_calls WHERE b = 1";
    long before = stats(sql).latency().count();
    long outer = JdbcBridge.enter(); // a pool's proxy
    long inner = JdbcBridge.enter(); // the driver it delegates to
    assertThat(inner).isEqualTo(JdbcBridge.SKIP);
    JdbcBridge.updated(inner, null, sql, 1, null);
    JdbcBridge.updated(outer, null, sql, 1, null);
    assertThat(stats(sql).latency().count() - before).isEqualTo(1);
    // The depth is back to zero: the next call records again.
    long next = JdbcBridge.enter();
    assertThat(next).isNotEqualTo(JdbcBridge.SKIP);
    JdbcBridge.updated(next, null, sql, 1, null);
    assertThat(stats(sql).latency().count() - before).isEqualTo(2);
  }

  @Test
  void aPreparedStatementRecordsUnderTheSqlItWasPreparedWith() {
    String sql = "SELECT a FROM prepared_calls WHERE b = ?";
    Object statement = new Object();
    JdbcBridge.prepared(JdbcBridge.enter(), null, statement, sql);
    long before = stats(sql).latency().count();
    Object result = new Object();
    JdbcBridge.queried(JdbcBridge.enter(), statement, null, result, null);
    JdbcBridge.next(result, true);
    JdbcBridge.next(result, true);
    JdbcBridge.next(result, false);
    JdbcBridge.next(result, true); // no longer counted: the result was exhausted
    assertThat(stats(sql).latency().count() - before).isEqualTo(1);
    assertThat(stats(sql).rows()).isEqualTo(2);
  }

  @Test
  void aFailedCallIsAnErrorWithNoRows() {
    String sql = "UPDATE failing_calls SET a = 1";
    long errors = stats(sql).errors();
    JdbcBridge.updated(JdbcBridge.enter(), null, sql, 5, new java.sql.SQLException("boom"));
    assertThat(stats(sql).errors() - errors).isEqualTo(1);
  }

  @Test
  void aResultSetReadByAnotherStatementsLoopIsCountedToItsOwnQuery() {
    String outerSql = "SELECT id FROM loop_outer";
    String innerSql = "SELECT x FROM loop_inner WHERE id = 1";
    Object outer = new Object();
    JdbcBridge.queried(JdbcBridge.enter(), null, outerSql, outer, null);
    for (int i = 0; i < 3; i++) {
      JdbcBridge.next(outer, true);
      Object inner = new Object();
      JdbcBridge.queried(JdbcBridge.enter(), null, innerSql, inner, null);
      JdbcBridge.next(inner, true);
      JdbcBridge.closed(inner);
    }
    JdbcBridge.next(outer, false);
    assertThat(stats(outerSql).rows()).isEqualTo(3);
    assertThat(stats(innerSql).rows()).isEqualTo(3);
  }
}
