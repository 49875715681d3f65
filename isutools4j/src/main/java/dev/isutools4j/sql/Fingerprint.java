package dev.isutools4j.sql;

/** Placeholder until the real fingerprint lands: collapses whitespace and lower-cases. */
public final class Fingerprint {
  private Fingerprint() {}

  public static String of(String sql) {
    return sql.trim().replaceAll("\\s+", " ").toLowerCase(java.util.Locale.ROOT);
  }
}
