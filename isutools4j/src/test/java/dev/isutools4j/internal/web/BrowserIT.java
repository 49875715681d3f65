package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.HostRuns;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The dashboard in a real browser (Debian's headless Chromium through its chromedriver): pages load
 * without console errors, tables re-sort on a click, the diff link leads to the right pair. Each
 * test leaves screenshots under target/screenshots/ for people to look at.
 */
class BrowserIT {

  private static final Path SCREENSHOTS = Chromium.SCREENSHOTS;

  @TempDir
  Path dir;

  private AdminServer server;
  private Chromium chromium;
  private ChromeDriver browser;
  private String base;

  private static SqlRow sql(String fingerprint, long count, double totalMs) {
    double mean = totalMs / count;
    return new SqlRow(fingerprint, fingerprint.replace("?", "1"),
        new LatencySummary(count, totalMs, mean, mean, mean, mean, mean, mean), 0, count, 0);
  }

  private static Snapshot run(String id, Instant started, long score, List<SqlRow> sql) {
    RunMeta meta = new RunMeta(id, started, started.plusSeconds(60), score, true, "0123456789abcdef",
        false, "run " + id, 10, 111, 0);
    return new Snapshot(meta, sql, List.of(), List.of(), Map.of());
  }

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    RunStore store = new RunStore(dir);
    Instant t0 = Instant.parse("2026-11-29T10:00:00Z");
    store.write(run("a1", t0, 1000, List.of(
        sql("select * from comments where post_id = ?", 100, 500.0),
        sql("select * from users where id = ?", 1000, 50.0))));
    store.write(run("b2", t0.plusSeconds(600), 5000, List.of(
        sql("select * from comments where post_id = ?", 1, 100.0),
        sql("select * from users where id = ?", 100, 50.0),
        sql("select * from posts where id = ?", 10, 10.0))));
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(), () -> GitRevision.UNKNOWN, 5,
        Clock.systemUTC());
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
    base = "http://127.0.0.1:" + server.address().getPort();
    chromium = Chromium.start(dir);
    browser = chromium.driver;
  }

  @AfterEach
  void stop() {
    if (chromium != null) {
      chromium.close();
    }
    if (server != null) {
      server.stop();
    }
  }

  private void open(String path, String screenshot) throws Exception {
    chromium.open(base + path, screenshot);
  }

  private List<String> consoleErrors() {
    return chromium.consoleErrors();
  }

  @Test
  void theConsoleIsReallyRead() throws Exception {
    open("/", "history-probe");
    ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("console.error('isutools-probe')");
    assertThat(consoleErrors()).anySatisfy(m -> assertThat(m).contains("isutools-probe"));
  }

  @Test
  void historyRunAndDiffPagesLoadWithoutConsoleErrors() throws Exception {
    open("/", "history");
    assertThat(browser.getPageSource()).contains("runs/a1").contains("runs/b2");
    assertThat(consoleErrors()).as("console errors on the history page").isEmpty();

    open("/runs/b2", "run");
    assertThat(browser.findElement(By.id("sql")).getText()).contains("select * from posts where id = ?");
    assertThat(consoleErrors()).as("console errors on the run page").isEmpty();

    open("/diff?a=a1&b=b2", "diff");
    assertThat(browser.getPageSource()).contains("select * from comments where post_id = ?");
    assertThat(browser.findElement(By.cssSelector("#moves li")).getText()).as("the first move")
        .startsWith("select * from comments where post_id = ?: ").contains(" per request");
    assertThat(consoleErrors()).as("console errors on the diff page").isEmpty();
  }

  @Test
  void aTableReSortsOnAHeaderClick() throws Exception {
    open("/runs/b2", "run-before-sort");
    List<String> before = statements();
    assertThat(before).as("most total time first")
        .containsExactly("select * from comments where post_id = ?", "select * from users where id = ?",
            "select * from posts where id = ?");

    WebElement count = browser.findElements(By.cssSelector("table#sql thead th")).stream()
        .filter(th -> th.getText().trim().startsWith("count")).findFirst().orElseThrow();
    count.click();
    ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).renameTo(
        SCREENSHOTS.resolve("run-sorted-by-count.png").toFile());

    List<String> after = statements();
    assertThat(after).isNotEqualTo(before).containsExactlyInAnyOrderElementsOf(before);
    List<Long> counts = browser.findElements(By.cssSelector("table#sql tbody tr")).stream()
        .map(tr -> Long.parseLong(tr.findElements(By.tagName("td")).get(1).getAttribute("data-sort")))
        .toList();
    assertThat(counts).satisfiesAnyOf(
        c -> assertThat(c).isSortedAccordingTo(java.util.Comparator.reverseOrder()),
        c -> assertThat(c).isSorted());
    assertThat(consoleErrors()).isEmpty();
  }

  @Test
  void theDiffLinkLeadsToTheRightPair() throws Exception {
    open("/", "history-before-diff");
    WebElement diff = browser.findElements(By.linkText("diff")).stream().findFirst().orElseThrow();
    diff.click();
    assertThat(browser.getCurrentUrl()).endsWith("/diff?a=a1&b=b2");
    File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
    Files.copy(shot.toPath(), SCREENSHOTS.resolve("diff-from-link.png"), StandardCopyOption.REPLACE_EXISTING);
    assertThat(browser.getPageSource()).contains("a1").contains("b2");
    assertThat(consoleErrors()).isEmpty();
  }

  @Test
  void aRunAcrossHostsDrawsItsCpuPerHostOpensEachHostsPartAndDiffsHostByHost() throws Exception {
    new RunStore(dir).write(HostRuns.later());
    open("/runs/" + HostRuns.LATER, "run-across-hosts");
    assertThat(consoleErrors()).as("console errors on the run page of a run across hosts").isEmpty();
    assertThat(browser.findElement(By.id("partial")).getText()).startsWith("partial: app3");
    WebElement cpu = browser.findElement(By.cssSelector("figure#chart-host-cpu"));
    assertThat(cpu.findElements(By.cssSelector("svg polyline"))).as("a line per sampled host").hasSize(3);
    // app1's samples come first on the hub's clock: near the left edge it has a value
    WebElement plot = cpu.findElement(By.cssSelector("rect.hover"));
    new Actions(browser).moveToElement(plot, -plot.getSize().getWidth() / 2 + 4, 0).perform();
    assertThat(Chromium.eventually(() -> cpu.findElement(By.className("readout")).getText()
        .contains("app2"))).as("the hover readout names each host").isTrue();
    assertThat(cpu.findElement(By.className("readout")).getText())
        .matches("\\+\\d+ s: app1 \\d+\\.\\d % · app2 .* · db .*");
    chromium.screenshot("run-across-hosts-hover");
    assertThat(consoleErrors()).as("console errors on hover").isEmpty();

    browser.findElement(By.cssSelector("ul#parts")).findElement(By.linkText("db")).click();
    assertThat(browser.getCurrentUrl()).endsWith("/runs/" + HostRuns.LATER + "/hosts/db");
    assertThat(browser.findElement(By.id("part-of")).getText()).contains("db", HostRuns.LATER);
    assertThat(browser.findElements(By.cssSelector("figure.mchart svg polyline"))).as("its own machine charts")
        .isNotEmpty();
    WebElement machine = browser.findElement(By.cssSelector("figure.mchart:not(.hostchart)"));
    new Actions(browser).moveToElement(machine.findElement(By.tagName("svg"))).perform();
    assertThat(Chromium.eventually(() -> !machine.findElement(By.className("readout")).getText().isEmpty()))
        .as("the machine chart's hover readout").isTrue();
    assertThat(machine.findElement(By.className("readout")).getText()).matches("\\+\\d+ s: .+ \\S+.*");
    chromium.screenshot("run-across-hosts-part");
    assertThat(consoleErrors()).as("console errors on a host's part").isEmpty();
    browser.findElement(By.id("part-of")).findElement(By.tagName("a")).click();
    assertThat(browser.getCurrentUrl()).endsWith("/runs/" + HostRuns.LATER);

    new RunStore(dir).write(HostRuns.earlier());
    open("/diff?a=" + HostRuns.EARLIER + "&b=" + HostRuns.LATER, "diff-across-hosts");
    assertThat(consoleErrors()).as("console errors on the diff of runs across hosts").isEmpty();
    for (String host : List.of("app1", "app2")) {
      assertThat(Chromium.eventually(() -> !browser.findElements(
          By.cssSelector("#host-" + host + "-top .flame .fr")).isEmpty()))
          .as("%s's differential flame graph is drawn", host).isTrue();
    }
  }

  @Test
  void theStandalonePageOfARunAcrossHostsOpensEachPartFromDisk() throws Exception {
    Path file = dir.resolve(HostRuns.LATER + ".html");
    Files.writeString(file, RunPage.standalone(HostRuns.later()));
    chromium.open(file.toUri().toString(), "standalone-across-hosts");
    assertThat(consoleErrors()).as("console errors on the standalone page").isEmpty();
    browser.findElement(By.cssSelector("details#part-db > summary")).click();
    WebElement frame = browser.findElement(By.cssSelector("details#part-db iframe"));
    assertThat(Chromium.eventually(() -> frame.isDisplayed() && frame.getSize().getHeight() > 100)).isTrue();
    browser.switchTo().frame(frame);
    assertThat(Chromium.eventually(() -> !browser.findElements(By.id("part-of")).isEmpty())).isTrue();
    assertThat(browser.findElement(By.id("part-of")).getText()).contains("db");
    assertThat(browser.findElements(By.cssSelector("figure.mchart svg polyline"))).isNotEmpty();
    browser.switchTo().defaultContent();
    chromium.screenshot("standalone-across-hosts-part");
    assertThat(consoleErrors()).as("console errors in the part's frame").isEmpty();
  }

  private List<String> statements() {
    return browser.findElements(By.cssSelector("table#sql tbody tr")).stream()
        .map(tr -> tr.findElements(By.tagName("td")).get(0).getAttribute("data-sort"))
        .toList();
  }
}
