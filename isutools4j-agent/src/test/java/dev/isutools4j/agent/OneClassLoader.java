package dev.isutools4j.agent;

/**
 * Defines one class from the bytes given, instead of its parent's copy, and leaves every other
 * class to its parent: a woven class is then defined, and verified by the JVM, beside the original.
 */
final class OneClassLoader extends ClassLoader {

  private final String name;
  private final byte[] bytes;

  OneClassLoader(ClassLoader parent, String name, byte[] bytes) {
    super(parent);
    this.name = name;
    this.bytes = bytes;
  }

  @Override
  protected Class<?> loadClass(String requested, boolean resolve) throws ClassNotFoundException {
    if (!requested.equals(name)) {
      return super.loadClass(requested, resolve);
    }
    synchronized (getClassLoadingLock(requested)) {
      Class<?> defined = findLoadedClass(requested);
      return defined != null ? defined : defineClass(requested, bytes, 0, bytes.length);
    }
  }
}
