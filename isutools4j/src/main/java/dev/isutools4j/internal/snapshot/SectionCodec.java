package dev.isutools4j.internal.snapshot;

import java.util.Map;

/**
 * Writes and reads one section of the run document (docs/SNAPSHOT.md), the writer and the reader
 * side by side so that they cannot drift apart. Reading is lenient, as for the rest of the
 * document: a missing or mistyped field reads as its empty value, so files saved by earlier
 * versions still open.
 */
public interface SectionCodec<S extends Section> {

  /** The section's top-level key in the run's JSON. */
  String name();

  Class<S> type();

  /** The section as plain JSON data (maps, lists, strings, numbers, booleans). */
  Map<String, Object> write(S section);

  S read(Fields json);

  /** Writes a section known to be of this codec's type. */
  default Map<String, Object> writeAny(Section section) {
    return write(type().cast(section));
  }
}
