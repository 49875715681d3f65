package dev.isutools4j.benchmarks.logs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The machine and the versions of every tool compared, for the report. */
final class Environment {

  private Environment() {}

  static String machine() throws IOException {
    String model = "";
    for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
      if (line.startsWith("model name")) {
        model = line.substring(line.indexOf(':') + 1).trim();
        break;
      }
    }
    String mem = "";
    for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
      if (line.startsWith("MemTotal:")) {
        mem = String.format("%.0f GiB", Long.parseLong(line.replaceAll("\\D", "")) / 1048576.0);
        break;
      }
    }
    return Runtime.getRuntime().availableProcessors() + " CPUs (" + model + "), " + mem
        + " of memory, Linux " + System.getProperty("os.version");
  }

  static List<String> versions() throws InterruptedException {
    List<String> out = new ArrayList<>();
    out.add("java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    out.add(firstLine("pt-query-digest", "--version"));
    out.add(firstLine("goaccess", "--version"));
    out.add(firstLine("mariadbd", "--version"));
    out.add(firstLine("nginx", "-v"));
    out.add(firstLine("cat", "--version"));
    return out;
  }

  private static String firstLine(String... command) throws InterruptedException {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String text = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor(30, TimeUnit.SECONDS);
      return text.lines().findFirst().orElse(command[0] + ": no output");
    } catch (IOException e) {
      return command[0] + ": not installed";
    }
  }
}
