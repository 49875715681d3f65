package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where a request says it comes from, and whether that is the dashboard it was sent to. */
class RequestOriginTest {

  @Test
  void toolsNameNoOrigin() {
    RequestOrigin none = RequestOrigin.of(null, null);
    assertThat(none.said()).isFalse();
    assertThat(none.sameAs("127.0.0.1:19191")).isFalse();
  }

  @Test
  void theDashboardsOwnOriginIsTheHostItWasSentTo() {
    assertThat(RequestOrigin.of("http://127.0.0.1:19191", null).sameAs("127.0.0.1:19191")).isTrue();
    assertThat(RequestOrigin.of("http://LOCALHOST:19191", null).sameAs("localhost:19191")).isTrue();
    assertThat(RequestOrigin.of("http://[::1]:19191", null).sameAs("[::1]:19191")).isTrue();
    assertThat(RequestOrigin.of("http://localhost", null).sameAs("localhost:80")).isTrue();
    assertThat(RequestOrigin.of("http://localhost:80", null).sameAs("localhost")).isTrue();
    assertThat(RequestOrigin.of("https://dash.example", null).sameAs("dash.example")).as("behind TLS")
        .isTrue();
  }

  @Test
  void anyOtherOriginIsForeign() {
    String host = "127.0.0.1:19191";
    for (String origin : new String[] {"http://evil.example", "null", "", "http://127.0.0.1:8000",
        "http://localhost:19191", "ftp://127.0.0.1:19191", "file://", "http://127.0.0.1:19191/x",
        "http://u@127.0.0.1:19191", "127.0.0.1:19191"}) {
      RequestOrigin o = RequestOrigin.of(origin, null);
      assertThat(o.said()).as(origin).isTrue();
      assertThat(o.sameAs(host)).as(origin).isFalse();
    }
    assertThat(RequestOrigin.of("http://dash.example:8080", null).sameAs("dash.example"))
        .as("a proxy that drops the port").isFalse();
    assertThat(RequestOrigin.of("http://127.0.0.1:19191", null).sameAs(null)).isFalse();
  }

  @Test
  void lackingAnOriginTheReferersOriginSpeaksWithoutItsQuery() {
    RequestOrigin ours = RequestOrigin.of(null, "http://127.0.0.1:19191/runs/a1?token=s3cret");
    assertThat(ours.said()).isTrue();
    assertThat(ours.origin()).isEqualTo("http://127.0.0.1:19191");
    assertThat(ours.sameAs("127.0.0.1:19191")).isTrue();
    assertThat(RequestOrigin.of(null, "http://evil.example/page").sameAs("127.0.0.1:19191")).isFalse();
    RequestOrigin unreadable = RequestOrigin.of(null, "not a url at all");
    assertThat(unreadable.said()).isTrue();
    assertThat(unreadable.sameAs("127.0.0.1:19191")).isFalse();
    assertThat(RequestOrigin.of(null, "http://exa mple/").sameAs("127.0.0.1:19191")).isFalse();
  }

  @Test
  void theOriginWinsOverTheReferer() {
    assertThat(RequestOrigin.of("http://evil.example", "http://127.0.0.1:19191/")
        .sameAs("127.0.0.1:19191")).isFalse();
  }
}
