package dev.isutools4j.internal.web;

import dev.isutools4j.testing.Requirement;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Level;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless Chromium through its chromedriver, for the browser tests: skipped with the
 * reason printed when either is missing (failed on CI), the console read back, screenshots kept
 * under target/screenshots/ for people to look at.
 */
final class Chromium implements AutoCloseable {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target/screenshots");

  final ChromeDriver driver;
  private final List<LogEntry> network = new java.util.ArrayList<>();

  private Chromium(ChromeDriver driver) {
    this.driver = driver;
  }

  /** Skips (or on CI fails) the calling test when Chromium or its driver is missing. */
  static void require() {
    Requirement.require("Chromium and chromedriver",
        Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "install Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver)");
  }

  /** A new browser with its profile in a fresh folder under {@code dir}. */
  static Chromium start(Path dir) throws Exception {
    return start(dir, false, List.of());
  }

  /**
   * A new browser that keeps its network log ({@link #network}), with more command-line
   * {@code arguments} (such as {@code --host-resolver-rules=MAP evil.example 127.0.0.1}).
   */
  static Chromium withNetworkLog(Path dir, String... arguments) throws Exception {
    return start(dir, true, List.of(arguments));
  }

  private static Chromium start(Path dir, boolean networkLog, List<String> arguments)
      throws Exception {
    require();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--window-size=1400,1000",
        "--user-data-dir=" + Files.createTempDirectory(dir, "chromium"));
    options.addArguments(arguments);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    if (networkLog) {
      logs.enable(LogType.PERFORMANCE, Level.ALL);
    }
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort()
        .build();
    Files.createDirectories(SCREENSHOTS);
    return new Chromium(new ChromeDriver(service, options));
  }

  /** Loads {@code url} and keeps a screenshot of it. */
  void open(String url, String screenshot) throws Exception {
    driver.get(url);
    screenshot(screenshot);
  }

  void screenshot(String name) throws Exception {
    File shot = driver.getScreenshotAs(OutputType.FILE);
    Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }

  /** The console's errors since the last call. */
  List<String> consoleErrors() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
        .map(LogEntry::getMessage)
        .toList();
  }

  /** Every request the browser sent so far, with its answer (a network log). */
  List<NetworkLog.Exchange> network() {
    network.addAll(driver.manage().logs().get(LogType.PERFORMANCE).getAll());
    return NetworkLog.of(network);
  }

  Object script(String js, Object... args) {
    return driver.executeScript(js, args);
  }

  /** Waits up to two seconds for {@code condition}; returns whether it came true. */
  static boolean eventually(Supplier<Boolean> condition) throws InterruptedException {
    long deadline = System.nanoTime() + 2_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (Boolean.TRUE.equals(condition.get())) {
        return true;
      }
      Thread.sleep(25);
    }
    return Boolean.TRUE.equals(condition.get());
  }

  @Override
  public void close() {
    driver.quit();
  }
}
