package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Session cookies found by name in Cookie and Set-Cookie headers, as servers write them. */
class SessionCookiesTest {

  private static final SessionCookies COOKIES = new SessionCookies(List.of("JSESSIONID", "connect.sid"));

  private static String value(String header, long bounds) {
    return bounds == SessionCookies.NONE ? null
        : header.substring(SessionCookies.start(bounds), SessionCookies.end(bounds));
  }

  private static String inCookie(String header) {
    return value(header, COOKIES.inCookie(header));
  }

  private static String inSetCookie(String header) {
    return value(header, COOKIES.inSetCookie(header));
  }

  @Test
  void aCookieHeadersFirstSessionCookie() {
    assertThat(inCookie("JSESSIONID=ABC123")).isEqualTo("ABC123");
    assertThat(inCookie("theme=dark; JSESSIONID=ABC123; lang=ja")).isEqualTo("ABC123");
    assertThat(inCookie("theme=dark;JSESSIONID = ABC123 ;lang=ja")).isEqualTo("ABC123");
    assertThat(inCookie("connect.sid=\"s%3Aabc.def\"; JSESSIONID=ABC")).isEqualTo("s%3Aabc.def");
    assertThat(inCookie("XJSESSIONID=1; jsessionid=2; JSESSIONIDX=3")).as("names are exact").isNull();
    assertThat(inCookie("JSESSIONID=; JSESSIONID=SECOND")).as("an empty value is no session")
        .isEqualTo("SECOND");
    assertThat(inCookie("theme=dark")).isNull();
    assertThat(inCookie("")).isNull();
    assertThat(inCookie(";;; =x; JSESSIONID")).isNull();
    assertThat(COOKIES.inCookie(null)).isEqualTo(SessionCookies.NONE);
  }

  @Test
  void aSetCookieHeaderThatGivesASessionCookie() {
    assertThat(inSetCookie("JSESSIONID=ABC123; Path=/; HttpOnly")).isEqualTo("ABC123");
    assertThat(inSetCookie("JSESSIONID=ABC123")).isEqualTo("ABC123");
    assertThat(inSetCookie("connect.sid=s%3Axyz; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT"))
        .isEqualTo("s%3Axyz");
    assertThat(inSetCookie("JSESSIONID=ABC; Max-Age=3600")).isEqualTo("ABC");
    assertThat(inSetCookie("theme=dark; Path=/")).isNull();
    assertThat(inSetCookie("JSESSIONID=ABC; Max-Age  ")).as("an attribute without a value").isEqualTo("ABC");
    assertThat(inSetCookie("JSESSIONID=ABC; Expires")).isEqualTo("ABC");
  }

  @Test
  void aSetCookieHeaderThatRemovesTheCookieGivesNoSession() {
    assertThat(inSetCookie("JSESSIONID=; Path=/")).isNull();
    assertThat(inSetCookie("JSESSIONID=ABC; Max-Age=0; Path=/")).isNull();
    assertThat(inSetCookie("JSESSIONID=ABC; max-age = 00")).isNull();
    assertThat(inSetCookie("JSESSIONID=ABC; Max-Age=-1")).isNull();
    assertThat(inSetCookie("connect.sid=x; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")).isNull();
  }

  @Test
  void noNamesFindNothing() {
    SessionCookies none = new SessionCookies(List.of());
    assertThat(none.none()).isTrue();
    assertThat(none.inCookie("JSESSIONID=ABC")).isEqualTo(SessionCookies.NONE);
    assertThat(none.inSetCookie("JSESSIONID=ABC")).isEqualTo(SessionCookies.NONE);
  }
}
