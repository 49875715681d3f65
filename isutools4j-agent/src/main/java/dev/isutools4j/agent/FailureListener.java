package dev.isutools4j.agent;

import dev.isutools4j.internal.health.Health;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/**
 * Counts the classes the agent could not instrument in {@link Health} (they run unmeasured, as they
 * are) and logs the first one; also counts the classes it did instrument.
 */
final class FailureListener extends AgentBuilder.Listener.Adapter {

  private static final System.Logger LOG = System.getLogger("isutools4j");

  private final AtomicBoolean logged = new AtomicBoolean();
  private final LongAdder failed = new LongAdder();
  private final LongAdder transformed = new LongAdder();

  @Override
  public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module,
      boolean loaded, DynamicType dynamicType) {
    transformed.increment();
  }

  @Override
  public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded,
      Throwable error) {
    failed.increment();
    Health.failed("agent: instrument " + typeName, error);
    if (logged.compareAndSet(false, true)) {
      LOG.log(System.Logger.Level.WARNING, "isutools4j agent: could not instrument " + typeName
          + "; it runs unmeasured (further failures are counted on the health line)", error);
    }
  }

  long failures() {
    return failed.sum();
  }

  long transformations() {
    return transformed.sum();
  }
}
