package dev.isutools4j.internal.digest.access;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * Any bytes as an nginx access log in the JSON format: see {@link AccessLogFuzzing} for what
 * holds. Seeds: {@code JsonLogFuzzTestInputs/jsonLog/}, real lines of the format.
 */
class JsonLogFuzzTest {

  @FuzzTest
  void jsonLog(byte[] log) throws IOException {
    AccessLogFuzzing.check(AccessFormat.JSON, log);
  }
}
