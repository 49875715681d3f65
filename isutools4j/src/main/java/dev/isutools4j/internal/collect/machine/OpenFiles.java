package dev.isutools4j.internal.collect.machine;

/** This JVM's open file descriptors ({@code /proc/self/fd}) and its limit ({@code /proc/self/limits}). */
final class OpenFiles {

  private OpenFiles() {}

  /** How many descriptors are open, or -1 when the directory cannot be listed. */
  static int count(ProcFiles files) {
    if (!files.exists("/proc/self/fd")) {
      return -1;
    }
    return files.list("/proc/self/fd").length;
  }

  /** The soft "Max open files" limit; null when unlimited or unknown. */
  static Long limit(ProcFiles files) {
    TextCursor text = files.read("/proc/self/limits", 16 * 1024);
    if (text == null) {
      return null;
    }
    while (!text.atEnd()) {
      if (text.startsWith("Max open files")) {
        text.skipTokens(3);
        long soft = text.nextLong();
        return soft == TextCursor.MISSING ? null : soft;
      }
      text.nextLine();
    }
    return null;
  }
}
