package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.AdvisorSection.Counts;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes and reads the {@code advisor} section: its rows, then the counts per status. */
public final class AdvisorSectionJson implements SectionCodec<AdvisorSection> {

  @Override
  public String name() {
    return "advisor";
  }

  @Override
  public Class<AdvisorSection> type() {
    return AdvisorSection.class;
  }

  @Override
  public Map<String, Object> write(AdvisorSection section) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("rows", section.rows().stream().map(AdvisorSectionJson::row).toList());
    out.put("counts", counts(section.counts()));
    return out;
  }

  private static Map<String, Object> row(Row row) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("rule", row.rule());
    out.put("title", row.title());
    out.put("status", row.status() == null ? null : row.status().key());
    out.put("evidence", row.evidence());
    out.put("fix", row.fix());
    return out;
  }

  private static Map<String, Object> counts(Counts counts) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Status status : Status.values()) {
      out.put(status.key(), counts.of(status));
    }
    return out;
  }

  @Override
  public AdvisorSection read(Fields json) {
    List<Row> rows = json.fieldsList("rows").stream().map(AdvisorSectionJson::readRow).toList();
    return new AdvisorSection(rows, readCounts(Fields.of(json.raw("counts"))));
  }

  private static Row readRow(Fields row) {
    Map<String, Object> evidence = new LinkedHashMap<>();
    if (row.raw("evidence") instanceof Map<?, ?> values) {
      values.forEach((name, value) -> evidence.put(String.valueOf(name), value));
    }
    return new Row(row.string("rule"), row.string("title"), Status.byKey(row.string("status")),
        evidence, row.string("fix"));
  }

  private static Counts readCounts(Fields counts) {
    return new Counts(count(counts, Status.WARN), count(counts, Status.MISSING),
        count(counts, Status.INFO), count(counts, Status.OK), count(counts, Status.SKIP));
  }

  private static int count(Fields counts, Status status) {
    return (int) counts.longValue(status.key());
  }
}
