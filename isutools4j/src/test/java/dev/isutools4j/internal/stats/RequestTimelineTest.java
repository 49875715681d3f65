package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class RequestTimelineTest {

  @Test
  void statementsBeyondTheLimitAreCountedNotKept() {
    RequestTimeline timeline = new RequestTimeline(3);
    for (int i = 0; i < 5; i++) {
      int token = timeline.add(i, 1_000 + i, 10, 0, false, 1, null);
      assertThat(token == RequestTimeline.NONE).as("statement %d", i).isEqualTo(i >= 3);
    }
    assertThat(timeline.count()).isEqualTo(3);
    assertThat(timeline.dropped()).isEqualTo(2);
    assertThat(timeline.last()).as("the last statement was dropped").isEqualTo(RequestTimeline.NONE);
    assertThat(new int[] {timeline.sqlId(0), timeline.sqlId(1), timeline.sqlId(2)}).containsExactly(0, 1, 2);

    timeline.clear();
    assertThat(timeline.count()).isZero();
    assertThat(timeline.dropped()).isZero();
  }

  @Test
  void itGrowsPastItsFirstCapacityUpToTheLimit() {
    RequestTimeline timeline = new RequestTimeline(100);
    for (int i = 0; i < 150; i++) {
      timeline.add(7, i, i, i, i % 2 == 0, 1, "t" + i);
    }
    assertThat(timeline.count()).isEqualTo(100);
    assertThat(timeline.dropped()).isEqualTo(50);
    assertThat(timeline.start(99)).isEqualTo(99);
    assertThat(timeline.text(42)).isEqualTo("t42");
    assertThat(timeline.failed(42)).isTrue();
  }

  @Test
  void aLimitOfNoneKeepsNothing() {
    RequestTimeline timeline = new RequestTimeline(0);
    assertThat(timeline.add(1, 0, 1, 0, false, 1, null)).isEqualTo(RequestTimeline.NONE);
    assertThat(timeline.count()).isZero();
    assertThat(timeline.dropped()).isEqualTo(1);
  }

  @Test
  void rowsReadGoToTheStatementOfTheirToken() {
    RequestTimeline timeline = new RequestTimeline(10);
    int posts = timeline.add(1, 0, 5, 0, false, 1, null);
    int comments = timeline.add(2, 10, 5, 0, false, 1, null);
    assertThat(timeline.last()).isEqualTo(comments);
    timeline.rowsRead(comments, 3);
    timeline.rowsRead(posts, 20); // the outer result set, read to its end after the inner ones
    timeline.rowsRead(RequestTimeline.NONE, 5);
    assertThat(timeline.rows(0)).isEqualTo(20);
    assertThat(timeline.rows(1)).isEqualTo(3);
  }

  @Test
  void aTokenOfAnEarlierRequestOrOfAnotherTimelineCreditsNothing() throws Exception {
    RequestTimeline timeline = new RequestTimeline(10);
    int earlier = timeline.add(1, 0, 5, 0, false, 1, "select 1");
    timeline.clear();
    assertThat(timeline.text(0)).as("the earlier request's text is forgotten").isNull();
    timeline.add(1, 0, 5, 0, false, 1, null);
    timeline.rowsRead(earlier, 9);
    assertThat(timeline.rows(0)).isZero();

    int elsewhere = CompletableFuture.supplyAsync(() -> {
      RequestTimeline other = new RequestTimeline(10);
      return other.add(1, 0, 5, 0, false, 1, null);
    }).get();
    timeline.rowsRead(elsewhere, 9);
    assertThat(timeline.rows(0)).as("another timeline's token, even at the same index").isZero();
  }

  @Test
  void theScopeRecordsItsTimelineOnlyInsideARequest() {
    RequestScope scope = RequestScope.current();
    assertThat(scope.add(1, 0, 5, 0, false, 1, null)).as("no request open").isEqualTo(RequestTimeline.NONE);
    assertThat(scope.begin()).isTrue();
    try {
      int token = scope.add(1, 100, 5, 2, false, 1, "UPDATE t SET a = 1");
      assertThat(scope.lastStatement()).isEqualTo(token);
      scope.rowsRead(token, 3);
      assertThat(scope.queries()).isEqualTo(1);
      assertThat(scope.timeline().rows(0)).as("affected, then read").isEqualTo(5);
    } finally {
      scope.end();
    }
    assertThat(scope.lastStatement()).isEqualTo(RequestTimeline.NONE);
    assertThat(scope.timeline().count()).isZero();
  }
}
