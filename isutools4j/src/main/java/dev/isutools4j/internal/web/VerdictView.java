package dev.isutools4j.internal.web;

import dev.isutools4j.internal.web.Verdict.Kind;
import dev.isutools4j.internal.web.Verdict.Line;
import java.util.function.Function;

/**
 * The top of the run page: the {@link Verdict}, one line per place the time went, each linked to
 * its row further down.
 */
final class VerdictView {

  private VerdictView() {}

  /**
   * Writes the verdict.
   *
   * @param partPage the address of a host's part page (a line whose row is there links to it), or
   *     null where the part has none
   */
  static void write(StringBuilder out, Verdict verdict, Function<String, String> partPage) {
    out.append("<section class=\"verdict\" id=\"verdict\"><h2 id=\"h-verdict\">Where the time went"
        + "</h2>");
    if (verdict.lines().isEmpty()) {
      out.append("<p class=\"muted\">nothing to rank: this run recorded no SQL, no HTTP requests"
          + " and no machine samples</p></section>");
      return;
    }
    out.append("<ul>");
    for (Line line : verdict.lines()) {
      out.append("<li class=\"v-").append(css(line.kind())).append("\"><span class=\"v-kind\">")
          .append(label(line.kind())).append("</span> ");
      String href = href(line, partPage);
      if (href != null) {
        out.append("<a href=\"");
        Html.escape(out, href).append("\">");
      }
      if (line.subject() != null) {
        out.append("<code class=\"v-subject\" title=\"");
        Html.escape(out, line.subject()).append("\">");
        Html.escape(out, line.subject()).append("</code>");
      } else {
        Html.escape(out, line.detail());
      }
      if (href != null) {
        out.append("</a>");
      }
      if (line.subject() != null) {
        out.append(" <span class=\"v-detail\">");
        Html.escape(out, line.detail()).append("</span>");
      }
      out.append("</li>");
    }
    out.append("</ul></section>");
  }

  private static String href(Line line, Function<String, String> partPage) {
    if (line.anchor() == null) {
      return null;
    }
    if (line.host() == null) {
      return "#" + line.anchor();
    }
    String page = partPage == null ? null : partPage.apply(line.host());
    return page == null ? null : page + (page.startsWith("#") ? "" : "#" + line.anchor());
  }

  private static String label(Kind kind) {
    return switch (kind) {
      case SQL -> "SQL";
      case HTTP -> "HTTP";
      case N_PLUS_ONE -> "N+1";
      case MACHINE -> "machine";
      case ADVISOR -> "advisor";
    };
  }

  private static String css(Kind kind) {
    return switch (kind) {
      case SQL -> "sql";
      case HTTP -> "http";
      case N_PLUS_ONE -> "n1";
      case MACHINE -> "machine";
      case ADVISOR -> "advisor";
    };
  }
}
