package dev.isutools4j.internal.run;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A place to look for the app's git work tree: the working directory, or the jar or classes folder
 * the app was started from. The lookup starts at {@link #start()} and walks up.
 *
 * @param kind {@code working directory}, {@code jar} or {@code classes folder}
 * @param path absolute and normalised
 */
public record RevisionPlace(String kind, Path path) {

  public static final String WORKING_DIRECTORY = "working directory";
  public static final String JAR = "jar";
  public static final String CLASSES = "classes folder";

  public RevisionPlace {
    path = path.toAbsolutePath().normalize();
  }

  public static RevisionPlace workingDirectory(Path dir) {
    return new RevisionPlace(WORKING_DIRECTORY, dir);
  }

  /** A class path entry: a folder of classes, or a jar (any file). */
  public static RevisionPlace classPathEntry(Path entry) {
    return new RevisionPlace(Files.isDirectory(entry) ? CLASSES : JAR, entry);
  }

  /** The folder the lookup starts from: a jar's folder, else the path itself. */
  public Path start() {
    Path parent = path.getParent();
    return kind.equals(JAR) && parent != null ? parent : path;
  }

  /** As recorded with the run: {@code jar /srv/app/app.jar}. */
  public String description() {
    return kind + " " + path;
  }
}
