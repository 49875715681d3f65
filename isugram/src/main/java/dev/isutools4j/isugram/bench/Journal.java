package dev.isutools4j.isugram.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the load generator's browsers did, request by request in the order each browser sent them:
 * which browser, which of its sessions the request belonged to as the browser saw it (it sent the
 * app's session cookie, or its answer set one; a browser's session ends when it forgets its
 * cookies), and the answer's status and redirect. A test counts the generator's own transitions
 * from it. The session cookies' values are kept too, so that a test can check that a saved run
 * holds none.
 * Thread-safe; {@link #OFF} keeps nothing.
 */
final class Journal {

  /** The app's session cookie: the servlet container's. */
  static final String SESSION_COOKIE = "JSESSIONID";

  /** A journal that keeps nothing: the benchmark's own. */
  static final Journal OFF = new Journal(false);

  /**
   * One request.
   *
   * @param browser the browser that sent it, numbered from 1 in the order they were made
   * @param session its session, numbered within its browser; -1 when it belonged to none
   * @param location the answer's Location header; null when it had none
   */
  record Entry(int browser, int session, String method, String path, int status, String location) {}

  private final boolean keeping;
  private final List<Entry> entries = new ArrayList<>();
  private final Set<String> cookieValues = new LinkedHashSet<>();

  private Journal(boolean keeping) {
    this.keeping = keeping;
  }

  /** A journal that keeps every request. */
  Journal() {
    this(true);
  }

  boolean keeping() {
    return keeping;
  }

  synchronized void add(Entry entry, String sentCookie, String givenCookie) {
    if (!keeping) {
      return;
    }
    entries.add(entry);
    for (String value : new String[] {sentCookie, givenCookie}) {
      if (value != null) {
        cookieValues.add(value);
      }
    }
  }

  synchronized List<Entry> entries() {
    return List.copyOf(entries);
  }

  /** Every value of the session cookie a browser sent or was given. */
  synchronized Set<String> cookieValues() {
    return Set.copyOf(cookieValues);
  }
}
