package testapp;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

/**
 * A servlet app on embedded Tomcat with JDBC and no isutools4j code. Its servlet sets the request
 * attribute Spring MVC sets for a matched pattern, as a Spring app's DispatcherServlet would.
 */
public final class ServletApp {

  public static void main(String[] args) throws Exception {
    Db db = new Db("plain", "servlet");
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(args.length > 0 ? args[0] : "target/tomcat");
    tomcat.setPort(0);
    tomcat.getConnector();
    Context context = tomcat.addContext("", null);
    Tomcat.addServlet(context, "items", new HttpServlet() {
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
    });
    context.addServletMappingDecoded("/items/*", "items");
    Tomcat.addServlet(context, "unmatched", new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        // As Spring's resource handler: it takes every path no route matched, then finds no file.
        request.setAttribute("org.springframework.web.servlet.HandlerMapping.bestMatchingPattern", "/**");
        response.sendError(404);
      }
    });
    context.addServletMappingDecoded("/no/*", "unmatched");
    tomcat.start();
    System.out.println("READY " + tomcat.getConnector().getLocalPort());
    System.out.flush();
  }
}
