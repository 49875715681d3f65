package dev.isutools4j.isugram.bench;

import dev.isutools4j.isugram.data.AccountNames;
import dev.isutools4j.isugram.data.Scale;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** The users of the loaded data set: name i belongs to id i + 1. */
final class Accounts {

  private final List<String> names;
  private final Map<String, Integer> ids = new HashMap<>();

  Accounts(List<String> names) {
    if (names.size() < 60) {
      throw new IllegalArgumentException("the benchmark needs at least 60 users, got " + names.size());
    }
    this.names = List.copyOf(names);
    for (int i = 0; i < names.size(); i++) {
      ids.put(names.get(i), i + 1);
    }
  }

  static Accounts of(Scale scale) {
    return new Accounts(AccountNames.first(scale.users()));
  }

  String name(int id) {
    return names.get(id - 1);
  }

  static String password(String name) {
    return AccountNames.password(name);
  }

  /** Banned after GET /initialize. */
  boolean banned(String name) {
    Integer id = ids.get(name);
    return id != null && Scale.banned(id);
  }

  /** A user that is neither an admin nor banned. */
  int randomPlain(SplittableRandom random) {
    while (true) {
      int id = 10 + random.nextInt(names.size() - 9);
      if (!Scale.banned(id)) {
        return id;
      }
    }
  }

  int randomAdmin(SplittableRandom random) {
    return 1 + random.nextInt(9);
  }

  int randomBanned(SplittableRandom random) {
    return 50 * (1 + random.nextInt(names.size() / 50));
  }
}
