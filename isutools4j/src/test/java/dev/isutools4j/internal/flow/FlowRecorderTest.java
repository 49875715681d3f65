package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.isutools4j.internal.keys.RouteKeys;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Path;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.FlowSectionJson;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Requests as the filters hand them over, session keys from their headers: sessions joined by
 * their cookie, a login's POST joined with the redirect after it, a session id changed by a login,
 * the cap on sessions, the counts and paths of the section, and no cookie value in the document.
 */
class FlowRecorderTest {

  private static final List<String> COOKIES = List.of("JSESSIONID", "SESSION");

  private final RouteKeys routes = new RouteKeys(64);
  private final List<String> secrets = new ArrayList<>();
  private final List<Long> keys = new ArrayList<>();

  private FlowRecorder recorder(int maxSessions) {
    return new FlowRecorder(COOKIES, SessionHash.random(), routes.index().slots(), maxSessions, 1024);
  }

  /** One request: its route, status, the cookie it sent (null: none) and the one it was given. */
  private void request(FlowRecorder recorder, String route, int status, String cookie, String setCookie) {
    String[] methodAndRoute = route.split(" ", 2);
    int id = routes.id(methodAndRoute[0], methodAndRoute[1]);
    long requestSession = recorder.sessionInCookie(cookie == null ? null : "theme=dark; JSESSIONID=" + cookie);
    long responseSession = setCookie == null ? 0
        : recorder.sessionInSetCookie("JSESSIONID=" + setCookie + "; Path=/; HttpOnly");
    for (String secret : new String[] {cookie, setCookie}) {
      if (secret != null) {
        secrets.add(secret);
      }
    }
    keys.add(requestSession);
    keys.add(responseSession);
    recorder.request(id, status, requestSession, responseSession);
  }

  @Test
  void sessionsFollowTheirCookieFromTheLoginThatGaveItOn() {
    FlowRecorder recorder = recorder(100);
    request(recorder, "GET /", 200, null, null);
    // A login: the POST has no cookie yet and is given one; its redirect comes with it.
    request(recorder, "POST /login", 302, null, "AAAA1111");
    request(recorder, "GET /", 200, "AAAA1111", null);
    request(recorder, "POST /comment", 302, "AAAA1111", null);
    recorder.drain(); // the flow thread's pace does not matter
    request(recorder, "GET /posts/{id}", 200, "AAAA1111", null);
    // A session from before the login, whose id the login changes.
    request(recorder, "GET /login", 200, "BBBB2222", null);
    request(recorder, "POST /login", 302, "BBBB2222", "CCCC3333");
    request(recorder, "GET /", 200, "CCCC3333", null);
    request(recorder, "GET /", 200, "BBBB2222", null); // the old id is no longer this session
    // A failed login: a one-request session.
    request(recorder, "POST /login", 302, null, "DDDD4444");

    FlowSection flow = recorder.section(routes.index());

    assertThat(flow.cookies()).isEqualTo(COOKIES);
    assertThat(flow.withoutSession()).isEqualTo(1);
    assertThat(flow.requests()).isEqualTo(9);
    assertThat(flow.sessions()).isEqualTo(4);
    assertThat(flow.transitions()).extracting(Transition::from, Transition::to, Transition::status,
        Transition::count).containsExactly(
            tuple("POST /login", "GET /", 200, 2L),
            tuple("GET /", "POST /comment", 302, 1L),
            tuple("GET /login", "POST /login", 302, 1L),
            tuple("POST /comment", "GET /posts/{id}", 200, 1L));
    assertThat(flow.transitionCount()).isEqualTo(flow.requests() - flow.sessions());
    assertThat(flow.entries()).extracting(RouteCount::route, RouteCount::count).containsExactly(
        tuple("POST /login", 2L), tuple("GET /", 1L), tuple("GET /login", 1L));
    assertThat(flow.exits()).extracting(RouteCount::route, RouteCount::count).containsExactly(
        tuple("GET /", 2L), tuple("GET /posts/{id}", 1L), tuple("POST /login", 1L));
    assertThat(flow.perSession().mean()).isEqualTo(9 / 4.0);
    assertThat(flow.perSession().p50()).isEqualTo(1);
    assertThat(flow.perSession().max()).isEqualTo(4);
    assertThat(flow.paths()).extracting(Path::routes, Path::count).containsExactly(
        tuple(List.of("GET /", "POST /comment", "GET /posts/{id}"), 1L),
        tuple(List.of("GET /login", "POST /login", "GET /"), 1L),
        tuple(List.of("POST /login", "GET /", "POST /comment"), 1L),
        tuple(List.of("POST /login", "GET /", "POST /comment", "GET /posts/{id}"), 1L));
    assertThat(flow.evicted()).isZero();
    assertThat(flow.dropped()).isZero();
    assertThat(flow.otherTransitions()).isZero();
    assertThat(flow.untrackedPaths()).isZero();
  }

  @Test
  void theSavedDocumentHoldsNoCookieValueNorItsKey() throws Exception {
    FlowRecorder recorder = recorder(100);
    request(recorder, "POST /login", 302, null, "5D41402ABC4B2A76B9719D911017C592");
    request(recorder, "GET /", 200, "5D41402ABC4B2A76B9719D911017C592", null);
    request(recorder, "POST /login", 302, "5D41402ABC4B2A76B9719D911017C592", "7FA3B767C460B54A2BE4D49030B349C7");
    request(recorder, "GET /", 200, "7FA3B767C460B54A2BE4D49030B349C7", null);
    String json = SnapshotJson.writeValue(new FlowSectionJson().write(recorder.section(routes.index())));

    assertThat(json).contains("\"POST /login\"", "\"JSESSIONID\"");
    for (String secret : secrets) {
      assertThat(json).doesNotContainIgnoringCase(secret).doesNotContain(secret.substring(0, 8));
    }
    for (long key : keys) {
      if (key != 0) {
        assertThat(json).doesNotContain(Long.toString(key)).doesNotContain(Long.toHexString(key))
            .doesNotContain(Long.toString(key >>> 32)).doesNotContain(Long.toString(key & 0xffffffffL));
      }
    }
  }

  @Test
  void theLeastRecentlySeenSessionEndsWhenTheCapIsReached() {
    FlowRecorder recorder = recorder(2);
    request(recorder, "GET /a", 200, "X", null);
    request(recorder, "GET /b", 200, "Y", null);
    request(recorder, "GET /c", 200, "X", null); // Y is now the least recently seen
    request(recorder, "GET /d", 200, "Z", null); // Y ends
    request(recorder, "GET /e", 200, "X", null);
    request(recorder, "GET /f", 200, "Y", null); // Y again: a new session; Z ends
    FlowSection flow = recorder.section(routes.index());

    assertThat(flow.evicted()).isEqualTo(2);
    assertThat(flow.sessions()).isEqualTo(4);
    assertThat(flow.transitions()).extracting(Transition::from, Transition::to)
        .containsExactly(tuple("GET /a", "GET /c"), tuple("GET /c", "GET /e"));
    assertThat(flow.entries()).extracting(RouteCount::route)
        .containsExactly("GET /a", "GET /b", "GET /d", "GET /f");
    assertThat(flow.exits()).extracting(RouteCount::route, RouteCount::count)
        .containsExactly(tuple("GET /b", 1L), tuple("GET /d", 1L), tuple("GET /e", 1L), tuple("GET /f", 1L));
    assertThat(flow.perSession().max()).isEqualTo(3);
    assertThat(flow.perSession().mean()).isEqualTo(6 / 4.0);
  }

  @Test
  void everyPathOfThreeToFiveRequestsIsCountedAndTheMostFrequentListed() {
    FlowRecorder recorder = recorder(10);
    for (int session = 0; session < 3; session++) {
      for (String route : List.of("GET /1", "GET /2", "GET /3", "GET /4", "GET /5", "GET /6")) {
        request(recorder, route, 200, "S" + session, null);
      }
    }
    FlowSection flow = recorder.section(routes.index());
    // Per session of six requests: four paths of three, three of four, two of five.
    List<List<String>> expected = new ArrayList<>();
    for (int length = 3; length <= 5; length++) {
      for (int first = 1; first + length - 1 <= 6; first++) {
        List<String> path = new ArrayList<>();
        for (int i = first; i < first + length; i++) {
          path.add("GET /" + i);
        }
        expected.add(path);
      }
    }
    assertThat(flow.paths()).allSatisfy(p -> assertThat(p.count()).isEqualTo(3));
    assertThat(flow.paths()).extracting(Path::routes).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(flow.paths().get(0).routes()).containsExactly("GET /1", "GET /2", "GET /3");
  }

  @Test
  void aFullQueueDropsAndCountsWhatItCannotHold() {
    FlowRecorder recorder = new FlowRecorder(COOKIES, SessionHash.random(), routes.index().slots(), 10, 4);
    for (int i = 0; i < 6; i++) {
      request(recorder, "GET /", 200, "Q", null);
    }
    FlowSection flow = recorder.section(routes.index());
    assertThat(flow.dropped()).isEqualTo(2);
    assertThat(flow.requests()).isEqualTo(4);
    request(recorder, "GET /", 200, "Q", null);
    assertThat(recorder.section(routes.index()).requests()).as("drained: room again").isEqualTo(5);
  }

  @Test
  void anotherCookiesSetCookieLeavesTheSessionAsItIs() {
    FlowRecorder recorder = recorder(10);
    long session = recorder.sessionInCookie("SESSION=abc");
    assertThat(session).isNotZero().isEqualTo(recorder.sessionInSetCookie("SESSION=abc; Path=/"));
    assertThat(recorder.sessionInSetCookie("theme=dark; Path=/")).isZero();
    assertThat(recorder.sessionInCookie("theme=dark")).isZero();
    assertThat(recorder.sessionInCookie(null)).isZero();
  }

  @Test
  void withTheFlowOffNothingIsCounted() {
    FlowRecorder off = FlowRecorder.off();
    assertThat(off.sessionInCookie("JSESSIONID=abc")).isZero();
    off.request(0, 200, 0, 0);
    off.request(0, 200, 5, 0);
    FlowSection flow = off.section(routes.index());
    assertThat(flow.off()).isTrue();
    assertThat(flow.requests()).isZero();
    assertThat(flow.withoutSession()).isZero();
    assertThat(flow.transitions()).isEmpty();
  }
}
