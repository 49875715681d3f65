package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.ProfileFixtures.MARKUP_ESCAPE;
import static dev.isutools4j.internal.web.ProfileFixtures.NODES;
import static dev.isutools4j.internal.web.ProfileFixtures.POST_SHOW;
import static dev.isutools4j.internal.web.ProfileFixtures.THREAD_RUN;
import static dev.isutools4j.internal.web.ProfileFixtures.USER_LIST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.Profiles;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The run page's flame graph in a real browser, served by the admin server and saved as a file
 * opened from disk: drawn, zoomed, searched, reset and folded, with screenshots kept to look at.
 */
class FlameGraphIT {

  private static final String ID = "20261129-101530-123";

  @TempDir
  Path dir;

  private AdminServer server;
  private Chromium chromium;
  private String base;

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    RunStore store = new RunStore(dir, RunPage::standalone);
    Instant t0 = Instant.parse("2026-11-29T10:15:30.123Z");
    RunMeta meta = new RunMeta(ID, t0, t0.plusSeconds(60), 1234L, true, null, false, "profiled", 10,
        0, 0);
    store.write(new Snapshot(meta, List.of(), List.of(), List.of(),
        Map.of("profile", Profiles.typed(ProfileFixtures.section()))));
    RunLifecycle lifecycle = new RunLifecycle(store, List.of(), () -> GitRevision.UNKNOWN, 5,
        Clock.systemUTC());
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
    base = "http://127.0.0.1:" + server.address().getPort();
    chromium = Chromium.start(dir);
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
  void theServedPagesGraphZoomsSearchesAndFolds() throws Exception {
    chromium.open(base + "/runs/" + ID, "flame-served");
    exercise("flame-served");
  }

  @Test
  void theSavedPageWorksFromDisk() throws Exception {
    Path page = store().page(ID).orElseThrow();
    chromium.open(page.toUri().toString(), "flame-file");
    assertThat(chromium.driver.getCurrentUrl()).startsWith("file:");
    assertThat(chromium.driver.findElement(By.id("profile-files")).findElement(By.tagName("a"))
        .getAttribute("href")).isEqualTo(dir.resolve(ID).resolve("profile.collapsed").toUri().toString());
    exercise("flame-file");
  }

  private RunStore store() {
    return new RunStore(dir);
  }

  private void exercise(String shots) throws Exception {
    assertThat(Chromium.eventually(() -> frame(USER_LIST) != null)).as("the graph is drawn").isTrue();
    assertThat(chromium.consoleErrors()).as("console errors").isEmpty();
    double full = graphWidth();
    WebElement list = frame(USER_LIST);
    assertThat(list.getText()).contains("UserController.list");
    assertThat(width(list)).isCloseTo(full * 0.3, within(2.0));
    assertThat(frame(ProfileFixtures.NODES.size() - 1)).as("200 of 10 000 samples is wide enough").isNotNull();
    double postWidth = width(frame(POST_SHOW));
    double escapeWidth = width(frame(MARKUP_ESCAPE));
    assertThat(chromium.driver.findElement(By.cssSelector(".flame-legend")).getText())
        .contains("app", "framework or JDK", "native or JVM", "kernel");

    new Actions(chromium.driver).moveToElement(frame(MARKUP_ESCAPE)).perform();
    WebElement tip = chromium.driver.findElement(By.cssSelector(".flame-tip"));
    assertThat(Chromium.eventually(tip::isDisplayed)).as("the tooltip shows").isTrue();
    assertThat(tip.getText()).contains("dev.isugram.web.Markup.escape", "app",
        "2" + Units.THIN + "500 samples · 25.0 % of all", "self 1" + Units.THIN + "100 samples");
    chromium.screenshot(shots + "-tooltip");

    frame(USER_LIST).click();
    assertThat(width(frame(USER_LIST))).as("the zoomed frame fills the width").isCloseTo(full, within(2.0));
    assertThat(frame(POST_SHOW)).as("its sibling is gone").isNull();
    for (int ancestor = NODES.get(USER_LIST).parent(); ancestor >= 0; ancestor = NODES.get(ancestor).parent()) {
      assertThat(frame(ancestor)).as("ancestor %d stays", ancestor).isNotNull();
      assertThat(frame(ancestor).getAttribute("class")).contains("anc");
    }
    assertThat(width(frame(14))).as("its children grow").isCloseTo(full / 3, within(2.0));
    assertThat(button("reset zoom").isEnabled()).isTrue();
    new Actions(chromium.driver).moveToElement(frame(14)).perform();
    assertThat(Chromium.eventually(tip::isDisplayed)).isTrue();
    assertThat(tip.getText()).contains("1" + Units.THIN + "000 samples · 10.0 % of all · 33.3 % of the zoomed frame");
    chromium.screenshot(shots + "-zoomed");

    search("escape");
    String expected = "matched: " + Units.percent(ProfileFixtures.matchedShare(n -> n.contains("escape")))
        + " of samples";
    assertThat(expected).as("nested matches count once").isEqualTo("matched: 35.0 % of samples");
    assertThat(Chromium.eventually(() -> matched().startsWith(expected))).as(matched()).isTrue();
    assertThat(matched()).isEqualTo(expected + " · "
        + Units.percent(NODES.get(14).value() / (double) NODES.get(USER_LIST).value())
        + " of the zoomed frame");
    assertThat(frame(14).getAttribute("class")).contains("match");
    assertThat(frame(15).getAttribute("class")).doesNotContain("match");
    chromium.screenshot(shots + "-search");

    button("reset zoom").click();
    assertThat(width(frame(USER_LIST))).isCloseTo(full * 0.3, within(0.5));
    assertThat(width(frame(POST_SHOW))).isCloseTo(postWidth, within(0.5));
    assertThat(width(frame(MARKUP_ESCAPE))).isCloseTo(escapeWidth, within(0.5));
    assertThat(frame(MARKUP_ESCAPE).getAttribute("class")).contains("match");
    assertThat(matched()).isEqualTo(expected);

    Pattern controllers = Pattern.compile("^dev\\.isugram\\.web\\.(Post|User)Controller");
    search("/" + controllers.pattern() + "/");
    String regex = "matched: " + Units.percent(ProfileFixtures.matchedShare(n -> controllers.matcher(n).find()))
        + " of samples";
    assertThat(Chromium.eventually(() -> matched().equals(regex))).as(matched()).isTrue();
    search("/(unclosed/");
    assertThat(Chromium.eventually(() -> matched().equals("invalid regex"))).as(matched()).isTrue();
    search("");
    assertThat(Chromium.eventually(() -> matched().isEmpty())).isTrue();

    WebElement fold = chromium.driver.findElement(By.cssSelector(".flame-fold"));
    assertThat(names()).contains("java.lang.Thread.run");
    assertThat(row("profile-top-total", "java.lang.Thread.run").isDisplayed()).isTrue();
    fold.click();
    assertThat(Chromium.eventually(() -> !names().contains("java.lang.Thread.run")))
        .as("a framework frame is folded away").isTrue();
    assertThat(names()).contains("dev.isugram.web.PostController.show", "dev.isugram.web.Markup.escape",
        "__sys_recvfrom").doesNotContain("GCTaskThread::run", "java.util.HashMap.get");
    WebElement post = frames().stream().filter(f -> name(f).equals("dev.isugram.web.PostController.show"))
        .findFirst().orElseThrow();
    assertThat(post.getCssValue("top")).as("a root child now").isEqualTo("18px");
    assertThat(width(post)).as("both paths to it merged: 5 200 samples").isCloseTo(full * 0.52, within(2.0));
    assertThat(row("profile-top-total", "java.lang.Thread.run").isDisplayed())
        .as("framework rows hidden while folded").isFalse();
    assertThat(row("profile-top-total", "dev.isugram.web.PostController.show").isDisplayed()).isTrue();
    chromium.screenshot(shots + "-folded");
    fold.click();
    assertThat(Chromium.eventually(() -> names().contains("java.lang.Thread.run"))).isTrue();
    assertThat(frame(THREAD_RUN)).isNotNull();
    assertThat(row("profile-top-total", "java.lang.Thread.run").isDisplayed()).isTrue();

    assertThat(chromium.consoleErrors()).as("console errors").isEmpty();
  }

  @Test
  void aDifferentialGraphColoursTheChangeOfShare() throws Exception {
    chromium.open(base + "/runs/" + ID, "flame-diff-before");
    // Before: a 50/50 split; after: the first child grew to 80 %.
    chromium.script("var div = document.createElement('div');"
        + "div.id = 'diff'; div.className = 'flame'; document.body.prepend(div);"
        + "window.isutoolsFlame.render(div, {frames: ['all', 'dev.a.Grew.run', 'dev.a.Shrank.run'],"
        + " kinds: 'raa', frame: [0, 1, 2], parent: [-1, 0, 0], before: [100, 50, 50],"
        + " after: [200, 160, 40], beforeTotal: 100, afterTotal: 200});");
    WebElement grew = chromium.driver.findElement(By.cssSelector("#diff [data-node='1']"));
    WebElement shrank = chromium.driver.findElement(By.cssSelector("#diff [data-node='2']"));
    double full = ((Number) chromium.script(
        "return document.querySelector('#diff .flame-graph').clientWidth")).doubleValue();
    assertThat(width(grew)).as("widths are the after values").isCloseTo(full * 0.8, within(2.0));
    int[] red = rgb(grew.getCssValue("background-color"));
    int[] blue = rgb(shrank.getCssValue("background-color"));
    assertThat(red[0]).as("gained is red: %s", grew.getCssValue("background-color")).isGreaterThan(red[2] + 60);
    assertThat(blue[2]).as("lost is blue: %s", shrank.getCssValue("background-color")).isGreaterThan(blue[0] + 60);
    new Actions(chromium.driver).moveToElement(grew).perform();
    WebElement tip = chromium.driver.findElement(By.cssSelector("#diff .flame-tip"));
    assertThat(Chromium.eventually(tip::isDisplayed)).isTrue();
    assertThat(tip.getText()).contains("before 50.0 %", "after 80.0 %", "change +30.00 pp");
    chromium.screenshot("flame-diff");
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  @Test
  void aRegexWithTheGlobalFlagStillTestsEveryFrameFromItsStart() throws Exception {
    chromium.open(base + "/runs/" + ID, "flame-regex-before");
    chromium.script("var div = document.createElement('div');"
        + "div.id = 'small'; div.className = 'flame'; document.body.prepend(div);"
        + "window.isutoolsFlame.render(div, {frames: ['all', 'dev.a.One.run', 'dev.a.Two.run'],"
        + " kinds: 'raa', frame: [0, 1, 2], parent: [-1, 0, 0], value: [100, 50, 50]});");
    WebElement box = chromium.driver.findElement(By.cssSelector("#small .flame-search"));
    box.sendKeys("/^dev/g");
    WebElement matched = chromium.driver.findElement(By.cssSelector("#small .flame-matched"));
    assertThat(Chromium.eventually(() -> matched.getText().equals("matched: 100.0 % of samples")))
        .as(matched.getText()).isTrue();
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  @Test
  void twentyThousandNodesDrawOnlyWhatIsVisible() throws Exception {
    chromium.open(base + "/runs/" + ID, "flame-big-before");
    // A random tree up to 120 deep, most nodes under a recent one (as stacks share prefixes);
    // every node's value is its own samples plus its children's.
    Object result = chromium.script("var n = 20000, parent = [-1], depth = [0], self = [0], frame = [0];"
        + "var frames = ['all'], kinds = 'r', seed = 7;"
        + "function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647; }"
        + "for (var i = 1; i < n; i++) {"
        + " var p = i - 1 - Math.floor(Math.pow(rnd(), 2) * Math.min(i, 300));"
        + " if (depth[p] >= 120 || rnd() < 0.02) { p = Math.floor(rnd() * Math.min(i, 50)); }"
        + " parent.push(p); depth.push(depth[p] + 1); self.push(Math.floor(rnd() * 20));"
        + " frames.push('dev.big.C' + (i % 500) + '.m' + i); kinds += 'afnk'.charAt(i % 4); frame.push(i); }"
        + "var value = self.slice(); for (var j = n - 1; j > 0; j--) { value[parent[j]] += value[j]; }"
        + "var div = document.createElement('div'); div.id = 'big'; div.className = 'flame'; document.body.prepend(div);"
        + "var t0 = performance.now();"
        + "window.isutoolsFlame.render(div, {frames: frames, kinds: kinds, frame: frame, parent: parent, value: value});"
        + "var ms = performance.now() - t0;"
        + "var drawn = div.querySelectorAll('.fr');"
        + "var narrow = 0; for (var k = 0; k < drawn.length; k++) { if (drawn[k].getBoundingClientRect().width < 0.95) { narrow++; } }"
        + "var t1 = performance.now(); div.querySelector('.flame-fold').click(); var foldMs = performance.now() - t1;"
        + "return [drawn.length, narrow, ms, foldMs, Math.max.apply(null, depth)];");
    List<?> numbers = (List<?>) result;
    long drawn = ((Number) numbers.get(0)).longValue();
    System.out.println("FlameGraphIT: 20 000 nodes " + numbers.get(4) + " deep, " + drawn + " drawn in "
        + Math.round(((Number) numbers.get(2)).doubleValue()) + " ms; folded in "
        + Math.round(((Number) numbers.get(3)).doubleValue()) + " ms");
    assertThat(drawn).isPositive().isLessThan(20_000);
    assertThat(((Number) numbers.get(1)).longValue()).as("frames under 1 px are left out").isZero();
    chromium.screenshot("flame-big");
    assertThat(chromium.consoleErrors()).isEmpty();
  }

  private WebElement frame(int node) {
    List<WebElement> found = chromium.driver.findElements(
        By.cssSelector(".flame[data-flame] .fr[data-node='" + node + "']"));
    return found.isEmpty() ? null : found.get(0);
  }

  private List<WebElement> frames() {
    return chromium.driver.findElements(By.cssSelector(".flame[data-flame] .fr"));
  }

  /** The full name of a drawn frame, read from the graph's data as the page script does. */
  private String name(WebElement frame) {
    return (String) chromium.script("var t = arguments[0].closest('.flame').isutoolsFlame.tree;"
        + "return t.name(Number(arguments[0].getAttribute('data-node')));", frame);
  }

  private List<String> names() {
    return frames().stream().map(this::name).toList();
  }

  private double graphWidth() {
    return ((Number) chromium.script(
        "return document.querySelector('.flame[data-flame] .flame-graph').clientWidth")).doubleValue();
  }

  private static double width(WebElement element) {
    return element.getRect().getWidth();
  }

  private WebElement button(String text) {
    return chromium.driver.findElements(By.cssSelector(".flame[data-flame] button")).stream()
        .filter(b -> b.getText().equals(text)).findFirst().orElseThrow();
  }

  private void search(String text) {
    WebElement box = chromium.driver.findElement(By.cssSelector(".flame[data-flame] .flame-search"));
    box.clear();
    box.sendKeys(text);
    if (text.isEmpty()) {
      chromium.script("arguments[0].dispatchEvent(new Event('input'))", box);
    }
  }

  private String matched() {
    return chromium.driver.findElement(By.cssSelector(".flame[data-flame] .flame-matched")).getText();
  }

  private WebElement row(String table, String method) {
    return chromium.driver.findElement(By.cssSelector("table#" + table + " td[data-sort='" + method + "']"));
  }

  private static int[] rgb(String css) {
    String[] parts = css.replaceAll("[^0-9,]", "").split(",");
    return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
  }
}
