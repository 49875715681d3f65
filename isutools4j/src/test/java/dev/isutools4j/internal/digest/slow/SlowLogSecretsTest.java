package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.Malformed;
import dev.isutools4j.internal.sql.SecretColumns;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slow log's samples (its rows' worst statements) have their secret values masked. */
class SlowLogSecretsTest {

  // A statement read from its middle: the slow log's lines since reset may start inside one.
  private static final String LOG = """
      'h4', 'carol', 'secret-tail'), ('dan', 'h5');
      # Time: 261201  7:49:16
      # User@Host: app[app] @ localhost []
      # Thread_id: 9  Schema: isu  QC_hit: No
      # Query_time: 0.000300  Lock_time: 0.000010  Rows_sent: 0  Rows_examined: 0
      # Rows_affected: 1  Bytes_sent: 11
      SET timestamp=1796111356;
      INSERT INTO users (account_name, passhash) VALUES ('alice', 'h1'), ('bob', 'h2');
      # User@Host: app[app] @ localhost []
      # Thread_id: 9  Schema: isu  QC_hit: No
      # Query_time: 0.000200  Lock_time: 0.000010  Rows_sent: 1  Rows_examined: 1
      # Rows_affected: 0  Bytes_sent: 80
      SET timestamp=1796111357;
      SELECT * FROM users WHERE account_name = 'alice' AND passhash = 'h1';
      """;

  private static SlowReport read(SlowLogDigest.Options options) throws IOException {
    return SlowLogDigest.read(new ByteArrayInputStream(LOG.getBytes(StandardCharsets.UTF_8)), options);
  }

  @Test
  void samplesKeepTheirValuesButTheSecretOnes() throws IOException {
    SlowReport report = read(SlowLogDigest.Options.defaults());
    List<String> samples = report.rows().stream().map(SlowRow::sample).toList();
    assertThat(samples).containsExactlyInAnyOrder(
        "INSERT INTO users (account_name, passhash) VALUES ('alice', '***'), ('bob', '***')",
        "SELECT * FROM users WHERE account_name = 'alice' AND passhash = '***'");
    assertThat(report.malformed().examples()).extracting(Malformed.Example::text)
        .noneMatch(text -> text.contains("h4") || text.contains("secret-tail"));
  }

  @Test
  void theColumnsAreTheCallersToChoose() throws IOException {
    SlowReport report = read(SlowLogDigest.Options.defaults().withSecrets(SecretColumns.ofSetting("none")));
    assertThat(report.rows()).extracting(SlowRow::sample)
        .contains("SELECT * FROM users WHERE account_name = 'alice' AND passhash = 'h1'");
  }
}
