package dev.isutools4j.agent;

/**
 * What the servlet hooks do with a request ({@link ServletRecorder}). The agent's class loader
 * cannot see the container's servlet API, so the implementation is defined in a class loader of
 * its own beside the instrumented class ({@link ServletBridge}). Public, as that loader is another's.
 */
public interface ServletApi {

  /** The request's start time if it is a request dispatch and the thread's outermost, else {@link HttpBridge#SKIP}. */
  long enter(Object request);

  /** Records the request {@link #enter} opened. */
  void exit(long start, Object request, Object response, Throwable thrown);
}
