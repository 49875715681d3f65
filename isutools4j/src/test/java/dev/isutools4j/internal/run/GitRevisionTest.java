package dev.isutools4j.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitRevisionTest {

  @TempDir
  Path repo;

  private void git(String... args) throws Exception {
    String[] command = new String[args.length + 3];
    command[0] = "git";
    command[1] = "-C";
    command[2] = repo.toString();
    System.arraycopy(args, 0, command, 3, args.length);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + ": " + out);
    }
  }

  @Test
  void readsHeadAndTheDirtyFlag() throws Exception {
    Assumptions.assumeTrue(new ProcessBuilder("git", "--version").start().waitFor() == 0,
        "git is not installed");
    git("init", "-q");
    Files.writeString(repo.resolve("app.txt"), "v1");
    git("add", "app.txt");
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "v1");

    GitRevision clean = GitRevision.of(repo, null);
    assertThat(clean.revision()).matches("[0-9a-f]{40}");
    assertThat(clean.dirty()).isFalse();

    Files.writeString(repo.resolve("app.txt"), "v2");
    assertThat(GitRevision.of(repo, null).dirty()).isTrue();
  }

  @Test
  void theOverrideWinsAndNoRepositoryIsUnknown() {
    assertThat(GitRevision.of(repo, "release-7")).isEqualTo(new GitRevision("release-7", false));
    assertThat(GitRevision.of(repo, null)).isEqualTo(GitRevision.UNKNOWN);
  }
}
