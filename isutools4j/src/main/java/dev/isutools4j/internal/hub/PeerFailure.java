package dev.isutools4j.internal.hub;

/**
 * Why a peer gave no answer the hub could use, in plain words ({@code connection refused},
 * {@code timed out after 3000 ms}, {@code 409: already in run ... of hub ...}), and how long the
 * hub waited for it.
 */
public final class PeerFailure extends Exception {

  private final long waitedMs;
  private final int status;

  public PeerFailure(String reason, long waitedMs) {
    this(reason, waitedMs, 0);
  }

  /** @param status the peer's HTTP status when it answered with one the hub did not want */
  public PeerFailure(String reason, long waitedMs, int status) {
    super(reason, null, false, false);
    this.waitedMs = waitedMs;
    this.status = status;
  }

  public String reason() {
    return getMessage();
  }

  public long waitedMs() {
    return waitedMs;
  }

  /** The peer's HTTP status, or 0 when it gave none (no connection, a timeout, ...). */
  public int status() {
    return status;
  }
}
