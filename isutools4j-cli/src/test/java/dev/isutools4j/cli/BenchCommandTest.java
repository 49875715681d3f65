package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.hub.Hub;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.store.StoredRun;
import dev.isutools4j.internal.web.AdminServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code isutools4j bench} against an in-process admin server, with a fake benchmarker. */
class BenchCommandTest {

  @TempDir
  Path dir;

  private AdminServer server;
  private RunStore store;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  @BeforeEach
  void start() throws Exception {
    store = new RunStore(dir);
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(), () -> new GitRevision("feedbeef", false), 5,
        Clock.systemUTC());
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
  }

  @AfterEach
  void stop() {
    server.stop();
  }

  private int bench(String... args) {
    BenchCommand command = new BenchCommand();
    command.out = new PrintStream(out, true, StandardCharsets.UTF_8);
    command.err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    List<String> all = new ArrayList<>(List.of("--addr", "127.0.0.1:" + server.address().getPort()));
    all.addAll(List.of(args));
    return new CommandLine(command).execute(all.toArray(String[]::new));
  }

  @Test
  void theTokenComesFromTheOptionThenTheSettingThenTheEnvironment() throws Exception {
    server.stop();
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString(), "isutools.token", "s3cret")), new RunLifecycle(store, List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC()));
    String[] benchmarker = {"--", "sh", "-c", "echo '{\"pass\":true,\"score\":7}'"};
    assertThat(benchWith(Map.of(), Map.of(), benchmarker)).as("no token").isNotZero();
    assertThat(benchWith(Map.of("isutools.token", "s3cret"), Map.of(), benchmarker))
        .as("the isutools.token property").isZero();
    assertThat(benchWith(Map.of(), Map.of("ISUTOOLS_TOKEN", "s3cret"), benchmarker))
        .as("ISUTOOLS_TOKEN").isZero();
    String[] withOption = {"--token", "s3cret", "--", "sh", "-c", "echo '{\"pass\":true,\"score\":7}'"};
    assertThat(benchWith(Map.of("isutools.token", "wrong"), Map.of(), withOption))
        .as("--token before the property").isZero();
    assertThat(store.list()).hasSize(3);
  }

  private int benchWith(Map<String, String> properties, Map<String, String> env, String... args) {
    BenchCommand command = new BenchCommand();
    command.out = new PrintStream(out, true, StandardCharsets.UTF_8);
    command.err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    command.properties = properties::get;
    command.env = env;
    List<String> all = new ArrayList<>(List.of("--addr", "127.0.0.1:" + server.address().getPort()));
    all.addAll(List.of(args));
    return new CommandLine(command).execute(all.toArray(String[]::new));
  }

  private RunMeta onlyRun() throws Exception {
    List<StoredRun> runs = store.list();
    assertThat(runs).hasSize(1);
    return runs.get(0).meta();
  }

  @Test
  void savesTheScoreAndPassOfTheLastJsonObjectAndPrintsTheRunsAddress() throws Exception {
    int exit = bench("--note", "indexes", "--", "sh", "-c",
        "echo '{\"pass\":false,\"score\":1}'; echo progress; echo '{\"pass\":true,\"score\":42,\"x\":{\"y\":1}}'");
    assertThat(exit).isZero();
    RunMeta meta = onlyRun();
    assertThat(meta.score()).isEqualTo(42L);
    assertThat(meta.pass()).isTrue();
    assertThat(meta.note()).isEqualTo("indexes (exit 0)");
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed).contains("progress") // the benchmarker's own output passes through
        .contains("score 42, pass, exit 0\n")
        .contains("/runs/" + meta.id())
        .doesNotContain("partial");
  }

  @Test
  void aRunAcrossHostsThatLacksAPartIsSaidPartialWithTheHostAndWhy() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.4"))) {
      closedPort = socket.getLocalPort();
    }
    Path history = dir.resolve("hub");
    RunLifecycle local = new RunLifecycle(new RunStore(history), List.of(), List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC(),
        new HostIdentity("app1", HostIdentity.APP));
    Settings settings = Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", history.toString(), "isutools.peers", "db=http://127.0.0.4:" + closedPort));
    try (Hub hub = Hub.of(local, settings, true)) {
      AdminServer hubServer = AdminServer.start(settings, hub);
      try {
        BenchCommand command = new BenchCommand();
        command.out = new PrintStream(out, true, StandardCharsets.UTF_8);
        command.err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        int exit = new CommandLine(command).execute("--addr",
            "127.0.0.1:" + hubServer.address().getPort(), "--", "sh", "-c", "echo '{\"score\":7}'");

        assertThat(exit).isZero();
        RunMeta meta = new RunStore(history).list().get(0).meta();
        assertThat(meta.partial()).isTrue();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("run " + meta.id()
            + ": score 7, pass, exit 0 (partial: db missing: at reset: connection refused;"
            + " at save: connection refused)\n");
      } finally {
        hubServer.stop();
      }
    }
  }

  @Test
  void aSecondRunPrintsItsScoreChangeAgainstTheFirst() throws Exception {
    assertThat(bench("--", "sh", "-c", "echo '{\"pass\":true,\"score\":100}'")).isZero();
    String first = store.list().get(0).id();
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("against");
    out.reset();
    assertThat(bench("--", "sh", "-c", "echo '{\"pass\":true,\"score\":130}'")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("against " + first + ": score +30");
  }

  @Test
  void takesTheScoreFromTheRegexAndPassFromTheExitCode() throws Exception {
    int exit = bench("--score-regex", "Score: (\\d+)", "--", "sh", "-c",
        "echo 'Score: 7'; echo 'Score: 1234'; exit 3");
    assertThat(exit).isEqualTo(3);
    RunMeta meta = onlyRun();
    assertThat(meta.score()).isEqualTo(1234L);
    assertThat(meta.pass()).isFalse();
    assertThat(meta.note()).isEqualTo("(exit 3)");
  }

  @Test
  void repeatSavesEachRunUnderTheLabelAndPrintsTheirBand() throws Exception {
    Path counter = dir.resolve("count");
    // each run scores 100, 120, 110: the benchmarker counts its own runs in a file
    String script = "n=$(cat " + counter + " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + counter
        + "; case $n in 1) s=100;; 2) s=120;; *) s=110;; esac; echo \"{\\\"pass\\\":true,\\\"score\\\":$s}\"";
    int exit = bench("--repeat", "3", "--label", "level-2", "--note", "idx", "--", "sh", "-c", script);
    assertThat(exit).isZero();
    List<StoredRun> runs = store.list();
    assertThat(runs).hasSize(3);
    assertThat(runs).extracting(r -> r.meta().label()).containsOnly("level-2");
    assertThat(runs).extracting(r -> r.meta().note()).containsOnly("idx (exit 0)");
    assertThat(runs).extracting(r -> r.meta().score()).containsExactly(110L, 120L, 100L);
    assertThat(runs.stream().map(StoredRun::id).distinct()).hasSize(3);
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed).contains("repeats: 3 scored, band 100–120, median 110");
    String history = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
        .newBuilder(java.net.URI.create("http://127.0.0.1:" + server.address().getPort() + "/"))
        .build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
    assertThat(history).contains("×3 · 100–120 · median 110</span>")
        .contains("<g class=\"band\">");
  }

  @Test
  void twoRepeatsSayOneMoreWouldGiveABandAndARepeatBelowOneIsRefused() throws Exception {
    assertThat(bench("--repeat", "2", "--", "sh", "-c", "echo '{\"score\":5}'")).isZero();
    assertThat(store.list()).hasSize(2);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("repeats: 2 scored, 1 more would give a band");
    assertThat(bench("--repeat", "0", "--", "sh", "-c", "echo ran")).isEqualTo(2);
    assertThat(store.list()).hasSize(2);
  }

  @Test
  void anUnreachableServerRunsNothing() {
    BenchCommand command = new BenchCommand();
    command.out = new PrintStream(out, true, StandardCharsets.UTF_8);
    command.err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    int exit = new CommandLine(command).execute("--addr", "127.0.0.1:1", "--", "sh", "-c",
        "echo ran");
    assertThat(exit).isEqualTo(1);
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("ran");
  }

  @Test
  void readsVerdictsFromOutput() {
    assertThat(BenchOutput.read("{\"score\": 10.6}", null, 0)).isEqualTo(new BenchOutput(11L, true));
    assertThat(BenchOutput.read("no json here", null, 1)).isEqualTo(new BenchOutput(null, false));
    assertThat(BenchOutput.read("{\"pass\":false,\"score\":5}\n", null, 0))
        .isEqualTo(new BenchOutput(5L, false));
    assertThat(BenchOutput.read("{\"msg\":\"a } in a string\",\"score\":9} {broken", null, 0).score())
        .isEqualTo(9L);
    assertThat(BenchOutput.read("score=1,234\n", Pattern.compile("score=([\\d,]+)"), 0).score())
        .isEqualTo(1234L);
  }
}
