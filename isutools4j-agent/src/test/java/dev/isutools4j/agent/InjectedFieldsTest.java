package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

class InjectedFieldsTest {

  /** Stands for a driver's statement class. */
  public static class PlainStatement {
    public String sql() {
      return "SELECT 1";
    }
  }

  private static final ClassLoader OURS = InjectedFieldsTest.class.getClassLoader();
  private static final Module UNNAMED = InjectedFieldsTest.class.getModule();

  /** {@code type} with the field added, loaded in a child loader of its own. */
  private static Class<?> withField(Class<?> type) throws Exception {
    ClassReader reader = new ClassReader(SuperTypesTest.bytes(type));
    ClassWriter writer = new ClassWriter(reader, 0);
    reader.accept(new ClassWeaver(writer, (owner, access, name, descriptor) -> null, true),
        ClassReader.EXPAND_FRAMES);
    byte[] bytes = writer.toByteArray();
    return new OneClassLoader(OURS, type.getName(), bytes).loadClass(type.getName());
  }

  @Test
  void aTransformedClassKeepsAValuePerObject() throws Exception {
    Class<?> type = withField(PlainStatement.class);
    InjectedField one = (InjectedField) type.getDeclaredConstructor().newInstance();
    InjectedField two = (InjectedField) type.getDeclaredConstructor().newInstance();
    assertThat(one.isutools$value()).isNull();
    Object shape = new Object();
    one.isutools$value(shape);
    assertThat(one.isutools$value()).isSameAs(shape);
    assertThat(two.isutools$value()).isNull();
    // The class's own methods are untouched.
    assertThat(type.getMethod("sql").invoke(one)).isEqualTo("SELECT 1");
    int modifiers = type.getDeclaredField(InjectedFields.NAME).getModifiers();
    assertThat(modifiers & Modifier.TRANSIENT).isNotZero();
    assertThat(modifiers & Modifier.PRIVATE).isNotZero();
  }

  @Test
  void onlyAClassInAnUnnamedModuleOfALoaderThatSeesTheAgentGetsIt() {
    int plain = Opcodes.ACC_PUBLIC;
    assertThat(InjectedFields.addable(plain, Hooks.STATEMENT_BIT, UNNAMED, OURS)).isTrue();
    assertThat(InjectedFields.addable(plain, Hooks.STATEMENT_BIT, null, OURS)).as("no module said").isTrue();
    assertThat(InjectedFields.addable(plain, Hooks.STATEMENT_BIT, java.sql.Statement.class.getModule(), OURS))
        .as("a named module").isFalse();
    assertThat(InjectedFields.addable(plain, Hooks.STATEMENT_BIT, UNNAMED, null)).as("the boot loader").isFalse();
    ClassLoader isolated = new URLClassLoader(new URL[0], null);
    assertThat(InjectedFields.addable(plain, Hooks.STATEMENT_BIT, UNNAMED, isolated))
        .as("a loader that cannot see it").isFalse();
    assertThat(InjectedFields.addable(plain, Hooks.STATEMENT_BIT | Hooks.SERIALIZABLE_BIT, UNNAMED, OURS))
        .as("its serialVersionUID would change").isFalse();
    assertThat(InjectedFields.addable(plain | Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT,
        Hooks.STATEMENT_BIT, UNNAMED, OURS)).as("an interface").isFalse();
  }
}
