package dev.isutools4j.agent;

import static org.objectweb.asm.Opcodes.AASTORE;
import static org.objectweb.asm.Opcodes.ACONST_NULL;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ANEWARRAY;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.ATHROW;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.DCONST_0;
import static org.objectweb.asm.Opcodes.DOUBLE;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.FCONST_0;
import static org.objectweb.asm.Opcodes.FLOAT;
import static org.objectweb.asm.Opcodes.F_NEW;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.ICONST_1;
import static org.objectweb.asm.Opcodes.IFEQ;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INTEGER;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.LCONST_0;
import static org.objectweb.asm.Opcodes.LONG;
import static org.objectweb.asm.Opcodes.NOP;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.POP2;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.TOP;

import dev.isutools4j.agent.Hook.Call;
import dev.isutools4j.agent.Hook.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Weaves a {@link Hook} into one method, read by ASM with its frames expanded. What the method
 * itself does is unchanged; around it:
 *
 * <ul>
 *   <li>at entry, the values the exit reads are copied into new locals (what the method does to its
 *       own parameters does not reach the exit), then the enter call runs;
 *   <li>before each return, the result is kept in a new local and the exit call runs;
 *   <li>with {@code onThrown}, a handler around the whole body gives the exit what was thrown, and
 *       throws it on.
 * </ul>
 *
 * <p>Every call is suppressed: an exception out of a hook (a bridge catches its own, so this is a
 * class that failed to link, or an error) goes to a handler of its own, listed before the method's
 * own handlers, which carries on as if the call had not been made. The new locals sit above all
 * the method's own, so each of its frames keeps what it says and gains the copies; the frames of
 * the new code name only the new locals and leave the method's own as unknown ({@code TOP}), which
 * holds whatever the method keeps in them. Class files before version 50 carry no frames, and none
 * are written for them.
 */
final class MethodWeaver {

  /** Stack slots the new code may need above the method's own (a reflective call's arrays, a long). */
  private static final int EXTRA_STACK = 12;
  private static final String OBJECT = "java/lang/Object";
  private static final String THROWABLE = "java/lang/Throwable";

  /** Where a call is made: what a value is read from depends on it. */
  private enum Site { ENTRY, RETURN, THROW }

  private final MethodNode method;
  private final String owner;
  private final Hook hook;
  private final boolean frames;
  private final Type[] arguments;
  private final Type result;
  /** The first slot above the method's own locals. */
  private final int firstFree;
  /** The slot of the copy of this (index 0) and of each argument (index i + 1); -1 when not copied. */
  private final int[] copies;
  /** The frame types of the copies and of the entered value, in slot order. */
  private final List<Object> kept = new ArrayList<>();
  private int enteredSlot = -1;
  private int resultSlot = -1;
  private int thrownSlot = -1;
  private int nextFree;

  private MethodWeaver(MethodNode method, String owner, Hook hook, boolean frames) {
    this.method = method;
    this.owner = owner;
    this.hook = hook;
    this.frames = frames;
    this.arguments = Type.getArgumentTypes(method.desc);
    this.result = Type.getReturnType(method.desc);
    this.firstFree = Math.max(method.maxLocals, Type.getArgumentsAndReturnSizes(method.desc) >> 2);
    this.copies = new int[arguments.length + 1];
    Arrays.fill(copies, -1);
  }

  /**
   * Weaves {@code hook} into {@code method}, an instance method of {@code owner} (an internal name)
   * with code; {@code frames} when its class file version carries stack map frames (50 and later).
   */
  static void weave(MethodNode method, String owner, Hook hook, boolean frames) {
    new MethodWeaver(method, owner, hook, frames).weave();
  }

  private void weave() {
    AbstractInsnNode[] original = method.instructions.toArray();
    allocate();
    if (frames && !kept.isEmpty()) {
      for (AbstractInsnNode node : original) {
        if (node instanceof FrameNode frame) {
          frame.local = withKept(frame.local == null ? List.of() : frame.local, kept);
        }
      }
    }
    LabelNode body = new LabelNode();
    method.instructions.insert(entry(body));
    if (hook.exit() != null) {
      LabelNode exitFailed = new LabelNode();
      boolean returns = false;
      for (AbstractInsnNode node : original) {
        int opcode = node.getOpcode();
        if (opcode >= IRETURN && opcode <= RETURN) {
          method.instructions.insertBefore(node, beforeReturn(exitFailed));
          returns = true;
        }
      }
      LabelNode end = new LabelNode();
      method.instructions.add(end);
      if (returns) {
        method.instructions.add(exitFailed(exitFailed));
      }
      if (hook.onThrown()) {
        method.instructions.add(whenThrown(body, end));
      }
    }
    method.maxLocals = nextFree;
    method.maxStack += EXTRA_STACK;
  }

  /** Gives each value the exit reads from the entry a slot, then the result's and the thrown's. */
  private void allocate() {
    nextFree = firstFree;
    Call exit = hook.exit();
    if (exit == null) {
      return;
    }
    for (Value value : exit.values()) {
      int source = source(value);
      if (source >= 0 && copies[source] < 0) {
        Type type = typeOf(source);
        copies[source] = nextFree;
        nextFree += type.getSize();
        kept.add(frameType(type));
      }
    }
    if (exit.values().contains(Value.ENTERED)) {
      Type entered = Type.getType(hook.enter().returns());
      enteredSlot = nextFree;
      nextFree += entered.getSize();
      kept.add(frameType(entered));
    }
    if (result.getSort() != Type.VOID) {
      resultSlot = nextFree;
      nextFree += result.getSize();
    }
    if (hook.onThrown()) {
      thrownSlot = nextFree;
      nextFree += 1;
    }
  }

  /** The copies, then the guard and the enter call, suppressed; ends at {@code body}. */
  private InsnList entry(LabelNode body) {
    InsnList code = new InsnList();
    for (int source = 0; source < copies.length; source++) {
      if (copies[source] >= 0) {
        Type type = typeOf(source);
        code.add(new VarInsnNode(type.getOpcode(ILOAD), slotOf(source)));
        code.add(new VarInsnNode(type.getOpcode(ISTORE), copies[source]));
      }
    }
    Call enter = hook.enter();
    if (enter == null) {
      code.add(body);
      return code;
    }
    LabelNode start = new LabelNode();
    LabelNode end = new LabelNode();
    LabelNode failed = new LabelNode();
    code.add(start);
    if (hook.guard() != null) {
      call(code, hook.guard(), Site.ENTRY);
      code.add(new JumpInsnNode(IFEQ, body));
    }
    call(code, enter, Site.ENTRY);
    Type entered = Type.getType(enter.returns());
    if (enteredSlot >= 0) {
      code.add(new VarInsnNode(entered.getOpcode(ISTORE), enteredSlot));
    } else if (entered.getSize() > 0) {
      code.add(new InsnNode(entered.getSize() == 2 ? POP2 : POP));
    }
    code.add(end);
    code.add(new JumpInsnNode(GOTO, body));
    code.add(failed);
    List<Object> copied = keptBefore(enteredSlot >= 0 ? kept.size() - 1 : kept.size());
    frame(code, withKept(initialLocals(), copied), THROWABLE);
    code.add(new InsnNode(POP));
    if (enteredSlot >= 0) {
      code.add(zero(entered));
      code.add(new VarInsnNode(entered.getOpcode(ISTORE), enteredSlot));
    }
    code.add(body);
    frame(code, withKept(initialLocals(), kept), null);
    code.add(new InsnNode(NOP)); // the method's own first instruction may carry a frame too
    method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, failed, null));
    return code;
  }

  /** Keeps the result, makes the exit call, suppressed, and puts the result back. */
  private InsnList beforeReturn(LabelNode exitFailed) {
    InsnList code = new InsnList();
    if (resultSlot >= 0) {
      code.add(new VarInsnNode(result.getOpcode(ISTORE), resultSlot));
    }
    LabelNode start = new LabelNode();
    LabelNode end = new LabelNode();
    code.add(start);
    call(code, hook.exit(), Site.RETURN);
    code.add(end);
    if (resultSlot >= 0) {
      code.add(new VarInsnNode(result.getOpcode(ILOAD), resultSlot));
    }
    method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, exitFailed, null));
    return code;
  }

  /** Where a failed exit call goes: the kept result is returned as the method would have. */
  private InsnList exitFailed(LabelNode label) {
    InsnList code = new InsnList();
    code.add(label);
    List<Object> locals = new ArrayList<>();
    if (resultSlot >= 0) {
      locals = withSlot(resultSlot, frameType(result));
    }
    frame(code, locals, THROWABLE);
    code.add(new InsnNode(POP));
    if (resultSlot >= 0) {
      code.add(new VarInsnNode(result.getOpcode(ILOAD), resultSlot));
    }
    code.add(new InsnNode(result.getOpcode(IRETURN)));
    return code;
  }

  /** The handler around the body: the exit call with what was thrown, suppressed, then the throw. */
  private InsnList whenThrown(LabelNode body, LabelNode end) {
    InsnList code = new InsnList();
    LabelNode handler = new LabelNode();
    LabelNode start = new LabelNode();
    LabelNode callEnd = new LabelNode();
    LabelNode failed = new LabelNode();
    code.add(handler);
    frame(code, withKept(new ArrayList<>(), kept), THROWABLE);
    code.add(new VarInsnNode(ASTORE, thrownSlot));
    code.add(start);
    call(code, hook.exit(), Site.THROW);
    code.add(callEnd);
    code.add(new VarInsnNode(ALOAD, thrownSlot));
    code.add(new InsnNode(ATHROW));
    code.add(failed);
    frame(code, withSlot(thrownSlot, THROWABLE), THROWABLE);
    code.add(new InsnNode(POP));
    code.add(new VarInsnNode(ALOAD, thrownSlot));
    code.add(new InsnNode(ATHROW));
    method.tryCatchBlocks.add(0, new TryCatchBlockNode(start, callEnd, failed, null));
    // Last: the method's own handlers inside the body see their exceptions first.
    method.tryCatchBlocks.add(new TryCatchBlockNode(body, end, handler, null));
    return code;
  }

  private void call(InsnList code, Call call, Site site) {
    if (call.reflective()) {
      reflectiveCall(code, call, site);
      return;
    }
    for (Value value : call.values()) {
      load(code, value, site);
    }
    code.add(new MethodInsnNode(INVOKESTATIC, call.owner(), call.name(),
        call.descriptor(method.desc, hook.enter()), false));
  }

  /**
   * {@code Class.forName(owner, true, systemLoader).getMethod(name, Object...).invoke(null, values)}:
   * for the JDK's own classes, which cannot name the agent's.
   */
  private void reflectiveCall(InsnList code, Call call, Site site) {
    int count = call.values().size();
    code.add(new LdcInsnNode(call.owner().replace('/', '.')));
    code.add(new InsnNode(ICONST_1));
    code.add(new MethodInsnNode(INVOKESTATIC, "java/lang/ClassLoader", "getSystemClassLoader",
        "()Ljava/lang/ClassLoader;", false));
    code.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Class", "forName",
        "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;", false));
    code.add(new LdcInsnNode(call.name()));
    code.add(new IntInsnNode(BIPUSH, count));
    code.add(new TypeInsnNode(ANEWARRAY, "java/lang/Class"));
    for (int i = 0; i < count; i++) {
      code.add(new InsnNode(DUP));
      code.add(new IntInsnNode(BIPUSH, i));
      code.add(new LdcInsnNode(Type.getObjectType(OBJECT)));
      code.add(new InsnNode(AASTORE));
    }
    code.add(new MethodInsnNode(INVOKEVIRTUAL, "java/lang/Class", "getMethod",
        "(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;", false));
    code.add(new InsnNode(ACONST_NULL));
    code.add(new IntInsnNode(BIPUSH, count));
    code.add(new TypeInsnNode(ANEWARRAY, OBJECT));
    for (int i = 0; i < count; i++) {
      code.add(new InsnNode(DUP));
      code.add(new IntInsnNode(BIPUSH, i));
      Type type = load(code, call.values().get(i), site);
      box(code, type);
      code.add(new InsnNode(AASTORE));
    }
    code.add(new MethodInsnNode(INVOKEVIRTUAL, "java/lang/reflect/Method", "invoke",
        "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", false));
    code.add(new InsnNode(POP));
  }

  /** Pushes {@code value} as read at {@code site}; returns the type pushed. */
  private Type load(InsnList code, Value value, Site site) {
    switch (value) {
      case THIS:
      case ARG0:
      case ARG1:
        return loadSource(code, source(value), site);
      case ARG0_OR_NULL:
        if (arguments.length == 0) {
          code.add(new InsnNode(ACONST_NULL));
          return Type.getObjectType(OBJECT);
        }
        return loadSource(code, source(value), site);
      case BOXED_ARG1:
        box(code, loadSource(code, source(value), site));
        return Type.getObjectType(OBJECT);
      case RESULT:
        if (site == Site.RETURN) {
          code.add(new VarInsnNode(result.getOpcode(ILOAD), resultSlot));
        } else {
          code.add(zero(result));
        }
        return result;
      case ENTERED:
        Type entered = Type.getType(hook.enter().returns());
        code.add(new VarInsnNode(entered.getOpcode(ILOAD), enteredSlot));
        return entered;
      case THROWN:
        code.add(site == Site.THROW ? new VarInsnNode(ALOAD, thrownSlot) : new InsnNode(ACONST_NULL));
        return Type.getObjectType(THROWABLE);
      case SITE:
        code.add(new LdcInsnNode(Type.getObjectType(owner)));
        return Type.getObjectType("java/lang/Class");
      default:
        throw new IllegalArgumentException(value.toString());
    }
  }

  /** Pushes this (source 0) or argument {@code source - 1}: its own slot at entry, its copy after. */
  private Type loadSource(InsnList code, int source, Site site) {
    Type type = typeOf(source);
    code.add(new VarInsnNode(type.getOpcode(ILOAD), site == Site.ENTRY ? slotOf(source) : copies[source]));
    return type;
  }

  /** The copied value a hook's value reads: 0 for this, i + 1 for argument i; -1 for none. */
  private int source(Value value) {
    return switch (value) {
      case THIS -> 0;
      case ARG0 -> 1;
      case ARG0_OR_NULL -> arguments.length == 0 ? -1 : 1;
      case ARG1, BOXED_ARG1 -> 2;
      default -> -1;
    };
  }

  /** The type of this (source 0) or of argument {@code source - 1}. */
  private Type typeOf(int source) {
    return source == 0 ? Type.getObjectType(owner) : arguments[source - 1];
  }

  /** The slot of this (source 0) or of argument {@code source - 1} in the method's own frame. */
  private int slotOf(int source) {
    int slot = 0;
    for (int before = 0; before < source; before++) {
      slot += typeOf(before).getSize();
    }
    return slot;
  }

  /** The frame at the method's entry: this and its arguments. */
  private List<Object> initialLocals() {
    List<Object> locals = new ArrayList<>();
    locals.add(owner);
    for (Type argument : arguments) {
      locals.add(frameType(argument));
    }
    return locals;
  }

  private List<Object> keptBefore(int count) {
    return new ArrayList<>(kept.subList(0, count));
  }

  /** {@code locals}, unknown up to the first free slot, then {@code added}. */
  private List<Object> withKept(List<Object> locals, List<Object> added) {
    List<Object> extended = new ArrayList<>(locals);
    if (added.isEmpty()) {
      return extended;
    }
    for (int slot = slots(extended); slot < firstFree; slot++) {
      extended.add(TOP);
    }
    extended.addAll(added);
    return extended;
  }

  /** Locals that are unknown but for {@code type} at {@code slot}. */
  private static List<Object> withSlot(int slot, Object type) {
    List<Object> locals = new ArrayList<>();
    for (int i = 0; i < slot; i++) {
      locals.add(TOP);
    }
    locals.add(type);
    return locals;
  }

  private static int slots(List<Object> locals) {
    int slots = 0;
    for (Object local : locals) {
      slots += local == LONG || local == DOUBLE ? 2 : 1;
    }
    return slots;
  }

  private void frame(InsnList code, List<Object> locals, String stackTop) {
    if (frames) {
      Object[] stack = stackTop == null ? new Object[0] : new Object[] {stackTop};
      code.add(new FrameNode(F_NEW, locals.size(), locals.toArray(), stack.length, stack));
    }
  }

  private static Object frameType(Type type) {
    return switch (type.getSort()) {
      case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> INTEGER;
      case Type.FLOAT -> FLOAT;
      case Type.LONG -> LONG;
      case Type.DOUBLE -> DOUBLE;
      case Type.ARRAY -> type.getDescriptor();
      default -> type.getInternalName();
    };
  }

  private static AbstractInsnNode zero(Type type) {
    return new InsnNode(switch (type.getSort()) {
      case Type.LONG -> LCONST_0;
      case Type.FLOAT -> FCONST_0;
      case Type.DOUBLE -> DCONST_0;
      case Type.OBJECT, Type.ARRAY -> ACONST_NULL;
      default -> ICONST_0;
    });
  }

  /** Boxes the primitive on top of the stack; an object stays as it is. */
  private static void box(InsnList code, Type type) {
    String boxed = switch (type.getSort()) {
      case Type.BOOLEAN -> "java/lang/Boolean";
      case Type.CHAR -> "java/lang/Character";
      case Type.BYTE -> "java/lang/Byte";
      case Type.SHORT -> "java/lang/Short";
      case Type.INT -> "java/lang/Integer";
      case Type.FLOAT -> "java/lang/Float";
      case Type.LONG -> "java/lang/Long";
      case Type.DOUBLE -> "java/lang/Double";
      default -> null;
    };
    if (boxed != null) {
      code.add(new MethodInsnNode(INVOKESTATIC, boxed, "valueOf",
          "(" + type.getDescriptor() + ")L" + boxed + ";", false));
    }
  }
}
