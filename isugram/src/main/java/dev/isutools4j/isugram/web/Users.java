package dev.isutools4j.isugram.web;

import java.util.Collection;

/** Looks users up. One implementation reads the database every time, one caches. Thread-safe. */
interface Users {

  /** The user with this id, banned or not; null when absent. */
  User byId(int id);

  /** The user with this name if not banned; null otherwise. */
  User activeByName(String accountName);

  /** Forget what is known about these users (their del_flg changed). */
  void changed(Collection<Integer> ids);

  /** Forget everything (GET /initialize). */
  void clear();
}
