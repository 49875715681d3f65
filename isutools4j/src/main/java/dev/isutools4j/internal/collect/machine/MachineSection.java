package dev.isutools4j.internal.collect.machine;

import dev.isutools4j.internal.snapshot.MachineMetric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a run's samples into the snapshot's {@code machine} section: plain maps, lists and numbers
 * (docs/SNAPSHOT.md). Numbers of 100 and more are rounded to whole ones, smaller ones to two
 * decimals; numbers not measured are left out, and so are interfaces and disks that moved no byte
 * in a sample (the summary lists them all).
 */
final class MachineSection {

  private static final String[] NET_KEYS = {"inBytesPerSec", "outBytesPerSec"};
  private static final String[] DISK_KEYS = {"readBytesPerSec", "writeBytesPerSec", "utilPct"};

  private MachineSection() {}

  /** The section of a platform without {@code /proc}. */
  static Map<String, Object> unsupported(String reason) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("supported", false);
    out.put("reason", reason);
    return out;
  }

  static Map<String, Object> build(SampleLog log, int intervalMs, List<Processes.Total> processes,
      List<Flags.Flag> flags, Map<String, Object> limits, String error) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("supported", true);
    if (error != null) {
      out.put("error", error);
    }
    out.put("summary", summary(log, intervalMs, processes));
    List<Map<String, Object>> series = new ArrayList<>();
    for (Sample s : log.kept()) {
      series.add(sample(s));
    }
    out.put("series", series);
    List<Map<String, Object>> flagList = new ArrayList<>();
    for (Flags.Flag f : flags) {
      Map<String, Object> flag = new LinkedHashMap<>();
      flag.put("id", f.id());
      flag.put("message", f.message());
      flagList.add(flag);
    }
    out.put("flags", flagList);
    out.put("limits", limits);
    return out;
  }

  private static Map<String, Object> summary(SampleLog log, int intervalMs,
      List<Processes.Total> processes) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("samples", log.taken());
    out.put("intervalMs", intervalMs);
    out.put("keptEvery", log.stride());
    for (MachineMetric m : MachineMetric.ALL) {
      SampleLog.Stat stat = log.stat(m);
      if (stat.count() > 0) {
        out.put(m.key(), meanPeak(stat));
      }
    }
    out.put("net", namedStats(log.net(), NET_KEYS));
    out.put("disks", namedStats(log.disks(), DISK_KEYS));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Processes.Total p : processes) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("pid", p.pid());
      row.put("name", p.name());
      putNumber(row, "meanCpuPct", p.meanCpuPct());
      putNumber(row, "peakCpuPct", p.peakCpuPct());
      row.put("peakRssBytes", p.peakRssBytes());
      if (p.self()) {
        row.put("self", true);
      }
      rows.add(row);
    }
    out.put("processes", rows);
    return out;
  }

  private static Map<String, Object> namedStats(Map<String, SampleLog.Stat[]> stats, String[] keys) {
    Map<String, Object> out = new LinkedHashMap<>();
    stats.forEach((name, values) -> {
      Map<String, Object> entry = new LinkedHashMap<>();
      for (int i = 0; i < Math.min(keys.length, values.length); i++) {
        entry.put(keys[i], meanPeak(values[i]));
      }
      out.put(name, entry);
    });
    return out;
  }

  private static Map<String, Object> meanPeak(SampleLog.Stat stat) {
    Map<String, Object> out = new LinkedHashMap<>();
    putNumber(out, "mean", stat.mean());
    putNumber(out, "peak", stat.peak());
    return out;
  }

  static Map<String, Object> sample(Sample s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("t", s.t);
    for (MachineMetric m : MachineMetric.ALL) {
      putNumber(out, m.key(), s.get(m));
    }
    Map<String, Object> net = namedRates(s.net, NET_KEYS);
    if (!net.isEmpty()) {
      out.put("net", net);
    }
    Map<String, Object> disks = namedRates(s.disks, DISK_KEYS);
    if (!disks.isEmpty()) {
      out.put("disks", disks);
    }
    List<Map<String, Object>> rows = new ArrayList<>(s.processes.size());
    for (Processes.Row p : s.processes) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("pid", p.pid());
      row.put("name", p.name());
      putNumber(row, "cpuPct", p.cpuPct());
      row.put("rssBytes", p.rssBytes());
      rows.add(row);
    }
    out.put("processes", rows);
    return out;
  }

  private static Map<String, Object> namedRates(Map<String, double[]> values, String[] keys) {
    Map<String, Object> out = new LinkedHashMap<>();
    values.forEach((name, v) -> {
      if (idle(v)) {
        return;
      }
      Map<String, Object> entry = new LinkedHashMap<>();
      for (int i = 0; i < Math.min(keys.length, v.length); i++) {
        putNumber(entry, keys[i], v[i]);
      }
      out.put(name, entry);
    });
    return out;
  }

  private static boolean idle(double[] values) {
    for (double v : values) {
      if (v > 0) {
        return false;
      }
    }
    return true;
  }

  private static void putNumber(Map<String, Object> out, String key, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return;
    }
    double rounded = Math.abs(value) >= 100 ? Math.rint(value) : Math.round(value * 100) / 100.0;
    if (rounded == Math.rint(rounded)) {
      out.put(key, (long) rounded);
    } else {
      out.put(key, rounded);
    }
  }
}
