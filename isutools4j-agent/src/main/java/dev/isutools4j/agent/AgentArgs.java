package dev.isutools4j.agent;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's argument string, {@code addr=127.0.0.1:19191,dir=/var/isutools} or {@code off}: each
 * {@code key=value} names a library setting ({@code addr} is {@code isutools.addr}; a full
 * {@code isutools.*} name works too). The items are split at {@code ,}, so the lists the library
 * also splits at {@code ;} ({@code isutools.peers}, {@code isutools.allowed.hosts}) are given with
 * {@code ;} here: {@code peers=app2=http://10.0.0.2:19191;db=http://10.0.0.3:19191}.
 */
record AgentArgs(boolean off, Map<String, String> properties) {

  static AgentArgs parse(String args) {
    Map<String, String> properties = new LinkedHashMap<>();
    boolean off = false;
    if (args != null) {
      for (String part : args.split(",")) {
        String item = part.trim();
        if (item.isEmpty()) {
          continue;
        }
        int eq = item.indexOf('=');
        if (eq < 0) {
          off |= item.equalsIgnoreCase("off");
          continue;
        }
        String key = item.substring(0, eq).trim().toLowerCase(Locale.ROOT);
        String value = item.substring(eq + 1).trim();
        if (!key.isEmpty() && !value.isEmpty()) {
          properties.put(key.startsWith("isutools.") ? key : "isutools." + key, value);
        }
      }
    }
    return new AgentArgs(off, Map.copyOf(properties));
  }

  /** Whether the agent stays out: the {@code off} argument or {@code ISUTOOLS=off} in the environment. */
  static boolean disabled(AgentArgs args, Map<String, String> env) {
    return args.off() || "off".equalsIgnoreCase(String.valueOf(env.get("ISUTOOLS")).trim());
  }

  /**
   * Makes the arguments the JVM's settings: each becomes a system property unless the command line
   * set that property already (an explicit {@code -D} wins; both win over environment variables).
   */
  void applyTo(java.util.Properties system) {
    properties.forEach(system::putIfAbsent);
  }
}
