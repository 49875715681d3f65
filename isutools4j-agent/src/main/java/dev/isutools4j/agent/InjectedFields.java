package dev.isutools4j.agent;

import java.io.Serializable;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.modifier.FieldPersistence;
import net.bytebuddy.description.modifier.SyntheticState;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.utility.JavaModule;

/*
 * Why a field, and when not. The advice's bridge used to find what it remembers of a statement or
 * result set in identity tables and per-thread slots, each found through a ThreadLocal: a weak key
 * and a concurrent-map insert per prepare, a lookup per execution and per next(). A class being
 * loaded may get a field (a class format change), so it carries that state itself, as the library's
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

  private InjectedFields() {}

  /** The classes {@code types} matches that are being loaded (not retransformed) and may get the field. */
  static AgentBuilder.RawMatcher addableTo(AgentBuilder.RawMatcher types) {
    return (type, loader, module, classBeingRedefined, domain) -> classBeingRedefined == null
        && types.matches(type, loader, module, null, domain)
        && addable(type, loader, module);
  }

  /** Whether {@code type}, defined by {@code loader} in {@code module}, may get the field. */
  static boolean addable(TypeDescription type, ClassLoader loader, JavaModule module) {
    try {
      return !type.isInterface()
          && (module == null || !module.isNamed())
          && sees(loader)
          && !type.isAssignableTo(Serializable.class);
    } catch (Throwable t) {
      return false; // a super type that cannot be resolved: the class keeps the tables
    }
  }

  /** Whether classes of {@code loader} link {@link InjectedField} to the agent's own. */
  static boolean sees(ClassLoader loader) {
    if (loader == InjectedField.class.getClassLoader()) {
      return true;
    }
    try {
      return loader != null
          && Class.forName(InjectedField.class.getName(), false, loader) == InjectedField.class;
    } catch (Throwable t) {
      return false;
    }
  }

  /** Declares the field and implements {@link InjectedField}'s accessors on it. */
  static AgentBuilder.Transformer transformer() {
    return (builder, type, loader, module, domain) -> builder
        .defineField(NAME, Object.class, Visibility.PRIVATE, FieldPersistence.TRANSIENT,
            SyntheticState.SYNTHETIC)
        .implement(InjectedField.class)
        .intercept(FieldAccessor.ofField(NAME));
  }
}
