package dev.isutools4j.internal.hub;

/**
 * Why a peer gave no answer the hub could use, in plain words ({@code connection refused},
 * {@code timed out after 3000 ms}, {@code 409: already in run ... of hub ...}), and how long the
 * hub waited for it.
 */
public final class PeerFailure extends Exception {

  private final long waitedMs;

  public PeerFailure(String reason, long waitedMs) {
    super(reason, null, false, false);
    this.waitedMs = waitedMs;
  }

  public String reason() {
    return getMessage();
  }

  public long waitedMs() {
    return waitedMs;
  }
}
