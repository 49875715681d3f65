package dev.isutools4j.internal.collect.machine;

/** The lines of {@code /proc/meminfo} the sampler shows, in bytes ({@code -1} when absent). */
record MemInfo(long total, long available, long cached, long dirty, long swapTotal, long swapFree) {

  static MemInfo parse(TextCursor text) {
    long total = -1;
    long free = -1;
    long available = -1;
    long buffers = 0;
    long cached = -1;
    long dirty = -1;
    long swapTotal = -1;
    long swapFree = -1;
    while (!text.atEnd()) {
      if (text.startsWith("MemTotal:")) {
        total = kib(text);
      } else if (text.startsWith("MemFree:")) {
        free = kib(text);
      } else if (text.startsWith("MemAvailable:")) {
        available = kib(text);
      } else if (text.startsWith("Buffers:")) {
        buffers = kib(text);
      } else if (text.startsWith("Cached:")) {
        cached = kib(text);
      } else if (text.startsWith("Dirty:")) {
        dirty = kib(text);
      } else if (text.startsWith("SwapTotal:")) {
        swapTotal = kib(text);
      } else if (text.startsWith("SwapFree:")) {
        swapFree = kib(text);
      }
      text.nextLine();
    }
    if (available < 0 && free >= 0) {
      available = free + buffers + Math.max(cached, 0); // kernels before 3.14 have no MemAvailable
    }
    return new MemInfo(total, available, cached, dirty, swapTotal, swapFree);
  }

  long used() {
    return total < 0 || available < 0 ? -1 : total - available;
  }

  long swapUsed() {
    return swapTotal < 0 || swapFree < 0 ? -1 : swapTotal - swapFree;
  }

  private static long kib(TextCursor text) {
    long value = text.skipToken().nextLong();
    return value == TextCursor.MISSING ? -1 : value * 1024;
  }
}
