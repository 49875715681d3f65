package dev.isutools4j.agent;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/*
 * Why a field, and when not. The bridge used to find what it remembers of a statement or result set
 * in identity tables and per-thread slots, each found through a ThreadLocal: a weak key and a
 * concurrent-map insert per prepare, a lookup per execution and per next(). A class being loaded
 * may get a field (a class format change), so it carries that state itself, as the library's
 * wrappers do. A class already loaded when the agent starts is retransformed, which may not add
 * fields: its objects keep the identity tables (the bridge tells them apart with instanceof).
 *
 * The field is left out where adding it could change how the class behaves or whether it loads:
 * its loader must see InjectedField as the agent's own (else the class would not link), it must be
 * in an unnamed module (a named one does not read the agent's), and it must not be Serializable
 * (an added interface and methods change its default serialVersionUID).
 */

/** Adds {@link InjectedField} to the driver classes being loaded that may carry it. */
final class InjectedFields {

  static final String NAME = "isutools$value";
  static final String INTERFACE = "dev/isutools4j/agent/InjectedField";
  private static final String OBJECT = "Ljava/lang/Object;";

  private InjectedFields() {}

  /**
   * Whether a class being loaded (not retransformed), of access flags {@code access} and kinds
   * {@code bits} ({@link Hooks}), defined by {@code loader} in {@code module}, may get the field.
   */
  static boolean addable(int access, int bits, Module module, ClassLoader loader) {
    return (access & Opcodes.ACC_INTERFACE) == 0
        && (bits & Hooks.SERIALIZABLE_BIT) == 0
        && (module == null || !module.isNamed())
        && sees(loader, InjectedField.class);
  }

  /** Whether classes of {@code loader} link {@code agentClass} to the agent's own. */
  static boolean sees(ClassLoader loader, Class<?> agentClass) {
    if (loader == agentClass.getClassLoader()) {
      return true;
    }
    try {
      return loader != null && Class.forName(agentClass.getName(), false, loader) == agentClass;
    } catch (Throwable t) {
      return false;
    }
  }

  /** Declares the field in {@code owner} and implements {@link InjectedField}'s accessors on it. */
  static void addTo(ClassVisitor writer, String owner) {
    writer.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC, NAME,
        OBJECT, null, null).visitEnd();
    MethodVisitor get = writer.visitMethod(Opcodes.ACC_PUBLIC, NAME, "()" + OBJECT, null, null);
    get.visitCode();
    get.visitVarInsn(Opcodes.ALOAD, 0);
    get.visitFieldInsn(Opcodes.GETFIELD, owner, NAME, OBJECT);
    get.visitInsn(Opcodes.ARETURN);
    get.visitMaxs(1, 1);
    get.visitEnd();
    MethodVisitor set = writer.visitMethod(Opcodes.ACC_PUBLIC, NAME, "(" + OBJECT + ")V", null, null);
    set.visitCode();
    set.visitVarInsn(Opcodes.ALOAD, 0);
    set.visitVarInsn(Opcodes.ALOAD, 1);
    set.visitFieldInsn(Opcodes.PUTFIELD, owner, NAME, OBJECT);
    set.visitInsn(Opcodes.RETURN);
    set.visitMaxs(2, 2);
    set.visitEnd();
  }
}
