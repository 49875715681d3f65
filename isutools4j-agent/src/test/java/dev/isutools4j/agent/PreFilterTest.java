package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import testapp.SuperTypeFixtures;

class PreFilterTest {

  private static final ClassLoader LOADER = PreFilterTest.class.getClassLoader();

  private final PreFilter filter = new PreFilter(null,
      new SuperTypes(List.of("java.sql.Statement", "java.sql.ResultSet")),
      Set.of("org/apache/catalina/connector/CoyoteAdapter"));

  @Test
  void aClassReachesByteBuddyWhenItsHeaderSaysItImplementsAnInstrumentedInterface() {
    assertThat(wanted(SuperTypeFixtures.LeafStatement.class)).isTrue();
    assertThat(wanted(SuperTypeFixtures.StatementAndResultSet.class)).isTrue();
    assertThat(wanted(SuperTypeFixtures.Plain.class)).isFalse();
    assertThat(wanted(PreFilterTest.class)).isFalse();
  }

  @Test
  void byNameOrAsAlreadyLoadedItAlwaysDoesAndTheJdksOwnNever() {
    assertThat(filter.wanted(LOADER, "org/apache/catalina/connector/CoyoteAdapter", null, new byte[0]))
        .as("instrumented by name, whatever its bytes").isTrue();
    assertThat(filter.wanted(LOADER, internal(SuperTypeFixtures.Plain.class), SuperTypeFixtures.Plain.class,
        SuperTypesTest.bytes(SuperTypeFixtures.Plain.class))).as("retransformed: Byte Buddy decides").isTrue();
    assertThat(filter.wanted(LOADER, null, null, new byte[0])).as("no name: Byte Buddy decides").isTrue();
    assertThat(filter.wanted(null, "java/sql/DriverManager", null, SuperTypesTest.bytes(java.sql.DriverManager.class)))
        .isFalse();
    assertThat(filter.wanted(LOADER, internal(Instrumentations.class), null, SuperTypesTest.bytes(Instrumentations.class)))
        .as("isutools4j's own").isFalse();
  }

  @Test
  void bytesThatAreNoClassFileAreLeftAlone() {
    assertThat(filter.wanted(LOADER, "com/example/Broken", null, new byte[] {1, 2, 3})).isFalse();
  }

  private boolean wanted(Class<?> type) {
    return filter.wanted(LOADER, internal(type), null, SuperTypesTest.bytes(type));
  }

  private static String internal(Class<?> type) {
    return type.getName().replace('.', '/');
  }
}
