package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.settings.Settings;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A hub's peers as {@code isutools.peers} names them ({@code name=http://host:port,...}, or with
 * {@code ;} between them, as an agent argument must), each with
 * its token ({@code isutools.peer.<name>.token}, else {@code isutools.token}), and how long the hub
 * waits for them.
 */
public record Peers(List<Peer> list, int resetTimeoutMs, int saveTimeoutMs) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public Peers {
    list = List.copyOf(list);
  }

  /**
   * The peers of these settings. {@code ownName} is the hub's own part's host name (null for a hub
   * with no part of its own), which no peer may take.
   *
   * @throws IllegalArgumentException naming the entry when one is malformed or a name repeats
   */
  public static Peers of(Settings settings, String ownName) {
    Settings.Hosts hosts = settings.hosts();
    String given = hosts.peers();
    if (given == null || given.isBlank()) {
      throw new IllegalArgumentException("isutools.peers is empty: name=http://host:port,...");
    }
    List<Peer> peers = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    if (ownName != null) {
      names.add(ownName);
    }
    for (String entry : hosts.peerEntries()) {
      Peer peer = parse(entry, hosts, settings.token());
      if (!names.add(peer.name())) {
        throw new IllegalArgumentException("isutools.peers: the name " + peer.name() + " is given twice"
            + (peer.name().equals(ownName) ? " (it is this hub's own isutools.host.name)" : ""));
      }
      peers.add(peer);
    }
    if (peers.isEmpty()) {
      throw new IllegalArgumentException("isutools.peers names no peer: name=http://host:port,...");
    }
    return new Peers(peers, hosts.resetTimeoutMs(), hosts.saveTimeoutMs());
  }

  private static Peer parse(String entry, Settings.Hosts hosts, String defaultToken) {
    int eq = entry.indexOf('=');
    String name = eq < 0 ? "" : entry.substring(0, eq).trim();
    String url = eq < 0 ? "" : entry.substring(eq + 1).trim();
    if (!NAME.matcher(name).matches()) {
      throw malformed(entry, "a name of letters, digits, '.', '_' or '-'");
    }
    URI base;
    try {
      base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    } catch (IllegalArgumentException e) {
      throw malformed(entry, "a URL http://host:port");
    }
    if (!"http".equals(base.getScheme()) || base.getHost() == null || base.getPort() < 0
        || (base.getRawPath() != null && !base.getRawPath().isEmpty()) || base.getRawQuery() != null
        || base.getUserInfo() != null) {
      throw malformed(entry, "a URL http://host:port");
    }
    String token = hosts.peerTokens().getOrDefault(name, defaultToken);
    return new Peer(name, base, token);
  }

  private static IllegalArgumentException malformed(String entry, String wanted) {
    return new IllegalArgumentException("isutools.peers: '" + entry + "' is not name=http://host:port ("
        + "wanted " + wanted + ")");
  }

  /** The peer of this name. */
  public Optional<Peer> named(String name) {
    return list.stream().filter(p -> p.name().equals(name)).findFirst();
  }
}
