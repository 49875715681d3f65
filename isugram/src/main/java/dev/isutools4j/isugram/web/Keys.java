package dev.isutools4j.isugram.web;

import java.util.Map;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/** The id of an inserted row, whichever way the driver names its generated key. */
final class Keys {

  private Keys() {}

  static int id(GeneratedKeyHolder holder) {
    if (holder.getKeyList().size() == 1 && holder.getKeyList().get(0).size() > 1) {
      for (Map.Entry<String, Object> key : holder.getKeyList().get(0).entrySet()) {
        if (key.getKey().equalsIgnoreCase("id")) {
          return ((Number) key.getValue()).intValue();
        }
      }
    }
    return holder.getKey().intValue();
  }
}
