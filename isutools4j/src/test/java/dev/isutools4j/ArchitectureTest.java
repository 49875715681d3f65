package dev.isutools4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The library's package graph is the one docs/ARCHITECTURE.md draws, edge for edge: the picture
 * lists each package with the packages it may import, this test reads it, and fails on an import
 * edge the picture does not have, on an edge the picture has that the code no longer uses (the
 * picture must not go stale), and on a cycle in the picture itself. On failure it prints the graph
 * the code has, in the picture's own format.
 */
class ArchitectureTest {

  private static final String ROOT = "dev.isutools4j";
  private static final String INTERNAL = ROOT + ".internal";
  private static final Path PICTURE = Path.of("../docs/ARCHITECTURE.md");
  private static final String BEGIN = "<!-- package graph: checked by ArchitectureTest -->";
  private static final Set<String> FOR_USERS = Set.of(ROOT + ".Isutools", ROOT + ".jdbc.IsutoolsDriver",
      ROOT + ".http.IsutoolsServletFilter");

  private static JavaClasses classes;

  @BeforeAll
  static void importTheLibrary() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPath(Path.of("target/classes"));
    assertThat(classes).as("the library's compiled classes").hasSizeGreaterThan(100);
  }

  @Test
  void theCodeHasExactlyTheEdgesOfThePicture() throws IOException {
    Map<String, Set<String>> drawn = picture();
    Map<String, Set<String>> actual = graph();
    List<String> problems = new ArrayList<>();
    actual.forEach((from, targets) -> {
      if (!drawn.containsKey(from)) {
        problems.add(from + ": a package the picture does not show");
      }
      for (String to : targets) {
        if (!drawn.getOrDefault(from, Set.of()).contains(to)) {
          problems.add(from + " → " + to + ": an import the picture does not allow (" + witness(from, to) + ")");
        }
      }
    });
    drawn.forEach((from, targets) -> {
      for (String to : targets) {
        if (!actual.getOrDefault(from, Set.of()).contains(to)) {
          problems.add(from + " → " + to + ": drawn, but no longer used: take it out of the picture");
        }
      }
      if (!actual.containsKey(from)) {
        problems.add(from + ": drawn, but the library has no such package");
      }
    });
    assertThat(problems).as("the package graph differs from docs/ARCHITECTURE.md; the code's graph is:%n%s",
        format(actual)).isEmpty();
    System.out.print("The package graph ArchitectureTest enforces (docs/ARCHITECTURE.md):\n" + format(actual));
  }

  @Test
  void thePictureHasNoCycle() throws IOException {
    Map<String, Set<String>> drawn = picture();
    for (String start : drawn.keySet()) {
      assertThat(reachable(drawn, start)).as("packages reachable from %s", start).doesNotContain(start);
    }
  }

  @Test
  void onlyTheUserFacingApiIsPublicOutsideInternal() {
    Set<String> exposed = classes.stream()
        .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC) && c.isTopLevelClass())
        .map(JavaClass::getName)
        .filter(name -> !name.startsWith(INTERNAL + "."))
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(exposed).as("public types outside %s (the agent and the command line use internal)", INTERNAL)
        .containsExactlyInAnyOrderElementsOf(FOR_USERS);
    assertThat(exposed).hasSizeLessThanOrEqualTo(12);
  }

  /** Package → the library packages its classes use, names relative to dev.isutools4j. */
  private static Map<String, Set<String>> graph() {
    Map<String, Set<String>> out = new TreeMap<>();
    for (JavaClass c : classes) {
      String from = relative(c.getPackageName());
      Set<String> targets = out.computeIfAbsent(from, k -> new TreeSet<>());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String to = d.getTargetClass().getPackageName();
        String target = relative(to);
        if (target != null && !target.equals(from)) {
          targets.add(target);
        }
      }
    }
    return out;
  }

  private static String witness(String from, String to) {
    for (JavaClass c : classes) {
      if (relative(c.getPackageName()).equals(from)) {
        for (Dependency d : c.getDirectDependenciesFromSelf()) {
          if (to.equals(relative(d.getTargetClass().getPackageName()))) {
            return d.getDescription();
          }
        }
      }
    }
    return "?";
  }

  /** A package's name relative to dev.isutools4j, or null for a package outside the library. */
  private static String relative(String pkg) {
    if (pkg.equals(ROOT)) {
      return "isutools4j";
    }
    return pkg.startsWith(ROOT + ".") ? pkg.substring(ROOT.length() + 1) : null;
  }

  /** The picture: in the block after the marker, each line "package → target target ...". */
  static Map<String, Set<String>> picture() throws IOException {
    List<String> lines = Files.readAllLines(PICTURE);
    int begin = lines.indexOf(BEGIN);
    assertThat(begin).as("the marker %s in %s", BEGIN, PICTURE).isNotNegative();
    Map<String, Set<String>> out = new TreeMap<>();
    String last = null;
    for (int i = begin + 2; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("…") && last != null) { // a continuation of the line above
        out.get(last).addAll(words(line.substring(1)));
        continue;
      }
      String[] parts = line.split("→", 2);
      last = parts[0].strip();
      out.put(last, new TreeSet<>(parts.length > 1 ? words(parts[1]) : List.of()));
    }
    return out;
  }

  private static List<String> words(String s) {
    return List.of(s.strip().split("\\s+")).stream().filter(w -> !w.isEmpty() && !w.equals("-")).toList();
  }

  private static Set<String> reachable(Map<String, Set<String>> graph, String start) {
    Set<String> seen = new LinkedHashSet<>();
    List<String> todo = new ArrayList<>(graph.getOrDefault(start, Set.of()));
    while (!todo.isEmpty()) {
      String next = todo.remove(todo.size() - 1);
      if (seen.add(next)) {
        todo.addAll(graph.getOrDefault(next, Set.of()));
      }
    }
    return seen;
  }

  /** The graph in the picture's format, packages with most dependencies first. */
  static String format(Map<String, Set<String>> graph) {
    StringBuilder out = new StringBuilder();
    graph.entrySet().stream()
        .sorted((a, b) -> Integer.compare(reachable(graph, b.getKey()).size(), reachable(graph, a.getKey()).size()))
        .forEach(e -> out.append(String.format("%-26s → %s%n", e.getKey(),
            e.getValue().isEmpty() ? "-" : String.join(" ", e.getValue()))));
    return out.toString();
  }
}
