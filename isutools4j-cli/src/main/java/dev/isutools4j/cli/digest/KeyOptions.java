package dev.isutools4j.cli.digest;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The labels (LTSV) or keys (JSON) of the fields, when the log's differ from the usual ones:
 * {@code --uri-label request_uri}, or several at once with {@code --keys uri=request_uri,...}.
 */
final class KeyOptions {

  @Option(names = {"--method-label", "--method-key"}, paramLabel = "NAME",
      description = "the request method's (default: method, request_method)")
  String method;

  @Option(names = {"--uri-label", "--uri-key"}, paramLabel = "NAME",
      description = "the request URI's (default: uri, request_uri)")
  String uri;

  @Option(names = {"--status-label", "--status-key"}, paramLabel = "NAME",
      description = "the status's (default: status)")
  String status;

  @Option(names = {"--size-label", "--size-key", "--body-bytes-key"}, paramLabel = "NAME",
      description = "the body size's (default: size, body_bytes, body_bytes_sent)")
  String size;

  @Option(names = {"--reqtime-label", "--reqtime-key", "--request-time-key"}, paramLabel = "NAME",
      description = "$request_time's (default: reqtime, request_time)")
  String reqtime;

  @Option(names = {"--apptime-label", "--apptime-key", "--response-time-key"}, paramLabel = "NAME",
      description = "$upstream_response_time's (default: apptime, response_time,"
          + " upstream_response_time, upstream_time)")
  String apptime;

  @Option(names = {"--request-label", "--request-key"}, paramLabel = "NAME",
      description = "the request line's, read when there is no method or uri (default: req, request)")
  String request;

  @Option(names = "--keys", paramLabel = "FIELD=NAME,...", description = "several at once, as the"
      + " library's isutools.access.log.keys: method, uri, status, size, reqtime, apptime, request")
  String keys;

  /** The settings as {@code field=name,...}; null when none is given. */
  String spec() {
    List<String> parts = new ArrayList<>();
    if (keys != null && !keys.isBlank()) {
      parts.add(keys);
    }
    add(parts, "method", method);
    add(parts, "uri", uri);
    add(parts, "status", status);
    add(parts, "size", size);
    add(parts, "reqtime", reqtime);
    add(parts, "apptime", apptime);
    add(parts, "request", request);
    return parts.isEmpty() ? null : String.join(",", parts);
  }

  private static void add(List<String> parts, String field, String name) {
    if (name != null) {
      parts.add(field + "=" + name);
    }
  }
}
