package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.snapshot.AdvisorSection.Counts;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.RunPage;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdvisorEndToEndTest {

  @TempDir
  Path dir;

  /** Stands in for the database inspector: its section, shaped as it writes it. */
  private final Collector database = new Collector() {
    @Override
    public String name() {
      return "database";
    }

    @Override
    public void start(RunContext run) {}

    @Override
    public Section stop(boolean saving) {
      return Inputs.database(Map.of("log_bin", "ON", "innodb_flush_log_at_trx_commit", "2"), 1, 1);
    }
  };

  @Test
  void saveWritesTheChecklistAndTheRunPageShowsIt() throws Exception {
    Environment env = Environment.empty().withSysctl(Map.of("net.core.somaxconn", "128"));
    RunLifecycle runs = new RunLifecycle(new RunStore(dir), List.of(database),
        List.of(new Advisor(() -> env, Advisor.defaultRules())), () -> new GitRevision("abc", false),
        5, Clock.systemUTC());
    runs.reset();
    Snapshot stored = runs.store().read(runs.save(100L, true, null).id()).orElseThrow();

    AdvisorSection advisor = stored.section(AdvisorSection.class).orElseThrow();
    List<Row> rows = advisor.rows();
    // Every rule has its row, or is named in the one row of the rules skipped for its reason.
    List<String> judged = rows.stream().flatMap(r -> r.evidence().get("rules") instanceof List<?> ids
        ? ids.stream().map(String::valueOf) : java.util.stream.Stream.of(r.rule())).toList();
    assertThat(judged).containsAll(Advisor.defaultRules().stream().map(Rule::id).toList());
    assertThat(rows).filteredOn(r -> r.rule().equals("nginx-*")).singleElement()
        .satisfies(r -> assertThat(r.evidence()).containsEntry("missing", NginxFront.NONE));
    assertThat(rows.get(0).status()).isEqualTo(Status.WARN);
    assertThat(rows).anySatisfy(r -> {
      assertThat(r.rule()).isEqualTo("db-binlog");
      assertThat(r.status()).isEqualTo(Status.WARN);
      assertThat(r.fix()).contains("skip-log-bin");
    });
    assertThat(rows).anySatisfy(r -> {
      assertThat(r.rule()).isEqualTo("db-flush-log");
      assertThat(r.status()).isEqualTo(Status.OK);
    });
    Counts counts = advisor.counts();
    assertThat(counts.warn() + counts.missing() + counts.info() + counts.ok() + counts.skip())
        .isEqualTo(rows.size());

    String page = RunPage.render(stored, false, null);
    assertThat(page).contains("id=\"h-advisor\"", "<table class=\"sortable\" id=\"advisor\"",
        "binary log off", "skip-log-bin", "badge s-warn");
    assertThat(page).doesNotContain("id=\"section-advisor\"");
  }
}
