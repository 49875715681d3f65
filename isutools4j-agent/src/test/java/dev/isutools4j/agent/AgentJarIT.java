package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The agent jar is one self-contained jar whose third-party classes can never meet the app's. */
class AgentJarIT {

  @Test
  void itIsAnAgentAndEveryClassLivesUnderTheProjectsPackage() throws Exception {
    List<String> foreign = new ArrayList<>();
    try (JarFile jar = new JarFile(AgentJvm.agentJar().toFile())) {
      Attributes manifest = jar.getManifest().getMainAttributes();
      assertThat(manifest.getValue("Premain-Class")).isEqualTo(IsutoolsAgent.class.getName());
      assertThat(manifest.getValue("Agent-Class")).isEqualTo(IsutoolsAgent.class.getName());
      assertThat(manifest.getValue("Can-Retransform-Classes")).isEqualTo("true");
      jar.stream()
          .map(e -> e.getName())
          .filter(n -> n.endsWith(".class"))
          .filter(n -> !n.startsWith("dev/isutools4j/"))
          // async-profiler's native methods are bound to its own class names.
          .filter(n -> !n.startsWith("one/profiler/"))
          // The library's jar carries these copies; ignored, as neither jar is multi-release.
          .filter(n -> !n.startsWith("META-INF/versions/"))
          .forEach(foreign::add);
      assertThat(jar.getEntry("dev/isutools4j/internal/shaded/asm/ClassReader.class")).isNotNull();
      assertThat(jar.getEntry("dev/isutools4j/internal/shaded/asm/tree/MethodNode.class")).isNotNull();
      assertThat(jar.getEntry("dev/isutools4j/jdbc/IsutoolsDriver.class")).isNotNull();
      assertThat(jar.getEntry("dev/isutools4j/agent/HttpServerContexts.class")).isNotNull();
      assertThat(jar.stream().anyMatch(e -> e.getName().contains("bytebuddy")))
          .as("the agent weaves with ASM alone").isFalse();
    }
    assertThat(foreign).isEmpty();
  }
}
