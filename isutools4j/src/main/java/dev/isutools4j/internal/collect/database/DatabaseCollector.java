package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The {@code database} section: the MySQL or MariaDB the app talks to, as it was during the run.
 * At reset it reads the schema, the variables, some status counters and the statement digests;
 * at save it reads them again and EXPLAINs the SELECTs that took most time, as its
 * {@link ExplainSource} tells them: the app's SQL table, or a host's slow log (the comparison with
 * the previous saved run is an analyzer's, {@code DatabaseChanges}). Other databases get
 * {@code supported: false}. A database that is down costs this section only (with the reason),
 * never the run.
 *
 * <p>It uses a connection of its own, opened through the real driver (see {@link DatabaseTarget}),
 * on a daemon thread ({@code isutools-database}) with a deadline, so a database that hangs cannot
 * hold the admin server's thread. {@link #start} and {@link #stop} run on the admin server's thread.
 */
public final class DatabaseCollector implements Collector {

  public static final String NAME = "database";
  static final String THREAD_NAME = "isutools-database";
  private static final int CONNECT_TIMEOUT_MS = 5_000;
  private static final long START_DEADLINE_MS = 20_000;

  private final Supplier<DatabaseTarget> target;
  private final ExplainSource explain;
  private final int explainTop;
  private final int explainBudgetMs;
  private RunStart start;

  /** The collector of an app's JVM: the app's latest database, the current run's SQL table. */
  public DatabaseCollector(Settings settings) {
    this(settings, ExplainSource.recorder());
  }

  /**
   * The collector of this JVM's latest database, explaining the statements of {@code explain}
   * (a host with no app: {@link ExplainSource#slowLog}).
   */
  public DatabaseCollector(Settings settings, ExplainSource explain) {
    this(DatabaseTargets::latest, explain, settings.explainTop(), settings.explainBudgetMs());
  }

  DatabaseCollector(Supplier<DatabaseTarget> target, Supplier<List<SqlRow>> sql, int explainTop,
      int explainBudgetMs) {
    this(target, ExplainSource.sqlTable(sql), explainTop, explainBudgetMs);
  }

  DatabaseCollector(Supplier<DatabaseTarget> target, ExplainSource explain, int explainTop,
      int explainBudgetMs) {
    this.target = target;
    this.explain = explain;
    this.explainTop = explainTop;
    this.explainBudgetMs = explainBudgetMs;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public synchronized void start(RunContext context) {
    start = null;
    DatabaseTarget t = target.get();
    if (t == null) {
      return; // the app has not connected yet: stop tries again without a start
    }
    try {
      start = deadline(() -> readStart(t), START_DEADLINE_MS);
    } catch (Exception e) {
      Health.failed("database inspector: start", e);
      start = RunStart.failed(t, "at reset: " + reason(e));
    }
  }

  @Override
  public synchronized DatabaseSection stop(boolean saving) {
    RunStart began = start;
    start = null;
    if (!saving) {
      return null;
    }
    DatabaseTarget t = target.get();
    if (t == null) {
      return DatabaseSection.unsupported("the app has not connected to a database yet");
    }
    // Before this collector's connection opens, so that a slow log read now holds none of it.
    List<ExplainCandidate> candidates = candidates();
    try {
      return deadline(() -> readEnd(t, began, candidates), START_DEADLINE_MS + explainBudgetMs);
    } catch (Exception e) {
      Health.failed("database inspector: save", e);
      return ReadingsToDatabase.failed(t, began, "at save: " + reason(e));
    }
  }

  private List<ExplainCandidate> candidates() {
    try {
      return explain.candidates().get();
    } catch (RuntimeException e) {
      Health.failed("database inspector: the statements to explain", e);
      return List.of();
    }
  }

  private RunStart readStart(DatabaseTarget t) throws Exception {
    try (Connection c = t.open(CONNECT_TIMEOUT_MS)) {
      String product = c.getMetaData().getDatabaseProductName();
      if (!ReadingsToDatabase.mysqlLike(product)) {
        return RunStart.of(t, product, c.getMetaData().getDatabaseProductVersion());
      }
      return RunStart.read(t, c);
    }
  }

  private DatabaseSection readEnd(DatabaseTarget t, RunStart began,
      List<ExplainCandidate> candidates) throws Exception {
    try (Connection c = t.open(CONNECT_TIMEOUT_MS)) {
      String product = c.getMetaData().getDatabaseProductName();
      if (!ReadingsToDatabase.mysqlLike(product)) {
        return DatabaseSection.unsupported(product + " is not inspected: the database section"
            + " reads MySQL and MariaDB only");
      }
      ReadingsToDatabase reading =
          new ReadingsToDatabase(t, product, c.getMetaData().getDatabaseProductVersion(), began);
      reading.readEnd(c);
      return reading.explained(Explains.run(c, explain.from(), candidates, explainTop,
          explainBudgetMs, System::nanoTime));
    }
  }

  interface Read<T> {
    T call() throws Exception;
  }

  /** Runs {@code read} on a daemon thread of its own and waits at most {@code ms}. */
  static <T> T deadline(Read<T> read, long ms) throws Exception {
    Executor thread = r -> {
      Thread th = new Thread(r, THREAD_NAME);
      th.setDaemon(true);
      th.start();
    };
    CompletableFuture<T> done = CompletableFuture.supplyAsync(() -> {
      try {
        return read.call();
      } catch (Exception e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    }, thread);
    try {
      return done.get(ms, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } catch (TimeoutException e) {
      throw new TimeoutException("the database did not answer within " + ms + " ms");
    }
  }

  static String reason(Throwable e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse("");
  }
}
