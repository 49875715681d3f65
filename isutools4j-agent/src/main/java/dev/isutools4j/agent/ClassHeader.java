package dev.isutools4j.agent;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A class file's super class and interfaces, read from its constant pool and header alone: the
 * few microseconds it takes to skip the pool, where a full parse reads every method too.
 *
 * @param superName the super class's internal name ({@code java/lang/Object}), null for Object
 *     itself and module-info
 * @param interfaces the directly implemented interfaces' internal names
 */
record ClassHeader(String superName, List<String> interfaces) {

  private static final int MAGIC = 0xCAFEBABE;

  /** The header of {@code classFile}; an {@link IllegalArgumentException} if it is none. */
  static ClassHeader read(byte[] classFile) {
    try {
      return parse(classFile);
    } catch (ArrayIndexOutOfBoundsException truncated) {
      throw new IllegalArgumentException("a truncated class file", truncated);
    }
  }

  private static ClassHeader parse(byte[] b) {
    if (u4(b, 0) != MAGIC) {
      throw new IllegalArgumentException("not a class file");
    }
    int count = u2(b, 8);
    // Where each constant starts: only Class entries and the UTF-8 names they point to are read.
    int[] offsets = new int[count];
    int at = 10;
    for (int i = 1; i < count; i++) {
      offsets[i] = at;
      int tag = b[at] & 0xFF;
      switch (tag) {
        case 1 -> at += 3 + u2(b, at + 1); // Utf8
        case 3, 4 -> at += 5; // Integer, Float
        case 5, 6 -> { // Long, Double take two slots
          at += 9;
          i++;
        }
        case 7, 8, 16, 19, 20 -> at += 3; // Class, String, MethodType, Module, Package
        case 9, 10, 11, 12, 17, 18 -> at += 5; // refs, NameAndType, Dynamic, InvokeDynamic
        case 15 -> at += 4; // MethodHandle
        default -> throw new IllegalArgumentException("constant pool tag " + tag + " at " + at);
      }
    }
    at += 4; // access flags, this class
    String superName = className(b, offsets, u2(b, at));
    int interfaceCount = u2(b, at + 2);
    List<String> interfaces = new ArrayList<>(interfaceCount);
    for (int i = 0; i < interfaceCount; i++) {
      interfaces.add(className(b, offsets, u2(b, at + 4 + 2 * i)));
    }
    return new ClassHeader(superName, interfaces);
  }

  /** The name of Class constant {@code index}, or null for index 0 (no super class). */
  private static String className(byte[] b, int[] offsets, int index) {
    if (index == 0) {
      return null;
    }
    int classEntry = offsets[index];
    if ((b[classEntry] & 0xFF) != 7) {
      throw new IllegalArgumentException("constant " + index + " is no class");
    }
    int utf8 = offsets[u2(b, classEntry + 1)];
    if ((b[utf8] & 0xFF) != 1) {
      throw new IllegalArgumentException("a class's name is no UTF-8 constant");
    }
    // Modified UTF-8 differs from UTF-8 only in NUL and supplementary characters, never in names
    // a class loader accepts.
    return new String(b, utf8 + 3, u2(b, utf8 + 1), StandardCharsets.UTF_8);
  }

  private static int u2(byte[] b, int at) {
    return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
  }

  private static int u4(byte[] b, int at) {
    return (u2(b, at) << 16) | u2(b, at + 2);
  }
}
