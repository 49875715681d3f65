package dev.isutools4j.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.run.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * One measured benchmark: reset, the user's benchmarker, save with its score and verdict, and a
 * short summary with the run's address.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Reset, run a benchmarker command, save the run with its score: "
        + "isutools4j bench [options] -- <command ...>")
final class BenchCommand implements Callable<Integer> {

  /** The captured output is cut to its last part beyond this, which holds the verdict. */
  private static final int CAPTURE_LIMIT = 8 << 20;
  private static final int TOP_MOVES = 5;

  @Option(names = "--addr", defaultValue = Settings.DEFAULT_ADDR,
      description = "the app's isutools4j admin server (default: ${DEFAULT-VALUE})")
  String addr;

  @Option(names = "--score-regex", paramLabel = "REGEX",
      description = "take the score from the first group of this pattern's last match in the output"
          + " (default: the last JSON object's score)")
  String scoreRegex;

  @Option(names = "--note", paramLabel = "TEXT", description = "a note saved with the run")
  String note;

  @Option(names = "--token", description = "the admin server's token (default: $ISUTOOLS_TOKEN)")
  String token;

  @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "the benchmarker and its arguments")
  List<String> command;

  PrintStream out = System.out;
  PrintStream err = System.err;

  @Override
  public Integer call() throws Exception {
    Pattern pattern;
    try {
      pattern = scoreRegex == null ? null : Pattern.compile(scoreRegex);
    } catch (PatternSyntaxException e) {
      err.println("isutools4j bench: --score-regex is not a pattern: " + e.getDescription());
      return 2;
    }
    AdminClient admin = new AdminClient(addr, token != null ? token : System.getenv("ISUTOOLS_TOKEN"));
    String id;
    try {
      id = admin.reset();
    } catch (IOException e) {
      err.println("isutools4j bench: cannot reset the run on " + addr + " (is the app running?): "
          + e.getMessage());
      return 1;
    }
    err.println("[bench] run " + id + ": " + String.join(" ", command));

    Process process;
    try {
      process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
          .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
    } catch (IOException e) {
      err.println("isutools4j bench: cannot start " + command.get(0) + ": " + e.getMessage()
          + " (the run " + id + " stays open)");
      return 1;
    }
    String stdout = tee(process.getInputStream());
    int exit = process.waitFor();

    BenchOutput verdict = BenchOutput.read(stdout, pattern, exit);
    String savedNote = (note == null || note.isBlank() ? "" : note.trim() + " ") + "(exit " + exit + ")";
    try {
      admin.save(verdict.score(), verdict.pass(), savedNote);
    } catch (IOException e) {
      err.println("isutools4j bench: the run " + id + " could not be saved: " + e.getMessage());
      return 1;
    }
    out.println();
    out.println("run " + id + ": score " + (verdict.score() == null ? "none" : verdict.score())
        + ", " + (verdict.pass() ? "pass" : "FAIL") + ", exit " + exit);
    out.println(admin.base() + "/runs/" + id);
    printMoves(admin, id);
    return exit;
  }

  /** Copies the stream to {@link #out} as it comes and returns it (its last part, when huge). */
  private String tee(InputStream in) throws IOException {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    int n;
    while ((n = in.read(buffer)) >= 0) {
      out.write(buffer, 0, n);
      out.flush();
      captured.write(buffer, 0, n);
      if (captured.size() > CAPTURE_LIMIT) {
        byte[] all = captured.toByteArray();
        captured.reset();
        captured.write(all, all.length / 2, all.length - all.length / 2);
      }
    }
    return captured.toString(StandardCharsets.UTF_8);
  }

  /** The biggest changes against the previous run, when the server has a diff; else nothing. */
  private void printMoves(AdminClient admin, String id) {
    try {
      String previous = previousRun(admin, id);
      if (previous == null) {
        return;
      }
      HttpResponse<String> diff = admin.get("/api/diff?a=" + enc(previous) + "&b=" + enc(id));
      if (diff.statusCode() != 200) {
        return;
      }
      Object parsed = JSON.std.anyFrom(diff.body());
      Object moves = parsed instanceof Map<?, ?> map ? map.get("moves") : parsed;
      if (moves instanceof List<?> list && !list.isEmpty()) {
        out.println("top moves against " + previous + ":");
        for (Object move : list.subList(0, Math.min(TOP_MOVES, list.size()))) {
          out.println("  " + describe(move));
        }
      }
    } catch (IOException | RuntimeException ignored) {
      // No diff on this server, or one this command cannot read: the summary above is enough.
    }
  }

  private static String previousRun(AdminClient admin, String id) throws IOException {
    HttpResponse<String> runs = admin.get("/api/runs");
    if (runs.statusCode() != 200) {
      return null;
    }
    boolean seen = false;
    for (Object run : JSON.std.listFrom(runs.body())) {
      if (run instanceof Map<?, ?> meta && meta.get("id") != null && meta.get("problem") == null) {
        if (seen) {
          return String.valueOf(meta.get("id"));
        }
        seen = id.equals(meta.get("id"));
      }
    }
    return null;
  }

  private static String describe(Object move) {
    if (move instanceof Map<?, ?> map && map.get("summary") != null) {
      return String.valueOf(map.get("summary"));
    }
    return String.valueOf(move);
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
