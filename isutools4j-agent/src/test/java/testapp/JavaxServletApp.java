package testapp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

/**
 * {@link ServletApp} on Tomcat 9, whose servlets are of the older {@code javax.servlet} API. This
 * module compiles against Tomcat 10, so the one call whose signature names a servlet type is made
 * by reflection; every other call is the same in both.
 */
public final class JavaxServletApp {

  public static void main(String[] args) throws Exception {
    Db db = new Db("plain", "javax");
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(args.length > 0 ? args[0] : "target/tomcat9");
    tomcat.setPort(0);
    tomcat.getConnector();
    Context context = tomcat.addContext("", null);
    HttpServlet items = new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        try {
          String id = request.getPathInfo().substring(1);
          request.setAttribute("org.springframework.web.servlet.HandlerMapping.bestMatchingPattern",
              "/items/{id}");
          byte[] body = db.item(Integer.parseInt(id)).getBytes(StandardCharsets.UTF_8);
          response.setContentLength(body.length);
          response.getOutputStream().write(body);
        } catch (Exception e) {
          response.sendError(500, e.toString());
        }
      }
    };
    Tomcat.class.getMethod("addServlet", Context.class, String.class, javax.servlet.Servlet.class)
        .invoke(null, context, "items", items);
    context.addServletMappingDecoded("/items/*", "items");
    HttpServlet unmatched = new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        // As Spring's resource handler: it takes every path no route matched, then finds no file.
        request.setAttribute("org.springframework.web.servlet.HandlerMapping.bestMatchingPattern", "/**");
        response.sendError(404);
      }
    };
    Tomcat.class.getMethod("addServlet", Context.class, String.class, javax.servlet.Servlet.class)
        .invoke(null, context, "unmatched", unmatched);
    context.addServletMappingDecoded("/no/*", "unmatched");
    tomcat.start();
    System.out.println("READY " + tomcat.getConnector().getLocalPort());
    System.out.flush();
  }
}
