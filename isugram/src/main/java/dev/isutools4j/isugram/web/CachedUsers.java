package dev.isutools4j.isugram.web;

import dev.isutools4j.Isutools;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Users kept in memory once read, by id and by name. Rows change only through this app (ban,
 * initialize), which tells the cache. Each lookup counts as a hit or a miss of "user-cache".
 */
final class CachedUsers implements Users {

  static final String COUNTER = "user-cache";

  private final Users database;
  private final ConcurrentHashMap<Integer, User> byId = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Integer> idByName = new ConcurrentHashMap<>();

  CachedUsers(Users database) {
    this.database = database;
  }

  @Override
  public User byId(int id) {
    User user = byId.get(id);
    Isutools.hit(COUNTER, user != null);
    if (user == null) {
      user = database.byId(id);
      if (user != null) {
        remember(user);
      }
    }
    return user;
  }

  @Override
  public User activeByName(String accountName) {
    Integer id = idByName.get(accountName);
    User user = id == null ? null : byId.get(id);
    Isutools.hit(COUNTER, user != null);
    if (user == null) {
      user = database.activeByName(accountName);
      if (user != null) {
        remember(user);
      }
      return user;
    }
    return user.banned() ? null : user;
  }

  @Override
  public void changed(Collection<Integer> ids) {
    ids.forEach(byId::remove);
  }

  @Override
  public void clear() {
    byId.clear();
    idByName.clear();
  }

  private void remember(User user) {
    byId.put(user.id(), user);
    idByName.put(user.accountName(), user.id());
  }
}
