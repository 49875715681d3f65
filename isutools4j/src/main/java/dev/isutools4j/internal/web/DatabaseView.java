package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.List;
import java.util.Map;

/**
 * The run page's database part, from the snapshot's {@code database} section: changes against the
 * previous run first, then the schema, the plans of the slowest SELECTs with their warnings, the
 * status counters, the statement digests and, collapsed, the server variables.
 */
final class DatabaseView {

  static final String SECTION = "database";

  private DatabaseView() {}

  static void write(StringBuilder out, Object section) {
    Fields db = Fields.of(section);
    out.append("<h2 id=\"h-database\">Database</h2>");
    if (Boolean.FALSE.equals(db.boolOrNull("supported"))) {
      out.append("<p class=\"muted\">not inspected: ");
      Html.escape(out, db.string("reason")).append("</p>");
      return;
    }
    out.append("<p class=\"limits\">");
    Html.escape(out, (db.string("product") == null ? "" : db.string("product") + " "
        + db.string("version") + " · ") + db.string("url")).append("</p>");
    if (db.string("error") != null || db.string("startError") != null) {
      out.append("<ul class=\"flags\">");
      for (String key : new String[] {"error", "startError"}) {
        if (db.string(key) != null) {
          out.append("<li class=\"error\">database inspector: ");
          Html.escape(out, db.string(key)).append("</li>");
        }
      }
      out.append("</ul>");
    }
    changes(out, Fields.of(db.raw("changes")));
    out.append("<h3>Schema</h3>");
    schema(out, db.fieldsList("tables"));
    out.append("<h3>Plans of the slowest SELECTs</h3>");
    plans(out, db.fieldsList("plans"));
    status(out, db.raw("status"));
    digests(out, db.raw("digests"));
    if (db.raw("variables") instanceof Map<?, ?> variables && !variables.isEmpty()) {
      out.append("<details class=\"section\" id=\"database-variables\"><summary>variables (")
          .append(variables.size()).append(")</summary>");
      Table table = new Table(out, "database-variables-table").left("name").left("value").begin();
      for (Map.Entry<?, ?> v : variables.entrySet()) {
        table.row().cell(String.valueOf(v.getKey()), String.valueOf(v.getKey()))
            .cell(String.valueOf(v.getValue()), String.valueOf(v.getValue())).endRow();
      }
      table.end();
      out.append("</details>");
    }
  }

  private static void changes(StringBuilder out, Fields changes) {
    List<Fields> schema = changes.fieldsList("schema");
    List<Fields> plans = changes.fieldsList("plans");
    if (changes.string("previousRun") == null) {
      return;
    }
    out.append("<h3>Changes since run <code>");
    Html.escape(out, changes.string("previousRun")).append("</code></h3>");
    if (schema.isEmpty() && plans.isEmpty()) {
      out.append("<p class=\"muted\">no schema or plan change</p>");
      return;
    }
    out.append("<ul class=\"flags\" id=\"database-changes\">");
    for (Fields c : schema) {
      StringBuilder line = new StringBuilder(c.string("kind")).append(": ").append(c.string("table"));
      if (c.string("index") != null) {
        line.append('.').append(c.string("index")).append(columns(c.raw("columns")));
      }
      out.append("<li>");
      Html.escape(out, line.toString()).append("</li>");
    }
    for (Fields c : plans) {
      out.append("<li>plan of <code>");
      Html.escape(out, c.string("fingerprint")).append("</code> on ");
      Html.escape(out, c.string("table") + " (" + c.string("what") + "): "
          + access(Fields.of(c.raw("before"))) + " → " + access(Fields.of(c.raw("after"))))
          .append("</li>");
    }
    out.append("</ul>");
  }

  private static String access(Fields a) {
    return a.string("type") + " key " + (a.string("key") == null ? "none" : a.string("key"))
        + ", " + Units.count(a.longValue("rows")) + " rows";
  }

  private static String columns(Object columns) {
    return columns instanceof List<?> l
        ? "(" + String.join(", ", l.stream().map(String::valueOf).toList()) + ")" : "";
  }

  private static void schema(StringBuilder out, List<Fields> tables) {
    Table table = new Table(out, "database-tables").left("table").left("engine").right("rows")
        .right("data").right("index").left("indexes").sortedBy(3, true).begin();
    for (Fields t : tables) {
      StringBuilder indexes = new StringBuilder();
      for (Fields i : t.fieldsList("indexes")) {
        indexes.append(indexes.length() == 0 ? "" : ", ").append(i.string("name"))
            .append(columns(i.raw("columns")))
            .append(Boolean.TRUE.equals(i.boolOrNull("unique")) ? " unique" : "");
      }
      table.row().cell(t.string("name"), t.string("name"))
          .cell(String.valueOf(t.string("engine")), String.valueOf(t.string("engine")))
          .cell(t.longValue("rows"), Units.count(t.longValue("rows")))
          .cell(t.longValue("dataBytes"), Units.bytes(t.longValue("dataBytes")))
          .cell(t.longValue("indexBytes"), Units.bytes(t.longValue("indexBytes")))
          .cell(indexes.toString(), indexes.toString()).endRow();
    }
    table.end();
  }

  private static void plans(StringBuilder out, List<Fields> plans) {
    if (plans.isEmpty()) {
      out.append("<p class=\"muted\">no SELECT explained</p>");
      return;
    }
    int n = 0;
    for (Fields plan : plans) {
      n++;
      out.append("<div class=\"plan\"><p><code>");
      Html.escape(out, plan.string("fingerprint")).append("</code> <span class=\"muted\">")
          .append(Units.count(plan.longValue("count"))).append(" runs, ")
          .append(Units.ms(plan.doubleValue("totalMs"))).append(" in all</span></p>");
      if (plan.string("error") != null) {
        out.append("<ul class=\"flags\"><li class=\"error\">EXPLAIN failed: ");
        Html.escape(out, plan.string("error")).append("</li></ul></div>");
        continue;
      }
      List<Fields> warnings = plan.fieldsList("warnings");
      if (!warnings.isEmpty()) {
        out.append("<ul class=\"flags\">");
        for (Fields w : warnings) {
          out.append("<li data-flag=\"");
          Html.escape(out, w.string("id")).append("\">");
          Html.escape(out, w.string("message")).append("</li>");
        }
        out.append("</ul>");
      }
      planTable(out, "plan-" + n, plan.fieldsList("rows"), warnings);
      out.append("</div>");
    }
  }

  private static void planTable(StringBuilder out, String id, List<Fields> rows, List<Fields> warnings) {
    Table table = new Table(out, id).right("id").left("select").left("table").left("type")
        .left("possible keys").left("key").right("rows").right("filtered").left("extra").begin();
    for (Fields r : rows) {
      boolean warned = warnings.stream().anyMatch(w -> w.string("table") != null
          && w.string("table").equals(r.string("table")));
      table.row(warned ? "warn" : null).cell(r.longValue("id"), String.valueOf(r.longValue("id")))
          .cell(text(r, "selectType"), text(r, "selectType")).cell(text(r, "table"), text(r, "table"))
          .cell(text(r, "type"), text(r, "type")).cell(text(r, "possibleKeys"), text(r, "possibleKeys"))
          .cell(text(r, "key"), text(r, "key")).cell(r.longValue("rows"), Units.count(r.longValue("rows")))
          .cell(text(r, "filtered"), text(r, "filtered")).cell(text(r, "extra"), text(r, "extra"))
          .endRow();
    }
    table.end();
  }

  private static String text(Fields r, String key) {
    return r.string(key) == null ? "" : r.string(key);
  }

  private static void status(StringBuilder out, Object status) {
    if (!(status instanceof Map<?, ?> counters) || counters.isEmpty()) {
      return;
    }
    out.append("<h3>Status over the run</h3>");
    Table table = new Table(out, "database-status").left("counter").right("start").right("end")
        .right("change").begin();
    for (Map.Entry<?, ?> e : counters.entrySet()) {
      Fields v = Fields.of(e.getValue());
      String name = String.valueOf(e.getKey());
      table.row().cell(name, name).cell(v.longValue("start"), number(v.longOrNull("start")))
          .cell(v.longValue("end"), number(v.longOrNull("end")))
          .cell(v.longValue("delta"), number(v.longOrNull("delta"))).endRow();
    }
    table.end();
  }

  private static String number(Long value) {
    return value == null ? Units.NONE : Units.count(value);
  }

  private static void digests(StringBuilder out, Object digests) {
    out.append("<h3>Statement digests (performance_schema)</h3>");
    if (digests instanceof Map<?, ?>) {
      out.append("<p class=\"muted\">skipped: ");
      Html.escape(out, Fields.of(digests).string("skipped")).append("</p>");
      return;
    }
    Table table = new Table(out, "database-digests").left("digest").right("count").right("time")
        .right("rows examined").right("rows sent").right("no index used").sortedBy(2, true).begin();
    for (Fields d : Fields.list(digests)) {
      table.row(d.longValue("noIndexUsed") > 0 ? "warn" : null)
          .cell(text(d, "text"), text(d, "text"))
          .cell(d.longValue("count"), Units.count(d.longValue("count")))
          .cell(d.doubleValue("totalMs"), Units.ms(d.doubleValue("totalMs")))
          .cell(d.longValue("rowsExamined"), Units.count(d.longValue("rowsExamined")))
          .cell(d.longValue("rowsSent"), Units.count(d.longValue("rowsSent")))
          .cell(d.longValue("noIndexUsed"), Units.count(d.longValue("noIndexUsed"))).endRow();
    }
    table.end();
  }
}
