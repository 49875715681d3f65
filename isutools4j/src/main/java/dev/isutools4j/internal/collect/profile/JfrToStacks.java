package dev.isutools4j.internal.collect.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Turns a JFR recording's samples into stacks. In cpu mode, jdk.CPUTimeSample (CPU time, where the
 * JDK has it) is preferred to jdk.ExecutionSample (running Java threads); only one of them counts,
 * never both. A stack JFR cut short is hung under a {@code [truncated]} root frame of its own. An
 * allocation sample weighs the bytes its thread allocated since that thread's previous sample, so
 * each thread's first sample, which reaches back before the run, is left out.
 */
final class JfrToStacks {

  static final String TRUNCATED = "[truncated]";
  private static final String EXECUTION = "jdk.ExecutionSample";
  private static final String NATIVE = "jdk.NativeMethodSample";
  private static final String ALLOCATION = "jdk.ObjectAllocationSample";

  private JfrToStacks() {}

  /** What was read: the stacks, the event they came from, and a note on the choice (or null). */
  record Read(Stacks stacks, String event, String note) {}

  static Read read(Path file, ProfileMode mode, boolean cpuTimeOn, Frames frames, int maxStacks,
      int maxDepth)
      throws IOException {
    Stacks execution = new Stacks(maxStacks, maxDepth);
    Stacks cpuTime = new Stacks(maxStacks, maxDepth);
    Set<String> wanted = switch (mode) {
      case CPU -> Set.of(EXECUTION, JfrEngine.CPU_TIME_SAMPLE);
      case WALL -> Set.of(EXECUTION, NATIVE);
      case ALLOC -> Set.of(ALLOCATION);
    };
    Map<RecordedMethod, Integer> ids = new IdentityHashMap<>();
    int truncated = execution.frame(new Frames.Frame(TRUNCATED, FrameKind.NATIVE));
    int truncatedCpu = cpuTime.frame(new Frames.Frame(TRUNCATED, FrameKind.NATIVE));
    Map<RecordedMethod, Integer> cpuIds = new IdentityHashMap<>();
    int[] stack = new int[maxDepth + 2];
    Set<Long> allocatingThreads = new HashSet<>();
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        RecordedEvent event = recording.readEvent();
        String type = event.getEventType().getName();
        if (!wanted.contains(type)) {
          continue;
        }
        RecordedStackTrace trace = event.getStackTrace();
        if (trace == null || (type.equals(ALLOCATION) && firstOfItsThread(event, allocatingThreads))) {
          continue;
        }
        boolean cpu = type.equals(JfrEngine.CPU_TIME_SAMPLE);
        Stacks into = cpu ? cpuTime : execution;
        int depth = 0;
        if (trace.isTruncated()) {
          stack[depth++] = cpu ? truncatedCpu : truncated;
        }
        List<RecordedFrame> list = trace.getFrames();
        // JFR lists the top frame first; stacks here are root first.
        for (int i = list.size() - 1; i >= 0 && depth < stack.length - 1; i--) {
          RecordedMethod method = list.get(i).getMethod();
          if (method != null) {
            stack[depth++] = id(cpu ? cpuIds : ids, into, frames, method);
          }
        }
        long weight = 1;
        if (type.equals(ALLOCATION)) {
          weight = Math.max(0, event.getLong("weight"));
          if (depth < stack.length && event.getClass("objectClass") != null) {
            stack[depth++] = execution.frame(frames.allocatedType(event.getClass("objectClass").getName()));
          }
        }
        into.add(stack, depth, weight);
      }
    }
    if (mode == ProfileMode.CPU && cpuTime.total() > 0) {
      return new Read(cpuTime, JfrEngine.CPU_TIME_SAMPLE, null);
    }
    String event = String.join("+", mode == ProfileMode.CPU ? List.of(EXECUTION)
        : mode == ProfileMode.WALL ? List.of(EXECUTION, NATIVE) : List.of(ALLOCATION));
    String note = mode == ProfileMode.CPU && cpuTimeOn
        ? JfrEngine.CPU_TIME_SAMPLE + ": no samples recorded, execution samples used" : null;
    return new Read(execution, event, note);
  }

  private static boolean firstOfItsThread(RecordedEvent event, Set<Long> seen) {
    RecordedThread thread = event.getThread();
    return thread != null && seen.add(thread.getId());
  }

  private static int id(Map<RecordedMethod, Integer> ids, Stacks stacks, Frames frames,
      RecordedMethod method) {
    Integer id = ids.get(method);
    if (id == null) {
      id = stacks.frame(frames.fromJava(method.getType().getName(), method.getName()));
      ids.put(method, id);
    }
    return id;
  }
}
