package dev.isutools4j.isugram.web;

import java.time.LocalDateTime;

/** A comment as a page shows it, with its author's name. */
record Comment(int id, int postId, int userId, String accountName, String comment, LocalDateTime createdAt) {}
