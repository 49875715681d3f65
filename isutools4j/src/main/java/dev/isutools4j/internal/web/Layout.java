package dev.isutools4j.internal.web;

/** The document around every page: head with the inlined style, health line, inlined script. */
final class Layout {

  private Layout() {}

  /** Starts a page: a builder holding everything up to and including the health line. */
  static StringBuilder begin(String title, HealthStatus health, int sizeHint) {
    StringBuilder out = new StringBuilder(Math.max(16_384, sizeHint));
    out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        // No favicon request: the pages must load without any other fetch.
        .append("<link rel=\"icon\" href=\"data:,\"><title>");
    Html.escape(out, title).append("</title><style>\n").append(Assets.STYLE)
        .append("</style></head>\n<body>\n");
    HealthLine.write(out, health);
    return out;
  }

  /** Ends the page and returns it. */
  static String end(StringBuilder out) {
    out.append("\n<script>\n").append(Assets.SCRIPT).append("</script>\n</body></html>\n");
    return out.toString();
  }
}
