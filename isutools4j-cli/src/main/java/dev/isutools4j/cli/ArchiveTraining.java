package dev.isutools4j.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The training run the build makes the class-data archive with: several command lines, separated
 * by {@code --}, in one JVM, so that one archive holds the classes of each ({@code slp}, {@code alp
 * combined}, {@code alp ltsv}). A JVM writes its archive once, at exit.
 */
public final class ArchiveTraining {

  private ArchiveTraining() {}

  public static void main(String[] args) {
    int failed = 0;
    for (String[] line : split(args)) {
      if (Main.execute(line) != 0) {
        System.err.println("training: " + String.join(" ", line) + " failed");
        failed++;
      }
    }
    System.exit(failed == 0 ? 0 : 1);
  }

  static List<String[]> split(String[] args) {
    List<String[]> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= args.length; i++) {
      if (i == args.length || args[i].equals("--")) {
        if (i > start) {
          lines.add(Arrays.copyOfRange(args, start, i));
        }
        start = i + 1;
      }
    }
    return lines;
  }
}
