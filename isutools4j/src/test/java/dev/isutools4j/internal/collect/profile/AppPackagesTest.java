package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AppPackagesTest {

  private static final MainClass PETCLINIC = new MainClass(
      "org.springframework.samples.petclinic.PetClinicApplication", "Start-Class of petclinic.jar");

  private static FrameKind kind(AppPackages app, String method) {
    return app.kindOf(method);
  }

  @Test
  void theMainClassPackageIsTheAppsEvenUnderAFrameworksRoot() {
    AppPackages app = AppPackages.of(List.of(), PETCLINIC);
    assertThat(app.mainPackage()).isEqualTo("org.springframework.samples.petclinic.");
    assertThat(kind(app, "org.springframework.samples.petclinic.owner.OwnerController.showOwner"))
        .isEqualTo(FrameKind.APP);
    assertThat(kind(app, "org.springframework.samples.petclinic.PetClinicApplication.main"))
        .isEqualTo(FrameKind.APP);
    assertThat(kind(app, "org.springframework.web.servlet.DispatcherServlet.doDispatch"))
        .isEqualTo(FrameKind.FRAMEWORK);
    assertThat(kind(app, "org.springframework.samples.other.Thing.run")).isEqualTo(FrameKind.FRAMEWORK);
    // Without the main class PetClinic's code is Spring's, as it was.
    assertThat(kind(AppPackages.configured(List.of()),
        "org.springframework.samples.petclinic.owner.OwnerController.showOwner"))
        .isEqualTo(FrameKind.FRAMEWORK);
  }

  @Test
  void isutools4jsOwnFramesAreNeverTheApps() {
    AppPackages app = AppPackages.of(List.of(), PETCLINIC);
    for (String method : List.of("dev.isutools4j.agent.JdbcBridge.executed",
        "dev.isutools4j.agent.HttpServerContexts.added", "dev.isutools4j.internal.jdbc.Recorder.record",
        "dev.isutools4j.internal.shaded.hdrhistogram.AbstractHistogram.recordValue",
        "dev.isutools4j.jdbc.RecordingStatement.executeQuery",
        "dev.isutools4j.http.IsutoolsServletFilter.doFilter", "dev.isutools4j.cli.Main.main",
        "dev.isutools4j.Isutools.wrap", "dev.isutools4j.Isutools$1.run")) {
      assertThat(kind(app, method)).as(method).isEqualTo(FrameKind.FRAMEWORK);
    }
    // Even when isutools4j's command line started the JVM, its package is not taken as the app's.
    AppPackages cli = AppPackages.of(List.of(), new MainClass("dev.isutools4j.cli.Main", "sun.java.command"));
    assertThat(cli.mainPackage()).isNull();
    assertThat(kind(cli, "dev.isutools4j.cli.Serve.run")).isEqualTo(FrameKind.FRAMEWORK);
  }

  @Test
  void anAppUnderIsutools4jsRootIsStillTheApp() {
    AppPackages isugram = AppPackages.of(List.of(),
        new MainClass("dev.isutools4j.isugram.Main", "Start-Class of isugram.jar"));
    assertThat(isugram.prefixes()).containsExactly("dev.isutools4j.isugram.");
    assertThat(kind(isugram, "dev.isutools4j.isugram.web.PostController.index")).isEqualTo(FrameKind.APP);
    assertThat(kind(isugram, "dev.isutools4j.agent.JdbcBridge.executed")).isEqualTo(FrameKind.FRAMEWORK);
    assertThat(kind(isugram, "dev.isutools4j.jdbc.RecordingStatement.executeQuery"))
        .isEqualTo(FrameKind.FRAMEWORK);
  }

  @Test
  void theCommonLibrariesAreFrameworkCode() {
    AppPackages app = AppPackages.of(List.of(), PETCLINIC);
    for (String method : List.of("tools.jackson.databind.ObjectMapper.writeValueAsString",
        "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsString",
        "org.webjars.WebJarAssetLocator.getFullPath", "org.hibernate.internal.SessionImpl.find",
        "io.micrometer.observation.SimpleObservation.start", "reactor.core.publisher.Flux.subscribe",
        "io.netty.channel.nio.NioEventLoop.run", "io.undertow.server.Connectors.executeRootHandler",
        "org.eclipse.jetty.server.Server.handle", "org.apache.catalina.core.StandardWrapperValve.invoke",
        "com.zaxxer.hikari.pool.HikariPool.getConnection", "org.thymeleaf.TemplateEngine.process",
        "ch.qos.logback.classic.Logger.info", "org.slf4j.helpers.AbstractLogger.info",
        "org.apache.logging.log4j.spi.AbstractLogger.info", "jakarta.servlet.http.HttpServlet.service",
        "net.bytebuddy.asm.Advice.to", "net.sf.cglib.proxy.MethodProxy.invoke",
        "org.springframework.cglib.proxy.MethodProxy.invoke", "kotlin.collections.CollectionsKt.map",
        "com.github.benmanes.caffeine.cache.BoundedLocalCache.get",
        "org.apache.commons.lang3.StringUtils.isBlank", "com.google.common.collect.ImmutableList.of",
        "org.mariadb.jdbc.ClientPreparedStatement.executeQuery",
        "com.mysql.cj.jdbc.ClientPreparedStatement.executeQuery",
        "org.postgresql.jdbc.PgPreparedStatement.executeQuery",
        "org.h2.jdbc.JdbcPreparedStatement.executeQuery", "org.antlr.v4.runtime.Parser.enterRule",
        "org.springframework.boot.loader.launch.JarLauncher.main")) {
      assertThat(kind(app, method)).as(method).isEqualTo(FrameKind.FRAMEWORK);
    }
    assertThat(kind(app, "com.example.shop.Cart.total")).isEqualTo(FrameKind.APP);
  }

  @Test
  void classesGeneratedUnderTheAppsNamesAreNotTheApp() {
    AppPackages app = AppPackages.of(List.of(), PETCLINIC);
    assertThat(kind(app, "org.springframework.samples.petclinic.owner.OwnerController$$SpringCGLIB$$0.showOwner"))
        .isEqualTo(FrameKind.FRAMEWORK);
    assertThat(kind(app, "com.example.Shop$$EnhancerBySpringCGLIB$$.order")).isEqualTo(FrameKind.FRAMEWORK);
    assertThat(kind(app, "org.springframework.samples.petclinic.owner.Owner$HibernateProxy$.getName"))
        .isEqualTo(FrameKind.FRAMEWORK);
    assertThat(kind(app, "org.springframework.samples.petclinic.owner.OwnerController$1.run"))
        .isEqualTo(FrameKind.APP);
    assertThat(kind(app, "com.example.A$$Lambda.run")).isEqualTo(FrameKind.APP);
  }

  @Test
  void theSettingWinsOverEverything() {
    AppPackages app = AppPackages.of(List.of("org.webjars.", "dev.isutools4j.agent."), PETCLINIC);
    assertThat(app.prefixes()).containsExactly("org.webjars.", "dev.isutools4j.agent.",
        "org.springframework.samples.petclinic.");
    assertThat(kind(app, "org.webjars.WebJarAssetLocator.getFullPath")).isEqualTo(FrameKind.APP);
    assertThat(kind(app, "dev.isutools4j.agent.JdbcBridge.executed")).isEqualTo(FrameKind.APP);
  }

  @Test
  void launchersAndTheUnnamedPackageGiveNoAppPackage() {
    for (String main : List.of("org.apache.maven.surefire.booter.ForkedBooter",
        "org.apache.catalina.startup.Bootstrap", "org.springframework.boot.loader.launch.JarLauncher",
        "jdk.internal.java.launcher.SourceLauncher", "com.intellij.rt.junit.JUnitStarter", "Main")) {
      AppPackages app = AppPackages.of(List.of(), new MainClass(main, "sun.java.command"));
      assertThat(app.mainPackage()).as(main).isNull();
      assertThat(app.prefixes()).as(main).isEmpty();
    }
    assertThat(AppPackages.of(List.of("a.b."), null).prefixes()).containsExactly("a.b.");
  }
}
