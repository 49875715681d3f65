package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What digesting a log costs: an LTSV access log of 200 000 lines (ids in every path, so the
 * route cache sees a new path on almost every line) and a MariaDB slow log of 100 000 entries
 * (values in every statement, so each one is fingerprinted), read with one or two threads. One
 * operation is one whole file; divide by the lines or entries for the cost of one.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar LogDigestBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class LogDigestBenchmark {

  static final int ACCESS_LINES = 200_000;
  static final int SLOW_ENTRIES = 100_000;

  @Param({"1", "2"})
  public int threads;

  private Path dir;
  private LogRange access;
  private LogRange slow;

  @Setup(Level.Trial)
  public void write() throws IOException {
    dir = Files.createTempDirectory("isutools-log-bench");
    Random r = new Random(1);
    Path a = dir.resolve("access.ltsv");
    try (BufferedWriter out = Files.newBufferedWriter(a)) {
      for (int i = 0; i < ACCESS_LINES; i++) {
        out.write("time:06/Dec/2026:10:15:30 +0900\thost:10.0.0." + r.nextInt(255) + "\tmethod:"
            + (r.nextInt(5) == 0 ? "POST" : "GET") + "\turi:/api/item/" + r.nextInt(100_000) + "/part"
            + r.nextInt(40) + "?q=" + r.nextInt() + "\tstatus:" + (200 + 100 * r.nextInt(4))
            + "\tsize:" + r.nextInt(100_000) + "\tua:Mozilla/5.0 (X11; Linux x86_64)\treqtime:0."
            + String.format("%03d", r.nextInt(1000)) + "\tapptime:0." + String.format("%03d", r.nextInt(1000))
            + "\n");
      }
    }
    Path s = dir.resolve("slow.log");
    try (BufferedWriter out = Files.newBufferedWriter(s)) {
      for (int i = 0; i < SLOW_ENTRIES; i++) {
        out.write("# User@Host: isucon[isucon] @ localhost [127.0.0.1]\n# Thread_id: 3  Schema: isu"
            + "  QC_hit: No\n# Query_time: 0.00" + r.nextInt(10_000) + "  Lock_time: 0.000010  Rows_sent: "
            + r.nextInt(20) + "  Rows_examined: " + r.nextInt(10_000) + "\n# Rows_affected: 0"
            + "  Bytes_sent: 90\nSET timestamp=1796112000;\n");
        out.write(switch (r.nextInt(4)) {
          case 0 -> "SELECT * FROM users WHERE id = " + r.nextInt(1_000_000) + ";\n";
          case 1 -> "SELECT id, body FROM posts WHERE user_id IN (" + r.nextInt(1000) + ", "
              + r.nextInt(1000) + ") ORDER BY created_at DESC LIMIT 20;\n";
          case 2 -> "INSERT INTO comments (post_id, body) VALUES (" + r.nextInt(1000) + ", 'c"
              + r.nextInt() + "');\n";
          default -> "UPDATE users SET last_login = NOW() WHERE id = " + r.nextInt(1_000_000) + ";\n";
        });
      }
    }
    access = LogRange.whole(a);
    slow = LogRange.whole(s);
  }

  @TearDown(Level.Trial)
  public void delete() throws IOException {
    Files.deleteIfExists(access.file());
    Files.deleteIfExists(slow.file());
    Files.deleteIfExists(dir);
  }

  @Benchmark
  public long accessLog() throws IOException {
    return AccessLogDigest.read(access, AccessLogDigest.Options.defaults(), threads).requests();
  }

  @Benchmark
  public long slowLog() throws IOException {
    return SlowLogDigest.read(slow, SlowLogDigest.Options.defaults(), threads).entries();
  }
}
