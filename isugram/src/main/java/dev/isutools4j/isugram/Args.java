package dev.isutools4j.isugram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name value} options of one subcommand; unknown names are an error. */
final class Args {

  private final Map<String, String> values = new HashMap<>();

  Args(List<String> args, Set<String> known) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name;
      String value;
      if (arg.startsWith("--") && arg.contains("=")) {
        name = arg.substring(2, arg.indexOf('='));
        value = arg.substring(arg.indexOf('=') + 1);
      } else if (arg.startsWith("--") && i + 1 < args.size()) {
        name = arg.substring(2);
        value = args.get(++i);
      } else {
        throw new IllegalArgumentException("expected --name value, got: " + arg);
      }
      if (!known.contains(name)) {
        throw new IllegalArgumentException("unknown option --" + name + " (known: --" + String.join(", --", known) + ")");
      }
      values.put(name, value);
    }
  }

  String get(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  int getInt(String name, int fallback) {
    String value = values.get(name);
    return value == null ? fallback : Integer.parseInt(value);
  }

  double getDouble(String name, double fallback) {
    String value = values.get(name);
    return value == null ? fallback : Double.parseDouble(value);
  }
}
