package dev.isutools4j.isugram.data;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * The account names of the data set: deterministic, unique, {@code [0-9a-zA-Z_]{3,12}}, starting with
 * a letter. Name i (from 0) belongs to user id i + 1, and a longer list starts with a shorter one.
 */
public final class AccountNames {

  /** What the app accepts at registration. */
  public static final Pattern VALID = Pattern.compile("[0-9a-zA-Z_]{3,}");
  /** Generated names are never longer; names a client registers later can be longer, so never clash. */
  public static final int MAX_LENGTH = 12;

  private static final long SEED = 0x15C0_2016L;
  private static final String FIRST = "abcdefghijklmnopqrstuvwxyz";
  private static final String REST = "abcdefghijklmnopqrstuvwxyz0123456789_ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  private AccountNames() {}

  /** The first {@code count} names. */
  public static List<String> first(int count) {
    SplittableRandom random = new SplittableRandom(SEED);
    List<String> names = new ArrayList<>(count);
    Set<String> seen = new HashSet<>(count * 2);
    while (names.size() < count) {
      int length = 3 + random.nextInt(MAX_LENGTH - 2);
      StringBuilder name = new StringBuilder(length);
      name.append(FIRST.charAt(random.nextInt(FIRST.length())));
      for (int i = 1; i < length; i++) {
        // Mostly lower case and digits, like real handles.
        String pool = random.nextInt(8) == 0 ? REST : REST.substring(0, 36);
        name.append(pool.charAt(random.nextInt(pool.length())));
      }
      String candidate = name.toString();
      if (seen.add(candidate)) {
        names.add(candidate);
      }
    }
    return names;
  }

  /** The password of a generated user: the name written twice. */
  public static String password(String accountName) {
    return accountName + accountName;
  }
}
