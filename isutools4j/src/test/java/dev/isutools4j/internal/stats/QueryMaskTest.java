package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.sql.SecretColumns;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryMaskTest {

  @Test
  void valuesAreKeptAsTheyCame() {
    assertThat(QueryMask.path("/posts", "max_created_at=2016-01-02T11%3A46%3A21%2B09%3A00&page=2", SecretColumns.DEFAULT))
        .isEqualTo("/posts?max_created_at=2016-01-02T11%3A46%3A21%2B09%3A00&page=2");
  }

  @Test
  void secretLookingNamesKeepTheirNameOnly() {
    assertThat(QueryMask.path("/login", "user=alice&password=hunter2&Api_Token=abc&passhash=ff&client_secret=s", SecretColumns.DEFAULT))
        .isEqualTo("/login?user=alice&password=***&Api_Token=***&passhash=***&client_secret=***");
    assertThat(QueryMask.path("/x", "pass%77ord=hunter2", SecretColumns.DEFAULT)).as("a name percent-encoded").isEqualTo("/x?pass%77ord=***");
    assertThat(QueryMask.path("/x", "csrf_token=", SecretColumns.DEFAULT)).isEqualTo("/x?csrf_token=***");
  }

  @Test
  void oddQueriesPassThrough() {
    assertThat(QueryMask.path("/a", null, SecretColumns.DEFAULT)).isEqualTo("/a");
    assertThat(QueryMask.path("/a", "", SecretColumns.DEFAULT)).isEqualTo("/a");
    assertThat(QueryMask.path("/a", "flag&&token&x=%zz&=v", SecretColumns.DEFAULT)).isEqualTo("/a?flag&&token&x=%zz&=v");
    assertThat(QueryMask.path(null, "q=1", SecretColumns.DEFAULT)).isEqualTo("??q=1");
  }

  @Test
  void theSecretWordsAreTheSettings() {
    SecretColumns pin = SecretColumns.ofSetting("pin");
    assertThat(QueryMask.path("/x", "PIN=1234&password=p", pin)).isEqualTo("/x?PIN=***&password=p");
    assertThat(QueryMask.path("/x", "password=p", SecretColumns.of(List.of())))
        .as("none").isEqualTo("/x?password=p");
  }
}
