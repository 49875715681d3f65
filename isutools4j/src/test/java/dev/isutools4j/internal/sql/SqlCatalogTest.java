package dev.isutools4j.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.keys.KeyIndex;
import dev.isutools4j.internal.stats.SqlStats;
import org.junit.jupiter.api.Test;

class SqlCatalogTest {

  @Test
  void knownTextsResolveToTheSameShape() {
    SqlCatalog catalog = new SqlCatalog(new KeyIndex(10), 100);
    SqlShape first = catalog.shape("SELECT * FROM users WHERE id = 1", SqlDialect.MYSQL);
    assertThat(catalog.shape("SELECT * FROM users WHERE id = 1", SqlDialect.MYSQL)).isSameAs(first);
    assertThat(catalog.shape("select * from users where id = 2", SqlDialect.MYSQL).id()).isEqualTo(first.id());
    assertThat(catalog.size()).isEqualTo(2);
  }

  @Test
  void theSameTextUnderTwoDialectsHasTwoShapes() {
    SqlCatalog catalog = new SqlCatalog(new KeyIndex(10), 100);
    String sql = "select * from owners where last_name like ? escape '\\' limit ?";
    SqlShape mysql = catalog.shape(sql, SqlDialect.MYSQL);
    SqlShape standard = catalog.shape(sql, SqlDialect.STANDARD);
    assertThat(mysql.fingerprint()).isEqualTo("select * from owners where last_name like ? escape ?");
    assertThat(standard.fingerprint())
        .isEqualTo("select * from owners where last_name like ? escape ? limit ?");
    assertThat(standard.id()).isNotEqualTo(mysql.id());
    assertThat(standard.dialect()).isEqualTo(SqlDialect.STANDARD);
    assertThat(catalog.shape(sql, SqlDialect.STANDARD)).isSameAs(standard);
    assertThat(catalog.shape(sql, SqlDialect.MYSQL)).isSameAs(mysql);
    assertThat(catalog.size()).isEqualTo(2);
    // Where the dialects agree, the shapes are two but the fingerprint is one.
    assertThat(catalog.shape("select 1", SqlDialect.STANDARD).id())
        .isEqualTo(catalog.shape("select 1", SqlDialect.MYSQL).id());
  }

  @Test
  void theCacheIsBoundedInCountAndTextLength() {
    SqlCatalog catalog = new SqlCatalog(new KeyIndex(10), 50);
    for (int i = 0; i < 500; i++) {
      catalog.shape("SELECT * FROM users WHERE id = " + i, SqlDialect.MYSQL);
    }
    assertThat(catalog.size()).isEqualTo(50);
    String bulk = "INSERT INTO t VALUES " + "(1, 'x'),".repeat(2000) + "(2, 'y')";
    SqlShape shape = catalog.shape(bulk, SqlDialect.MYSQL);
    assertThat(shape.fingerprint()).isEqualTo("insert into t values(?+)");
    assertThat(catalog.size()).as("long texts are not remembered").isEqualTo(50);
  }

  @Test
  void samplesAreCutForDisplay() {
    SqlStats stats = new SqlStats();
    stats.offerSample("x".repeat(SqlStats.MAX_SAMPLE + 10), SqlDialect.MYSQL);
    assertThat(stats.sample()).hasSizeLessThan(SqlStats.MAX_SAMPLE + 40).endsWith("chars */");
  }
}
