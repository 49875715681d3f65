package dev.isutools4j.isugram;

import dev.isutools4j.isugram.bench.Bench;
import dev.isutools4j.isugram.bench.BenchResult;
import dev.isutools4j.isugram.data.DataLoader;
import dev.isutools4j.isugram.data.Scale;
import java.nio.file.Files;
import java.time.Duration;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar isugram.jar serve|load|bench [options]}. Only {@code serve} starts Spring.
 */
public final class Main {

  private static final String USAGE = String.join("\n",
      "usage: java -jar isugram.jar <command> [options]",
      "  serve [--db JDBC_URL] [--port 8080] [--bind 127.0.0.1] [--tuning 0..5] [--data-dir DIR] [--integration library|none]",
      "  load  [--db JDBC_URL] [--scale 1] [--names FILE] [--data-dir DIR]",
      "  bench --target URL [--duration 60] [--concurrency 4] [--scale 1 | --names FILE]",
      "Without --db the embedded H2 database under --data-dir (default: " + ServeOptions.defaultDataDir() + ") is used.",
      "--db takes a plain JDBC URL, e.g. jdbc:mariadb://127.0.0.1:3306/isugram?user=isucon&password=isucon",
      "--bind 0.0.0.0 listens on every interface (default: loopback only, as isutools4j's admin server).",
      "--integration none serves with no isutools4j URL prefix or filter: for -javaagent:isutools4j-agent.jar.");

  private Main() {}

  public static void main(String[] argv) throws Exception {
    if (argv.length == 0 || argv[0].equals("-h") || argv[0].equals("--help")) {
      System.out.println(USAGE);
      return;
    }
    List<String> rest = Arrays.asList(argv).subList(1, argv.length);
    if (!argv[0].equals("serve") && System.getProperty("isutools.addr") == null) {
      // Loading drivers starts isutools4j; only serve measures anything, and its port stays free.
      System.setProperty("isutools.addr", "off");
    }
    try {
      switch (argv[0]) {
        case "serve" -> serve(serveOptions(rest));
        case "load" -> load(new Args(rest, Set.of("db", "scale", "names", "data-dir")));
        case "bench" -> bench(new Args(rest, Set.of("target", "duration", "concurrency", "scale", "names")));
        default -> throw new IllegalArgumentException("unknown command: " + argv[0]);
      }
      // Done: no pool or database thread left behind needs waiting for.
      System.exit(0);
    } catch (IllegalArgumentException e) {
      System.err.println("isugram: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
    }
  }

  private static Path dataDir(Args args) {
    String dir = args.get("data-dir", null);
    return dir == null ? ServeOptions.defaultDataDir() : Path.of(dir);
  }

  /** The options of {@code serve}'s arguments. */
  static ServeOptions serveOptions(List<String> argv) {
    Args args = new Args(argv, Set.of("db", "port", "bind", "tuning", "data-dir", "integration"));
    return new ServeOptions(args.get("db", null), args.getInt("port", 8080),
        new Tuning(args.getInt("tuning", 0)), dataDir(args), Set.of(), library(args),
        args.get("bind", ServeOptions.LOOPBACK));
  }

  private static void serve(ServeOptions options) throws InterruptedException {
    Isugram.Running app = Isugram.start(options);
    System.err.println("isugram: listening on " + System.getProperty("server.address", options.bind()) + ":"
        + app.port() + ", tuning level " + options.tuning().level());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      app.stop();
      stopped.countDown();
    }, "isugram-stop"));
    stopped.await();
  }

  private static boolean library(Args args) {
    String integration = args.get("integration", "library");
    return switch (integration) {
      case "library" -> true;
      case "none" -> false;
      default -> throw new IllegalArgumentException("--integration is library or none: " + integration);
    };
  }

  private static void load(Args args) throws Exception {
    String db = args.get("db", ServeOptions.embeddedUrl(dataDir(args)));
    String names = args.get("names", null);
    DataLoader.Summary summary = DataLoader.load(db, args.getDouble("scale", 1.0), names == null ? null : Path.of(names));
    System.err.printf("isugram: loaded %d users, %d posts, %d comments in %.1f s%n", summary.scale().users(),
        summary.scale().posts(), summary.scale().comments(), summary.millis() / 1000.0);
  }

  private static void bench(Args args) throws Exception {
    String target = args.get("target", null);
    if (target == null) {
      throw new IllegalArgumentException("bench needs --target URL");
    }
    Duration duration = Duration.ofSeconds(args.getInt("duration", 60));
    int concurrency = args.getInt("concurrency", 4);
    String names = args.get("names", null);
    BenchResult result = names != null
        ? Bench.run(target, duration, concurrency, Files.readAllLines(Path.of(names)).stream()
            .map(String::trim).filter(s -> !s.isEmpty()).toList())
        : Bench.run(target, duration, concurrency, Scale.of(args.getDouble("scale", 1.0)));
    System.out.println(result.toJson());
  }
}
