package memdb;

import java.sql.SQLFeatureNotSupportedException;

/** The one exception memdb throws for everything it leaves out. */
final class Unsupported {

  private Unsupported() {}

  static SQLFeatureNotSupportedException feature(String method) {
    return new SQLFeatureNotSupportedException("memdb does not support " + method);
  }
}
