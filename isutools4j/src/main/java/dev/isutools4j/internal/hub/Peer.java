package dev.isutools4j.internal.hub;

import java.net.URI;

/**
 * One peer of a hub: its name in the run, the base URL of its admin server and the token the hub
 * sends it (null when it asks for none).
 */
public record Peer(String name, URI base, String token) {

  /** The peer's URL for {@code pathAndQuery} (which starts with a slash). */
  URI uri(String pathAndQuery) {
    return URI.create(base + pathAndQuery);
  }

  @Override
  public String toString() {
    return name + "=" + base; // never the token
  }
}
