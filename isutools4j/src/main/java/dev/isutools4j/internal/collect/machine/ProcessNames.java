package dev.isutools4j.internal.collect.machine;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Process names as the kernel keeps them: {@code /proc/PID/stat}'s comm, what {@code ps -o comm}
 * shows, at most {@value #COMM_MAX} characters (a longer program name is cut there). The machine
 * sampler always shows the processes of the usual neighbours and of {@code isutools.processes}
 * when they run, whatever their CPU.
 */
public final class ProcessNames {

  /** The kernel's limit on a comm (TASK_COMM_LEN, 16 bytes with its terminating zero). */
  public static final int COMM_MAX = 15;

  private ProcessNames() {}

  /** The name as a comm: cut to {@value #COMM_MAX} characters, as the kernel cuts it. */
  public static String comm(String name) {
    String trimmed = name.trim();
    return trimmed.length() > COMM_MAX ? trimmed.substring(0, COMM_MAX) : trimmed;
  }

  /** The usual neighbours' names, and these (as comms). */
  public static Set<String> watched(Collection<String> extra) {
    Set<String> names = new LinkedHashSet<>(Processes.WATCHED);
    for (String name : extra) {
      if (!name.isBlank()) {
        names.add(comm(name));
      }
    }
    return Set.copyOf(names);
  }

  /** Whether a process of one of these names runs on this machine; false where there is no /proc. */
  public static boolean running(Collection<String> names) {
    return running(Path.of("/"), names);
  }

  static boolean running(Path root, Collection<String> names) {
    Set<String> comms = new LinkedHashSet<>();
    names.forEach(n -> comms.add(comm(n)));
    ProcFiles files = new ProcFiles(root);
    PidStat stat = new PidStat();
    for (String pid : files.list("/proc")) {
      if (pid.isEmpty() || !Character.isDigit(pid.charAt(0))) {
        continue;
      }
      TextCursor text = files.read("/proc/" + pid + "/stat", 4096);
      if (text != null && stat.parse(text)
          && comms.contains(text.string(stat.nameFrom, stat.nameTo))) {
        return true;
      }
    }
    return false;
  }
}
