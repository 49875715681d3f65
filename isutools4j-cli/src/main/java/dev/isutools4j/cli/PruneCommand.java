package dev.isutools4j.cli;

import dev.isutools4j.internal.store.RunStore;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Frees space in a history directory: older runs lose their bulky artifacts, never their JSON. */
@Command(name = "prune", mixinStandardHelpOptions = true,
    description = "Remove the pages and artifact folders of older runs; every run's JSON is kept.")
final class PruneCommand implements Callable<Integer> {

  @Option(names = "--dir", required = true, description = "the history directory")
  Path dir;

  @Option(names = "--keep", paramLabel = "N", description = "the newest N runs keep their artifacts")
  Integer keep;

  @Option(names = "--max-size", paramLabel = "SIZE",
      description = "the size the directory may take, e.g. 500M, 2G (bytes without a suffix)")
  String maxSize;

  PrintStream out = System.out;
  PrintStream err = System.err;

  @Override
  public Integer call() throws Exception {
    if (keep == null && maxSize == null) {
      err.println("isutools4j prune: give --keep N, --max-size SIZE, or both");
      return 2;
    }
    if (keep != null && keep < 0) {
      err.println("isutools4j prune: --keep must be 0 or more");
      return 2;
    }
    long limit;
    try {
      limit = maxSize == null ? Long.MAX_VALUE : parseSize(maxSize);
    } catch (IllegalArgumentException e) {
      err.println("isutools4j prune: " + e.getMessage());
      return 2;
    }
    if (!Files.isDirectory(dir)) {
      err.println("isutools4j prune: no such directory: " + dir);
      return 2;
    }
    RunStore.Pruned pruned = new RunStore(dir).prune(keep == null ? Integer.MAX_VALUE : keep, limit);
    for (Path removed : pruned.removed()) {
      out.println("removed " + removed);
    }
    out.println(pruned.removed().isEmpty() ? "nothing to remove"
        : "removed " + pruned.removed().size() + " artifacts, " + human(pruned.bytes()));
    return 0;
  }

  /** Bytes from {@code 123}, {@code 10k}, {@code 500M}, {@code 2G}, {@code 1T} (powers of 1024). */
  static long parseSize(String text) {
    String s = text.trim().toUpperCase(Locale.ROOT);
    if (s.endsWith("IB")) {
      s = s.substring(0, s.length() - 2);
    } else if (s.endsWith("B")) {
      s = s.substring(0, s.length() - 1);
    }
    long unit = 1;
    if (!s.isEmpty()) {
      int shift = "KMGT".indexOf(s.charAt(s.length() - 1));
      if (shift >= 0) {
        unit = 1L << (10 * (shift + 1));
        s = s.substring(0, s.length() - 1);
      }
    }
    try {
      double value = Double.parseDouble(s.trim());
      if (value < 0 || Double.isNaN(value)) {
        throw new NumberFormatException();
      }
      return (long) Math.min(Long.MAX_VALUE, value * unit);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--max-size is not a size: " + text + " (e.g. 500M, 2G)");
    }
  }

  private static String human(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    int exp = (int) (Math.log(bytes) / Math.log(1024));
    return String.format(Locale.ROOT, "%.1f %sB", bytes / Math.pow(1024, exp), "KMGTPE".charAt(exp - 1));
  }
}
