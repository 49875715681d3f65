package dev.isutools4j.isugram.web;

import dev.isutools4j.http.IsutoolsServletFilter;
import dev.isutools4j.isugram.Tuning;
import dev.isutools4j.isugram.db.Schema;
import jakarta.servlet.DispatcherType;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.filter.RelativeRedirectFilter;

/**
 * The Spring side: the isutools4j filter first in the chain (and in error pages' dispatches),
 * relative redirects, and the strategies the tuning level picks. The data source comes from Spring
 * Boot, on a {@code jdbc:isutools:} URL. Run plain
 * ({@link dev.isutools4j.isugram.ServeOptions#library()} false), the filter is not registered and
 * the URL is the database's own: the agent measures it instead.
 */
@SpringBootApplication
public class IsugramApplication {

  @Bean
  FilterRegistrationBean<IsutoolsServletFilter> isutoolsFilter(AppSettings settings) {
    FilterRegistrationBean<IsutoolsServletFilter> bean = new FilterRegistrationBean<>(new IsutoolsServletFilter());
    bean.setEnabled(settings.options().library());
    bean.setOrder(Ordered.HIGHEST_PRECEDENCE);
    bean.addUrlPatterns("/*");
    // ERROR too: Spring Boot's /error page writes the body of a 404 or 500 after the request's dispatch.
    bean.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ERROR);
    return bean;
  }

  /**
   * {@code Location: /login}, not {@code http://{Host}/login}: behind a proxy that passes the Host
   * without the port (nginx's {@code proxy_set_header Host $host}), an absolute redirect leads to
   * port 80. Tomcat's own relative-redirect setting is not enough: it answers HTTP/1.0 requests,
   * which nginx's {@code proxy_pass} sends by default, with absolute ones.
   */
  @Bean
  FilterRegistrationBean<RelativeRedirectFilter> relativeRedirects() {
    RelativeRedirectFilter filter = new RelativeRedirectFilter();
    filter.setRedirectStatus(HttpStatus.FOUND);
    FilterRegistrationBean<RelativeRedirectFilter> bean = new FilterRegistrationBean<>(filter);
    bean.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
    bean.addUrlPatterns("/*");
    return bean;
  }

  @Bean
  Users users(AppSettings settings, JdbcTemplate jdbc) {
    Users database = new DatabaseUsers(jdbc);
    return settings.options().tuning().userCache() ? new CachedUsers(database) : database;
  }

  @Bean
  Sessions sessions(Users users) {
    return new Sessions(users);
  }

  @Bean
  PostLists postLists(AppSettings settings, JdbcTemplate jdbc, Users users, DataSource dataSource) throws SQLException {
    Tuning tuning = settings.options().tuning();
    try (Connection connection = dataSource.getConnection()) {
      Schema.create(connection, settings.dialect());
      // Level 0 drops them, so that runs at level 0 compare whatever ran before.
      Schema.tuningIndexes(connection, settings.dialect(), tuning.indexes());
    }
    return tuning.batchedPostLists() ? new BatchedPostLists(jdbc, settings.dialect()) : new NPlusOnePostLists(jdbc, users);
  }

  @Bean
  Digest digest(AppSettings settings) {
    if (settings.options().tuning().inProcessDigest()) {
      return Digest.IN_PROCESS;
    }
    if (!OpensslDigest.available("openssl")) {
      throw new IllegalStateException("tuning level 0..2 runs openssl for each password digest, and openssl"
          + " cannot be run here; install it or start with --tuning 3");
    }
    return new OpensslDigest("openssl");
  }

  @Bean
  ImageStore images(AppSettings settings, JdbcTemplate jdbc) {
    return settings.options().tuning().imageFiles()
        ? new FileImages(jdbc, settings.options().dataDir().resolve("images"))
        : new DatabaseImages(jdbc);
  }
}
