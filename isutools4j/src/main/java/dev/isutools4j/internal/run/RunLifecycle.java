package dev.isutools4j.internal.run;

import dev.isutools4j.internal.analyze.Analyzer;
import dev.isutools4j.internal.analyze.EarlierRuns;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.SectionCodecs;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RecorderTotals;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.store.StoredRun;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Opens and closes runs: reset starts a fresh recorder and the collectors; save turns the run into
 * a snapshot and hands it to the store.
 *
 * <p>Called by the admin server, never on the app's threads. Resets and saves never overlap: one that
 * arrives while another is running is refused with a {@link RunConflict}, never queued on a lock.
 */
public final class RunLifecycle implements RunControl {

  private static final int MAX_ID_TRIES = 10;
  private static final DateTimeFormatter ID_FORMAT =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);

  private final RunStore store;
  private final List<Collector> collectors;
  private final List<Analyzer> analyzers;
  private final Supplier<GitRevision> revision;
  private final int nPlusOne;
  private final Clock clock;
  private final String readOnly;
  private final HostIdentity identity;
  private final AtomicBoolean busy = new AtomicBoolean();
  private volatile OpenRun open;
  private String lastId = "";

  /**
   * The open run; {@code hub} names the hub whose run it is, null for the player's own;
   * {@code stopped}, the collectors' sections (in their order, null for none) once a save stopped
   * them and could not write the run, null before.
   */
  private record OpenRun(String id, Instant startedAt, GitRevision revision, Recorder recorder,
      long failuresAtStart, String hub, RequestRate rate, List<Section> stopped) {

    OpenRun withStopped(List<Section> sections) {
      return new OpenRun(id, startedAt, revision, recorder, failuresAtStart, hub, rate, sections);
    }
  }

  /**
   * What a reset did: the new run's id, the id of an open run it discarded (or null), the revision
   * the run is on and this host's clock when it opened (which the hub compares with its own).
   */
  public record Reset(String id, String discardedId, GitRevision revision, Instant openedAt) {

    public Reset(String id, String discardedId) {
      this(id, discardedId, GitRevision.UNKNOWN, null);
    }
  }

  /**
   * What a save did: the run's id, the file it was written to and, for a partial run across
   * hosts, the hosts whose part it lacks (else none).
   */
  public record Saved(String id, Path file, List<HostInfo> missing) {

    public Saved {
      missing = List.copyOf(missing);
    }

    public Saved(String id, Path file) {
      this(id, file, List.of());
    }
  }

  public RunLifecycle(RunStore store, List<Collector> collectors, Supplier<GitRevision> revision,
      int nPlusOne, Clock clock) {
    this(store, collectors, List.of(), revision, nPlusOne, clock);
  }

  /** With analyzers, which read each run at save after the collectors, in order. */
  public RunLifecycle(RunStore store, List<Collector> collectors, List<Analyzer> analyzers,
      Supplier<GitRevision> revision, int nPlusOne, Clock clock) {
    this(store, collectors, analyzers, revision, nPlusOne, clock,
        new HostIdentity(HostIdentity.name(null), HostIdentity.APP), null);
  }

  /** With analyzers and this host's identity in a run across several hosts. */
  public RunLifecycle(RunStore store, List<Collector> collectors, List<Analyzer> analyzers,
      Supplier<GitRevision> revision, int nPlusOne, Clock clock, HostIdentity identity) {
    this(store, collectors, analyzers, revision, nPlusOne, clock, identity, null);
  }

  private RunLifecycle(RunStore store, List<Collector> collectors, List<Analyzer> analyzers,
      Supplier<GitRevision> revision, int nPlusOne, Clock clock, HostIdentity identity,
      String readOnly) {
    this.readOnly = readOnly;
    this.identity = identity;
    this.store = store;
    this.collectors = List.copyOf(collectors);
    this.analyzers = List.copyOf(analyzers);
    this.revision = revision;
    this.nPlusOne = nPlusOne;
    this.clock = clock;
  }

  /**
   * A lifecycle over saved runs only, with no app to measure: every reset and save is refused with
   * a {@link RunConflict} saying {@code read-only: serving <dir>}, and no run is ever open.
   */
  public static RunLifecycle readOnly(RunStore store) {
    return new RunLifecycle(store, List.of(), List.of(), () -> GitRevision.UNKNOWN, 0,
        Clock.systemUTC(), new HostIdentity(HostIdentity.name(null), HostIdentity.APP),
        "read-only: serving " + store.dir().toAbsolutePath());
  }

  @Override
  public HostIdentity identity() {
    return identity;
  }

  /** Whether this lifecycle only serves saved runs. */
  @Override
  public boolean isReadOnly() {
    return readOnly != null;
  }

  @Override
  public RunStore store() {
    return store;
  }

  /** Opens a new run; a run already open is discarded. */
  public Reset reset() throws RunConflict {
    return reset(false);
  }

  /**
   * The player's reset: opens a new run. A run of the player's own that is open is discarded; a
   * hub's run only when {@code force}ed (else its hub would save a run this host no longer has).
   */
  @Override
  public Reset reset(boolean force) throws RunConflict {
    enter();
    try {
      OpenRun current = open;
      if (current != null && current.hub() != null && !force) {
        throw new RunConflict("in run " + current.id() + " of hub " + current.hub()
            + ": reset through the hub, or POST /reset?force=true to discard it", current.id());
      }
      Instant now = clock.instant();
      String id = nextId(now);
      // Another process saving into this history may hold the same millisecond's id.
      for (int tries = 1; !claim(id) && tries < MAX_ID_TRIES; tries++) {
        id = nextId(now);
      }
      return open(id, now, null);
    } finally {
      busy.set(false);
    }
  }

  /**
   * A hub's reset: opens run {@code id} for {@code hub}. Joining the run already open is answered
   * as if it had just opened (a hub's retry); a run of another hub is refused with its id, so
   * that two hubs never share a peer. An earlier run of the same hub still open here (its save
   * never came, or failed) is saved into this history first, so that its part can still be
   * attached to the hub's run; if it cannot be written, the join is refused and it stays open.
   */
  @Override
  public Reset join(String id, String hub) throws RunConflict {
    enter();
    try {
      OpenRun current = open;
      if (current != null && current.id().equals(id) && hub.equals(current.hub())) {
        return new Reset(id, null, current.revision(), clock.instant());
      }
      if (current != null && current.hub() != null && !current.hub().equals(hub)) {
        throw new RunConflict("already in run " + current.id() + " of hub " + current.hub(),
            current.id());
      }
      if (store.exists(id)) {
        throw new RunConflict("run " + id + " is already saved here", id);
      }
      if (current != null && current.hub() != null) {
        keep(current);
      }
      if (!claim(id)) {
        throw new RunConflict("run " + id + " is open in another process on this history", id);
      }
      return open(id, clock.instant(), hub);
    } finally {
      busy.set(false);
    }
  }

  /** Saves the hub's earlier run {@code run}, unscored, before the hub's next one opens. */
  private void keep(OpenRun run) throws RunConflict {
    List<Section> sections = stopped(run);
    try {
      store.write(close(run, sections, null, null, null, null));
    } catch (IOException | RuntimeException e) {
      open = run.withStopped(sections); // open for a retry, its recorder still recording
      throw new RunConflict("run " + run.id() + " of this hub is still open here and could not be"
          + " saved (" + e.getMessage() + "): POST /save?run=" + run.id() + " retries it",
          run.id());
    }
    closed();
  }

  /** Claims run {@code id} in the store; a directory that cannot hold a claim still takes it. */
  private boolean claim(String id) {
    try {
      return store.claim(id);
    } catch (IOException | RuntimeException e) {
      Health.failed("store: claim run " + id, e);
      return true;
    }
  }

  /** Opens run {@code id}, claimed. */
  private Reset open(String id, Instant now, String hub) {
    OpenRun discarded = open;
    if (discarded != null) {
      if (discarded.stopped() == null) {
        discardCollectors();
      }
      store.discard(discarded.id());
    }
    GitRevision rev = revision.get();
    Recorder recorder = Recording.startRecorder();
    RunContext context = new RunContext(id, store.dir().resolve(id));
    for (Collector collector : collectors) {
      try {
        collector.start(context);
      } catch (Throwable t) {
        Health.failed("collector " + collector.name() + ": start", t);
      }
    }
    open = new OpenRun(id, now, rev, recorder, Health.failures(), hub,
        new RequestRate(now.toEpochMilli()), null);
    return new Reset(id, discarded == null ? null : discarded.id(), rev, clock.instant());
  }

  /**
   * Closes the open run and writes it. If the write fails (a full disk, say), the run stays open so
   * that the save can be retried, and the exception says why: the recorder keeps recording, and
   * the retry saves the sections the collectors gave the first time (each completed where it can,
   * {@link Collector#retry}) with the tables as they are then.
   */
  @Override
  public Saved save(Long score, Boolean pass, String note, String label)
      throws RunConflict, IOException {
    return saveRun(null, score, pass, note, label);
  }

  /** Saves the open run, if it is {@code id} (any open run when null). */
  @Override
  public Saved saveRun(String id, Long score, Boolean pass, String note, String label)
      throws RunConflict, IOException {
    enter();
    try {
      OpenRun run = openRun(id);
      List<Section> sections = stopped(run);
      Path file;
      try {
        file = store.write(close(run, sections, score, pass, note, label));
      } catch (IOException | RuntimeException e) {
        open = run.withStopped(sections); // open for a retry, its recorder still recording
        throw e;
      }
      closed();
      return new Saved(run.id(), file);
    } finally {
      busy.set(false);
    }
  }

  /**
   * Closes the open run {@code id} and returns it without writing it: the hub's own part of a run
   * across hosts, which the hub writes with the others'.
   */
  public Snapshot take(String id, Long score, Boolean pass, String note, String label)
      throws RunConflict {
    enter();
    try {
      OpenRun run = openRun(id);
      Snapshot snapshot = close(run, stopped(run), score, pass, note, label);
      closed();
      return snapshot;
    } finally {
      busy.set(false);
    }
  }

  private OpenRun openRun(String id) throws RunConflict {
    OpenRun run = open;
    if (run == null) {
      throw new RunConflict("no run is open: POST /reset first");
    }
    if (id != null && !id.equals(run.id())) {
      throw new RunConflict("in run " + run.id() + ", not " + id, run.id());
    }
    return run;
  }

  /** The collectors' sections of the run being saved: they stop now, or stopped at a failed save. */
  private List<Section> stopped(OpenRun run) {
    if (run.stopped() == null) {
      return stopCollectors();
    }
    List<Section> retried = new ArrayList<>();
    for (int i = 0; i < collectors.size(); i++) {
      Section first = run.stopped().get(i);
      try {
        retried.add(first == null ? null : collectors.get(i).retry(first));
      } catch (Throwable t) {
        Health.failed("collector " + collectors.get(i).name() + ": retry", t);
        retried.add(first);
      }
    }
    return retried;
  }

  private Snapshot close(OpenRun run, List<Section> stopped, Long score, Boolean pass, String note,
      String label) {
    Map<String, Object> sections = new LinkedHashMap<>();
    for (Section section : stopped) {
      if (section != null) {
        sections.put(SectionCodecs.of(section).name(), section);
      }
    }
    Snapshot draft = snapshot(run, clock.instant(), score, pass, note, sections);
    return analyze(draft.withMeta(draft.meta().withLabel(label)));
  }

  private void closed() {
    open = null;
    Recording.startRecorder();
  }

  @Override
  public Saved attach(String id, String host) throws RunConflict {
    throw new RunConflict("not a hub: set isutools.peers to gather runs from other hosts");
  }

  /**
   * The open run as it stands, with what the collectors offer so far ({@link Collector#live}), or
   * null when none is open. Safe while the app records; never waits on a collector.
   */
  @Override
  public Snapshot current() {
    OpenRun run = open;
    return run == null ? null : snapshot(run, null, null, null, null, liveSections());
  }

  /**
   * The open run as it goes, or null when none is open: cheap enough to be read every second by
   * each page that follows it, and never waiting (on a reset or save in progress, a collector's
   * thread, or the app).
   */
  @Override
  public LiveRun live() {
    OpenRun run = open;
    if (run == null) {
      return null;
    }
    long now = clock.millis();
    RecorderTotals totals = run.recorder().totals();
    Map<String, Section> sections = new LinkedHashMap<>();
    List<String> atSave = new ArrayList<>();
    liveSections(sections, atSave);
    return new LiveRun(meta(run, null, null, null, null, totals), now,
        run.rate().perSecond(now, totals.requests()), run.recorder().sqlRows(false),
        run.recorder().httpRows(nPlusOne, false), sections, atSave);
  }

  private Map<String, Object> liveSections() {
    Map<String, Section> sections = new LinkedHashMap<>();
    liveSections(sections, new ArrayList<>());
    return new LinkedHashMap<>(sections);
  }

  /** Each collector's reading so far into {@code sections}, the names of those with none into
   * {@code atSave}. */
  private void liveSections(Map<String, Section> sections, List<String> atSave) {
    for (Collector collector : collectors) {
      try {
        Section section = collector.live();
        if (section != null) {
          sections.put(SectionCodecs.of(section).name(), section);
        } else {
          atSave.add(collector.name());
        }
      } catch (Throwable t) {
        Health.failed("collector " + collector.name() + ": live", t);
        atSave.add(collector.name());
      }
    }
  }

  /** The meta of the open run, or null. */
  @Override
  public RunMeta currentMeta() {
    OpenRun run = open;
    // The history page needs two counts, not every row's percentiles.
    return run == null ? null : meta(run, null, null, null, null, run.recorder().totals());
  }

  private void enter() throws RunConflict {
    if (readOnly != null) {
      throw new RunConflict(readOnly);
    }
    if (!busy.compareAndSet(false, true)) {
      throw new RunConflict("another reset or save is in progress");
    }
  }

  /** Stops the collectors for a save: their sections, in their order (null for none). */
  private List<Section> stopCollectors() {
    List<Section> sections = new ArrayList<>();
    for (Collector collector : collectors) {
      Section section = null;
      try {
        section = collector.stop(true);
        if (section != null) {
          SectionCodecs.of(section); // a section no codec writes fails here, not at the write
        }
      } catch (Throwable t) {
        Health.failed("collector " + collector.name() + ": stop", t);
        section = null;
      }
      sections.add(section);
    }
    return sections;
  }

  /** Stops the collectors of a run that is discarded. */
  private void discardCollectors() {
    for (Collector collector : collectors) {
      try {
        collector.stop(false);
      } catch (Throwable t) {
        Health.failed("collector " + collector.name() + ": stop", t);
      }
    }
  }

  private Snapshot analyze(Snapshot draft) {
    if (analyzers.isEmpty()) {
      return draft;
    }
    Map<String, Object> sections = new LinkedHashMap<>(draft.sections());
    for (Analyzer analyzer : analyzers) {
      try {
        Section section = analyzer.analyze(draft, this::newestSaved);
        if (section != null) {
          sections.put(SectionCodecs.of(section).name(), section);
        }
      } catch (Throwable t) {
        Health.failed("analyzer " + analyzer.name(), t);
      }
    }
    return new Snapshot(draft.meta(), draft.sql(), draft.http(), draft.counters(), sections);
  }

  private Optional<Snapshot> newestSaved(Predicate<Snapshot> matching) {
    try {
      int looked = 0;
      for (StoredRun stored : store.list()) {
        if (!stored.readable() || looked++ >= EarlierRuns.LOOK_BACK) {
          break; // unreadable runs sort last
        }
        Optional<Snapshot> run = readQuietly(stored.id());
        if (run.isPresent() && matching.test(run.get())) {
          return run;
        }
      }
    } catch (IOException unlisted) {
      Health.failed("analyzers: list earlier runs", unlisted);
    }
    return Optional.empty();
  }

  private Optional<Snapshot> readQuietly(String id) {
    try {
      return store.read(id);
    } catch (IOException | RuntimeException unreadable) {
      return Optional.empty(); // an unreadable run is no run to compare with
    }
  }

  private Snapshot snapshot(OpenRun run, Instant endedAt, Long score, Boolean pass, String note,
      Map<String, Object> sections) {
    Recorder recorder = run.recorder();
    List<SqlRow> sql = recorder.sqlRows();
    List<HttpRow> http = recorder.httpRows(nPlusOne);
    RecorderTotals totals = new RecorderTotals(http.stream().mapToLong(r -> r.time().count()).sum(), 0,
        sql.stream().mapToLong(r -> r.time().count()).sum(), 0);
    return new Snapshot(meta(run, endedAt, score, pass, note, totals), sql, http,
        recorder.counterRows(), sections);
  }

  private static RunMeta meta(OpenRun run, Instant endedAt, Long score, Boolean pass, String note,
      RecorderTotals totals) {
    return new RunMeta(run.id(), run.startedAt(), endedAt, score, pass, run.revision().revision(),
        run.revision().dirty(), run.revision().source(), note, totals.requests(), totals.statements(),
        Health.failures() - run.failuresAtStart());
  }

  private String nextId(Instant now) {
    String id = ID_FORMAT.format(now);
    if (id.compareTo(lastId) <= 0) {
      id = lastId + "-1"; // Two resets within one millisecond (or a clock step back) stay distinct.
    }
    lastId = id;
    return id;
  }
}
