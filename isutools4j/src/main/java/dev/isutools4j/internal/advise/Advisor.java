package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.analyze.Analyzer;
import dev.isutools4j.internal.analyze.EarlierRuns;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Names misconfigurations with evidence: runs every rule over the run being saved and writes the
 * {@code advisor} section, a checklist whose rows turn ok as they are fixed (docs/SNAPSHOT.md).
 */
public final class Advisor implements Analyzer {

  public static final String SECTION = "advisor";

  private final Supplier<Environment> environment;
  private final List<Rule> rules;

  public Advisor(Supplier<Environment> environment, List<Rule> rules) {
    this.environment = environment;
    this.rules = List.copyOf(rules);
  }

  /** Every rule, in checklist order before sorting by status. */
  public static List<Rule> defaultRules() {
    return rulesOn(EnumSet.allOf(Subject.class));
  }

  /** The rules that judge these subjects, in checklist order (that of {@link Subject}). */
  public static List<Rule> rulesOn(Set<Subject> subjects) {
    List<Rule> rules = new ArrayList<>();
    for (Subject subject : Subject.values()) {
      if (subjects.contains(subject)) {
        rules.addAll(rulesOf(subject));
      }
    }
    return rules;
  }

  private static List<Rule> rulesOf(Subject subject) {
    return switch (subject) {
      case DATABASE -> List.of(new BufferPoolRule(), VariableRule.flushLog(),
          VariableRule.binlog(), new MaxConnectionsRule(), VariableRule.slowLog(), new PlanRule());
      case DRIVER -> DriverRules.all();
      case POOL -> PoolRules.all();
      case JVM -> JvmRules.all();
      case NGINX -> NginxRules.all();
      case HTTP -> HttpRules.all();
      case OS -> OsRules.all();
    };
  }

  @Override
  public String name() {
    return SECTION;
  }

  @Override
  public AdvisorSection analyze(Snapshot draft, EarlierRuns earlier) {
    return section(findings(AdvisorInput.of(draft, environment.get())));
  }

  /**
   * Every rule's findings, warns first; a rule that throws is counted and shown as skipped, and the
   * rules skipped for one reason share one row ({@link SkipGroups}).
   */
  public List<Finding> findings(AdvisorInput in) {
    List<Finding> out = new ArrayList<>();
    for (Rule rule : rules) {
      try {
        out.addAll(rule.check(in));
      } catch (RuntimeException e) {
        Health.failed("advisor rule " + rule.id(), e);
        out.add(Finding.skip(rule.id(), rule.id(), "the rule failed: " + e));
      }
    }
    out.sort(Comparator.comparing(Finding::status));
    return SkipGroups.of(out);
  }

  /** The section: rows and counts per status. */
  public static AdvisorSection section(List<Finding> findings) {
    return AdvisorSection.of(findings.stream().map(Finding::row).toList());
  }
}
