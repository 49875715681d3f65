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

/**
 * {@code GET /runs/{id}} and {@code /runs/current}: one run, its metadata and its tables. A run
 * across hosts has its own layout ({@link HostsRunPage}); each host's part is then a page of its own.
 */
public final class RunPage {

  /**
   * Where a page sits: the links to all runs and to the run's files (null: not linked), and for a
   * host's part the run it belongs to, that host, the link back (null: none) and whether the page
   * is shown in a frame of the run's page (its links then leave the frame).
   */
  record Place(String allRuns, String files, String run, String host, String back, boolean framed) {
    // The run's files are served under /files/, beside /runs/.
    static final Place LIVE = new Place("../", "../files/", null, null, null, false);
    // Beside the other runs' files, "all runs" is the folder that holds them, and the run's own
    // files are in its folder there.
    static final Place STANDALONE = new Place("./", "./", null, null, null, false);

    boolean part() {
      return host != null;
    }
  }

  private RunPage() {}

  /**
   * The saved run's page as a file beside its JSON: everything inlined, links only relative, so
   * that it opens from disk with no server.
   */
  public static String standalone(Snapshot snapshot) {
    if (snapshot.meta().multiHost()) {
      return HostsRunPage.render(snapshot, false, null, Place.STANDALONE);
    }
    return render(snapshot, false, null, Place.STANDALONE);
  }

  /**
   * The page.
   *
   * @param snapshot the run
   * @param inProgress whether the run is still open (its numbers are a moment's view)
   * @param health isutools4j's own health (null counts as healthy)
   */
  public static String render(Snapshot snapshot, boolean inProgress, HealthStatus health) {
    if (snapshot.meta().multiHost()) {
      return HostsRunPage.render(snapshot, inProgress, health, Place.LIVE);
    }
    return render(snapshot, inProgress, health, Place.LIVE);
  }

  /**
   * {@code GET /runs/{id}/hosts/{name}}: one host's part of a run across hosts, as the ordinary run
   * page shows a run, with a line naming the run it belongs to and a link back to it.
   */
  static String part(Snapshot run, String host, Snapshot part, HealthStatus health) {
    String id = run.meta().id();
    return render(part, false, health, new Place("../../../", null, id, host,
        "../../" + Html.pathSegment(id), false));
  }

  /** A host's part inside the standalone page of its run: in a frame, its links leave the frame. */
  static String framedPart(Snapshot run, String host, Snapshot part) {
    return render(part, false, null, new Place("./", null, run.meta().id(), host, null, true));
  }

  static String render(Snapshot snapshot, boolean inProgress, HealthStatus health, Place place) {
    RunMeta m = snapshot.meta();
    List<HttpRow> http = snapshot.http();
    int routeQueries = 0;
    for (HttpRow r : http) {
      routeQueries += r.queries() == null ? 0 : Math.min(r.queries().size(), RouteQueryTable.TOP);
    }
    int hint = 8_192 + snapshot.sql().size() * 1_600 + http.size() * 1_400 + routeQueries * 900;
    String title = "isutools4j — run " + m.id() + (place.part() ? ", host " + place.host() : "");
    StringBuilder out = Layout.begin(title, health, hint);

    out.append("<p class=\"nav\"><a href=\"").append(place.allRuns())
        .append(place.framed() ? "\" target=\"_top" : "").append("\">← all runs</a>");
    sectionLinks(out, snapshot);
    out.append(" · <a href=\"#h-sql\">SQL</a>"
        + " · <a href=\"#h-http\">HTTP</a> · <a href=\"#h-route-sql\">SQL per route</a>"
        + " · <a href=\"#h-counters\">counters</a>");
    logLinks(out, snapshot);
    out.append(" · <a href=\"#sections\">sections</a></p>");
    out.append("<h1>Run <code>");
    Html.escape(out, m.id()).append("</code>");
    if (inProgress) {
      out.append(" <span class=\"badge live\">in progress</span>");
    }
    out.append("</h1>");
    if (place.part()) {
      partOf(out, place);
    }
    if (inProgress) {
      LiveView.write(out, snapshot);
    }
    meta(out, m, inProgress);
    sections(out, snapshot, place.files());
    tables(out, snapshot, null);
    logs(out, snapshot);
    otherSections(out, snapshot);
    return Layout.end(out);
  }

  private static void partOf(StringBuilder out, Place place) {
    out.append("<p class=\"part-of\" id=\"part-of\">host <code>");
    Html.escape(out, place.host()).append("</code>'s part of the run across hosts ");
    if (place.back() == null) {
      out.append("<code>");
      Html.escape(out, place.run()).append("</code>");
    } else {
      out.append("<a href=\"");
      Html.escape(out, place.back()).append("\">← run <code>");
      Html.escape(out, place.run()).append("</code></a>");
    }
    out.append("</p>");
  }

  /** The navigation links of the sections shown before the tables. */
  static void sectionLinks(StringBuilder out, Snapshot snapshot) {
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
  }

  /** The navigation links of the log sections, shown after the tables. */
  static void logLinks(StringBuilder out, Snapshot snapshot) {
    if (snapshot.section(AccessLogSection.class).isPresent()) {
      out.append(" · <a href=\"#h-access-log\">access log</a>");
    }
    if (snapshot.section(SlowLogSection.class).isPresent()) {
      out.append(" · <a href=\"#h-slow-log\">slow log</a>");
    }
  }

  /** The advisor, machine, database and profile sections the run has. */
  static void sections(StringBuilder out, Snapshot snapshot, String files) {
    snapshot.section(AdvisorSection.class).ifPresent(advisor -> AdvisorView.write(out, advisor));
    snapshot.section(MachineSection.class).ifPresent(machine -> MachineView.write(out, machine));
    snapshot.section(DatabaseSection.class).ifPresent(db -> DatabaseView.write(out, db));
    snapshot.section(ProfileSection.class)
        .ifPresent(profile -> ProfileView.write(out, profile, files));
  }

  /**
   * The SQL, HTTP, SQL-per-route and counters tables.
   *
   * @param merged what the tables merge, such as {@code merged over the app hosts app1, app2}, said
   *     in each heading; null for a run of one host
   */
  static void tables(StringBuilder out, Snapshot snapshot, String merged) {
    List<HttpRow> http = snapshot.http();
    String also = merged == null ? "" : ", " + Html.escape(merged);
    String alone = merged == null ? "" : " <span class=\"muted\">(" + Html.escape(merged) + ")</span>";
    out.append("<h2 id=\"h-sql\">SQL <span class=\"muted\">(")
        .append(Units.count(snapshot.sql().size())).append(" statements").append(also)
        .append(")</span></h2>");
    SqlTable.write(out, snapshot.sql());
    out.append("<h2 id=\"h-http\">HTTP <span class=\"muted\">(")
        .append(Units.count(http.size())).append(" routes").append(also).append(")</span></h2>");
    HttpTable.write(out, http);
    out.append("<h2 id=\"h-route-sql\">SQL per route").append(alone).append("</h2>");
    RouteQueryTable.write(out, http);
    out.append("<h2 id=\"h-counters\">Counters").append(alone).append("</h2>");
    CounterTable.write(out, snapshot.counters());
  }

  /** The access and slow log sections the run has. */
  static void logs(StringBuilder out, Snapshot snapshot) {
    snapshot.section(AccessLogSection.class).ifPresent(accessLog -> AccessLogView.write(out, accessLog));
    snapshot.section(SlowLogSection.class).ifPresent(slowLog -> SlowLogView.write(out, slowLog));
  }

  /** The sections no view knows, pretty-printed. */
  static void otherSections(StringBuilder out, Snapshot snapshot) {
    out.append("<h2 id=\"sections\">Sections</h2>");
    Map<String, Object> sections = snapshot.sections();
    if (Sections.write(out, sections) == 0) {
      out.append("<p class=\"muted\">no other sections in this run</p>");
    }
  }

  static void meta(StringBuilder out, RunMeta m, boolean inProgress) {
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
