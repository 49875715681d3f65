package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessTotal;
import dev.isutools4j.internal.snapshot.MachineSection.Sample;
import dev.isutools4j.testing.SavedRuns;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MachineSectionJsonTest {

  private final MachineSectionJson codec = new MachineSectionJson();

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  private static Map<String, Object> json(String text) throws Exception {
    return JSON.std.mapFrom(text);
  }

  private Map<String, Object> roundTrip(Object section) {
    return codec.write(codec.read(Fields.of(section)));
  }

  @ParameterizedTest
  @MethodSource("runs")
  void aSavedRunsSectionIsWrittenBackAsItWasSaved(Path run) {
    Object saved = SavedRuns.tree(run).get("machine");
    assertThat(saved).isNotNull();
    Map<String, Object> written = roundTrip(saved);
    assertThat(SavedRuns.firstDifference(saved, written)).as("where the section differs").isNull();
    assertThat(written.keySet()).containsExactlyElementsOf(((Map<String, ?>) saved).keySet());
  }

  @Test
  void optionalFieldsAbsentReadAndStayAbsent() throws Exception {
    Map<String, Object> section = json("""
        {"supported": true,
         "summary": {"samples": 2, "intervalMs": 1000, "keptEvery": 1,
                     "cpuBusyPct": {"mean": 11.6, "peak": 23.4}, "net": {}, "disks": {},
                     "processes": [{"pid": 7, "name": "java", "peakCpuPct": 4, "peakRssBytes": 9}]},
         "series": [{"t": 1000, "cpuBusyPct": 23.4,
                     "processes": [{"pid": 7, "name": "java", "rssBytes": 9}]},
                    {"t": 2000, "processes": []}],
         "flags": [],
         "limits": {}}
        """);
    MachineSection read = codec.read(Fields.of(section));
    assertThat(read.error()).isNull();
    assertThat(read.limits()).isEqualTo(Limits.UNKNOWN);
    assertThat(read.summary().stat(MachineMetric.CPU_IDLE)).isNull();
    ProcessTotal java = read.summary().processes().get(0);
    assertThat(java.meanCpuPct()).isNaN();
    assertThat(java.self()).isFalse();
    Sample second = read.series().get(1);
    assertThat(second.value(MachineMetric.CPU_BUSY)).isNaN();
    assertThat(second.net()).isEmpty();

    Map<String, Object> written = codec.write(read);
    assertThat(SavedRuns.firstDifference(section, written)).isNull();
    assertThat(written).doesNotContainKey("error");
    assertThat((Map<String, Object>) written.get("limits")).isEmpty();
  }

  @Test
  void optionalFieldsPresentAreKept() throws Exception {
    Map<String, Object> section = json("""
        {"supported": true, "error": "sampling stopped: boom",
         "summary": {"samples": 1, "intervalMs": 1000, "keptEvery": 2,
                     "net": {"eth0": {"inBytesPerSec": {"mean": 1200, "peak": 2100}}},
                     "disks": {"vda": {"readBytesPerSec": {},
                                       "writeBytesPerSec": {"mean": 1.5, "peak": 3},
                                       "utilPct": {"mean": 0.5, "peak": 1}}},
                     "processes": [{"pid": 7, "name": "java", "meanCpuPct": 3.97,
                                    "peakCpuPct": 4.04, "peakRssBytes": 9, "self": true}]},
         "series": [{"t": 1000, "poolTotal": 10,
                     "net": {"eth0": {"inBytesPerSec": 2100, "outBytesPerSec": 0.5}},
                     "disks": {"vda": {"writeBytesPerSec": 3, "utilPct": 1}},
                     "processes": [{"pid": 7, "name": "java", "cpuPct": 146, "rssBytes": 9}]}],
         "flags": [{"id": "pool-waiting", "message": "threads waited"}],
         "limits": {"cpus": 2, "memTotalBytes": 25272197120, "cgroup": "v2", "cpuQuotaCores": 1.5,
                    "memoryLimitBytes": null, "openFilesMax": 20000, "linkMbps": 1000,
                    "tcpCounts": "tcp, cut", "pool": ["HikariPool-1", "HikariPool-2"],
                    "gcMaxPause": "estimated", "processesTruncated": "more than 4096 processes"}}
        """);
    MachineSection read = codec.read(Fields.of(section));
    assertThat(read.error()).isEqualTo("sampling stopped: boom");
    assertThat(read.limits().pool().names()).containsExactly("HikariPool-1", "HikariPool-2");
    assertThat(read.limits().pool().note()).isNull();
    assertThat(read.series().get(0).whole(MachineMetric.POOL_TOTAL)).isEqualTo(10);
    assertThat(read.series().get(0).disks().get("vda").readBytesPerSec()).isNaN();
    assertThat(read.summary().disks().get("vda").readBytesPerSec().mean()).isNaN();
    assertThat(read.summary().net().get("eth0").outBytesPerSec()).isNull();

    Map<String, Object> written = codec.write(read);
    assertThat(SavedRuns.firstDifference(section, written)).isNull();
    assertThat(written.keySet()).containsExactly("supported", "error", "summary", "series", "flags",
        "limits");
  }

  @Test
  void anUnsupportedMachineKeepsOnlyItsReason() {
    Map<String, Object> section = Map.of("supported", false, "reason", "no /proc/stat");
    MachineSection read = codec.read(Fields.of(section));
    assertThat(read.supported()).isFalse();
    assertThat(read.reason()).isEqualTo("no /proc/stat");
    assertThat(codec.write(read)).containsExactly(Map.entry("supported", false),
        Map.entry("reason", "no /proc/stat"));
  }

  @Test
  void mistypedFieldsReadAsEmpty() {
    MachineSection read = codec.read(Fields.of(Map.of("summary", 3, "series", "many",
        "flags", Map.of(), "limits", List.of())));
    assertThat(read.supported()).isTrue();
    assertThat(read.series()).isEmpty();
    assertThat(read.flags()).isEmpty();
    assertThat(read.summary().metrics()).isEmpty();
    assertThat(read.limits().known()).isFalse();
  }

  @Test
  void numbersAreWrittenAtTheDocumentsPrecision() {
    assertThat(MachineSectionJson.round(12.345678)).isEqualTo(12.35);
    assertThat(MachineSectionJson.round(123.6)).isEqualTo(124);
    assertThat(MachineSectionJson.round(MachineSectionJson.round(99.996))).isEqualTo(100);
    double[] values = Sample.noValues();
    values[MachineMetric.CPU_BUSY.ordinal()] = 12.345678;
    values[MachineMetric.MEM_USED.ordinal()] = 1752756224.4;
    Map<String, Object> sample = ((List<Map<String, Object>>) codec.write(new MachineSection(true,
        null, null, new MachineSection.Summary(1, 1000, 1, Map.of(), Map.of(), Map.of(), List.of()),
        List.of(new Sample(1, values, Map.of(), Map.of(), List.of())), List.of(), Limits.UNKNOWN))
        .get("series")).get(0);
    assertThat(sample).containsExactly(Map.entry("t", 1L), Map.entry("cpuBusyPct", 12.35),
        Map.entry("memUsedBytes", 1752756224L), Map.entry("processes", List.of()));
  }
}
