package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.GarbageCollectionNotificationInfo;
import javax.management.Notification;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenType;
import javax.management.openmbean.SimpleType;
import org.junit.jupiter.api.Test;

class GcPausesTest {

  @Test
  void theLongestPauseOfTheIntervalIsTakenOnceAndThenStartsOver() throws Exception {
    GcPauses pauses = new GcPauses();

    pauses.handleNotification(collection("G1 Young Generation", "end of minor GC", 7), null);
    pauses.handleNotification(collection("G1 Young Generation", "end of minor GC", 3), null);

    assertThat(pauses.takeLongestMillis()).isEqualTo(7);
    assertThat(pauses.takeLongestMillis()).isZero();
  }

  @Test
  void concurrentCyclesAndOtherNotificationsAreNotPauses() throws Exception {
    GcPauses pauses = new GcPauses();

    pauses.handleNotification(collection("ZGC Cycles", "end of GC cycle", 40), null);
    pauses.handleNotification(new Notification("other", "source", 1, "not a collection"), null);
    Notification noData = new Notification(
        GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION, "source", 2);
    pauses.handleNotification(noData, null);

    assertThat(pauses.takeLongestMillis()).isZero();
  }

  private static Notification collection(String name, String action, long durationMs)
      throws OpenDataException {
    CompositeType infoType = new CompositeType("GcInfo", "gc info", new String[] {"duration"},
        new String[] {"duration"}, new OpenType<?>[] {SimpleType.LONG});
    CompositeData info = new CompositeDataSupport(infoType, new String[] {"duration"},
        new Object[] {durationMs});
    CompositeType type = new CompositeType("GcNotification", "gc notification",
        new String[] {"gcName", "gcAction", "gcCause", "gcInfo"},
        new String[] {"gcName", "gcAction", "gcCause", "gcInfo"},
        new OpenType<?>[] {SimpleType.STRING, SimpleType.STRING, SimpleType.STRING, infoType});
    CompositeData data = new CompositeDataSupport(type,
        new String[] {"gcName", "gcAction", "gcCause", "gcInfo"},
        new Object[] {name, action, "test", info});
    Notification n = new Notification(
        GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION, "source", 1);
    n.setUserData(data);
    return n;
  }
}
