package dev.isutools4j.internal.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * nginx's configuration as a tree of directives, parsed tolerantly from a file or from
 * {@code nginx -T} (several files, each after a {@code # configuration file PATH:} line; each file's
 * directives become top-level entries). Comments, quoted strings with escapes and unbalanced
 * braces are handled; nothing here throws on odd input.
 */
final class NginxConfig {

  /** One directive: its name, arguments (quotes removed), block (empty for a simple one), file. */
  record Directive(String name, List<String> args, List<Directive> block, String file) {

    String arg(int i) {
      return i < args.size() ? args.get(i) : "";
    }
  }

  private final List<Directive> top;

  private NginxConfig(List<Directive> top) {
    this.top = List.copyOf(top);
  }

  List<Directive> top() {
    return top;
  }

  static NginxConfig parse(String text) {
    return new NginxConfig(new Parser(text).block());
  }

  /** Every directive with this name, anywhere. */
  List<Directive> all(String name) {
    List<Directive> out = new ArrayList<>();
    walk((d, parents) -> {
      if (d.name().equals(name)) {
        out.add(d);
      }
    });
    return out;
  }

  /** Visits every directive with the blocks that enclose it, outermost first. */
  void walk(BiConsumer<Directive, List<Directive>> visitor) {
    walk(top, new ArrayList<>(), visitor);
  }

  private static void walk(List<Directive> ds, List<Directive> parents,
      BiConsumer<Directive, List<Directive>> visitor) {
    for (Directive d : ds) {
      visitor.accept(d, List.copyOf(parents));
      if (!d.block().isEmpty()) {
        parents.add(d);
        walk(d.block(), parents, visitor);
        parents.remove(parents.size() - 1);
      }
    }
  }

  private static final class Parser {
    private static final String HEADER = "# configuration file ";
    private final String s;
    private int i;
    private String file = "";

    Parser(String s) {
      this.s = s;
    }

    /** Directives up to the closing brace (consumed) or the end. */
    List<Directive> block() {
      List<Directive> out = new ArrayList<>();
      List<String> words = new ArrayList<>();
      while (true) {
        String word = next();
        if (word == null) {
          break;
        }
        if (word.equals(";") || word.equals("}")) {
          if (!words.isEmpty()) {
            out.add(new Directive(words.get(0), List.copyOf(words.subList(1, words.size())), List.of(),
                file));
            words.clear();
          }
          if (word.equals("}")) {
            break;
          }
        } else if (word.equals("{")) {
          String name = words.isEmpty() ? "" : words.get(0);
          List<String> args = words.isEmpty() ? List.of() : List.copyOf(words.subList(1, words.size()));
          String where = file;
          words.clear();
          out.add(new Directive(name, args, block(), where));
        } else {
          words.add(word);
        }
      }
      return out;
    }

    /** The next word, quoted string, or one of { } ;, or null at the end. */
    private String next() {
      int n = s.length();
      while (i < n) {
        char c = s.charAt(i);
        if (Character.isWhitespace(c)) {
          i++;
        } else if (c == '#') {
          int end = s.indexOf('\n', i);
          end = end < 0 ? n : end;
          String comment = s.substring(i, end);
          if (comment.startsWith(HEADER) && comment.endsWith(":")) {
            file = comment.substring(HEADER.length(), comment.length() - 1);
          }
          i = end;
        } else if (c == '{' || c == '}' || c == ';') {
          i++;
          return String.valueOf(c);
        } else if (c == '"' || c == '\'') {
          StringBuilder out = new StringBuilder();
          i++;
          while (i < n && s.charAt(i) != c) {
            if (s.charAt(i) == '\\' && i + 1 < n) {
              i++;
            }
            out.append(s.charAt(i++));
          }
          i++;
          return out.toString();
        } else {
          int start = i;
          while (i < n && !Character.isWhitespace(s.charAt(i)) && "{};".indexOf(s.charAt(i)) < 0) {
            if (s.charAt(i) == '\\' && i + 1 < n) {
              i++;
            }
            i++;
          }
          return s.substring(start, i);
        }
      }
      return null;
    }
  }
}
