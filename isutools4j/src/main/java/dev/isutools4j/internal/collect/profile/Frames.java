package dev.isutools4j.internal.collect.profile;

import java.util.regex.Pattern;

/**
 * Frame names as the profile shows them, whichever engine sampled: Java methods as
 * {@code package.Class.method}, generated class names made stable across runs (so that two runs'
 * frames match in the diff), and each frame's {@link FrameKind} ({@link AppPackages} tells the
 * app's Java frames from the rest).
 */
final class Frames {

  private static final Pattern SHARED_LIBRARY = Pattern.compile("\\.so(\\.\\d+)*$");
  private static final Pattern ANNOTATION = Pattern.compile("_\\[[0-9jik]]$");
  private static final Pattern HIDDEN_CLASS = Pattern.compile("[./]0x[0-9a-fA-F]+");
  private static final Pattern LAMBDA_NUMBER = Pattern.compile("\\$\\$Lambda\\$\\d+");
  private static final Pattern GENERATED_NUMBER =
      Pattern.compile("(GeneratedMethodAccessor|GeneratedConstructorAccessor|\\$Proxy)\\d+");
  private static final Pattern GENERATED_HASH = Pattern.compile(
      "(\\$\\$(?:EnhancerBySpringCGLIB|FastClassBySpringCGLIB|EnhancerByCGLIB|FastClassByCGLIB)\\$\\$"
          + "|\\$(?:HibernateProxy|ByteBuddy|MockitoMock)\\$)[0-9A-Za-z]+");

  private final AppPackages app;

  /** @param app which Java frames are the app's own code */
  Frames(AppPackages app) {
    this.app = app;
  }

  /** Which Java frames are the app's own code. */
  AppPackages app() {
    return app;
  }

  /**
   * A frame of collapsed stacks, named and kinded. With {@code annotated} (async-profiler's
   * {@code ann} output, where every Java frame carries its {@code _[j]}-style suffix) a frame
   * without a suffix is native; otherwise its name decides.
   */
  Frame fromCollapsed(String raw, boolean annotated) {
    String annotation = null;
    String name = raw;
    if (ANNOTATION.matcher(raw).find()) {
      annotation = raw.substring(raw.length() - 2, raw.length() - 1);
      name = raw.substring(0, raw.length() - 4);
    }
    if ("k".equals(annotation)) {
      return new Frame(name, FrameKind.KERNEL);
    }
    if (annotation == null && (annotated || !looksJava(name))) {
      return new Frame(name, FrameKind.NATIVE);
    }
    String java = javaName(name.replace('/', '.'));
    return new Frame(java, javaKind(java));
  }

  /** The leaf of an allocation sample: the allocated type, never the app's own code. */
  Frame allocatedType(String raw) {
    String name = ANNOTATION.matcher(raw).find() ? raw.substring(0, raw.length() - 4) : raw;
    return new Frame(javaName(typeName(name.replace('/', '.'))), FrameKind.FRAMEWORK);
  }

  /** A type as Java source names it: JFR's array descriptors ({@code [J}) become {@code long[]}. */
  static String typeName(String name) {
    int dims = 0;
    while (dims < name.length() && name.charAt(dims) == '[') {
      dims++;
    }
    if (dims == 0 || dims == name.length()) {
      return name;
    }
    String rest = name.substring(dims);
    String base = switch (rest) {
      case "J" -> "long";
      case "I" -> "int";
      case "B" -> "byte";
      case "C" -> "char";
      case "D" -> "double";
      case "F" -> "float";
      case "S" -> "short";
      case "Z" -> "boolean";
      default -> rest.startsWith("L") && rest.endsWith(";") ? rest.substring(1, rest.length() - 1) : rest;
    };
    return base + "[]".repeat(dims);
  }

  /** A Java frame of a JFR stack trace: its class's name and the method's. */
  Frame fromJava(String className, String method) {
    String java = javaName(className + "." + method);
    return new Frame(java, javaKind(java));
  }

  FrameKind javaKind(String method) {
    return app.kindOf(method);
  }

  /** Stable across runs: hidden-class addresses and generated-class numbers and hashes removed. */
  static String javaName(String name) {
    String stable = name;
    if (stable.indexOf("0x") >= 0) {
      stable = HIDDEN_CLASS.matcher(stable).replaceAll("");
    }
    if (stable.indexOf('$') >= 0) {
      stable = LAMBDA_NUMBER.matcher(stable).replaceAll("\\$\\$Lambda");
    }
    if (stable.indexOf('$') >= 0 || stable.contains("Generated")) {
      stable = GENERATED_NUMBER.matcher(stable).replaceAll("$1");
    }
    if (stable.indexOf('$') >= 0) {
      stable = GENERATED_HASH.matcher(stable).replaceAll("$1");
    }
    return stable;
  }

  // Without annotations: Java names have a dot and no C++ scope, spaces or brackets.
  private static boolean looksJava(String name) {
    if (name.isEmpty() || name.charAt(0) == '[' || name.contains("::") || name.indexOf(' ') >= 0
        || name.indexOf('@') >= 0) {
      return false;
    }
    int dot = name.lastIndexOf('.');
    return dot > 0 && dot < name.length() - 1 && !SHARED_LIBRARY.matcher(name).find();
  }

  /** A frame's shown name and kind. */
  record Frame(String name, FrameKind kind) {}
}
