package dev.isutools4j.internal.dbtarget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The target keeps the driver instance the app's connection came from, and the inspector connects
 * through it: a driver in a class loader of the app's own (as in a Spring Boot jar) is reached.
 */
class DatabaseTargetTest {

  private static final String URL = "jdbc:h2:mem:dbtarget;DB_CLOSE_DELAY=-1";

  /**
   * The app's own class loader, holding H2 (as a Spring Boot jar's loader holds its drivers); never
   * closed: H2's static initialiser registered its driver with DriverManager, which keeps it (hidden
   * from this test's class loader) for the rest of the JVM.
   */
  private static final URLClassLoader APP_LOADER = new URLClassLoader(
      new URL[] {org.h2.Driver.class.getProtectionDomain().getCodeSource().getLocation()},
      ClassLoader.getPlatformClassLoader());

  /** A driver instance from the app's loader: not this test's copy of H2. */
  private static Driver appsH2() throws Exception {
    Driver driver = (Driver) Class.forName("org.h2.Driver", true, APP_LOADER)
        .getDeclaredConstructor().newInstance();
    assertThat(driver.getClass()).isNotSameAs(org.h2.Driver.class);
    return driver;
  }

  private static Properties credentials(String password) {
    Properties p = new Properties();
    p.setProperty("user", "sa");
    p.setProperty("password", password);
    return p;
  }

  @Test
  void theInspectorConnectsThroughTheAppsDriverInstance() throws Exception {
    DatabaseTarget target = DatabaseTarget.ofUrl(appsH2(), URL, credentials(""));
    try (Connection c = target.open(1000)) {
      assertThat(c.getClass().getClassLoader()).isSameAs(APP_LOADER);
      assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("H2");
    }
    // Without a driver instance the URL is looked up from the library's side: this test's H2.
    try (Connection c = DatabaseTarget.ofUrl(null, URL, credentials("")).open(1000)) {
      assertThat(c.getClass().getClassLoader()).isNotSameAs(APP_LOADER);
    }
  }

  @Test
  void theUrlPrefixKeepsTheRealDriverItConnectedThrough() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:isutools:h2:mem:prefix", credentials(""))) {
      DatabaseTarget target = DatabaseTargets.latest();
      assertThat(target.url()).isEqualTo("jdbc:h2:mem:prefix");
      assertThat(target.driver()).isInstanceOf(org.h2.Driver.class);
      assertThat(target.properties()).isEqualTo(credentials(""));
    }
  }

  @Test
  void theTargetIsWrittenOnlyWhenItChanges() throws Exception {
    Driver driver = appsH2();
    Properties app = credentials("first");
    DatabaseTargets.connected(driver, URL, app);
    DatabaseTarget first = DatabaseTargets.latest();
    assertThat(first.driver()).isSameAs(driver);
    assertThat(first.properties()).isNotSameAs(app).isEqualTo(app);

    DatabaseTargets.connected(driver, URL, credentials("first"));
    assertThat(DatabaseTargets.latest()).as("the same connection again").isSameAs(first);

    app.setProperty("password", "changed later by the app");
    assertThat(DatabaseTargets.latest().properties().getProperty("password")).isEqualTo("first");

    DatabaseTargets.connected(driver, URL, credentials("second"));
    DatabaseTarget second = DatabaseTargets.latest();
    assertThat(second).isNotSameAs(first);
    assertThat(second.properties().getProperty("password")).isEqualTo("second");

    DatabaseTargets.connected(appsH2(), URL, credentials("second"));
    assertThat(DatabaseTargets.latest()).as("another driver instance").isNotSameAs(second);
  }

  @Test
  void defaultsOfThePropertiesAreKept() {
    Properties withDefaults = new Properties(credentials("from-defaults"));
    withDefaults.setProperty("user", "app");
    DatabaseTarget target = DatabaseTarget.ofUrl(null, URL, withDefaults);
    assertThat(target.properties().getProperty("user")).isEqualTo("app");
    assertThat(target.properties().getProperty("password")).isEqualTo("from-defaults");
    assertThat(target.sameAs(null, URL, withDefaults)).isTrue();
  }

  @Test
  void neitherTheDescriptionNorToStringShowsTheCredentials() {
    DatabaseTarget target = DatabaseTarget.ofUrl(null,
        "jdbc:mariadb://127.0.0.1:3306/app?user=isu&password=url-secret", credentials("prop-secret"));
    assertThat(target.describe()).doesNotContain("url-secret").contains("password=***");
    assertThat(target.toString()).doesNotContain("url-secret").doesNotContain("prop-secret");
  }

  @Test
  void aUrlNoDriverAcceptsIsNamedWithoutItsPassword() {
    DatabaseTarget target = DatabaseTarget.ofUrl(null,
        "jdbc:nosuchdb://127.0.0.1/app?password=url-secret", new Properties());
    assertThatThrownBy(() -> target.open(1000)).isInstanceOf(SQLException.class)
        .hasMessageContaining("jdbc:nosuchdb://").hasMessageNotContaining("url-secret");
  }
}
