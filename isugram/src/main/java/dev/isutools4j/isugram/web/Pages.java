package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.ServeOptions;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.ui.Model;

/** The model attributes every page's layout reads. */
final class Pages {

  private Pages() {}

  static void common(Model model, HttpServletRequest request, Sessions sessions, AppSettings settings, User me) {
    model.addAttribute("me", me);
    model.addAttribute("csrf", sessions.csrf(request));
    model.addAttribute("notice", sessions.takeFlash(request));
    model.addAttribute("permalink", permalink(settings));
  }

  static boolean permalink(AppSettings settings) {
    return !settings.options().faults().contains(ServeOptions.Fault.NO_PERMALINK);
  }
}
