package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.StoredRun;
import java.util.ArrayList;
import java.util.List;

/**
 * The history page's view across runs: the score trend with the bands of repeated runs, whether the
 * latest change is outside the bands, the repeats marker of a row, and the row filter.
 */
final class HistoryTrend {

  private static final int WIDTH = 720;
  private static final int HEIGHT = 160;
  private static final int PAD = 14;

  private HistoryTrend() {}

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
  static void chart(StringBuilder out, List<RunMeta> scored, Repeats repeats) {
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
        .append(Units.count(min)).append("</text>");
    bands(out, scored, repeats, min, range, step);
    out.append("<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"1\" points=\"");
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
   * Each band of repeats (lowest to highest score, median line) behind the trend, spanning the
   * repeats' points.
   */
  private static void bands(StringBuilder out, List<RunMeta> scored, Repeats repeats, long min,
      double range, double step) {
    for (Repeats.Group band : repeats.bands()) {
      long first = -1;
      long last = -1;
      for (int i = 0; i < scored.size(); i++) {
        Repeats.Group g = repeats.of(scored.get(i));
        if (g != null && g.key().equals(band.key())) {
          long x = Math.round(PAD + i * step);
          first = first < 0 ? x : first;
          last = x;
        }
      }
      long top = y(band.max(), min, range);
      long bottom = y(band.min(), min, range);
      long median = y(band.median(), min, range);
      out.append("<g class=\"band\"><title>");
      Html.escape(out, "repeats of " + shortRevision(band.key().revision())
          + (band.key().label() == null ? "" : " " + band.key().label()) + ": "
          + band.bandText());
      out.append("</title><rect x=\"").append(first - 6).append("\" y=\"").append(top)
          .append("\" width=\"").append(last - first + 12).append("\" height=\"")
          .append(Math.max(1, bottom - top)).append("\"/><line x1=\"").append(first - 6)
          .append("\" x2=\"").append(last + 6).append("\" y1=\"").append(median)
          .append("\" y2=\"").append(median).append("\"/></g>");
    }
  }

  private static long y(long score, long min, double range) {
    return Math.round(HEIGHT - PAD - (score - min) / range * (HEIGHT - 2.0 * PAD));
  }

  /**
   * Whether the latest score change is noise: outside or within the bands of the two runs' repeats,
   * or how many repeats would give the band that is missing. Only repeats of a run's own
   * configuration count: other labels or notes of the same revision are other measurements.
   */
  static void noise(StringBuilder out, List<RunMeta> scored, Repeats repeats) {
    if (scored.size() < 2) {
      return;
    }
    RunMeta last = scored.get(scored.size() - 1);
    RunMeta before = scored.get(scored.size() - 2);
    out.append("<div class=\"banner\" id=\"noise\">latest run against the one before: ")
        .append(repeats.verdict(before, last)).append("</div>");
  }

  /** The marker after the revision of a run with repeats: how many, and their band. */
  static void marker(StringBuilder out, Repeats.Group group) {
    if (group == null || group.runs() < 2) {
      return;
    }
    out.append(" <span class=\"group\" title=\"").append(group.runs())
        .append(" repeats: same revision, dirty flag, label and note\">×").append(group.runs());
    if (group.hasBand()) {
      out.append(" · ").append(Units.count(group.min())).append('–').append(Units.count(group.max()))
          .append(" · median ").append(Units.count(group.median()));
    } else {
      if (group.min() != null) {
        out.append(" · ").append(Units.count(group.min())).append('–')
            .append(Units.count(group.max()));
      }
      out.append(" · ").append(group.missingText());
    }
    out.append("</span>");
  }

  /** A text box that hides the history rows whose revision and note do not contain its text. */
  static void filter(StringBuilder out) {
    out.append("<p><label>filter by revision, label or note <input type=\"search\" id=\"history-filter\""
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
