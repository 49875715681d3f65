package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainClassTest {

  private static final String BOOT = "org.springframework.boot.loader.launch.JarLauncher";

  @TempDir
  Path dir;

  private static MainClass find(String command, String classPath) {
    return MainClass.find(command, classPath, null, () -> null);
  }

  @Test
  void aPlainJavaCommandNamesItsMainClass() {
    assertThat(find("com.example.shop.ShopApplication --port 8080", "target/classes:lib/a.jar"))
        .isEqualTo(new MainClass("com.example.shop.ShopApplication", "sun.java.command"));
    assertThat(find("com.example.shop/com.example.shop.ShopApplication serve", ""))
        .isEqualTo(new MainClass("com.example.shop.ShopApplication", "sun.java.command"));
  }

  @Test
  void aSpringBootJarNamesItsStartClass() throws IOException {
    Path jar = jar("petclinic.jar", Map.of("Main-Class", BOOT,
        "Start-Class", "org.springframework.samples.petclinic.PetClinicApplication"));
    assertThat(find(jar + " --server.port=8080", jar.toString())).isEqualTo(new MainClass(
        "org.springframework.samples.petclinic.PetClinicApplication", "Start-Class of petclinic.jar"));
    // Spring Boot's properties launcher runs loader.main when it is set.
    Path properties = jar("props.jar", Map.of("Main-Class",
        "org.springframework.boot.loader.launch.PropertiesLauncher", "Start-Class", "com.example.A"));
    assertThat(MainClass.find(properties.toString(), properties.toString(), "com.example.B", () -> null))
        .isEqualTo(new MainClass("com.example.B", "loader.main"));
    assertThat(MainClass.find(jar.toString(), jar.toString(), "com.example.B", () -> null).name())
        .isEqualTo("org.springframework.samples.petclinic.PetClinicApplication");
  }

  @Test
  void aPlainJarNamesItsMainClassEvenWithSpacesInItsPath() throws IOException {
    Files.createDirectories(dir.resolve("my apps"));
    Path jar = jar("my apps/shop.jar", Map.of("Main-Class", "com.example.shop.Main"));
    assertThat(find(jar + " serve --port 1", jar.toString()))
        .isEqualTo(new MainClass("com.example.shop.Main", "Main-Class of shop.jar"));
  }

  @Test
  void anUnpackedSpringBootJarIsReadFromItsFolder() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("unpacked/META-INF"));
    Manifest manifest = manifest(Map.of("Main-Class", BOOT, "Start-Class", "com.example.shop.Main"));
    try (OutputStream out = Files.newOutputStream(folder.resolve("MANIFEST.MF"))) {
      manifest.write(out);
    }
    String classPath = dir.resolve("nothing-here.jar") + File.pathSeparator + dir.resolve("unpacked");
    assertThat(find(BOOT + " serve", classPath))
        .isEqualTo(new MainClass("com.example.shop.Main", "Start-Class of unpacked"));
    // Without a Start-Class anywhere the launcher is all there is to tell.
    assertThat(find(BOOT, dir.resolve("nothing-here.jar").toString()))
        .isEqualTo(new MainClass(BOOT, "sun.java.command"));
  }

  @Test
  void withoutACommandTheMainThreadTells() throws IOException {
    assertThat(MainClass.find(null, "x.jar", null, () -> "com.example.Embedded"))
        .isEqualTo(new MainClass("com.example.Embedded", "the main thread"));
    Path broken = Files.writeString(dir.resolve("broken.jar"), "not a zip");
    assertThat(MainClass.find(broken.toString(), broken.toString(), null, () -> "com.example.Embedded"))
        .isEqualTo(new MainClass("com.example.Embedded", "the main thread"));
    assertThat(MainClass.find(" ", null, null, () -> null)).isNull();
  }

  @Test
  void thisJvmHasOne() {
    // Surefire's fork: a launcher, read from sun.java.command or from a jar's manifest.
    MainClass self = MainClass.ofThisJvm();
    assertThat(self).isNotNull();
    assertThat(self.name()).isNotBlank();
    assertThat(AppPackages.of(java.util.List.of(), self).mainPackage()).isNull();
  }

  private Path jar(String name, Map<String, String> attributes) throws IOException {
    Path jar = dir.resolve(name);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest(attributes))) {
      out.putNextEntry(new JarEntry("BOOT-INF/classes/"));
      out.closeEntry();
    }
    try (JarFile written = new JarFile(jar.toFile())) {
      assertThat(written.getManifest()).isNotNull();
    }
    return jar;
  }

  private static Manifest manifest(Map<String, String> attributes) {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    attributes.forEach((k, v) -> manifest.getMainAttributes().putValue(k, v));
    return manifest;
  }
}
