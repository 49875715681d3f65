package dev.isutools4j.isugram.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.testing.MariaDbServer;
import dev.isutools4j.testing.Requirements;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two app servers started together on one database (the three-server demo's two isugram JVMs) both
 * set the tuning indexes: whichever loses the race must find the index as wanted and start, not fail
 * with "Duplicate key name".
 */
class TuningIndexesRaceIT {

  private static final int APPS = 4;
  private static final int ROUNDS = 5;

  @Test
  void appsStartingTogetherAllSucceed() throws Exception {
    MariaDbServer.Database db = Requirements.mariaDb().createUniqueDatabase("indexrace");
    try (Connection setup = db.connect()) {
      Schema.create(setup, Dialect.MYSQL);
    }
    ExecutorService pool = Executors.newFixedThreadPool(APPS);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        boolean wanted = round % 2 == 0;
        CyclicBarrier together = new CyclicBarrier(APPS);
        List<Future<Void>> apps = new ArrayList<>();
        for (int i = 0; i < APPS; i++) {
          apps.add(pool.submit(() -> {
            try (Connection connection = db.connect()) {
              together.await(10, TimeUnit.SECONDS);
              Schema.tuningIndexes(connection, Dialect.MYSQL, wanted);
            }
            return null;
          }));
        }
        for (Future<Void> app : apps) {
          app.get(60, TimeUnit.SECONDS); // rethrows the app's SQLException, if any
        }
        try (Connection check = db.connect()) {
          for (Schema.Index index : Schema.TUNING_INDEXES) {
            assertThat(Schema.hasIndex(check, index)).as(index.name() + " in round " + round).isEqualTo(wanted);
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
