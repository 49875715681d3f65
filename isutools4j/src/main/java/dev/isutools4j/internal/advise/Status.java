package dev.isutools4j.internal.advise;

import java.util.Locale;

/** How a rule judged the run; declared in the order the checklist shows them, warns first. */
public enum Status {
  WARN, MISSING, INFO, OK, SKIP;

  /** The name in the snapshot: {@code warn}, {@code missing}, ... */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
