package dev.isutools4j.internal.digest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Reads a log into a {@link LinePartial}: a file range split into parts read by several threads
 * (daemons named {@code isutools-logs-N}) and merged in file order, or a stream on the caller's
 * thread. Each thread has its own reader buffer and its own partial, so memory is bounded by the
 * thread count, never by the log's size.
 */
public final class LogReading {

  /** Parts smaller than this are not worth a thread of their own. */
  static final long MIN_PART = 4L << 20;
  private static final AtomicInteger THREADS = new AtomicInteger();

  private LogReading() {}

  /**
   * Reads {@code range} with up to {@code threads} threads.
   *
   * @param boundary where a part may start (a record's first line)
   * @param partials a fresh partial per part
   */
  public static <P extends LinePartial<P>> P read(LogRange range, int threads, int maxLine,
      RecordBoundary boundary, Supplier<P> partials) throws IOException {
    return read(range, threads, maxLine, boundary, partials, MIN_PART);
  }

  static <P extends LinePartial<P>> P read(LogRange range, int threads, int maxLine,
      RecordBoundary boundary, Supplier<P> partials, long minPart) throws IOException {
    try (FileChannel file = FileChannel.open(range.file(), StandardOpenOption.READ)) {
      long to = Math.min(range.to(), file.size());
      long from = Math.min(range.from(), to);
      List<long[]> parts = Chunks.split(file, from, to, Math.max(1, threads), minPart, boundary);
      List<P> results = new ArrayList<>(parts.size());
      long[] lines = new long[parts.size()];
      for (int i = 0; i < parts.size(); i++) {
        results.add(partials.get());
      }
      List<Thread> workers = new ArrayList<>();
      IOException[] failure = new IOException[1];
      Throwable[] crash = new Throwable[1];
      for (int i = 1; i < parts.size(); i++) {
        int k = i;
        Thread t = new Thread(() -> {
          try {
            lines[k] = new LineReader(maxLine).read(file, parts.get(k)[0], parts.get(k)[1], results.get(k));
          } catch (IOException e) {
            synchronized (failure) {
              failure[0] = e;
            }
          } catch (Throwable e) {
            synchronized (failure) {
              crash[0] = e;
            }
          }
        }, "isutools-logs-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        t.start();
        workers.add(t);
      }
      lines[0] = new LineReader(maxLine).read(file, parts.get(0)[0], parts.get(0)[1], results.get(0));
      for (Thread t : workers) {
        join(t);
      }
      synchronized (failure) {
        if (failure[0] != null) {
          throw failure[0];
        }
        if (crash[0] instanceof RuntimeException e) {
          throw e;
        }
        if (crash[0] != null) {
          throw new IllegalStateException("a log reading thread failed", crash[0]);
        }
      }
      for (P part : results) {
        part.finish();
      }
      P merged = results.get(0);
      long before = lines[0];
      for (int i = 1; i < results.size(); i++) {
        merged.merge(results.get(i), before);
        before += lines[i];
      }
      return merged;
    }
  }

  /** Reads {@code in} to its end on the caller's thread. */
  public static <P extends LinePartial<P>> P read(InputStream in, int maxLine, P partial) throws IOException {
    new LineReader(maxLine).read(in, 0, partial);
    partial.finish();
    return partial;
  }

  private static void join(Thread t) {
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true; // the part must finish: its partial is merged below
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
