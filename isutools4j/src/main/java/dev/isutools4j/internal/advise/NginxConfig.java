package dev.isutools4j.internal.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * nginx's configuration as a tree of directives, parsed tolerantly from a file or from
 * {@code nginx -T} (several files, each after a {@code # configuration file PATH:} line; each file's
 * directives become top-level entries). Comments, quoted strings with escapes (a quoted
 * {@code "}"} or {@code ";"} is a word, as nginx reads it) and unbalanced braces are handled;
 * blocks nested deeper than {@link #MAX_DEPTH} are skipped whole. Nothing here throws on odd input.
 */
final class NginxConfig {

  /** One directive: its name, arguments (quotes removed), block (empty for a simple one), file. */
  record Directive(String name, List<String> args, List<Directive> block, String file) {

    String arg(int i) {
      return i < args.size() ? args.get(i) : "";
    }
  }

  /** Blocks in blocks up to this depth are read; real configurations nest a few levels. */
  static final int MAX_DEPTH = 64;

  private final List<Directive> top;

  private NginxConfig(List<Directive> top) {
    this.top = List.copyOf(top);
  }

  List<Directive> top() {
    return top;
  }

  static NginxConfig parse(String text) {
    return new NginxConfig(new Parser(text).block(0));
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
    private boolean quoted; // the last word was quoted: "}" and ";" in quotes are no syntax

    Parser(String s) {
      this.s = s;
    }

    /** Directives up to the closing brace (consumed) or the end, at {@code depth} blocks in. */
    List<Directive> block(int depth) {
      List<Directive> out = new ArrayList<>();
      List<String> words = new ArrayList<>();
      while (true) {
        String word = next();
        if (word == null) {
          break;
        }
        if (quoted) {
          words.add(word);
        } else if (word.equals(";") || word.equals("}")) {
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
          // Bounded recursion: a deeper block is skipped, so that no input overflows the stack.
          List<Directive> inside = depth < MAX_DEPTH ? block(depth + 1) : skipBlock();
          out.add(new Directive(name, args, inside, where));
        } else {
          words.add(word);
        }
      }
      return out;
    }

    /** Reads past the block just opened, its own blocks included; returns none of it. */
    private List<Directive> skipBlock() {
      int open = 1;
      while (open > 0) {
        String word = next();
        if (word == null) {
          break;
        }
        if (!quoted && word.equals("{")) {
          open++;
        } else if (!quoted && word.equals("}")) {
          open--;
        }
      }
      return List.of();
    }

    /** The next word, quoted string, or one of { } ;, or null at the end. */
    private String next() {
      quoted = false;
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
          quoted = true;
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
