package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SqlDialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An H2 app under the agent, searching with Hibernate's {@code like ? escape '\'}: the agent reads
 * each statement by its connection's dialect, so page 1, page 2 and an extra predicate stay three
 * rows, directly on the driver and through HikariCP's per-borrow proxies.
 */
class AgentDialectIT {

  private static final Class<?> H2 = org.h2.Driver.class;
  private static final Class<?> HIKARI = com.zaxxer.hikari.HikariDataSource.class;
  private static final Class<?> SLF4J = org.slf4j.LoggerFactory.class;

  private static final String LIKE = "select o1_0.id,o1_0.last_name from owners o1_0"
      + " where o1_0.last_name like ? escape '\\'";

  private static SqlRow row(Snapshot run, String sql) {
    String fingerprint = Fingerprint.of(sql, SqlDialect.STANDARD);
    return run.sql().stream().filter(r -> r.fingerprint().equals(fingerprint)).findFirst()
        .orElseThrow(() -> new AssertionError(fingerprint + " not in " + run.sql()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "hikari"})
  void hibernatesLikeEscapeKeepsItsPagesApart(String mode) throws Exception {
    Path dir = Path.of(System.getProperty("isutools.it.dir", "target/it")).resolve("dialect");
    Files.createDirectories(dir);
    String args = "addr=127.0.0.1:0,dir=" + Files.createTempDirectory(dir, "run");
    try (AgentJvm app = AgentJvm.start(AgentJvm.defaultJava(), args, Map.of(),
        AgentJvm.classpath(H2, HIKARI, SLF4J), "testapp.OwnerSearchApp", true, mode)) {
      assertThat(app.admin("POST", "/reset").statusCode()).isEqualTo(204);
      for (String search : List.of("page1", "page1", "page2", "city", "plain", "plain")) {
        assertThat(app.app("GET", "/search/" + search).body()).startsWith("rows ");
      }
      assertThat(app.app("GET", "/search/city").body()).isEqualTo("rows 1");
      Snapshot run = app.save();

      SqlRow page1 = row(run, LIKE + " order by o1_0.id fetch first ? rows only");
      SqlRow page2 = row(run, LIKE + " order by o1_0.id offset ? rows fetch first ? rows only");
      SqlRow city = row(run, LIKE + " and o1_0.city=? order by o1_0.id fetch first ? rows only");
      assertThat(List.of(page1.fingerprint(), page2.fingerprint(), city.fingerprint()))
          .doesNotHaveDuplicates();
      assertThat(page1.time().count()).isEqualTo(2);
      assertThat(page1.rows()).isEqualTo(4);
      assertThat(page2.time().count()).isEqualTo(1);
      assertThat(city.time().count()).isEqualTo(2);
      // The sample's values go where H2 reads the placeholders, after the '\'.
      assertThat(city.sample()).endsWith("escape '\\' and o1_0.city='Madison' order by o1_0.id"
          + " fetch first 2 rows only");
      SqlRow plain = row(run, "select id from owners where last_name like 'x' escape '\\' and city = 'y'");
      assertThat(plain.fingerprint())
          .isEqualTo("select id from owners where last_name like ? escape ? and city = ?");
      assertThat(plain.time().count()).isEqualTo(2);
      assertThat(plain.rows()).isEqualTo(2);
      assertThat(run.sql()).hasSize(4);
    }
  }
}
