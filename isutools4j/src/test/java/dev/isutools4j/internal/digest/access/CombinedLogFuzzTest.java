package dev.isutools4j.internal.digest.access;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * Any bytes as an nginx access log in the combined format: see {@link AccessLogFuzzing} for what
 * holds. Seeds: {@code CombinedLogFuzzTestInputs/combinedLog/}, real lines of the format.
 */
class CombinedLogFuzzTest {

  @FuzzTest
  void combinedLog(byte[] log) throws IOException {
    AccessLogFuzzing.check(AccessFormat.COMBINED, log);
  }
}
