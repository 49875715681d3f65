package dev.isutools4j.internal.collect.profile;

/** What a flame graph frame is, by the letter the profile section writes for it. */
enum FrameKind {
  ROOT('r'),
  /** Java code of the app itself. */
  APP('a'),
  /** Java code of the JDK or a framework. */
  FRAMEWORK('f'),
  /** Native code: the JVM, libc, JNI libraries. */
  NATIVE('n'),
  KERNEL('k');

  final char letter;

  FrameKind(char letter) {
    this.letter = letter;
  }
}
