package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.Fields;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one run's {@code profile} section says about itself: which profiler sampled what, and how
 * many samples it took. A run has a profile only when it has samples; an absent section, a
 * profiler that never started, or a section holding only an error has none, and {@code reason}
 * says why.
 *
 * @param available whether the run has a profile to compare
 * @param engine async-profiler or jfr; null when none ran
 * @param mode cpu, wall or alloc
 * @param event what sampled (cpu, itimer, jdk.ExecutionSample, ...)
 * @param unit samples, or bytes in alloc mode
 * @param samples all samples (or bytes) of the run
 * @param error the section's error: why there is no profile, or why it is partial; null when none
 * @param reason why the run has no profile; null when it has one
 */
public record ProfileSide(boolean available, String engine, String mode, String event, String unit,
    long samples, String error, String reason) {

  static ProfileSide read(Object section) {
    if (!(section instanceof Map<?, ?>)) {
      return new ProfileSide(false, null, null, null, null, 0, null, "no profile section");
    }
    Fields f = Fields.of(section);
    String engine = f.string("engine");
    String error = f.string("error");
    String unit = f.string("unit") == null ? "samples" : f.string("unit");
    long samples = f.longValue("samples");
    String reason = null;
    if (samples <= 0) {
      reason = error != null ? error : engine == null ? "no profiler started" : "no samples";
    }
    return new ProfileSide(reason == null, engine, f.string("mode"), f.string("event"), unit, samples,
        error, reason);
  }

  /** A profile that has samples but also an error: the profiler stopped early or lost part. */
  public boolean partial() {
    return available && error != null;
  }

  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("available", available);
    out.put("engine", engine);
    out.put("mode", mode);
    out.put("event", event);
    out.put("unit", unit);
    out.put("samples", samples);
    out.put("error", error);
    out.put("reason", reason);
    return out;
  }
}
