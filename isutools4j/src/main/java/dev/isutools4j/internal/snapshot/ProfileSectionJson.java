package dev.isutools4j.internal.snapshot;

import dev.isutools4j.internal.snapshot.ProfileSection.App;
import dev.isutools4j.internal.snapshot.ProfileSection.Flame;
import dev.isutools4j.internal.snapshot.ProfileSection.MethodRow;
import dev.isutools4j.internal.snapshot.ProfileSection.ThreadRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code profile} section's JSON (docs/SNAPSHOT.md). A section without a profile is written
 * as its engine (null), mode, fallbacks and error only. A row without a share and a section
 * without a flame graph or app packages are written without them.
 */
public final class ProfileSectionJson implements SectionCodec<ProfileSection> {

  @Override
  public String name() {
    return "profile";
  }

  @Override
  public Class<ProfileSection> type() {
    return ProfileSection.class;
  }

  @Override
  public Map<String, Object> write(ProfileSection s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", s.engine());
    if (!s.profiled()) {
      out.put("mode", s.mode());
      out.put("fallbacks", s.fallbacks());
      out.put("error", s.error());
      return out;
    }
    out.put("engineVersion", s.engineVersion());
    out.put("mode", s.mode());
    out.put("event", s.event());
    out.put("fallbacks", s.fallbacks());
    out.put("intervalMs", s.intervalMs());
    out.put("durationMs", s.durationMs());
    out.put("unit", s.unit());
    out.put("samples", s.samples());
    out.put("stacks", s.stacks());
    out.put("droppedStacks", s.droppedStacks());
    if (s.app() != null) {
      out.put("app", app(s.app()));
    }
    out.put("topSelf", methods(s.topSelf()));
    out.put("topTotal", methods(s.topTotal()));
    out.put("topApp", methods(s.topApp()));
    out.put("threads", s.threads().stream().map(ProfileSectionJson::thread).toList());
    if (s.flame() != null) {
      out.put("flame", writeFlame(s.flame()));
    }
    out.put("files", s.files());
    out.put("error", s.error());
    return out;
  }

  /** The flame graph as plain JSON data, as the section holds it and the run page's script reads it. */
  public static Map<String, Object> writeFlame(Flame f) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("frames", f.frames());
    out.put("kinds", f.kinds());
    out.put("frame", Arrays.stream(f.frame()).boxed().toList());
    out.put("parent", Arrays.stream(f.parent()).boxed().toList());
    out.put("value", Arrays.stream(f.value()).boxed().toList());
    out.put("droppedNodes", f.droppedNodes());
    return out;
  }

  private static List<Map<String, Object>> methods(List<MethodRow> rows) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (MethodRow r : rows) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("method", r.method());
      row.put("samples", r.samples());
      if (r.share() != null) {
        row.put("share", r.share());
      }
      row.put("app", r.app());
      out.add(row);
    }
    return out;
  }

  private static Map<String, Object> app(App a) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("packages", a.packages());
    out.put("mainClass", a.mainClass());
    out.put("mainClassFrom", a.mainClassFrom());
    return out;
  }

  private static Map<String, Object> thread(ThreadRow r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", r.name());
    out.put("threads", r.threads());
    out.put("cpuMs", r.cpuMs());
    out.put("share", r.share());
    return out;
  }

  @Override
  public ProfileSection read(Fields f) {
    return new ProfileSection(
        f.string("engine"),
        f.string("engineVersion"),
        f.string("mode"),
        f.string("event"),
        strings(f.raw("fallbacks")),
        f.raw("intervalMs") instanceof Number n ? n.intValue() : null,
        f.doubleValue("durationMs"),
        f.string("unit"),
        f.longValue("samples"),
        f.longValue("stacks"),
        f.longValue("droppedStacks"),
        f.raw("app") instanceof Map<?, ?> app ? readApp(Fields.of(app)) : null,
        readMethods(f.fieldsList("topSelf")),
        readMethods(f.fieldsList("topTotal")),
        readMethods(f.fieldsList("topApp")),
        f.fieldsList("threads").stream().map(t -> new ThreadRow(t.string("name"), t.longValue("threads"),
            t.doubleValue("cpuMs"), t.doubleValue("share"))).toList(),
        f.raw("flame") instanceof Map<?, ?> flame ? readFlame(Fields.of(flame)) : null,
        files(f.raw("files")),
        f.string("error"));
  }

  private static App readApp(Fields f) {
    return new App(strings(f.raw("packages")), f.string("mainClass"), f.string("mainClassFrom"));
  }

  private static List<MethodRow> readMethods(List<Fields> rows) {
    return rows.stream().map(r -> new MethodRow(r.string("method"), r.longValue("samples"),
        r.raw("share") instanceof Number n ? n.doubleValue() : null,
        Boolean.TRUE.equals(r.boolOrNull("app")))).toList();
  }

  private static Flame readFlame(Fields f) {
    List<?> frames = list(f.raw("frames"));
    List<String> names = new ArrayList<>(frames.size());
    for (Object name : frames) {
      names.add(name == null ? null : name.toString());
    }
    List<?> frame = list(f.raw("frame"));
    List<?> parent = list(f.raw("parent"));
    List<?> value = list(f.raw("value"));
    return new Flame(names, f.string("kinds"), ints(frame), ints(parent),
        value.stream().mapToLong(v -> v instanceof Number n ? n.longValue() : 0).toArray(),
        (int) f.longValue("droppedNodes"));
  }

  // An index that is not a number reads as -1: out of range, so the tree's readers skip its node.
  private static int[] ints(List<?> values) {
    return values.stream().mapToInt(v -> v instanceof Number n ? n.intValue() : -1).toArray();
  }

  private static List<String> strings(Object value) {
    return list(value).stream().map(String::valueOf).toList();
  }

  private static Map<String, String> files(Object value) {
    Map<String, String> out = new LinkedHashMap<>();
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
    }
    return out;
  }

  private static List<?> list(Object value) {
    return value instanceof List<?> l ? l : List.of();
  }
}
