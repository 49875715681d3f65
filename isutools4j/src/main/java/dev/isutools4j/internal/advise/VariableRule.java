package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.List;
import java.util.function.Predicate;

/** A server variable compared with the value a contest wants; absent variable or section: skip. */
final class VariableRule implements Rule {

  private final String id;
  private final String title;
  private final String variable;
  private final Predicate<String> bad;
  private final String fix;

  VariableRule(String id, String title, String variable, Predicate<String> bad, String fix) {
    this.id = id;
    this.title = title;
    this.variable = variable;
    this.bad = bad;
    this.fix = fix;
  }

  /** innodb_flush_log_at_trx_commit = 1 flushes the log to disk at every commit. */
  static VariableRule flushLog() {
    return new VariableRule("db-flush-log", "InnoDB log not flushed at every commit",
        "innodb_flush_log_at_trx_commit", v -> "1".equals(v.trim()),
        "SET GLOBAL innodb_flush_log_at_trx_commit = 2 (and in my.cnf) during the contest");
  }

  /** The binary log writes every change a second time. */
  static VariableRule binlog() {
    return new VariableRule("db-binlog", "binary log off", "log_bin",
        v -> Boolean.TRUE.equals(Values.onOff(v)),
        "add disable_log_bin (MySQL 8) or skip-log-bin (MariaDB) under [mysqld] and restart");
  }

  /** The slow query log costs a write per slow statement; fine while profiling, not when scored. */
  static VariableRule slowLog() {
    return new VariableRule("db-slow-log", "slow query log off for the scoring run",
        "slow_query_log", v -> Boolean.TRUE.equals(Values.onOff(v)),
        "SET GLOBAL slow_query_log = OFF before the final run (keep it on while profiling)");
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public List<Finding> check(AdvisorInput in) {
    if (in.database() == null) {
      return List.of(Finding.skip(id, title, in.databaseMissing()));
    }
    String value = in.variables().get(variable);
    if (value == null) {
      return List.of(Finding.skip(id, title, variable));
    }
    boolean wrong = bad.test(value);
    return List.of(new Finding(id, title, wrong ? Status.WARN : Status.OK,
        Evidence.of(variable, value).map(), wrong ? fix : ""));
  }
}
