package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import testapp.SuperTypeFixtures;

/** The transformer on real class files: H2's JDBC classes, the tests' own, and broken bytes. */
class AgentTransformerTest {

  private static final ClassLoader LOADER = AgentTransformerTest.class.getClassLoader();
  private static final Module UNNAMED = AgentTransformerTest.class.getModule();

  private final AgentTransformer transformer = new AgentTransformer();

  @Test
  void aDriversStatementIsWovenAndGetsTheFieldItsConnectionOnlyHooks() throws IOException {
    byte[] statement = transformed("org/h2/jdbc/JdbcPreparedStatement");
    assertThat(statement).isNotNull();
    assertThat(List.of(new ClassReader(statement).getInterfaces())).contains(InjectedFields.INTERFACE);
    byte[] connection = transformed("org/h2/jdbc/JdbcConnection");
    assertThat(connection).isNotNull();
    assertThat(List.of(new ClassReader(connection).getInterfaces())).doesNotContain(InjectedFields.INTERFACE);
    assertThat(transformer.transformations()).isEqualTo(2);
    assertThat(transformer.failures()).isZero();
  }

  @Test
  void aRetransformedStatementKeepsItsFormat() throws IOException {
    byte[] retransformed = transformer.transform(UNNAMED, LOADER, "org/h2/jdbc/JdbcPreparedStatement",
        org.h2.jdbc.JdbcPreparedStatement.class, null, classFile("org/h2/jdbc/JdbcPreparedStatement"));
    assertThat(retransformed).as("woven").isNotNull();
    assertThat(List.of(new ClassReader(retransformed).getInterfaces()))
        .doesNotContain(InjectedFields.INTERFACE);
  }

  @Test
  void interfacesPlainClassesAndTheJdksOwnAreLeftAlone() throws IOException {
    assertThat(transformed(internal(SuperTypeFixtures.OwnStatement.class))).as("an interface").isNull();
    assertThat(transformed(internal(SuperTypeFixtures.Plain.class))).isNull();
    assertThat(transformer.transform(UNNAMED, null, "java/sql/DriverManager", null, null,
        SuperTypesTest.bytes(java.sql.DriverManager.class))).isNull();
    assertThat(transformed(internal(AgentTransformer.class))).as("isutools4j's own").isNull();
    assertThat(transformer.transform(UNNAMED, LOADER, null, null, null, new byte[0])).as("no name").isNull();
    assertThat(transformer.transformations()).isZero();
  }

  @Test
  void aClassThatCannotBeReadIsCountedInHealthAndLeftAsItIs() {
    long before = Health.failures();
    byte[] broken = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 0, 9};
    assertThat(transformer.transform(UNNAMED, LOADER, Hooks.COYOTE_ADAPTER, null, null, broken)).isNull();
    assertThat(transformer.failures()).isEqualTo(1);
    assertThat(Health.failures() - before).isEqualTo(1);
    assertThat(Health.last().where()).isEqualTo("agent: instrument org.apache.catalina.connector.CoyoteAdapter");
  }

  private byte[] transformed(String internalName) throws IOException {
    return transformer.transform(UNNAMED, LOADER, internalName, null, null, classFile(internalName));
  }

  private static byte[] classFile(String internalName) throws IOException {
    try (InputStream in = LOADER.getResourceAsStream(internalName + ".class")) {
      return in.readAllBytes();
    }
  }

  private static String internal(Class<?> type) {
    return type.getName().replace('.', '/');
  }
}
