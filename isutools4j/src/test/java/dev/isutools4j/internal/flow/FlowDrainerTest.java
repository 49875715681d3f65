package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FlowDrainerTest {

  private static final long INTERVAL = TimeUnit.MILLISECONDS.toNanos(FlowDrainer.INTERVAL_MS);
  private static final long BUSY = TimeUnit.MILLISECONDS.toNanos(FlowDrainer.BUSY_INTERVAL_MS);
  private static final long IDLE = TimeUnit.MILLISECONDS.toNanos(FlowDrainer.IDLE_INTERVAL_MS);

  @Test
  void aBurstIsTakenInAgainAtOnce() {
    assertThat(FlowDrainer.nextWaitNanos(FlowRecorder.QUEUE / 4, IDLE)).isZero();
  }

  @Test
  void moreThanAFewRequestsBringTheNextLookCloser() {
    assertThat(FlowDrainer.nextWaitNanos(FlowRecorder.QUEUE / 64, IDLE)).isEqualTo(BUSY);
  }

  @Test
  void aFewRequestsKeepTheUsualInterval() {
    assertThat(FlowDrainer.nextWaitNanos(1, IDLE)).isEqualTo(INTERVAL);
    assertThat(FlowDrainer.nextWaitNanos(1, BUSY)).isEqualTo(INTERVAL);
  }

  @Test
  void emptyLooksWaitTwiceAsLongEachTimeUpToTheIdleInterval() {
    long wait = FlowDrainer.nextWaitNanos(0, 0);
    assertThat(wait).isEqualTo(INTERVAL);
    wait = FlowDrainer.nextWaitNanos(0, wait);
    assertThat(wait).isEqualTo(2 * INTERVAL);
    for (int i = 0; i < 10; i++) {
      wait = FlowDrainer.nextWaitNanos(0, wait);
    }
    assertThat(wait).isEqualTo(IDLE);
  }

  @Test
  void theIdleWaitStillLeavesTheQueueRoomAtAHundredThousandRequestsASecond() {
    long requestsInTheWait = 100_000 * FlowDrainer.IDLE_INTERVAL_MS / 1000;

    assertThat(requestsInTheWait).isLessThan(FlowRecorder.QUEUE);
  }

  @Test
  void anEmptyLookAfterABusyOneStartsBackAtTheUsualInterval() {
    assertThat(FlowDrainer.nextWaitNanos(0, BUSY)).isEqualTo(INTERVAL);
  }
}
