package dev.isutools4j.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code isutools4j hub attach RUN PEER}: gathers a part a peer saved after the run was saved. */
@Command(name = "attach", mixinStandardHelpOptions = true,
    description = "Gather into a saved run the part a peer saved later (POST /attach on the hub).")
final class HubAttachCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "RUN", description = "the run's id")
  String run;

  @Parameters(index = "1", paramLabel = "PEER", description = "the peer's name in isutools.peers")
  String peer;

  @Option(names = "--hub", defaultValue = "http://127.0.0.1:19191",
      description = "the hub's admin server (default: ${DEFAULT-VALUE})")
  String hub;

  @Option(names = "--token",
      description = "the hub's token (default: isutools.token, $ISUTOOLS_TOKEN)")
  String token;

  PrintStream out = System.out;
  PrintStream err = System.err;
  // Where the settings are read, as the library reads them: the system properties, then these.
  Function<String, String> properties = System::getProperty;
  Map<String, String> env = System.getenv();

  @Override
  public Integer call() {
    String address = hub.startsWith("http://") ? hub.substring("http://".length()) : hub;
    if (address.endsWith("/")) {
      address = address.substring(0, address.length() - 1);
    }
    AdminClient admin = new AdminClient(address, AdminClient.token(token, properties, env));
    try {
      HttpResponse<String> answer = admin.post("/attach?run="
          + URLEncoder.encode(run, StandardCharsets.UTF_8) + "&host="
          + URLEncoder.encode(peer, StandardCharsets.UTF_8));
      if (answer.statusCode() != 200) {
        err.println("isutools4j hub attach: " + answer.statusCode() + ": " + answer.body().strip());
        return 1;
      }
      out.println("attached " + peer + " to run " + run + ": " + admin.base() + "/runs/" + run);
      return 0;
    } catch (IOException e) {
      err.println("isutools4j hub attach: cannot reach " + admin.base() + ": " + e.getMessage());
      return 1;
    }
  }
}
