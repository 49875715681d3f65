package dev.isutools4j.internal.hub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.LogMalformed;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.testing.Snapshots;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A peer's part arrives at the hub with every statement text masked by the hub's own secret
 * columns, which may name more than the peer's did.
 */
class PartSecretsTest {

  private static final SecretColumns HUB = SecretColumns.ofSetting("pin");

  @Test
  void everyStatementTextOfAPartIsMaskedByTheHubsColumns() {
    Snapshot base = Snapshots.sample("20261202-100000-000", Instant.parse("2026-12-02T10:00:00Z"));
    SqlRow row = base.sql().get(0);
    SlowLogSection.Row slow = new SlowLogSection.Row("update cards set pin = ? where id = ?", false,
        1, null, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 11, null,
        "UPDATE cards SET pin = 1234 WHERE id = 5", 1, "isu");
    SlowLogSection slowLog = new SlowLogSection(LogRead.notSupported("test"),
        new SlowLogSection.Digest(3, 1, 0, 0, 0,
            new LogMalformed(1, List.of(new LogMalformed.Example(1, 0, "outside", "5678, 'x');"))),
            new SlowLogSection.Totals(1, 1, 0, 0, 0, 1), List.of(slow)));
    DatabaseSection database = DatabaseSection.unsupported("test").withPlans(List.of(
        DatabaseSection.Plan.failed("select * from cards where pin = ?",
            "SELECT * FROM cards WHERE pin = 4321", 1, 1, "no")));
    Snapshot part = new Snapshot(base.meta(),
        List.of(row, row.withSample("SELECT * FROM cards WHERE `PIN` = '0042' AND id = 5")),
        base.http(), base.counters(), Map.of("slowLog", slowLog, "database", database));

    Snapshot masked = PartSecrets.masked(part, HUB);

    assertThat(masked.sql()).extracting(SqlRow::sample).containsExactly(
        "SELECT * FROM comments WHERE post_id = 42", "SELECT * FROM cards WHERE `PIN` = '***' AND id = 5");
    SlowLogSection.Digest digest = masked.section(SlowLogSection.class).orElseThrow().digest();
    assertThat(digest.rows().get(0).sample()).isEqualTo("UPDATE cards SET pin = '***' WHERE id = 5");
    assertThat(digest.malformed().examples().get(0).text()).isEqualTo("'***', '***');");
    assertThat(masked.section(DatabaseSection.class).orElseThrow().plans().get(0).sample())
        .isEqualTo("SELECT * FROM cards WHERE pin = '***'");
    assertThat(masked.http()).isEqualTo(part.http());
    assertThat(masked.meta()).isEqualTo(part.meta());
  }
}
