package dev.isutools4j.agent;

import java.util.List;
import org.objectweb.asm.Type;

/**
 * What {@link MethodWeaver} adds to one instrumented method: a call at its entry, a call at its
 * exit, or both. Each call is to a public static method of one of the agent's bridges, given the
 * values it names; its descriptor follows from them and the instrumented method ({@link
 * Call#descriptor}), so the bridges' parameter lists read as the hooks below list them.
 *
 * @param guard called before {@code enter}, which runs only if it returns true (a setter's value
 *     is boxed only while a sample is wanted); null for none. Not with an enter that returns a value.
 * @param enter called at entry; what it returns is the exit's {@link Value#ENTERED}. Null for none.
 * @param exit called at each return, and when {@code onThrown}, also when the method throws
 *     (with the result's zero value). Null for none.
 */
record Hook(Call guard, Call enter, Call exit, boolean onThrown) {

  Hook {
    if (guard != null && (enter == null || !enter.returns().equals("V"))) {
      throw new IllegalArgumentException("a guard guards an enter that returns nothing");
    }
    if (exit != null && exit.values().contains(Value.ENTERED) && (enter == null || enter.returns().equals("V"))) {
      throw new IllegalArgumentException("the exit wants what an enter returns: " + exit);
    }
  }

  static Hook around(Call enter, Call exit) {
    return new Hook(null, enter, exit, true);
  }

  static Hook atReturn(Call exit) {
    return new Hook(null, null, exit, false);
  }

  static Hook atEntry(Call enter) {
    return new Hook(null, enter, null, false);
  }

  /** A value a hook is given. */
  enum Value {
    /** The instrumented object. */
    THIS,
    /** The first argument; an object as {@code Object}, a primitive as itself. */
    ARG0,
    /** The first argument if the method has one, else null: an execute's SQL, or a prepared one's none. */
    ARG0_OR_NULL,
    /** The second argument; an object as {@code Object}, a primitive as itself. */
    ARG1,
    /** The second argument as an object, a primitive boxed. */
    BOXED_ARG1,
    /** The value returned: an object as {@code Object}, a primitive as itself; its zero when thrown. */
    RESULT,
    /** What the enter call returned. */
    ENTERED,
    /** What the method threw, or null when it returned. */
    THROWN,
    /** The instrumented class, as a {@code Class}: it tells the bridge which class loader it sees through. */
    SITE
  }

  /**
   * A call to {@code owner.name}, given {@code values}.
   *
   * @param owner the internal name of the class called ({@code dev/isutools4j/agent/JdbcBridge})
   * @param returns the descriptor of what it returns ({@code V}, {@code Z}, {@code J},
   *     {@code Ljava/lang/Object;})
   * @param reflective true when the instrumented class cannot see the owner (the JDK's own): the
   *     call goes through the system class loader and reflection, given {@code values} as objects
   */
  record Call(String owner, String name, String returns, List<Value> values, boolean reflective) {

    Call {
      values = List.copyOf(values);
      if (reflective && !returns.equals("V")) {
        throw new IllegalArgumentException("a reflective call returns nothing: " + name);
      }
    }

    static Call to(Class<?> owner, String name, String returns, Value... values) {
      return new Call(owner.getName().replace('.', '/'), name, returns, List.of(values), false);
    }

    static Call byReflection(Class<?> owner, String name, Value... values) {
      return new Call(owner.getName().replace('.', '/'), name, "V", List.of(values), true);
    }

    /** The called method's descriptor, for an instrumented method of descriptor {@code target}. */
    String descriptor(String target, Call enter) {
      Type[] arguments = Type.getArgumentTypes(target);
      StringBuilder descriptor = new StringBuilder("(");
      for (Value value : values) {
        descriptor.append(switch (value) {
          case THIS, ARG0_OR_NULL, BOXED_ARG1 -> OBJECT;
          case ARG0 -> passed(arguments[0]);
          case ARG1 -> passed(arguments[1]);
          case RESULT -> passed(Type.getReturnType(target));
          case ENTERED -> enter.returns();
          case THROWN -> "Ljava/lang/Throwable;";
          case SITE -> "Ljava/lang/Class;";
        });
      }
      return descriptor.append(')').append(returns).toString();
    }

    private static final String OBJECT = "Ljava/lang/Object;";

    /** How a value of {@code type} is passed to a hook: a primitive as itself, an object as Object. */
    private static String passed(Type type) {
      int sort = type.getSort();
      return sort == Type.OBJECT || sort == Type.ARRAY
          ? OBJECT : type.getDescriptor();
    }
  }
}
