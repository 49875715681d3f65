package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.isugram.bench.Bench;
import dev.isutools4j.isugram.bench.BenchResult;
import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.isugram.data.Scale;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without MariaDB: load into the embedded H2 database, serve it and bench it, all in this JVM. */
class EmbeddedIT {

  @TempDir
  Path dataDir;

  @Test
  void loadServeAndBenchInOneJvm() throws Exception {
    ServeOptions options = ServeOptions.defaults().withDataDir(dataDir).withPort(0).withTuning(4);
    DataLoader.load(options.jdbcUrl(), 0.01);
    try (Isugram.Running app = Isugram.start(options)) {
      BenchResult result = Bench.run(app.url(), Duration.ofSeconds(3), 2, Scale.of(0.01));
      System.out.println("[bench] embedded H2, level 4: " + result.toJson());
      assertThat(result.pass()).isTrue();
      assertThat(result.fail()).isZero();
      assertThat(result.score()).isPositive();
    }
  }
}
