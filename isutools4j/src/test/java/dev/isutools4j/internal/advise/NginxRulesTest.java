package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.testing.Requirement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NginxRulesTest {

  private static final Path NGINX = Path.of("/usr/sbin/nginx");

  static Map<String, Status> statuses(String nginxText) {
    AdvisorInput in = Inputs.run().env(Environment.empty().withNginx(nginxText, NginxFront.CONF)).input();
    return NginxRules.all().stream().flatMap(r -> r.check(in).stream())
        .collect(Collectors.toMap(Finding::rule, Finding::status));
  }

  @Test
  void theGoodConfigurationPassesEveryRule() {
    assertThat(statuses(NginxConfigTest.resource("good.nginx-T.txt")).values())
        .hasSize(NginxRules.all().size()).containsOnly(Status.OK);
  }

  @Test
  void theBadConfigurationFailsEveryRule() {
    Map<String, Status> bad = statuses(NginxConfigTest.resource("bad.nginx-T.txt"));
    assertThat(bad).hasSize(NginxRules.all().size()).doesNotContainValue(Status.OK)
        .doesNotContainValue(Status.SKIP);
    assertThat(bad).containsEntry("nginx-gzip", Status.MISSING)
        .containsEntry("nginx-upstream-keepalive", Status.WARN)
        .containsEntry("nginx-worker-connections", Status.INFO)
        .containsEntry("nginx-static-cache", Status.WARN);
  }

  /** nginx fronts the app ({@code isutools.nginx.conf}); the machine held this many connections. */
  private static Finding workerConnections(String nginxText, Long peakEstablished) {
    Inputs run = Inputs.run().env(Environment.empty().withNginx(nginxText, NginxFront.CONF));
    if (peakEstablished != null) {
      run.machine(Inputs.machine(null, List.of(
          Map.of(MachineMetric.TCP_ESTABLISHED, peakEstablished / 3),
          Map.of(MachineMetric.TCP_ESTABLISHED, peakEstablished))));
    }
    Rule rule = NginxRules.all().stream().filter(r -> r.id().equals("nginx-worker-connections"))
        .findFirst().orElseThrow();
    return rule.check(run.input()).get(0);
  }

  /** worker_connections 768 warns only when the run's connections came near it. */
  @Test
  void workerConnectionsWarnOnlyWhenTheRunsPeakComesNearThem() {
    String bad = NginxConfigTest.resource("bad.nginx-T.txt"); // worker_connections 768
    Finding near = workerConnections(bad, 615L); // 80 % of 768 is 614.4
    assertThat(near.status()).isEqualTo(Status.WARN);
    assertThat(near.evidence()).containsEntry("worker_connections", 768L)
        .containsEntry("peakEstablished", 615L);
    assertThat(near.fix())
        .isEqualTo("events { worker_connections 4096; } and worker_rlimit_nofile 8192;");

    Finding far = workerConnections(bad, 614L);
    assertThat(far.status()).isEqualTo(Status.INFO);
    assertThat(far.fix()).startsWith("below 4096, but the machine's peak of 614 connections stayed"
        + " under 80 % of it; if nginx logs \"worker_connections are not enough\": events {");

    Finding unmeasured = workerConnections(bad, null);
    assertThat(unmeasured.status()).isEqualTo(Status.INFO);
    assertThat(unmeasured.evidence()).doesNotContainKey("peakEstablished");
    assertThat(unmeasured.fix()).startsWith("connections were not measured");

    String good = NginxConfigTest.resource("good.nginx-T.txt"); // worker_connections 4096
    assertThat(workerConnections(good, 100L).status()).isEqualTo(Status.OK);
    assertThat(workerConnections(good, 4000L).status()).as("even a large limit, when reached")
        .isEqualTo(Status.WARN);
  }

  @Test
  void withoutNginxEveryRuleSkipsAndSaysWhy() {
    AdvisorInput in = Inputs.run().accessLog().input();
    for (Rule rule : NginxRules.all()) {
      assertThat(rule.check(in)).singleElement().satisfies(f -> {
        assertThat(f.status()).isEqualTo(Status.SKIP);
        assertThat(String.valueOf(f.evidence().get("missing"))).startsWith("nginx configuration");
      });
    }
  }

  /** The machine's own nginx, which nothing says fronts the app (the demo's, say). */
  @Test
  void anNginxThatDoesNotFrontTheAppIsNotJudged() {
    AdvisorInput in = Inputs.run()
        .env(Environment.empty().withNginx(NginxConfigTest.resource("bad.nginx-T.txt"), null))
        .http("GET", "/", 10, 0).input();
    for (Rule rule : NginxRules.all()) {
      assertThat(rule.check(in)).singleElement().satisfies(f -> {
        assertThat(f.status()).isEqualTo(Status.SKIP);
        assertThat(f.evidence()).containsEntry("missing", NginxFront.NONE);
      });
    }
    List<Finding> rows = new Advisor(() -> in.env(), NginxRules.all()).findings(in);
    assertThat(rows).singleElement().satisfies(f -> {
      assertThat(f.rule()).isEqualTo("nginx-*");
      assertThat(f.evidence()).containsEntry("missing", NginxFront.NONE);
      assertThat((List<Object>) f.evidence().get("rules"))
          .containsExactlyElementsOf(NginxRules.all().stream().map(Rule::id).toList());
    });
  }

  @Test
  void anAccessLogOrAProxyHeaderSaysNginxFrontsTheApp() {
    String bad = NginxConfigTest.resource("bad.nginx-T.txt");
    AdvisorInput logged = Inputs.run().accessLog()
        .env(Environment.empty().withNginx(bad, null)).input();
    AdvisorInput proxied = Inputs.run().env(Environment.empty()
        .withNginx(bad, NginxFront.of(false, "X-Forwarded-For", false).get(0))).input();
    for (AdvisorInput in : List.of(logged, proxied)) {
      assertThat(NginxRules.all().get(0).check(in)).singleElement()
          .satisfies(f -> assertThat(f.status()).isEqualTo(Status.MISSING));
    }
    assertThat(proxied.nginxFronts()).containsExactly("X-Forwarded-For seen on the app's requests");
    assertThat(logged.nginxFronts()).containsExactly(NginxFront.ACCESS_LOG);
  }

  @Test
  void theProbeAsksNginxOnlyWhenItFrontsTheApp() {
    Environment idle = EnvironmentProbe.gather(null, List.of());
    assertThat(idle.nginx()).isNull();
    assertThat(idle.nginxMissing()).isEqualTo(NginxFront.NONE);
    assertThat(idle.nginxFronts()).isEmpty();
    Environment configured = EnvironmentProbe.gather("/nonexistent/nginx.conf", List.of());
    assertThat(configured.nginxFronts()).containsExactly(NginxFront.CONF);
    assertThat(configured.nginxMissing()).contains("/nonexistent/nginx.conf");
  }

  @Test
  void anAbsentConfiguredFileIsAReasonNotAFailure() {
    String[] result = EnvironmentProbe.nginx("/nonexistent/nginx.conf");
    assertThat(result[0]).isNull();
    assertThat(result[1]).contains("/nonexistent/nginx.conf");
  }

  /** The same configurations through a real {@code nginx -T}. */
  @Nested
  class LiveNginx {

    @TempDir
    Path prefix;

    @BeforeEach
    void needsNginx() throws IOException {
      Requirement.require("nginx", Files.isExecutable(NGINX), NGINX + " not found (apt-get install nginx)");
      Path source = Path.of("src/test/resources/nginx");
      Files.createDirectories(prefix.resolve("conf.d"));
      Files.createDirectories(prefix.resolve("logs"));
      Files.createDirectories(prefix.resolve("tmp"));
      for (String name : List.of("good.conf", "bad.conf", "conf.d/app.conf")) {
        Files.copy(source.resolve(name), prefix.resolve(name));
      }
    }

    @ParameterizedTest
    @ValueSource(strings = {"good", "bad"})
    void nginxDumpsWhatTheGoldenFileHolds(String name) {
      String[] dump = EnvironmentProbe.dump(List.of(NGINX.toString(), "-T", "-p", prefix + "/",
          "-c", prefix.resolve(name + ".conf").toString()));
      assertThat(dump[1]).isNull();
      assertThat(dump[0].replace(prefix.toString(), "/PREFIX"))
          .isEqualTo(NginxConfigTest.resource(name + ".nginx-T.txt"));
      assertThat(statuses(dump[0])).isEqualTo(statuses(NginxConfigTest.resource(name + ".nginx-T.txt")));
    }
  }
}
