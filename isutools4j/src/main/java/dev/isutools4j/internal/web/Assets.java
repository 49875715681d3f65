package dev.isutools4j.internal.web;

import dev.isutools4j.internal.health.Health;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The stylesheet and script every page inlines, read once from the classpath. */
final class Assets {

  static final String STYLE = read("style.css");
  static final String SCRIPT = read("sort.js");
  // Each chart script comes with the hover they share; a page with both has it twice, harmlessly.
  static final String MACHINE_SCRIPT = read("hover.js") + read("machine.js");
  static final String FLAME_SCRIPT = read("flame.js");
  static final String HOSTS_SCRIPT = read("hover.js") + read("hosts.js");
  static final String LIVE_SCRIPT = read("live.js");

  private Assets() {}

  private static String read(String name) {
    try (InputStream in = Assets.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      // Pages still render, unstyled, and the health line says why.
      Health.failed("web assets", e);
      return "";
    }
  }
}
