package dev.isutools4j.internal.dbtarget;

import java.util.regex.Pattern;

/** JDBC URLs fit to show: passwords removed. */
public final class JdbcUrls {

  // password=..., pwd=..., password2=..., trustStorePassword=..., user:password@ in the authority;
  // up to the next separator.
  private static final Pattern PASSWORD_PARAM = Pattern.compile(
      "(?i)((?:^|[?&;:])(?:[a-z0-9_.]*(?:password|passwd|pwd)[a-z0-9_]*|pass)=)[^&;]*");
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?;]*):[^/@?;]*@");

  private JdbcUrls() {}

  public static String withoutPassword(String url) {
    if (url == null) {
      return null;
    }
    String out = PASSWORD_PARAM.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(out).replaceAll("$1:***@");
  }
}
