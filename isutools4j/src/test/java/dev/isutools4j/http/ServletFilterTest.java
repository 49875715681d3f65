package dev.isutools4j.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.testing.TestRuns;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.ErrorPage;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The servlet filter in a real Tomcat, registered for REQUEST and ERROR dispatches: framework
 * templates, writer bytes, app exceptions, and error pages the container dispatches to afterwards.
 */
class ServletFilterTest {

  private static Tomcat tomcat;
  private static int port;
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  /** Plays a framework: names its route the way Spring MVC does, by a request attribute. */
  static final class TemplatedServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      String path = request.getRequestURI();
      if (path.startsWith("/@")) {
        request.setAttribute(IsutoolsServletFilter.SPRING_PATTERN, "/@{accountName}");
        response.setContentType("text/html; charset=UTF-8");
        response.getWriter().write("ユーザー " + path.substring(2));
      } else if (path.startsWith("/boom")) {
        throw new IllegalStateException("the app failed");
      } else if (path.startsWith("/no/")) {
        // Spring's resource handler takes every unmatched path, then finds no file.
        request.setAttribute(IsutoolsServletFilter.SPRING_PATTERN, "/**");
        response.sendError(404);
      } else {
        response.setContentType("application/octet-stream");
        response.getOutputStream().write(new byte[1234]);
      }
    }
  }

  /** The app's error page, as Spring Boot's {@code /error}: a body after the request's dispatch. */
  static final class ErrorPageServlet extends HttpServlet {
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/json; charset=UTF-8");
      response.getWriter().write("{\"status\":" + response.getStatus() + ",\"path\":\""
          + request.getAttribute("jakarta.servlet.error.request_uri") + "\",\"error\":\"見つかりません\"}");
    }
  }

  @BeforeAll
  static void start() throws Exception {
    tomcat = new Tomcat();
    Path base = Files.createTempDirectory("tomcat");
    tomcat.setBaseDir(base.toString());
    tomcat.setPort(0);
    Context context = tomcat.addContext("", base.toString());
    Tomcat.addServlet(context, "app", new TemplatedServlet());
    context.addServletMappingDecoded("/", "app");
    Tomcat.addServlet(context, "error", new ErrorPageServlet());
    context.addServletMappingDecoded("/error", "error");
    ErrorPage everyError = new ErrorPage();
    everyError.setLocation("/error");
    context.addErrorPage(everyError);
    FilterDef filter = new FilterDef();
    filter.setFilterName("isutools");
    filter.setFilterClass(IsutoolsServletFilter.class.getName());
    context.addFilterDef(filter);
    FilterMap map = new FilterMap();
    map.setFilterName("isutools");
    map.addURLPattern("/*");
    map.setDispatcher("REQUEST");
    map.setDispatcher("ERROR");
    context.addFilterMap(map);
    tomcat.getConnector();
    tomcat.start();
    port = tomcat.getConnector().getLocalPort();
  }

  @AfterAll
  static void stop() throws LifecycleException {
    tomcat.stop();
    tomcat.destroy();
  }

  @BeforeEach
  void freshRun() {
    TestRuns.fresh();
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  @Test
  void theFrameworkTemplateNamesTheRouteAndWriterBytesAreCountedInUtf8() throws Exception {
    HttpResponse<String> response = get("/@alice");
    get("/@bob");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("ユーザー alice");

    HttpRow row = TestRuns.http("GET", "/@{accountName}").orElseThrow();
    assertThat(row.time().count()).isEqualTo(2);
    assertThat(row.status(2)).isEqualTo(2);
    assertThat(row.bytes()).isEqualTo(("ユーザー alice".getBytes(StandardCharsets.UTF_8).length)
        + ("ユーザー bob".getBytes(StandardCharsets.UTF_8).length));
  }

  /** The advisor's sign that a reverse proxy fronts the app: noted once per run, then not read. */
  @Test
  void aProxyHeaderOnARequestIsNotedForTheRun() throws Exception {
    get("/image/1.jpg");
    assertThat(Recording.recorder().proxyHeader()).isNull();
    CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/image/2.jpg"))
        .header("X-Real-IP", "127.0.0.9").build(), HttpResponse.BodyHandlers.discarding());
    assertThat(Recording.recorder().proxyHeader()).isEqualTo("X-Real-IP");
    CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/image/3.jpg"))
        .header("X-Forwarded-For", "127.0.0.9").build(), HttpResponse.BodyHandlers.discarding());
    assertThat(Recording.recorder().proxyHeader()).as("the first one seen is kept")
        .isEqualTo("X-Real-IP");
    TestRuns.fresh();
    assertThat(Recording.recorder().proxyHeader()).as("a new run has seen none").isNull();
  }

  @Test
  void withoutATemplateTheIdsCollapseAndStreamBytesAreCounted() throws Exception {
    get("/image/12.jpg");
    get("/image/13.jpg");
    HttpRow row = TestRuns.http("GET", "/image/{id}.jpg").orElseThrow();
    assertThat(row.time().count()).isEqualTo(2);
    assertThat(row.bytes()).isEqualTo(2 * 1234);
  }

  @Test
  void anAppExceptionPassesThroughAndCountsAsA5xxWithItsErrorPagesBytes() throws Exception {
    HttpResponse<String> response = get("/boom");
    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(response.body()).contains("\"status\":500");
    HttpRow row = TestRuns.http("GET", "/boom").orElseThrow();
    assertThat(row.time().count()).isEqualTo(1);
    assertThat(row.status(5)).isEqualTo(1);
    assertThat(row.bytes()).isEqualTo(utf8Length(response.body()));
    assertThat(TestRuns.http("GET", "/error")).as("the error page is no request of its own").isEmpty();
  }

  @Test
  void aPathOutsideTheRoutesIsNamedByItsShapeAndItsErrorPageBytesAreItsOwn() throws Exception {
    HttpResponse<String> first = get("/no/such/123");
    HttpResponse<String> second = get("/no/such/4567");
    assertThat(first.statusCode()).isEqualTo(404);
    assertThat(second.body()).contains("\"path\":\"/no/such/4567\"");

    assertThat(TestRuns.http("GET", "/**")).isEmpty();
    HttpRow row = TestRuns.http("GET", "/no/such/{id}").orElseThrow();
    assertThat(row.time().count()).isEqualTo(2);
    assertThat(row.status(4)).isEqualTo(2);
    assertThat(row.bytes()).isEqualTo(utf8Length(first.body()) + utf8Length(second.body()));
    assertThat(TestRuns.current().http()).hasSize(1);
  }

  private static long utf8Length(String body) {
    return body.getBytes(StandardCharsets.UTF_8).length;
  }
}
