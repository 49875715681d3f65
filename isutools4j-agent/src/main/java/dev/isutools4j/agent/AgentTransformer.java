package dev.isutools4j.agent;

import dev.isutools4j.internal.health.Health;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * The agent's class file transformer: a class reaches ASM only when its name is one the agent
 * instruments ({@link Hooks#NAMED}) or its header says it implements one of the instrumented
 * interfaces ({@link SuperTypes}); every other class (nearly all of an app's) costs a look at its
 * constant pool and the remembered bits of its super types. A class that does is read, its
 * instrumented methods woven ({@link ClassWeaver}) and the rest copied as they are.
 *
 * <p>Hooks change no class's format, so the classes loaded before the agent are retransformed too
 * ({@link #install}); statement and result set classes loaded after it also get one field ({@link
 * InjectedFields}). It never throws: a class it cannot instrument runs as it is, counted in
 * {@link Health}, and the first is logged.
 */
final class AgentTransformer implements ClassFileTransformer {

  private static final System.Logger LOG = System.getLogger("isutools4j");

  private final SuperTypes superTypes = new SuperTypes(Hooks.INTERFACES);
  private final AtomicBoolean logged = new AtomicBoolean();
  private final LongAdder failed = new LongAdder();
  private final LongAdder transformed = new LongAdder();

  /** Adds a transformer to {@code inst} and retransforms the instrumented classes loaded already. */
  static AgentTransformer install(Instrumentation inst) {
    AgentTransformer transformer = new AgentTransformer();
    inst.addTransformer(transformer, true);
    transformer.retransformLoaded(inst);
    return transformer;
  }

  @Override
  public byte[] transform(Module module, ClassLoader loader, String name, Class<?> beingRedefined,
      ProtectionDomain domain, byte[] classFile) {
    try {
      int bits = kinds(loader, name, beingRedefined, classFile);
      return bits < 0 ? null : weave(module, loader, name, beingRedefined, classFile, bits);
    } catch (Throwable t) {
      failed(name, t);
      return null;
    }
  }

  /** The class's kinds ({@link Hooks}' bits), 0 for one instrumented by name, -1 for one left alone. */
  int kinds(ClassLoader loader, String name, Class<?> beingRedefined, byte[] classFile) {
    if (name == null) {
      return -1;
    }
    if (Hooks.NAMED.contains(name)) {
      return 0;
    }
    if (Hooks.ignoredName(name)) {
      return -1;
    }
    int bits;
    try {
      bits = beingRedefined != null ? superTypes.of(beingRedefined)
          : superTypes.ofClassFile(name, classFile, loader);
    } catch (RuntimeException | LinkageError unreadable) {
      return -1; // not what the JVM would define either
    }
    return (bits & Hooks.INSTRUMENTED) != 0 ? bits : -1;
  }

  private byte[] weave(Module module, ClassLoader loader, String name, Class<?> beingRedefined,
      byte[] classFile, int bits) {
    ClassReader reader = new ClassReader(classFile);
    int access = reader.getAccess();
    if ((access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_SYNTHETIC)) != 0) {
      return null;
    }
    // The hooks name the agent's bridges, except the JDK server's, which reaches them by reflection.
    if (!Hooks.JDK_SERVERS.contains(name) && !InjectedFields.sees(loader, JdbcBridge.class)) {
      return null;
    }
    boolean statement = (bits & Hooks.STATEMENT_BIT) != 0;
    boolean resultSet = (bits & Hooks.RESULT_SET_BIT) != 0;
    // One field holds a statement's shape or a result set's counting thread: a class that is both keeps the tables.
    boolean field = beingRedefined == null && statement != resultSet
        && InjectedFields.addable(access, bits, module, loader);
    ClassWriter writer = new ClassWriter(reader, 0);
    ClassWeaver weaver = new ClassWeaver(writer,
        (owner, methodAccess, method, descriptor) -> Hooks.of(bits, owner, methodAccess, method, descriptor),
        field);
    reader.accept(weaver, ClassReader.EXPAND_FRAMES);
    if (!weaver.changed()) {
      return null;
    }
    byte[] woven = writer.toByteArray();
    transformed.increment();
    return woven;
  }

  /** Retransforms the instrumented classes already loaded: all at once, else one by one. */
  void retransformLoaded(Instrumentation inst) {
    List<Class<?>> wanted = new ArrayList<>();
    for (Class<?> type : inst.getAllLoadedClasses()) {
      try {
        if (inst.isModifiableClass(type) && !type.isInterface() && !type.isArray()
            && !type.isHidden() && kinds(type.getClassLoader(), internalName(type), type, null) >= 0) {
          wanted.add(type);
        }
      } catch (Throwable t) {
        failed(type.getName(), t);
      }
    }
    if (wanted.isEmpty()) {
      return;
    }
    try {
      inst.retransformClasses(wanted.toArray(new Class<?>[0]));
    } catch (Throwable all) {
      for (Class<?> type : wanted) {
        try {
          inst.retransformClasses(type);
        } catch (Throwable t) {
          failed(type.getName(), t);
        }
      }
    }
  }

  private static String internalName(Class<?> type) {
    return type.getName().replace('.', '/');
  }

  void failed(String internalName, Throwable error) {
    String name = internalName == null ? "a class without a name" : internalName.replace('/', '.');
    failed.increment();
    Health.failed("agent: instrument " + name, error);
    if (logged.compareAndSet(false, true)) {
      LOG.log(System.Logger.Level.WARNING, "isutools4j agent: could not instrument " + name
          + "; it runs unmeasured (further failures are counted on the health line)", error);
    }
  }

  long failures() {
    return failed.sum();
  }

  long transformations() {
    return transformed.sum();
  }
}
