package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.VersionProvider;
import dev.isutools4j.internal.digest.access.AccessFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/** {@code isutools4j alp}: nginx access logs as alp reads them, and the diff of two digests. */
@Command(name = "alp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "An nginx access log into one row per method + route: counts per status class,"
        + " request times in ms (µs precision), body sizes.",
    subcommands = {AlpCommand.Ltsv.class, AlpCommand.Json.class, AlpCommand.Combined.class,
        LogDiffCommand.Access.class})
public final class AlpCommand implements Callable<Integer> {

  static final String LINE_FIELDS = "  Per-line fields: method, uri (as logged, with its query string),"
      + " status (a number or a class: 5xx),%n  time/reqtime and apptime (ms), bytes/size.%n"
      + "  Example: --filter \"status = 5xx or (uri =~ '^/api/' and time > 100ms)\"%n";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** The subcommand {@code name} on its own (ltsv, json, combined, diff), or null for another name. */
  public static Object subcommand(String name) {
    return switch (name) {
      case "ltsv" -> new Ltsv();
      case "json" -> new Json();
      case "combined" -> new Combined();
      case "diff" -> new LogDiffCommand.Access();
      default -> null;
    };
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }

  /** {@code alp ltsv}. */
  @Command(name = "ltsv", mixinStandardHelpOptions = true,
      description = "Read LTSV lines (alp's labels: method, uri, status, size, reqtime, apptime).",
      footer = {DigestCommand.FILTER_HELP, LINE_FIELDS})
  static final class Ltsv extends AccessCommand {
    @Mixin
    KeyOptions keyOptions = new KeyOptions();

    @Override
    AccessFormat accessFormat() {
      return AccessFormat.LTSV;
    }

    @Override
    String keySpec() {
      return keyOptions.spec();
    }
  }

  /** {@code alp json}. */
  @Command(name = "json", mixinStandardHelpOptions = true,
      description = "Read one JSON object a line (keys: method, uri, status, body_bytes, request_time,"
          + " response_time, and nginx's variable names).",
      footer = {DigestCommand.FILTER_HELP, LINE_FIELDS})
  static final class Json extends AccessCommand {
    @Mixin
    KeyOptions keyOptions = new KeyOptions();

    @Override
    AccessFormat accessFormat() {
      return AccessFormat.JSON;
    }

    @Override
    String keySpec() {
      return keyOptions.spec();
    }
  }

  /** {@code alp combined}. */
  @Command(name = "combined", mixinStandardHelpOptions = true,
      description = "Read nginx's combined format with $request_time (and $upstream_response_time)"
          + " appended.",
      footer = {DigestCommand.FILTER_HELP, LINE_FIELDS})
  static final class Combined extends AccessCommand {
    @Override
    AccessFormat accessFormat() {
      return AccessFormat.COMBINED;
    }
  }
}
