package dev.isutools4j.internal.digest.slow;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code Query_time} line read by its layout gives what the key-by-key reader gives, for the
 * layout the servers write and for every other spacing, order or extra key.
 */
class SlowHeaderTest {

  @ParameterizedTest
  @ValueSource(strings = {
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000",
      " Query_time: 1.5 Lock_time: 0.0002 Rows_sent: 3 Rows_examined: 4000",
      " Query_time: 1.5\tLock_time: 0.0002\tRows_sent: 3\tRows_examined: 4000",
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000"
          + " Thread_id: 12 Errno: 0 Killed: 0 Bytes_received: 0 Bytes_sent: 77",
      " Query_time: 1.500000  Rows_sent: 3  Lock_time: 0.000200  Rows_examined: 4000",
      " Query_time:   Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000",
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent:   Rows_examined: 4000",
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: ",
      " Query_time: x  Lock_time: -  Rows_sent: 3a  Rows_examined: 4000  Rows_examined: 5",
      " Query_time: 1.500000  Lock_time: 0.000200",
      " Rows_affected: 2  Bytes_sent: 111",
  })
  void theLineByItsLayoutReadsWhatTheKeyByKeyReaderReads(String line) {
    assertThat(values(line, true)).isEqualTo(values(line, false));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      " Query_time: 1.500000  Lock_time: 0.000200  Rows_sent: 3  Rows_examined: 4000",
      " Query_time: 1.5 Lock_time: 0.0002 Rows_sent: 3 Rows_examined: 4000",
  })
  void theFourValuesAreRead(String line) {
    assertThat(values(line, true)).containsExactly(1_500_000, 200, 3, 4000, 0);
  }

  /** Query, lock, rows sent, rows examined and bytes sent of {@code #line}, read one way or the other. */
  private static long[] values(String line, boolean byLayout) {
    byte[] b = ("#" + line).getBytes(StandardCharsets.US_ASCII);
    SlowEntry e = new SlowEntry(100);
    e.clear(1, 0);
    if (byLayout) {
      SlowHeader.readTimesLine(b, 1, b.length, e);
    } else {
      SlowHeader.read(b, 1, b.length, e);
    }
    return new long[] {e.queryMicros, e.lockMicros, e.rowsSent, e.rowsExamined, e.bytesSent};
  }
}
