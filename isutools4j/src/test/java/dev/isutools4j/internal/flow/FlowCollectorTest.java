package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.keys.RouteKeys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.FlowSection;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The collector opens a fresh flow at each reset, offers it so far while the run is open, and
 * closes it at save: what the app's threads hand over afterwards goes nowhere.
 */
class FlowCollectorTest {

  private final RouteKeys routes = new RouteKeys(16);
  private final int home = routes.id("GET", "/");
  private final int login = routes.id("POST", "/login");

  private static void request(int route, int status, String cookie, String setCookie) {
    FlowRecording.request(route, status, FlowRecording.requestSession(cookie),
        FlowRecording.responseSession(setCookie == null ? null : List.of(setCookie)));
  }

  /** The open run's flow: null only while the flow thread holds the tally, for a moment. */
  private static FlowSection live(FlowCollector collector) {
    for (int attempt = 0; attempt < 100_000; attempt++) {
      FlowSection live = collector.live();
      if (live != null) {
        return live;
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("the flow thread held the tally throughout");
  }

  @Test
  void eachRunHasItsOwnFlowOfferedSoFarAndClosedAtSave() {
    FlowCollector collector = new FlowCollector(Settings.of(Map.of()), routes.index());
    assertThat(collector.live()).as("no run open").isNull();
    collector.start(new RunContext("one", Path.of("target", "flow-one")));
    request(login, 302, null, "JSESSIONID=AAA; Path=/");
    request(home, 200, "JSESSIONID=AAA", null);
    assertThat(live(collector).transitionCount()).isEqualTo(1);

    collector.start(new RunContext("two", Path.of("target", "flow-two"))); // a reset discards "one"
    request(home, 200, "JSESSIONID=AAA", null);
    request(home, 200, "theme=dark", null);
    FlowSection two = collector.stop(true);
    assertThat(two.sessions()).as("a session from before the reset begins anew").isEqualTo(1);
    assertThat(two.requests()).isEqualTo(1);
    assertThat(two.withoutSession()).isEqualTo(1);
    assertThat(two.transitions()).isEmpty();
    assertThat(two.entries()).extracting(FlowSection.RouteCount::route).containsExactly("GET /");

    request(home, 200, "JSESSIONID=AAA", null);
    assertThat(collector.live()).isNull();
    assertThat(collector.stop(true)).as("nothing open").isNull();
  }

  @Test
  void offRecordsNothingAndSaysSo() {
    FlowCollector collector = new FlowCollector(
        Settings.of(Map.of("isutools.flow.cookies", "off")), routes.index());
    collector.start(new RunContext("off", Path.of("target", "flow-off")));
    request(home, 200, "JSESSIONID=AAA", null);
    FlowSection off = collector.stop(true);
    assertThat(off.off()).isTrue();
    assertThat(off.requests() + off.withoutSession()).isZero();
  }
}
