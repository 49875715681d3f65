package dev.isutools4j.cli.digest;

import dev.isutools4j.internal.route.RouteTemplates;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The routes of a run isutools4j saved ({@code --routes-from}): its HTTP table's
 * {@code "METHOD route"} rows with their counts, and those routes as templates to name an access
 * log's paths by, as the run's own {@code accessLog} section names them.
 *
 * @param runId the run's id
 * @param counts requests per {@code "METHOD route"}
 * @param templates the routes that are templates ({@link RouteTemplates#ofKeys})
 */
record RunRoutes(String runId, Map<String, Long> counts, RouteTemplates templates) {

  /** Reads a saved run; a missing or unreadable file is an {@link IllegalArgumentException}. */
  static RunRoutes read(Path file) {
    Snapshot run;
    try {
      run = SnapshotJson.read(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("--routes-from: no such file " + file);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("--routes-from: " + file + " is not a run isutools4j saved: "
          + e.getMessage());
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    for (HttpRow r : run.http()) {
      counts.merge(r.method() + " " + r.route(), r.time().count(), Long::sum);
    }
    return new RunRoutes(run.meta() == null ? file.toString() : run.meta().id(), Map.copyOf(counts),
        RouteTemplates.ofKeys(counts.keySet()));
  }

  /** What the command says on stderr about the routes it uses. */
  String note() {
    if (templates.isEmpty()) {
      return "--routes-from: run " + runId + " has no routes to name paths by (its HTTP table is"
          + " empty): the paths are named by the rules";
    }
    return "--routes-from: paths named by the " + templates.size() + " routes of run " + runId
        + " first; APP COUNT is that run's count";
  }
}
