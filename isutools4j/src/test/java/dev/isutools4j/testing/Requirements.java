package dev.isutools4j.testing;

/**
 * The machine-level requirements of the test suite, each checked with {@link Requirement}: skipped
 * with a printed reason when missing, failed instead when {@code CI=true}.
 *
 * <p>Call these from {@code @BeforeEach} (the servers are shared, so this is cheap): Surefire and
 * Failsafe count a test class aborted in {@code @BeforeAll} as zero tests run and zero skipped,
 * which hides the skip from the build summary.
 */
public final class Requirements {

  private Requirements() {
  }

  /**
   * The JVM-wide MariaDB test server. Skips the calling test when MariaDB is not installed (fails
   * on CI). A server that is installed but does not start is always a failure.
   */
  public static MariaDbServer mariaDb() {
    Requirement.require("MariaDB", MariaDbServer.findInstallation().isPresent(), MariaDbServer.whyMissing());
    return MariaDbServer.shared();
  }

  /** The installed nginx binary. Skips the calling test when nginx is not installed (fails on CI). */
  public static java.nio.file.Path nginx() {
    java.util.Optional<java.nio.file.Path> nginx = Executables.find("nginx");
    Requirement.require("nginx", nginx.isPresent(),
        "could not find " + Executables.describeSearch("nginx") + " (apt-get install nginx)");
    return nginx.get();
  }

  /** The installed pt-query-digest (Percona Toolkit), or empty: callers fall back to its saved output. */
  public static java.util.Optional<java.nio.file.Path> ptQueryDigest() {
    return Executables.find("pt-query-digest");
  }
}
