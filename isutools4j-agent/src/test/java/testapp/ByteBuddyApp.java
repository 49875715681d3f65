package testapp;

import java.io.File;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.matcher.ElementMatchers;

/** An app that uses its own Byte Buddy (whatever version is on its class path), then serves. */
public final class ByteBuddyApp {

  public static void main(String[] args) throws Exception {
    Class<?> made = new ByteBuddy()
        .subclass(Object.class)
        .method(ElementMatchers.named("toString")).intercept(FixedValue.value("made by the app"))
        .make()
        .load(ByteBuddyApp.class.getClassLoader())
        .getLoaded();
    String jar = new File(ByteBuddy.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .getName();
    System.out.println("BYTEBUDDY " + jar + " " + made.getDeclaredConstructor().newInstance());
    HttpServerApp.main(args);
  }
}
