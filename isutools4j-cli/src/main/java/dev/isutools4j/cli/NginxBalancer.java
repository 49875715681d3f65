package dev.isutools4j.cli;

import java.util.List;

/**
 * The body of nginx's {@code http} block for a web server in front of several app servers, as an
 * ISUCON team sets it up: one {@code upstream} balancing between the apps, everything proxied with
 * the {@code Host} header passed on, and an LTSV access log with the request and upstream times
 * (alp's labels, plus the upstream that answered).
 *
 * <p>A client's connection stays on one app (the upstream is hashed on the client's address and
 * port): isugram keeps its sessions in the app's memory, as a Tomcat app does by default, so a
 * logged-in browser must come back to the app that logged it in. An app that does not answer is
 * passed over for the next one.
 */
final class NginxBalancer {

  private NginxBalancer() {}

  /**
   * @param listen nginx's {@code listen} argument, such as {@code 127.0.0.1:8080}
   * @param apps each app's {@code host:port}
   * @param accessLog the access log's path
   */
  static String httpBlock(String listen, List<String> apps, String accessLog) {
    StringBuilder servers = new StringBuilder();
    for (String app : apps) {
      servers.append("    server ").append(app).append(" max_fails=1 fail_timeout=5s;\n");
    }
    return """
          log_format ltsv "time:$time_local\\thost:$remote_addr\\tmethod:$request_method"
              "\\turi:$request_uri\\tstatus:$status\\tsize:$body_bytes_sent\\treqtime:$request_time"
              "\\tapptime:$upstream_response_time\\tupstream:$upstream_addr";
          access_log %s ltsv;
          upstream app {
            hash $remote_addr$remote_port consistent;
        %s    keepalive 32;
          }
          server {
            listen %s;
            client_max_body_size 10m;
            keepalive_requests 100000;
            keepalive_timeout 300s;
            location / {
              proxy_set_header Host $host;
              proxy_http_version 1.1;
              proxy_set_header Connection "";
              proxy_pass http://app;
            }
          }
        """.formatted(accessLog, servers, listen);
  }
}
