package dev.isutools4j.agent;

import java.util.Arrays;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodNode;

/**
 * Passes a class on to its writer, its instrumented methods woven ({@link Hooks}, {@link
 * MethodWeaver}) and, if asked, with {@link InjectedField}. Every other method is copied as it is,
 * byte for byte (the writer shares the reader's constant pool).
 */
final class ClassWeaver extends ClassVisitor {

  /** Which hook a method gets, or null: {@link Hooks#of} for the class's kinds. */
  interface Selector {
    Hook of(String owner, int access, String name, String descriptor);
  }

  private final Selector hooks;
  private final boolean injectField;
  private String owner;
  private int major;
  private boolean changed;

  /** @param injectField whether the class gets {@link InjectedField} */
  ClassWeaver(ClassVisitor writer, Selector hooks, boolean injectField) {
    super(Opcodes.ASM9, writer);
    this.hooks = hooks;
    this.injectField = injectField;
  }

  /** Whether anything was woven or added. */
  boolean changed() {
    return changed;
  }

  @Override
  public void visit(int version, int access, String name, String signature, String superName,
      String[] interfaces) {
    owner = name;
    major = version & 0xFFFF;
    String[] implemented = interfaces;
    if (injectField) {
      implemented = Arrays.copyOf(interfaces, interfaces.length + 1);
      implemented[interfaces.length] = InjectedFields.INTERFACE;
      changed = true;
    }
    super.visit(version, access, name, signature, superName, implemented);
  }

  @Override
  public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
      String[] exceptions) {
    Hook hook = hooks.of(owner, access, name, descriptor);
    // A class constant (the servlet hooks' site) needs version 49.
    if (hook == null || major < Opcodes.V1_5 && usesSite(hook)) {
      return super.visitMethod(access, name, descriptor, signature, exceptions);
    }
    changed = true;
    ClassVisitor next = cv;
    boolean frames = major >= Opcodes.V1_6;
    return new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
      @Override
      public void visitEnd() {
        MethodWeaver.weave(this, owner, hook, frames);
        accept(next);
      }
    };
  }

  @Override
  public void visitEnd() {
    if (injectField) {
      InjectedFields.addTo(cv, owner);
    }
    super.visitEnd();
  }

  private static boolean usesSite(Hook hook) {
    return hook.enter() != null && hook.enter().values().contains(Hook.Value.SITE)
        || hook.exit() != null && hook.exit().values().contains(Hook.Value.SITE);
  }
}
