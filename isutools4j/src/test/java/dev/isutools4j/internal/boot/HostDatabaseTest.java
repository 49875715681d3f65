package dev.isutools4j.internal.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The host's database by URL, through the driver on the class path (MariaDB's, in these tests). */
class HostDatabaseTest {

  @Test
  void aMysqlUrlIsTakenByMariaDbsDriverWithPermitMysqlScheme() throws Exception {
    HostDatabase db = HostDatabase.of("jdbc:mysql://127.0.0.1:3306/isucon?password=s3cret",
        "isucon", "pw");
    assertThat(db.describe())
        .isEqualTo("jdbc:mysql://127.0.0.1:3306/isucon?password=***&permitMysqlScheme");
    assertThat(db.toString()).doesNotContain("s3cret").doesNotContain("pw");
    assertThat(HostDatabase.of("jdbc:mysql://127.0.0.1/isucon", null, null).describe())
        .isEqualTo("jdbc:mysql://127.0.0.1/isucon?permitMysqlScheme");
    assertThat(HostDatabase.of("jdbc:mariadb://127.0.0.1/isucon", null, null).describe())
        .as("taken as it is").isEqualTo("jdbc:mariadb://127.0.0.1/isucon");
  }

  @Test
  void aUrlNoDriverTakesIsRefusedSayingWhich() {
    assertThatThrownBy(() -> HostDatabase.of("jdbc:postgresql://127.0.0.1/x?password=s3cret", "u", "p"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("no JDBC driver on the class path takes jdbc:postgresql://127.0.0.1/x")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void aDatabaseThatIsNotThereIsSaidInOneLine() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    HostDatabase db = HostDatabase.of("jdbc:mariadb://127.0.0.1:" + closed + "/x", "u", "s3cret");
    assertThat(db.unreachable(2000)).isNotBlank().doesNotContain("\n").doesNotContain("s3cret");
  }
}
