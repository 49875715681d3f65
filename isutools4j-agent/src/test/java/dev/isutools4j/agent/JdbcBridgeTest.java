package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.SqlStats;
import java.sql.Connection;
import java.sql.Driver;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The bridge's contract as the hooks drive it, in process (the real JVM runs are in AgentIT). */
class JdbcBridgeTest {

  private static SqlStats stats(String sql) {
    SqlShape shape = Recording.sql().shape(sql, SqlDialect.MYSQL);
    return Recording.recorder().sql(shape.id());
  }

  @Test
  void onlyTheOutermostOfNestedCallsRecords() {
    String sql = "SELECT a FROM nested_calls WHERE b = 1";
    long before = stats(sql).latency().count();
    Object outer = JdbcBridge.enter(); // a pool's proxy
    Object inner = JdbcBridge.enter(); // the driver it delegates to
    JdbcBridge.updated(inner, null, sql, 1, null);
    assertThat(stats(sql).latency().count() - before).as("the nested call").isZero();
    JdbcBridge.updated(outer, null, sql, 1, null);
    assertThat(stats(sql).latency().count() - before).isEqualTo(1);
    // The depth is back to zero: the next call records again.
    JdbcBridge.updated(JdbcBridge.enter(), null, sql, 1, null);
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

  /** A statement or result set of a class the agent gave its field, as it does to those loaded after it. */
  private static final class Fielded implements InjectedField {
    private Object value;

    @Override
    public Object isutools$value() {
      return value;
    }

    @Override
    public void isutools$value(Object value) {
      this.value = value;
    }
  }

  @Test
  void anUntimedPrepareStillNestsTheDriversOwnStatements() {
    String sql = "SELECT a FROM untimed_prepare WHERE b = ?";
    String driversOwn = "SELECT 1 FROM inside_prepare";
    long before = stats(driversOwn).latency().count();
    Object prepare = JdbcBridge.enterUntimed();
    JdbcBridge.queried(JdbcBridge.enter(), null, driversOwn, null, null);
    Object statement = new Object();
    JdbcBridge.prepared(prepare, null, statement, sql);
    assertThat(stats(driversOwn).latency().count() - before).isZero();
    long executions = stats(sql).latency().count();
    JdbcBridge.updated(JdbcBridge.enter(), statement, null, 1, null);
    assertThat(stats(sql).latency().count() - executions).as("prepared, and the depth is back")
        .isEqualTo(1);
  }

  @Test
  void aStatementWithTheFieldKeepsItsShapeThereAndItsResultSetNamesTheCountingThread() {
    String sql = "SELECT a FROM fielded_calls WHERE b = ?";
    Fielded statement = new Fielded();
    int remembered = JdbcBridge.preparedCount();
    JdbcBridge.prepared(JdbcBridge.enter(), null, statement, sql);
    assertThat(statement.isutools$value()).isInstanceOf(SqlShape.class);
    assertThat(JdbcBridge.preparedCount()).as("nothing in the table").isEqualTo(remembered);

    long before = stats(sql).latency().count();
    long rowsBefore = stats(sql).rows();
    Fielded result = new Fielded();
    for (int execution = 0; execution < 2; execution++) {
      JdbcBridge.queried(JdbcBridge.enter(), statement, null, result, null);
      assertThat(result.isutools$value()).isSameAs(JdbcThread.current());
      JdbcBridge.next(result, true);
      JdbcBridge.next(result, true);
      JdbcBridge.closed(result);
      JdbcBridge.next(result, true); // closed: no longer counted
    }
    assertThat(stats(sql).latency().count() - before).isEqualTo(2);
    assertThat(stats(sql).rows() - rowsBefore).isEqualTo(4);
  }

  @Test
  void aResultSetWithAnEmptyFieldIsNotCounted() {
    String sql = "SELECT a FROM fielded_uncounted";
    long rows = stats(sql).rows();
    Fielded never = new Fielded();
    JdbcBridge.next(never, true);
    JdbcBridge.closed(never);
    assertThat(never.isutools$value()).isNull();
    assertThat(stats(sql).rows()).isEqualTo(rows);
  }

  @Test
  void aResultSetLastOpenedOnAnotherThreadIsStillCountedByTheThreadThatOpenedItToo()
      throws Exception {
    String mine = "SELECT a FROM fielded_shared_mine";
    String theirs = "SELECT a FROM fielded_shared_theirs";
    Fielded result = new Fielded(); // a driver that hands out one result set object per statement
    JdbcBridge.queried(JdbcBridge.enter(), null, mine, result, null);
    AtomicReference<Object> counter = new AtomicReference<>();
    Thread other = new Thread(() -> {
      JdbcBridge.queried(JdbcBridge.enter(), null, theirs, result, null);
      counter.set(result.isutools$value());
    });
    other.start();
    other.join(10_000);
    assertThat(counter.get()).isInstanceOf(JdbcThread.class).isNotSameAs(JdbcThread.current());
    long mineRows = stats(mine).rows();
    long theirRows = stats(theirs).rows();
    JdbcBridge.next(result, true);
    assertThat(stats(mine).rows() - mineRows).isEqualTo(1);
    assertThat(stats(theirs).rows()).as("not the other thread's to count here").isEqualTo(theirRows);
  }

  @Test
  void samplesMaskTheValuesOfSecretColumnsAndKeepTheOthers() {
    String prepared = "UPDATE bridge_users SET passhash = ? WHERE account_name = ?";
    Object statement = new Object();
    JdbcBridge.prepared(JdbcBridge.enter(), null, statement, prepared);
    JdbcBridge.parameter(statement, 1, "c0ffee'hash");
    JdbcBridge.parameter(statement, 2, "alice");
    JdbcBridge.updated(JdbcBridge.enter(), statement, null, 1, null);
    String plain = "SELECT id FROM bridge_users WHERE api_token = 'tok-1' AND id = 7";
    JdbcBridge.queried(JdbcBridge.enter(), null, plain, new Object(), null);

    assertThat(stats(prepared).sample())
        .isEqualTo("UPDATE bridge_users SET passhash = '***' WHERE account_name = 'alice'");
    assertThat(stats(plain).sample())
        .isEqualTo("SELECT id FROM bridge_users WHERE api_token = '***' AND id = 7");
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

  private static Properties credentials(String password) {
    Properties p = new Properties();
    p.setProperty("user", "sa");
    p.setProperty("password", password);
    return p;
  }

  /** What the connect hook does around a real driver's connect. */
  private static Connection connect(Driver driver, String url, Properties info) throws Exception {
    boolean outermost = JdbcBridge.connecting();
    Connection c = null;
    try {
      c = driver.connect(url, info);
      return c;
    } finally {
      JdbcBridge.connected(outermost, driver, url, info, c);
    }
  }

  @Test
  void aDriversConnectionMakesItTheTargetWithItsCredentials() throws Exception {
    Driver h2 = new org.h2.Driver();
    String url = "jdbc:h2:mem:bridge_target;DB_CLOSE_DELAY=-1";
    try (Connection c = connect(h2, url, credentials(""))) {
      DatabaseTarget target = DatabaseTargets.latest();
      assertThat(target.driver()).isSameAs(h2);
      assertThat(target.url()).isEqualTo(url);
      assertThat(target.properties()).isEqualTo(credentials(""));
      try (Connection again = connect(h2, url, credentials(""))) {
        assertThat(DatabaseTargets.latest()).as("unchanged: not written again").isSameAs(target);
      }
      // A driver that declines the URL (DriverManager asks each in turn) says nothing.
      assertThat(connect(h2, "jdbc:mariadb://127.0.0.1:1/x", credentials("other"))).isNull();
      assertThat(DatabaseTargets.latest()).isSameAs(target);
    }
  }

  @Test
  void onlyTheOutermostConnectOfAWrappingDriverCountsAndItsInsidesAreNested() throws Exception {
    try (Connection c = connect(new org.h2.Driver(), "jdbc:h2:mem:bridge_outer", credentials(""))) {
      DatabaseTarget known = DatabaseTargets.latest();
      boolean outer = JdbcBridge.connecting();
      assertThat(outer).isTrue();
      String driversOwn = "SELECT 1 FROM inside_connect";
      long before = stats(driversOwn).latency().count();
      JdbcBridge.queried(JdbcBridge.enter(), null, driversOwn, null, null);
      assertThat(stats(driversOwn).latency().count() - before).as("a statement the driver runs").isZero();
      boolean inner = JdbcBridge.connecting();
      assertThat(inner).as("the driver a wrapping driver calls").isFalse();
      JdbcBridge.connected(inner, new org.h2.Driver(), "jdbc:h2:mem:inner", new Properties(), c);
      JdbcBridge.connected(outer, new org.h2.Driver(), "jdbc:wrapper:h2:mem:inner", new Properties(), null);
      assertThat(DatabaseTargets.latest()).isSameAs(known);
      JdbcBridge.queried(JdbcBridge.enter(), null, driversOwn, null, null);
      assertThat(stats(driversOwn).latency().count() - before).as("the depth is back to zero")
          .isEqualTo(1);
      assertThat(JdbcBridge.connecting()).isTrue();
      JdbcBridge.connected(true, new org.h2.Driver(), "jdbc:h2:mem:next", new Properties(), c);
      assertThat(DatabaseTargets.latest().url()).isEqualTo("jdbc:h2:mem:next");
    }
  }

  @Test
  void theInspectorsOwnConnectionsAreNotTheApps() throws Exception {
    Driver h2 = new org.h2.Driver();
    String appUrl = "jdbc:h2:mem:bridge_app;DB_CLOSE_DELAY=-1";
    try (Connection app = connect(h2, appUrl, credentials(""))) {
      AtomicReference<Throwable> failed = new AtomicReference<>();
      Thread inspector = new Thread(() -> {
        try (Connection own = connect(h2, appUrl + ";IFEXISTS=TRUE", credentials(""))) {
          assertThat(own).isNotNull();
        } catch (Throwable t) {
          failed.set(t);
        }
      }, "isutools-database");
      inspector.start();
      inspector.join(10_000);
      assertThat(inspector.isAlive()).isFalse();
      assertThat(failed.get()).isNull();
      assertThat(DatabaseTargets.latest().url()).isEqualTo(appUrl);
    }
  }
}
