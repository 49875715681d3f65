package dev.isutools4j.isugram.bench;

import java.util.List;

/**
 * The outcome of a run, in the public benchmarker's shape.
 *
 * @param pass false when GET /initialize or the first pass of checks failed
 * @param score successful GETs +1, POSTs +2, uploads +5; failed checks -10; timeouts and connection
 *     errors -20; never below 0
 * @param success requests whose checks all passed
 * @param fail failed checks, timeouts and connection errors
 * @param messages distinct failure messages, at most {@link Score#MAX_MESSAGES}
 */
public record BenchResult(boolean pass, long score, long success, long fail, List<String> messages) {

  public BenchResult {
    messages = List.copyOf(messages);
  }

  /** One JSON object: {"pass":..,"score":..,"success":..,"fail":..,"messages":[..]}. */
  public String toJson() {
    StringBuilder json = new StringBuilder(128);
    json.append("{\"pass\":").append(pass).append(",\"score\":").append(score).append(",\"success\":")
        .append(success).append(",\"fail\":").append(fail).append(",\"messages\":[");
    for (int i = 0; i < messages.size(); i++) {
      if (i > 0) {
        json.append(',');
      }
      quote(json, messages.get(i));
    }
    return json.append("]}").toString();
  }

  private static void quote(StringBuilder json, String text) {
    json.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        case '\n' -> json.append("\\n");
        case '\r' -> json.append("\\r");
        case '\t' -> json.append("\\t");
        default -> {
          if (c < 0x20) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append('"');
  }
}
