package dev.isutools4j.internal.collect.machine;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The longest GC pause of each interval, from the JVM's GC notifications (one per collection, sent
 * on the JVM's notification thread). Collections of concurrent cycles (ZGC's and Shenandoah's
 * "Cycles" collectors) are not pauses and are left out. The JVM reports durations in whole
 * milliseconds, so pauses under 1 ms read as 0.
 *
 * <p>Uses {@code com.sun.management}, present in every OpenJDK-based JVM; {@link #start} throws a
 * {@link LinkageError} where it is not, and the caller falls back to an estimate.
 */
final class GcPauses implements NotificationListener {

  private final AtomicLong longestMillis = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();

  /** Listens to every collector; throws when the JVM has no GC notifications. */
  void start() {
    GarbageCollectionNotificationInfo.class.getName(); // fails fast where the class is absent
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(this, null, null);
        emitters.add(emitter);
      }
    }
  }

  void stop() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (Exception ignored) {
        // Already gone: nothing to undo.
      }
    }
    emitters.clear();
  }

  /** The longest pause since the previous call, in milliseconds. */
  long takeLongestMillis() {
    return longestMillis.getAndSet(0);
  }

  // Reads the three fields it needs from the notification's data rather than through
  // GarbageCollectionNotificationInfo.from, which checks every type and copies every pool's memory
  // usage before and after, on the JVM's notification thread, for each collection.
  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())
        || !(notification.getUserData() instanceof CompositeData data)
        || !(data.get("gcName") instanceof String name)
        || !(data.get("gcAction") instanceof String action)
        || !(data.get("gcInfo") instanceof CompositeData info)
        || !(info.get("duration") instanceof Long duration)) {
      return;
    }
    if (concurrent(name, action)) {
      return;
    }
    longestMillis.accumulateAndGet(duration, Math::max);
  }

  /** Whether a collector's collections are concurrent cycles rather than pauses. */
  static boolean concurrent(String gcName, String gcAction) {
    return gcName.endsWith(" Cycles") || gcAction.toLowerCase(Locale.ROOT).contains("cycle");
  }
}
