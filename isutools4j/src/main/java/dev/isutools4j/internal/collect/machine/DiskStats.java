package dev.isutools4j.internal.collect.machine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Whole disks from {@code /proc/diskstats}: partitions, RAM disks, loop and zram devices left out.
 * Lines have 14 fields (kernels before 4.18), 18 (with discards) or 20 (with flushes); the sampler
 * needs only the first 14. A sector here is always 512 bytes, whatever the disk's own.
 */
final class DiskStats {

  static final int SECTOR = 512;

  /** One disk's totals since boot. */
  record Disk(String name, long readBytes, long writtenBytes, long busyMillis) {

    /** A device stacked on others (device mapper, software RAID): its I/O is theirs already. */
    boolean stacked() {
      return name.startsWith("dm-") || name.startsWith("md");
    }
  }

  // Without /sys/block, the usual partition names: sda1, vdb2, xvda1, nvme0n1p1, mmcblk0p1.
  private static final Pattern PARTITION =
      Pattern.compile("(?:[shv]d[a-z]+|xvd[a-z]+)[0-9]+|(?:nvme[0-9]+n[0-9]+|mmcblk[0-9]+)p[0-9]+");

  private final ProcFiles files;
  private final boolean sysBlock;
  private final Map<String, Boolean> whole = new HashMap<>();

  DiskStats(ProcFiles files) {
    this.files = files;
    this.sysBlock = files.exists("/sys/block");
  }

  List<Disk> read() {
    TextCursor text = files.read("/proc/diskstats", 1 << 20);
    return text == null ? List.of() : parse(text);
  }

  List<Disk> parse(TextCursor text) {
    List<Disk> out = new ArrayList<>();
    while (!text.atEnd()) {
      int lineEnd = text.lineEnd();
      text.nextLong(); // major
      text.nextLong(); // minor
      String name = text.token();
      long[] f = new long[11];
      int n = 0;
      while (n < f.length) {
        long v = text.nextLong();
        if (v == TextCursor.MISSING) {
          break;
        }
        f[n++] = v;
      }
      // reads merged sectors ms writes merged sectors ms in-flight io-ticks weighted
      if (name != null && n == f.length && wholeDisk(name)) {
        out.add(new Disk(name, f[2] * SECTOR, f[6] * SECTOR, f[9]));
      }
      text.position(lineEnd);
      text.nextLine();
    }
    return out;
  }

  private boolean wholeDisk(String name) {
    Boolean known = whole.get(name);
    if (known == null) {
      known = !name.startsWith("ram") && !name.startsWith("loop") && !name.startsWith("zram")
          && (sysBlock ? files.exists("/sys/block/" + name.replace('/', '!'))
              : !PARTITION.matcher(name).matches());
      whole.put(name, known);
    }
    return known;
  }
}
