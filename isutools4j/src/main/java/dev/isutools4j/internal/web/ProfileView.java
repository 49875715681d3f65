package dev.isutools4j.internal.web;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.Fields;
import java.io.IOException;
import java.lang.reflect.Array;
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

  static final String SECTION = "profile";
  /** The id of the inline script element that holds the flame graph's tree. */
  static final String FLAME_DATA = "profile-flame";

  private ProfileView() {}

  /**
   * Writes the section.
   *
   * @param files the prefix under which the run's files can be linked from this page, or null
   *     when they cannot (the admin server does not serve them): then their paths are plain text
   */
  static void write(StringBuilder out, Object section, String files) {
    Fields profile = Fields.of(section);
    out.append("<h2 id=\"h-profile\">Profile</h2>");
    String error = profile.string("error");
    if (profile.string("engine") == null) {
      out.append("<div class=\"banner error\" id=\"profile-error\">no profile: ");
      Html.escape(out, error == null ? "no profiler could start" : error).append("</div>");
      return;
    }
    boolean bytes = "bytes".equals(profile.string("unit"));
    summary(out, profile, bytes);
    if (error != null) {
      out.append("<ul class=\"flags\" id=\"profile-error\"><li>partial profile: ");
      Html.escape(out, error).append("</li></ul>");
    }
    fallbacks(out, profile.raw("fallbacks"));
    files(out, profile.raw("files"), files);
    out.append("<div class=\"profile\" data-flame-scope>");
    flame(out, profile.raw("flame"), bytes);
    out.append("<p class=\"fold-note\">folded: only app rows are shown</p><div class=\"ptables\">");
    methods(out, "profile-top-self", "Top self", "on top of the stack", profile.fieldsList("topSelf"),
        bytes);
    methods(out, "profile-top-total", "Top total", "anywhere on the stack",
        profile.fieldsList("topTotal"), bytes);
    methods(out, "profile-top-app", "Top app frames",
        "each sample given to its deepest app frame, its callees included",
        profile.fieldsList("topApp"), bytes);
    threads(out, profile.fieldsList("threads"));
    out.append("</div></div>");
  }

  private static void summary(StringBuilder out, Fields p, boolean bytes) {
    StringBuilder line = new StringBuilder(256);
    line.append(p.string("engine"));
    if (p.string("engineVersion") != null) {
      line.append(' ').append(p.string("engineVersion"));
    }
    line.append(" · mode ").append(p.string("mode")).append(" · event ").append(p.string("event"));
    if (p.raw("intervalMs") instanceof Number interval) {
      double ms = interval.doubleValue();
      line.append(" · every ")
          .append(ms == Math.rint(ms) && ms >= 1 ? (long) ms + " ms" : Units.ms(ms));
    }
    line.append(" · ").append(amount(p.longValue("samples"), bytes))
        .append(bytes ? " sampled in " : " samples in ").append(Units.ms(p.doubleValue("durationMs")))
        .append(" · ").append(Units.count(p.longValue("stacks"))).append(" distinct stacks · ")
        .append(Units.count(p.longValue("droppedStacks"))).append(" dropped stacks");
    if (p.longValue("droppedStacks") > 0) {
      line.append(" (in the total, not in the tables)");
    }
    long droppedNodes = Fields.of(p.raw("flame")).longValue("droppedNodes");
    if (droppedNodes > 0) {
      line.append(" · ").append(Units.count(droppedNodes))
          .append(" narrow graph nodes merged into their parents");
    }
    out.append("<p class=\"limits\" id=\"profile-summary\">");
    Html.escape(out, line.toString()).append("</p>");
  }

  private static void fallbacks(StringBuilder out, Object fallbacks) {
    if (!(fallbacks instanceof List<?> list) || list.isEmpty()) {
      return;
    }
    out.append("<ul class=\"fallbacks\" id=\"profile-fallbacks\">");
    for (Object fallback : list) {
      out.append("<li>tried first, not used: ");
      Html.escape(out, String.valueOf(fallback)).append("</li>");
    }
    out.append("</ul>");
  }

  private static void files(StringBuilder out, Object files, String prefix) {
    if (!(files instanceof Map<?, ?> map) || map.isEmpty()) {
      return;
    }
    out.append("<p class=\"limits\" id=\"profile-files\">files");
    if (prefix == null) {
      out.append(", in the history folder");
    }
    out.append(':');
    for (Map.Entry<?, ?> file : map.entrySet()) {
      String path = String.valueOf(file.getValue());
      out.append(' ');
      Html.escape(out, String.valueOf(file.getKey())).append(' ');
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

  private static void flame(StringBuilder out, Object flame, boolean bytes) {
    if (nodes(Fields.of(flame).raw("frame")) == 0) {
      out.append("<p class=\"muted\" id=\"profile-no-flame\">no stacks recorded</p>");
      return;
    }
    String json;
    try {
      json = JSON.std.asString(flame);
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

  private static int nodes(Object frame) {
    if (frame instanceof List<?> list) {
      return list.size();
    }
    return frame != null && frame.getClass().isArray() ? Array.getLength(frame) : 0;
  }

  private static void methods(StringBuilder out, String id, String title, String explain,
      List<Fields> rows, boolean bytes) {
    out.append("<div><h3>");
    Html.escape(out, title).append(" <span class=\"muted\">(");
    Html.escape(out, explain).append(")</span></h3>");
    Table table = new Table(out, id).left("method").right(bytes ? "bytes" : "samples").right("share")
        .sortedBy(1, true).begin();
    for (Fields row : rows) {
      String method = String.valueOf(row.string("method"));
      boolean app = Boolean.TRUE.equals(row.boolOrNull("app"));
      String html = "<code>" + Html.escape(method) + "</code>"
          + (app ? " <span class=\"badge app\" title=\"app code\">app</span>" : "");
      long samples = row.longValue("samples");
      double share = row.doubleValue("share");
      table.row(app ? "app" : "fw").html(method, html).cell(samples, amount(samples, bytes))
          .cell(share, Units.percent(share)).endRow();
    }
    table.end();
    out.append("</div>");
  }

  private static void threads(StringBuilder out, List<Fields> rows) {
    out.append("<div><h3>Threads <span class=\"muted\">(CPU time per thread group over the run)"
        + "</span></h3>");
    Table table = new Table(out, "profile-threads").left("thread group").right("threads")
        .right("CPU").right("share").sortedBy(2, true).begin();
    for (Fields row : rows) {
      String name = String.valueOf(row.string("name"));
      double cpuMs = row.doubleValue("cpuMs");
      double share = row.doubleValue("share");
      table.row().cell(name, name)
          .cell(row.longValue("threads"), Units.count(row.longValue("threads")))
          .cell(cpuMs, Units.ms(cpuMs)).cell(share, Units.percent(share)).endRow();
    }
    table.end();
    out.append("</div>");
  }

  private static String amount(long value, boolean bytes) {
    return bytes ? Units.bytes(value) : Units.count(value);
  }
}
