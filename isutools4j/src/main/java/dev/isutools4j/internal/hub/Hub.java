package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.LiveRun;
import dev.isutools4j.internal.run.RunConflict;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A run across several hosts: the player's reset and save on this admin server fan out to every
 * peer in parallel under one run id, and the save gathers each host's part into one saved run.
 *
 * <p>Wraps this host's own {@link RunLifecycle}: with {@code ownPart} (an app JVM) its run is the
 * hub's own part; without (the standalone {@code isutools4j hub}) its lifecycle has no collectors
 * and only gives the run its id and times. A peer that does not answer within its timeout is
 * {@code missing}, with the reason and how long the hub waited, and the run goes on without it
 * (partial); its own history keeps its part, which {@link #attach} gathers later. Calls run on the
 * admin server's thread and the {@link PeerClient}'s, never the app's. Resets and saves never
 * overlap: one that arrives while another runs is refused, never queued.
 */
public final class Hub implements RunControl, AutoCloseable {

  private final RunLifecycle local;
  private final Peers peers;
  private final boolean ownPart;
  private final PeerClient client;
  private final SecretColumns secrets;
  private final String hubId;
  private final AtomicBoolean busy = new AtomicBoolean();
  private volatile OpenRun open;
  private volatile Snapshot unwritten;

  /** The hub's open run: its id and its hosts as they answered the reset. */
  private record OpenRun(String id, List<HostInfo> hosts) {}

  /** @param secrets the columns whose values every peer's part has masked, as it arrives */
  public Hub(RunLifecycle local, Peers peers, boolean ownPart, Clock clock, SecretColumns secrets) {
    this.local = local;
    this.peers = peers;
    this.ownPart = ownPart;
    this.client = new PeerClient(clock);
    this.secrets = secrets;
    byte[] random = new byte[3];
    new SecureRandom().nextBytes(random);
    // Unique per start: a restarted hub is another hub to its peers, as are two hubs of one name.
    this.hubId = local.identity().name() + "-" + HexFormat.of().formatHex(random);
  }

  /**
   * A hub over {@code local} with the peers of {@code settings}.
   *
   * @throws IllegalArgumentException when {@code isutools.peers} is malformed or names a host twice
   */
  public static Hub of(RunLifecycle local, Settings settings, boolean ownPart) {
    return new Hub(local, Peers.of(settings, ownPart ? local.identity().name() : null), ownPart,
        Clock.systemUTC(), SecretColumns.ofSetting(settings.secretColumns()));
  }

  /** What the hub sends its peers as {@code hub=}: its name and a random suffix of this start. */
  public String hubId() {
    return hubId;
  }

  public Peers peers() {
    return peers;
  }

  @Override
  public RunStore store() {
    return local.store();
  }

  @Override
  public boolean isReadOnly() {
    return false;
  }

  @Override
  public HostIdentity identity() {
    return local.identity();
  }

  /**
   * Opens a run here, then on every peer in parallel under its id; a peer that does not answer
   * within the reset timeout is left out, {@code missing}. A run gathered by the last save but not
   * yet written is written first; if it still cannot be, the reset is refused unless forced.
   */
  @Override
  public RunLifecycle.Reset reset(boolean force) throws RunConflict {
    enter();
    try {
      String discarded = writeOrDiscardUnwritten(force);
      RunLifecycle.Reset mine = local.reset(force);
      long start = System.nanoTime();
      List<CompletableFuture<PeerClient.Joined>> calls = new ArrayList<>();
      for (Peer peer : peers.list()) {
        calls.add(client.reset(peer, mine.id(), hubId, peers.resetTimeoutMs()));
      }
      List<Fanout.Outcome<PeerClient.Joined>> outcomes =
          Fanout.await(calls, start, peers.resetTimeoutMs());
      List<HostInfo> hosts = new ArrayList<>();
      if (ownPart) {
        hosts.add(new HostInfo(identity().name(), "local", identity().role(), HostIdentity.version(),
            revision(mine.revision()), 0, 0, HostInfo.OK, null, 0));
      }
      for (int i = 0; i < calls.size(); i++) {
        hosts.add(joined(peers.list().get(i), outcomes.get(i)));
      }
      open = new OpenRun(mine.id(), hosts);
      return new RunLifecycle.Reset(mine.id(), discarded != null ? discarded : mine.discardedId(),
          mine.revision(), mine.openedAt());
    } finally {
      busy.set(false);
    }
  }

  private static HostInfo joined(Peer peer, Fanout.Outcome<PeerClient.Joined> outcome) {
    if (!outcome.ok()) {
      return new HostInfo(peer.name(), peer.base().toString(), null, null, null, Double.NaN,
          Double.NaN, HostInfo.MISSING, "at reset: " + outcome.failure().reason(),
          outcome.failure().waitedMs());
    }
    PeerClient.Joined joined = outcome.value();
    return new HostInfo(peer.name(), peer.base().toString(), joined.role(), joined.version(),
        joined.revision(), joined.clockOffsetMs(), joined.roundTripMs(), HostInfo.OK, null, 0);
  }

  private String writeOrDiscardUnwritten(boolean force) throws RunConflict {
    Snapshot pending = unwritten;
    if (pending == null) {
      return null;
    }
    String id = pending.meta().id();
    try {
      local.store().write(pending);
      unwritten = null;
      return null;
    } catch (IOException | RuntimeException e) {
      if (!force) {
        throw new RunConflict("run " + id + " was gathered but could not be written (" + e.getMessage()
            + "): POST /save writes it, POST /reset?force=true discards it", id);
      }
      Health.failed("hub: run " + id + " discarded unwritten", e);
      unwritten = null;
      local.store().discard(id);
      return id;
    }
  }

  /**
   * Closes the run everywhere: asks every peer to save its part (in parallel, each within the save
   * timeout) while taking this host's own, then writes the whole run. A peer whose part did not
   * come is {@code missing} and the run partial; one missing at reset whose part came (it joined
   * after the reset timeout) is {@code late}. If the write fails, the gathered run stays in memory
   * and the next save writes it.
   */
  @Override
  public RunLifecycle.Saved save(Long score, Boolean pass, String note, String label)
      throws RunConflict, IOException {
    enter();
    try {
      if (unwritten != null) {
        return write(scored(unwritten, score, pass, note, label));
      }
      OpenRun run = open;
      RunMeta mine = local.currentMeta();
      if (run == null || mine == null || !mine.id().equals(run.id())) {
        throw new RunConflict("no run is open: POST /reset first");
      }
      long start = System.nanoTime();
      List<Peer> asked = new ArrayList<>();
      List<CompletableFuture<PeerClient.Part>> calls = new ArrayList<>();
      for (HostInfo host : run.hosts()) {
        Peer peer = peers.named(host.name()).orElse(null);
        // A peer missing at reset is asked too: it may have joined after the reset timeout.
        if (peer != null) {
          asked.add(peer);
          calls.add(client.save(peer, run.id(), score, pass, note, peers.saveTimeoutMs()));
        }
      }
      Snapshot own;
      try {
        own = local.take(run.id(), score, pass, note, label);
      } catch (RunConflict e) {
        calls.forEach(call -> call.cancel(true));
        throw e;
      }
      List<Fanout.Outcome<PeerClient.Part>> outcomes =
          Fanout.await(calls, start, peers.saveTimeoutMs());
      open = null;
      Map<String, Snapshot> parts = new LinkedHashMap<>();
      List<HostInfo> hosts = new ArrayList<>();
      for (HostInfo host : run.hosts()) {
        int asking = asked.indexOf(peers.named(host.name()).orElse(null));
        if (asking < 0) {
          if (ownPart && host.address().equals("local")) {
            parts.put(host.name(), own);
          }
          hosts.add(host);
          continue;
        }
        Fanout.Outcome<PeerClient.Part> outcome = outcomes.get(asking);
        if (outcome.ok()) {
          Snapshot part = PartSecrets.masked(outcome.value().snapshot(), secrets);
          parts.put(host.name(), part);
          hosts.add(host.hasPart() ? host : late(host, part,
              "joined after the reset, its part came with the save; " + host.reason()));
        } else {
          String atSave = "at save: " + outcome.failure().reason();
          hosts.add(host.withStatus(HostInfo.MISSING,
              host.hasPart() ? atSave : host.reason() + "; " + atSave, outcome.failure().waitedMs()));
        }
      }
      RunMeta base = ownPart ? own.meta() : withAppRevision(own.meta(), hosts, parts);
      return write(CombinedRun.of(base, ownPart ? 0 : own.meta().healthFailures(), hosts, parts));
    } finally {
      busy.set(false);
    }
  }

  private RunLifecycle.Saved write(Snapshot run) throws IOException {
    unwritten = run;
    Path file = local.store().write(run);
    unwritten = null;
    return saved(run, file);
  }

  private static RunLifecycle.Saved saved(Snapshot run, Path file) {
    return new RunLifecycle.Saved(run.meta().id(), file,
        run.meta().hosts().stream().filter(h -> !h.hasPart()).toList());
  }

  /** A retried save's score, verdict, note and label, where given, on the run gathered before. */
  private static Snapshot scored(Snapshot run, Long score, Boolean pass, String note,
      String label) {
    RunMeta m = run.meta();
    return run.withMeta(new RunMeta(m.id(), m.startedAt(), m.endedAt(),
        score != null ? score : m.score(), pass != null ? pass : m.pass(), m.revision(), m.dirty(),
        m.revisionSource(), note != null ? note : m.note(), m.requests(), m.queries(),
        m.healthFailures(), m.hosts(), m.partial(), label != null ? label : m.label()));
  }

  /** A hub with no app of its own runs the revision its first app host runs. */
  private static RunMeta withAppRevision(RunMeta base, List<HostInfo> hosts,
      Map<String, Snapshot> parts) {
    if (base.revision() != null) {
      return base;
    }
    for (HostInfo host : hosts) {
      Snapshot part = parts.get(host.name());
      if (part != null && CombinedRun.isApp(host, part) && part.meta().revision() != null) {
        RunMeta app = part.meta();
        return new RunMeta(base.id(), base.startedAt(), base.endedAt(), base.score(), base.pass(),
            app.revision(), app.dirty(), "host " + host.name() + ": " + app.revisionSource(),
            base.note(), base.requests(), base.queries(), base.healthFailures())
            .withLabel(base.label());
      }
    }
    return base;
  }

  /** A hub is no peer: it never joins another hub's run. */
  @Override
  public RunLifecycle.Reset join(String id, String hub) throws RunConflict {
    throw notAPeer();
  }

  /** The player's save when {@code id} is null; a hub's save otherwise, which a hub refuses. */
  @Override
  public RunLifecycle.Saved saveRun(String id, Long score, Boolean pass, String note,
      String label) throws RunConflict, IOException {
    if (id == null) {
      return save(score, pass, note, label);
    }
    throw notAPeer();
  }

  private static RunConflict notAPeer() {
    return new RunConflict("this admin server is a hub (isutools.peers), not a peer: it does not"
        + " join another hub's run");
  }

  /**
   * Gathers the part of {@code host} into run {@code id}, saved without it: asks the peer to save
   * the run, in case it still holds it open (its save failed or never reached it), then fetches
   * the part from its history, marks the host {@code late} (a late host has its part, so the run
   * is no longer partial on its account), merges the tables again and rewrites the run.
   */
  @Override
  public RunLifecycle.Saved attach(String id, String host) throws RunConflict, IOException {
    enter();
    try {
      Snapshot pending = unwritten;
      if (pending != null && pending.meta().id().equals(id)) {
        throw new RunConflict("run " + id + " is gathered but not written yet: POST /save writes it",
            id);
      }
      Snapshot stored = local.store().read(id).orElseThrow(
          () -> new RunConflict("no run " + id + " is saved on this hub"));
      List<HostInfo> hosts = new ArrayList<>(stored.meta().hosts());
      int index = indexOf(hosts, host);
      if (index < 0) {
        throw new RunConflict("run " + id + " has no host " + host + " (its hosts: "
            + String.join(", ", hosts.stream().map(HostInfo::name).toList()) + ")");
      }
      HostInfo info = hosts.get(index);
      if (HostInfo.OK.equals(info.status())) {
        throw new RunConflict("host " + host + " already has its part in run " + id);
      }
      Peer peer = peers.named(host).orElseThrow(
          () -> new RunConflict(host + " is not a peer of this hub (isutools.peers)"));
      long start = System.nanoTime();
      RunMeta meta = stored.meta();
      Fanout.Outcome<PeerClient.Part> outcome = Fanout.await(List.of(client.attach(peer, id,
          meta.score(), meta.pass(), meta.note(), peers.saveTimeoutMs())), start,
          peers.saveTimeoutMs()).get(0);
      if (!outcome.ok()) {
        throw new IOException(host + " (" + peer.base() + "): " + outcome.failure().reason());
      }
      Snapshot part = PartSecrets.masked(outcome.value().snapshot(), secrets);
      String was = info.reason() == null ? "" : "; " + info.reason();
      hosts.set(index, late(info, part, "attached after the run was saved" + was));
      Map<String, Snapshot> parts = new LinkedHashMap<>(stored.parts());
      parts.put(host, part);
      Snapshot combined = CombinedRun.of(stored.meta(), CombinedRun.hubFailures(stored), hosts, parts);
      return saved(combined, local.store().write(combined));
    } finally {
      busy.set(false);
    }
  }

  /** {@code host}, {@code late}: its part came after the reset's or the save's timeout. */
  private static HostInfo late(HostInfo host, Snapshot part, String reason) {
    return new HostInfo(host.name(), host.address(), host.role(), host.version(),
        host.revision() != null ? host.revision() : part.meta().revision(), host.clockOffsetMs(),
        host.roundTripMs(), HostInfo.LATE, reason, host.waitedMs());
  }

  private static int indexOf(List<HostInfo> hosts, String name) {
    for (int i = 0; i < hosts.size(); i++) {
      if (hosts.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** This host's open run as it stands, with the hosts of the run known so far. */
  @Override
  public Snapshot current() {
    OpenRun run = open;
    Snapshot mine = local.current();
    if (run == null || mine == null || !mine.meta().id().equals(run.id())) {
      return mine;
    }
    return mine.withMeta(mine.meta().withHosts(run.hosts()));
  }

  @Override
  public RunMeta currentMeta() {
    OpenRun run = open;
    RunMeta mine = local.currentMeta();
    if (run == null || mine == null || !mine.id().equals(run.id())) {
      return mine;
    }
    return mine.withHosts(run.hosts());
  }

  /** This host's own part as it goes: the peers' parts are gathered at save. */
  @Override
  public LiveRun live() {
    return local.live();
  }

  private void enter() throws RunConflict {
    if (!busy.compareAndSet(false, true)) {
      throw new RunConflict("another reset or save is in progress");
    }
  }

  private static String revision(GitRevision revision) {
    return revision.revision() == null ? null : revision.revision() + (revision.dirty() ? "-dirty" : "");
  }

  /** Stops the peer client's threads. */
  @Override
  public void close() {
    client.close();
  }
}
