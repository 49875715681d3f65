package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.digest.FilterField.Level;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@code --filter} split in two: the comparisons on per-line fields choose which lines are
 * counted, those on row columns choose which rows are shown. The two may only be joined by a
 * top-level {@code and}: {@code status >= 500 and count > 10}.
 */
final class Filter {

  static final Filter NONE = new Filter(null, null);

  private final FilterNode line;
  private final FilterNode row;

  private Filter(FilterNode line, FilterNode row) {
    this.line = line;
    this.row = row;
  }

  static Filter parse(String source, List<FilterField> lineFields, Columns columns) {
    if (source == null || source.isBlank()) {
      return NONE;
    }
    String known = LineFields.names(lineFields) + " (per line); " + columns.names() + " (per row)";
    FilterNode root = FilterParser.parse(source, name -> {
      FilterField f = LineFields.find(lineFields, name);
      if (f != null) {
        return f;
      }
      Column c = columns.find(name);
      return c == null ? null : FilterField.of(c);
    }, known);
    List<FilterNode> lineParts = new ArrayList<>();
    List<FilterNode> rowParts = new ArrayList<>();
    List<FilterNode> conjuncts = root instanceof FilterNode.And and ? and.parts() : List.of(root);
    for (FilterNode part : conjuncts) {
      Set<Level> levels = part.levels();
      if (levels.size() > 1) {
        throw new IllegalArgumentException("--filter: " + describe(part) + " mixes per-line fields"
            + " and row columns under or/not; per-line comparisons choose the lines counted, row"
            + " comparisons the rows shown: join the two kinds with a top-level `and` only");
      }
      (levels.contains(Level.LINE) ? lineParts : rowParts).add(part);
    }
    return new Filter(join(lineParts), join(rowParts));
  }

  private static String describe(FilterNode part) {
    Set<String> names = new LinkedHashSet<>();
    for (FilterField f : part.fields()) {
      names.add(f.name() + " (" + (f.level() == Level.LINE ? "per line" : "per row") + ")");
    }
    return "the part on " + String.join(", ", names);
  }

  private static FilterNode join(List<FilterNode> parts) {
    if (parts.isEmpty()) {
      return null;
    }
    return parts.size() == 1 ? parts.get(0) : new FilterNode.And(parts);
  }

  /** Whether the filter looks at lines; when not, {@link #acceptsLine} is always true. */
  boolean hasLinePart() {
    return line != null;
  }

  boolean acceptsLine(Object line) {
    return this.line == null || this.line.test(line);
  }

  boolean acceptsRow(Map<String, Object> row) {
    return this.row == null || this.row.test(row);
  }

  /** The JSON keys of the row columns it reads, so that their percentiles are computed. */
  List<String> rowKeys() {
    if (row == null) {
      return List.of();
    }
    return row.fields().stream().map(FilterField::name).distinct().toList();
  }
}
