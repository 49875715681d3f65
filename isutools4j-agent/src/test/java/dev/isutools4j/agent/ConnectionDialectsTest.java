package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.SqlStats;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Each connection's dialect, as the agent learns it from real H2 connections in process (no agent
 * installed here: the bridge is driven as the hooks drive it).
 */
class ConnectionDialectsTest {

  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static final String LIKE = "select o1_0.id from owners o1_0 where o1_0.last_name like ? escape '\\'";

  private static String h2() {
    return "jdbc:h2:mem:dialects" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
  }

  private static long count(String sql, SqlDialect dialect) {
    String fingerprint = Fingerprint.of(sql, dialect);
    SqlStats stats = Recording.recorder().sql(Recording.keys().sql().id(fingerprint));
    return stats.latency().count();
  }

  @Test
  void anH2ConnectionIsStandardAndAskedOnce() throws Exception {
    JdbcThread thread = JdbcThread.current();
    try (Connection c = DriverManager.getConnection(h2())) {
      assertThat(ConnectionDialects.knows(c)).isFalse();
      assertThat(ConnectionDialects.of(c, thread)).isEqualTo(SqlDialect.STANDARD);
      assertThat(ConnectionDialects.knows(c)).isTrue();
      assertThat(thread.connection).isSameAs(c);
      try (Statement s = c.createStatement()) {
        assertThat(ConnectionDialects.ofStatement(s, thread)).isEqualTo(SqlDialect.STANDARD);
      }
    }
  }

  @Test
  void aPoolsBorrowsShareTheirPhysicalConnectionsEntry() throws Exception {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(h2());
    config.setMaximumPoolSize(1);
    JdbcThread thread = JdbcThread.current();
    try (HikariDataSource pool = new HikariDataSource(config)) {
      for (int i = 0; i < 3; i++) {
        try (Connection borrowed = pool.getConnection()) {
          assertThat(ConnectionDialects.of(borrowed, thread)).isEqualTo(SqlDialect.STANDARD);
          assertThat(ConnectionDialects.knows(borrowed)).as("a new proxy per borrow").isFalse();
          assertThat(ConnectionDialects.knows(borrowed.unwrap(Connection.class)))
              .as("its physical connection").isTrue();
        }
      }
    }
  }

  @Test
  void aConnectionThatCannotSayGetsMySqlsRule() throws Exception {
    Connection closed = DriverManager.getConnection(h2());
    closed.close();
    assertThat(ConnectionDialects.of(closed, JdbcThread.current())).isEqualTo(SqlDialect.MYSQL);
    assertThat(ConnectionDialects.of("not a connection", JdbcThread.current())).isEqualTo(SqlDialect.MYSQL);
    assertThat(ConnectionDialects.ofStatement(null, JdbcThread.current())).isEqualTo(SqlDialect.MYSQL);
  }

  @Test
  void preparedAndPlainStatementsAreReadByTheirConnectionsDialect() throws Exception {
    try (Connection c = DriverManager.getConnection(h2()); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE owners (id INT PRIMARY KEY, last_name VARCHAR(30), city VARCHAR(30))");
      String page1 = LIKE + " fetch first ? rows only";
      String inCity = LIKE + " and o1_0.city=? fetch first ? rows only";
      long before1 = count(page1, SqlDialect.STANDARD);
      long beforeCity = count(inCity, SqlDialect.STANDARD);
      for (String sql : new String[] {page1, inCity}) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
          JdbcBridge.prepared(JdbcBridge.enter(), c, ps, sql);
          JdbcBridge.queried(JdbcBridge.enter(), ps, null, null, null);
        }
      }
      String plain = "select id from owners where last_name like 'D%' escape '\\' and city = 'M'";
      long beforePlain = count(plain, SqlDialect.STANDARD);
      JdbcBridge.queried(JdbcBridge.enter(), s, plain, null, null);

      assertThat(count(page1, SqlDialect.STANDARD) - before1).isEqualTo(1);
      assertThat(count(inCity, SqlDialect.STANDARD) - beforeCity).isEqualTo(1);
      assertThat(count(plain, SqlDialect.STANDARD) - beforePlain).isEqualTo(1);
      assertThat(Fingerprint.of(page1, SqlDialect.STANDARD))
          .isNotEqualTo(Fingerprint.of(inCity, SqlDialect.STANDARD));
    }
  }
}
