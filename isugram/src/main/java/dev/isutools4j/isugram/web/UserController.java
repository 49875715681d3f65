package dev.isutools4j.isugram.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ResponseStatusException;

/** A user's page: counts and newest posts. */
@Controller
class UserController {

  private final Users users;
  private final PostLists postLists;
  private final Sessions sessions;
  private final AppSettings settings;

  UserController(Users users, PostLists postLists, Sessions sessions, AppSettings settings) {
    this.users = users;
    this.postLists = postLists;
    this.sessions = sessions;
    this.settings = settings;
  }

  @GetMapping("/@{accountName}")
  String user(HttpServletRequest request, Model model, @PathVariable("accountName") String accountName) {
    User user = users.activeByName(accountName);
    if (user == null) {
      throw new ResponseStatusException(HttpStatus.NOT_FOUND);
    }
    model.addAttribute("user", user);
    model.addAttribute("posts", postLists.ofUser(user.id()));
    model.addAttribute("counts", postLists.counts(user.id()));
    Pages.common(model, request, sessions, settings, sessions.me(request));
    return "user";
  }
}
