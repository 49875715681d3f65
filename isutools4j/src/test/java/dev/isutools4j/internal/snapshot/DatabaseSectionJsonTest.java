package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.snapshot.DatabaseSection.Counter;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DatabaseSectionJsonTest {

  private final DatabaseSectionJson codec = new DatabaseSectionJson();

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  private Map<String, Object> writtenBack(Object section) {
    return codec.write(codec.read(Fields.of(section)));
  }

  /** Written back as the same JSON text: the same keys in the same order, the same numbers. */
  private void sameText(Map<String, Object> section) throws IOException {
    Map<String, Object> written = writtenBack(section);
    assertThat(SavedRuns.firstDifference(section, written)).as("where the written section differs").isNull();
    assertThat(JSON.std.asString(written)).isEqualTo(JSON.std.asString(section));
  }

  private static Map<String, Object> parse(String json) throws IOException {
    return JSON.std.mapFrom(json.replace('\'', '"'));
  }

  @ParameterizedTest
  @MethodSource("runs")
  void eachSavedRunsSectionIsWrittenBackAsItWasSaved(Path run) throws IOException {
    Map<String, Object> saved = SavedRuns.tree(run);
    assertThat(saved).containsKey("database");
    @SuppressWarnings("unchecked")
    Map<String, Object> section = (Map<String, Object>) saved.get("database");
    sameText(section);
  }

  @Test
  void theMariaDbRunsReadAsTyped() {
    Map<String, Object> saved = SavedRuns.tree(SavedRuns.set("mariadb").get(1));
    DatabaseSection db = codec.read(Fields.of(saved.get("database")));
    assertThat(db.inspected()).isTrue();
    assertThat(db.changes().previousRun()).isEqualTo("20261201-201637-955");
    assertThat(db.plans()).isNotEmpty().allSatisfy(p -> assertThat(p.error()).isNull());
    assertThat(db.plans().get(0).rows().get(0).absent()).containsExactly("filtered");
    assertThat(db.digests().skipped()).isNull();
    assertThat(db.digests().rows()).isNotEmpty();
    assertThat(db.variables()).containsKey("innodb_buffer_pool_size");
    assertThat(db.status().keySet()).first().isEqualTo("Innodb_buffer_pool_reads");
  }

  @Test
  void anInspectedSectionWithItsOptionalFieldsAbsentWritesThemAbsent() throws IOException {
    sameText(parse("{'supported': true, 'product': 'MySQL', 'version': '8.0', 'url': 'jdbc:mysql://db/x',"
        + " 'schema': null, 'tables': [],"
        + " 'status': {'Threads_connected': {'end': 3}},"
        + " 'variables': {},"
        + " 'plans': ["
        + "   {'fingerprint': 'select 1', 'sample': 'SELECT 1', 'count': 2, 'totalMs': 0.5,"
        + "    'rows': [{'id': 1, 'selectType': 'SIMPLE', 'table': null, 'type': null, 'possibleKeys': null,"
        + "              'key': null, 'keyLen': null, 'ref': null, 'rows': null, 'filtered': null,"
        + "              'extra': 'No tables used'}],"
        + "    'rowsExamined': 1,"
        + "    'warnings': [{'id': 'rows-examined', 'message': 'about 10000 rows examined per execution'}]},"
        + "   {'fingerprint': 'select 2', 'sample': 'SELECT 2', 'count': 1, 'totalMs': 1.25, 'error': 'timeout'}"
        + " ]}"));
    DatabaseSection db = codec.read(Fields.of(parse("{'supported': true, 'tables': []}")));
    assertThat(db.changes()).isNull();
    assertThat(db.explain()).isNull();
    assertThat(db.digests()).isNull();
    assertThat(db.startError()).isNull();
  }

  @Test
  void theOtherShapesWriteOnlyTheirFields() throws IOException {
    sameText(parse("{'supported': false, 'reason': 'H2 is not inspected'}"));
    sameText(parse("{'supported': true, 'url': 'jdbc:mariadb://db/x', 'error': 'at save: refused'}"));
    sameText(parse("{'supported': true, 'product': 'MariaDB', 'version': '10.11', 'url': 'jdbc:mariadb://db/x',"
        + " 'error': 'at save: refused',"
        + " 'tables': [{'name': 't', 'engine': 'InnoDB', 'rows': 1, 'dataBytes': 16384, 'indexBytes': 0,"
        + "             'indexes': [{'name': 'PRIMARY', 'columns': ['id'], 'unique': true}]}],"
        + " 'tablesReadAt': 'reset', 'variables': {'max_connections': '151'}}"));
    sameText(parse("{'supported': true, 'product': 'MariaDB', 'version': '10.11', 'url': 'u',"
        + " 'startError': 'at reset: refused', 'schema': 'x', 'tables': [],"
        + " 'status': {}, 'digests': {'skipped': 'no reading at reset to subtract from'},"
        + " 'variables': {}, 'plans': [],"
        + " 'explain': {'budgetMs': 3000, 'spentMs': 0, 'top': 10,"
        + "             'skipped': [{'fingerprint': 'select ?', 'reason': 'no sample statement'}]},"
        + " 'changes': {}}"));
    sameText(parse("{'supported': true, 'product': 'MariaDB', 'version': '10.11', 'url': 'u',"
        + " 'schema': 'x', 'tables': [], 'status': {}, 'digests': [], 'variables': {}, 'plans': [],"
        + " 'changes': {'previousRun': 'r1',"
        + "   'schema': [{'kind': 'table added', 'table': 'fresh'},"
        + "              {'kind': 'index dropped', 'table': 't', 'index': 'i', 'columns': ['a', 'b']}],"
        + "   'plans': [{'fingerprint': 'f', 'table': 't', 'what': 'key', 'before': {'type': 'ALL', 'key': null,"
        + "              'rows': 10}, 'after': {'type': 'ref', 'key': 'i', 'rows': 1}}]}}"));
  }

  @Test
  void mistypedFieldsReadAsEmpty() throws IOException {
    DatabaseSection db = codec.read(Fields.of(parse("{'supported': 'yes', 'tables': 3, 'status': [],"
        + " 'plans': [{'rows': 'none', 'count': 'many'}], 'variables': 'all'}")));
    assertThat(db.supported()).isFalse();
    assertThat(db.tables()).isEmpty();
    assertThat(db.status()).isEmpty();
    assertThat(db.variables()).isEmpty();
    Plan plan = db.plans().get(0);
    assertThat(plan.rows()).isEmpty();
    assertThat(plan.count()).isZero();
    assertThat(codec.read(Fields.of("not a section")).tables()).isEmpty();
  }

  @Test
  void aCounterWithoutAStartKeepsTheEndOnly() {
    DatabaseSection db = DatabaseSection.inspected("MariaDB", "10.11", "u", null, "x", null, null,
        null, Map.of("Threads_connected", new Counter(null, 4, null)), null, null);
    @SuppressWarnings("unchecked")
    Map<String, Object> status = (Map<String, Object>) codec.write(db).get("status");
    assertThat(status).containsExactly(Map.entry("Threads_connected", Map.of("end", 4L)));
  }
}
