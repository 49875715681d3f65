package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs {@code isutools4j alp|slp ...} in process, with its output and stdin captured. */
final class Cli {

  /** What a run printed and returned. */
  record Result(int code, String out, String err) {}

  private Cli() {}

  static Result run(String... args) {
    return run(new byte[0], args);
  }

  static Result run(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CommandLine root = new CommandLine(new Main());
    wire(root, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(stdin));
    root.setOut(new java.io.PrintWriter(out, true, StandardCharsets.UTF_8));
    root.setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8));
    int code = root.execute(args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static void wire(CommandLine line, PrintStream out, PrintStream err, InputStream in) {
    if (line.getCommand() instanceof DigestCommand c) {
      c.out = out;
      c.err = err;
      c.in = in;
    } else if (line.getCommand() instanceof LogDiffCommand c) {
      c.out = out;
      c.err = err;
    }
    for (CommandLine sub : line.getSubcommands().values()) {
      wire(sub, out, err, in);
    }
  }

  /** A file's text. */
  static String readString(String path) {
    try {
      return java.nio.file.Files.readString(Path.of(path), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A committed golden log of src/test/resources/logs. */
  static Path log(String name) {
    try {
      return Path.of(Cli.class.getResource("/logs/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("no test resource /logs/" + name, e);
    }
  }
}
