package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import dev.isutools4j.internal.dbtarget.DatabaseTargets;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Gathers the {@link Environment} at save: the JVM's MXBeans, a few /proc/sys values, the last JDBC
 * URL, and nginx's configuration from {@code isutools.nginx.conf} or, only when something says
 * nginx fronts the app ({@link NginxFront}), from {@code nginx -T} (run with a timeout, as whatever
 * user the app runs as). An nginx that is only installed is not asked.
 */
public final class EnvironmentProbe {

  private static final List<String> SYSCTLS = List.of("net.core.somaxconn",
      "net.ipv4.ip_local_port_range", "fs.file-max", "fs.nr_open");
  private static final List<String> NGINX = List.of("/usr/sbin/nginx", "/usr/local/sbin/nginx",
      "/usr/bin/nginx", "/usr/local/nginx/sbin/nginx");
  private static final long TIMEOUT_SECONDS = 5;

  private EnvironmentProbe() {}

  /**
   * @param nginxConf {@code isutools.nginx.conf}, or null
   * @param fronts why nginx fronts the app, as far as the caller knows ({@link NginxFront#of})
   */
  public static Environment gather(String nginxConf, List<String> fronts) {
    Runtime rt = Runtime.getRuntime();
    List<String> gcs = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).toList();
    Map<String, String> sysctl = new LinkedHashMap<>();
    for (String name : SYSCTLS) {
      String value = read(Path.of("/proc/sys", name.replace('.', '/')));
      if (value != null) {
        sysctl.put(name, value.trim());
      }
    }
    List<String> reasons = new ArrayList<>(fronts);
    if (nginxConf != null) {
      reasons.add(0, NginxFront.CONF);
    }
    String[] nginx = reasons.isEmpty() ? new String[] {null, NginxFront.NONE} : nginx(nginxConf);
    return new Environment(rt.maxMemory(), rt.availableProcessors(), gcs, sysctl,
        appUrl(), nginx[0], nginx[1], reasons);
  }

  /** The real JDBC URL the app last connected with, or null (a wrapped data source has none). */
  private static String appUrl() {
    DatabaseTarget target = DatabaseTargets.latest();
    return target == null ? null : target.url();
  }

  /** The configuration text and, when it is null, why. */
  static String[] nginx(String configured) {
    if (configured != null) {
      String text = read(Path.of(configured));
      return text != null ? new String[] {text, null}
          : new String[] {null, "cannot read " + configured + " (isutools.nginx.conf)"};
    }
    Path binary = NGINX.stream().map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
    if (binary == null) {
      return new String[] {null, "nginx is not installed (or set isutools.nginx.conf)"};
    }
    return dump(List.of(binary.toString(), "-T"));
  }

  /** Runs {@code nginx -T ...}: stdout when it printed a configuration, else why not. */
  static String[] dump(List<String> command) {
    try {
      Path err = Files.createTempFile("isutools-nginx", ".err");
      Path out = Files.createTempFile("isutools-nginx", ".out");
      try {
        // Output goes to files so that a hung nginx cannot block us past the timeout.
        Process p = new ProcessBuilder(command).redirectError(err.toFile())
            .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile()))
            .start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          return new String[] {null, "nginx -T did not finish in " + TIMEOUT_SECONDS + " s"};
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0 || text.isBlank()) {
          String why = Files.readString(err).strip();
          return new String[] {null, "nginx -T failed: " + (why.length() > 300 ? why.substring(0, 300) : why)};
        }
        return new String[] {text, null};
      } finally {
        Files.deleteIfExists(err);
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      return new String[] {null, "nginx -T: " + e.getMessage()};
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new String[] {null, "interrupted"};
    }
  }

  private static java.io.File nullFile() {
    return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  /**
   * Reads through a stream: /proc files report a size of 0, and Files.readString then returns only
   * their first byte ("4" for a somaxconn of 4096).
   */
  static String read(Path file) {
    try (java.io.InputStream in = Files.newInputStream(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
