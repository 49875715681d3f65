package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.keys.KeyIndex;
import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RecorderTest {

  private final Keys keys = Keys.withCapacity(4);
  private final Recorder recorder = new Recorder(keys);

  /** One request on this thread that runs {@code times} statements of {@code sqlId}. */
  private void request(String route, int sqlId, int times) {
    RequestScope scope = RequestScope.current();
    assertThat(scope.begin()).isTrue();
    try {
      for (int i = 0; i < times; i++) {
        recorder.sql(sqlId).executed(1_000, 0, false);
        scope.add(sqlId, 1_000);
      }
      recorder.http(keys.routes().id("GET", route)).record(5_000_000, 200, 10, scope,
          keys.sql().otherId());
    } finally {
      scope.end();
    }
  }

  @Test
  void nPlusOneIsFlaggedAtTheThresholdWithinOneRequest() {
    int comments = keys.sql().id("select * from comments where post_id = ?");
    request("/posts/{id}", comments, 4);
    request("/posts/{id}", comments, 4);
    assertThat(recorder.httpRows(5).get(0).nPlusOne()).as("4 per request is below 5").isFalse();

    request("/posts/{id}", comments, 5);
    HttpRow row = recorder.httpRows(5).get(0);
    assertThat(row.nPlusOne()).isTrue();
    assertThat(row.maxQueriesPerRequest()).isEqualTo(5);
    assertThat(row.queriesPerRequest()).isEqualTo(13 / 3.0);
    RouteQuery query = row.queries().get(0);
    assertThat(query.count()).isEqualTo(13);
    assertThat(query.maxPerRequest()).isEqualTo(5);
    assertThat(query.requests()).isEqualTo(3);
  }

  @Test
  void aNestedBeginDoesNotResetTheOuterRequest() {
    RequestScope scope = RequestScope.current();
    assertThat(scope.begin()).isTrue();
    scope.add(1, 10);
    assertThat(scope.begin()).isFalse();
    scope.add(1, 10);
    assertThat(scope.queries()).isEqualTo(2);
    scope.end();
    assertThat(scope.active()).isFalse();
  }

  @Test
  void sqlOutsideARequestIsNotAttributedToAnyRoute() {
    RequestScope scope = RequestScope.current();
    int before = scope.queries();
    scope.add(1, 10);
    assertThat(scope.active()).isFalse();
    assertThat(scope.queries()).isEqualTo(before);
  }

  @Test
  void routesBeyondTheCapFoldIntoOther() {
    for (int i = 0; i < 6; i++) {
      recorder.http(keys.routes().id("GET", "/r" + i)).record(1000, 200, 0, RequestScope.current(), 0);
    }
    List<HttpRow> rows = recorder.httpRows(5);
    assertThat(rows).hasSize(5);
    HttpRow other = rows.stream().filter(r -> r.route().equals(KeyIndex.OTHER)).findFirst().orElseThrow();
    assertThat(other.time().count()).isEqualTo(2);
  }

  @Test
  void countersHaveHitRates() {
    recorder.counter("cache").hit(true);
    recorder.counter("cache").hit(true);
    recorder.counter("cache").hit(false);
    recorder.counter("images").add(7);
    List<CounterRow> rows = recorder.counterRows();
    assertThat(rows).extracting(CounterRow::name).containsExactly("cache", "images");
    assertThat(rows.get(0).hitRate()).isEqualTo(2 / 3.0);
    assertThat(rows.get(0).count()).isEqualTo(3);
    assertThat(rows.get(1).hitRate()).isNull();
    assertThat(rows.get(1).count()).isEqualTo(7);
  }

  @Test
  void totalsAndTheIntervalHistogramCoverEveryRoute() {
    Histogram interval = IntervalLatency.newInterval();
    int users = keys.sql().id("select * from users where id = ?");
    request("/a", users, 2);
    request("/b", users, 1);
    recorder.http(keys.routes().id("GET", "/a")).record(9_000_000, 503, 0, RequestScope.current(), 0);
    recorder.sql(users).batchExecuted(4_000, 4, 4, false);

    RecorderTotals totals = recorder.totals();
    assertThat(totals.requests()).isEqualTo(3);
    assertThat(totals.serverErrors()).isEqualTo(1);
    assertThat(totals.statements()).isEqualTo(3 + 4);
    assertThat(totals.sqlNanos()).isEqualTo(3 * 1_000 + 4_000);

    recorder.requestIntervals().intervalInto(interval);
    assertThat(interval.getTotalCount()).isEqualTo(3);
    assertThat(interval.getMaxValue()).isBetween(8_900L, 9_100L); // microseconds
    recorder.requestIntervals().intervalInto(interval);
    assertThat(interval.getTotalCount()).as("the next interval starts empty").isZero();
  }
}
