package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.HostRuns;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;

/**
 * The run page's verdict in a real Chromium at 1280x900, on a real level-0 isugram run (the demo's
 * run of tuning level 0, saved by this release) served by a real admin server: on the first screen,
 * naming the top query and the N+1 route, its links landing on their rows, and no warning about
 * what the demo does not use (an nginx it does not run behind) or does not come near (open files).
 */
class VerdictBrowserIT {

  private static final Snapshot LEVEL0 = HostRuns.saved("demo", 0);

  @TempDir
  Path dir;

  private AdminServer server;
  private Chromium chromium;
  private String base;

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    RunStore store = new RunStore(dir);
    store.write(LEVEL0);
    RunLifecycle lifecycle = RunLifecycle.readOnly(store);
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
    base = "http://127.0.0.1:" + server.address().getPort();
    chromium = Chromium.start(dir);
    chromium.driver.manage().window().setSize(new Dimension(1280, 900));
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

  @Test
  void theVerdictIsOnTheFirstScreenAndNamesTheTopQueryAndTheNPlusOneRoute() throws Exception {
    chromium.open(base + "/runs/" + LEVEL0.meta().id(), "run-verdict");
    assertThat(chromium.consoleErrors()).as("console errors on the run page").isEmpty();
    WebElement verdict = chromium.driver.findElement(By.id("verdict"));
    double bottom = ((Number) chromium.script(
        "const r = arguments[0].getBoundingClientRect(); return r.top + r.height;", verdict))
        .doubleValue();
    System.out.println("VerdictBrowserIT: the verdict ends " + Math.round(bottom)
        + " px from the top of the page");
    assertThat(bottom).as("the verdict's bottom, in pixels from the top of the page").isPositive()
        .isLessThanOrEqualTo(900);
    assertThat(((Number) chromium.script("return window.innerHeight;")).doubleValue())
        .as("the window's height").isLessThanOrEqualTo(900);

    List<WebElement> lines = verdict.findElements(By.tagName("li"));
    assertThat(lines.get(0).getText()).startsWith("SQL")
        .contains("select count(*) as count from comments where post_id = ?", "of SQL time");
    WebElement nPlusOne = lines.stream().filter(l -> l.getText().startsWith("N+1")).findFirst()
        .orElseThrow();
    assertThat(nPlusOne.getText()).startsWith("N+1 GET / ").contains("queries per request");
    assertThat(lines).extracting(WebElement::getText).as("the verdict's lines")
        .noneMatch(text -> text.contains("worker_connections large enough")
            || text.contains("served by nginx with cache headers") || text.contains("open files limit"));
  }

  @Test
  void itsLinksJumpToTheRows() throws Exception {
    chromium.open(base + "/runs/" + LEVEL0.meta().id(), "run-verdict-before-jump");
    WebElement verdict = chromium.driver.findElement(By.id("verdict"));
    verdict.findElement(By.cssSelector("li.v-sql a")).click();
    assertThat(landedOn("sql-1")).as("the SQL line lands on the top statement's row: %s",
        chromium.script("const r = document.getElementById('sql-1').getBoundingClientRect();"
            + " return location.hash + ' ' + window.scrollY + ' ' + r.top + ' ' + window.innerHeight;"))
        .isTrue();
    assertThat(chromium.driver.findElement(By.id("sql-1")).getText())
        .contains("select count(*) as count from comments where post_id = ?");
    chromium.screenshot("run-verdict-jumped-to-sql");

    chromium.script("window.scrollTo(0, 0)");
    verdict.findElement(By.cssSelector("li.v-n1 a")).click();
    assertThat(landedOn("route-sql-1")).as("the N+1 line lands on its route's queries").isTrue();
    assertThat(chromium.driver.findElement(By.id("route-sql-1")).getText()).startsWith("GET /");
    chromium.screenshot("run-verdict-jumped-to-route-sql");
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  /**
   * Whether the page's address names the row and the row is scrolled into the window (its top at
   * the window's top, give or take a sub-pixel of layout rounding).
   */
  private boolean landedOn(String id) throws InterruptedException {
    return Chromium.eventually(() -> Boolean.TRUE.equals(chromium.script(
        "const e = document.getElementById(arguments[0]); const r = e.getBoundingClientRect();"
            + " return location.hash === '#' + arguments[0] && window.scrollY > 0"
            + " && r.top > -2 && r.top < window.innerHeight;", id)));
  }
}
