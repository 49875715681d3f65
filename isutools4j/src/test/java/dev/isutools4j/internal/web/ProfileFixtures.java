package dev.isutools4j.internal.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A profile section with a known flame tree, as plain maps the way docs/SNAPSHOT.md describes it,
 * and the expectations that follow from the tree.
 */
final class ProfileFixtures {

  /** A frame whose name would end the inline script and open a tag if it were not escaped. */
  static final String HOSTILE = "dev.isugram.web.Tmpl.render</script><b>bold</b><!--<script>";

  /** One node: its frame's name, kind letter, parent node and subtree samples. */
  record Node(String name, char kind, int parent, int value) {}

  /** Preorder: every parent comes before its children. 10 000 samples in all. */
  static final List<Node> NODES = List.of(
      new Node("all", 'r', -1, 10_000),                                                      // 0
      new Node("java.lang.Thread.run", 'f', 0, 9_000),                                       // 1
      new Node("org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun", 'f', 1, 9_000), // 2
      new Node("org.springframework.web.servlet.DispatcherServlet.doDispatch", 'f', 2, 8_500), // 3
      new Node("dev.isugram.web.PostController.show", 'a', 3, 5_000),                        // 4
      new Node("dev.isugram.web.Markup.escape", 'a', 4, 2_500),                              // 5
      new Node("dev.isugram.web.Markup.escapeChar", 'a', 5, 400),                            // 6
      new Node("java.lang.StringBuilder.append", 'f', 5, 1_000),                             // 7
      new Node("com.zaxxer.hikari.pool.HikariProxyPreparedStatement.executeQuery", 'f', 4, 2_000), // 8
      new Node("org.mariadb.jdbc.ClientPreparedStatement.executeQuery", 'f', 8, 1_500),      // 9
      new Node("java.net.SocketInputStream.read", 'f', 9, 1_200),                            // 10
      new Node("Java_java_net_SocketInputStream_socketRead0", 'n', 10, 1_100),               // 11
      new Node("__sys_recvfrom", 'k', 11, 900),                                              // 12
      new Node("dev.isugram.web.UserController.list", 'a', 3, 3_000),                        // 13
      new Node("dev.isugram.web.Markup.escape", 'a', 13, 1_000),                             // 14
      new Node("java.util.HashMap.get", 'f', 13, 800),                                       // 15
      new Node(HOSTILE, 'a', 13, 300),                                                       // 16
      new Node("GCTaskThread::run", 'n', 0, 600),                                            // 17
      new Node("G1ParEvacuateFollowersClosure::do_void", 'n', 17, 500),                      // 18
      new Node("java.util.concurrent.ThreadPoolExecutor.runWorker", 'f', 0, 400),            // 19
      new Node("dev.isugram.web.PostController.show", 'a', 19, 200));                        // 20

  static final int THREAD_RUN = 1;
  static final int POST_SHOW = 4;
  static final int MARKUP_ESCAPE = 5;
  static final int USER_LIST = 13;

  private ProfileFixtures() {}

  /** The section's {@code flame} object built from {@link #NODES}. */
  static Map<String, Object> flame() {
    List<String> frames = new ArrayList<>();
    StringBuilder kinds = new StringBuilder();
    List<Integer> frame = new ArrayList<>();
    List<Integer> parent = new ArrayList<>();
    List<Integer> value = new ArrayList<>();
    for (Node n : NODES) {
      int index = frames.indexOf(n.name());
      if (index < 0) {
        index = frames.size();
        frames.add(n.name());
        kinds.append(n.kind());
      }
      frame.add(index);
      parent.add(n.parent());
      value.add(n.value());
    }
    Map<String, Object> flame = new LinkedHashMap<>();
    flame.put("frames", frames);
    flame.put("kinds", kinds.toString());
    flame.put("frame", frame);
    flame.put("parent", parent);
    flame.put("value", value);
    flame.put("droppedNodes", 0);
    return flame;
  }

  /** A whole section from async-profiler, with tables consistent with the tree. */
  static Map<String, Object> section() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("engine", "async-profiler");
    p.put("engineVersion", "4.6");
    p.put("mode", "cpu");
    p.put("event", "cpu");
    p.put("fallbacks", List.of());
    p.put("intervalMs", 10);
    p.put("durationMs", 60012.0);
    p.put("unit", "samples");
    p.put("samples", 10_000);
    p.put("stacks", 2291);
    p.put("droppedStacks", 0);
    p.put("topSelf", List.of(
        row("dev.isugram.web.Markup.escape", 1_100 + 1_000, true),
        row("java.lang.StringBuilder.append", 1_000, false),
        row("__sys_recvfrom", 900, false),
        row(HOSTILE, 300, true)));
    p.put("topTotal", List.of(
        row("java.lang.Thread.run", 9_000, false),
        row("dev.isugram.web.PostController.show", 5_200, true),
        row("dev.isugram.web.Markup.escape", 3_500, true)));
    p.put("topApp", List.of(
        row("dev.isugram.web.Markup.escape", 3_500, true),
        row("dev.isugram.web.PostController.show", 2_600, true),
        row("dev.isugram.web.UserController.list", 1_100, true)));
    p.put("threads", List.of(
        Map.of("name", "http-nio-8080-exec-{n}", "threads", 10, "cpuMs", 41234.5, "share", 0.81),
        Map.of("name", "GC Thread#{n}", "threads", 2, "cpuMs", 3000.0, "share", 0.06)));
    p.put("flame", flame());
    Map<String, Object> files = new LinkedHashMap<>();
    files.put("collapsed", "20261129-101530-123/profile.collapsed");
    p.put("files", files);
    p.put("error", null);
    return p;
  }

  static Map<String, Object> row(String method, long samples, boolean app) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("method", method);
    row.put("samples", samples);
    row.put("share", samples / 10_000.0);
    row.put("app", app);
    return row;
  }

  /**
   * The share of the samples under a frame whose name matches, each sample counted once (a match
   * inside a match adds nothing).
   */
  static double matchedShare(Predicate<String> matches) {
    boolean[] matched = new boolean[NODES.size()];
    boolean[] inside = new boolean[NODES.size()];
    long sum = 0;
    for (int i = 1; i < NODES.size(); i++) {
      Node n = NODES.get(i);
      inside[i] = inside[n.parent()] || matched[n.parent()];
      matched[i] = matches.test(n.name());
      if (matched[i] && !inside[i]) {
        sum += n.value();
      }
    }
    return sum / (double) NODES.get(0).value();
  }
}
