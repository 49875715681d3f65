package dev.isutools4j.agent;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A request's raw query string, read through its public methods by name (the agent does not
 * compile against any container): a servlet request's {@code getQueryString()}, or Tomcat's coyote
 * request's {@code queryString()} (a {@code MessageBytes}, read by its {@code toString()}). Each
 * method is looked up once per request class. Read only for a request kept among the run's slowest.
 */
final class ContainerRequests {

  private static final MethodHandle NONE =
      MethodHandles.dropArguments(MethodHandles.constant(Object.class, null), 0, Object.class);

  private static final ClassValue<MethodHandle> QUERY = new ClassValue<>() {
    @Override
    protected MethodHandle computeValue(Class<?> type) {
      MethodHandle servlet = getter(type, "getQueryString", String.class);
      return servlet != null ? servlet : orNone(getter(type, "queryString", null));
    }
  };

  private ContainerRequests() {}

  /** The query string of {@code request}, or null when it has none or cannot tell. */
  static String query(Object request) {
    try {
      Object query = (Object) QUERY.get(request.getClass()).invokeExact(request);
      return query == null ? null : query.toString();
    } catch (Throwable t) {
      HttpBridge.failed(t);
      return null;
    }
  }

  /** {@code type}'s public no-argument method {@code name} as (Object)Object, or null. */
  private static MethodHandle getter(Class<?> type, String name, Class<?> returns) {
    try {
      MethodHandle found = returns != null
          ? MethodHandles.publicLookup().findVirtual(type, name, MethodType.methodType(returns))
          : MethodHandles.publicLookup().unreflect(type.getMethod(name));
      return found.asType(MethodType.methodType(Object.class, Object.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static MethodHandle orNone(MethodHandle handle) {
    return handle != null ? handle : NONE;
  }
}
