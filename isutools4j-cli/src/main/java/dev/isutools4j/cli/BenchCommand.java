package dev.isutools4j.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.settings.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * One measured benchmark: reset, the user's benchmarker, save with its score and verdict, and a
 * short summary with the run's address. With {@code --repeat N}, N such runs of the same code and
 * label in a row: the repeats whose band (lowest to highest score, median) the history shows.
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

  @Option(names = "--label", paramLabel = "TEXT",
      description = "the configuration this run measures, such as a tuning level (default: the"
          + " server's isutools.label); runs are repeats only under the same label")
  String label;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
      description = "run the benchmark N times in a row, each run reset and saved"
          + " (default: ${DEFAULT-VALUE}); three or more give a band in the history")
  int repeat;

  @Option(names = "--token",
      description = "the admin server's token (default: isutools.token, $ISUTOOLS_TOKEN)")
  String token;

  @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "the benchmarker and its arguments")
  List<String> command;

  PrintStream out = System.out;
  PrintStream err = System.err;
  // Where the settings are read, as the library reads them: the system properties, then these.
  Function<String, String> properties = System::getProperty;
  Map<String, String> env = System.getenv();

  @Override
  public Integer call() throws Exception {
    Pattern pattern;
    try {
      pattern = scoreRegex == null ? null : Pattern.compile(scoreRegex);
    } catch (PatternSyntaxException e) {
      err.println("isutools4j bench: --score-regex is not a pattern: " + e.getDescription());
      return 2;
    }
    if (repeat < 1) {
      err.println("isutools4j bench: --repeat must be at least 1, got " + repeat);
      return 2;
    }
    AdminClient admin = new AdminClient(addr, AdminClient.token(token, properties, env));
    List<Long> scores = new ArrayList<>();
    int firstFailure = 0;
    for (int i = 1; i <= repeat; i++) {
      Outcome run = once(admin, pattern, i);
      if (run.exit() < 0) {
        return 1;
      }
      if (run.score() != null) {
        scores.add(run.score());
      }
      firstFailure = firstFailure == 0 ? run.exit() : firstFailure;
    }
    if (repeat > 1) {
      out.println(band(scores));
    }
    return firstFailure;
  }

  /** One run's benchmarker exit (-1 when the run could not be reset, started or saved) and score. */
  private record Outcome(int exit, Long score) {}

  private Outcome once(AdminClient admin, Pattern pattern, int index)
      throws IOException, InterruptedException {
    String id;
    try {
      id = admin.reset();
    } catch (IOException e) {
      err.println("isutools4j bench: cannot reset the run on " + addr + " (is the app running?): "
          + e.getMessage());
      return new Outcome(-1, null);
    }
    err.println("[bench] run " + id + (repeat > 1 ? " (" + index + " of " + repeat + ")" : "")
        + ": " + String.join(" ", command));

    Process process;
    try {
      process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
          .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
    } catch (IOException e) {
      err.println("isutools4j bench: cannot start " + command.get(0) + ": " + e.getMessage()
          + " (the run " + id + " stays open)");
      return new Outcome(-1, null);
    }
    String stdout = tee(process.getInputStream());
    int exit = process.waitFor();

    BenchOutput verdict = BenchOutput.read(stdout, pattern, exit);
    // Repeats save the same note: a note is part of what makes runs repeats of each other.
    String savedNote = (note == null || note.isBlank() ? "" : note.trim() + " ") + "(exit " + exit + ")";
    String saved;
    try {
      saved = admin.save(verdict.score(), verdict.pass(), savedNote, label);
    } catch (IOException e) {
      err.println("isutools4j bench: the run " + id + " could not be saved: " + e.getMessage());
      return new Outcome(-1, null);
    }
    out.println();
    out.println("run " + id + ": score " + (verdict.score() == null ? "none" : verdict.score())
        + ", " + (verdict.pass() ? "pass" : "FAIL") + ", exit " + exit + partial(saved));
    out.println(admin.base() + "/runs/" + id);
    if (index == 1) {
      printMoves(admin, id); // later repeats against earlier ones would only show the noise
    }
    return new Outcome(exit, verdict.score());
  }

  /**
   * What the save's answer says of a run across hosts that lacks some host's part, such as
   * {@code " (partial: db missing: at save: timed out after 30000 ms)"}; nothing for a whole run
   * (or an answer this command cannot read).
   */
  static String partial(String saveAnswer) {
    try {
      Map<String, Object> answer = JSON.std.mapFrom(saveAnswer);
      if (!Boolean.TRUE.equals(answer.get("partial"))) {
        return "";
      }
      List<String> missing = new ArrayList<>();
      if (answer.get("missing") instanceof List<?> hosts) {
        for (Object host : hosts) {
          if (host instanceof Map<?, ?> h) {
            missing.add(h.get("name") + " missing" + (h.get("reason") == null ? ""
                : ": " + h.get("reason")));
          }
        }
      }
      return " (partial" + (missing.isEmpty() ? "" : ": " + String.join("; ", missing)) + ")";
    } catch (IOException | RuntimeException unreadable) {
      return "";
    }
  }

  /** The repeats' scores: their band, or how many more repeats would give one. */
  static String band(List<Long> scores) {
    List<Long> sorted = scores.stream().sorted().toList();
    if (sorted.size() < 3) {
      return "repeats: " + sorted.size() + " scored, " + (3 - sorted.size())
          + " more would give a band";
    }
    return "repeats: " + sorted.size() + " scored, band " + sorted.get(0) + "–"
        + sorted.get(sorted.size() - 1) + ", median " + sorted.get((sorted.size() - 1) / 2);
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

  /**
   * The score change and the biggest moves against the run before this one, from the server's
   * diff (which pairs a run with the one before it when no other is named); nothing for a first run.
   */
  private void printMoves(AdminClient admin, String id) {
    try {
      HttpResponse<String> diff = admin.get("/api/diff?b=" + enc(id));
      if (diff.statusCode() != 200) {
        return;
      }
      Map<String, Object> parsed = JSON.std.mapFrom(diff.body());
      Object previous = parsed.get("before") instanceof Map<?, ?> before ? before.get("id") : null;
      out.println("against " + previous + ": score " + signed(parsed.get("scoreDelta")));
      if (parsed.get("topMoves") instanceof List<?> moves) {
        for (Object move : moves.subList(0, Math.min(TOP_MOVES, moves.size()))) {
          out.println("  " + move);
        }
      }
    } catch (IOException | RuntimeException ignored) {
      // A server without diffs, or an answer this command cannot read: the summary above stands.
    }
  }

  private static String signed(Object delta) {
    if (!(delta instanceof Number n)) {
      return "unknown";
    }
    return (n.longValue() >= 0 ? "+" : "") + n.longValue();
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
