package dev.isutools4j.benchmarks;

import com.p6spy.engine.logging.Category;
import com.p6spy.engine.spy.appender.P6Logger;

/**
 * A p6spy appender that drops every message. p6spy still does all its per-statement work (events,
 * timing, category and filter checks, rendering the statement with its values); only the write is
 * gone, so a benchmark sees p6spy's interception cost and no file I/O.
 */
public final class DiscardingP6Logger implements P6Logger {

  @Override
  public void logSQL(int connectionId, String now, long elapsed, Category category, String prepared,
      String sql, String url) {
    // Discarded.
  }

  @Override
  public void logException(Exception e) {
    // Discarded.
  }

  @Override
  public void logText(String text) {
    // Discarded.
  }

  @Override
  public boolean isCategoryEnabled(Category category) {
    return true; // As p6spy's own appenders answer: which categories log is left to p6spy's options.
  }
}
