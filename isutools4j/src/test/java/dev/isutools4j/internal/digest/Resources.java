package dev.isutools4j.internal.digest;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The committed golden logs under src/test/resources/logs. */
public final class Resources {

  private Resources() {}

  public static Path log(String name) {
    try {
      return Path.of(Resources.class.getResource("/logs/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("no test resource /logs/" + name, e);
    }
  }
}
