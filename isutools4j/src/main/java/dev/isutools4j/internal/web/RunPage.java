package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.TracesSection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /runs/{id}} and {@code /runs/current}: one run, its metadata and its tables. A run
 * across hosts has its own layout ({@link HostsRunPage}); each host's part is then a page of its own.
 */
public final class RunPage {

  /**
   * Where a page sits: the links to all runs and to the run's files (null: not linked), and for a
   * host's part the meta of the run it belongs to, that host, the link back (null: none) and
   * whether the page is shown in a frame of the run's page (its links then leave the frame).
   */
  record Place(String allRuns, String files, RunMeta run, String host, String back,
      boolean framed) {
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
   * page shows a run, with a line naming the run it belongs to and a link back to it, and the
   * partial banner when that run lacks a host's part.
   */
  static String part(Snapshot run, String host, Snapshot part, HealthStatus health) {
    String id = run.meta().id();
    return render(part, false, health, new Place("../../../", null, run.meta(), host,
        "../../" + Html.pathSegment(id), false));
  }

  /** A host's part inside the standalone page of its run: in a frame, its links leave the frame. */
  static String framedPart(Snapshot run, String host, Snapshot part) {
    return render(part, false, null, new Place("./", null, run.meta(), host, null, true));
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
    sectionLinks(out);
    out.append(" · <a href=\"#sections\">sections</a></p>");
    out.append("<h1>Run <code>");
    Html.escape(out, m.id()).append("</code>");
    if (inProgress) {
      out.append(" <span class=\"badge live\">in progress</span>");
    }
    out.append("</h1>");
    if (place.part()) {
      partOf(out, place);
      if (!place.framed()) { // framed, the run's own page above it says so
        HostsView.partialBannerOfPart(out, place.run());
      }
    }
    if (inProgress) {
      LiveView.write(out, snapshot);
    }
    VerdictView.write(out, Verdict.of(snapshot), null);
    meta(out, m, inProgress);
    sections(out, snapshot, place.files());
    otherSections(out, snapshot);
    return Layout.end(out);
  }

  private static void partOf(StringBuilder out, Place place) {
    out.append("<p class=\"part-of\" id=\"part-of\">host <code>");
    Html.escape(out, place.host()).append("</code>'s part of the run across hosts ");
    if (place.back() == null) {
      out.append("<code>");
      Html.escape(out, place.run().id()).append("</code>");
    } else {
      out.append("<a href=\"");
      Html.escape(out, place.back()).append("\">← run <code>");
      Html.escape(out, place.run().id()).append("</code></a>");
    }
    out.append("</p>");
  }

  /** The navigation links of the sections, in the page's order. */
  static void sectionLinks(StringBuilder out) {
    out.append(" · <a href=\"#verdict\">verdict</a>"
        + " · <a href=\"#h-sql\">SQL</a> · <a href=\"#h-http\">HTTP</a>"
        + " · <a href=\"#h-traces\">slowest requests</a>"
        + " · <a href=\"#h-route-sql\">SQL per route</a> · <a href=\"#h-flow\">flow</a>"
        + " · <a href=\"#h-profile\">profile</a>"
        + " · <a href=\"#h-machine\">machine</a> · <a href=\"#h-database\">database</a>"
        + " · <a href=\"#h-access-log\">access log</a> · <a href=\"#h-slow-log\">slow log</a>"
        + " · <a href=\"#h-counters\">counters</a> · <a href=\"#h-advisor\">advisor</a>");
  }

  /**
   * Every section in the order a player reads them: SQL, HTTP, slowest requests, SQL per route,
   * user flow, profile, machine, database, the logs, counters, advisor. A section with nothing to
   * show is one line saying why.
   *
   * @param files where the run's files are linked from (null: not linked)
   */
  static void sections(StringBuilder out, Snapshot snapshot, String files) {
    tables(out, snapshot, null);
    FlowView.write(out, snapshot.section(FlowSection.class));
    Optional<ProfileSection> profile = snapshot.section(ProfileSection.class);
    if (profile.isPresent()) {
      ProfileView.write(out, profile.get(), files);
    } else {
      absent(out, "h-profile", "Profile", "not profiled: no profile in this run"
          + " (isutools.profile is off, or the host runs no app JVM)");
    }
    Optional<MachineSection> machine = snapshot.section(MachineSection.class);
    if (machine.isPresent()) {
      MachineView.write(out, machine.get());
    } else {
      absent(out, "h-machine", "Machine", "not sampled: no machine section in this run");
    }
    Optional<DatabaseSection> db = snapshot.section(DatabaseSection.class);
    if (db.isPresent()) {
      DatabaseView.write(out, db.get());
    } else {
      absent(out, "h-database", "Database", "not inspected: no database section in this run");
    }
    Optional<AccessLogSection> accessLog = snapshot.section(AccessLogSection.class);
    if (accessLog.isPresent()) {
      AccessLogView.write(out, accessLog.get());
    } else {
      absent(out, "h-access-log", "Access log", "not read: no access log configured"
          + " (set isutools.access.log)");
    }
    Optional<SlowLogSection> slowLog = snapshot.section(SlowLogSection.class);
    if (slowLog.isPresent()) {
      SlowLogView.write(out, slowLog.get());
    } else {
      absent(out, "h-slow-log", "Slow log", "not read: no slow log configured"
          + " (set isutools.slow.log)");
    }
    counters(out, snapshot, "");
    Optional<AdvisorSection> advisor = snapshot.section(AdvisorSection.class);
    if (advisor.isPresent()) {
      AdvisorView.write(out, advisor.get());
    } else {
      absent(out, "h-advisor", "Advisor", "no checklist: the advisor did not run for this run");
    }
  }

  /**
   * The SQL, HTTP and SQL-per-route tables, and between the last two a run of one host's slowest
   * requests.
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
    if (snapshot.sql().isEmpty()) {
      nothing(out, "no SQL recorded: no statement went through the isutools4j JDBC driver"
          + " (a jdbc:isutools: URL, Isutools.wrap or the agent) in this run");
    } else {
      SqlTable.write(out, snapshot.sql());
    }
    out.append("<h2 id=\"h-http\">HTTP <span class=\"muted\">(")
        .append(Units.count(http.size())).append(" routes").append(also).append(")</span></h2>");
    if (http.isEmpty()) {
      nothing(out, "no HTTP requests recorded: the servlet filter (or the agent) saw none in this run");
    } else {
      HttpTable.write(out, http);
    }
    if (merged == null) {
      traces(out, snapshot);
    }
    out.append("<h2 id=\"h-route-sql\">SQL per route").append(alone).append("</h2>");
    if (http.stream().allMatch(r -> r.queries() == null || r.queries().isEmpty())) {
      nothing(out, http.isEmpty() ? "no routes in this run" : "no route ran SQL in this run");
    } else {
      RouteQueryTable.write(out, http);
    }
  }

  /** The slowest requests with their timelines; a run of several hosts has them in each host's part. */
  private static void traces(StringBuilder out, Snapshot snapshot) {
    Optional<TracesSection> traces = snapshot.section(TracesSection.class);
    if (traces.isPresent()) {
      TracesView.write(out, traces.get(), snapshot.sql());
    } else {
      absent(out, "h-traces", "Slowest requests", "not kept: no traces in this run (they come at its"
          + " save; a run saved by an earlier version, or a host with no app JVM, has none)");
    }
  }

  /** The counters table, {@code alone} after its heading. */
  static void counters(StringBuilder out, Snapshot snapshot, String alone) {
    out.append("<h2 id=\"h-counters\">Counters").append(alone).append("</h2>");
    if (snapshot.counters().isEmpty()) {
      nothing(out, "no counters: the app counted nothing with Isutools.count or Isutools.hit");
    } else {
      CounterTable.write(out, snapshot.counters());
    }
  }

  private static void absent(StringBuilder out, String id, String heading, String why) {
    out.append("<h2 id=\"").append(id).append("\">").append(heading).append("</h2>");
    nothing(out, why);
  }

  static void nothing(StringBuilder out, String why) {
    out.append("<p class=\"muted empty-section\">");
    Html.escape(out, why).append("</p>");
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
