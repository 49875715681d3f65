package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.isutools4j.internal.snapshot.MachineMetric;
import java.sql.Connection;
import org.junit.jupiter.api.Test;

/** HikariCP through its MBeans: seen with registerMbeans=true, reported as not visible without. */
class PoolProbeTest {

  private static HikariDataSource pool(String name, boolean mbeans) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl("jdbc:h2:mem:" + name);
    config.setPoolName(name);
    config.setMaximumPoolSize(3);
    config.setMinimumIdle(3);
    config.setRegisterMbeans(mbeans);
    return new HikariDataSource(config);
  }

  @Test
  void activeIdleWaitingAndTotalOfARegisteredPool() throws Exception {
    try (HikariDataSource ds = pool("machine-pool", true); Connection held = ds.getConnection()) {
      PoolProbe probe = new PoolProbe();
      Sample s = new Sample(0);
      probe.sample(s);
      assertThat(s.get(MachineMetric.POOL_ACTIVE)).isEqualTo(1);
      assertThat(s.get(MachineMetric.POOL_TOTAL)).isBetween(1.0, 3.0);
      assertThat(s.get(MachineMetric.POOL_WAITING)).isZero();
      assertThat(probe.seen()).containsExactly("machine-pool");
    }
  }

  @Test
  void aPoolWithoutMbeansIsNotVisible() throws Exception {
    try (HikariDataSource ds = pool("machine-hidden", false); Connection held = ds.getConnection()) {
      PoolProbe probe = new PoolProbe();
      Sample s = new Sample(0);
      probe.sample(s);
      assertThat(s.has(MachineMetric.POOL_ACTIVE)).isFalse();
      assertThat(probe.seen()).isEmpty();
    }
  }
}
