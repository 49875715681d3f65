package dev.isutools4j.internal.sql;

/**
 * One distinct SQL text, resolved once: its fingerprint and the fingerprint's id in the key index.
 */
public record SqlShape(String text, String fingerprint, int id) {}
