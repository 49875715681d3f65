package dev.isutools4j.cli.digest;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;

/** JSON as the run snapshots write it: indented, null fields kept. */
final class JsonOut {

  private static final JSON PRETTY =
      JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT, JSON.Feature.WRITE_NULL_PROPERTIES);

  private JsonOut() {}

  static String write(Object value) throws IOException {
    return PRETTY.asString(value);
  }
}
