package dev.isutools4j.internal.digest.access;

import java.util.List;

/**
 * The values of an access log line that are read, with the labels (LTSV) or keys (JSON) looked
 * for by default: alp's LTSV labels, the usual JSON keys, and nginx's variable names. Any of a
 * field's names is taken; {@code isutools.access.log.keys} replaces them.
 */
public enum AccessField {

  METHOD("method", List.of("method", "request_method")),
  URI("uri", List.of("uri", "request_uri")),
  STATUS("status", List.of("status")),
  SIZE("size", List.of("size", "body_bytes", "body_bytes_sent")),
  REQTIME("reqtime", List.of("reqtime", "request_time")),
  APPTIME("apptime", List.of("apptime", "response_time", "upstream_response_time", "upstream_time")),
  /** The request line ({@code GET /x HTTP/1.1}), read when there is no method or uri. */
  REQUEST("request", List.of("req", "request"));

  private final String key;
  private final List<String> defaults;

  AccessField(String key, List<String> defaults) {
    this.key = key;
    this.defaults = defaults;
  }

  /** The field's name in {@code isutools.access.log.keys}. */
  public String key() {
    return key;
  }

  /** The labels or keys looked for when the setting does not name others. */
  public List<String> defaults() {
    return defaults;
  }
}
