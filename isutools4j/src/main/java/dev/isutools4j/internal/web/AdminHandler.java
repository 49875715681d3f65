package dev.isutools4j.internal.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.store.StoredRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Routes admin requests, each admitted first by the {@link AdminGate}: the run lifecycle
 * ({@code POST /reset}, {@code POST /save}), the pages ({@code /}, {@code /runs/{id}},
 * {@code /runs/current}, {@code /runs/{id}/hosts/{name}} for a host's part of a run across hosts,
 * {@code /diff}), the JSON API ({@code /api/runs...}, {@code /api/runs/current/live} for the pages
 * that follow the open run, {@code /api/diff}) and the files of a run's folder
 * ({@code /files/{id}/{name}}).
 */
final class AdminHandler implements HttpHandler {

  private static final int MAX_NOTE = 1000;
  private static final int MAX_LABEL = 200;
  private static final String HOSTS = "/hosts/";

  private final RunControl lifecycle;
  private final AdminGate gate;
  private final String label;

  /** {@code label}: {@code isutools.label}, the label of a save that gives none (null: none). */
  AdminHandler(RunControl lifecycle, AdminGate gate, String label) {
    this.lifecycle = lifecycle;
    this.gate = gate;
    this.label = label;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      // Inside the try-with-resources: the exchange must still be open to answer 500.
      try {
        Request request = Request.of(exchange);
        if (gate.admit(exchange, request)) {
          route(exchange, request);
        }
      } catch (Throwable t) {
        Health.failed("admin " + exchange.getRequestURI().getPath(), t);
        try {
          Responses.text(exchange, 500, "isutools4j: " + t + "\n");
        } catch (IOException | RuntimeException ignored) {
          // The response was already started; the failure is counted.
        }
      }
    }
  }

  private void route(HttpExchange exchange, Request request) throws IOException {
    String path = request.path();
    switch (path) {
      case "/reset" -> {
        if (request.allow(exchange, "POST")) {
          reset(exchange, request);
        }
      }
      case "/save" -> {
        if (request.allow(exchange, "POST")) {
          save(exchange, request);
        }
      }
      case "/attach" -> {
        if (request.allow(exchange, "POST")) {
          attach(exchange, request);
        }
      }
      case "/", "/index.html" -> {
        if (request.allow(exchange, "GET")) {
          Responses.html(exchange, 200, HistoryPage.render(lifecycle.store().list(),
              lifecycle.currentMeta(), HealthStatus.now()));
        }
      }
      case "/diff", "/api/diff" -> {
        if (request.allow(exchange, "GET")) {
          diff(exchange, request, path.equals("/api/diff"));
        }
      }
      case "/api/runs/current/live" -> {
        if (request.allow(exchange, "GET")) {
          live(exchange, request);
        }
      }
      case "/api/runs" -> {
        if (request.allow(exchange, "GET")) {
          Responses.json(exchange, 200, SnapshotJson.writeValue(runList()));
        }
      }
      default -> {
        if (path.startsWith("/runs/") && request.allow(exchange, "GET")) {
          runPage(exchange, path.substring("/runs/".length()));
        } else if (path.startsWith("/api/runs/") && request.allow(exchange, "GET")) {
          runJson(exchange, path.substring("/api/runs/".length()));
        } else if (path.startsWith("/files/") && request.allow(exchange, "GET")) {
          runFile(exchange, path.substring("/files/".length()));
        } else if (!path.startsWith("/runs/") && !path.startsWith("/api/runs/")
            && !path.startsWith("/files/")) {
          Responses.text(exchange, 404, "not found: " + path + "\n");
        }
      }
    }
  }

  /**
   * The player's reset, or with {@code run} and {@code hub} a hub's: the answer's headers tell the
   * hub this host's name, role, version, revision and clock (epoch milliseconds).
   */
  private void reset(HttpExchange exchange, Request request) throws IOException {
    String run = request.param("run");
    if (run != null && (!RunStore.validId(run) || request.param("hub") == null)) {
      Responses.text(exchange, 400, "a hub's reset needs a run id and the hub's name: run="
          + run + "\n");
      return;
    }
    boolean force;
    try {
      force = Boolean.TRUE.equals(parseBoolean("force", request.param("force")));
    } catch (IllegalArgumentException e) {
      Responses.text(exchange, 400, e.getMessage() + "\n");
      return;
    }
    try {
      RunLifecycle.Reset reset = run == null
          ? lifecycle.reset(force)
          : lifecycle.join(run, request.param("hub"));
      var headers = exchange.getResponseHeaders();
      headers.set("X-Isutools-Run-Id", reset.id());
      if (reset.discardedId() != null) {
        headers.set("X-Isutools-Discarded-Run-Id", reset.discardedId());
      }
      HostIdentity identity = lifecycle.identity();
      headers.set("X-Isutools-Host", identity.name());
      headers.set("X-Isutools-Role", identity.role());
      headers.set("X-Isutools-Version", HostIdentity.version());
      headers.set("X-Isutools-Revision", reset.revision().revision() == null ? ""
          : reset.revision().revision() + (reset.revision().dirty() ? "-dirty" : ""));
      if (reset.openedAt() != null) {
        headers.set("X-Isutools-Clock", reset.openedAt().toEpochMilli() + "."
            + String.format(java.util.Locale.ROOT, "%06d", reset.openedAt().getNano() % 1_000_000));
      }
      Responses.empty(exchange, 204);
    } catch (RunConflict e) {
      conflict(exchange, e);
    }
  }

  private static void conflict(HttpExchange exchange, RunConflict e) throws IOException {
    if (e.runId() != null) {
      exchange.getResponseHeaders().set("X-Isutools-Run-Id", e.runId());
    }
    Responses.text(exchange, 409, e.getMessage() + "\n");
  }

  /** A hub's attach of a part its host saved after the run: {@code run} and {@code host}. */
  private void attach(HttpExchange exchange, Request request) throws IOException {
    String run = request.param("run");
    String host = request.param("host");
    if (!RunStore.validId(run) || host == null || host.isBlank()) {
      Responses.text(exchange, 400, "attach needs run=<id> and host=<name>\n");
      return;
    }
    try {
      saved(exchange, lifecycle.attach(run, host));
    } catch (RunConflict e) {
      conflict(exchange, e);
    } catch (IOException e) {
      Health.failed("attach", e);
      Responses.text(exchange, 502, "could not attach " + host + " to run " + run + ": " + e + "\n");
    }
  }

  private static void saved(HttpExchange exchange, RunLifecycle.Saved saved) throws IOException {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", saved.id());
    body.put("file", saved.file().toAbsolutePath().toString());
    if (!saved.missing().isEmpty()) {
      body.put("partial", true);
      List<Map<String, Object>> missing = new ArrayList<>();
      for (HostInfo host : saved.missing()) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("name", host.name());
        entry.put("reason", host.reason());
        missing.add(entry);
      }
      body.put("missing", missing);
    }
    Responses.json(exchange, 200, SnapshotJson.writeValue(body));
  }

  private void save(HttpExchange exchange, Request request) throws IOException {
    Long score;
    Boolean pass;
    try {
      score = request.param("score") == null ? null : Long.valueOf(request.param("score").trim());
      pass = parseBoolean("pass", request.param("pass"));
    } catch (IllegalArgumentException e) {
      Responses.text(exchange, 400, e.getMessage() + "\n");
      return;
    }
    String note = request.param("note");
    if (note != null && note.length() > MAX_NOTE) {
      note = note.substring(0, MAX_NOTE);
    }
    String given = request.param("label");
    String runLabel = given == null || given.isBlank() ? label : given.trim();
    if (runLabel != null && runLabel.length() > MAX_LABEL) {
      runLabel = runLabel.substring(0, MAX_LABEL);
    }
    String run = request.param("run");
    if (run != null && !RunStore.validId(run)) {
      Responses.text(exchange, 400, "not a run id: " + run + "\n");
      return;
    }
    try {
      saved(exchange, lifecycle.saveRun(run, score, pass, note, runLabel));
    } catch (RunConflict e) {
      conflict(exchange, e);
    } catch (IOException e) {
      Health.failed("save", e);
      Responses.text(exchange, 500, "the run could not be written, and stays open (retry the save): "
          + (e.getMessage() == null ? e.toString() : e.getMessage()) + "\n");
    }
  }

  /** The value of parameter {@code name}: null when absent or blank; else true or false, or throws. */
  private static Boolean parseBoolean(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "true", "1", "yes" -> Boolean.TRUE;
      case "false", "0", "no" -> Boolean.FALSE;
      default -> throw new IllegalArgumentException(name + " must be true or false, got " + value);
    };
  }

  private List<Map<String, Object>> runList() throws IOException {
    List<Map<String, Object>> list = new ArrayList<>();
    for (StoredRun run : lifecycle.store().list()) {
      if (run.readable()) {
        list.add(SnapshotJson.meta(run.meta()));
      } else {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", run.id());
        entry.put("file", run.file().getFileName().toString());
        entry.put("problem", run.problem());
        list.add(entry);
      }
    }
    return list;
  }

  private void runPage(HttpExchange exchange, String id) throws IOException {
    int hosts = id.indexOf(HOSTS);
    if (hosts >= 0) {
      partPage(exchange, id.substring(0, hosts), id.substring(hosts + HOSTS.length()), false);
      return;
    }
    if (id.equals("current")) {
      Snapshot current = openRunOr404(exchange);
      if (current != null) {
        Responses.html(exchange, 200, RunPage.render(current, true, HealthStatus.now()));
      }
      return;
    }
    Optional<Snapshot> snapshot;
    try {
      snapshot = lifecycle.store().read(id);
    } catch (IOException e) {
      Responses.text(exchange, 500, e.getMessage() + "\n");
      return;
    }
    if (snapshot.isEmpty()) {
      Responses.text(exchange, 404, "no run " + id + "\n");
    } else {
      Responses.html(exchange, 200, RunPage.render(snapshot.get(), false, HealthStatus.now()));
    }
  }

  private void runJson(HttpExchange exchange, String id) throws IOException {
    int hosts = id.indexOf(HOSTS);
    if (hosts >= 0) {
      partPage(exchange, id.substring(0, hosts), id.substring(hosts + HOSTS.length()), true);
      return;
    }
    if (id.equals("current")) {
      Snapshot current = openRunOr404(exchange);
      if (current != null) {
        Responses.json(exchange, 200, SnapshotJson.write(current));
      }
      return;
    }
    Optional<String> json;
    try {
      json = lifecycle.store().readJson(id);
    } catch (IOException e) {
      // A file in the history that is no run (another tool's, a broken copy): said, not counted.
      Responses.text(exchange, 500, "run " + id + " is not a readable run: " + e.getMessage() + "\n");
      return;
    }
    if (json.isEmpty()) {
      Responses.text(exchange, 404, "no run " + id + "\n");
    } else {
      Responses.json(exchange, 200, json.get());
    }
  }

  /**
   * {@code /runs/ID/hosts/NAME} and {@code /api/runs/ID/hosts/NAME}: one host's part of a run across
   * hosts, as a page or as its JSON; 404 for an unknown run or a host without a part in it.
   */
  private void partPage(HttpExchange exchange, String id, String host, boolean json)
      throws IOException {
    Snapshot run;
    if (id.equals("current")) {
      run = openRunOr404(exchange);
      if (run == null) {
        return;
      }
    } else {
      Optional<Snapshot> saved;
      try {
        saved = lifecycle.store().read(id);
      } catch (IOException e) {
        Responses.text(exchange, 500, e.getMessage() + "\n");
        return;
      }
      if (saved.isEmpty()) {
        Responses.text(exchange, 404, "no run " + id + "\n");
        return;
      }
      run = saved.get();
    }
    Snapshot part = run.parts().get(host);
    if (part == null) {
      Responses.text(exchange, 404, "no part of host " + host + " in run " + id + "\n");
    } else if (json) {
      Responses.json(exchange, 200, SnapshotJson.write(part));
    } else {
      Responses.html(exchange, 200, RunPage.part(run, host, part, HealthStatus.now()));
    }
  }

  private void runFile(HttpExchange exchange, String idAndName) throws IOException {
    int slash = idAndName.indexOf('/');
    Optional<java.nio.file.Path> file = slash < 0 ? Optional.empty()
        : lifecycle.store().artifact(idAndName.substring(0, slash), idAndName.substring(slash + 1));
    if (file.isEmpty()) {
      Responses.text(exchange, 404, "no file " + idAndName + "\n");
    } else {
      Responses.file(exchange, file.get());
    }
  }

  private void diff(HttpExchange exchange, Request request, boolean json) throws IOException {
    String a = request.param("a");
    String b = request.param("b");
    for (String id : new String[] {a, b}) {
      if (id != null && !id.isEmpty() && !RunStore.validId(id)) {
        Responses.text(exchange, 400, "not a run id: " + id + "\n");
        return;
      }
    }
    List<StoredRun> runs = lifecycle.store().list();
    if (b == null || b.isEmpty()) {
      b = runs.stream().filter(StoredRun::readable).map(StoredRun::id).findFirst().orElse(null);
      if (b == null) {
        Responses.text(exchange, 404, "no saved runs to compare\n");
        return;
      }
    }
    if (a == null || a.isEmpty()) {
      a = HistoryPage.previous(runs, b);
      if (a == null) {
        Responses.text(exchange, 404, "no run before " + b + " to compare with\n");
        return;
      }
    }
    Optional<Snapshot> before;
    Optional<Snapshot> after;
    try {
      before = lifecycle.store().read(a);
      after = lifecycle.store().read(b);
    } catch (IOException e) {
      Responses.text(exchange, 500, e.getMessage() + "\n");
      return;
    }
    if (before.isEmpty() || after.isEmpty()) {
      Responses.text(exchange, 404, "no run " + (before.isEmpty() ? a : b) + "\n");
      return;
    }
    RunDiff diff = RunDiff.of(before.get(), after.get());
    if (json) {
      Responses.json(exchange, 200, SnapshotJson.writeValue(diff.toMap()));
    } else {
      Responses.html(exchange, 200, DiffPage.render(diff, Repeats.of(runs), HealthStatus.now()));
    }
  }

  /**
   * The open run as it goes ({@link LiveJson}); 404 when none is open. Answered at once from what
   * the recorder and the collectors hold: a poll never holds one of the server's two threads.
   */
  private void live(HttpExchange exchange, Request request) throws IOException {
    long since;
    try {
      String given = request.param("since");
      since = given == null || given.isBlank() ? Long.MIN_VALUE : Long.parseLong(given.trim());
    } catch (NumberFormatException e) {
      Responses.text(exchange, 400, "since must be epoch milliseconds, got " + request.param("since")
          + "\n");
      return;
    }
    LiveRun live = lifecycle.live();
    if (live == null) {
      Responses.text(exchange, 404, "no run is open: POST /reset to start one\n");
      return;
    }
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    Responses.json(exchange, 200, SnapshotJson.writeValue(LiveJson.of(live, since)));
  }

  /** The open run as it stands, or null after answering 404 when none is open. */
  private Snapshot openRunOr404(HttpExchange exchange) throws IOException {
    Snapshot current = lifecycle.current();
    if (current == null) {
      Responses.text(exchange, 404, "no run is open: POST /reset to start one\n");
    }
    return current;
  }
}
