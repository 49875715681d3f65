package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.List;
import java.util.Map;

/** {@code GET /runs/{id}} and {@code /runs/current}: one run, its metadata and its tables. */
public final class RunPage {

  private RunPage() {}

  /**
   * The saved run's page as a file beside its JSON: everything inlined, links only relative, so
   * that it opens from disk with no server.
   */
  public static String standalone(Snapshot snapshot) {
    // Beside the other runs' files, "all runs" is the folder that holds them, and the run's own
    // files are in its folder there.
    return render(snapshot, false, null, "./", "./");
  }

  /**
   * The page.
   *
   * @param snapshot the run
   * @param inProgress whether the run is still open (its numbers are a moment's view)
   * @param health isutools4j's own health (null counts as healthy)
   */
  public static String render(Snapshot snapshot, boolean inProgress, HealthStatus health) {
    // The run's files are served under /files/, beside /runs/.
    return render(snapshot, inProgress, health, "../", "../files/");
  }

  private static String render(Snapshot snapshot, boolean inProgress, HealthStatus health,
      String allRuns, String files) {
    RunMeta m = snapshot.meta();
    List<HttpRow> http = snapshot.http();
    int routeQueries = 0;
    for (HttpRow r : http) {
      routeQueries += r.queries() == null ? 0 : Math.min(r.queries().size(), RouteQueryTable.TOP);
    }
    int hint = 8_192 + snapshot.sql().size() * 1_600 + http.size() * 1_400 + routeQueries * 900;
    StringBuilder out = Layout.begin("isutools4j — run " + m.id(), health, hint);

    out.append("<p class=\"nav\"><a href=\"").append(allRuns).append("\">← all runs</a>");
    if (snapshot.section(AdvisorSection.class).isPresent()) {
      out.append(" · <a href=\"#h-advisor\">advisor</a>");
    }
    if (snapshot.section(MachineSection.class).isPresent()) {
      out.append(" · <a href=\"#h-machine\">machine</a>");
    }
    if (snapshot.section(DatabaseSection.class).isPresent()) {
      out.append(" · <a href=\"#h-database\">database</a>");
    }
    if (snapshot.section(ProfileSection.class).isPresent()) {
      out.append(" · <a href=\"#h-profile\">profile</a>");
    }
    out.append(" · <a href=\"#h-sql\">SQL</a>"
        + " · <a href=\"#h-http\">HTTP</a> · <a href=\"#h-route-sql\">SQL per route</a>"
        + " · <a href=\"#h-counters\">counters</a>");
    if (snapshot.section(AccessLogSection.class).isPresent()) {
      out.append(" · <a href=\"#h-access-log\">access log</a>");
    }
    if (snapshot.section(SlowLogSection.class).isPresent()) {
      out.append(" · <a href=\"#h-slow-log\">slow log</a>");
    }
    out.append(" · <a href=\"#sections\">sections</a></p>");
    out.append("<h1>Run <code>");
    Html.escape(out, m.id()).append("</code>");
    if (inProgress) {
      out.append(" <span class=\"badge live\">in progress</span>");
    }
    out.append("</h1>");
    if (inProgress) {
      out.append("<div class=\"banner live\">run in progress: these are the numbers so far;"
          + " reload for newer ones.</div>");
    }
    meta(out, m, inProgress);
    snapshot.section(AdvisorSection.class).ifPresent(advisor -> AdvisorView.write(out, advisor));
    snapshot.section(MachineSection.class).ifPresent(machine -> MachineView.write(out, machine));
    snapshot.section(DatabaseSection.class).ifPresent(db -> DatabaseView.write(out, db));
    snapshot.section(ProfileSection.class)
        .ifPresent(profile -> ProfileView.write(out, profile, files));

    out.append("<h2 id=\"h-sql\">SQL <span class=\"muted\">(")
        .append(Units.count(snapshot.sql().size())).append(" statements)</span></h2>");
    SqlTable.write(out, snapshot.sql());
    out.append("<h2 id=\"h-http\">HTTP <span class=\"muted\">(")
        .append(Units.count(http.size())).append(" routes)</span></h2>");
    HttpTable.write(out, http);
    out.append("<h2 id=\"h-route-sql\">SQL per route</h2>");
    RouteQueryTable.write(out, http);
    out.append("<h2 id=\"h-counters\">Counters</h2>");
    CounterTable.write(out, snapshot.counters());
    snapshot.section(AccessLogSection.class).ifPresent(accessLog -> AccessLogView.write(out, accessLog));
    snapshot.section(SlowLogSection.class).ifPresent(slowLog -> SlowLogView.write(out, slowLog));

    out.append("<h2 id=\"sections\">Sections</h2>");
    Map<String, Object> sections = snapshot.sections();
    if (Sections.write(out, sections) == 0) {
      out.append("<p class=\"muted\">no other sections in this run</p>");
    }
    return Layout.end(out);
  }

  private static void meta(StringBuilder out, RunMeta m, boolean inProgress) {
    out.append("<dl class=\"meta\">");
    out.append("<dt>id</dt><dd><code>");
    Html.escape(out, m.id()).append("</code></dd>");
    out.append("<dt>started</dt><dd>");
    Fragments.time(out, m.startedAt()).append("</dd>");
    out.append("<dt>ended</dt><dd>");
    if (m.endedAt() == null) {
      out.append(inProgress ? "in progress" : Units.NONE);
    } else {
      Fragments.time(out, m.endedAt());
    }
    out.append("</dd>");
    out.append("<dt>duration</dt><dd>")
        .append(m.startedAt() == null ? Units.NONE : Units.seconds(m.durationSeconds()))
        .append("</dd>");
    out.append("<dt>revision</dt><dd>");
    Fragments.revision(out, m.revision(), m.dirty());
    Fragments.revisionSource(out, m.revisionSource()).append("</dd>");
    out.append("<dt>score</dt><dd>")
        .append(m.score() == null ? Units.NONE : Units.count(m.score())).append("</dd>");
    out.append("<dt>pass</dt><dd>");
    Fragments.pass(out, m.pass()).append("</dd>");
    out.append("<dt>requests</dt><dd>").append(Units.count(m.requests())).append("</dd>");
    out.append("<dt>queries</dt><dd>").append(Units.count(m.queries())).append("</dd>");
    if (m.healthFailures() > 0) {
      out.append("<dt>isutools4j failures</dt><dd class=\"fail\">")
          .append(Units.count(m.healthFailures())).append(" during this run</dd>");
    }
    out.append("<dt class=\"note\">note</dt><dd class=\"note\">");
    if (m.note() == null || m.note().isEmpty()) {
      out.append("<span class=\"muted\">").append(Units.NONE).append("</span>");
    } else {
      Html.escape(out, m.note());
    }
    out.append("</dd></dl>");
  }
}
