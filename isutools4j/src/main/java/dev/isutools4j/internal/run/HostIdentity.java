package dev.isutools4j.internal.run;

import java.net.InetAddress;
import java.util.Locale;

/**
 * Who this host is in a run that spans several: its name ({@code isutools.host.name}, else the
 * machine's host name) and its role ({@code app}, {@code database}, {@code web} or {@code mixed}),
 * told to the hub at each reset with this isutools4j's version.
 */
public record HostIdentity(String name, String role) {

  public static final String APP = "app";
  public static final String DATABASE = "database";
  public static final String WEB = "web";
  public static final String MIXED = "mixed";

  /**
   * The role of a host that does these: {@code mixed} when more than one, the setting
   * ({@code isutools.host.role}) when given.
   */
  public static String role(String setting, boolean app, boolean database, boolean web) {
    if (setting != null && !setting.isBlank()) {
      return setting.trim().toLowerCase(Locale.ROOT);
    }
    int roles = (app ? 1 : 0) + (database ? 1 : 0) + (web ? 1 : 0);
    if (roles > 1) {
      return MIXED;
    }
    return database ? DATABASE : web ? WEB : APP;
  }

  /** The name given, else this machine's host name, else {@code localhost}. */
  public static String name(String setting) {
    if (setting != null && !setting.isBlank()) {
      return setting.trim();
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException | RuntimeException unknown) {
      return "localhost";
    }
  }

  /** This isutools4j's version, from its jar's manifest ({@code dev} when run from classes). */
  public static String version() {
    String version = HostIdentity.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
