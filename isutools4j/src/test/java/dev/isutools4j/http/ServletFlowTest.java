package dev.isutools4j.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.RouteCount;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.TestRuns;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The servlet filter follows a browser's session in a real Tomcat by the container's own session
 * cookie: from the login that creates it, through a second login that changes its id (as
 * isugram's does), and never writes the cookie into the run.
 */
class ServletFlowTest {

  private static Tomcat tomcat;
  private static int port;

  /** A login as isugram's: a session, a new id against fixation, a redirect home. */
  static final class App extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
      request.getSession(true);
      request.changeSessionId();
      response.sendRedirect("/");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("text/plain");
      response.getWriter().write(request.getSession(false) == null ? "anonymous" : "logged in");
    }
  }

  @BeforeAll
  static void start() throws Exception {
    tomcat = new Tomcat();
    Path base = Files.createTempDirectory("tomcat");
    tomcat.setBaseDir(base.toString());
    tomcat.setPort(0);
    Context context = tomcat.addContext("", base.toString());
    Tomcat.addServlet(context, "app", new App());
    context.addServletMappingDecoded("/", "app");
    FilterDef filter = new FilterDef();
    filter.setFilterName("isutools");
    filter.setFilterClass(IsutoolsServletFilter.class.getName());
    context.addFilterDef(filter);
    FilterMap map = new FilterMap();
    map.setFilterName("isutools");
    map.addURLPattern("/*");
    map.setDispatcher("REQUEST");
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

  @Test
  void aSessionIsFollowedFromItsLoginThroughAChangeOfItsId() throws Exception {
    CookieManager jar = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    HttpClient browser = HttpClient.newBuilder().cookieHandler(jar).build();
    List<String> ids = new ArrayList<>();
    TestRuns.fresh();
    assertThat(send(browser, "GET", "/").body()).isEqualTo("anonymous");
    assertThat(send(browser, "POST", "/login").statusCode()).isEqualTo(302);
    ids.add(sessionId(jar));
    assertThat(send(browser, "GET", "/").body()).isEqualTo("logged in");
    assertThat(send(browser, "POST", "/login").statusCode()).isEqualTo(302);
    ids.add(sessionId(jar));
    assertThat(send(browser, "GET", "/").body()).isEqualTo("logged in");
    String saved = SnapshotJson.write(TestRuns.take());
    FlowSection flow = SnapshotJson.read(saved).section(FlowSection.class).orElseThrow();

    assertThat(ids).as("the container gave two ids").doesNotHaveDuplicates().doesNotContainNull();
    assertThat(flow.withoutSession()).isEqualTo(1);
    assertThat(flow.sessions()).as("one session, its id changed on the way").isEqualTo(1);
    assertThat(flow.requests()).isEqualTo(4);
    assertThat(flow.transitions()).extracting(Transition::from, Transition::to, Transition::status,
        Transition::count).containsExactly(tuple("POST /login", "GET /", 200, 2L),
            tuple("GET /", "POST /login", 302, 1L));
    assertThat(flow.entries()).extracting(RouteCount::route).containsExactly("POST /login");
    assertThat(flow.exits()).extracting(RouteCount::route).containsExactly("GET /");
    for (String id : ids) {
      assertThat(saved).doesNotContain(id);
    }
  }

  private static HttpResponse<String> send(HttpClient client, String method, String path) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String sessionId(CookieManager jar) {
    return jar.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("JSESSIONID"))
        .map(HttpCookie::getValue).findFirst().orElse(null);
  }
}
