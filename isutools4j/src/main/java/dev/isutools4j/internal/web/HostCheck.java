package dev.isutools4j.internal.web;

import java.util.ArrayList;
import java.util.List;

/*
 * Why a Host check: a page can make the browser send requests to a name it controls and then point
 * that name at 127.0.0.1 (DNS rebinding); the browser then takes the admin server for the page's own
 * origin and lets it read every answer. Such a request carries the page's name in its Host header.
 * A name no DNS answer can move is safe: an IP address and localhost, which browsers resolve
 * themselves. On any port: a browser sends Host 127.0.0.1:8080 only for a page of that very origin,
 * and when such a request reaches this server, whatever listens there forwards to it (ssh -L, a
 * container's published port, a relay), so the page is this server's own. Hence a server bound to
 * 0.0.0.0 or a LAN address answers to any IP: its hub calls it by IP. Any other name is answered
 * only when the user lists it in isutools.allowed.hosts, or bound the server by it.
 */

/**
 * Which {@code Host} headers the admin server answers to: an IP address or {@code localhost}, the
 * name {@code isutools.addr} was given by, and the names of {@code isutools.allowed.hosts}
 * ({@code host} on any port, {@code host:port} on that one).
 */
final class HostCheck {

  private final List<Authority> allowed;

  private HostCheck(List<Authority> allowed) {
    this.allowed = List.copyOf(allowed);
  }

  /**
   * @param boundName the host part of {@code isutools.addr} as given (a name, an address or empty)
   * @param allowedHosts the entries of {@code isutools.allowed.hosts}
   * @throws IllegalArgumentException for an entry that is no {@code host} or {@code host:port}
   */
  static HostCheck of(String boundName, List<String> allowedHosts) {
    List<Authority> allowed = new ArrayList<>();
    Authority bound = boundName == null || boundName.isEmpty() ? null : Authority.parse(boundName);
    if (bound != null && !bound.ipLiteral()) {
      allowed.add(bound);
    }
    for (String entry : allowedHosts) {
      Authority host = Authority.parse(entry);
      if (host == null) {
        throw new IllegalArgumentException("isutools.allowed.hosts: not a host or host:port: " + entry);
      }
      allowed.add(host);
    }
    return new HostCheck(allowed);
  }

  /** Null when this server answers a request with this {@code Host} header, else why it does not. */
  String refusal(String hostHeader) {
    if (hostHeader == null) {
      return null; // HTTP/1.0 without a Host: no browser sends such a request
    }
    Authority host = Authority.parse(hostHeader);
    if (host == null) {
      return "unreadable Host header: " + hostHeader;
    }
    if (host.ipLiteral() || host.name().equals("localhost")) {
      return null;
    }
    for (Authority entry : allowed) {
      if (entry.name().equals(host.name()) && (entry.port() < 0 || entry.port() == host.portOr(80))) {
        return null;
      }
    }
    return "this admin server answers to its IP addresses, localhost and the names in"
        + " isutools.allowed.hosts; not to Host " + host;
  }
}
