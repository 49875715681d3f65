package dev.isutools4j.isugram.web;

import java.time.LocalDateTime;

/** A row of posts without its picture; accountName is null where the query did not join users. */
record PostRow(int id, int userId, String accountName, String body, String mime, LocalDateTime createdAt) {}
