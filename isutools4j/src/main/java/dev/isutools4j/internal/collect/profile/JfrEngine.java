package dev.isutools4j.internal.collect.profile;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.ObjectName;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * JDK Flight Recorder, present in every JDK 11+: execution samples of running Java threads (and,
 * on JDKs that have it, jdk.CPUTimeSample, true CPU-time sampling), native-method samples too in
 * wall mode, allocation samples weighted by bytes in alloc mode. The recording is kept as
 * {@code profile.jfr} in the run's folder, at most {@link #MAX_BYTES}.
 */
final class JfrEngine implements ProfilerEngine {

  static final long MAX_BYTES = 128L << 20;
  static final int STACK_DEPTH = 1024;
  static final String CPU_TIME_SAMPLE = "jdk.CPUTimeSample";

  private static final AtomicBoolean DEPTH_CONFIGURED = new AtomicBoolean();
  private static volatile String depthNote;

  private final List<String> fallbacks = new ArrayList<>();
  private final boolean cpuTime;
  private Recording recording;
  private ProfileMode mode;
  private Path file;
  private String event;
  private boolean cpuTimeOn;

  /** @param cpuTime whether to use jdk.CPUTimeSample where the JDK has it */
  JfrEngine(boolean cpuTime) {
    this.cpuTime = cpuTime;
  }

  @Override
  public String name() {
    return "jfr";
  }

  @Override
  public String version() {
    return Runtime.version().toString();
  }

  @Override
  public String event() {
    return event;
  }

  @Override
  public List<String> fallbacks() {
    return List.copyOf(fallbacks);
  }

  @Override
  public void start(ProfileMode mode, int intervalMs, Path folder) throws Exception {
    this.mode = mode;
    configureStackDepth();
    if (depthNote != null) {
      fallbacks.add(depthNote);
    }
    Recording r = new Recording();
    r.setName("isutools4j profile");
    r.setToDisk(true);
    r.setMaxSize(MAX_BYTES);
    Duration period = Duration.ofMillis(Math.max(1, intervalMs));
    List<String> used = new ArrayList<>();
    switch (mode) {
      case CPU -> {
        r.enable("jdk.ExecutionSample").withPeriod(period).withStackTrace();
        used.add("jdk.ExecutionSample");
        if (cpuTime && hasEvent(CPU_TIME_SAMPLE)) {
          r.enable(CPU_TIME_SAMPLE).with("throttle", intervalMs + "ms").withStackTrace();
          used.add(0, CPU_TIME_SAMPLE);
          cpuTimeOn = true;
        }
      }
      case WALL -> {
        r.enable("jdk.ExecutionSample").withPeriod(period).withStackTrace();
        r.enable("jdk.NativeMethodSample").withPeriod(period).withStackTrace();
        used.add("jdk.ExecutionSample");
        used.add("jdk.NativeMethodSample");
      }
      case ALLOC -> {
        r.enable("jdk.ObjectAllocationSample").with("throttle", "1000/s").withStackTrace();
        used.add("jdk.ObjectAllocationSample");
      }
    }
    Files.createDirectories(folder);
    file = folder.resolve("profile.jfr");
    r.setDestination(file);
    r.start();
    recording = r;
    event = String.join("+", used);
  }

  @Override
  public Stopped stop(Frames frames, int maxStacks, int maxDepth) throws Exception {
    Recording r = recording;
    recording = null;
    r.stop();
    r.close();
    JfrToStacks.Read read = JfrToStacks.read(file, mode, cpuTimeOn, frames, maxStacks, maxDepth);
    event = read.event();
    if (read.note() != null) {
      fallbacks.add(read.note());
    }
    return new Stopped(read.stacks(), file, null);
  }

  @Override
  public void abort() {
    Recording r = recording;
    recording = null;
    if (r != null) {
      try {
        r.close();
        Files.deleteIfExists(file);
      } catch (Throwable ignored) {
        // A recording already closed: nothing left to throw away.
      }
    }
  }

  static boolean hasEvent(String name) {
    for (EventType type : FlightRecorder.getFlightRecorder().getEventTypes()) {
      if (type.getName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  // JFR keeps 64 frames by default, too few for Spring's stacks; deeper is settable only before
  // the JVM's first recording, through the JFR.configure diagnostic command.
  private static void configureStackDepth() {
    if (!DEPTH_CONFIGURED.compareAndSet(false, true)) {
      return;
    }
    try {
      ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "jfrConfigure",
          new Object[] {new String[] {"stackdepth=" + STACK_DEPTH}},
          new String[] {String[].class.getName()});
    } catch (Exception | LinkageError e) {
      depthNote = "stack depth: JFR's default (64 frames) kept: " + e.getMessage();
    }
  }
}
