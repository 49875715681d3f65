package dev.isutools4j.internal.web;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.ProfileSection.MethodRow;
import dev.isutools4j.internal.snapshot.ProfileSection.ThreadRow;
import dev.isutools4j.internal.snapshot.ProfileSectionJson;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The run page's profile part, from the snapshot's {@code profile} section: what sampled and how
 * much, the flame graph (drawn in the browser by flame.js from the tree, inlined as JSON), the top
 * methods by self, total and app samples, and CPU per thread group.
 *
 * <p>The graph's fold toggle also hides the framework rows of the method tables (their
 * {@code data-flame-scope} wrapper gets the class {@code flame-folded}): folded, the page shows
 * only app code, and unfolding brings every row back in its current sort order.
 */
final class ProfileView {

  /** The id of the inline script element that holds the flame graph's tree. */
  static final String FLAME_DATA = "profile-flame";

  private ProfileView() {}

  /**
   * Writes the section.
   *
   * @param files the prefix under which the run's files can be linked from this page, or null
   *     when they cannot (the admin server does not serve them): then their paths are plain text
   */
  static void write(StringBuilder out, ProfileSection profile, String files) {
    out.append("<h2 id=\"h-profile\">Profile</h2>");
    String error = profile.error();
    if (!profile.profiled()) {
      out.append("<div class=\"banner error\" id=\"profile-error\">no profile: ");
      Html.escape(out, error == null ? "no profiler could start" : error).append("</div>");
      return;
    }
    boolean bytes = "bytes".equals(profile.unit());
    summary(out, profile, bytes);
    if (error != null) {
      out.append("<ul class=\"flags\" id=\"profile-error\"><li>partial profile: ");
      Html.escape(out, error).append("</li></ul>");
    }
    fallbacks(out, profile.fallbacks());
    app(out, profile.app());
    files(out, profile.files(), files);
    out.append("<div class=\"profile\" data-flame-scope>");
    flame(out, profile.flame(), bytes);
    out.append("<p class=\"fold-note\">folded: only app rows are shown</p><div class=\"ptables\">");
    methods(out, "profile-top-self", "Top self", "on top of the stack", profile.topSelf(), bytes);
    methods(out, "profile-top-total", "Top total", "anywhere on the stack", profile.topTotal(),
        bytes);
    methods(out, "profile-top-app", "Top app frames",
        "each sample given to its deepest app frame, its callees included", profile.topApp(), bytes);
    threads(out, profile.threads());
    out.append("</div></div>");
  }

  private static void summary(StringBuilder out, ProfileSection p, boolean bytes) {
    StringBuilder line = new StringBuilder(256);
    line.append(p.engine());
    if (p.engineVersion() != null) {
      line.append(' ').append(p.engineVersion());
    }
    line.append(" · mode ").append(p.mode()).append(" · event ").append(p.event());
    if (p.intervalMs() != null) {
      double ms = p.intervalMs();
      line.append(" · every ")
          .append(ms == Math.rint(ms) && ms >= 1 ? (long) ms + " ms" : Units.ms(ms));
    }
    line.append(" · ").append(amount(p.samples(), bytes))
        .append(bytes ? " sampled in " : " samples in ").append(Units.ms(p.durationMs()))
        .append(" · ").append(Units.count(p.stacks())).append(" distinct stacks · ")
        .append(Units.count(p.droppedStacks())).append(" dropped stacks");
    if (p.droppedStacks() > 0) {
      line.append(" (in the total, not in the tables)");
    }
    long droppedNodes = p.flame() == null ? 0 : p.flame().droppedNodes();
    if (droppedNodes > 0) {
      line.append(" · ").append(Units.count(droppedNodes))
          .append(" narrow graph nodes merged into their parents");
    }
    out.append("<p class=\"limits\" id=\"profile-summary\">");
    Html.escape(out, line.toString()).append("</p>");
  }

  private static void fallbacks(StringBuilder out, List<String> fallbacks) {
    if (fallbacks.isEmpty()) {
      return;
    }
    out.append("<ul class=\"fallbacks\" id=\"profile-fallbacks\">");
    for (String fallback : fallbacks) {
      out.append("<li>tried first, not used: ");
      Html.escape(out, fallback).append("</li>");
    }
    out.append("</ul>");
  }

  private static void app(StringBuilder out, ProfileSection.App app) {
    if (app == null) {
      return;
    }
    StringBuilder line = new StringBuilder(160).append("app code: ");
    line.append(app.packages().isEmpty() ? "every package outside the JDK, the frameworks and isutools4j"
        : String.join(", ", app.packages().stream().map(p -> p + "*").toList()));
    if (app.mainClass() != null) {
      line.append(" · main class ").append(app.mainClass()).append(" (")
          .append(app.mainClassFrom()).append(')');
    } else {
      line.append(" · no main class found");
    }
    out.append("<p class=\"limits\" id=\"profile-app\">");
    Html.escape(out, line.toString()).append("</p>");
  }

  private static void files(StringBuilder out, Map<String, String> files, String prefix) {
    if (files.isEmpty()) {
      return;
    }
    out.append("<p class=\"limits\" id=\"profile-files\">files");
    if (prefix == null) {
      out.append(", in the history folder");
    }
    out.append(':');
    for (Map.Entry<String, String> file : files.entrySet()) {
      String path = file.getValue();
      out.append(' ');
      Html.escape(out, file.getKey()).append(' ');
      if (prefix == null) {
        out.append("<code>");
        Html.escape(out, path).append("</code>");
      } else {
        out.append("<a href=\"");
        Html.escape(out, prefix + href(path)).append("\">");
        Html.escape(out, path).append("</a>");
      }
    }
    out.append("</p>");
  }

  /** A relative path, each segment encoded on its own. */
  private static String href(String path) {
    StringBuilder href = new StringBuilder(path.length() + 16);
    for (String segment : path.split("/", -1)) {
      href.append(href.length() == 0 ? "" : "/").append(Html.pathSegment(segment));
    }
    return href.toString();
  }

  private static void flame(StringBuilder out, ProfileSection.Flame flame, boolean bytes) {
    if (flame == null || flame.nodes() == 0) {
      out.append("<p class=\"muted\" id=\"profile-no-flame\">no stacks recorded</p>");
      return;
    }
    String json;
    try {
      json = JSON.std.asString(ProfileSectionJson.writeFlame(flame));
    } catch (IOException | RuntimeException e) {
      Health.failed("web: profile flame graph", e);
      out.append("<p class=\"muted\">the flame graph could not be written: ");
      Html.escape(out, String.valueOf(e.getMessage())).append("</p>");
      return;
    }
    out.append("<div class=\"flame\" data-flame=\"").append(FLAME_DATA).append("\" data-unit=\"")
        .append(bytes ? "bytes" : "samples")
        .append("\"><p class=\"muted\">the flame graph is drawn by the page script</p></div>")
        .append("<script type=\"application/json\" id=\"").append(FLAME_DATA).append("\">");
    Html.scriptJson(out, json).append("</script>\n<script>\n").append(Assets.FLAME_SCRIPT)
        .append("</script>");
  }

  private static void methods(StringBuilder out, String id, String title, String explain,
      List<MethodRow> rows, boolean bytes) {
    out.append("<div><h3>");
    Html.escape(out, title).append(" <span class=\"muted\">(");
    Html.escape(out, explain).append(")</span></h3>");
    Table table = new Table(out, id).left("method").right(bytes ? "bytes" : "samples").right("share")
        .sortedBy(1, true).begin();
    for (MethodRow row : rows) {
      String method = String.valueOf(row.method());
      boolean app = row.app();
      String html = "<code>" + Html.escape(method) + "</code>"
          + (app ? " <span class=\"badge app\" title=\"app code\">app</span>" : "");
      long samples = row.samples();
      double share = row.share() == null ? 0 : row.share();
      table.row(app ? "app" : "fw").html(method, html).cell(samples, amount(samples, bytes))
          .cell(share, Units.percent(share)).endRow();
    }
    table.end();
    out.append("</div>");
  }

  private static void threads(StringBuilder out, List<ThreadRow> rows) {
    out.append("<div><h3>Threads <span class=\"muted\">(CPU time per thread group over the run)"
        + "</span></h3>");
    Table table = new Table(out, "profile-threads").left("thread group").right("threads")
        .right("CPU").right("share").sortedBy(2, true).begin();
    for (ThreadRow row : rows) {
      String name = String.valueOf(row.name());
      double cpuMs = row.cpuMs();
      double share = row.share();
      table.row().cell(name, name)
          .cell(row.threads(), Units.count(row.threads()))
          .cell(cpuMs, Units.ms(cpuMs)).cell(share, Units.percent(share)).endRow();
    }
    table.end();
    out.append("</div>");
  }

  private static String amount(long value, boolean bytes) {
    return bytes ? Units.bytes(value) : Units.count(value);
  }
}
