package dev.isutools4j.isugram.web;

import java.time.LocalDateTime;

/** A row of users. */
record User(int id, String accountName, String passhash, int authority, int delFlg, LocalDateTime createdAt) {

  public boolean admin() {
    return authority == 1;
  }

  public boolean banned() {
    return delFlg != 0;
  }
}
