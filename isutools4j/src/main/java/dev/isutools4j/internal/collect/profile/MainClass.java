package dev.isutools4j.internal.collect.profile;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The class that started the JVM, and where that was read: the {@code java} command's first word
 * ({@code sun.java.command}), the manifest of the jar it ran ({@code Main-Class}, or for a Spring
 * Boot executable jar its {@code Start-Class}, since the jar's {@code Main-Class} is Spring Boot's
 * launcher), or the bottom frame of the {@code main} thread when the JVM was started some other way.
 *
 * @param name the class's binary name
 * @param from where it was read, such as {@code Start-Class of isugram.jar}
 */
public record MainClass(String name, String from) {

  /** This JVM's main class, or null when none can be told. Never throws. */
  public static MainClass ofThisJvm() {
    try {
      return find(System.getProperty("sun.java.command"), System.getProperty("java.class.path"),
          System.getProperty("loader.main"), MainClass::mainThreadBottom);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The main class a JVM started with these properties ran, or null when none can be told.
   *
   * @param command {@code sun.java.command}: the main class or jar, then the arguments
   * @param classPath {@code java.class.path}: with {@code -jar}, exactly the jar's path
   * @param loaderMain {@code loader.main}, the main class Spring Boot's properties launcher runs
   * @param mainThread the class of the {@code main} thread's bottom frame, or null
   */
  public static MainClass find(String command, String classPath, String loaderMain,
      Supplier<String> mainThread) {
    MainClass found = null;
    if (command != null && !command.isBlank()) {
      String jar = jarOf(command.trim(), classPath);
      found = jar != null ? fromJar(Path.of(jar), loaderMain)
          : fromClass(firstWord(command.trim()), "sun.java.command", classPath, loaderMain);
    }
    if (found == null) {
      String bottom = mainThread.get();
      found = bottom == null ? null : fromClass(bottom, "the main thread", classPath, loaderMain);
    }
    return found;
  }

  // With -jar the command starts with the jar's path, which java.class.path is.
  private static String jarOf(String command, String classPath) {
    if (classPath != null && !classPath.isEmpty() && classPath.endsWith(".jar")
        && (command.equals(classPath) || command.startsWith(classPath + " "))) {
      return classPath;
    }
    String first = firstWord(command);
    return first.endsWith(".jar") ? first : null;
  }

  private static MainClass fromJar(Path jar, String loaderMain) {
    Attributes main = manifest(jar);
    if (main == null) {
      return null;
    }
    String mainClass = main.getValue(Attributes.Name.MAIN_CLASS);
    if (mainClass != null && mainClass.startsWith(KnownPackages.SPRING_BOOT_LOADER)) {
      return springBoot(mainClass, main, jar, loaderMain);
    }
    return mainClass == null ? null : new MainClass(mainClass.trim(), "Main-Class of " + name(jar));
  }

  private static MainClass fromClass(String className, String from, String classPath,
      String loaderMain) {
    // java -m module/class, and the launcher's -m form of sun.java.command
    String name = className.substring(className.indexOf('/') + 1);
    if (name.isEmpty()) {
      return null;
    }
    if (name.startsWith(KnownPackages.SPRING_BOOT_LOADER) && classPath != null) {
      for (String entry : classPath.split(File.pathSeparator)) {
        Attributes main = entry.isEmpty() || entry.endsWith("*") ? null : manifest(Path.of(entry));
        if (main != null && main.getValue("Start-Class") != null) {
          return springBoot(name, main, Path.of(entry), loaderMain);
        }
      }
    }
    return new MainClass(name, from);
  }

  private static MainClass springBoot(String launcher, Attributes main, Path source,
      String loaderMain) {
    if (launcher.endsWith(".PropertiesLauncher") && loaderMain != null && !loaderMain.isBlank()) {
      return new MainClass(loaderMain.trim(), "loader.main");
    }
    String start = main.getValue("Start-Class");
    return start == null || start.isBlank() ? null
        : new MainClass(start.trim(), "Start-Class of " + name(source));
  }

  /** The main attributes of a jar's manifest, or of an unpacked jar's folder; null without one. */
  static Attributes manifest(Path jarOrFolder) {
    try {
      if (Files.isDirectory(jarOrFolder)) {
        Path file = jarOrFolder.resolve(JarFile.MANIFEST_NAME);
        if (!Files.isRegularFile(file)) {
          return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
          return new Manifest(in).getMainAttributes();
        }
      }
      if (!Files.isRegularFile(jarOrFolder)) {
        return null;
      }
      try (JarFile jar = new JarFile(jarOrFolder.toFile(), false)) {
        Manifest manifest = jar.getManifest();
        return manifest == null ? null : manifest.getMainAttributes();
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static String name(Path path) {
    Path file = path.getFileName();
    return file == null ? path.toString() : file.toString();
  }

  private static String firstWord(String command) {
    int space = command.indexOf(' ');
    return space < 0 ? command : command.substring(0, space);
  }

  private static String mainThreadBottom() {
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      StackTraceElement[] stack = e.getValue();
      if ("main".equals(e.getKey().getName()) && stack.length > 0
          && "main".equals(stack[stack.length - 1].getMethodName())) {
        return stack[stack.length - 1].getClassName();
      }
    }
    return null;
  }
}
