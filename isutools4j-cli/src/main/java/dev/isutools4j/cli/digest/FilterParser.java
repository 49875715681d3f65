package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.digest.FilterField.Type;
import dev.isutools4j.cli.digest.FilterNode.Compare;
import dev.isutools4j.cli.digest.FilterNode.Op;
import dev.isutools4j.cli.digest.FilterNode.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/*
 * The --filter language, by recursive descent:
 *
 *   expr       := and { ("or" | "||") and }
 *   and        := unary { ("and" | "&&") unary }
 *   unary      := ("not" | "!") unary | "(" expr ")" | comparison
 *   comparison := FIELD OP VALUE | FIELD ["not"] "in" "(" VALUE { "," VALUE } ")"
 *   OP         := "=" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "=~" | "!~"
 *   VALUE      := 'text' | "text" | a word | a number with an optional unit
 *
 * Keywords are case-insensitive. Inside quotes a backslash escapes only a quote or a backslash,
 * so regexes keep their \d and \. as written.
 */

/** Parses a {@code --filter} expression against a set of fields; errors point at the spot. */
final class FilterParser {

  private static final Pattern NUMBER = Pattern.compile(
      "(-?\\d+(?:\\.\\d+)?)(us|µs|ms|s|k|kb|kib|m|mb|mib|g|gb|gib)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern STATUS_CLASS = Pattern.compile("([1-5])xx", Pattern.CASE_INSENSITIVE);

  private record Token(String text, boolean quoted, int at) {
    boolean is(String s) {
      return !quoted && text.equalsIgnoreCase(s);
    }
  }

  private final String source;
  private final Function<String, FilterField> fields;
  private final String known;
  private final List<Token> tokens;
  private int next;

  private FilterParser(String source, Function<String, FilterField> fields, String known) {
    this.source = source;
    this.fields = fields;
    this.known = known;
    this.tokens = tokenize(source);
  }

  /**
   * The expression's tree.
   *
   * @param fields the field of a name, or null for an unknown name
   * @param known the names, listed in the error for an unknown one
   */
  static FilterNode parse(String source, Function<String, FilterField> fields, String known) {
    FilterParser p = new FilterParser(source, fields, known);
    if (p.tokens.isEmpty()) {
      throw p.error("an empty expression", source.length());
    }
    FilterNode node = p.or();
    if (p.next < p.tokens.size()) {
      Token t = p.tokens.get(p.next);
      throw p.error("unexpected `" + t.text() + "`", t.at());
    }
    return node;
  }

  private FilterNode or() {
    List<FilterNode> parts = new ArrayList<>(List.of(and()));
    while (accept("or") || accept("||")) {
      parts.add(and());
    }
    return parts.size() == 1 ? parts.get(0) : new FilterNode.Or(parts);
  }

  private FilterNode and() {
    List<FilterNode> parts = new ArrayList<>(List.of(unary()));
    while (accept("and") || accept("&&")) {
      parts.add(unary());
    }
    return parts.size() == 1 ? parts.get(0) : new FilterNode.And(parts);
  }

  private FilterNode unary() {
    if (accept("not") || accept("!")) {
      return new FilterNode.Not(unary());
    }
    if (accept("(")) {
      FilterNode inner = or();
      expect(")");
      return inner;
    }
    return comparison();
  }

  private FilterNode comparison() {
    Token name = take("a field name");
    if (name.quoted() || isSymbol(name.text())) {
      throw error("expected a field name, found `" + name.text() + "`", name.at());
    }
    FilterField field = fields.apply(name.text());
    if (field == null) {
      throw error("no field `" + name.text() + "`; the fields are " + known, name.at());
    }
    boolean negated = accept("not");
    if (accept("in")) {
      expect("(");
      List<FilterNode> options = new ArrayList<>();
      do {
        options.add(new Compare(field, Op.EQ, value(field, Op.EQ, take("a value"))));
      } while (accept(","));
      expect(")");
      FilterNode any = options.size() == 1 ? options.get(0) : new FilterNode.Or(options);
      return negated ? new FilterNode.Not(any) : any;
    }
    if (negated) {
      throw error("expected `in` after `not`", peekAt());
    }
    Token opToken = take("an operator");
    Op op = operator(opToken);
    return new Compare(field, op, value(field, op, take("a value")));
  }

  private Op operator(Token t) {
    if (!t.quoted()) {
      switch (t.text()) {
        case "=", "==" -> {
          return Op.EQ;
        }
        case "!=" -> {
          return Op.NE;
        }
        case "<" -> {
          return Op.LT;
        }
        case "<=" -> {
          return Op.LE;
        }
        case ">" -> {
          return Op.GT;
        }
        case ">=" -> {
          return Op.GE;
        }
        case "=~" -> {
          return Op.MATCH;
        }
        case "!~" -> {
          return Op.NO_MATCH;
        }
        default -> {
          // not an operator
        }
      }
    }
    throw error("expected an operator (= != < <= > >= =~ !~ in), found `" + t.text() + "`", t.at());
  }

  private Value value(FilterField field, Op op, Token t) {
    if (!t.quoted() && isSymbol(t.text())) {
      throw error("expected a value, found `" + t.text() + "`", t.at());
    }
    if (op == Op.MATCH || op == Op.NO_MATCH) {
      if (field.type() != Type.TEXT) {
        throw error("`" + op.symbol + "` compares text; " + field.name() + " is a number", t.at());
      }
      try {
        return Value.regex(Pattern.compile(t.text()));
      } catch (PatternSyntaxException e) {
        throw error("not a regex: " + e.getDescription(), t.at());
      }
    }
    if (field.type() == Type.TEXT) {
      if (op != Op.EQ && op != Op.NE) {
        throw error("`" + op.symbol + "` compares numbers; " + field.name()
            + " is text (use = != =~ !~)", t.at());
      }
      return Value.text(t.text());
    }
    Matcher status = STATUS_CLASS.matcher(t.text());
    if (field.type() == Type.STATUS && status.matches()) {
      if (op != Op.EQ && op != Op.NE) {
        throw error("a status class compares with = or != only", t.at());
      }
      return Value.statusClass(status.group(1).charAt(0) - '0');
    }
    Matcher m = NUMBER.matcher(t.text());
    if (t.quoted() || !m.matches()) {
      throw error(field.name() + " is a number: `" + t.text() + "` is not one", t.at());
    }
    double n = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
    return Value.number(n * scale(field, unit, t));
  }

  private double scale(FilterField field, String unit, Token t) {
    if (unit.isEmpty()) {
      return 1;
    }
    if (field.type() == Type.TIME) {
      switch (unit) {
        case "us", "µs" -> {
          return 1e-3;
        }
        case "ms" -> {
          return 1;
        }
        case "s" -> {
          return 1e3;
        }
        default -> {
          // below
        }
      }
    } else if (field.type() == Type.BYTES) {
      switch (unit.charAt(0)) {
        case 'k' -> {
          return 1024;
        }
        case 'm' -> {
          return 1024 * 1024;
        }
        case 'g' -> {
          return 1024 * 1024 * 1024;
        }
        default -> {
          // below
        }
      }
    }
    String allowed = switch (field.type()) {
      case TIME -> "us, ms (the default) or s";
      case BYTES -> "k, m or g";
      default -> "none";
    };
    throw error("the unit `" + unit + "` does not fit " + field.name() + " (units: " + allowed + ")",
        t.at());
  }

  private boolean accept(String text) {
    if (next < tokens.size() && tokens.get(next).is(text)) {
      next++;
      return true;
    }
    return false;
  }

  private void expect(String text) {
    if (!accept(text)) {
      throw error("expected `" + text + "`", peekAt());
    }
  }

  private Token take(String what) {
    if (next >= tokens.size()) {
      throw error("expected " + what + " at the end", source.length());
    }
    return tokens.get(next++);
  }

  private int peekAt() {
    return next < tokens.size() ? tokens.get(next).at() : source.length();
  }

  private IllegalArgumentException error(String message, int at) {
    return new IllegalArgumentException("--filter: " + message + " (at " + (at + 1) + ")\n  "
        + source + "\n  " + " ".repeat(Math.max(0, at)) + "^");
  }

  private static boolean isSymbol(String t) {
    return switch (t) {
      case "(", ")", ",", "=", "==", "!=", "<", "<=", ">", ">=", "=~", "!~", "!", "&&", "||" -> true;
      default -> false;
    };
  }

  private List<Token> tokenize(String s) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        StringBuilder text = new StringBuilder();
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c) {
          char d = s.charAt(j);
          if (d == '\\' && j + 1 < s.length() && (s.charAt(j + 1) == c || s.charAt(j + 1) == '\\')) {
            d = s.charAt(++j);
          }
          text.append(d);
          j++;
        }
        if (j >= s.length()) {
          throw error("a quote that is never closed", i);
        }
        out.add(new Token(text.toString(), true, i));
        i = j + 1;
      } else if ("(),".indexOf(c) >= 0) {
        out.add(new Token(String.valueOf(c), false, i++));
      } else if ("=!<>&|~".indexOf(c) >= 0) {
        String two = i + 1 < s.length() ? s.substring(i, i + 2) : "";
        if (isSymbol(two)) {
          out.add(new Token(two, false, i));
          i += 2;
        } else if (isSymbol(String.valueOf(c))) {
          out.add(new Token(String.valueOf(c), false, i++));
        } else {
          throw error("unexpected `" + c + "`", i);
        }
      } else {
        int j = i;
        while (j < s.length() && !Character.isWhitespace(s.charAt(j))
            && "(),=!<>&|~'\"".indexOf(s.charAt(j)) < 0) {
          j++;
        }
        out.add(new Token(s.substring(i, j), false, i));
        i = j;
      }
    }
    return out;
  }
}
