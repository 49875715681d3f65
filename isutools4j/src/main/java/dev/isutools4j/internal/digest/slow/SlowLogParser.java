package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.digest.RecordBoundary;

/*
 * The slow log, line by line. An entry is
 *
 *   # Time: ...                     (MariaDB writes it only when the second changed)
 *   # User@Host: user[user] @ host [ip]  Id: N
 *   # Key: value  Key: value ...    (one or more lines, any keys, any order)
 *   use db;                         (only when the schema changed; the first one is the entry's)
 *   SET timestamp=N;                (or SET last_insert_id=..,insert_id=..,timestamp=..)
 *   the statement, over any number of lines, ending with ';'
 *
 * or, instead of the statement, "# administrator command: Quit;" (MySQL). A statement ends where
 * a line starts with '#' after a line that ended with ';' (as in pt-query-digest, which splits at
 * ";\n#"), or at a "# Time:" or "# User@Host:" line, or at a server's start banner:
 *
 *   /usr/sbin/mariadbd, Version: 10.11.6-MariaDB-log (Debian 12). started with:
 *   Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock
 *   Time                 Id Command    Argument
 *
 * whose three lines are skipped wherever they are (a restart, or the log reopened, writes them in the middle of a file).
 * Lines outside any entry (a read that starts in the middle of one) are counted as malformed,
 * once per run of such lines, and so is a header that no statement follows.
 */

/** Turns slow log lines into entries for a {@link Sink}. Not thread-safe: one per reading thread. */
final class SlowLogParser {

  /** Where entries and unreadable lines go. */
  interface Sink {
    void entry(SlowEntry entry);

    void malformed(long line, long offset, String reason, byte[] b, int from, int to);

    /** A server banner: it started, or opened the log. */
    void banner();
  }

  static final String NO_STATEMENT = "an entry header with no statement";
  static final String OUTSIDE = "text outside any entry";

  private static final byte[] TIME = Bytes.ascii("# Time:");
  private static final byte[] USER_HOST = Bytes.ascii("# User@Host:");
  /** Where a slow log may be split: at an entry's first header line. */
  static final RecordBoundary ENTRY_START = (b, from, to) ->
      Bytes.startsWith(b, from, to, TIME) || Bytes.startsWith(b, from, to, USER_HOST);

  private static final byte[] ADMIN = Bytes.ascii("# administrator command:");
  // MariaDB's log_slow_verbosity=explain: the plan's rows, no key that is read here
  private static final byte[] EXPLAIN = Bytes.ascii("# explain:");
  private static final byte[] FULL_SCAN = Bytes.ascii("# Full_scan:");
  private static final byte[] FILESORT = Bytes.ascii("# Filesort:");
  private static final byte[] PAGES = Bytes.ascii("# Pages_");
  private static final byte[] TMP_TABLES = Bytes.ascii("# Tmp_tables:");
  private static final byte[] USE = Bytes.ascii("use ");
  private static final byte[] USE_UPPER = Bytes.ascii("USE ");
  private static final byte[] SET_TIMESTAMP = Bytes.ascii("SET timestamp=");
  private static final byte[] SET_INSERT_ID = Bytes.ascii("SET insert_id=");
  private static final byte[] SET_LAST_INSERT_ID = Bytes.ascii("SET last_insert_id=");
  private static final byte[] STARTED_WITH = Bytes.ascii("started with:");
  private static final byte[] VERSION = Bytes.ascii(", Version: ");
  private static final byte[] TCP_PORT = Bytes.ascii("Tcp port:");
  private static final byte[] WORD_TIME = Bytes.ascii("Time");
  private static final byte[] WORD_ID = Bytes.ascii("Id");
  private static final byte[] WORD_COMMAND = Bytes.ascii("Command");

  private final Sink sink;
  private final SlowEntry entry;
  private boolean open; // a header began
  private boolean userHost;
  private boolean body; // statement lines began
  private boolean sawUse;
  private boolean sawSet;
  private boolean lastEndedStatement; // the last body line ended with ';'
  private boolean outside; // inside a run of lines outside any entry

  SlowLogParser(Sink sink, int maxStatement) {
    this.sink = sink;
    this.entry = new SlowEntry(maxStatement);
  }

  void line(byte[] b, int from, int to, long number, long offset) {
    boolean hash = from < to && b[from] == '#';
    if (body) {
      boolean entryStart = hash && (lastEndedStatement || ENTRY_START.startsRecord(b, from, to));
      if (!entryStart && !isBanner(b, from, to)) {
        entry.append(b, from, to);
        lastEndedStatement = endsWithSemicolon(b, from, to);
        return;
      }
      emit();
    }
    if (isBanner(b, from, to)) {
      abandon();
      outside = false;
      if (endsWith(b, from, to, STARTED_WITH)) {
        sink.banner(); // counted once, at the banner's first line
      }
      return;
    }
    if (hash) {
      header(b, from, to, number, offset);
      return;
    }
    if (!open) {
      if (!outside && !isBlank(b, from, to)) {
        outside = true;
        sink.malformed(number, offset, OUTSIDE, b, from, to);
      }
      return;
    }
    // "use" after the SET line is the statement itself: servers write theirs before it.
    if (!sawUse && !sawSet && (Bytes.startsWith(b, from, to, USE) || Bytes.startsWith(b, from, to, USE_UPPER))) {
      sawUse = true;
      int end = to;
      while (end > from + 4 && (b[end - 1] == ';' || b[end - 1] == ' ')) {
        end--;
      }
      entry.schema(b, from + 4, end);
      return;
    }
    if (!sawSet && (Bytes.startsWith(b, from, to, SET_TIMESTAMP)
        || Bytes.startsWith(b, from, to, SET_INSERT_ID)
        || Bytes.startsWith(b, from, to, SET_LAST_INSERT_ID))) {
      sawSet = true;
      return;
    }
    if (isBlank(b, from, to)) {
      return;
    }
    body = true;
    entry.append(b, from, to);
    lastEndedStatement = endsWithSemicolon(b, from, to);
  }

  private void header(byte[] b, int from, int to, long number, long offset) {
    // Most header lines are "# Query_time: ..." and the like: one byte tells them from the lines
    // compared in full below (called for three lines in four, so no compare is spent in vain).
    byte key = from + 2 < to ? b[from + 2] : 0;
    boolean time = key == 'T' && Bytes.startsWith(b, from, to, TIME);
    boolean user = key == 'U' && Bytes.startsWith(b, from, to, USER_HOST);
    if (time || user) {
      outside = false;
      if (open && (userHost || time)) {
        abandon(); // the previous header got no statement
      }
      if (!open) {
        begin(number, offset);
      }
      userHost |= user;
      return;
    }
    if (!open) {
      // A comment outside an entry: the tail of a header whose start was before this read.
      if (!outside) {
        outside = true;
        sink.malformed(number, offset, OUTSIDE, b, from, to);
      }
      return;
    }
    if (key == 'e' && Bytes.startsWith(b, from, to, EXPLAIN) || planOrEngineLine(b, from, to, key)) {
      return;
    }
    if (key == 'a' && Bytes.startsWith(b, from, to, ADMIN)) {
      entry.admin = true;
      entry.append(b, from + 2, to); // "administrator command: Quit;", pt-query-digest's class
      body = true;
      emit();
      return;
    }
    switch (key) {
      case 'Q' -> SlowHeader.readTimesLine(b, from + 1, to, entry);
      case 'T' -> SlowHeader.readThreadLine(b, from + 1, to, entry);
      case 'R' -> SlowHeader.readRowsLine(b, from + 1, to, entry);
      default -> SlowHeader.read(b, from + 1, to, entry);
    }
  }

  /**
   * MariaDB's (and Percona Server's) query plan and InnoDB lines, {@code # Full_scan: Yes ...},
   * {@code # Filesort: No ...}, {@code # Tmp_tables: 1  Tmp_disk_tables: 0 ...},
   * {@code # Pages_accessed: 16 ...}, {@code # Pages_read_time: ...}: none holds a key the header
   * reads, and each holds three to five, so the line is not scanned.
   */
  private static boolean planOrEngineLine(byte[] b, int from, int to, byte key) {
    return key == 'F' && (Bytes.startsWith(b, from, to, FULL_SCAN) || Bytes.startsWith(b, from, to, FILESORT))
        || key == 'T' && Bytes.startsWith(b, from, to, TMP_TABLES)
        || key == 'P' && Bytes.startsWith(b, from, to, PAGES);
  }

  private void begin(long number, long offset) {
    entry.clear(number, offset);
    open = true;
    userHost = false;
    body = false;
    sawUse = false;
    sawSet = false;
    lastEndedStatement = false;
  }

  private void emit() {
    entry.trimStatement();
    if (entry.statementLength == 0) {
      abandon();
      return;
    }
    open = false;
    body = false;
    sink.entry(entry);
  }

  /** Ends an entry that has a header but no statement (counted as malformed). */
  private void abandon() {
    if (open && !body) {
      sink.malformed(entry.line, entry.offset, NO_STATEMENT, TIME, 0, 0);
    }
    open = false;
    body = false;
  }

  /** Ends the read: the last entry is complete, or has no statement. */
  void finish() {
    if (body) {
      emit();
    } else {
      abandon();
    }
  }

  /** One of the three lines a server writes into its slow log when it starts. */
  static boolean isBanner(byte[] b, int from, int to) {
    if (from >= to) {
      return false;
    }
    byte first = b[from];
    if (first == '#') {
      return false; // no banner line is a comment: the common case, a header line, costs nothing
    }
    if (first == 'T') {
      return Bytes.startsWith(b, from, to, TCP_PORT) || startsWithTime(b, from, to);
    }
    return endsWith(b, from, to, STARTED_WITH) && indexOf(b, from, to, VERSION) >= 0;
  }

  /** "Time", white space, "Id", white space, "Command": the banner's column header. */
  private static boolean startsWithTime(byte[] b, int from, int to) {
    if (!Bytes.startsWith(b, from, to, WORD_TIME) || from + 4 >= to || !isSpace(b[from + 4])) {
      return false;
    }
    int i = skipSpace(b, from + 4, to);
    if (!Bytes.startsWith(b, i, to, WORD_ID) || i + 2 >= to || !isSpace(b[i + 2])) {
      return false;
    }
    i = skipSpace(b, i + 2, to);
    return Bytes.startsWith(b, i, to, WORD_COMMAND);
  }

  private static int skipSpace(byte[] b, int i, int to) {
    while (i < to && isSpace(b[i])) {
      i++;
    }
    return i;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isBlank(byte[] b, int from, int to) {
    return skipSpace(b, from, to) == to;
  }

  private static boolean endsWithSemicolon(byte[] b, int from, int to) {
    int i = to;
    while (i > from && isSpace(b[i - 1])) {
      i--;
    }
    return i > from && b[i - 1] == ';';
  }

  private static boolean endsWith(byte[] b, int from, int to, byte[] suffix) {
    return to - from >= suffix.length && Bytes.startsWith(b, to - suffix.length, to, suffix);
  }

  private static int indexOf(byte[] b, int from, int to, byte[] text) {
    for (int i = from; i + text.length <= to; i++) {
      if (Bytes.startsWith(b, i, to, text)) {
        return i;
      }
    }
    return -1;
  }
}
