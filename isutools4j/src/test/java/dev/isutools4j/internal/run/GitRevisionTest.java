package dev.isutools4j.internal.run;

import static dev.isutools4j.internal.run.TempGitRepo.git;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The revision looked up in real git work trees, made in a temp folder outside any other. */
class GitRevisionTest {

  @TempDir
  Path temp;
  private Path repo;
  private Path outside;

  @BeforeEach
  void folders() throws Exception {
    TempGitRepo.outsideAnyWorkTree(temp);
    repo = temp.resolve("repo");
    outside = Files.createDirectories(temp.resolve("cwd"));
  }

  @Test
  void readsHeadAndTheDirtyFlagOfTheWorkingDirectory() throws Exception {
    TempGitRepo.requireGit();
    String head = TempGitRepo.init(repo);
    Path sub = Files.createDirectories(repo.resolve("a/b"));

    GitRevision clean = GitRevision.of(sub, null);
    assertThat(clean).isEqualTo(new GitRevision(head, false, "working directory " + sub));

    Files.writeString(repo.resolve("app.txt"), "v2");
    assertThat(GitRevision.of(sub, null).dirty()).isTrue();
  }

  @Test
  void fromTheJarsFolderWhenTheWorkingDirectoryHasNone() throws Exception {
    TempGitRepo.requireGit();
    String head = TempGitRepo.init(repo);
    Path jar = TempGitRepo.jar(repo.resolve("target/app.jar"), "app/Main.class");
    List<RevisionPlace> places = RevisionPlaces.of(
        Map.of("java.class.path", jar.toString(), "sun.java.command", jar + " serve")::get, outside, null);

    GitRevision found = GitRevision.find(null, places);

    assertThat(found).isEqualTo(new GitRevision(head, false, "jar " + jar));
    Files.writeString(repo.resolve("app.txt"), "v2");
    assertThat(GitRevision.find(null, places).dirty()).isTrue();
  }

  @Test
  void aLinkedWorktreeHasADotGitFile() throws Exception {
    TempGitRepo.requireGit();
    String main = TempGitRepo.init(repo);
    Path linked = temp.resolve("linked");
    git(repo, "worktree", "add", "-q", "-b", "other", linked.toString());
    Files.writeString(linked.resolve("app.txt"), "other");
    String other = TempGitRepo.commit(linked, "app.txt", "other");
    Path jar = TempGitRepo.jar(linked.resolve("target/app.jar"), "app/Main.class");

    GitRevision found = GitRevision.find(null,
        List.of(RevisionPlace.workingDirectory(outside), RevisionPlace.classPathEntry(jar)));

    assertThat(linked.resolve(".git")).isRegularFile();
    assertThat(other).isNotEqualTo(main);
    assertThat(found).isEqualTo(new GitRevision(other, false, "jar " + jar));
  }

  @Test
  void noWorkTreeSaysWhereItLooked() throws Exception {
    Path jar = TempGitRepo.jar(temp.resolve("srv/app.jar"), "app/Main.class");

    GitRevision none = GitRevision.find(null,
        List.of(RevisionPlace.workingDirectory(outside), RevisionPlace.classPathEntry(jar)));

    assertThat(none.revision()).isNull();
    assertThat(none.dirty()).isFalse();
    assertThat(none.source()).isEqualTo("none: no git work tree at " + outside + " or " + jar.getParent());
  }

  @Test
  void aWorkTreeGitCannotReadIsReportedAndTheNextPlaceAsked() throws Exception {
    TempGitRepo.requireGit();
    Path broken = Files.createDirectories(temp.resolve("broken"));
    Files.writeString(broken.resolve(".git"), "gitdir: " + temp.resolve("gone"));
    Files.createDirectories(repo);
    git(repo, "init", "-q");
    Path jar = TempGitRepo.jar(repo.resolve("app.jar"), "app/Main.class");

    GitRevision noCommit = GitRevision.find(null,
        List.of(RevisionPlace.workingDirectory(broken), RevisionPlace.classPathEntry(jar)));
    assertThat(noCommit.revision()).isNull();
    assertThat(noCommit.source())
        .startsWith("none: git rev-parse HEAD failed in " + broken + ": fatal: ")
        .contains("; git rev-parse HEAD failed in " + repo + ": ");

    Files.writeString(repo.resolve("app.txt"), "v1");
    String head = TempGitRepo.commit(repo, "app.txt", "v1");
    assertThat(GitRevision.find(null,
        List.of(RevisionPlace.workingDirectory(broken), RevisionPlace.classPathEntry(jar))))
        .isEqualTo(new GitRevision(head, false, "jar " + jar));
  }

  @Test
  void theSettingWinsAndIsNeverDirty() throws Exception {
    TempGitRepo.requireGit();
    TempGitRepo.init(repo);
    Files.writeString(repo.resolve("app.txt"), "v2");

    assertThat(GitRevision.of(repo, " release-7 ")).isEqualTo(new GitRevision("release-7", false, "setting"));
  }
}
