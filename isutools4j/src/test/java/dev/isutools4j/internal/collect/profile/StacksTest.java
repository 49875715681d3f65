package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.ProfileSection.MethodRow;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collapsed stacks in and out, and the bounds of {@link Stacks}. */
class StacksTest {

  private final Frames frames = new Frames(AppPackages.configured(List.of()));

  @TempDir
  Path dir;

  static Stacks read(String collapsed, int maxStacks) throws Exception {
    Stacks stacks = new Stacks(maxStacks, 64);
    CollapsedToStacks.read(new StringReader(collapsed), new Frames(AppPackages.configured(List.of())), false, false, stacks, 64);
    return stacks;
  }

  @Test
  void readsAsyncProfilersOutputAndSkipsAndCountsMalformedLines() throws Exception {
    Stacks stacks = new Stacks(100, 64);
    long malformed = CollapsedToStacks.read(new StringReader(String.join("\n",
        "java/lang/Thread.run_[0];com/example/A.work_[j] 30",
        "java/lang/Thread.run_[0];com/example/A.work_[j];com/example/A.leaf_[i] 12",
        "no count here",
        "java/lang/Thread.run_[0] x7",
        "",
        "java/lang/Thread.run_[0];com/example/A.work_[1] 8")), frames, true, false, stacks, 64);
    assertThat(malformed).isEqualTo(2);
    assertThat(stacks.total()).isEqualTo(50);
    // work_[j] and work_[1] are one method: the same frame.
    assertThat(stacks.distinct()).isEqualTo(2);
    assertThat(stacks.byCount().get(0).count()).isEqualTo(38);
  }

  @Test
  void roundTripsThroughTheCollapsedFile() throws Exception {
    Stacks stacks = read("a/B.c;a/B.d 5\na/B.c 2\na/B.c;x/Y.z;libfoo 9\n", 100);
    Path file = dir.resolve("p.collapsed");
    assertThat(StacksToCollapsed.write(stacks, file, 1 << 20)).isZero();
    assertThat(Files.readAllLines(file))
        .containsExactly("a.B.c;x.Y.z;libfoo 9", "a.B.c;a.B.d 5", "a.B.c 2");
    Stacks again = read(Files.readString(file), 100);
    assertThat(again.total()).isEqualTo(16);
    assertThat(again.distinct()).isEqualTo(3);
  }

  @Test
  void theFileKeepsTheBiggestStacksWithinItsBudget() throws Exception {
    Stacks stacks = read("a.B.c 100\na.B.d 50\na.B.e 1\n", 100);
    Path file = dir.resolve("p.collapsed");
    assertThat(StacksToCollapsed.write(stacks, file, "a.B.c 100\na.B.d 50\n".length())).isEqualTo(1);
    assertThat(Files.readAllLines(file)).containsExactly("a.B.c 100", "a.B.d 50");
  }

  @Test
  void stacksBeyondTheCapCountInTheTotalOnly() throws Exception {
    Stacks stacks = read("a.B.c 1\na.B.d 2\na.B.e 4\na.B.c 8\n", 2);
    assertThat(stacks.distinct()).isEqualTo(2);
    assertThat(stacks.total()).isEqualTo(15);
    assertThat(stacks.droppedStacks()).isEqualTo(1);
    assertThat(stacks.droppedSamples()).isEqualTo(4);
  }

  @Test
  void deepStacksKeepTheirRootMostFrames() throws Exception {
    Stacks stacks = new Stacks(10, 2);
    CollapsedToStacks.read(new StringReader("a.A.a;b.B.b;c.C.c 3\n"), frames, false, false, stacks, 64);
    Stacks.Stack only = stacks.byCount().get(0);
    assertThat(only.frames()).hasSize(2);
    assertThat(stacks.frameOf(only.frames()[1]).name()).isEqualTo("b.B.b");
  }

  @Test
  void hotMethodsBySelfTotalAndAppFrame() throws Exception {
    // Thread.run -> App.handle -> Jdbc.execute (framework) : 60; App.handle self : 30;
    // App.recurse -> App.recurse (recursion) : 10
    Stacks stacks = read(String.join("\n",
        "java.lang.Thread.run;com.app.App.handle;org.h2.Jdbc.execute 60",
        "java.lang.Thread.run;com.app.App.handle 30",
        "java.lang.Thread.run;com.app.App.recurse;com.app.App.recurse 10"), 100);
    List<MethodRow> self = TopMethods.self(stacks, 10);
    assertThat(self.get(0)).isEqualTo(new MethodRow("org.h2.Jdbc.execute", 60L, 0.6, false));
    List<MethodRow> total = TopMethods.total(stacks, 10);
    assertThat(total.get(0)).extracting(MethodRow::method, MethodRow::samples)
        .containsExactly("java.lang.Thread.run", 100L);
    assertThat(total).anySatisfy(r -> assertThat(r).extracting(MethodRow::method, MethodRow::samples)
        .containsExactly("com.app.App.recurse", 10L));
    List<MethodRow> app = TopMethods.app(stacks, 10);
    assertThat(app.get(0)).extracting(MethodRow::method, MethodRow::samples, MethodRow::app)
        .containsExactly("com.app.App.handle", 90L, true);
    assertThat(app.get(1)).extracting(MethodRow::method, MethodRow::samples)
        .containsExactly("com.app.App.recurse", 10L);
    assertThat(TopMethods.self(stacks, 1)).hasSize(1);
  }
}
