package dev.isutools4j.internal.snapshot;

import java.util.List;
import java.util.Optional;

/** The codec of every typed section, in the order the sections are written. */
public final class SectionCodecs {

  static final List<SectionCodec<?>> ALL = List.of(
      new MachineSectionJson(),
      new DatabaseSectionJson(),
      new AccessLogSectionJson(),
      new SlowLogSectionJson(),
      new ProfileSectionJson(),
      new AdvisorSectionJson(),
      new TracesSectionJson(),
      new FlowSectionJson());

  private SectionCodecs() {}

  /** The codec for a section name, if the name is a typed section's. */
  public static Optional<SectionCodec<?>> byName(String name) {
    return ALL.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  /** The codec that writes this section. */
  public static SectionCodec<?> of(Section section) {
    for (SectionCodec<?> codec : ALL) {
      if (codec.type().isInstance(section)) {
        return codec;
      }
    }
    throw new IllegalArgumentException("no codec for " + section.getClass().getName());
  }
}
