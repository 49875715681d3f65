package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.isutools4j.internal.web.AdminToken.Given;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The admin token: by header, by parameter, by the dashboard's cookie; compared in constant time. */
class AdminTokenTest {

  private static final String HOST = "127.0.0.1:19191";
  private final AdminToken token = AdminToken.of("s3cret");

  private Given header(String value) {
    return token.given(value, null, null, HOST);
  }

  @Test
  void noTokenSetLetsEveryRequestIn() {
    assertThat(AdminToken.of(null).given(null, null, null, HOST)).isEqualTo(Given.NOT_REQUIRED);
  }

  @Test
  void theBearerHeader() {
    assertThat(header("Bearer s3cret")).isEqualTo(Given.HEADER);
    assertThat(header("Bearer  s3cret ")).isEqualTo(Given.HEADER);
    for (String wrong : List.of("Bearer s3cre", "Bearer s3cret!", "Bearer S3CRET", "Bearer ",
        "Bearer x")) {
      assertThat(header(wrong)).as(wrong).isEqualTo(Given.NONE);
    }
    assertThat(token.given(null, null, null, HOST)).isEqualTo(Given.NONE);
  }

  @Test
  void theParameter() {
    assertThat(token.given(null, "s3cret", null, HOST)).isEqualTo(Given.PARAMETER);
    assertThat(token.given(null, "wrong", null, HOST)).isEqualTo(Given.NONE);
    assertThat(token.given("Basic czNjcmV0", "s3cret", null, HOST)).as("not a bearer header")
        .isEqualTo(Given.PARAMETER);
  }

  @Test
  void theCookieSetAfterATokenVisitLetsTheBrowserInWithoutTheToken() {
    String setCookie = token.setCookie(HOST);
    assertThat(setCookie).startsWith("isutools-19191=").contains("; Path=/").contains("; HttpOnly")
        .contains("; SameSite=Strict").doesNotContain("s3cret");
    String cookie = setCookie.substring(0, setCookie.indexOf(';'));
    assertThat(token.given(null, null, List.of("theme=dark; " + cookie), HOST)).isEqualTo(Given.COOKIE);
    assertThat(token.given(null, null, List.of("theme=dark", cookie), HOST)).isEqualTo(Given.COOKIE);
    assertThat(token.given(null, null, List.of(cookie), "localhost:19191"))
        .as("the same port by another loopback name").isEqualTo(Given.COOKIE);
    assertThat(token.given(null, null, List.of(cookie), "localhost:19192"))
        .as("another forwarded server's cookie").isEqualTo(Given.NONE);
    assertThat(token.given(null, null, List.of("isutools-19191=s3cret"), HOST))
        .as("the token itself is no cookie").isEqualTo(Given.NONE);
    assertThat(AdminToken.of("other").given(null, null, List.of(cookie), HOST))
        .as("another token's cookie").isEqualTo(Given.NONE);
  }

  @Test
  void aWrongHeaderOrParameterIsNotMadeGoodByTheCookie() {
    String setCookie = token.setCookie(HOST);
    List<String> cookie = List.of(setCookie.substring(0, setCookie.indexOf(';')));
    assertThat(token.given("Bearer wrong", null, cookie, HOST)).isEqualTo(Given.NONE);
    assertThat(token.given(null, "wrong", cookie, HOST)).isEqualTo(Given.NONE);
  }

  /**
   * Constant time is a property of the code, not of a measurement: every comparison of a given
   * credential goes through MessageDigest.isEqual over fixed-length digests, none through an
   * early-exit equals.
   */
  @Test
  void credentialsAreComparedOnlyByMessageDigestIsEqual() {
    JavaClass type = new ClassFileImporter().importClass(AdminToken.class);
    Set<String> calls = type.getMethodCallsFromSelf().stream()
        .filter(call -> !call.getOrigin().getName().equals("cookie"))
        .map(AdminTokenTest::target)
        .collect(Collectors.toSet());
    assertThat(calls).contains(MessageDigest.class.getName() + ".isEqual")
        .noneMatch(call -> call.endsWith(".equals") || call.endsWith(".equalsIgnoreCase")
            || call.endsWith(".contentEquals") || call.endsWith(".compareTo")
            || call.endsWith(".mismatch"));
    assertThat(type.getMethodCallsFromSelf().stream()
        .filter(call -> call.getOrigin().getName().equals("matches")).map(AdminTokenTest::target))
        .contains(MessageDigest.class.getName() + ".isEqual");
  }

  private static String target(JavaMethodCall call) {
    return call.getTarget().getOwner().getFullName() + "." + call.getTarget().getName();
  }
}
