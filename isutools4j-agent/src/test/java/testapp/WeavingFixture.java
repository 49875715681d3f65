package testapp;

/** Methods of the shapes a driver's have, for the weaver's tests: each is woven, then run. */
public class WeavingFixture {

  public int finallyRuns;
  public int lastValue;

  /** A loop at the very first instruction: a frame at offset 0. */
  public int countDown(int n) {
    while (n > 0) {
      n--;
    }
    return n;
  }

  /** Changes its own parameter: the exit still gets what was passed. */
  public String reassigns(String sql) {
    sql = sql.concat("!"); // no invokedynamic: the class is also tested as a Java 5 class file
    return sql;
  }

  /** Two-slot parameters and locals, and two returns. */
  public long wide(long a, double b) {
    long twice = a * 2;
    double more = b + 1;
    if (twice > 10) {
      return twice + (long) more;
    }
    return twice;
  }

  /** Returns inside a try with a finally, whose code javac copies before each return. */
  public String withFinally(String s) {
    try {
      if (s.isEmpty()) {
        return "empty";
      }
      return s;
    } finally {
      finallyRuns++;
    }
  }

  public void throwing(String message) {
    throw new IllegalStateException(message);
  }

  /** Its own handler catches what it throws: the exit sees a return. */
  public Object catching(String number) {
    try {
      return Integer.valueOf(number);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  public synchronized int locked(int x) {
    return x + 1;
  }

  public void setValue(int index, int value) {
    lastValue = index * 100 + value;
  }
}
