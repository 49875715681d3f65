package dev.isutools4j.internal.keys;


/** The JVM-wide key indexes every run's tables are laid out by, each capped at {@code maxKeys}. */
public record Keys(KeyIndex sql, RouteKeys routes, KeyIndex counters) {

  public static Keys withCapacity(int maxKeys) {
    return new Keys(new KeyIndex(maxKeys), new RouteKeys(maxKeys), new KeyIndex(maxKeys));
  }
}
