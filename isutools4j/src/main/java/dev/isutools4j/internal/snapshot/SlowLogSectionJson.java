package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.SlowLogSection.Digest;
import dev.isutools4j.internal.snapshot.SlowLogSection.Row;
import dev.isutools4j.internal.snapshot.SlowLogSection.Totals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes and reads the {@code slowLog} section (docs/SNAPSHOT.md). */
public final class SlowLogSectionJson implements SectionCodec<SlowLogSection> {

  public static final String NAME = "slowLog";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<SlowLogSection> type() {
    return SlowLogSection.class;
  }

  @Override
  public Map<String, Object> write(SlowLogSection section) {
    return LogPartsJson.write(section.log(), out -> {
      if (section.digest() != null) {
        digest(out, section.digest());
      }
    });
  }

  private static void digest(Map<String, Object> out, Digest d) {
    out.put("lines", d.lines());
    out.put("entries", d.entries());
    out.put("banners", d.banners());
    out.put("cutStatements", d.cutStatements());
    if (d.inspectorStatements() > 0) {
      out.put("inspectorStatements", d.inspectorStatements());
    }
    out.put("malformed", LogPartsJson.malformed(d.malformed()));
    Totals t = d.totals();
    Map<String, Object> totals = new LinkedHashMap<>();
    totals.put("fingerprints", t.fingerprints());
    totals.put("totalMs", t.totalMs());
    totals.put("lockTotalMs", t.lockTotalMs());
    totals.put("rowsSent", t.rowsSent());
    totals.put("rowsExamined", t.rowsExamined());
    totals.put("rowsAffected", t.rowsAffected());
    out.put("totals", totals);
    List<Map<String, Object>> rows = new ArrayList<>(d.rows().size());
    for (Row r : d.rows()) {
      rows.add(row(r));
    }
    out.put("rows", rows);
  }

  private static Map<String, Object> row(Row r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("fingerprint", r.fingerprint());
    if (r.admin()) {
      out.put("admin", true);
    }
    out.put("count", r.count());
    out.put("appCount", r.appCount());
    out.put("totalMs", r.totalMs());
    out.put("avgMs", r.avgMs());
    out.put("minMs", r.minMs());
    out.put("maxMs", r.maxMs());
    out.put("p50Ms", r.p50Ms());
    out.put("p95Ms", r.p95Ms());
    out.put("stddevMs", r.stddevMs());
    out.put("lockTotalMs", r.lockTotalMs());
    out.put("lockMaxMs", r.lockMaxMs());
    out.put("rowsSent", r.rowsSent());
    out.put("rowsSentMax", r.rowsSentMax());
    out.put("rowsExamined", r.rowsExamined());
    out.put("rowsExaminedMax", r.rowsExaminedMax());
    out.put("rowsAffected", r.rowsAffected());
    out.put("bytesSent", r.bytesSent());
    out.put("examinedPerSent", r.examinedPerSent());
    out.put("sample", r.sample());
    out.put("sampleMs", r.sampleMs());
    out.put("sampleSchema", r.sampleSchema());
    return out;
  }

  // Reading.

  @Override
  public SlowLogSection read(Fields json) {
    LogRead log = LogPartsJson.readLog(json);
    if (!LogPartsJson.hasDigest(log)) {
      return new SlowLogSection(log, null);
    }
    Fields t = Fields.of(json.raw("totals"));
    Totals totals = new Totals(t.longValue("fingerprints"), t.doubleValue("totalMs"),
        t.doubleValue("lockTotalMs"), t.longValue("rowsSent"), t.longValue("rowsExamined"),
        t.longValue("rowsAffected"));
    return new SlowLogSection(log, new Digest(json.longValue("lines"), json.longValue("entries"),
        json.longValue("banners"), json.longValue("cutStatements"),
        json.longValue("inspectorStatements"),
        LogPartsJson.readMalformed(Fields.of(json.raw("malformed"))), totals,
        json.fieldsList("rows").stream().map(SlowLogSectionJson::readRow).toList()));
  }

  private static Row readRow(Fields r) {
    return new Row(r.string("fingerprint"), Boolean.TRUE.equals(r.boolOrNull("admin")), r.longValue("count"),
        r.longOrNull("appCount"), r.doubleValue("totalMs"), r.doubleValue("avgMs"), r.doubleValue("minMs"),
        r.doubleValue("maxMs"), r.doubleValue("p50Ms"), r.doubleValue("p95Ms"), r.doubleValue("stddevMs"),
        r.doubleValue("lockTotalMs"), r.doubleValue("lockMaxMs"), r.longValue("rowsSent"),
        r.longValue("rowsSentMax"), r.longValue("rowsExamined"), r.longValue("rowsExaminedMax"),
        r.longValue("rowsAffected"), r.longValue("bytesSent"), LogPartsJson.doubleOrNull(r, "examinedPerSent"),
        r.string("sample"), r.doubleValue("sampleMs"), r.string("sampleSchema"));
  }
}
