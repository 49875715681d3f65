package dev.isutools4j.internal.run;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where to look for the app's git work tree, in order: the working directory, the first entry of
 * the class path (the jar of {@code java -jar}, a Spring Boot executable jar among them, or a
 * classes folder), the jar named on the command line, and the jar or folder that holds the main
 * class. A symbolic link is followed too, after the place it names.
 */
public final class RevisionPlaces {

  private static final String IDENTIFIER = "[\\p{L}_$][\\p{L}\\p{N}_$]*";
  private static final Pattern CLASS_NAME = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")*");
  private static final String JAR_URL_END = "!/";

  private RevisionPlaces() {}

  /** The places of this JVM. Never throws: a place that cannot be read is left out. */
  public static List<RevisionPlace> ofThisJvm(Path workDir) {
    return of(System::getProperty, workDir, ClassLoader.getSystemClassLoader());
  }

  /**
   * The places of a JVM with these system properties ({@code java.class.path} and {@code
   * sun.java.command}), looking up its main class in {@code loader}.
   */
  public static List<RevisionPlace> of(Function<String, String> property, Path workDir, ClassLoader loader) {
    Map<Path, RevisionPlace> places = new LinkedHashMap<>();
    add(places, RevisionPlace.workingDirectory(workDir));
    String classPath = property.apply("java.class.path");
    if (classPath != null && !classPath.isBlank()) {
      entry(workDir, classPath.split(Pattern.quote(File.pathSeparator))[0]).ifPresent(p -> add(places, p));
    }
    String command = property.apply("sun.java.command");
    String first = command == null || command.isBlank() ? "" : command.strip().split("\\s+")[0];
    if (first.endsWith(".jar")) {
      entry(workDir, first).ifPresent(p -> add(places, p));
    } else if (CLASS_NAME.matcher(first).matches()) {
      mainClassLocation(first, loader).ifPresent(p -> add(places, p));
    }
    return List.copyOf(places.values());
  }

  private static void add(Map<Path, RevisionPlace> places, RevisionPlace place) {
    places.putIfAbsent(place.path(), place);
    try {
      Path real = place.path().toRealPath();
      places.putIfAbsent(real, new RevisionPlace(place.kind(), real));
    } catch (IOException | SecurityException unreadable) {
      // the place as named is all there is
    }
  }

  private static Optional<RevisionPlace> entry(Path workDir, String name) {
    try {
      Path path = workDir.resolve(name);
      return Files.exists(path) ? Optional.of(RevisionPlace.classPathEntry(path)) : Optional.empty();
    } catch (InvalidPathException | SecurityException unusable) {
      return Optional.empty();
    }
  }

  /** The jar or classes folder the loader finds the class's file in, when it is a local file. */
  private static Optional<RevisionPlace> mainClassLocation(String className, ClassLoader loader) {
    String resource = className.replace('.', '/') + ".class";
    URL url = loader == null ? null : loader.getResource(resource);
    if (url == null) {
      return Optional.empty();
    }
    try {
      String text = url.toString();
      if (url.getProtocol().equals("jar")) {
        int end = text.indexOf(JAR_URL_END);
        // jar:file:/srv/app/app.jar!/app/Main.class; a nested URL names no local file of its own
        return end < 0 || !text.startsWith("jar:file:") ? Optional.empty()
            : Optional.of(RevisionPlace.classPathEntry(Path.of(new URI(text.substring(4, end)))));
      }
      if (url.getProtocol().equals("file") && text.endsWith(resource)) {
        URI folder = new URI(text.substring(0, text.length() - resource.length()));
        return Optional.of(RevisionPlace.classPathEntry(Path.of(folder)));
      }
    } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException
        | SecurityException unusable) {
      // not a local file
    }
    return Optional.empty();
  }
}
