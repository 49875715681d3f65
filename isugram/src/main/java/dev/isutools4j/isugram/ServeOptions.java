package dev.isutools4j.isugram;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * How to start the app.
 *
 * @param db a plain JDBC URL (MariaDB, MySQL or H2); null for the embedded H2 database under dataDir
 * @param port the HTTP port; 0 for any free one
 * @param tuning the tuning level
 * @param dataDir where the embedded database and the picture files live
 * @param faults pages broken on purpose, to show that the load generator notices
 * @param library whether the app measures itself with the isutools4j library (a {@code
 *     jdbc:isutools:} URL and the servlet filter); false to run plain, as an app under {@code
 *     -javaagent:isutools4j-agent.jar} would
 * @param bind the address the HTTP port listens on: {@value #LOOPBACK} by default, as the admin
 *     server; {@code 0.0.0.0} for every interface (Spring's {@code server.address}, given as a
 *     property, wins over it)
 */
public record ServeOptions(String db, int port, Tuning tuning, Path dataDir, Set<Fault> faults,
    boolean library, String bind) {

  /** Where the app listens unless told otherwise: only this machine reaches it. */
  public static final String LOOPBACK = "127.0.0.1";

  /** A page broken on purpose. */
  public enum Fault {
    /** Posts lose their {@code a.isu-post-permalink}. */
    NO_PERMALINK
  }

  public ServeOptions {
    dataDir = dataDir == null ? defaultDataDir() : dataDir;
    tuning = tuning == null ? new Tuning(0) : tuning;
    faults = faults == null || faults.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(faults));
    bind = bind == null || bind.isBlank() ? LOOPBACK : bind.strip();
  }

  public static ServeOptions defaults() {
    return new ServeOptions(null, 8080, new Tuning(0), null, Set.of(), true, LOOPBACK);
  }

  public ServeOptions withDb(String value) {
    return new ServeOptions(value, port, tuning, dataDir, faults, library, bind);
  }

  public ServeOptions withPort(int value) {
    return new ServeOptions(db, value, tuning, dataDir, faults, library, bind);
  }

  public ServeOptions withTuning(int level) {
    return new ServeOptions(db, port, new Tuning(level), dataDir, faults, library, bind);
  }

  public ServeOptions withDataDir(Path value) {
    return new ServeOptions(db, port, tuning, value, faults, library, bind);
  }

  public ServeOptions withFaults(Set<Fault> value) {
    return new ServeOptions(db, port, tuning, dataDir, value, library, bind);
  }

  public ServeOptions withLibrary(boolean value) {
    return new ServeOptions(db, port, tuning, dataDir, faults, value, bind);
  }

  public ServeOptions withBind(String value) {
    return new ServeOptions(db, port, tuning, dataDir, faults, library, value);
  }

  /** The JDBC URL the data lives at: {@link #db()} or the embedded H2 file database under dataDir. */
  public String jdbcUrl() {
    return db != null ? db : embeddedUrl(dataDir);
  }

  /** The embedded database's URL for a data directory. */
  public static String embeddedUrl(Path dataDir) {
    return "jdbc:h2:file:" + dataDir.resolve("h2").resolve("isugram").toAbsolutePath()
        + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE";
  }

  public static Path defaultDataDir() {
    return Path.of(System.getProperty("java.io.tmpdir"), "isugram");
  }
}
