package dev.isutools4j.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.HttpRow;
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
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The servlet filter in a real Tomcat: framework templates, writer bytes, and app exceptions. */
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
      } else {
        response.setContentType("application/octet-stream");
        response.getOutputStream().write(new byte[1234]);
      }
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
    FilterDef filter = new FilterDef();
    filter.setFilterName("isutools");
    filter.setFilterClass(IsutoolsServletFilter.class.getName());
    context.addFilterDef(filter);
    FilterMap map = new FilterMap();
    map.setFilterName("isutools");
    map.addURLPattern("/*");
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

  @Test
  void withoutATemplateTheIdsCollapseAndStreamBytesAreCounted() throws Exception {
    get("/image/12.jpg");
    get("/image/13.jpg");
    HttpRow row = TestRuns.http("GET", "/image/{id}.jpg").orElseThrow();
    assertThat(row.time().count()).isEqualTo(2);
    assertThat(row.bytes()).isEqualTo(2 * 1234);
  }

  @Test
  void anAppExceptionPassesThroughAndCountsAsA5xx() throws Exception {
    assertThat(get("/boom").statusCode()).isEqualTo(500);
    HttpRow row = TestRuns.http("GET", "/boom").orElseThrow();
    assertThat(row.status(5)).isEqualTo(1);
  }
}
