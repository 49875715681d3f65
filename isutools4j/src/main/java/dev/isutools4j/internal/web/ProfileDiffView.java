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

  static void write(StringBuilder out, ProfileDiff profile) {
    out.append("<h2 id=\"h-profile\">Profile</h2>");
    meta(out, profile.before(), profile.after());
    if (!profile.notes().isEmpty()) {
      out.append("<ul class=\"flags\" id=\"profile-notes\">");
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
    methods(out, "Self", "on top of the stack", "diff-profile-self", profile.topSelf(), bytes);
    methods(out, "Total", "anywhere on the stack", "diff-profile-total", profile.topTotal(), bytes);
    flame(out, profile.flame());
  }

  private static void meta(StringBuilder out, ProfileSide before, ProfileSide after) {
    out.append("<dl class=\"meta\" id=\"diff-profile-meta\"><dt>profiler</dt><dd>");
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

  private static void methods(StringBuilder out, String title, String where, String id,
      List<MethodDiff> rows, boolean bytes) {
    out.append("<h3>").append(title).append(" <span class=\"muted\">(").append(where).append(", ")
        .append(Units.count(rows.size())).append(rows.size() == 1 ? " method" : " methods")
        .append(")</span></h3>");
    Table table = new Table(out, id).left("method").left("").right("share before")
        .right("share after").right("Δ points").begin();
    for (MethodDiff m : rows) {
      table.row(m.isNew() ? "new" : m.isGone() ? "gone" : null);
      table.cell(m.method(), m.method());
      table.cell(m.state(), m.isNew() ? "new" : m.isGone() ? "gone" : "");
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

  private static void flame(StringBuilder out, FlameDiff flame) {
    out.append("<h3 id=\"h-profile-flame\">Differential flame graph</h3>");
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
    out.append("<p class=\"muted\" id=\"diff-flame-legend\">width = after, red = gained share,"
        + " blue = lost share");
    if (flame.droppedNodes() > 0) {
      out.append(" · ").append(Units.count(flame.droppedNodes()))
          .append(" small nodes left out (their samples stay in their parents)");
    }
    out.append("</p><div class=\"flame\" data-flame=\"").append(FLAME_ID).append("\"></div>")
        .append("<script type=\"application/json\" id=\"").append(FLAME_ID).append("\">");
    Html.scriptJson(out, json);
    out.append("</script><script>\n").append(Assets.FLAME_SCRIPT).append("</script>");
  }
}
