package dev.isutools4j.internal.web;

import dev.isutools4j.internal.health.Health;

/** The line at the top of every page saying whether isutools4j itself is failing. */
final class HealthLine {

  private HealthLine() {}

  static void write(StringBuilder out, HealthStatus health) {
    if (health == null || health.healthy()) {
      out.append("<div class=\"health ok\" id=\"health\">isutools4j: healthy</div>");
      return;
    }
    long n = health.failures();
    out.append("<div class=\"health bad\" id=\"health\" role=\"alert\">isutools4j: ")
        .append(Units.count(n)).append(n == 1 ? " internal failure" : " internal failures");
    Health.Failure last = health.last();
    if (last != null) {
      out.append(" — last: ");
      Html.escape(out, last.where()).append(": ");
      Html.escape(out, last.message()).append(" at ");
      out.append(Html.escape(Units.time(last.at())));
      if (last.stack() != null && !last.stack().isEmpty()) {
        out.append("<details><summary>stack trace</summary><pre>");
        Html.escape(out, last.stack()).append("</pre></details>");
      }
    }
    out.append("</div>");
  }
}
