package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.nio.file.Path;
import java.util.List;

/** {@code GET /}: the runs saved so far, newest first, and whether a run is open now. */
public final class HistoryPage {

  private static final String HELP = "curl -X POST localhost:19191/reset\n"
      + "# run the benchmark\n"
      + "curl -X POST 'localhost:19191/save?score=12345'";

  private HistoryPage() {}

  /**
   * The page.
   *
   * @param runs the history, newest first; unreadable entries are shown as warnings
   * @param inProgress the open run, or null when none is open
   * @param health isutools4j's own health (null counts as healthy)
   */
  public static String render(List<StoredRun> runs, RunMeta inProgress, HealthStatus health) {
    StringBuilder out = Layout.begin("isutools4j — runs", health, 8_192 + runs.size() * 600);
    out.append("<h1>Runs</h1>");
    banner(out, inProgress);
    out.append("<div class=\"help\">The loop: reset, run the benchmark, save with its score."
        + " Then change one thing and go again.<pre>");
    Html.escape(out, HELP).append("</pre></div>");

    List<RunMeta> scored = HistoryTrend.scored(runs);
    Repeats repeats = Repeats.of(runs);
    HistoryTrend.chart(out, scored, repeats);
    HistoryTrend.noise(out, scored, repeats);

    out.append("<h2>History <span class=\"muted\">(").append(Units.count(runs.size()))
        .append(runs.size() == 1 ? " run" : " runs").append(")</span></h2>");
    Table table = new Table(out, "history")
        .left("time").left("revision").right("score").column("pass", Table.Align.CENTER, null)
        .right("requests").right("duration").left("note").left("diff")
        .sortedBy(0, true);
    HistoryTrend.filter(out);
    table.begin();
    for (int i = 0; i < runs.size(); i++) {
      StoredRun run = runs.get(i);
      if (run.readable()) {
        readable(table, run, previousReadable(runs, i), repeats.of(run.meta()));
      } else {
        unreadable(table, run);
      }
    }
    table.end();
    return Layout.end(out);
  }

  /** The id of the readable run saved just before run {@code id}, or null. */
  static String previous(List<StoredRun> newestFirst, String id) {
    boolean found = false;
    for (StoredRun run : newestFirst) {
      if (found && run.readable()) {
        return run.id();
      }
      found |= run.id().equals(id);
    }
    return null;
  }

  private static void banner(StringBuilder out, RunMeta open) {
    if (open == null) {
      out.append("<div class=\"banner\" id=\"current\">no run open — POST /reset to start one</div>");
      return;
    }
    LiveView.historyLine(out, open);
  }

  private static String previousReadable(List<StoredRun> runs, int index) {
    for (int i = index + 1; i < runs.size(); i++) {
      if (runs.get(i).readable()) {
        return runs.get(i).id();
      }
    }
    return null;
  }

  private static void readable(Table table, StoredRun run, String previous,
      Repeats.Group group) {
    RunMeta m = run.meta();
    StringBuilder out = table.out();
    String filter = ((m.revision() == null ? "" : m.revision()) + " "
        + (m.label() == null ? "" : m.label() + " ")
        + (m.note() == null ? "" : m.note())).toLowerCase(java.util.Locale.ROOT);
    table.row(group == null || group.runs() < 2 ? null : "grouped", filter);
    String link = "runs/" + Html.pathSegment(run.id());
    table.open(m.startedAt() == null ? "" : Long.toString(m.startedAt().toEpochMilli()), null)
        .append("<a href=\"").append(Html.escape(link)).append("\" title=\"run ");
    Html.escape(out, run.id()).append("\">");
    Fragments.time(out, m.startedAt()).append("</a>");
    HostsView.badges(out, m);
    table.close();

    Fragments.revision(table.open(m.revision() == null ? "" : m.revision(), null),
        m.revision(), m.dirty());
    HistoryTrend.marker(out, group);
    table.close();
    if (m.score() == null) {
      table.blank();
    } else {
      table.cell(m.score(), Units.count(m.score()));
    }
    Fragments.pass(table.open(Fragments.passKey(m.pass()), null), m.pass());
    table.close();
    table.cell(m.requests(), Units.count(m.requests()));
    if (m.endedAt() == null || m.startedAt() == null) {
      table.blank();
    } else {
      table.cell(m.durationSeconds(), Units.seconds(m.durationSeconds()));
    }
    note(table, m);
    if (previous == null) {
      table.blank();
    } else {
      String href = "diff?a=" + Html.pathSegment(previous) + "&b=" + Html.pathSegment(run.id());
      table.html("", "<a href=\"" + Html.escape(href) + "\" title=\"what changed since the run before\">diff</a>");
    }
    table.endRow();
  }

  /** The note, after the run's label when it has one. */
  private static void note(Table table, RunMeta m) {
    String note = m.note() == null ? "" : m.note();
    if (m.label() == null) {
      table.cell(note, m.note());
      return;
    }
    table.html(m.label() + " " + note, "<span class=\"label\">" + Html.escape(m.label())
        + "</span>" + (note.isEmpty() ? "" : " " + Html.escape(note)));
  }

  private static void unreadable(Table table, StoredRun run) {
    Path file = run.file() == null ? null : run.file().getFileName();
    String name = file == null ? run.id() : file.toString();
    table.row("warn");
    table.open("", run.file() == null ? null : run.file().toString()).append("⚠ ");
    Html.escape(table.out(), name);
    table.close();
    String problem = run.problem() == null ? "unreadable" : run.problem();
    table.span(table.columnCount() - 1, "could not read: " + Html.escape(problem), null);
    table.endRow();
  }
}
