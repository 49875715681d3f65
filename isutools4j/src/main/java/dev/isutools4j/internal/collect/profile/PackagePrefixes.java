package dev.isutools4j.internal.collect.profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of name prefixes, matched as {@link String#startsWith} would, by walking the name's
 * package segments instead of trying every prefix: a profile classifies every frame of every
 * stack, and the known libraries are many.
 */
final class PackagePrefixes {

  private final Node root = new Node();

  PackagePrefixes(List<String> prefixes) {
    for (String prefix : prefixes) {
      add(prefix);
    }
  }

  /** Whether {@code name} starts with one of the prefixes. */
  boolean matches(String name) {
    Node node = root;
    int start = 0;
    while (true) {
      if (node.whole) {
        return true;
      }
      for (String partial : node.partial) {
        if (name.startsWith(partial)) {
          return true;
        }
      }
      int dot = name.indexOf('.', start);
      if (dot < 0 || node.children.isEmpty()) {
        return false;
      }
      node = node.children.get(name.substring(start, dot + 1));
      if (node == null) {
        return false;
      }
      start = dot + 1;
    }
  }

  // Whole segments ("org.", "springframework.") are the tree's edges; a prefix that ends inside
  // a segment ("dev.isutools4j.Isutools") is kept, whole, on the node of the segments before it.
  private void add(String prefix) {
    Node node = root;
    int start = 0;
    for (int dot = prefix.indexOf('.'); dot >= 0; dot = prefix.indexOf('.', start)) {
      node = node.children.computeIfAbsent(prefix.substring(start, dot + 1), s -> new Node());
      start = dot + 1;
    }
    if (start == prefix.length()) {
      node.whole = true;
    } else {
      node.partial.add(prefix);
    }
  }

  private static final class Node {
    final Map<String, Node> children = new HashMap<>();
    final List<String> partial = new ArrayList<>(0);
    boolean whole;
  }
}
