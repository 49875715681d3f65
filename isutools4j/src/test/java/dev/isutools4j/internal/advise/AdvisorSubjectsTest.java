package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rules by what they judge: a host with no JVM app runs the OS's, nginx's and the database's. */
class AdvisorSubjectsTest {

  private static List<String> ids(Set<Subject> subjects) {
    return Advisor.rulesOn(subjects).stream().map(Rule::id).toList();
  }

  @Test
  void everySubjectTogetherIsTheDefaultChecklistInItsOrder() {
    assertThat(ids(EnumSet.allOf(Subject.class)))
        .containsExactlyElementsOf(Advisor.defaultRules().stream().map(Rule::id).toList())
        .doesNotHaveDuplicates();
  }

  @Test
  void eachRuleJudgesOneSubjectNamedByItsIdsPrefix() {
    for (Subject subject : Subject.values()) {
      String prefix = switch (subject) {
        case DATABASE -> "db-";
        case DRIVER -> "jdbc-";
        case POOL -> "pool-";
        case JVM -> "jvm-";
        case NGINX -> "nginx-";
        case HTTP -> "http-";
        case OS -> "os-";
      };
      assertThat(ids(EnumSet.of(subject))).as("%s", subject).isNotEmpty()
          .allSatisfy(id -> assertThat(id).startsWith(prefix));
    }
  }

  @Test
  void aDatabaseHostsChecklistLeavesTheAppsRulesOut() {
    List<String> host = ids(EnumSet.of(Subject.OS, Subject.NGINX, Subject.DATABASE));
    assertThat(host).contains("db-buffer-pool", "db-plan", "nginx-gzip", "os-somaxconn")
        .noneMatch(id -> id.startsWith("jvm-") || id.startsWith("jdbc-") || id.startsWith("pool-")
            || id.startsWith("http-"));
    assertThat(Advisor.defaultRules()).hasSize(host.size()
        + ids(EnumSet.of(Subject.DRIVER, Subject.POOL, Subject.JVM, Subject.HTTP)).size());
  }
}
