package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Serializable;
import java.net.URL;
import java.net.URLClassLoader;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.utility.JavaModule;
import org.junit.jupiter.api.Test;

class InjectedFieldsTest {

  /** Stands for a driver's statement class. */
  public static class PlainStatement {
    public String sql() {
      return "SELECT 1";
    }
  }

  /** A subclass, as H2's prepared statement extends its statement. */
  public static class PreparedKind extends PlainStatement {}

  public static class SerializableStatement implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  public interface StatementLike {}

  private static final ClassLoader OURS = InjectedFieldsTest.class.getClassLoader();
  private static final JavaModule UNNAMED = JavaModule.ofType(InjectedFieldsTest.class);

  /** {@code type} redefined by the agent's transformer, loaded in a child loader of its own. */
  private static Class<?> withField(Class<?> type) throws Exception {
    TypeDescription description = TypeDescription.ForLoadedType.of(type);
    return InjectedFields.transformer()
        .transform(new ByteBuddy().redefine(type), description, OURS, UNNAMED, null)
        .make()
        .load(new ClassLoader(OURS) {}, ClassLoadingStrategy.Default.CHILD_FIRST)
        .getLoaded();
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
    assertThat(type.getDeclaredField(InjectedFields.NAME).getModifiers() & java.lang.reflect.Modifier.TRANSIENT)
        .isNotZero();
  }

  @Test
  void onlyAClassBeingLoadedInAnUnnamedModuleOfALoaderThatSeesTheAgentGetsIt() {
    TypeDescription plain = TypeDescription.ForLoadedType.of(PlainStatement.class);
    assertThat(InjectedFields.addable(plain, OURS, UNNAMED)).isTrue();
    assertThat(InjectedFields.addable(TypeDescription.ForLoadedType.of(PreparedKind.class), OURS, UNNAMED))
        .isTrue();
    assertThat(InjectedFields.addable(plain, OURS, JavaModule.ofType(java.sql.Statement.class)))
        .as("a named module").isFalse();
    assertThat(InjectedFields.addable(plain, null, UNNAMED)).as("the boot loader").isFalse();
    ClassLoader isolated = new URLClassLoader(new URL[0], null);
    assertThat(InjectedFields.addable(plain, isolated, UNNAMED)).as("a loader that cannot see it")
        .isFalse();
    assertThat(InjectedFields.addable(TypeDescription.ForLoadedType.of(SerializableStatement.class),
        OURS, UNNAMED)).as("its serialVersionUID would change").isFalse();
    assertThat(InjectedFields.addable(TypeDescription.ForLoadedType.of(StatementLike.class), OURS,
        UNNAMED)).as("an interface").isFalse();

    // A class already loaded is retransformed, which may not add a field.
    assertThat(InjectedFields.addableTo((t, l, m, redefined, d) -> true)
        .matches(plain, OURS, UNNAMED, PlainStatement.class, null)).isFalse();
    assertThat(InjectedFields.addableTo((t, l, m, redefined, d) -> true)
        .matches(plain, OURS, UNNAMED, null, null)).isTrue();
    assertThat(InjectedFields.addableTo((t, l, m, redefined, d) -> false)
        .matches(plain, OURS, UNNAMED, null, null)).isFalse();
  }
}
