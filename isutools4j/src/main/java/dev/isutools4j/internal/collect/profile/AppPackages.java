package dev.isutools4j.internal.collect.profile;

import java.util.ArrayList;
import java.util.List;

/**
 * Which Java frames are the app's own code. In order, the first that matches decides:
 * {@code isutools.profile.app}'s prefixes are the app's; classes generated under the app's names
 * (Spring's and cglib's proxies, Hibernate's) and isutools4j's own code are not; the package of the
 * class that started the JVM is the app's, even under a framework's root (PetClinic's
 * {@code org.springframework.samples.petclinic}); the JDK's and the common libraries' packages are
 * not; any other Java frame is.
 *
 * @param configured {@code isutools.profile.app}'s prefixes
 * @param mainClass the class that started the JVM; null when none could be told
 * @param mainPackage the main class's package as a prefix ({@code com.example.shop.}); null when
 *     it is none of the app's: a launcher's, isutools4j's, the JDK's or the unnamed package
 */
record AppPackages(List<String> configured, MainClass mainClass, String mainPackage) {

  AppPackages {
    configured = List.copyOf(configured);
  }

  /** The app's packages from the setting's prefixes and the JVM's main class (null: unknown). */
  static AppPackages of(List<String> configured, MainClass mainClass) {
    return new AppPackages(configured, mainClass, mainClass == null ? null : packageOf(mainClass.name()));
  }

  /** Only the setting's prefixes, no main class: as in a JVM whose start cannot be told. */
  static AppPackages configured(List<String> configured) {
    return of(configured, null);
  }

  /** The prefixes taken as the app's: the setting's, then the main class's package. */
  List<String> prefixes() {
    List<String> out = new ArrayList<>(configured);
    if (mainPackage != null && !out.contains(mainPackage)) {
      out.add(mainPackage);
    }
    return out;
  }

  /** The kind of a Java frame, named {@code package.Class.method}: APP or FRAMEWORK. */
  FrameKind kindOf(String method) {
    for (String prefix : configured) {
      if (method.startsWith(prefix)) {
        return FrameKind.APP;
      }
    }
    if (KnownPackages.generatedSubclass(method)) {
      return FrameKind.FRAMEWORK;
    }
    if (KnownPackages.ISUTOOLS4J.matches(method)) {
      return FrameKind.FRAMEWORK;
    }
    if (mainPackage != null && method.startsWith(mainPackage)) {
      return FrameKind.APP;
    }
    return KnownPackages.LIBRARIES.matches(method) ? FrameKind.FRAMEWORK : FrameKind.APP;
  }

  private static String packageOf(String className) {
    int dot = className.lastIndexOf('.');
    if (dot <= 0 || KnownPackages.LAUNCHERS.matches(className)
        || KnownPackages.ISUTOOLS4J.matches(className)) {
      return null;
    }
    return className.substring(0, dot + 1);
  }
}
