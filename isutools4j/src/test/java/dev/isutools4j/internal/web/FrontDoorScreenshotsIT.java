package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.SavedRuns;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;

/**
 * The README's pictures: the first screen of the demo's level-0 run page and of the diff from level
 * 0 to 1, as a real admin server serves the demo's runs saved by this release to Chromium. With
 * {@code -Dscreenshots.write=true} they are written to docs/run-page.png and docs/diff.png; without
 * it the test only checks that they can be taken.
 */
class FrontDoorScreenshotsIT {

  private static final boolean WRITE = Boolean.getBoolean("screenshots.write");
  private static final Path DOCS = Path.of("..", "docs");
  private static final int WIDTH = 1280;
  private static final int HEIGHT = 800;

  @TempDir
  Path dir;

  private AdminServer server;
  private Chromium chromium;
  private String base;
  private List<String> ids;

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    List<Path> runs = SavedRuns.set("demo");
    for (Path run : runs) {
      Files.copy(run, dir.resolve(run.getFileName()));
    }
    ids = runs.stream().map(p -> p.getFileName().toString().replace(".json", "")).toList();
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), List.of(), () -> GitRevision.UNKNOWN,
        5, Clock.systemUTC());
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), lifecycle);
    base = "http://127.0.0.1:" + server.address().getPort();
    chromium = Chromium.start(dir);
    chromium.driver.manage().window().setSize(new Dimension(WIDTH, HEIGHT));
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
  void theRunPageOfLevelZero() throws Exception {
    byte[] png = firstScreen("/runs/" + ids.get(0));
    assertThat(chromium.driver.getPageSource()).contains(ids.get(0)).contains("tuning level 0");
    keep(png, "run-page.png");
  }

  @Test
  void theDiffFromLevelZeroToOne() throws Exception {
    byte[] png = firstScreen("/diff?a=" + ids.get(0) + "&b=" + ids.get(1));
    assertThat(chromium.driver.getPageSource()).contains(ids.get(0)).contains(ids.get(1));
    // Level 1 served fifteen times the requests: the move that matters is per request, not in total.
    assertThat(chromium.driver.findElement(By.cssSelector("#moves li")).getText()).as("the first move")
        .startsWith("select count(*) as count from comments where post_id = ?")
        .contains("per request");
    keep(png, "diff.png");
  }

  /** The page's first screen as a PNG, checked to be one: the viewport's size, not blank. */
  private byte[] firstScreen(String path) throws Exception {
    chromium.driver.get(base + path);
    assertThat(chromium.consoleErrors()).as("console errors on " + path).isEmpty();
    byte[] png = chromium.driver.getScreenshotAs(OutputType.BYTES);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    assertThat(image).as("a PNG of " + path).isNotNull();
    assertThat(image.getWidth()).as("the screenshot's width").isBetween(WIDTH / 2, WIDTH);
    assertThat(image.getHeight()).as("the screenshot's height").isBetween(HEIGHT / 2, HEIGHT);
    assertThat(colours(image)).as("distinct colours sampled: a drawn page, not a blank one")
        .isGreaterThan(3);
    return png;
  }

  private static long colours(BufferedImage image) {
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (int y = 0; y < image.getHeight(); y += 7) {
      for (int x = 0; x < image.getWidth(); x += 7) {
        seen.add(image.getRGB(x, y));
      }
    }
    return seen.size();
  }

  private void keep(byte[] png, String name) throws Exception {
    Files.createDirectories(Chromium.SCREENSHOTS);
    Files.write(Chromium.SCREENSHOTS.resolve("front-door-" + name), png);
    if (WRITE) {
      Files.write(DOCS.resolve(name), png);
    }
  }
}
