package dev.isutools4j.cli.digest;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** A parsed {@code --filter} expression, evaluated on a line or a row. Immutable, thread-safe. */
sealed interface FilterNode {

  boolean test(Object subject);

  /** The levels of the fields it reads. */
  Set<FilterField.Level> levels();

  /** The fields it reads. */
  List<FilterField> fields();

  /** Comparison operators. */
  enum Op {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), MATCH("=~"), NO_MATCH("!~");

    final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }
  }

  /** A value on the right of a comparison: a number, a text, a regex, or a status class. */
  record Value(Double number, String text, Pattern regex, int statusClass) {

    static Value number(double n) {
      return new Value(n, null, null, 0);
    }

    static Value text(String t) {
      return new Value(null, t, null, 0);
    }

    static Value regex(Pattern p) {
      return new Value(null, null, p, 0);
    }

    static Value statusClass(int c) {
      return new Value(null, null, null, c);
    }
  }

  record And(List<FilterNode> parts) implements FilterNode {
    @Override
    public boolean test(Object subject) {
      for (FilterNode p : parts) {
        if (!p.test(subject)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public Set<FilterField.Level> levels() {
      return union(parts);
    }

    @Override
    public List<FilterField> fields() {
      return parts.stream().flatMap(p -> p.fields().stream()).toList();
    }
  }

  record Or(List<FilterNode> parts) implements FilterNode {
    @Override
    public boolean test(Object subject) {
      for (FilterNode p : parts) {
        if (p.test(subject)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public Set<FilterField.Level> levels() {
      return union(parts);
    }

    @Override
    public List<FilterField> fields() {
      return parts.stream().flatMap(p -> p.fields().stream()).toList();
    }
  }

  record Not(FilterNode part) implements FilterNode {
    @Override
    public boolean test(Object subject) {
      return !part.test(subject);
    }

    @Override
    public Set<FilterField.Level> levels() {
      return part.levels();
    }

    @Override
    public List<FilterField> fields() {
      return part.fields();
    }
  }

  /** {@code field op value}; a line or row without the value never matches. */
  record Compare(FilterField field, Op op, Value value) implements FilterNode {
    @Override
    public boolean test(Object subject) {
      Object v = field.get().apply(subject);
      if (v == null) {
        return false;
      }
      if (value.regex() != null) {
        boolean found = value.regex().matcher(v.toString()).find();
        return op == Op.MATCH ? found : !found;
      }
      if (value.statusClass() > 0) {
        boolean in = v instanceof Number n && n.intValue() / 100 == value.statusClass();
        return op == Op.EQ ? in : !in;
      }
      if (value.number() != null) {
        if (!(v instanceof Number n)) {
          return false;
        }
        int c = Double.compare(n.doubleValue(), value.number());
        return switch (op) {
          case EQ -> c == 0;
          case NE -> c != 0;
          case LT -> c < 0;
          case LE -> c <= 0;
          case GT -> c > 0;
          case GE -> c >= 0;
          default -> false;
        };
      }
      boolean equal = v.toString().equals(value.text());
      return op == Op.EQ ? equal : !equal;
    }

    @Override
    public Set<FilterField.Level> levels() {
      return EnumSet.of(field.level());
    }

    @Override
    public List<FilterField> fields() {
      return List.of(field);
    }
  }

  private static Set<FilterField.Level> union(List<FilterNode> parts) {
    Set<FilterField.Level> out = EnumSet.noneOf(FilterField.Level.class);
    for (FilterNode p : parts) {
      out.addAll(p.levels());
    }
    return out;
  }
}
