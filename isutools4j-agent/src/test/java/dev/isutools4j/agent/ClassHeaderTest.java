package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import testapp.SuperTypeFixtures;

class ClassHeaderTest {

  @Test
  void everyClassOfTheJdksSqlAndUtilPackagesReadsAsReflectionSeesIt() throws Exception {
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    List<Path> files = new ArrayList<>();
    for (String dir : List.of("/modules/java.sql/java/sql", "/modules/java.sql/javax/sql",
        "/modules/java.base/java/util", "/modules/java.base/java/lang")) {
      try (Stream<Path> walk = Files.walk(jrt.getPath(dir))) {
        walk.filter(p -> p.toString().endsWith(".class") && !p.toString().endsWith("module-info.class"))
            .forEach(files::add);
      }
    }
    assertThat(files).hasSizeGreaterThan(1000);
    int compared = 0;
    for (Path file : files) {
      String name = file.toString().replaceFirst("^/modules/[^/]+/", "").replace(".class", "");
      Class<?> type;
      try {
        type = Class.forName(name.replace('/', '.'), false, null);
      } catch (ClassNotFoundException | LinkageError notLoadable) {
        continue;
      }
      ClassHeader header = ClassHeader.read(Files.readAllBytes(file));
      assertThat(header.superName()).as(name).isEqualTo(superName(type));
      assertThat(header.interfaces()).as(name)
          .isEqualTo(Arrays.stream(type.getInterfaces()).map(ClassHeaderTest::internal).toList());
      compared++;
    }
    assertThat(compared).isGreaterThan(1000);
  }

  @Test
  void theTestsOwnNestedAndGenericClassesToo() {
    for (Class<?> type : List.of(SuperTypeFixtures.StatementAndResultSet.class, SuperTypeFixtures.OwnStatement.class,
        ClassHeaderTest.class, AgentTransformer.class)) {
      ClassHeader header = ClassHeader.read(SuperTypesTest.bytes(type));
      assertThat(header.superName()).isEqualTo(superName(type));
      assertThat(header.interfaces()).isEqualTo(Arrays.stream(type.getInterfaces()).map(ClassHeaderTest::internal).toList());
    }
  }

  @Test
  void whatIsNoClassFileIsSaidSo() throws IOException {
    byte[] real = SuperTypesTest.bytes(String.class);
    assertThatThrownBy(() -> ClassHeader.read(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("not a class file");
    for (int length : new int[] {0, 4, 9, 10, 200}) { // all within the constant pool
      byte[] cut = Arrays.copyOf(real, length);
      assertThatThrownBy(() -> ClassHeader.read(cut)).as("cut at %d", length)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  /** As the class file names it: an interface's super class is Object, where reflection says null. */
  private static String superName(Class<?> type) {
    if (type.isInterface()) {
      return "java/lang/Object";
    }
    return type.getSuperclass() == null ? null : internal(type.getSuperclass());
  }

  private static String internal(Class<?> type) {
    return type.getName().replace('.', '/');
  }
}
