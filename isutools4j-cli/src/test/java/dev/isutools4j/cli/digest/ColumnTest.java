package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Milliseconds print with three decimals, as {@code %.3f} would print them. */
class ColumnTest {

  @Test
  void threeDecimalsAsFormatterPrintsThem() {
    double[] fixed = {0, 0.0004, 0.0005, 0.001, 0.012, 1, 12.3456, 999.9995, 1593, -0.0004, -1.5,
        -265.5, 123456789.123, 2.675, 1e15, Double.NaN};
    for (double v : fixed) {
      assertThat(Column.threeDecimals(v)).as("%s", v).isEqualTo(format(v));
    }
    Random r = new Random(5);
    for (int i = 0; i < 100_000; i++) {
      // values as the digests make them: microseconds over a thousand, rounded to three decimals
      double v = Math.round((r.nextDouble() - 0.2) * Math.pow(10, r.nextInt(10))) / 1000.0;
      assertThat(Column.threeDecimals(v)).as("%s", v).isEqualTo(format(v));
    }
  }

  private static String format(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    return s.equals("-0.000") ? "0.000" : s;
  }
}
