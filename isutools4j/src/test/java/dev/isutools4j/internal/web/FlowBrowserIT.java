package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.testing.SavedRuns;
import java.nio.file.Path;
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
 * The user flow of a real isugram run (the load generator's scenario), served by a real admin
 * server to a real Chromium: the picture is drawn, every transition a band on screen, the bands as
 * wide as their counts rank them, each with its count in its hover title.
 */
class FlowBrowserIT {

  private static final Path RUN = SavedRuns.DIR.resolve("flow/20261202-035106-001.json");

  @TempDir
  Path dir;

  private AdminServer server;
  private Chromium chromium;
  private String base;
  private Snapshot run;

  @BeforeEach
  void start() throws Exception {
    Chromium.require();
    run = SnapshotJson.read(SavedRuns.text(RUN));
    RunStore store = new RunStore(dir);
    store.write(run);
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), RunLifecycle.readOnly(store));
    base = "http://127.0.0.1:" + server.address().getPort();
    chromium = Chromium.start(dir);
    chromium.driver.manage().window().setSize(new Dimension(1400, 1000));
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
  void theFlowIsDrawnWithTheHeaviestTransitionsWidest() throws Exception {
    FlowSection flow = run.section(FlowSection.class).orElseThrow();
    chromium.driver.get(base + "/runs/" + run.meta().id() + "#h-flow");
    assertThat(chromium.consoleErrors()).as("console errors on the run page").isEmpty();
    WebElement chart = chromium.driver.findElement(By.id("flow-chart"));
    chromium.script("arguments[0].scrollIntoView({block: 'center'});", chart);
    chromium.screenshot("run-flow");
    assertThat(chart.isDisplayed()).isTrue();
    assertThat(chart.getSize().getWidth()).as("the chart's width on screen").isGreaterThan(600);

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> bands = (List<Map<String, Object>>) chromium.script(
        "const svg = arguments[0].getBoundingClientRect();"
            + "return [...arguments[0].querySelectorAll('path.flow-band')].map(p => {"
            + "  const box = p.getBoundingClientRect();"
            + "  return {count: Number(p.dataset.count), from: p.dataset.from, to: p.dataset.to,"
            + "    status: Number(p.dataset.status),"
            + "    width: parseFloat(getComputedStyle(p).strokeWidth),"
            + "    stroke: getComputedStyle(p).stroke, title: p.querySelector('title').textContent,"
            + "    inside: box.width > 100 && box.left >= svg.left && box.right <= svg.right"
            + "      && box.top >= svg.top && box.bottom <= svg.bottom};"
            + "});", chart);
    assertThat(bands).hasSize(Math.min(FlowChart.SHOWN, flow.transitions().size()));
    for (int i = 0; i < bands.size(); i++) {
      Map<String, Object> band = bands.get(i);
      FlowSection.Transition t = flow.transitions().get(i);
      assertThat(band).containsEntry("from", t.from()).containsEntry("to", t.to())
          .containsEntry("inside", true);
      assertThat(((Number) band.get("count")).longValue()).isEqualTo(t.count());
      assertThat((String) band.get("title")).as("the band's hover title")
          .startsWith(t.from() + " → " + t.to() + " · " + t.status() + " · " + t.count() + " (");
    }
    for (Map<String, Object> a : bands) {
      for (Map<String, Object> b : bands) {
        if (((Number) a.get("count")).longValue() > ((Number) b.get("count")).longValue()) {
          assertThat(((Number) a.get("width")).doubleValue()).as("%s drawn at least as wide as %s",
              a.get("title"), b.get("title")).isGreaterThanOrEqualTo(((Number) b.get("width")).doubleValue());
        }
      }
    }
    double widest = ((Number) bands.get(0).get("width")).doubleValue();
    double narrowest = ((Number) bands.get(bands.size() - 1).get("width")).doubleValue();
    System.out.printf("FlowBrowserIT: %d bands, %.1f px (%s) down to %.1f px (%s)%n", bands.size(), widest,
        bands.get(0).get("title"), narrowest, bands.get(bands.size() - 1).get("title"));
    assertThat(widest).as("the heaviest band against the lightest").isGreaterThan(3 * narrowest);
    assertThat(bands).filteredOn(b -> ((Number) b.get("status")).intValue() == 403)
        .extracting(b -> b.get("stroke")).as("a 4xx band in its own colour").containsOnly("rgb(255, 127, 14)");

    List<WebElement> ends = chromium.driver.findElements(By.cssSelector("#flow-ends tbody tr"));
    assertThat(ends).hasSizeGreaterThanOrEqualTo(flow.entries().size());
    assertThat(chromium.driver.findElement(By.id("flow-paths")).getText())
        .contains("POST /login → GET / → GET /admin/banned");
  }
}
