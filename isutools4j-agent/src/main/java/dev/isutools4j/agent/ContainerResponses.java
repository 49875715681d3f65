package dev.isutools4j.agent;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What a container's own response objects say about themselves, read through their public methods
 * by name (the agent does not compile against any container): Tomcat's {@code getContentWritten()}
 * and {@code getStatus()}. Each method is looked up once per response class.
 */
final class ContainerResponses {

  /** What a lookup gives for a class without that method. */
  static final long UNKNOWN = -1;

  private static final MethodHandle NONE = MethodHandles.constant(long.class, UNKNOWN);

  private static final ClassValue<MethodHandle> CONTENT_WRITTEN = getter("getContentWritten", long.class);
  private static final ClassValue<MethodHandle> STATUS = getter("getStatus", int.class);

  private ContainerResponses() {}

  /** The body bytes the container counted for {@code response}, or {@link #UNKNOWN}. */
  static long contentWritten(Object response) throws Throwable {
    return (long) CONTENT_WRITTEN.get(response.getClass()).invokeExact(response);
  }

  /** The status {@code response} has, or {@link #UNKNOWN}. */
  static long status(Object response) throws Throwable {
    return (long) STATUS.get(response.getClass()).invokeExact(response);
  }

  private static ClassValue<MethodHandle> getter(String name, Class<?> returns) {
    return new ClassValue<>() {
      @Override
      protected MethodHandle computeValue(Class<?> type) {
        try {
          MethodHandle found = MethodHandles.publicLookup()
              .findVirtual(type, name, MethodType.methodType(returns));
          return MethodHandles.explicitCastArguments(found, MethodType.methodType(long.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
          return MethodHandles.dropArguments(NONE, 0, Object.class);
        }
      }
    };
  }
}
