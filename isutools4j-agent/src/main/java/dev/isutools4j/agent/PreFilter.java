package dev.isutools4j.agent;

import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.Iterator;
import java.util.Set;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.utility.JavaModule;

/**
 * In front of Byte Buddy's transformer: a class being loaded reaches it only when its name is one
 * the agent instruments or its header says it implements one of the instrumented interfaces. Every
 * other class (nearly all of an app's) costs a look at its constant pool and the remembered bits of
 * its super types, instead of a type pool, a type description and seven matchers.
 *
 * <p>Byte Buddy still judges what passes, with the same matchers, so this only ever lets through
 * more than is instrumented, never less. Classes already loaded, retransformed at the agent's start,
 * and classes without a name go to Byte Buddy as they are.
 */
final class PreFilter extends ResettableClassFileTransformer.AbstractBase {

  private final ResettableClassFileTransformer byteBuddy;
  private final SuperTypes superTypes;
  /** Internal names instrumented by name, not by what they implement. */
  private final Set<String> named;
  /** Set while this thread decides: a class loaded for the decision itself goes to Byte Buddy. */
  private final ThreadLocal<Boolean> deciding = new ThreadLocal<>();

  PreFilter(ResettableClassFileTransformer byteBuddy, SuperTypes superTypes, Set<String> named) {
    this.byteBuddy = byteBuddy;
    this.superTypes = superTypes;
    this.named = Set.copyOf(named);
  }

  /** Whether Byte Buddy may want the class: false means it certainly does not. */
  boolean wanted(ClassLoader loader, String internalName, Class<?> beingRedefined, byte[] classFile) {
    if (internalName == null || beingRedefined != null || deciding.get() != null) {
      return true;
    }
    if (named.contains(internalName)) {
      return true;
    }
    if (Instrumentations.ignoredName(internalName)) {
      return false;
    }
    deciding.set(Boolean.TRUE);
    try {
      return superTypes.ofClassFile(internalName, classFile, loader) != 0;
    } catch (RuntimeException unexpected) {
      return true; // Byte Buddy decides, and reports what fails
    } finally {
      deciding.remove();
    }
  }

  @Override
  public byte[] transform(ClassLoader loader, String internalName, Class<?> beingRedefined,
      ProtectionDomain domain, byte[] classFile) throws IllegalClassFormatException {
    return wanted(loader, internalName, beingRedefined, classFile)
        ? byteBuddy.transform(loader, internalName, beingRedefined, domain, classFile) : null;
  }

  @Override
  public byte[] transform(Module module, ClassLoader loader, String internalName,
      Class<?> beingRedefined, ProtectionDomain domain, byte[] classFile)
      throws IllegalClassFormatException {
    return wanted(loader, internalName, beingRedefined, classFile)
        ? byteBuddy.transform(module, loader, internalName, beingRedefined, domain, classFile) : null;
  }

  @Override
  public Iterator<AgentBuilder.Transformer> iterator(TypeDescription type, ClassLoader loader,
      JavaModule module, Class<?> beingRedefined, ProtectionDomain domain) {
    return byteBuddy.iterator(type, loader, module, beingRedefined, domain);
  }

  @Override
  public boolean reset(java.lang.instrument.Instrumentation inst,
      ResettableClassFileTransformer classFileTransformer,
      AgentBuilder.RedefinitionStrategy redefinitionStrategy,
      AgentBuilder.RedefinitionStrategy.DiscoveryStrategy discoveryStrategy,
      AgentBuilder.RedefinitionStrategy.BatchAllocator batchAllocator,
      AgentBuilder.RedefinitionStrategy.Listener listener) {
    return byteBuddy.reset(inst, classFileTransformer, redefinitionStrategy, discoveryStrategy,
        batchAllocator, listener);
  }
}
