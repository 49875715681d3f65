package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history page's view across runs: the score trend, the runs that share a git revision (and how
 * far their scores spread), whether the latest change is within that spread, and the row filter.
 */
final class HistoryTrend {

  private static final int WIDTH = 720;
  private static final int HEIGHT = 160;
  private static final int PAD = 14;

  /** Runs of one revision: how many, and their lowest and highest score (null without scores). */
  record Group(String revision, int runs, Long min, Long max) {

    long spread() {
      return min == null ? 0 : max - min;
    }
  }

  private HistoryTrend() {}

  /** Revisions with more than one readable run, by revision. */
  static Map<String, Group> groups(List<StoredRun> runs) {
    Map<String, Group> all = new LinkedHashMap<>();
    for (StoredRun run : runs) {
      if (!run.readable() || run.meta().revision() == null) {
        continue;
      }
      RunMeta m = run.meta();
      Group g = all.getOrDefault(m.revision(), new Group(m.revision(), 0, null, null));
      Long score = m.score();
      Long min = score == null ? g.min() : g.min() == null ? score : Math.min(g.min(), score);
      Long max = score == null ? g.max() : g.max() == null ? score : Math.max(g.max(), score);
      all.put(m.revision(), new Group(m.revision(), g.runs() + 1, min, max));
    }
    all.values().removeIf(g -> g.runs() < 2);
    return all;
  }

  /** The scored runs, oldest first. */
  static List<RunMeta> scored(List<StoredRun> newestFirst) {
    List<RunMeta> out = new ArrayList<>();
    for (int i = newestFirst.size() - 1; i >= 0; i--) {
      StoredRun run = newestFirst.get(i);
      if (run.readable() && run.meta().score() != null) {
        out.add(run.meta());
      }
    }
    return out;
  }

  /** The trend of scores as inline SVG; nothing with fewer than two scored runs. */
  static void chart(StringBuilder out, List<RunMeta> scored) {
    if (scored.size() < 2) {
      return;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (RunMeta m : scored) {
      min = Math.min(min, m.score());
      max = Math.max(max, m.score());
    }
    double range = Math.max(1, max - min);
    double step = (WIDTH - 2.0 * PAD) / (scored.size() - 1);
    out.append("<h2>Score</h2><svg class=\"trend\" id=\"trend\" viewBox=\"0 0 ").append(WIDTH).append(' ')
        .append(HEIGHT).append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
        .append("\" role=\"img\" aria-label=\"score per run, oldest to newest\">");
    out.append("<text x=\"2\" y=\"10\" font-size=\"10\">").append(Units.count(max))
        .append("</text><text x=\"2\" y=\"").append(HEIGHT - 2).append("\" font-size=\"10\">")
        .append(Units.count(min)).append("</text><polyline fill=\"none\" stroke=\"currentColor\""
            + " stroke-width=\"1\" points=\"");
    StringBuilder points = new StringBuilder(scored.size() * 160);
    for (int i = 0; i < scored.size(); i++) {
      RunMeta m = scored.get(i);
      long x = Math.round(PAD + i * step);
      long y = Math.round(HEIGHT - PAD - (m.score() - min) / range * (HEIGHT - 2.0 * PAD));
      out.append(i == 0 ? "" : " ").append(x).append(',').append(y);
      String cls = m.pass() == null ? "p-none" : m.pass() ? "p-pass" : "p-fail";
      points.append("<a href=\"runs/").append(Html.escape(Html.pathSegment(m.id()))).append("\">");
      if (Boolean.FALSE.equals(m.pass())) {
        points.append("<rect class=\"").append(cls).append("\" x=\"").append(x - 4).append("\" y=\"")
            .append(y - 4).append("\" width=\"8\" height=\"8\">");
      } else {
        points.append("<circle class=\"").append(cls).append("\" cx=\"").append(x).append("\" cy=\"")
            .append(y).append("\" r=\"4\">");
      }
      points.append("<title>");
      Html.escape(points, Units.count(m.score()) + (Boolean.FALSE.equals(m.pass()) ? " (fail)" : "")
          + " · " + (m.revision() == null ? "no revision" : shortRevision(m.revision()))
          + (m.note() == null || m.note().isEmpty() ? "" : " · " + m.note()));
      points.append("</title>").append(Boolean.FALSE.equals(m.pass()) ? "</rect>" : "</circle>")
          .append("</a>");
    }
    out.append("\"/>").append(points).append("</svg>");
  }

  /**
   * A note when the latest score change is no bigger than how far the scores of one revision
   * spread: the change may be noise.
   */
  static void noise(StringBuilder out, List<RunMeta> scored, Map<String, Group> groups) {
    if (scored.size() < 2) {
      return;
    }
    RunMeta last = scored.get(scored.size() - 1);
    long change = last.score() - scored.get(scored.size() - 2).score();
    Group widest = last.revision() == null ? null : groups.get(last.revision());
    if (widest == null || widest.spread() == 0) {
      for (Group g : groups.values()) {
        if (widest == null || g.spread() > widest.spread()) {
          widest = g;
        }
      }
    }
    if (widest == null || widest.spread() == 0 || Math.abs(change) > widest.spread()) {
      return;
    }
    out.append("<div class=\"banner\" id=\"noise\">the latest change (")
        .append(change > 0 ? "+" : "").append(Units.count(change))
        .append(") is within the spread of the runs of revision <code>");
    Html.escape(out, shortRevision(widest.revision())).append("</code> (")
        .append(Units.count(widest.min())).append('–').append(Units.count(widest.max()))
        .append(", ").append(widest.runs()).append(" runs): it may be noise</div>");
  }

  /** The marker after a revision shared by several runs, with their score spread. */
  static void marker(StringBuilder out, Group group) {
    if (group == null) {
      return;
    }
    out.append(" <span class=\"group\" title=\"").append(group.runs())
        .append(" runs of this revision\">×").append(group.runs());
    if (group.min() != null) {
      out.append(" · ").append(Units.count(group.min())).append('–').append(Units.count(group.max()));
    }
    out.append("</span>");
  }

  /** A text box that hides the history rows whose revision and note do not contain its text. */
  static void filter(StringBuilder out) {
    out.append("<p><label>filter by revision or note <input type=\"search\" id=\"history-filter\""
        + " placeholder=\"e.g. index\"></label></p>");
    out.append("<script>\n(function () {\n"
        + "  var box = document.getElementById('history-filter');\n"
        + "  box.addEventListener('input', function () {\n"
        + "    var q = box.value.trim().toLowerCase();\n"
        + "    document.querySelectorAll('#history tbody tr[data-filter]').forEach(function (tr) {\n"
        + "      tr.hidden = q !== '' && tr.getAttribute('data-filter').indexOf(q) < 0;\n"
        + "    });\n"
        + "  });\n"
        + "})();\n</script>");
  }

  static String shortRevision(String revision) {
    return revision.length() > 10 ? revision.substring(0, 10) : revision;
  }
}
