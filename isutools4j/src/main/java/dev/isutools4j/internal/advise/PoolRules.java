package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import java.util.List;

/** The connection pool against the CPUs and against the threads seen waiting for a connection. */
final class PoolRules {

  private PoolRules() {}

  static List<Rule> all() {
    return List.of(new AgainstCpus(), new Waiting());
  }

  static final class AgainstCpus implements Rule {
    static final String ID = "pool-size-cpu";
    private static final String TITLE = "pool size near twice the CPU count";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      MachineSection.Limits limits = in.limits();
      PoolSize pool = PoolSize.of(in);
      if (limits == null || pool == null) {
        return List.of(Finding.skip(ID, TITLE, limits == null ? "machine section" : "pool size"));
      }
      double cpus = limits.cpuQuotaCores() != null ? limits.cpuQuotaCores() : limits.cpus();
      if (cpus <= 0) {
        return List.of(Finding.skip(ID, TITLE, "CPU count"));
      }
      Evidence ev = Evidence.of("poolSize", pool.size()).and("poolSource", pool.source())
          .and("cpus", cpus);
      if (pool.size() > Math.max(8, cpus * 4)) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
            "lower maximumPoolSize toward " + Math.round(cpus * 2)
                + " (more connections than cores mostly wait on each other)"));
      }
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }
  }

  static final class Waiting implements Rule {
    static final String ID = "pool-waiting";
    private static final String TITLE = "no thread waits for a pool connection";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      MachineSection machine = in.machine();
      if (machine == null) {
        return List.of(Finding.skip(ID, TITLE, "machine section"));
      }
      long peak = -1;
      int samples = 0;
      long total = 0;
      for (MachineSection.Sample s : machine.series()) {
        if (s.has(MachineMetric.POOL_WAITING)) {
          long waiting = s.whole(MachineMetric.POOL_WAITING);
          peak = Math.max(peak, waiting);
          samples += waiting > 0 ? 1 : 0;
          total = Math.max(total, s.whole(MachineMetric.POOL_TOTAL));
        }
      }
      if (peak < 0) {
        return List.of(Finding.skip(ID, TITLE, "pool not visible in the machine samples"));
      }
      Evidence ev = Evidence.of("peakWaiting", peak).and("samplesWithWaiting", samples)
          .and("poolTotal", total);
      if (peak == 0) {
        return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
      }
      return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
          "raise maximumPoolSize (and max_connections) or shorten what holds a connection"));
    }
  }
}
