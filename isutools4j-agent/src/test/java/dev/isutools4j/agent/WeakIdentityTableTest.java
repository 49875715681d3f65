package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import org.junit.jupiter.api.Test;

class WeakIdentityTableTest {

  private final SqlShape shape = new SqlShape("SELECT 1", SqlDialect.MYSQL, "select ?", 7);

  @Test
  void findsAStatementByIdentityNotByEquality() {
    WeakIdentityTable<SqlShape> table = new WeakIdentityTable<>(100);
    WeakIdentityTable.Probe probe = new WeakIdentityTable.Probe();
    String statement = new String("same text");
    table.put(statement, shape);
    assertThat(table.get(statement, probe)).isSameAs(shape);
    assertThat(table.get(new String("same text"), probe)).isNull();
  }

  @Test
  void aDroppedStatementIsForgotten() throws Exception {
    WeakIdentityTable<SqlShape> table = new WeakIdentityTable<>(JdbcBridge.MAX_PREPARED);
    for (int i = 0; i < 1000; i++) {
      table.put(new Object(), shape);
    }
    Object kept = new Object();
    table.put(kept, shape);
    for (int i = 0; i < 50 && table.size() > 1; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(table.size()).isEqualTo(1);
    assertThat(table.get(kept, new WeakIdentityTable.Probe())).isSameAs(shape);
  }

  @Test
  void neverHoldsMoreThanItsBound() {
    WeakIdentityTable<SqlShape> table = new WeakIdentityTable<>(3);
    Object[] live = {new Object(), new Object(), new Object(), new Object()};
    for (Object o : live) {
      table.put(o, shape);
    }
    assertThat(table.size()).isEqualTo(3);
    assertThat(table.get(live[3], new WeakIdentityTable.Probe())).isNull();
  }

  @Test
  void removeHandsBackWhatWasRememberedOnce() {
    WeakIdentityTable<SqlShape> table = new WeakIdentityTable<>(10);
    WeakIdentityTable.Probe probe = new WeakIdentityTable.Probe();
    Object statement = new Object();
    assertThat(table.isEmpty()).isTrue();
    table.put(statement, shape);
    assertThat(table.isEmpty()).isFalse();
    assertThat(table.remove(statement, probe)).isSameAs(shape);
    assertThat(table.remove(statement, probe)).isNull();
    assertThat(table.isEmpty()).isTrue();
  }
}
