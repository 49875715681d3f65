package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.MachineSection.DiskRates;
import dev.isutools4j.internal.snapshot.MachineSection.DiskSummary;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.MachineSection.NetRates;
import dev.isutools4j.internal.snapshot.MachineSection.NetSummary;
import dev.isutools4j.internal.snapshot.MachineSection.Pool;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessSample;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessTotal;
import dev.isutools4j.internal.snapshot.MachineSection.Sample;
import dev.isutools4j.internal.snapshot.MachineSection.Summary;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code machine} section as JSON. Numbers of 100 and more are written whole, smaller ones to
 * two decimals ({@link #round}); a number not measured (NaN) is left out, and so is a sample's
 * {@code net} or {@code disks} when no interface or disk moved a byte.
 */
public final class MachineSectionJson implements SectionCodec<MachineSection> {

  @Override
  public String name() {
    return "machine";
  }

  @Override
  public Class<MachineSection> type() {
    return MachineSection.class;
  }

  /** A number at the document's precision: whole from 100 on, else two decimals. */
  public static double round(double value) {
    return Math.abs(value) >= 100 ? Math.rint(value) : Math.round(value * 100) / 100.0;
  }

  @Override
  public Map<String, Object> write(MachineSection section) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("supported", section.supported());
    if (!section.supported()) {
      out.put("reason", section.reason());
      return out;
    }
    if (section.error() != null) {
      out.put("error", section.error());
    }
    out.put("summary", summary(section.summary()));
    out.put("series", section.series().stream().map(MachineSectionJson::sample).toList());
    List<Map<String, Object>> flags = new ArrayList<>();
    for (Flag f : section.flags()) {
      Map<String, Object> flag = new LinkedHashMap<>();
      flag.put("id", f.id());
      flag.put("message", f.message());
      flags.add(flag);
    }
    out.put("flags", flags);
    out.put("limits", limits(section.limits()));
    return out;
  }

  private static Map<String, Object> summary(Summary s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("samples", s.samples());
    out.put("intervalMs", s.intervalMs());
    out.put("keptEvery", s.keptEvery());
    for (MachineMetric m : MachineMetric.ALL) {
      MeanPeak stat = s.stat(m);
      if (stat != null) {
        out.put(m.key(), meanPeak(stat));
      }
    }
    out.put("net", byName(s.net(), n -> {
      Map<String, Object> entry = new LinkedHashMap<>();
      putStat(entry, "inBytesPerSec", n.inBytesPerSec());
      putStat(entry, "outBytesPerSec", n.outBytesPerSec());
      return entry;
    }));
    out.put("disks", byName(s.disks(), d -> {
      Map<String, Object> entry = new LinkedHashMap<>();
      putStat(entry, "readBytesPerSec", d.readBytesPerSec());
      putStat(entry, "writeBytesPerSec", d.writeBytesPerSec());
      putStat(entry, "utilPct", d.utilPct());
      return entry;
    }));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (ProcessTotal p : s.processes()) {
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

  private static void putStat(Map<String, Object> out, String key, MeanPeak stat) {
    if (stat != null) {
      out.put(key, meanPeak(stat));
    }
  }

  private static Map<String, Object> meanPeak(MeanPeak stat) {
    Map<String, Object> out = new LinkedHashMap<>();
    putNumber(out, "mean", stat.mean());
    putNumber(out, "peak", stat.peak());
    return out;
  }

  private static Map<String, Object> sample(Sample s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("t", s.t());
    for (MachineMetric m : MachineMetric.ALL) {
      putNumber(out, m.key(), s.value(m));
    }
    if (!s.net().isEmpty()) {
      out.put("net", byName(s.net(), n -> {
        Map<String, Object> entry = new LinkedHashMap<>();
        putNumber(entry, "inBytesPerSec", n.inBytesPerSec());
        putNumber(entry, "outBytesPerSec", n.outBytesPerSec());
        return entry;
      }));
    }
    if (!s.disks().isEmpty()) {
      out.put("disks", byName(s.disks(), d -> {
        Map<String, Object> entry = new LinkedHashMap<>();
        putNumber(entry, "readBytesPerSec", d.readBytesPerSec());
        putNumber(entry, "writeBytesPerSec", d.writeBytesPerSec());
        putNumber(entry, "utilPct", d.utilPct());
        return entry;
      }));
    }
    List<Map<String, Object>> rows = new ArrayList<>(s.processes().size());
    for (ProcessSample p : s.processes()) {
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

  private static Map<String, Object> limits(Limits l) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!l.known()) {
      return out;
    }
    out.put("cpus", l.cpus());
    out.put("memTotalBytes", l.memTotalBytes());
    out.put("cgroup", l.cgroup());
    out.put("cpuQuotaCores", l.cpuQuotaCores());
    out.put("memoryLimitBytes", l.memoryLimitBytes());
    out.put("openFilesMax", l.openFilesMax());
    out.put("linkMbps", l.linkMbps());
    out.put("tcpCounts", l.tcpCounts());
    Pool pool = l.pool();
    out.put("pool", pool == null ? null : pool.note() != null ? pool.note() : pool.names());
    if (l.gcMaxPause() != null) {
      out.put("gcMaxPause", l.gcMaxPause());
    }
    if (l.processesTruncated() != null) {
      out.put("processesTruncated", l.processesTruncated());
    }
    return out;
  }

  private static <V> Map<String, Object> byName(Map<String, V> values,
      Function<V, Map<String, Object>> entry) {
    Map<String, Object> out = new LinkedHashMap<>();
    values.forEach((name, value) -> out.put(name, entry.apply(value)));
    return out;
  }

  /** Whole numbers as longs; NaN and infinities left out. */
  private static void putNumber(Map<String, Object> out, String key, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return;
    }
    double rounded = round(value);
    if (rounded == Math.rint(rounded)) {
      out.put(key, (long) rounded);
    } else {
      out.put(key, rounded);
    }
  }

  // Reading.

  @Override
  public MachineSection read(Fields json) {
    if (Boolean.FALSE.equals(json.boolOrNull("supported"))) {
      return MachineSection.unsupported(json.string("reason"));
    }
    List<Flag> flags = json.fieldsList("flags").stream()
        .map(f -> new Flag(f.string("id"), f.string("message"))).toList();
    return new MachineSection(true, null, json.string("error"),
        readSummary(Fields.of(json.raw("summary"))),
        json.fieldsList("series").stream().map(MachineSectionJson::readSample).toList(), flags,
        readLimits(Fields.of(json.raw("limits"))));
  }

  private static Summary readSummary(Fields f) {
    Map<MachineMetric, MeanPeak> metrics = new EnumMap<>(MachineMetric.class);
    for (MachineMetric m : MachineMetric.ALL) {
      MeanPeak stat = readMeanPeak(f.raw(m.key()));
      if (stat != null) {
        metrics.put(m, stat);
      }
    }
    Map<String, NetSummary> net = readByName(f.raw("net"), n -> new NetSummary(
        readMeanPeak(n.raw("inBytesPerSec")), readMeanPeak(n.raw("outBytesPerSec"))));
    Map<String, DiskSummary> disks = readByName(f.raw("disks"), d -> new DiskSummary(
        readMeanPeak(d.raw("readBytesPerSec")), readMeanPeak(d.raw("writeBytesPerSec")),
        readMeanPeak(d.raw("utilPct"))));
    List<ProcessTotal> processes = f.fieldsList("processes").stream().map(p -> new ProcessTotal(
        p.longValue("pid"), p.string("name"), number(p, "meanCpuPct"), number(p, "peakCpuPct"),
        p.longValue("peakRssBytes"), Boolean.TRUE.equals(p.boolOrNull("self")))).toList();
    return new Summary(f.longValue("samples"), (int) f.longValue("intervalMs"),
        (int) f.longValue("keptEvery"), metrics, net, disks, processes);
  }

  /** A {@code {mean, peak}} object; null when absent or not an object. */
  private static MeanPeak readMeanPeak(Object value) {
    if (!(value instanceof Map<?, ?>)) {
      return null;
    }
    Fields f = Fields.of(value);
    return new MeanPeak(number(f, "mean"), number(f, "peak"));
  }

  private static Sample readSample(Fields f) {
    double[] values = Sample.noValues();
    for (MachineMetric m : MachineMetric.ALL) {
      values[m.ordinal()] = number(f, m.key());
    }
    Map<String, NetRates> net = readByName(f.raw("net"), n -> new NetRates(
        number(n, "inBytesPerSec"), number(n, "outBytesPerSec")));
    Map<String, DiskRates> disks = readByName(f.raw("disks"), d -> new DiskRates(
        number(d, "readBytesPerSec"), number(d, "writeBytesPerSec"), number(d, "utilPct")));
    List<ProcessSample> processes = f.fieldsList("processes").stream().map(p -> new ProcessSample(
        p.longValue("pid"), p.string("name"), number(p, "cpuPct"), p.longValue("rssBytes")))
        .toList();
    return new Sample(f.longValue("t"), values, net, disks, processes);
  }

  private static Limits readLimits(Fields f) {
    Object quota = f.raw("cpuQuotaCores");
    Long link = f.longOrNull("linkMbps");
    Object pool = f.raw("pool");
    Pool pools = pool instanceof String note ? Pool.notVisible(note)
        : pool instanceof List<?> names ? Pool.named(names.stream().map(String::valueOf).toList())
        : null;
    return new Limits((int) f.longValue("cpus"), f.longOrNull("memTotalBytes"), f.string("cgroup"),
        quota instanceof Number q ? q.doubleValue() : null, f.longOrNull("memoryLimitBytes"),
        f.longOrNull("openFilesMax"), link == null ? null : link.intValue(), f.string("tcpCounts"),
        pools, f.string("gcMaxPause"), f.string("processesTruncated"));
  }

  private static <V> Map<String, V> readByName(Object value, Function<Fields, V> entry) {
    Map<String, V> out = new LinkedHashMap<>();
    if (value instanceof Map<?, ?> map) {
      map.forEach((name, v) -> out.put(String.valueOf(name), entry.apply(Fields.of(v))));
    }
    return out;
  }

  /** A number of the document; NaN when absent. */
  private static double number(Fields f, String key) {
    return f.raw(key) instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
