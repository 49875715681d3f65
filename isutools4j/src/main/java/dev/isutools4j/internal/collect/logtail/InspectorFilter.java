package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.slow.SlowStatement;
import dev.isutools4j.internal.sql.InspectorMark;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * A slow log filter for one read that leaves out the statements of isutools4j's database
 * inspector ({@link InspectorMark}), this host's or another's, and counts them. Thread-safe: the
 * digest's reading threads share it.
 */
final class InspectorFilter implements Predicate<SlowStatement> {

  private final LongAdder leftOut = new LongAdder();

  @Override
  public boolean test(SlowStatement statement) {
    if (InspectorMark.opens(statement.head(InspectorMark.HEAD))) {
      leftOut.increment();
      return false;
    }
    return true;
  }

  /** The statements left out so far. */
  long leftOut() {
    return leftOut.sum();
  }
}
