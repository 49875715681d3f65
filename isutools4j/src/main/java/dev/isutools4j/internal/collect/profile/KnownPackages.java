package dev.isutools4j.internal.collect.profile;

import java.util.List;

/**
 * Packages the profile knows by name: isutools4j's own, the JDK's and the common libraries', and
 * the launchers whose main class starts someone else's code.
 */
final class KnownPackages {

  /**
   * isutools4j's own code: the library (its facade, public packages and internals, the shaded
   * libraries among them), the agent and the command line. Not the whole {@code dev.isutools4j.}
   * root: an app may live under it (isugram does).
   */
  static final List<String> ISUTOOLS4J_PACKAGES = List.of(
      "dev.isutools4j.Isutools", "dev.isutools4j.internal.", "dev.isutools4j.jdbc.",
      "dev.isutools4j.http.", "dev.isutools4j.agent.", "dev.isutools4j.cli.");

  /** The JDK and the libraries an app runs on: a Spring Boot app's, other stacks', test tools. */
  static final List<String> LIBRARY_PACKAGES = List.of(
      // The JDK.
      "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.", "org.ietf.",
      // Jakarta EE and servers.
      "jakarta.", "org.apache.", "org.eclipse.", "io.undertow.", "org.xnio.", "org.jboss.",
      "org.wildfly.", "org.glassfish.", "io.netty.", "reactor.", "org.reactivestreams.",
      "io.vertx.", "io.grpc.",
      // Frameworks.
      "org.springframework.", "org.aopalliance.", "org.aspectj.", "io.quarkus.", "io.smallrye.",
      "io.micronaut.", "io.helidon.", "io.dropwizard.", "com.google.", "org.jsoup.",
      // Persistence, pools and JDBC drivers.
      "org.hibernate.", "org.antlr.", "org.jooq.", "org.mybatis.", "org.jdbi.", "org.flywaydb.",
      "liquibase.", "com.zaxxer.", "org.h2.", "org.mariadb.", "com.mysql.", "org.postgresql.",
      "oracle.", "com.microsoft.sqlserver.", "org.hsqldb.", "org.sqlite.", "io.r2dbc.",
      "io.asyncer.", "com.mongodb.", "org.bson.", "io.lettuce.", "redis.clients.",
      // Templates, web assets, JSON and YAML.
      "org.thymeleaf.", "org.attoparser.", "org.unbescape.", "nz.net.ultraq.", "freemarker.",
      "com.github.mustachejava.", "com.samskivert.", "org.webjars.", "com.fasterxml.",
      "tools.jackson.", "org.json.", "net.minidev.", "com.jayway.",
      "org.yaml.",
      // Logging, metrics and tracing.
      "ch.qos.", "org.slf4j.", "io.micrometer.", "org.HdrHistogram.", "org.LatencyUtils.",
      "io.prometheus.", "io.opentelemetry.", "brave.", "zipkin2.", "io.github.resilience4j.",
      // Caches, bytecode and languages.
      "com.github.benmanes.", "org.ehcache.", "net.bytebuddy.", "net.sf.cglib.", "javassist.",
      "org.objenesis.", "org.objectweb.", "kotlin.", "kotlinx.", "org.jetbrains.", "scala.",
      "groovy.", "org.codehaus.", "org.bouncycastle.", "com.esotericsoftware.", "picocli.",
      "org.quartz.", "org.springdoc.", "io.swagger.",
      // Profilers, build and test tools.
      "one.profiler.", "org.junit.", "org.opentest4j.", "org.assertj.", "org.mockito.",
      "org.hamcrest.", "org.testcontainers.", "org.openjdk.jmh.", "com.intellij.", "org.gradle.",
      "worker.org.gradle.");

  /**
   * Main classes that start someone else's code: a server's, a build tool's or a test runner's
   * bootstrap. Their package is never taken as the app's. (Spring Boot's launcher is read through
   * its jar's {@code Start-Class} before this is asked.)
   */
  static final List<String> LAUNCHER_PACKAGES = List.of(
      "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.springframework.boot.loader.",
      "org.apache.catalina.startup.", "org.eclipse.jetty.start.", "org.jboss.modules.",
      "io.quarkus.bootstrap.", "org.apache.maven.", "org.codehaus.plexus.classworlds.",
      "org.gradle.", "worker.org.gradle.", "org.junit.platform.console.", "com.intellij.rt.",
      "org.eclipse.jdt.internal.junit.", "org.openjdk.jmh.");

  static final PackagePrefixes ISUTOOLS4J = new PackagePrefixes(ISUTOOLS4J_PACKAGES);
  static final PackagePrefixes LIBRARIES = new PackagePrefixes(LIBRARY_PACKAGES);
  static final PackagePrefixes LAUNCHERS = new PackagePrefixes(LAUNCHER_PACKAGES);

  /** Spring Boot's launcher of an executable jar: the app's main class is its {@code Start-Class}. */
  static final String SPRING_BOOT_LOADER = "org.springframework.boot.loader.";

  /** Markers of the names of classes generated at run time as subclasses of the app's own. */
  private static final List<String> GENERATED_SUBCLASS = List.of(
      "CGLIB$$", "$HibernateProxy$", "$ByteBuddy$", "$MockitoMock$");

  private KnownPackages() {}

  /**
   * Whether a class (or method) name is of a class generated at run time under the app's own
   * names: Spring's and cglib's proxies ({@code $$SpringCGLIB$$0}, {@code $$EnhancerBySpringCGLIB$$}),
   * Hibernate's lazy proxies, Byte Buddy's and Mockito's subclasses. Framework code, whatever its
   * package.
   */
  static boolean generatedSubclass(String name) {
    if (name.indexOf('$') < 0) {
      return false;
    }
    for (String marker : GENERATED_SUBCLASS) {
      if (name.contains(marker)) {
        return true;
      }
    }
    return false;
  }
}
