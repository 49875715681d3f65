package dev.isutools4j.internal.run;

import dev.isutools4j.testing.Executables;
import dev.isutools4j.testing.Requirement;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Real git work trees and jars in a test's temp folder, made with the installed git. */
final class TempGitRepo {

  private TempGitRepo() {}

  static void requireGit() {
    Requirement.require("git", Executables.find("git").isPresent(), "no git on PATH; install git");
  }

  /** A new work tree at {@code dir} with one committed file; returns HEAD. */
  static String init(Path dir) throws Exception {
    Files.createDirectories(dir);
    git(dir, "init", "-q");
    Files.writeString(dir.resolve("app.txt"), "v1");
    return commit(dir, "app.txt", "v1");
  }

  /** Adds the file as it is and commits it; returns the new HEAD. */
  static String commit(Path dir, String file, String message) throws Exception {
    git(dir, "add", file);
    git(dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", message);
    return git(dir, "rev-parse", "HEAD").strip();
  }

  /** Runs git in {@code dir}; returns its output, or fails with it. */
  static String git(Path dir, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + ": " + out);
    }
    return out;
  }

  /** A jar holding the given entries, each with a few bytes. */
  static Path jar(Path file, String... entries) throws IOException {
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
      for (String entry : entries) {
        jar.putNextEntry(new JarEntry(entry));
        jar.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
        jar.closeEntry();
      }
    }
    return file;
  }

  /** Fails unless no folder from {@code dir} up is inside a git work tree (a test's premise). */
  static Path outsideAnyWorkTree(Path dir) {
    if (GitWorkTree.containing(dir).isPresent()) {
      throw new IllegalStateException(dir + " is inside the git work tree "
          + GitWorkTree.containing(dir).get() + "; set java.io.tmpdir to a folder outside one");
    }
    return dir;
  }
}
