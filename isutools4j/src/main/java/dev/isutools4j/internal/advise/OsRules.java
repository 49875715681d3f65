package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import java.util.List;

/**
 * Kernel and process limits: the accept backlog, the local port range and open files. Each warns
 * only on what the run measured near the limit (peak connections, TIME_WAIT sockets, open files);
 * a limit below the usual advice with no such sign in the run is information, not a warning.
 */
final class OsRules {

  private OsRules() {}

  static List<Rule> all() {
    return List.of(new Somaxconn(), new PortRange(), new OpenFiles());
  }

  static final class Somaxconn implements Rule {
    static final String ID = "os-somaxconn";
    /** The backlog below which the rule says so, as information when the run shows no need. */
    static final long ADVISED = 4096;
    private static final String TITLE = "accept backlog (net.core.somaxconn)";
    private static final String FIX =
        "sysctl -w net.core.somaxconn=65535 (and raise the listen backlog to match)";

    @Override
    public String id() {
      return ID;
    }

    // Overflows of the backlog are not measured. The evidence is the run's peak of established
    // connections: a load that holds as many connections at once as the backlog can queue opens
    // that many at its start or after a reconnect, and the backlog overflows.
    @Override
    public List<Finding> check(AdvisorInput in) {
      Long value = Values.longOrNull(in.env().sysctl().get("net.core.somaxconn"));
      if (value == null) {
        return List.of(Finding.skip(ID, TITLE, "/proc/sys/net/core/somaxconn"));
      }
      Long peak = MachineReadings.peak(in, MachineMetric.TCP_ESTABLISHED);
      Evidence ev = Evidence.of("net.core.somaxconn", value).and("peakEstablished", peak);
      if (peak != null && peak >= value) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
            FIX + ": the run held as many connections at once as the backlog queues"));
      }
      if (value >= ADVISED) {
        return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
      }
      return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(), (peak == null
          ? "connections were not measured, so nothing in this run says the backlog filled"
          : "below " + ADVISED + ", but the run's peak of " + peak
              + " connections stayed under it") + "; if clients time out connecting: " + FIX));
    }
  }

  static final class PortRange implements Rule {
    static final String ID = "os-port-range";
    /** The width below which the rule says so, as information when TIME_WAIT stays low. */
    static final long ADVISED_PORTS = 16384;
    private static final String TITLE = "local port range wide enough for the connections";
    private static final String FIX =
        "sysctl -w net.ipv4.ip_local_port_range=\"10000 65535\" and keep connections alive";

    @Override
    public String id() {
      return ID;
    }

    // Local ports run out when sockets in TIME_WAIT hold them: the evidence is the run's peak of
    // TIME_WAIT against the range's width, not the width alone.
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
      Long timeWait = MachineReadings.peak(in, MachineMetric.TCP_TIME_WAIT);
      Evidence ev = Evidence.of("net.ipv4.ip_local_port_range", low + " " + high).and("ports", width)
          .and("peakTimeWait", timeWait);
      if (timeWait != null && timeWait > width / 2) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(), FIX));
      }
      if (width >= ADVISED_PORTS) {
        return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
      }
      return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(), (timeWait == null
          ? "TIME_WAIT sockets were not measured, so nothing in this run says the ports ran short"
          : "narrow, but the run's peak of " + timeWait + " sockets in TIME_WAIT held at most half"
              + " of it") + "; if connects fail with EADDRNOTAVAIL: " + FIX));
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
