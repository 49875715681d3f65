package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The user flow as one inline SVG: the routes sessions left on the left, the routes they went to
 * on the right, and a band from one to the other per transition, as wide as its count (at least
 * {@link #MIN_WIDTH} px, so the rarest stay visible) and coloured by the second request's status
 * class. Each node is as tall as its bands; bands leave and reach their nodes in the order of the
 * nodes on the other side, which keeps crossings few. The heaviest transitions come first:
 * {@link #SHOWN} at most, the rest are in the table below.
 */
final class FlowChart {

  static final int SHOWN = 30;
  static final double MIN_WIDTH = 1.5;

  private static final int WIDTH = 960;
  private static final int LEFT_BAR = 300;
  private static final int RIGHT_BAR = 652;
  private static final int BAR = 8;
  private static final int GAP = 10;
  /** A node's room at least, so that its label clears its neighbours'. */
  private static final int MIN_ROW = 8;
  private static final int TOP = 6;
  private static final int LABEL = 44;
  /** Pixels per band at most: a run with few transitions is not drawn as a wall. */
  private static final double MAX_SCALE_HEIGHT = 26;

  private FlowChart() {}

  /** A route on one side: its bands' total count and height, and where it is drawn. */
  private static final class Node {
    final String route;
    long count;
    double height;
    double top;
    double next;

    Node(String route) {
      this.route = route;
    }
  }

  private record Band(Transition transition, Node from, Node to, double width) {}

  /**
   * Writes the {@code <svg>} of the heaviest transitions of {@code transitions} (most first), each
   * band's share taken of {@code all} transitions of the run.
   */
  static void write(StringBuilder out, List<Transition> transitions, long all) {
    List<Transition> shown = transitions.subList(0, Math.min(SHOWN, transitions.size()));
    long total = 0;
    for (Transition t : shown) {
      total += t.count();
    }
    Map<String, Node> lefts = new LinkedHashMap<>();
    Map<String, Node> rights = new LinkedHashMap<>();
    for (Transition t : shown) {
      lefts.computeIfAbsent(t.from(), Node::new).count += t.count();
      rights.computeIfAbsent(t.to(), Node::new).count += t.count();
    }
    List<Node> left = byCount(lefts);
    List<Node> right = byCount(rights);
    int rows = Math.max(left.size(), right.size());
    // Room for the bands: as many rows as the longer side, each up to MAX_SCALE_HEIGHT tall.
    double scale = Math.max(rows * MAX_SCALE_HEIGHT, 120) / Math.max(total, 1);
    List<Band> bands = new ArrayList<>(shown.size());
    for (Transition t : shown) {
      bands.add(new Band(t, lefts.get(t.from()), rights.get(t.to()),
          Math.max(MIN_WIDTH, t.count() * scale)));
    }
    for (Band b : bands) {
      b.from().height += b.width();
      b.to().height += b.width();
    }
    double height = Math.max(stack(left), stack(right)) + TOP;
    // Bands leave a node in the order of the nodes they reach, and reach a node in the order of
    // the nodes they left.
    List<Band> byTarget = new ArrayList<>(bands);
    byTarget.sort(Comparator.comparingInt((Band b) -> right.indexOf(b.to()))
        .thenComparingInt(b -> bands.indexOf(b)));
    Map<Band, Double> leaves = new LinkedHashMap<>();
    for (Band b : byTarget) {
      leaves.put(b, b.from().next + b.width() / 2);
      b.from().next += b.width();
    }
    List<Band> bySource = new ArrayList<>(bands);
    bySource.sort(Comparator.comparingInt((Band b) -> left.indexOf(b.from()))
        .thenComparingInt(b -> bands.indexOf(b)));
    Map<Band, Double> reaches = new LinkedHashMap<>();
    for (Band b : bySource) {
      reaches.put(b, b.to().next + b.width() / 2);
      b.to().next += b.width();
    }

    out.append("<svg class=\"flow\" id=\"flow-chart\" viewBox=\"0 0 ").append(WIDTH).append(' ');
    coord(out, height).append("\" role=\"img\" aria-label=\"the transitions between routes within"
        + " sessions, the heaviest widest\">");
    // Widest first, so that the thin ones are drawn over them and stay visible.
    for (Band b : bands) {
      band(out, b, leaves.get(b), reaches.get(b), all);
    }
    for (Node n : left) {
      node(out, n, LEFT_BAR, LEFT_BAR - 8, "end", "transitions out of");
    }
    for (Node n : right) {
      node(out, n, RIGHT_BAR, RIGHT_BAR + BAR + 8, "start", "transitions into");
    }
    out.append("</svg>");
  }

  private static List<Node> byCount(Map<String, Node> nodes) {
    List<Node> out = new ArrayList<>(nodes.values());
    out.sort(Comparator.comparingLong((Node n) -> -n.count).thenComparing(n -> n.route));
    return out;
  }

  /** Places the nodes top down, a label's height apart at least; returns the height they take. */
  private static double stack(List<Node> nodes) {
    double y = TOP;
    for (Node n : nodes) {
      n.top = y;
      n.next = y;
      y += Math.max(n.height, MIN_ROW) + GAP;
    }
    return y - GAP;
  }

  private static void band(StringBuilder out, Band b, double y0, double y1, long all) {
    Transition t = b.transition();
    double x0 = LEFT_BAR + BAR;
    double x1 = RIGHT_BAR;
    double middle = (x0 + x1) / 2;
    out.append("<path class=\"flow-band s").append(statusClass(t.status())).append("\" d=\"M");
    coord(out, x0).append(',');
    coord(out, y0).append(" C");
    coord(out, middle).append(',');
    coord(out, y0).append(' ');
    coord(out, middle).append(',');
    coord(out, y1).append(' ');
    coord(out, x1).append(',');
    coord(out, y1).append("\" stroke-width=\"");
    coord(out, b.width()).append("\" data-count=\"").append(t.count()).append("\" data-status=\"")
        .append(t.status()).append("\" data-from=\"");
    Html.escape(out, t.from()).append("\" data-to=\"");
    Html.escape(out, t.to()).append("\"><title>");
    Html.escape(out, t.from() + " → " + t.to() + " · " + t.status() + " · " + Units.count(t.count())
        + " (" + Units.percent(all == 0 ? null : (double) t.count() / all) + " of transitions)");
    out.append("</title></path>");
  }

  private static void node(StringBuilder out, Node n, int bar, int textX, String anchor, String what) {
    out.append("<g class=\"flow-node\"><title>");
    Html.escape(out, n.route + ": " + Units.count(n.count) + " " + what + " it (shown)");
    out.append("</title><rect x=\"").append(bar).append("\" y=\"");
    coord(out, n.top).append("\" width=\"").append(BAR).append("\" height=\"");
    coord(out, Math.max(n.height, 1)).append("\"/><text x=\"").append(textX).append("\" y=\"");
    coord(out, n.top + n.height / 2 + 4).append("\" text-anchor=\"").append(anchor).append("\">");
    Html.escape(out, shorten(n.route)).append(" <tspan class=\"count\">")
        .append(Units.count(n.count)).append("</tspan></text></g>");
  }

  /** 1 to 5 for a status's class, 0 for none. */
  static int statusClass(int status) {
    return status >= 100 && status < 600 ? status / 100 : 0;
  }

  private static String shorten(String route) {
    return route.length() <= LABEL ? route : route.substring(0, LABEL - 1) + "…";
  }

  private static StringBuilder coord(StringBuilder out, double v) {
    long tenths = Math.round(v * 10);
    out.append(tenths / 10);
    if (tenths % 10 != 0) {
      out.append('.').append(Math.abs(tenths % 10));
    }
    return out;
  }
}
