package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The connection pool, through HikariCP's MBeans ({@code com.zaxxer.hikari:type=Pool (name)}),
 * summed over all pools. They exist only when the app sets {@code registerMbeans=true}; the names
 * are looked up again every few samples, as a pool may start after the run did.
 */
final class PoolProbe {

  static final String NOT_VISIBLE = "pool: not visible (set registerMbeans=true)";
  private static final String[] ATTRIBUTES = {
    "ActiveConnections", "IdleConnections", "ThreadsAwaitingConnection", "TotalConnections"
  };
  private static final MachineMetric[] METRICS = {
    MachineMetric.POOL_ACTIVE, MachineMetric.POOL_IDLE, MachineMetric.POOL_WAITING,
    MachineMetric.POOL_TOTAL
  };
  private static final int LOOKUP_EVERY = 10;

  private final MBeanServer server;
  private final ObjectName pattern;
  private final Set<String> seen = new TreeSet<>();
  private List<ObjectName> pools = List.of();
  private int untilLookup;

  PoolProbe() {
    this(ManagementFactory.getPlatformMBeanServer());
  }

  PoolProbe(MBeanServer server) {
    this.server = server;
    try {
      this.pattern = new ObjectName("com.zaxxer.hikari:type=Pool (*)");
    } catch (JMException e) {
      throw new IllegalStateException(e);
    }
  }

  void sample(Sample out) {
    if (untilLookup-- <= 0) {
      pools = new ArrayList<>(server.queryNames(pattern, null));
      untilLookup = LOOKUP_EVERY;
    }
    if (pools.isEmpty()) {
      return;
    }
    double[] sums = new double[ATTRIBUTES.length];
    boolean any = false;
    for (ObjectName pool : pools) {
      AttributeList values;
      try {
        values = server.getAttributes(pool, ATTRIBUTES);
      } catch (JMException e) {
        untilLookup = 0; // closed: look the pools up again next time
        continue;
      }
      seen.add(name(pool));
      for (Attribute a : values.asList()) {
        for (int i = 0; i < ATTRIBUTES.length; i++) {
          if (ATTRIBUTES[i].equals(a.getName()) && a.getValue() instanceof Number n) {
            sums[i] += n.doubleValue();
            any = true;
          }
        }
      }
    }
    if (any) {
      for (int i = 0; i < METRICS.length; i++) {
        out.set(METRICS[i], sums[i]);
      }
    }
  }

  private static String name(ObjectName pool) {
    String type = pool.getKeyProperty("type"); // "Pool (HikariPool-1)"
    int open = type.indexOf('(');
    int close = type.lastIndexOf(')');
    return open >= 0 && close > open ? type.substring(open + 1, close) : type;
  }

  /** The pools seen during the run, such as {@code "HikariPool-1"}; empty when none. */
  List<String> seen() {
    return List.copyOf(seen);
  }
}
