package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sample's rows are the processes a stable sort by CPU would put among the top ones (with some
 * CPU), and the kept ones (this JVM, watched names), most CPU first: checked against that sort
 * over random process tables, many ties and idle processes among them.
 */
class ProcessesTopTest {

  private static final int SELF = 1000;
  private static final Set<String> WATCHED = Set.of("mysqld", "nginx");

  @TempDir
  Path root;

  @RepeatedTest(200)
  void rowsAreWhatSortingEveryProcessByCpuWouldKeep(RepetitionInfo repetition) throws IOException {
    Random random = new Random(repetition.getCurrentRepetition());
    int count = 1 + random.nextInt(40);
    List<Integer> pids = new ArrayList<>();
    pids.add(SELF);
    for (int i = 0; i < count; i++) {
      pids.add(2000 + i);
    }
    String[] names = new String[pids.size()];
    long[] before = new long[pids.size()];
    long[] after = new long[pids.size()];
    for (int i = 0; i < pids.size(); i++) {
      int kind = random.nextInt(10);
      names[i] = kind == 0 ? "mysqld" : kind == 1 ? "nginx" : "p" + i;
      before[i] = random.nextInt(1000);
      after[i] = before[i] + (random.nextInt(3) == 0 ? 0 : random.nextInt(5)); // ties and idle
    }
    Processes processes = new Processes(new ProcFiles(root), SELF, 4096, WATCHED);
    write(pids, names, before, 0);
    processes.sample(Double.NaN);
    write(pids, names, after, 100);

    List<Processes.Row> rows = processes.sample(100);

    assertThat(rows).extracting(Processes.Row::pid)
        .containsExactlyElementsOf(expected(rows, pids, names, before, after));
  }

  /** The old way: every process sorted by CPU, stable, then filtered. */
  private static List<Long> expected(List<Processes.Row> rows, List<Integer> pids, String[] names,
      long[] before, long[] after) {
    // The iteration order that ties keep is the table's; rows carry it for the tied ones only, so
    // the reference breaks ties the same way: by the order the rows list them, then by pid.
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < pids.size(); i++) {
      order.add(i);
    }
    List<Long> rowPids = rows.stream().map(Processes.Row::pid).toList();
    order.sort(Comparator.comparingDouble((Integer i) -> -(after[i] - before[i]))
        .thenComparingInt(i -> rowPids.contains((long) pids.get(i)) ? rowPids.indexOf((long) pids.get(i)) : Integer.MAX_VALUE));
    List<Long> out = new ArrayList<>();
    for (int rank = 0; rank < order.size(); rank++) {
      int i = order.get(rank);
      boolean kept = pids.get(i) == SELF || WATCHED.contains(names[i]);
      if ((rank < Processes.TOP && after[i] > before[i]) || kept) {
        out.add((long) pids.get(i));
      }
    }
    return out;
  }

  private void write(List<Integer> pids, String[] names, long[] ticks, long cpuTicks)
      throws IOException {
    Path proc = Files.createDirectories(root.resolve("proc"));
    Files.writeString(proc.resolve("stat"), "cpu  " + cpuTicks + " 0 0 0 0 0 0 0 0 0\n");
    for (int i = 0; i < pids.size(); i++) {
      Path dir = Files.createDirectories(proc.resolve(String.valueOf(pids.get(i))));
      Files.writeString(dir.resolve("stat"), pids.get(i) + " (" + names[i] + ") S 1 1 1 0 -1 0 0 0 0 0 "
          + ticks[i] + " 0 0 0 20 0 1 0 500 1000000 100 0\n");
    }
  }
}
