package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.net.ServerSocket;
import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo --hosts 3} as briefly as it goes (the smallest scale, a few seconds of load): the run
 * it saves through the hub has the three hosts and the apps' tables merged, and it keeps serving
 * the hub's dashboard until stopped, then stops every process it started.
 */
class DemoHostsIT {

  @TempDir
  Path dir;

  @Test
  void withMariaDbAndNginxOneRunAcrossThreeHosts() throws Exception {
    Requirements.nginx();
    Requirements.mariaDb();
    try (MariaDbServer mariadb = MariaDbServer.start(ThreeServers.DB)) {
      mariadb.createDatabase("isugram");
      String db = mariadb.jdbcUrl("isugram") + "?user=" + mariadb.user() + "&password=" + mariadb.password();
      Demo demo = demo("--db", db);
      assertThat(demo.output()).contains("nginx on http://127.0.0.1:").contains("balances between app1 and app2");
      assertThat(demo.run().parts().get("db").sections()).as("the database host inspected MariaDB")
          .containsKey("database");
      assertThat(demo.run().parts().get("db").sections()).as("and read nginx's access log")
          .containsKey("accessLog");
    }
  }

  @Test
  void withoutADatabaseEachAppHasItsOwnAndTheLoadTakesTurns() throws Exception {
    Demo demo = demo();
    assertThat(demo.output()).contains("each app gets an embedded H2 database of its own")
        .contains("the load goes to app1, then app2");
    assertThat(demo.run().parts().get("app1").http()).isNotEmpty();
    assertThat(demo.run().parts().get("app2").http()).isNotEmpty();
  }

  /** What the demo printed and the run it saved. */
  private record Demo(String output, Snapshot run) {}

  /** Runs the demo until it serves the dashboard, checks the page, stops it. */
  private Demo demo(String... extra) throws Exception {
    int port = ThreeServers.freePort(ThreeServers.APP1);
    int admin = ThreeServers.freePort(ThreeServers.DB);
    String hub = "127.0.0.1:" + admin;
    List<String> command = new ArrayList<>(List.of(Child.java(), "-jar", ThreeServers.cliJar().toString(),
        "demo", "--hosts", "3", "--isugram", ThreeServers.isugramJar().toString(), "--dir", dir.toString(),
        "--scale", "0.01", "--duration", "4", "--concurrency", "2", "--levels", "1",
        "--addr", hub, "--port", String.valueOf(port)));
    command.addAll(List.of(extra));
    Child demo = Child.start("demo", command, Map.of(), dir.resolve("demo.log"));
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
      while (!demo.output().contains("Ctrl-C stops") && System.nanoTime() < deadline) {
        assertThat(demo.alive()).as(demo.output()).isTrue();
        Thread.sleep(250);
      }
      String output = demo.output();
      assertThat(output).contains("Ctrl-C stops").contains("dashboard: http://" + hub + "/");
      HttpResponse<String> page = ThreeServers.get("http://" + hub + "/", null);
      assertThat(page.statusCode()).isEqualTo(200);
    } finally {
      demo.stop(Duration.ofSeconds(60));
    }
    assertThat(demo.alive()).isFalse();
    for (String address : List.of(ThreeServers.APP1, ThreeServers.APP2)) {
      assertThat(free(address, port)).as("isugram on " + address + " stopped with the demo").isTrue();
    }
    assertThat(free(ThreeServers.DB, admin)).as("the host stopped with the demo").isTrue();
    assertThat(free("127.0.0.1", admin)).as("the hub stopped with the demo").isTrue();

    List<Path> runs;
    try (Stream<Path> files = Files.list(dir)) {
      runs = files.filter(p -> p.toString().endsWith(".json")).toList();
    }
    assertThat(runs).as(demo.output()).hasSize(1);
    Snapshot run = SnapshotJson.read(Files.readString(runs.get(0)));
    assertThat(run.meta().hosts()).extracting(HostInfo::name).containsExactlyInAnyOrder("app1", "app2", "db");
    assertThat(run.meta().hosts()).extracting(HostInfo::status).containsOnly(HostInfo.OK);
    assertThat(run.parts()).containsOnlyKeys("app1", "app2", "db");
    assertThat(run.http()).as("the apps' HTTP tables merged").isNotEmpty();
    assertThat(run.sql()).as("the apps' SQL tables merged").isNotEmpty();
    long requests = run.http().stream().mapToLong(r -> r.time().count()).sum();
    long parts = Stream.of("app1", "app2").flatMap(h -> run.parts().get(h).http().stream())
        .mapToLong(r -> r.time().count()).sum();
    assertThat(requests).isPositive().isEqualTo(parts);
    assertThat(run.meta().score()).isNotNull();
    return new Demo(demo.output(), run);
  }

  private static boolean free(String address, int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(address))) {
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
