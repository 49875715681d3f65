package dev.isutools4j.cli;

import dev.isutools4j.cli.digest.AlpCommand;
import dev.isutools4j.cli.digest.SlpCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code isutools4j} command. */
@Command(
    name = "isutools4j",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Measure a Java web app under a benchmark; read the numbers offline.",
    subcommands = {DemoCommand.class, ServeCommand.class, HubCommand.class, HostCommand.class,
        BenchCommand.class, PruneCommand.class, AlpCommand.class, SlpCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs one command line and returns its exit code. */
  static int execute(String[] args) {
    String first = args.length > 0 ? args[0] : "";
    CommandLine command;
    String[] rest = args;
    // alp and slp are timed against tools that start in milliseconds: build only their own
    // command model, not every command's (picocli reflects over each one at start).
    Object alp = first.equals("alp") && args.length > 1 ? AlpCommand.subcommand(args[1]) : null;
    if (alp != null) {
      command = new CommandLine(alp).setCommandName("isutools4j alp " + args[1]);
      rest = java.util.Arrays.copyOfRange(args, 2, args.length);
    } else if (first.equals("alp") || first.equals("slp")) {
      command = new CommandLine(first.equals("alp") ? new AlpCommand() : new SlpCommand())
          .setCommandName("isutools4j " + first);
      rest = java.util.Arrays.copyOfRange(args, 1, args.length);
    } else {
      command = new CommandLine(new Main());
    }
    command.setExecutionExceptionHandler((error, line, parsed) -> {
      // A failure is reported in one clear message; the stack trace helps nobody here.
      line.getErr().println(line.getCommandName() + ": " + error.getMessage());
      return 1;
    });
    return command.execute(rest);
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
