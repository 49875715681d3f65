package dev.isutools4j.internal.web;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.diff.FlameDiff;
import dev.isutools4j.internal.diff.MethodDiff;
import dev.isutools4j.internal.diff.ProfileDiff;
import dev.isutools4j.internal.diff.ProfileSide;
import dev.isutools4j.internal.health.Health;
import java.io.IOException;
import java.util.List;

/**
 * The diff page's profile part: what limits the comparison, the hot methods whose share of the
 * samples moved most, and both runs' flame graphs as one differential flame graph.
 */
final class ProfileDiffView {

  /** The id of the differential flame graph's data element. */
  static final String FLAME_ID = "diff-flame";

  private ProfileDiffView() {}

  static void write(StringBuilder out, ProfileDiff profile, DiffPage.Scope scope) {
    out.append('<').append(scope.title()).append(" id=\"").append(scope.id("h-profile"))
        .append("\">Profile</").append(scope.title()).append('>');
    meta(out, profile.before(), profile.after(), scope);
    if (!profile.notes().isEmpty()) {
      out.append("<ul class=\"flags\" id=\"").append(scope.id("profile-notes")).append("\">");
      for (String note : profile.notes()) {
        Html.escape(out.append("<li>"), note).append("</li>");
      }
      out.append("</ul>");
    }
    if (!profile.before().available() || !profile.after().available()) {
      return;
    }
    out.append("<p class=\"muted\">Shares of each run's ").append(unit(profile.after()))
        .append(", not counts: runs differ in length and load. Δ in percentage points.</p>");
    boolean bytes = "bytes".equals(profile.after().unit());
    methods(out, scope, "Self", "on top of the stack", "diff-profile-self", profile.topSelf(),
        bytes);
    methods(out, scope, "Total", "anywhere on the stack", "diff-profile-total", profile.topTotal(),
        bytes);
    flame(out, profile.flame(), scope);
  }

  private static void meta(StringBuilder out, ProfileSide before, ProfileSide after,
      DiffPage.Scope scope) {
    out.append("<dl class=\"meta\" id=\"").append(scope.id("diff-profile-meta"))
        .append("\"><dt>profiler</dt><dd>");
    engine(out, before).append(" → ");
    engine(out, after).append("</dd><dt>mode</dt><dd>");
    Html.escape(out, text(before.mode())).append(" → ");
    Html.escape(out, text(after.mode())).append("</dd><dt>").append(unit(after)).append("</dt><dd>");
    out.append(amount(before)).append(" → ").append(amount(after)).append("</dd></dl>");
  }

  private static StringBuilder engine(StringBuilder out, ProfileSide side) {
    if (!side.available()) {
      return out.append("none");
    }
    Html.escape(out, text(side.engine()));
    if (side.event() != null) {
      Html.escape(out.append(" ("), side.event()).append(')');
    }
    return out;
  }

  private static String amount(ProfileSide side) {
    if (!side.available()) {
      return Units.NONE;
    }
    return "bytes".equals(side.unit()) ? Units.bytes(side.samples()) : Units.count(side.samples());
  }

  private static String unit(ProfileSide side) {
    return "bytes".equals(side.unit()) ? "bytes" : "samples";
  }

  private static String text(String value) {
    return value == null ? Units.NONE : value;
  }

  private static void methods(StringBuilder out, DiffPage.Scope scope, String title, String where,
      String id, List<MethodDiff> rows, boolean bytes) {
    out.append('<').append(scope.subtitle()).append('>').append(title)
        .append(" <span class=\"muted\">(").append(where).append(", ")
        .append(Units.count(rows.size())).append(rows.size() == 1 ? " method" : " methods")
        .append(")</span></").append(scope.subtitle()).append('>');
    Table table = new Table(out, scope.id(id)).left("method").left("").right("share before")
        .right("share after").right("Δ points").begin();
    for (MethodDiff m : rows) {
      table.row(m.isNew() ? "new" : m.isGone() ? "gone" : null);
      table.cell(m.method(), m.method());
      DiffPage.state(table, m.state());
      share(table, m.before(), bytes);
      share(table, m.after(), bytes);
      double points = m.shareDeltaPoints();
      table.cell(points, points(points));
      table.endRow();
    }
    table.end();
  }

  private static void share(Table table, MethodDiff.Share share, boolean bytes) {
    if (share == null) {
      table.blank();
    } else {
      table.cell(share.share(), Units.percent(share.share()),
          bytes ? Units.bytes(share.samples()) : Units.count(share.samples()) + " samples");
    }
  }

  /** Percentage points with a sign and one decimal: {@code +12.3}, {@code -0.4}, {@code 0.0}. */
  static String points(double points) {
    long tenths = Math.round(Math.abs(points) * 10);
    String sign = tenths == 0 ? "" : points > 0 ? "+" : "-";
    return sign + tenths / 10 + "." + tenths % 10;
  }

  /** The flame graph's script: once per page, it draws every graph of the page. */
  static void script(StringBuilder out) {
    out.append("<script>\n").append(Assets.FLAME_SCRIPT).append("</script>");
  }

  private static void flame(StringBuilder out, FlameDiff flame, DiffPage.Scope scope) {
    out.append('<').append(scope.subtitle()).append(" id=\"").append(scope.id("h-profile-flame"))
        .append("\">Differential flame graph</").append(scope.subtitle()).append('>');
    if (flame == null) {
      out.append("<p class=\"muted\">no flame graph to compare</p>");
      return;
    }
    String json;
    try {
      json = JSON.std.asString(flame.toMap());
    } catch (IOException | RuntimeException e) {
      Health.failed("diff page flame graph", e);
      out.append("<p class=\"muted\">the flame graph could not be written</p>");
      return;
    }
    out.append("<p class=\"muted\" id=\"").append(scope.id("diff-flame-legend"))
        .append("\">width = after, red = gained share, blue = lost share");
    if (flame.droppedNodes() > 0) {
      out.append(" · ").append(Units.count(flame.droppedNodes()))
          .append(" small nodes left out (their samples stay in their parents)");
    }
    out.append("</p><div class=\"flame\" data-flame=\"").append(scope.id(FLAME_ID))
        .append("\"></div><script type=\"application/json\" id=\"").append(scope.id(FLAME_ID))
        .append("\">");
    Html.scriptJson(out, json);
    out.append("</script>");
    if (scope == DiffPage.Scope.TOP) {
      script(out);
    }
  }
}
