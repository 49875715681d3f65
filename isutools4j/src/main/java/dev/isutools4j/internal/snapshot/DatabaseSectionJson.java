package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.DatabaseSection.Access;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Counter;
import dev.isutools4j.internal.snapshot.DatabaseSection.Digest;
import dev.isutools4j.internal.snapshot.DatabaseSection.Explain;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.SchemaChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.Skip;
import dev.isutools4j.internal.snapshot.DatabaseSection.StatementDigests;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Writes and reads the {@code database} section (docs/SNAPSHOT.md). */
public final class DatabaseSectionJson implements SectionCodec<DatabaseSection> {

  /** EXPLAIN's columns by the document's names, in the document's order. */
  private static final List<String> PLAN_COLUMNS = List.of("id", "selectType", "table", "type",
      "possibleKeys", "key", "keyLen", "ref", "rows", "filtered", "extra");

  @Override
  public String name() {
    return "database";
  }

  @Override
  public Class<DatabaseSection> type() {
    return DatabaseSection.class;
  }

  @Override
  public Map<String, Object> write(DatabaseSection s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("supported", s.supported());
    if (s.error() != null) {
      writeFailed(s, out);
    } else if (!s.supported()) {
      out.put("reason", s.reason());
    } else {
      writeInspected(s, out);
    }
    return out;
  }

  private static void writeFailed(DatabaseSection s, Map<String, Object> out) {
    if (s.product() != null) {
      out.put("product", s.product());
      out.put("version", s.version());
    }
    out.put("url", s.url());
    out.put("error", s.error());
    if (!s.tables().isEmpty()) {
      out.put("tables", s.tables().stream().map(DatabaseSectionJson::table).toList());
    }
    if (s.tablesReadAt() != null) {
      out.put("tablesReadAt", s.tablesReadAt());
    }
    if (!s.variables().isEmpty()) {
      out.put("variables", new LinkedHashMap<>(s.variables()));
    }
  }

  private static void writeInspected(DatabaseSection s, Map<String, Object> out) {
    out.put("product", s.product());
    out.put("version", s.version());
    out.put("url", s.url());
    if (s.startError() != null) {
      out.put("startError", s.startError());
    }
    out.put("schema", s.schema());
    out.put("tables", s.tables().stream().map(DatabaseSectionJson::table).toList());
    Map<String, Object> status = new LinkedHashMap<>();
    s.status().forEach((name, counter) -> status.put(name, counter(counter)));
    out.put("status", status);
    if (s.digests() != null) {
      out.put("digests", digests(s.digests()));
    }
    out.put("variables", new LinkedHashMap<>(s.variables()));
    out.put("plans", s.plans().stream().map(DatabaseSectionJson::plan).toList());
    if (s.explain() != null) {
      out.put("explain", explain(s.explain()));
    }
    if (s.changes() != null) {
      out.put("changes", changes(s.changes()));
    }
  }

  private static Map<String, Object> table(Table t) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", t.name());
    out.put("engine", t.engine());
    out.put("rows", t.rows());
    out.put("dataBytes", t.dataBytes());
    out.put("indexBytes", t.indexBytes());
    List<Map<String, Object>> indexes = new ArrayList<>();
    for (Index i : t.indexes()) {
      Map<String, Object> index = new LinkedHashMap<>();
      index.put("name", i.name());
      index.put("columns", i.columns());
      index.put("unique", i.unique());
      indexes.add(index);
    }
    out.put("indexes", indexes);
    return out;
  }

  private static Map<String, Object> counter(Counter c) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (c.start() != null) {
      out.put("start", c.start());
    }
    out.put("end", c.end());
    if (c.delta() != null) {
      out.put("delta", c.delta());
    }
    return out;
  }

  private static Object digests(StatementDigests d) {
    if (d.skipped() != null) {
      return Map.of("skipped", d.skipped());
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Digest r : d.rows()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("schema", r.schema());
      m.put("digest", r.digest());
      m.put("text", r.text());
      m.put("count", r.count());
      m.put("totalMs", r.totalMs());
      m.put("rowsExamined", r.rowsExamined());
      m.put("rowsSent", r.rowsSent());
      m.put("noIndexUsed", r.noIndexUsed());
      m.put("noGoodIndexUsed", r.noGoodIndexUsed());
      out.add(m);
    }
    return out;
  }

  private static Map<String, Object> plan(Plan p) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("fingerprint", p.fingerprint());
    out.put("sample", p.sample());
    out.put("count", p.count());
    out.put("totalMs", p.totalMs());
    if (p.error() != null) {
      out.put("error", p.error());
      return out;
    }
    out.put("rows", p.rows().stream().map(DatabaseSectionJson::planRow).toList());
    out.put("rowsExamined", p.rowsExamined());
    List<Map<String, Object>> warnings = new ArrayList<>();
    for (Warning w : p.warnings()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", w.id());
      if (w.table() != null) {
        m.put("table", w.table());
      }
      m.put("message", w.message());
      warnings.add(m);
    }
    out.put("warnings", warnings);
    return out;
  }

  private static Map<String, Object> planRow(PlanRow r) {
    Object[] values = {r.id(), r.selectType(), r.table(), r.type(), r.possibleKeys(), r.key(),
        r.keyLen(), r.ref(), r.rows(), r.filtered(), r.extra()};
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < PLAN_COLUMNS.size(); i++) {
      if (!r.absent().contains(PLAN_COLUMNS.get(i))) {
        out.put(PLAN_COLUMNS.get(i), values[i]);
      }
    }
    return out;
  }

  private static Map<String, Object> explain(Explain e) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!Explain.FROM_SQL.equals(e.statementsFrom())) {
      out.put("statementsFrom", e.statementsFrom()); // absent: the SQL table, as before it was said
    }
    out.put("budgetMs", e.budgetMs());
    out.put("spentMs", e.spentMs());
    out.put("top", e.top());
    List<Map<String, Object>> skipped = new ArrayList<>();
    for (Skip s : e.skipped()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("fingerprint", s.fingerprint());
      m.put("reason", s.reason());
      skipped.add(m);
    }
    out.put("skipped", skipped);
    return out;
  }

  private static Map<String, Object> changes(Changes c) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (c.previousRun() == null) {
      return out;
    }
    out.put("previousRun", c.previousRun());
    List<Map<String, Object>> schema = new ArrayList<>();
    for (SchemaChange s : c.schema()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", s.kind());
      m.put("table", s.table());
      if (s.index() != null) {
        m.put("index", s.index());
        m.put("columns", s.columns());
      }
      schema.add(m);
    }
    out.put("schema", schema);
    List<Map<String, Object>> plans = new ArrayList<>();
    for (PlanChange p : c.plans()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("fingerprint", p.fingerprint());
      m.put("table", p.table());
      m.put("what", p.what());
      m.put("before", access(p.before()));
      m.put("after", access(p.after()));
      plans.add(m);
    }
    out.put("plans", plans);
    return out;
  }

  private static Map<String, Object> access(Access a) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", a.type());
    out.put("key", a.key());
    out.put("rows", a.rows());
    return out;
  }

  // Reading.

  @Override
  public DatabaseSection read(Fields json) {
    return new DatabaseSection(
        Boolean.TRUE.equals(json.boolOrNull("supported")),
        json.string("reason"),
        json.string("error"),
        json.string("startError"),
        json.string("product"),
        json.string("version"),
        json.string("url"),
        json.string("schema"),
        json.fieldsList("tables").stream().map(DatabaseSectionJson::readTable).toList(),
        json.string("tablesReadAt"),
        json.fieldsList("plans").stream().map(DatabaseSectionJson::readPlan).toList(),
        json.raw("explain") instanceof Map<?, ?> explain ? readExplain(Fields.of(explain)) : null,
        readStatus(json.raw("status")),
        readDigests(json.raw("digests")),
        readVariables(json.raw("variables")),
        json.raw("changes") instanceof Map<?, ?> changes ? readChanges(Fields.of(changes)) : null);
  }

  private static Table readTable(Fields t) {
    return new Table(t.string("name"), t.string("engine"), t.longValue("rows"),
        t.longValue("dataBytes"), t.longValue("indexBytes"),
        t.fieldsList("indexes").stream().map(i -> new Index(i.string("name"),
            strings(i.raw("columns")), Boolean.TRUE.equals(i.boolOrNull("unique")))).toList());
  }

  private static Plan readPlan(Fields p) {
    List<PlanRow> rows = new ArrayList<>();
    if (p.raw("rows") instanceof List<?> list) {
      for (Object row : list) {
        rows.add(readPlanRow(row instanceof Map<?, ?> m ? m : Map.of()));
      }
    }
    List<Warning> warnings = p.fieldsList("warnings").stream()
        .map(w -> new Warning(w.string("id"), w.string("table"), w.string("message"))).toList();
    return new Plan(p.string("fingerprint"), p.string("sample"), p.longValue("count"),
        p.doubleValue("totalMs"), rows, p.longValue("rowsExamined"), warnings, p.string("error"));
  }

  private static PlanRow readPlanRow(Map<?, ?> row) {
    Fields r = Fields.of(row);
    Set<String> absent = new LinkedHashSet<>();
    for (String column : PLAN_COLUMNS) {
      if (!row.containsKey(column)) {
        absent.add(column);
      }
    }
    return new PlanRow(r.longOrNull("id"), r.string("selectType"), r.string("table"),
        r.string("type"), r.string("possibleKeys"), r.string("key"), r.string("keyLen"),
        r.string("ref"), r.longOrNull("rows"),
        r.raw("filtered") instanceof Number n ? n.doubleValue() : null, r.string("extra"), absent);
  }

  private static Explain readExplain(Fields e) {
    return new Explain(e.string("statementsFrom"), e.longValue("budgetMs"), e.longValue("spentMs"),
        e.longValue("top"), e.fieldsList("skipped").stream()
            .map(s -> new Skip(s.string("fingerprint"), s.string("reason"))).toList());
  }

  private static Map<String, Counter> readStatus(Object status) {
    Map<String, Counter> out = new LinkedHashMap<>();
    if (status instanceof Map<?, ?> counters) {
      counters.forEach((name, value) -> {
        Fields v = Fields.of(value);
        out.put(String.valueOf(name),
            new Counter(v.longOrNull("start"), v.longValue("end"), v.longOrNull("delta")));
      });
    }
    return out;
  }

  private static StatementDigests readDigests(Object digests) {
    if (digests instanceof Map<?, ?> skipped) {
      return StatementDigests.skipped(Fields.of(skipped).string("skipped"));
    }
    if (digests instanceof List<?>) {
      return StatementDigests.ran(Fields.list(digests).stream().map(d -> new Digest(
          d.string("schema"), d.string("digest"), d.string("text"), d.longValue("count"),
          d.doubleValue("totalMs"), d.longValue("rowsExamined"), d.longValue("rowsSent"),
          d.longValue("noIndexUsed"), d.longValue("noGoodIndexUsed"))).toList());
    }
    return null;
  }

  private static Map<String, String> readVariables(Object variables) {
    Map<String, String> out = new LinkedHashMap<>();
    if (variables instanceof Map<?, ?> all) {
      all.forEach((name, value) ->
          out.put(String.valueOf(name), value == null ? null : value.toString()));
    }
    return out;
  }

  private static Changes readChanges(Fields c) {
    List<SchemaChange> schema = c.fieldsList("schema").stream().map(s -> {
      String index = s.string("index");
      return new SchemaChange(s.string("kind"), s.string("table"), index,
          index == null ? null : strings(s.raw("columns")));
    }).toList();
    List<PlanChange> plans = c.fieldsList("plans").stream().map(p -> new PlanChange(
        p.string("fingerprint"), p.string("table"), p.string("what"),
        readAccess(Fields.of(p.raw("before"))), readAccess(Fields.of(p.raw("after"))))).toList();
    return new Changes(c.string("previousRun"), schema, plans);
  }

  private static Access readAccess(Fields a) {
    return new Access(a.string("type"), a.string("key"), a.longValue("rows"));
  }

  private static List<String> strings(Object values) {
    return values instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
  }
}
