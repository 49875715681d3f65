package dev.isutools4j.internal.digest;

/**
 * What a handler made of one part of a log, which can take in what another handler made of the
 * part that follows: a chunk of a file read on its own thread, merged in file order.
 *
 * @param <P> the handler's own type
 */
public interface LinePartial<P extends LinePartial<P>> extends LineHandler {

  /**
   * Adds what {@code later} read, a part that came after this one's.
   *
   * @param linesBefore how many lines came before {@code later}'s first one, so that its line
   *     numbers can be shifted to count from the start of the whole read
   */
  void merge(P later, long linesBefore);

  /** Called once after the part's last line, before any merge: ends a record still open. */
  default void finish() {}
}
