package dev.isutools4j.isugram;

import dev.isutools4j.isugram.db.Dialect;
import dev.isutools4j.isugram.web.AppSettings;
import dev.isutools4j.isugram.web.IsugramApplication;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts the app in this JVM.
 *
 * <pre>{@code
 * DataLoader.load(ServeOptions.embeddedUrl(dir), 0.05);
 * try (Isugram.Running app = Isugram.start(ServeOptions.defaults().withDataDir(dir).withPort(0).withTuning(2))) {
 *   BenchResult result = Bench.run(app.url(), Duration.ofSeconds(30), 4, Scale.of(0.05));
 * }
 * }</pre>
 *
 * <p>Several apps may run in one JVM on different ports; they share the JVM's isutools4j instance.
 */
public final class Isugram {

  private Isugram() {}

  /** A running app. */
  public static final class Running implements AutoCloseable {

    private final ConfigurableApplicationContext context;
    private final int port;
    private final ServeOptions options;

    private Running(ConfigurableApplicationContext context, ServeOptions options) {
      this.context = context;
      this.options = options;
      this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    public int port() {
      return port;
    }

    /** The base URL, e.g. {@code http://127.0.0.1:8080}: the bound address, or loopback for all. */
    public String url() {
      String bind = options.bind();
      boolean any = bind.equals("0.0.0.0") || bind.equals("::") || bind.equals("[::]");
      return "http://" + (any ? ServeOptions.LOOPBACK : bind) + ":" + port;
    }

    public ServeOptions options() {
      return options;
    }

    /** Stops the server and closes the database pool. */
    public void stop() {
      context.close();
    }

    @Override
    public void close() {
      stop();
    }
  }

  /** Starts the app and returns once it accepts requests. */
  public static Running start(ServeOptions options) {
    String url = options.jdbcUrl();
    Dialect dialect = Dialect.of(url);
    Map<String, Object> properties = new HashMap<>();
    properties.put("server.port", options.port());
    properties.put("server.address", options.bind());
    if (options.library()) {
      properties.put("spring.datasource.url", "jdbc:isutools:" + url.substring("jdbc:".length()));
      properties.put("spring.datasource.driver-class-name", "dev.isutools4j.jdbc.IsutoolsDriver");
    } else {
      properties.put("spring.datasource.url", url);
    }
    properties.put("spring.datasource.hikari.maximum-pool-size", 20);
    properties.put("spring.datasource.hikari.minimum-idle", 4);
    properties.put("spring.servlet.multipart.max-file-size", "20MB");
    properties.put("spring.servlet.multipart.max-request-size", "25MB");
    properties.put("server.tomcat.max-swallow-size", "-1");
    properties.put("server.servlet.session.tracking-modes", "cookie");
    properties.put("server.tomcat.threads.max", 64);
    properties.put("spring.main.banner-mode", "off");
    properties.put("spring.jmx.enabled", false);
    properties.put("spring.sql.init.mode", "never");
    properties.put("spring.thymeleaf.cache", true);
    properties.put("spring.web.resources.cache.period", 86400);
    properties.put("spring.mvc.log-resolved-exception", false);
    properties.put("server.error.whitelabel.enabled", false);
    properties.put("logging.level.root", "WARN");
    properties.put("logging.level.dev.isutools4j", "INFO");
    AppSettings settings = new AppSettings(options, dialect);
    ConfigurableApplicationContext context = new SpringApplicationBuilder(IsugramApplication.class)
        .web(WebApplicationType.SERVLET)
        .properties(properties)
        .initializers(c -> c.getBeanFactory().registerSingleton("appSettings", settings))
        .registerShutdownHook(false)
        .logStartupInfo(false)
        .run();
    return new Running(context, options);
  }
}
