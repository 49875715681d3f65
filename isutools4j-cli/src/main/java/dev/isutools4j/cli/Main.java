package dev.isutools4j.cli;

import dev.isutools4j.cli.logs.AlpCommand;
import dev.isutools4j.cli.logs.SlpCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code isutools4j} command. */
@Command(
    name = "isutools4j",
    mixinStandardHelpOptions = true,
    version = "isutools4j 0.1.0",
    description = "Measure a Java web app under a benchmark; read the numbers offline.",
    subcommands = {DemoCommand.class, ServeCommand.class, BenchCommand.class, PruneCommand.class,
        AlpCommand.class, SlpCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    CommandLine command = new CommandLine(new Main())
        .setExecutionExceptionHandler((error, line, parsed) -> {
          // A failure is reported in one clear message; the stack trace helps nobody here.
          line.getErr().println(line.getCommandName() + ": " + error.getMessage());
          return 1;
        });
    System.exit(command.execute(args));
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
