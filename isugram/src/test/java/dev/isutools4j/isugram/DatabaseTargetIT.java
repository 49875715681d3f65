package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * isugram's executable Spring Boot jar (its drivers, H2's and MariaDB's both, nested in
 * {@code BOOT-INF/lib}, in Spring Boot's own class loader) on a private MariaDB: whichever way it is
 * measured, the saved run's database section holds the schema and plans, so the inspector reached
 * the app's database through the app's driver, with the app's credentials, and wrote no password.
 */
class DatabaseTargetIT {

  private Path work;
  private String url;
  private String user;
  private String password;

  @BeforeEach
  void database() throws Exception {
    MariaDbServer server = Requirements.mariaDb();
    work = Files.createDirectories(Path.of("target", "database-target-it"));
    MariaDbServer.Database db = server.createUniqueDatabase("dbtarget");
    // A user of its own with a password found nowhere else, so that a leak cannot hide.
    user = db.name();
    password = "pw-" + UUID.randomUUID().toString().replace("-", "");
    try (Connection root = server.rootConnection(); Statement s = root.createStatement()) {
      for (String host : List.of(MariaDbServer.HOST, "localhost")) {
        s.execute("CREATE USER '" + user + "'@'" + host + "' IDENTIFIED BY '" + password + "'");
        s.execute("GRANT ALL PRIVILEGES ON *.* TO '" + user + "'@'" + host + "'");
      }
    }
    url = db.jdbcUrl();
    DataLoader.load(url + "?user=" + user + "&password=" + password, 0.01);
  }

  /** No URL prefix, no filter: the agent learns the database from the driver's connect. */
  @Test
  void underTheAgentWithCredentialsInTheProperties() throws Exception {
    // Spring Boot's username and password reach the driver as connect's properties, not in the URL.
    List<String> jvm = List.of("-javaagent:" + IsugramJvm.agentJar(),
        "-Dspring.datasource.username=" + user, "-Dspring.datasource.password=" + password);
    try (IsugramJvm app = IsugramJvm.serve(work, jvm,
        List.of("--db", url, "--tuning", "1", "--integration", "none"))) {
      DatabaseSection db = measured(app);
      assertThat(db.url()).isEqualTo(url);
      assertThat(app.output()).doesNotContain("could not instrument");
    }
  }

  /**
   * isugram's own integration: {@code spring.datasource.url=jdbc:isutools:mariadb://...} with
   * {@code spring.datasource.driver-class-name=dev.isutools4j.jdbc.IsutoolsDriver}, as the README
   * says, with H2 on the class path too. Under the agent the library is the agent jar's, on the
   * system class path, where the app's MariaDB driver cannot be seen.
   */
  @Test
  void underTheAgentWithTheUrlPrefix() throws Exception {
    try (ZipFile jar = new ZipFile(IsugramJvm.isugramJar().toFile())) {
      assertThat(jar.stream().map(ZipEntry::getName).filter(n -> n.startsWith("BOOT-INF/lib/")))
          .as("the drivers the app carries").anyMatch(n -> n.startsWith("BOOT-INF/lib/h2-"))
          .anyMatch(n -> n.startsWith("BOOT-INF/lib/mariadb-java-client-"));
    }
    try (IsugramJvm app = IsugramJvm.serve(work, List.of("-javaagent:" + IsugramJvm.agentJar()),
        List.of("--db", url + "?user=" + user + "&password=" + password, "--tuning", "1"))) {
      DatabaseSection db = measured(app);
      assertThat(db.url()).isEqualTo(url + "?user=" + user + "&password=***");
    }
  }

  /** The same configuration with the library alone, inside the jar. */
  @Test
  void withTheUrlPrefixAndNoAgent() throws Exception {
    try (IsugramJvm app = IsugramJvm.serve(work, List.of(),
        List.of("--db", url + "?user=" + user + "&password=" + password, "--tuning", "1"))) {
      measured(app);
    }
  }

  /** Reset, a few pages, save: the run's database section, checked, with no password anywhere. */
  private DatabaseSection measured(IsugramJvm app) throws Exception {
    app.reset();
    String index = app.get("/").body();
    List<String> pages = new ArrayList<>(links(index, "href=\"(/posts/\\d+)\"", 3));
    pages.addAll(links(index, "href=\"(/@[A-Za-z0-9_]+)\"", 2));
    assertThat(pages).hasSize(5);
    for (String page : pages) {
      assertThat(app.get(page).statusCode()).isEqualTo(200);
    }
    Path file = app.save();

    String json = Files.readString(file);
    Path page = file.resolveSibling(file.getFileName().toString().replace(".json", ".html"));
    assertThat(json).doesNotContain(password);
    assertThat(page).exists();
    assertThat(Files.readString(page)).doesNotContain(password);
    assertThat(app.output()).doesNotContain(password);

    Snapshot run = SnapshotJson.read(json);
    DatabaseSection db = run.section(DatabaseSection.class).orElseThrow();
    assertThat(db.supported()).as(db.reason()).isTrue();
    assertThat(db.error()).isNull();
    assertThat(db.startError()).isNull();
    assertThat(db.product()).isEqualToIgnoringCase("MariaDB");
    assertThat(db.tables()).extracting(Table::name).contains("users", "posts", "comments");
    Table comments = db.tables().stream().filter(t -> t.name().equals("comments")).findFirst()
        .orElseThrow();
    // Tuning level 1's index, created at start: the schema is the app's, read at save.
    assertThat(comments.indexes()).anySatisfy(
        i -> assertThat(i.columns()).containsExactly("post_id", "created_at"));
    assertThat(db.plans()).isNotEmpty().anySatisfy(p -> {
      assertThat(p.error()).isNull();
      assertThat(p.rows()).isNotEmpty();
    });
    assertThat(db.plans()).extracting(Plan::sample).allSatisfy(s -> assertThat(s).doesNotContain(password));
    return db;
  }

  private static List<String> links(String page, String regex, int max) {
    LinkedHashSet<String> found = new LinkedHashSet<>();
    Matcher m = Pattern.compile(regex).matcher(page);
    while (m.find() && found.size() < max) {
      found.add(m.group(1));
    }
    return List.copyOf(found);
  }
}
