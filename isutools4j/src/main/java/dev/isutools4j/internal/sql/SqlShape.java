package dev.isutools4j.internal.sql;

/**
 * One distinct SQL text under one dialect, resolved once: its fingerprint and the fingerprint's id
 * in the key index. The dialect is the one the text was read by, so that its sample is rendered by
 * the same rule.
 */
public record SqlShape(String text, SqlDialect dialect, String fingerprint, int id) {}
