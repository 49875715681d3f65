package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

class SuperTypesTest {

  interface OwnStatement extends PreparedStatement {}

  abstract static class BaseStatement implements OwnStatement {}

  abstract static class LeafStatement extends BaseStatement {}

  abstract static class OtherLeafStatement extends BaseStatement {}

  abstract static class StatementAndResultSet extends LeafStatement implements ResultSet {}

  static class Plain {}

  private static final ClassLoader LOADER = SuperTypesTest.class.getClassLoader();

  private final SuperTypes superTypes = new SuperTypes(List.of("java.sql.Statement", "java.sql.ResultSet"));
  private final Counting files = new Counting(ClassFileLocator.ForClassLoader.of(LOADER));
  // Lazy, as the agent's pools are, and with no cache of its own, as a pool made for one class
  // being loaded: a class file it is asked for twice, it reads twice.
  private final TypePool pool = new TypePool.Default.WithLazyResolution(
      TypePool.CacheProvider.NoOp.INSTANCE, files, TypePool.Default.ReaderMode.FAST);

  @Test
  void aClassIsMatchedThroughItsSuperClassesAndTheirInterfacesButAnInterfaceIsNot() {
    AgentBuilder.RawMatcher statements = superTypes.implementing("java.sql.Statement");
    AgentBuilder.RawMatcher resultSets = superTypes.implementing("java.sql.ResultSet");
    assertThat(matches(statements, LeafStatement.class)).isTrue();
    assertThat(matches(resultSets, LeafStatement.class)).isFalse();
    assertThat(matches(statements, StatementAndResultSet.class)).isTrue();
    assertThat(matches(resultSets, StatementAndResultSet.class)).isTrue();
    assertThat(matches(statements, OwnStatement.class)).as("an interface").isFalse();
    assertThat(matches(statements, Plain.class)).isFalse();
    assertThat(superTypes.of(describe(Plain.class), LOADER)).isZero();
  }

  @Test
  void aSuperTypeIsReadOnceForAllItsSubclasses() {
    superTypes.of(describe(LeafStatement.class), LOADER);
    superTypes.of(describe(OtherLeafStatement.class), LOADER);
    superTypes.of(describe(StatementAndResultSet.class), LOADER);
    assertThat(files.located(BaseStatement.class)).isEqualTo(1);
    assertThat(files.located(OwnStatement.class)).isEqualTo(1);
    assertThat(files.located(PreparedStatement.class)).isEqualTo(1);
    int remembered = superTypes.remembered(LOADER);
    assertThat(remembered).as("the types walked, java.sql.Wrapper and java.lang.Object among them")
        .isGreaterThanOrEqualTo(8);
    superTypes.of(describe(OtherLeafStatement.class), LOADER);
    assertThat(superTypes.remembered(LOADER)).isEqualTo(remembered);
  }

  @Test
  void aLoaderRemembersAtMostItsLimitOfNames() {
    SuperTypes small = new SuperTypes(List.of("java.sql.Statement"), 4);
    assertThat(small.of(describe(StatementAndResultSet.class), LOADER)).isEqualTo(1);
    assertThat(small.remembered(LOADER)).isBetween(1, 4);
    assertThat(small.of(describe(LeafStatement.class), LOADER)).as("found again").isEqualTo(1);
  }

  @Test
  void aSuperTypeWhoseClassFileIsMissingAddsNothingAndThrowsNothing() {
    Counting missingBase = new Counting(ClassFileLocator.ForClassLoader.of(LOADER), BaseStatement.class);
    TypePool partial = new TypePool.Default.WithLazyResolution(TypePool.CacheProvider.NoOp.INSTANCE,
        missingBase, TypePool.Default.ReaderMode.FAST);
    TypeDescription leaf = partial.describe(LeafStatement.class.getName()).resolve();
    assertThat(superTypes.of(leaf, LOADER)).isZero();
  }

  @Test
  void onlyItsOwnInterfacesCanBeAskedFor() {
    assertThatThrownBy(() -> superTypes.implementing("java.sql.Connection"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private boolean matches(AgentBuilder.RawMatcher matcher, Class<?> type) {
    return matcher.matches(describe(type), LOADER, null, null, null);
  }

  private TypeDescription describe(Class<?> type) {
    return pool.describe(type.getName()).resolve();
  }

  /** Counts the class files read through it, by name; a name given as missing is never found. */
  private static final class Counting implements ClassFileLocator {
    private final ClassFileLocator delegate;
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final String missing;

    Counting(ClassFileLocator delegate) {
      this(delegate, null);
    }

    Counting(ClassFileLocator delegate, Class<?> missing) {
      this.delegate = delegate;
      this.missing = missing == null ? null : missing.getName();
    }

    int located(Class<?> type) {
      AtomicInteger count = counts.get(type.getName());
      return count == null ? 0 : count.get();
    }

    @Override
    public Resolution locate(String name) throws IOException {
      counts.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
      return name.equals(missing) ? new Resolution.Illegal(name) : delegate.locate(name);
    }

    @Override
    public void close() throws IOException {
      delegate.close();
    }
  }
}
