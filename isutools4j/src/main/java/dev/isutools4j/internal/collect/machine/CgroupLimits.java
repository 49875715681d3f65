package dev.isutools4j.internal.collect.machine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The CPU quota and memory limit of this process's control group, read once per run.
 *
 * <p>The group's path comes from {@code /proc/self/cgroup}. cgroup v2 (one {@code 0::/path} line
 * and no v1 controller) keeps {@code cpu.max} and {@code memory.max} in the group's directory under
 * {@code /sys/fs/cgroup}; v1 keeps {@code cpu.cfs_quota_us} / {@code cpu.cfs_period_us} and
 * {@code memory.limit_in_bytes} under each controller's own mount. The limit that binds is the
 * smallest one from the group up to the root, so every level is read; a path not visible inside a
 * container is skipped, which leaves the container's own root.
 *
 * @param version {@code "v1"}, {@code "v2"} or {@code "none"}
 * @param cpuQuotaCores CPUs' worth of time the group may use, or null when not limited
 * @param memoryLimitBytes or null when not limited
 */
record CgroupLimits(String version, Double cpuQuotaCores, Long memoryLimitBytes) {

  /** At or above this a v1 memory limit means none (the kernel's "unlimited" is about 2^63). */
  private static final long NO_LIMIT = 1L << 60;

  static CgroupLimits read(ProcFiles files) {
    TextCursor text = files.read("/proc/self/cgroup", 64 * 1024);
    if (text == null) {
      return new CgroupLimits("none", null, null);
    }
    String unified = null;
    String cpuLine = null;
    String memoryLine = null;
    while (!text.atEnd()) {
      int end = text.lineEnd();
      String line = text.string(text.position(), end);
      String[] parts = line.split(":", 3); // id:controllers:path
      if (parts.length == 3) {
        if (parts[1].isEmpty()) {
          unified = parts[2];
        } else if (Arrays.asList(parts[1].split(",")).contains("cpu")) {
          cpuLine = parts[1] + ":" + parts[2];
        } else if (Arrays.asList(parts[1].split(",")).contains("memory")) {
          memoryLine = parts[1] + ":" + parts[2];
        }
      }
      text.position(end);
      text.nextLine();
    }
    if (cpuLine != null || memoryLine != null) {
      return new CgroupLimits("v1", cpuLine == null ? null : v1Cpu(files, cpuLine),
          memoryLine == null ? null : v1Memory(files, memoryLine));
    }
    if (unified != null) {
      return new CgroupLimits("v2", v2Cpu(files, unified), v2Memory(files, unified));
    }
    return new CgroupLimits("none", null, null);
  }

  private static Double v2Cpu(ProcFiles files, String path) {
    Double least = null;
    for (String dir : upwards("/sys/fs/cgroup", path)) {
      TextCursor text = files.read(dir + "/cpu.max", 256);
      if (text != null && !text.startsWith("max")) {
        long quota = text.nextLong();
        long period = text.nextLong();
        least = smaller(least, quota, period);
      }
    }
    return least;
  }

  private static Long v2Memory(ProcFiles files, String path) {
    Long least = null;
    for (String dir : upwards("/sys/fs/cgroup", path)) {
      TextCursor text = files.read(dir + "/memory.max", 256);
      if (text != null && !text.startsWith("max")) {
        long limit = text.nextLong();
        if (limit > 0 && limit < NO_LIMIT) {
          least = least == null ? limit : Math.min(least, limit);
        }
      }
    }
    return least;
  }

  private static Double v1Cpu(ProcFiles files, String line) {
    Double least = null;
    for (String dir : v1Dirs(files, line, "cpu")) {
      TextCursor quota = files.read(dir + "/cpu.cfs_quota_us", 256);
      long q = quota == null ? -1 : quota.nextLong();
      if (q > 0) {
        TextCursor period = files.read(dir + "/cpu.cfs_period_us", 256);
        least = smaller(least, q, period == null ? -1 : period.nextLong());
      }
    }
    return least;
  }

  private static Long v1Memory(ProcFiles files, String line) {
    Long least = null;
    for (String dir : v1Dirs(files, line, "memory")) {
      TextCursor text = files.read(dir + "/memory.limit_in_bytes", 256);
      long limit = text == null ? -1 : text.nextLong();
      if (limit > 0 && limit < NO_LIMIT) {
        least = least == null ? limit : Math.min(least, limit);
      }
    }
    return least;
  }

  /** The group's directories, own first, under the controller's mount ("cpu,cpuacct" or "cpu"). */
  private static String[] v1Dirs(ProcFiles files, String line, String controller) {
    int colon = line.indexOf(':');
    String mount = "/sys/fs/cgroup/" + line.substring(0, colon);
    if (!files.exists(mount)) {
      mount = "/sys/fs/cgroup/" + controller;
    }
    return upwards(mount, line.substring(colon + 1));
  }

  /** {@code mount + path}, then each parent up to {@code mount} itself. */
  static String[] upwards(String mount, String path) {
    String[] parts = path.split("/");
    List<String> dirs = new ArrayList<>();
    StringBuilder dir = new StringBuilder(mount);
    dirs.add(mount);
    for (String part : parts) {
      if (!part.isEmpty()) {
        dir.append('/').append(part);
        dirs.add(dir.toString());
      }
    }
    Collections.reverse(dirs);
    return dirs.toArray(new String[0]);
  }

  private static Double smaller(Double least, long quota, long period) {
    if (quota <= 0 || period <= 0) {
      return least;
    }
    double cores = (double) quota / period;
    return least == null ? cores : Math.min(least, cores);
  }
}
