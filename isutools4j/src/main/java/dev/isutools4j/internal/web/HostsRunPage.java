package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.List;
import java.util.Set;

/**
 * The page of a run across hosts: the verdict over the merged tables and every host's machine and
 * advisor, its hosts (and what is missing), CPU and network per host on one time axis, the app
 * hosts' merged tables, then each host's part: a link to the part's own page on
 * the dashboard, or in the standalone file the part's page itself in a collapsed frame.
 */
final class HostsRunPage {

  private static final Set<String> APP_ROLES = Set.of("app", "mixed");

  private HostsRunPage() {}

  static String render(Snapshot snapshot, boolean inProgress, HealthStatus health,
      RunPage.Place place) {
    RunMeta m = snapshot.meta();
    boolean standalone = place == RunPage.Place.STANDALONE;
    int hint = 16_384 + snapshot.sql().size() * 1_600 + snapshot.http().size() * 2_000;
    StringBuilder out = Layout.begin("isutools4j — run " + m.id() + " (" + HostsView.count(m) + ")",
        health, hint);

    out.append("<p class=\"nav\"><a href=\"").append(place.allRuns()).append("\">← all runs</a>")
        .append(" · <a href=\"#verdict\">verdict</a> · <a href=\"#h-hosts\">hosts</a>"
            + " · <a href=\"#h-host-machine\">machine per host</a>"
            + " · <a href=\"#h-sql\">SQL</a> · <a href=\"#h-http\">HTTP</a>"
            + " · <a href=\"#h-route-sql\">SQL per route</a> · <a href=\"#h-counters\">counters</a>"
            + " · <a href=\"#h-parts\">each host</a> · <a href=\"#sections\">sections</a></p>");
    out.append("<h1>Run <code>");
    Html.escape(out, m.id()).append("</code>");
    HostsView.badges(out, m);
    if (inProgress) {
      out.append(" <span class=\"badge live\">in progress</span>");
    }
    out.append("</h1>");
    HostsView.partialBanner(out, m);
    if (inProgress) {
      out.append("<div class=\"banner live\">run in progress: these are the numbers so far;"
          + " reload for newer ones.</div>");
    }
    VerdictView.write(out, Verdict.of(snapshot), host -> !snapshot.parts().containsKey(host) ? null
        : standalone ? "#part-" + Html.pathSegment(host)
        : Html.pathSegment(m.id()) + "/hosts/" + Html.pathSegment(host));
    RunPage.meta(out, m, inProgress);

    out.append("<h2 id=\"h-hosts\">Hosts <span class=\"muted\">(").append(HostsView.count(m))
        .append(")</span></h2>");
    HostsView.table(out, m.hosts(), host -> !snapshot.parts().containsKey(host.name()) ? null
        : standalone ? "#" + partId(host) : partHref(snapshot, host));
    out.append("<h2 id=\"h-host-machine\">Machine per host</h2>");
    HostCharts.write(out, m.hosts(), snapshot.parts());

    String merged = merged(m.hosts());
    RunPage.tables(out, snapshot, merged);
    RunPage.counters(out, snapshot, " <span class=\"muted\">(" + Html.escape(merged) + ")</span>");
    parts(out, snapshot, standalone);
    RunPage.otherSections(out, snapshot);
    return Layout.end(out);
  }

  /** What the top-level tables merge: {@code merged over the app hosts app1, app2}. */
  static String merged(List<HostInfo> hosts) {
    List<String> apps = hosts.stream().filter(HostInfo::hasPart)
        .filter(h -> h.role() != null && APP_ROLES.contains(h.role())).map(HostInfo::name).toList();
    return apps.isEmpty() ? "merged over the hosts' parts"
        : "merged over the app " + (apps.size() == 1 ? "host " : "hosts ") + String.join(", ", apps);
  }

  private static void parts(StringBuilder out, Snapshot snapshot, boolean standalone) {
    out.append("<h2 id=\"h-parts\">Each host</h2>");
    if (!standalone) {
      out.append("<ul class=\"parts\" id=\"parts\">");
    }
    for (HostInfo host : snapshot.meta().hosts()) {
      Snapshot part = snapshot.parts().get(host.name());
      if (standalone) {
        framed(out, snapshot, host, part);
      } else {
        linked(out, snapshot, host, part);
      }
    }
    if (!standalone) {
      out.append("</ul>");
    }
  }

  private static void linked(StringBuilder out, Snapshot snapshot, HostInfo host, Snapshot part) {
    out.append("<li>");
    if (part == null) {
      Html.escape(out, host.name());
      out.append(" <span class=\"muted\">no part: ");
      Html.escape(out, reason(host)).append("</span></li>");
      return;
    }
    String href = partHref(snapshot, host);
    out.append("<a href=\"");
    Html.escape(out, href).append("\">");
    Html.escape(out, host.name()).append("</a> <span class=\"muted\">");
    summary(out, host, part).append("</span></li>");
  }

  private static void framed(StringBuilder out, Snapshot snapshot, HostInfo host, Snapshot part) {
    String id = partId(host);
    if (part == null) {
      out.append("<p class=\"part\" id=\"").append(id).append("\"><code>");
      Html.escape(out, host.name()).append("</code> <span class=\"muted\">no part: ");
      Html.escape(out, reason(host)).append("</span></p>");
      return;
    }
    out.append("<details class=\"part\" id=\"").append(id).append("\"><summary><code>");
    Html.escape(out, host.name()).append("</code> <span class=\"muted\">");
    summary(out, host, part).append("</span></summary><iframe class=\"part\" loading=\"lazy\" title=\"");
    Html.escape(out, host.name()).append("'s own page\" srcdoc=\"");
    Html.escape(out, RunPage.framedPart(snapshot, host.name(), part));
    out.append("\"></iframe></details>");
  }

  /** The address of the host's part page, relative to the run's page. */
  private static String partHref(Snapshot snapshot, HostInfo host) {
    return Html.pathSegment(snapshot.meta().id()) + "/hosts/" + Html.pathSegment(host.name());
  }

  private static String partId(HostInfo host) {
    return "part-" + Html.pathSegment(host.name());
  }

  private static StringBuilder summary(StringBuilder out, HostInfo host, Snapshot part) {
    RunMeta m = part.meta();
    Html.escape(out, host.role() == null ? "role unknown" : host.role());
    if (HostInfo.LATE.equals(host.status())) {
      out.append(", late");
    }
    return out.append(" · ").append(Units.count(m.requests())).append(" requests · ")
        .append(Units.count(m.queries())).append(" queries");
  }

  private static String reason(HostInfo host) {
    return host.reason() == null || host.reason().isBlank() ? "it sent none" : host.reason();
  }
}
