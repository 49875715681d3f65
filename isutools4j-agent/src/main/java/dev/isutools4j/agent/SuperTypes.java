package dev.isutools4j.agent;

import java.security.ProtectionDomain;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.utility.JavaModule;

/**
 * Which of the instrumented interfaces (JDBC's, the servlet APIs' filter chains) a class being
 * loaded implements, found once per type name and class loader and kept as a few bits.
 *
 * <p>Why not Byte Buddy's {@code hasSuperType}: each of the agent's six interface matchers walked
 * every loaded class's whole hierarchy, and the type pool read and parsed each super type's class
 * file again for every subclass (the JVM has not loaded the super types yet when it hands a class
 * to the agent). On a Spring Boot app's start that was most of the agent's cost. Here a type's
 * bits are its own name's bit or-ed with its super class's and interfaces' bits, each remembered,
 * so a common base class or interface is read once, and the six matchers share one walk.
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

  private final List<String> interfaces;
  private final int maxNames;
  private final WeakIdentityTable<ConcurrentHashMap<String, Integer>> byLoader =
      new WeakIdentityTable<>(MAX_LOADERS);
  private final ConcurrentHashMap<String, Integer> bootstrap = new ConcurrentHashMap<>();

  /** @param interfaces the interfaces' names; the i-th is bit {@code 1 << i} (at most 31) */
  SuperTypes(List<String> interfaces) {
    this(interfaces, MAX_NAMES);
  }

  SuperTypes(List<String> interfaces, int maxNames) {
    if (interfaces.size() > 31) {
      throw new IllegalArgumentException("at most 31 interfaces: " + interfaces.size());
    }
    this.interfaces = List.copyOf(interfaces);
    this.maxNames = maxNames;
  }

  /** A matcher of the classes (not interfaces) that implement {@code name}, one of this table's. */
  AgentBuilder.RawMatcher implementing(String name) {
    int bit = bit(name);
    if (bit == 0) {
      throw new IllegalArgumentException("not one of " + interfaces + ": " + name);
    }
    return new Implementing(bit);
  }

  /** The bits of the instrumented interfaces {@code type} is or implements, as its loader sees it. */
  int of(TypeDescription type, ClassLoader loader) {
    return bits(type, names(loader), 0);
  }

  /** How many names are remembered for {@code loader} (null: the bootstrap loader). */
  int remembered(ClassLoader loader) {
    ConcurrentHashMap<String, Integer> names = existing(loader);
    return names == null ? 0 : names.size();
  }

  private int bits(TypeDefinition type, ConcurrentHashMap<String, Integer> names, int depth) {
    String name = type.asErasure().getName();
    Integer known = names == null ? null : names.get(name);
    if (known != null) {
      return known;
    }
    int bits = bit(name);
    if (depth < MAX_DEPTH) {
      try {
        TypeDescription.Generic parent = type.getSuperClass();
        if (parent != null) {
          bits |= bits(parent.asErasure(), names, depth + 1);
        }
        for (TypeDescription implemented : type.getInterfaces().asErasures()) {
          bits |= bits(implemented, names, depth + 1);
        }
      } catch (RuntimeException unresolvable) {
        // A super type whose class file is not there: the JVM will refuse the class anyway, and
        // what it implements through the missing type cannot be instrumented.
      }
    }
    if (names != null) {
      if (names.size() >= maxNames) {
        names.clear();
      }
      names.put(name, bits);
    }
    return bits;
  }

  private int bit(String name) {
    int index = interfaces.indexOf(name);
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

  /** Byte Buddy's view of a class being loaded, matched by the bits of its loader's view. */
  private final class Implementing implements AgentBuilder.RawMatcher {
    private final int bit;

    Implementing(int bit) {
      this.bit = bit;
    }

    @Override
    public boolean matches(TypeDescription type, ClassLoader loader, JavaModule module,
        Class<?> classBeingRedefined, ProtectionDomain protectionDomain) {
      return !type.isInterface() && (of(type, loader) & bit) != 0;
    }
  }
}
