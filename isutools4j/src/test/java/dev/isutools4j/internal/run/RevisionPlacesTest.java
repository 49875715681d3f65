package dev.isutools4j.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RevisionPlacesTest {

  @TempDir
  Path temp;

  @Test
  void theWorkingDirectoryThenTheJarOfJavaDashJar() throws Exception {
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    Path jar = TempGitRepo.jar(temp.resolve("srv/app.jar"), "app/Main.class");

    List<RevisionPlace> places = RevisionPlaces.of(
        Map.of("java.class.path", "../srv/app.jar", "sun.java.command", "../srv/app.jar serve --port 1")::get,
        cwd, null);

    assertThat(places).containsExactly(RevisionPlace.workingDirectory(cwd), new RevisionPlace("jar", jar));
    assertThat(places.get(1).start()).isEqualTo(jar.getParent());
  }

  @Test
  void theMainClassesJarOrFolderAfterTheClassPath() throws Exception {
    Path cwd = Files.createDirectories(temp.resolve("cwd"));
    Path classes = Files.createDirectories(temp.resolve("build/classes"));
    Path jar = TempGitRepo.jar(temp.resolve("lib/app.jar"), "app/Main.class");
    Map<String, String> properties = new HashMap<>();
    properties.put("java.class.path", classes + File.pathSeparator + jar);
    properties.put("sun.java.command", "app.Main --flag");

    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      assertThat(RevisionPlaces.of(properties::get, cwd, loader)).containsExactly(
          RevisionPlace.workingDirectory(cwd), new RevisionPlace("classes folder", classes),
          new RevisionPlace("jar", jar));
    }

    Path main = Files.createDirectories(classes.resolve("app")).resolve("Main.class");
    Files.write(main, new byte[] {1});
    properties.put("java.class.path", jar.toString());
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
      assertThat(RevisionPlaces.of(properties::get, cwd, loader)).containsExactly(
          RevisionPlace.workingDirectory(cwd), new RevisionPlace("jar", jar),
          new RevisionPlace("classes folder", classes));
    }
  }

  @Test
  void aLinkedJarIsFollowedToWhereItWasBuilt() throws Exception {
    TempGitRepo.outsideAnyWorkTree(temp);
    TempGitRepo.requireGit();
    Path repo = temp.resolve("repo");
    String head = TempGitRepo.init(repo);
    Path built = TempGitRepo.jar(repo.resolve("target/app.jar"), "app/Main.class");
    Path deployed = Files.createSymbolicLink(Files.createDirectories(temp.resolve("srv")).resolve("app.jar"), built);
    Path cwd = Files.createDirectories(temp.resolve("cwd"));

    List<RevisionPlace> places = RevisionPlaces.of(Map.of("java.class.path", deployed.toString())::get, cwd, null);

    assertThat(places).containsExactly(RevisionPlace.workingDirectory(cwd), new RevisionPlace("jar", deployed),
        new RevisionPlace("jar", built.toRealPath()));
    assertThat(GitRevision.find(null, places)).isEqualTo(new GitRevision(head, false, "jar " + built.toRealPath()));
  }

  @Test
  void nothingKnownLeavesTheWorkingDirectory() {
    assertThat(RevisionPlaces.of(name -> null, temp, null)).containsExactly(RevisionPlace.workingDirectory(temp));
    assertThat(RevisionPlaces.of(Map.of("java.class.path", "", "sun.java.command", "no such thing")::get, temp,
        ClassLoader.getSystemClassLoader())).containsExactly(RevisionPlace.workingDirectory(temp));
  }
}
