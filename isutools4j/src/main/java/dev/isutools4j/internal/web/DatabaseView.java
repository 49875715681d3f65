package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Access;
import dev.isutools4j.internal.snapshot.DatabaseSection.Changes;
import dev.isutools4j.internal.snapshot.DatabaseSection.Counter;
import dev.isutools4j.internal.snapshot.DatabaseSection.Digest;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.PlanRow;
import dev.isutools4j.internal.snapshot.DatabaseSection.SchemaChange;
import dev.isutools4j.internal.snapshot.DatabaseSection.StatementDigests;
import dev.isutools4j.internal.snapshot.DatabaseSection.Warning;
import java.util.List;
import java.util.Map;

/**
 * The run page's database part, from the snapshot's {@code database} section: changes against the
 * previous run first, then the schema, the plans of the slowest SELECTs with their warnings, the
 * status counters, the statement digests and, collapsed, the server variables.
 */
final class DatabaseView {


  private DatabaseView() {}

  static void write(StringBuilder out, DatabaseSection db) {
    out.append("<h2 id=\"h-database\">Database</h2>");
    if (!db.supported()) {
      out.append("<p class=\"muted\">not inspected: ");
      Html.escape(out, db.reason()).append("</p>");
      return;
    }
    out.append("<p class=\"limits\">");
    Html.escape(out, (db.product() == null ? "" : db.product() + " " + db.version() + " · ")
        + db.url()).append("</p>");
    if (db.error() != null || db.startError() != null) {
      out.append("<ul class=\"flags\">");
      for (String error : new String[] {db.error(), db.startError()}) {
        if (error != null) {
          out.append("<li class=\"error\">database inspector: ");
          Html.escape(out, error).append("</li>");
        }
      }
      out.append("</ul>");
    }
    changes(out, db.changes());
    out.append("<h3>Schema</h3>");
    schema(out, db.tables());
    out.append("<h3>Plans of the slowest SELECTs</h3>");
    plans(out, db.plans());
    status(out, db.status());
    digests(out, db.digests());
    if (!db.variables().isEmpty()) {
      out.append("<details class=\"section\" id=\"database-variables\"><summary>variables (")
          .append(db.variables().size()).append(")</summary>");
      Table table = new Table(out, "database-variables-table").left("name").left("value").begin();
      for (Map.Entry<String, String> v : db.variables().entrySet()) {
        table.row().cell(v.getKey(), v.getKey())
            .cell(String.valueOf(v.getValue()), String.valueOf(v.getValue())).endRow();
      }
      table.end();
      out.append("</details>");
    }
  }

  private static void changes(StringBuilder out, Changes changes) {
    if (changes == null || changes.previousRun() == null) {
      return;
    }
    out.append("<h3>Changes since run <code>");
    Html.escape(out, changes.previousRun()).append("</code></h3>");
    if (changes.schema().isEmpty() && changes.plans().isEmpty()) {
      out.append("<p class=\"muted\">no schema or plan change</p>");
      return;
    }
    out.append("<ul class=\"flags\" id=\"database-changes\">");
    for (SchemaChange c : changes.schema()) {
      StringBuilder line = new StringBuilder(c.kind()).append(": ").append(c.table());
      if (c.index() != null) {
        line.append('.').append(c.index()).append(columns(c.columns()));
      }
      out.append("<li>");
      Html.escape(out, line.toString()).append("</li>");
    }
    for (PlanChange c : changes.plans()) {
      out.append("<li>plan of <code>");
      Html.escape(out, c.fingerprint()).append("</code> on ");
      Html.escape(out, c.table() + " (" + c.what() + "): " + access(c.before()) + " → "
          + access(c.after())).append("</li>");
    }
    out.append("</ul>");
  }

  private static String access(Access a) {
    return a.type() + " key " + (a.key() == null ? "none" : a.key()) + ", " + Units.count(a.rows())
        + " rows";
  }

  private static String columns(List<String> columns) {
    return columns == null ? "" : "(" + String.join(", ", columns) + ")";
  }

  private static void schema(StringBuilder out, List<DatabaseSection.Table> tables) {
    Table table = new Table(out, "database-tables").left("table").left("engine").right("rows")
        .right("data").right("index").left("indexes").sortedBy(3, true).begin();
    for (DatabaseSection.Table t : tables) {
      StringBuilder indexes = new StringBuilder();
      for (Index i : t.indexes()) {
        indexes.append(indexes.length() == 0 ? "" : ", ").append(i.name())
            .append(columns(i.columns())).append(i.unique() ? " unique" : "");
      }
      table.row().cell(t.name(), t.name())
          .cell(String.valueOf(t.engine()), String.valueOf(t.engine()))
          .cell(t.rows(), Units.count(t.rows()))
          .cell(t.dataBytes(), Units.bytes(t.dataBytes()))
          .cell(t.indexBytes(), Units.bytes(t.indexBytes()))
          .cell(indexes.toString(), indexes.toString()).endRow();
    }
    table.end();
  }

  private static void plans(StringBuilder out, List<Plan> plans) {
    if (plans.isEmpty()) {
      out.append("<p class=\"muted\">no SELECT explained</p>");
      return;
    }
    int n = 0;
    for (Plan plan : plans) {
      n++;
      out.append("<div class=\"plan\"><p><code>");
      Html.escape(out, plan.fingerprint()).append("</code> <span class=\"muted\">")
          .append(Units.count(plan.count())).append(" runs, ")
          .append(Units.ms(plan.totalMs())).append(" in all</span></p>");
      if (plan.error() != null) {
        out.append("<ul class=\"flags\"><li class=\"error\">EXPLAIN failed: ");
        Html.escape(out, plan.error()).append("</li></ul></div>");
        continue;
      }
      if (!plan.warnings().isEmpty()) {
        out.append("<ul class=\"flags\">");
        for (Warning w : plan.warnings()) {
          out.append("<li data-flag=\"");
          Html.escape(out, w.id()).append("\">");
          Html.escape(out, w.message()).append("</li>");
        }
        out.append("</ul>");
      }
      planTable(out, "plan-" + n, plan.rows(), plan.warnings());
      out.append("</div>");
    }
  }

  private static void planTable(StringBuilder out, String id, List<PlanRow> rows,
      List<Warning> warnings) {
    Table table = new Table(out, id).right("id").left("select").left("table").left("type")
        .left("possible keys").left("key").right("rows").right("filtered").left("extra").begin();
    for (PlanRow r : rows) {
      boolean warned = warnings.stream().anyMatch(w -> w.table() != null && w.table().equals(r.table()));
      long rowId = r.id() == null ? 0 : r.id();
      long estimate = r.rows() == null ? 0 : r.rows();
      table.row(warned ? "warn" : null).cell(rowId, String.valueOf(rowId))
          .cell(text(r.selectType()), text(r.selectType())).cell(text(r.table()), text(r.table()))
          .cell(text(r.type()), text(r.type())).cell(text(r.possibleKeys()), text(r.possibleKeys()))
          .cell(text(r.key()), text(r.key())).cell(estimate, Units.count(estimate))
          .cell(text(r.filtered()), text(r.filtered())).cell(text(r.extra()), text(r.extra()))
          .endRow();
    }
    table.end();
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }

  private static void status(StringBuilder out, Map<String, Counter> counters) {
    if (counters.isEmpty()) {
      return;
    }
    out.append("<h3>Status over the run</h3>");
    Table table = new Table(out, "database-status").left("counter").right("start").right("end")
        .right("change").begin();
    for (Map.Entry<String, Counter> e : counters.entrySet()) {
      Counter v = e.getValue();
      String name = e.getKey();
      table.row().cell(name, name).cell(orZero(v.start()), number(v.start()))
          .cell(v.end(), number(v.end()))
          .cell(orZero(v.delta()), number(v.delta())).endRow();
    }
    table.end();
  }

  private static long orZero(Long value) {
    return value == null ? 0 : value;
  }

  private static String number(Long value) {
    return value == null ? Units.NONE : Units.count(value);
  }

  private static void digests(StringBuilder out, StatementDigests digests) {
    out.append("<h3>Statement digests (performance_schema)</h3>");
    if (digests != null && digests.skipped() != null) {
      out.append("<p class=\"muted\">skipped: ");
      Html.escape(out, digests.skipped()).append("</p>");
      return;
    }
    Table table = new Table(out, "database-digests").left("digest").right("count").right("time")
        .right("rows examined").right("rows sent").right("no index used").sortedBy(2, true).begin();
    for (Digest d : digests == null ? List.<Digest>of() : digests.rows()) {
      table.row(d.noIndexUsed() > 0 ? "warn" : null)
          .cell(text(d.text()), text(d.text()))
          .cell(d.count(), Units.count(d.count()))
          .cell(d.totalMs(), Units.ms(d.totalMs()))
          .cell(d.rowsExamined(), Units.count(d.rowsExamined()))
          .cell(d.rowsSent(), Units.count(d.rowsSent()))
          .cell(d.noIndexUsed(), Units.count(d.noIndexUsed())).endRow();
    }
    table.end();
  }
}
