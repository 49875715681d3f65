package dev.isutools4j.cli;

import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Serves the saved runs of a history directory with no app running: the history, the run pages
 * and the JSON API. Resets and saves are refused (409), since there is nothing to measure.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serve the saved runs of a history directory (read-only), with no app running.")
final class ServeCommand implements Callable<Integer> {

  @Option(names = "--dir", required = true, description = "the history directory")
  Path dir;

  @Option(names = "--addr", defaultValue = Settings.DEFAULT_ADDR,
      description = "the address to listen on (default: ${DEFAULT-VALUE}); not loopback needs a token")
  String addr;

  @Option(names = "--token", description = "the token every request must carry (default: $ISUTOOLS_TOKEN)")
  String token;

  private final PrintStream out = System.out;
  private final PrintStream err = System.err;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(dir)) {
      err.println("isutools4j serve: no such directory: " + dir);
      return 2;
    }
    AdminServer server;
    try {
      server = start(dir, addr, token, System.getenv());
    } catch (IllegalStateException e) {
      err.println("isutools4j serve: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("isutools4j serve: cannot listen on " + addr + ": " + e.getMessage());
      return 1;
    }
    out.println("serving " + dir.toAbsolutePath() + " (read-only) on http://"
        + server.address().getHostString() + ":" + server.address().getPort() + "/ ; Ctrl-C stops");
    UntilStopped.await(server::stop, "serve-stop");
    return 0;
  }

  /** Starts a read-only admin server over {@code dir}; the token falls back to ISUTOOLS_TOKEN. */
  static AdminServer start(Path dir, String addr, String token, Map<String, String> env)
      throws IOException {
    Map<String, String> properties = new HashMap<>();
    properties.put("isutools.addr", addr);
    properties.put("isutools.dir", dir.toString());
    if (token != null) {
      properties.put("isutools.token", token);
    }
    Settings settings = Settings.from(properties::get, env);
    return AdminServer.start(settings, RunLifecycle.readOnly(new RunStore(settings.dir())));
  }
}
