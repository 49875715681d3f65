package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import testapp.SuperTypeFixtures.BaseStatement;
import testapp.SuperTypeFixtures.LeafStatement;
import testapp.SuperTypeFixtures.OtherLeafStatement;
import testapp.SuperTypeFixtures.OwnStatement;
import testapp.SuperTypeFixtures.Plain;
import testapp.SuperTypeFixtures.StatementAndResultSet;

class SuperTypesTest {

  private static final int STATEMENT = 1;
  private static final int RESULT_SET = 2;

  private final SuperTypes superTypes = new SuperTypes(List.of("java.sql.Statement", "java.sql.ResultSet"));
  private final Counting loader = new Counting(null);

  @Test
  void aClassBeingDefinedIsReadFromItsBytesAndItsSuperTypesOnceForAllItsSubclasses() {
    assertThat(defining(LeafStatement.class)).isEqualTo(STATEMENT);
    assertThat(defining(OtherLeafStatement.class)).isEqualTo(STATEMENT);
    assertThat(defining(StatementAndResultSet.class)).isEqualTo(STATEMENT | RESULT_SET);
    assertThat(defining(Plain.class)).isZero();
    assertThat(loader.read(LeafStatement.class)).as("given as bytes, then remembered as a super class")
        .isZero();
    assertThat(loader.read(OtherLeafStatement.class)).as("given as bytes").isZero();
    assertThat(loader.read(BaseStatement.class)).isEqualTo(1);
    assertThat(loader.read(OwnStatement.class)).isEqualTo(1);
    assertThat(loader.read(PreparedStatement.class)).isEqualTo(1);
    int remembered = superTypes.remembered(loader);
    assertThat(remembered).as("the types walked, java.sql.Wrapper and java.lang.Object among them")
        .isGreaterThanOrEqualTo(8);
    assertThat(defining(OtherLeafStatement.class)).isEqualTo(STATEMENT);
    assertThat(superTypes.remembered(loader)).isEqualTo(remembered);
  }

  @Test
  void aLoadedClassGetsTheSameBitsByReflection() {
    for (Class<?> type : List.of(LeafStatement.class, StatementAndResultSet.class, Plain.class,
        OwnStatement.class, java.sql.CallableStatement.class, javax.sql.RowSet.class)) {
      assertThat(superTypes.of(type)).as(type.getName())
          .isEqualTo(superTypes.of(type.getName().replace('.', '/'), loader));
    }
    assertThat(superTypes.of(javax.sql.RowSet.class)).as("a RowSet is a ResultSet").isEqualTo(RESULT_SET);
  }

  @Test
  void aLoaderRemembersAtMostItsLimitOfNames() {
    SuperTypes small = new SuperTypes(List.of("java.sql.Statement"), 4);
    assertThat(small.of(internal(StatementAndResultSet.class), loader)).isEqualTo(1);
    assertThat(small.remembered(loader)).isBetween(1, 4);
    assertThat(small.of(internal(LeafStatement.class), loader)).as("found again").isEqualTo(1);
  }

  @Test
  void aSuperTypeWhoseClassFileIsMissingOrBrokenAddsNothingAndThrowsNothing() {
    Counting missingBase = new Counting(BaseStatement.class);
    assertThat(superTypes.ofClassFile(internal(LeafStatement.class), bytes(LeafStatement.class), missingBase))
        .isZero();
    assertThat(superTypes.ofClassFile("Broken", new byte[] {(byte) 0xCA, (byte) 0xFE}, loader)).isZero();
  }

  private int defining(Class<?> type) {
    return superTypes.ofClassFile(internal(type), bytes(type), loader);
  }

  private static String internal(Class<?> type) {
    return type.getName().replace('.', '/');
  }

  static byte[] bytes(Class<?> type) {
    try (InputStream in = ClassLoader.getSystemResourceAsStream(internal(type) + ".class")) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A class loader that counts the class files read through it; one given as missing is never found. */
  private static final class Counting extends ClassLoader {
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final String missing;

    Counting(Class<?> missing) {
      super(SuperTypesTest.class.getClassLoader());
      this.missing = missing == null ? null : internal(missing) + ".class";
    }

    int read(Class<?> type) {
      AtomicInteger count = counts.get(internal(type) + ".class");
      return count == null ? 0 : count.get();
    }

    @Override
    public InputStream getResourceAsStream(String name) {
      counts.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
      return name.equals(missing) ? null : super.getResourceAsStream(name);
    }
  }
}
