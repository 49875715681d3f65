package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.ProfileSection;
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

  /** What the section says; {@code section} is null when the run has none. */
  static ProfileSide read(ProfileSection section) {
    if (section == null) {
      return new ProfileSide(false, null, null, null, null, 0, null, "no profile section");
    }
    String engine = section.engine();
    String error = section.error();
    String unit = section.unit() == null ? "samples" : section.unit();
    long samples = section.samples();
    String reason = null;
    if (samples <= 0) {
      reason = error != null ? error : engine == null ? "no profiler started" : "no samples";
    }
    return new ProfileSide(reason == null, engine, section.mode(), section.event(), unit, samples,
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
