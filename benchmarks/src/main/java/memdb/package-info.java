/**
 * memdb: a JDBC driver with no database behind it, written so that a benchmark of JDBC wrappers
 * measures the wrappers and not the driver.
 *
 * <p>URL {@code jdbc:memdb:<anything>}. Only prepared statements are supported: every query returns
 * the same one-row result {@code (id BIGINT, name VARCHAR)}, whose {@code id} is the statement's
 * first parameter when that is a number; every update reports one row. A statement and its result
 * set are reused, so that after warm-up the driver allocates nothing per execution, nor per
 * prepare-execute-close of the same SQL text (the way a driver's prepared-statement cache hands out
 * a closed statement again). Everything else throws {@link java.sql.SQLFeatureNotSupportedException}.
 * Not thread-safe: one connection per thread, as with a pool.
 *
 * <p>Outside {@code dev.isutools4j} on purpose: the agent never instruments isutools4j's own
 * classes, and it must instrument this driver as it would any other.
 */
package memdb;
