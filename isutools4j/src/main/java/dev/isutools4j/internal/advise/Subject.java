package dev.isutools4j.internal.advise;

/**
 * What a rule judges: the database server, the app's JDBC driver and pool, its JVM, nginx, the
 * app's HTTP answers, or the operating system. A host with no JVM app ({@code isutools4j host})
 * runs the rules of the subjects it has.
 */
public enum Subject {
  DATABASE,
  DRIVER,
  POOL,
  JVM,
  NGINX,
  HTTP,
  OS
}
