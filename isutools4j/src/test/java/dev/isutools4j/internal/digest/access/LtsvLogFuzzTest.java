package dev.isutools4j.internal.digest.access;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * Any bytes as an nginx access log in the LTSV format: see {@link AccessLogFuzzing} for what
 * holds. Seeds: {@code LtsvLogFuzzTestInputs/ltsvLog/}, real lines of the format.
 */
class LtsvLogFuzzTest {

  @FuzzTest
  void ltsvLog(byte[] log) throws IOException {
    AccessLogFuzzing.check(AccessFormat.LTSV, log);
  }
}
