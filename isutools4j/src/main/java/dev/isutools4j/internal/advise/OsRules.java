package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import java.util.List;

/**
 * Kernel and process limits: the accept backlog, the local port range and open files (which warn
 * only when the run's peak comes near the limit).
 */
final class OsRules {

  private OsRules() {}

  static List<Rule> all() {
    return List.of(new Somaxconn(), new PortRange(), new OpenFiles());
  }

  static final class Somaxconn implements Rule {
    static final String ID = "os-somaxconn";
    private static final String TITLE = "accept backlog (net.core.somaxconn)";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      Long value = Values.longOrNull(in.env().sysctl().get("net.core.somaxconn"));
      if (value == null) {
        return List.of(Finding.skip(ID, TITLE, "/proc/sys/net/core/somaxconn"));
      }
      Evidence ev = Evidence.of("net.core.somaxconn", value);
      return List.of(value >= 4096 ? new Finding(ID, TITLE, Status.OK, ev.map(), "")
          : new Finding(ID, TITLE, Status.WARN, ev.map(),
              "sysctl -w net.core.somaxconn=65535 (and raise the listen backlog to match)"));
    }
  }

  static final class PortRange implements Rule {
    static final String ID = "os-port-range";
    private static final String TITLE = "local port range wide enough for the connections";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      String range = in.env().sysctl().get("net.ipv4.ip_local_port_range");
      String[] parts = range == null ? new String[0] : range.trim().split("\\s+");
      Long low = parts.length == 2 ? Values.longOrNull(parts[0]) : null;
      Long high = parts.length == 2 ? Values.longOrNull(parts[1]) : null;
      if (low == null || high == null) {
        return List.of(Finding.skip(ID, TITLE, "/proc/sys/net/ipv4/ip_local_port_range"));
      }
      long width = high - low + 1;
      long timeWait = -1;
      MachineSection machine = in.machine();
      if (machine != null) {
        for (MachineSection.Sample s : machine.series()) {
          timeWait = Math.max(timeWait, s.whole(MachineMetric.TCP_TIME_WAIT));
        }
      }
      Evidence ev = Evidence.of("net.ipv4.ip_local_port_range", low + " " + high).and("ports", width)
          .and("peakTimeWait", timeWait < 0 ? null : timeWait);
      if (width < 16384 || timeWait > width / 2) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
            "sysctl -w net.ipv4.ip_local_port_range=\"10000 65535\" and keep connections alive"));
      }
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }
  }

  static final class OpenFiles implements Rule {
    static final String ID = "os-open-files";
    /** The share of the limit, in percent, from which the run's peak warns. */
    static final long NEAR_PERCENT = 80;
    private static final String TITLE = "open files limit";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      MachineSection.Limits limits = in.limits();
      Long max = limits == null ? null : limits.openFilesMax();
      if (max == null) {
        return List.of(Finding.skip(ID, TITLE, "machine section's openFilesMax"));
      }
      long peak = 0;
      for (MachineSection.Sample s : in.machine().series()) {
        peak = Math.max(peak, s.whole(MachineMetric.OPEN_FILES));
      }
      Evidence ev = Evidence.of("openFilesMax", max).and("peakOpenFiles", peak)
          .and("peakShare", max <= 0 ? null : Math.round(peak * 1000.0 / max) / 10.0 + " %")
          .and("fs.file-max", in.env().sysctl().get("fs.file-max"));
      // Only a peak near the limit is evidence; a limit below the folklore 65536 is not by itself.
      if (peak >= max * NEAR_PERCENT / 100) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
            "raise it: LimitNOFILE=65536 in the systemd unit (or ulimit -n 65536)"));
      }
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }
  }
}
