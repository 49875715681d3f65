package dev.isutools4j.internal.collect.profile;

import dev.isutools4j.internal.snapshot.ProfileSection.ThreadRow;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * CPU time per thread over a run, from the JVM's own accounting (ThreadMXBean), whichever profiler
 * ran: read once at reset and once at save. Threads are grouped by name with a trailing number
 * collapsed ({@code http-nio-8080-exec-{n}}, {@code GC Thread#{n}}); a thread that ended before
 * save is not counted.
 */
final class ThreadCpu {

  private static final Pattern NUMBER = Pattern.compile("\\d+$");

  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final Map<Long, Long> atStart = new HashMap<>();

  /** Whether this JVM measures thread CPU time at all. */
  boolean supported() {
    return threads.isThreadCpuTimeSupported();
  }

  void start() {
    atStart.clear();
    if (!supported()) {
      return;
    }
    enableIfOff();
    for (long id : threads.getAllThreadIds()) {
      long cpu = threads.getThreadCpuTime(id);
      if (cpu >= 0) {
        atStart.put(id, cpu);
      }
    }
  }

  /** The groups, most CPU first, at most {@code limit}. */
  List<ThreadRow> stop(int limit) {
    if (!supported()) {
      return List.of();
    }
    Map<String, long[]> groups = new HashMap<>(); // name -> {threads, cpu nanos}
    long[] ids = threads.getAllThreadIds();
    ThreadInfo[] infos = threads.getThreadInfo(ids, 0);
    long all = 0;
    for (int i = 0; i < ids.length; i++) {
      long cpu = threads.getThreadCpuTime(ids[i]);
      if (cpu < 0 || infos[i] == null) {
        continue;
      }
      long used = cpu - atStart.getOrDefault(ids[i], 0L);
      if (used <= 0) {
        continue;
      }
      all += used;
      long[] group = groups.computeIfAbsent(group(infos[i].getThreadName()), k -> new long[2]);
      group[0]++;
      group[1] += used;
    }
    List<Map.Entry<String, long[]>> sorted = new ArrayList<>(groups.entrySet());
    sorted.sort((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]));
    List<ThreadRow> rows = new ArrayList<>();
    for (Map.Entry<String, long[]> e : sorted.subList(0, Math.min(limit, sorted.size()))) {
      rows.add(new ThreadRow(e.getKey(), e.getValue()[0],
          Math.round(e.getValue()[1] / 1_000.0) / 1_000.0,
          Math.round((double) e.getValue()[1] / all * 10_000) / 10_000.0));
    }
    return rows;
  }

  static String group(String threadName) {
    return NUMBER.matcher(threadName).replaceAll("{n}");
  }

  private void enableIfOff() {
    try {
      if (!threads.isThreadCpuTimeEnabled()) {
        threads.setThreadCpuTimeEnabled(true);
      }
    } catch (UnsupportedOperationException | SecurityException ignored) {
      // Then the times read are -1 and the table stays empty.
    }
  }
}
