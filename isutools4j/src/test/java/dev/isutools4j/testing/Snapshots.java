package dev.isutools4j.testing;

import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Hand-made snapshots with known numbers. */
public final class Snapshots {

  private Snapshots() {}

  public static RunMeta meta(String id, Instant startedAt) {
    return new RunMeta(id, startedAt, startedAt.plusSeconds(60), 12345L, true, "0123456789abcdef",
        true, "indexes on comments", 3, 21, 0);
  }

  public static Snapshot sample(String id, Instant startedAt) {
    LatencySummary sqlTime = new LatencySummary(20, 45.5, 2.275, 1.5, 4.25, 5.0, 9.875, 12.125);
    LatencySummary httpTime = new LatencySummary(3, 120.0, 40.0, 30.0, 60.0, 60.0, 60.0, 61.5);
    return new Snapshot(
        meta(id, startedAt),
        List.of(new SqlRow("select * from comments where post_id = ?",
            "SELECT * FROM comments WHERE post_id = 42", sqlTime, 1, 300, 0)),
        List.of(new HttpRow("GET", "/posts/{id}", httpTime, new long[] {0, 2, 0, 1, 0}, 4096,
            7.0, 13, 15.166, true,
            List.of(new RouteQuery("select * from comments where post_id = ?", 20, 3, 6.667, 12,
                45.5, true)))),
        List.of(new CounterRow("user-cache", 10, 7, 3, 0.7)),
        Map.of("machine", machine(startedAt)));
  }

  /** A machine section of one sample, 87.5 % busy. */
  public static MachineSection machine(Instant at) {
    double[] values = MachineSection.Sample.noValues();
    values[MachineMetric.CPU_BUSY.ordinal()] = 87.5;
    MachineSection.Summary summary = new MachineSection.Summary(1, 1000, 1,
        Map.of(MachineMetric.CPU_BUSY, new MachineSection.MeanPeak(87.5, 87.5)), Map.of(), Map.of(),
        List.of());
    MachineSection.Sample sample =
        new MachineSection.Sample(at.toEpochMilli(), values, Map.of(), Map.of(), List.of());
    return new MachineSection(true, null, null, summary, List.of(sample), List.of(),
        MachineSection.Limits.UNKNOWN);
  }
}
