package dev.isutools4j.internal.web;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openqa.selenium.logging.LogEntry;

/**
 * Chromium's network log (the DevTools events chromedriver keeps as its performance log) read as
 * exchanges: what each request was sent with, cookies included, and the status it got, even for a
 * response the page itself may not read ({@code mode: 'no-cors'}).
 */
final class NetworkLog {

  /** One request: its method and URL, the headers as sent (lower-cased names), its status (0: none yet). */
  record Exchange(String method, String url, Map<String, String> headers, int status) {

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  private NetworkLog() {}

  @SuppressWarnings("unchecked")
  static List<Exchange> of(List<LogEntry> entries) {
    Map<String, String[]> requests = new LinkedHashMap<>();
    Map<String, Map<String, String>> headers = new LinkedHashMap<>();
    Map<String, Integer> statuses = new LinkedHashMap<>();
    for (LogEntry entry : entries) {
      Map<String, Object> message;
      try {
        message = (Map<String, Object>) JSON.std.mapFrom(entry.getMessage()).get("message");
      } catch (IOException e) {
        throw new IllegalStateException("unreadable network log entry: " + entry.getMessage(), e);
      }
      Map<String, Object> params = (Map<String, Object>) message.get("params");
      String id = params == null ? null : (String) params.get("requestId");
      if (id == null) {
        continue;
      }
      switch ((String) message.get("method")) {
        case "Network.requestWillBeSent" -> {
          Map<String, Object> request = (Map<String, Object>) params.get("request");
          requests.put(id, new String[] {(String) request.get("method"), (String) request.get("url")});
          headers.putIfAbsent(id, lowerCased((Map<String, Object>) request.get("headers")));
        }
        case "Network.requestWillBeSentExtraInfo" ->
            headers.put(id, lowerCased((Map<String, Object>) params.get("headers")));
        case "Network.responseReceived" -> statuses.put(id,
            ((Number) ((Map<String, Object>) params.get("response")).get("status")).intValue());
        case "Network.responseReceivedExtraInfo" ->
            statuses.putIfAbsent(id, ((Number) params.get("statusCode")).intValue());
        default -> {
          // Other events say nothing about what was sent or answered.
        }
      }
    }
    List<Exchange> exchanges = new ArrayList<>();
    requests.forEach((id, request) -> exchanges.add(new Exchange(request[0], request[1],
        headers.getOrDefault(id, Map.of()), statuses.getOrDefault(id, 0))));
    return exchanges;
  }

  private static Map<String, String> lowerCased(Map<String, Object> headers) {
    Map<String, String> out = new LinkedHashMap<>();
    if (headers != null) {
      headers.forEach((name, value) -> out.put(name.toLowerCase(Locale.ROOT), String.valueOf(value)));
    }
    return out;
  }
}
