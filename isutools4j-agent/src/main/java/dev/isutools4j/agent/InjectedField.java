package dev.isutools4j.agent;

/**
 * The field the agent adds to a driver's statement and result set classes as they load
 * ({@link InjectedFields}): what the agent remembers of the object, kept in the object itself, as
 * the library's wrappers keep it in theirs. A prepared statement holds its SQL shape; a result set,
 * the thread state counting its rows.
 *
 * <p>Public only because the driver's classes, in other packages, implement it. The odd names keep
 * clear of any method a driver declares. Plain field access: each object is used by one thread at
 * a time, as JDBC objects are, and what is stored (a shape) is immutable.
 */
public interface InjectedField {

  /** The value stored, or null if none was. */
  Object isutools$value();

  void isutools$value(Object value);
}
