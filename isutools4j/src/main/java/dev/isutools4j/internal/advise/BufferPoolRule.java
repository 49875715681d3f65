package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import java.util.List;
import java.util.Locale;

/** The InnoDB buffer pool should hold the data and the indexes, or reads go to disk. */
final class BufferPoolRule implements Rule {

  static final String ID = "db-buffer-pool";
  private static final String TITLE = "InnoDB buffer pool holds data + indexes";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(AdvisorInput in) {
    DatabaseSection db = in.database();
    if (db == null) {
      return List.of(Finding.skip(ID, TITLE, in.databaseMissing()));
    }
    Long pool = Values.longOrNull(in.variables().get("innodb_buffer_pool_size"));
    List<Table> tables = db.tables();
    if (pool == null || tables.isEmpty()) {
      return List.of(Finding.skip(ID, TITLE, pool == null ? "innodb_buffer_pool_size" : "tables"));
    }
    long size = 0;
    int innodb = 0;
    for (Table t : tables) {
      String engine = t.engine();
      if (engine == null || engine.toLowerCase(Locale.ROOT).equals("innodb")) {
        size += t.dataBytes() + t.indexBytes();
        innodb++;
      }
    }
    Evidence ev = Evidence.of("innodb_buffer_pool_size", Values.bytes(pool))
        .and("dataAndIndexes", Values.bytes(size)).and("tables", innodb);
    if (pool >= size) {
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }
    long mib = (size * 5 / 4) / (1024 * 1024) + 1;
    return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
        "set innodb_buffer_pool_size = " + mib + "M (data + indexes + 25 %) in my.cnf [mysqld]"));
  }
}
