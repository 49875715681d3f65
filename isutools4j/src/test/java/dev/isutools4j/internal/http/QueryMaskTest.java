package dev.isutools4j.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryMaskTest {

  @Test
  void valuesAreKeptAsTheyCame() {
    assertThat(QueryMask.path("/posts", "max_created_at=2016-01-02T11%3A46%3A21%2B09%3A00&page=2"))
        .isEqualTo("/posts?max_created_at=2016-01-02T11%3A46%3A21%2B09%3A00&page=2");
  }

  @Test
  void secretLookingNamesKeepTheirNameOnly() {
    assertThat(QueryMask.path("/login", "user=alice&password=hunter2&Api_Token=abc&passhash=ff&client_secret=s"))
        .isEqualTo("/login?user=alice&password=***&Api_Token=***&passhash=***&client_secret=***");
    assertThat(QueryMask.path("/x", "pass%77ord=hunter2")).as("a name percent-encoded").isEqualTo("/x?pass%77ord=***");
    assertThat(QueryMask.path("/x", "csrf_token=")).isEqualTo("/x?csrf_token=***");
  }

  @Test
  void oddQueriesPassThrough() {
    assertThat(QueryMask.path("/a", null)).isEqualTo("/a");
    assertThat(QueryMask.path("/a", "")).isEqualTo("/a");
    assertThat(QueryMask.path("/a", "flag&&token&x=%zz&=v")).isEqualTo("/a?flag&&token&x=%zz&=v");
    assertThat(QueryMask.path(null, "q=1")).isEqualTo("??q=1");
  }
}
