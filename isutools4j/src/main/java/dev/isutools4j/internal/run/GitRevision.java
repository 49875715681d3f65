package dev.isutools4j.internal.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The git revision the app runs from, whether its work tree has uncommitted changes, and where it
 * was found.
 *
 * @param revision the commit id, or null when no work tree (or no git) answered
 * @param source {@code setting}, a {@link RevisionPlace#description()} such as {@code jar
 *     /srv/app/app.jar}, or {@code none: } and why; null when nobody looked (in tests)
 */
public record GitRevision(String revision, boolean dirty, String source) {

  public static final GitRevision UNKNOWN = new GitRevision(null, false, null);
  public static final String SETTING = "setting";
  public static final String NONE = "none: ";
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
  private static final int CHANGED = 1;

  /** A revision with no source recorded. */
  public GitRevision(String revision, boolean dirty) {
    this(revision, dirty, null);
  }

  /** The override when given, else what git says about {@code workDir}. */
  public static GitRevision of(Path workDir, String override) {
    return find(override, List.of(RevisionPlace.workingDirectory(workDir)));
  }

  /**
   * The override when given (never dirty), else the revision of the first place, in order, that is
   * inside a git work tree git answers for; else none, saying where it looked and what failed.
   */
  public static GitRevision find(String override, List<RevisionPlace> places) {
    if (override != null && !override.isBlank()) {
      return new GitRevision(override.trim(), false, SETTING);
    }
    Set<Path> asked = new HashSet<>();
    Set<String> outside = new LinkedHashSet<>();
    List<String> failed = new ArrayList<>();
    for (RevisionPlace place : places) {
      Optional<Path> tree = GitWorkTree.containing(place.start());
      if (tree.isEmpty()) {
        outside.add(place.start().toString());
        continue;
      }
      if (!asked.add(tree.get())) {
        continue; // that work tree has answered already, and not with a revision
      }
      GitCommand.Result head = GitCommand.run(tree.get(), "rev-parse", "--verify", "HEAD");
      if (head.exit() != 0 || !COMMIT.matcher(head.lastLine()).matches()) {
        failed.add("git rev-parse HEAD failed in " + tree.get() + ": " + head.message());
        continue;
      }
      // Exit code 1 means tracked files differ from HEAD; it prints nothing.
      GitCommand.Result diff = GitCommand.run(tree.get(), "diff-index", "--quiet", "HEAD", "--");
      return new GitRevision(head.lastLine(), diff.exit() == CHANGED, place.description());
    }
    return new GitRevision(null, false, NONE + why(outside, failed));
  }

  private static String why(Set<String> outside, List<String> failed) {
    List<String> reasons = new ArrayList<>(failed);
    if (!outside.isEmpty()) {
      reasons.add("no git work tree at " + String.join(" or ", outside));
    }
    return reasons.isEmpty() ? "nowhere to look" : String.join("; ", reasons);
  }
}
