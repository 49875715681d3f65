package dev.isutools4j.cli;

import dev.isutools4j.internal.run.HostIdentity;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the jar's own version, as a hub is told it at reset. */
public final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {"isutools4j " + HostIdentity.version()};
  }
}
