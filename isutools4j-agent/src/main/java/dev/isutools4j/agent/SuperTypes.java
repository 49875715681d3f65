package dev.isutools4j.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which of the instrumented interfaces (JDBC's, the servlet APIs' filter chains) a class
 * implements, found from class file headers alone and remembered as a few bits per type name and
 * class loader.
 *
 * <p>Why remembered bits: a matcher per interface that walks every loaded class's whole hierarchy
 * through a type pool reads and fully parses each super type's class file again for every subclass
 * (the JVM has not loaded the super types yet when it hands a class to the agent); on a Spring Boot
 * app's start that was most of the agent's cost. Here a type's bits are its own name's bit or-ed
 * with its super class's and interfaces' bits, read from the constant pool and header only ({@link
 * ClassHeader}) and remembered, so a common base class or interface is read once, and one walk
 * serves all the interfaces.
 *
 * <p>Bounded: at most {@link #MAX_LOADERS} class loaders (weakly held: the remembered names hold no
 * reference to their loader) and {@link #MAX_NAMES} names per loader; a full loader's names are
 * forgotten and found again, a loader beyond the limit is walked without remembering.
 */
final class SuperTypes {

  static final int MAX_LOADERS = 1024;
  static final int MAX_NAMES = 1 << 16;
  /** Deeper than any real hierarchy: a malformed one ends here instead of in a stack overflow. */
  private static final int MAX_DEPTH = 64;

  /** The interfaces' internal names ({@code java/sql/Statement}); the i-th is bit {@code 1 << i}. */
  private final List<String> interfaces;
  private final int maxNames;
  private final WeakIdentityTable<ConcurrentHashMap<String, Integer>> byLoader =
      new WeakIdentityTable<>(MAX_LOADERS);
  private final ConcurrentHashMap<String, Integer> bootstrap = new ConcurrentHashMap<>();

  /** @param interfaces the interfaces' names ({@code java.sql.Statement}), at most 31 */
  SuperTypes(List<String> interfaces) {
    this(interfaces, MAX_NAMES);
  }

  SuperTypes(List<String> interfaces, int maxNames) {
    if (interfaces.size() > 31) {
      throw new IllegalArgumentException("at most 31 interfaces: " + interfaces.size());
    }
    List<String> internal = new ArrayList<>();
    for (String name : interfaces) {
      internal.add(name.replace('.', '/'));
    }
    this.interfaces = List.copyOf(internal);
    this.maxNames = maxNames;
  }

  /** The bits of a class being defined from {@code classFile}, its super types read through its loader. */
  int ofClassFile(String internalName, byte[] classFile, ClassLoader loader) {
    return bits(internalName, classFile, loader, names(loader), 0);
  }

  /** The bits of the type named {@code internalName}, its class file read through {@code loader}. */
  int of(String internalName, ClassLoader loader) {
    return bits(internalName, null, loader, names(loader), 0);
  }

  /** The bits of a class already loaded, by reflection. */
  int of(Class<?> type) {
    int bits = bit(type.getName().replace('.', '/'));
    Class<?> parent = type.getSuperclass();
    if (parent != null) {
      bits |= of(parent);
    }
    for (Class<?> implemented : type.getInterfaces()) {
      bits |= of(implemented);
    }
    return bits;
  }

  /** How many names are remembered for {@code loader} (null: the bootstrap loader). */
  int remembered(ClassLoader loader) {
    ConcurrentHashMap<String, Integer> names = existing(loader);
    return names == null ? 0 : names.size();
  }

  private int bits(String name, byte[] classFile, ClassLoader loader,
      ConcurrentHashMap<String, Integer> names, int depth) {
    Integer known = names == null ? null : names.get(name);
    if (known != null) {
      return known;
    }
    int bits = bit(name);
    byte[] file = classFile != null ? classFile : depth < MAX_DEPTH ? read(loader, name) : null;
    if (file != null) {
      try {
        ClassHeader header = ClassHeader.read(file);
        if (header.superName() != null) {
          bits |= bits(header.superName(), null, loader, names, depth + 1);
        }
        for (String implemented : header.interfaces()) {
          bits |= bits(implemented, null, loader, names, depth + 1);
        }
      } catch (IllegalArgumentException notAClassFile) {
        // Not what the JVM would define either: it implements nothing the agent instruments.
      }
    }
    // A type whose class file is not there adds nothing: the JVM refuses a class whose super type
    // is missing, and what it would implement through it cannot be instrumented.
    if (names != null) {
      if (names.size() >= maxNames) {
        names.clear();
      }
      names.put(name, bits);
    }
    return bits;
  }

  private static byte[] read(ClassLoader loader, String name) {
    String file = name + ".class";
    ClassLoader from = loader != null ? loader : ClassLoader.getPlatformClassLoader();
    try (InputStream in = from.getResourceAsStream(file)) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException | RuntimeException unreadable) {
      return null;
    }
  }

  private int bit(String internalName) {
    int index = interfaces.indexOf(internalName);
    return index < 0 ? 0 : 1 << index;
  }

  private ConcurrentHashMap<String, Integer> names(ClassLoader loader) {
    ConcurrentHashMap<String, Integer> names = existing(loader);
    if (names == null) {
      ConcurrentHashMap<String, Integer> fresh = new ConcurrentHashMap<>();
      // Two threads may both put: the later map wins, the earlier's names are found again.
      names = byLoader.put(loader, fresh) ? fresh : null;
    }
    return names;
  }

  private ConcurrentHashMap<String, Integer> existing(ClassLoader loader) {
    return loader == null ? bootstrap : byLoader.get(loader, new WeakIdentityTable.Probe());
  }
}
