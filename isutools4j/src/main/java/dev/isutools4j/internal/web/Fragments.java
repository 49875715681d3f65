package dev.isutools4j.internal.web;

import dev.isutools4j.internal.run.GitRevision;
import java.time.Instant;

/** Small pieces of HTML that more than one page or table uses. */
final class Fragments {

  static final int SHORT_REVISION = 12;

  private Fragments() {}

  /** A git revision: its first 12 characters, the full one on hover, and a mark when dirty. */
  static StringBuilder revision(StringBuilder out, String revision, boolean dirty) {
    if (revision == null || revision.isEmpty()) {
      out.append("<span class=\"muted\">").append(Units.NONE).append("</span>");
    } else {
      String shown = revision.length() > SHORT_REVISION
          ? revision.substring(0, SHORT_REVISION) : revision;
      out.append("<code class=\"rev\" title=\"");
      Html.escape(out, revision).append("\">");
      Html.escape(out, shown).append("</code>");
    }
    if (dirty) {
      out.append(" <span class=\"dirty\" title=\"uncommitted changes in the working tree\">dirty</span>");
    }
    return out;
  }

  /**
   * Where the revision came from, as a muted note after it: the setting, the working directory or
   * the jar, or that none was found and why. Nothing for runs that recorded no source.
   */
  static StringBuilder revisionSource(StringBuilder out, String source) {
    if (source == null || source.isEmpty()) {
      return out;
    }
    out.append(" <span class=\"muted rev-source\">");
    if (source.equals(GitRevision.SETTING)) {
      out.append("from the setting isutools.git.revision");
    } else if (source.startsWith(GitRevision.NONE)) {
      out.append("none found: ");
      Html.escape(out, source.substring(GitRevision.NONE.length())).append("; set isutools.git.revision to name one");
    } else {
      Html.escape(out.append("from the "), source);
    }
    return out.append("</span>");
  }

  /** The benchmark's verdict: a check mark, a cross, or a dash when not given. */
  static StringBuilder pass(StringBuilder out, Boolean pass) {
    if (pass == null) {
      return out.append("<span class=\"muted\" title=\"not given\">").append(Units.NONE).append("</span>");
    }
    return pass
        ? out.append("<span class=\"pass\" title=\"pass\">✓</span>")
        : out.append("<span class=\"fail\" title=\"fail\">✗</span>");
  }

  /** Sort key of a verdict: pass 1, fail 0, none blank. */
  static String passKey(Boolean pass) {
    return pass == null ? "" : pass ? "1" : "0";
  }

  /** A time, local and readable, with the exact instant (UTC, ISO-8601) on hover. */
  static StringBuilder time(StringBuilder out, Instant at) {
    if (at == null) {
      return out.append(Units.NONE);
    }
    out.append("<time datetime=\"").append(at).append("\" title=\"").append(at).append("\">");
    return out.append(Units.time(at)).append("</time>");
  }

  /**
   * SQL in a table cell: the statement (wrapping, monospace) with a copy button, and, when a sample
   * differs from it, the sample in a collapsed {@code <details>}. The button copies the sample when
   * there is one, else the statement.
   */
  static StringBuilder sql(StringBuilder out, String fingerprint, String sample) {
    out.append("<div class=\"sqlcell\"><code class=\"fp\">");
    Html.escape(out, fingerprint).append("</code><button type=\"button\" class=\"copy\" title=\"")
        .append(sample == null || sample.isEmpty() ? "copy this statement" : "copy the sample statement")
        .append("\">copy</button></div>");
    if (sample != null && !sample.isEmpty()) {
      out.append("<details><summary>sample</summary><code class=\"sample\">");
      Html.escape(out, sample).append("</code></details>");
    }
    return out;
  }
}
