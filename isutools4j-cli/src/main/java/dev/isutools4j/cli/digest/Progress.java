package dev.isutools4j.cli.digest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/*
 * The digests read files on their own threads and say nothing while they do, so progress is read
 * from the kernel instead: /proc/self/io's rchar counts every byte this process has read, the
 * log's chunks included (a few KiB of other reads are noise at this scale). Where /proc is
 * missing, only the elapsed time is shown.
 *
 * Whether stderr is a terminal: /proc/self/fd/2 links to /dev/pts/N or /dev/ttyN. System.console()
 * is no help on JDK 17: it is null as soon as stdout is redirected, which is exactly the case
 * where a progress bar on stderr is wanted (alp ... > out.txt).
 */

/** A progress bar on stderr while a large input is read. */
final class Progress implements AutoCloseable {

  /** Inputs smaller than this are read too fast to need a bar. */
  static final long MIN_BYTES = 8L << 20;
  private static final Path IO = Path.of("/proc/self/io");
  private static final int WIDTH = 30;
  private static final long TICK_MS = 200;

  private final PrintStream err;
  private final long total;
  private final long base;
  private final long started = System.nanoTime();
  private final Thread thread;
  private volatile boolean done;

  private Progress(PrintStream err, long total) {
    this.err = err;
    this.total = total;
    this.base = readBytes();
    this.thread = new Thread(this::loop, "isutools-progress");
    thread.setDaemon(true);
  }

  /** Whether a bar is shown: forced on or off, else for large inputs when stderr is a terminal. */
  static boolean wanted(Boolean option, long bytes) {
    if (option != null) {
      return option;
    }
    return bytes >= MIN_BYTES && stderrIsTerminal();
  }

  /** A started bar, or a no-op when not {@code wanted}. */
  static AutoCloseable start(boolean wanted, PrintStream err, long total) {
    if (!wanted) {
      return () -> {};
    }
    Progress p = new Progress(err, total);
    p.thread.start();
    return p;
  }

  static boolean stderrIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return System.console() != null;
    }
  }

  private void loop() {
    while (!done) {
      draw();
      try {
        Thread.sleep(TICK_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private synchronized void draw() {
    if (done) {
      return;
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    long read = base < 0 ? -1 : readBytes() - base;
    StringBuilder line = new StringBuilder("\r");
    if (read < 0 || total <= 0) {
      line.append(String.format(Locale.ROOT, "reading %s … %.1f s", mib(total), seconds));
    } else {
      double share = Math.min(0.999, (double) read / total);
      int filled = (int) (share * WIDTH);
      line.append('[').append("#".repeat(filled)).append(" ".repeat(WIDTH - filled)).append("] ")
          .append(String.format(Locale.ROOT, "%3d%% %s / %s  %.1f s", (int) (share * 100),
              mib(Math.min(read, total)), mib(total), seconds));
    }
    err.print(line);
    err.flush();
  }

  @Override
  public synchronized void close() {
    done = true;
    thread.interrupt();
    err.print("\r" + " ".repeat(WIDTH + 40) + "\r");
    err.flush();
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }

  /** rchar of /proc/self/io, or -1. */
  private static long readBytes() {
    try {
      List<String> lines = Files.readAllLines(IO);
      for (String l : lines) {
        if (l.startsWith("rchar:")) {
          return Long.parseLong(l.substring(6).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
