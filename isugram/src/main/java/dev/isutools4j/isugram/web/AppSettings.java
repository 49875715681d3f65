package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.ServeOptions;
import dev.isutools4j.isugram.db.Dialect;

/** What the app was started with. */
public record AppSettings(ServeOptions options, Dialect dialect) {}
