package dev.isutools4j.isugram.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Banning users: admins only. */
@Controller
class AdminController {

  private final JdbcTemplate jdbc;
  private final Users users;
  private final Sessions sessions;
  private final AppSettings settings;

  AdminController(JdbcTemplate jdbc, Users users, Sessions sessions, AppSettings settings) {
    this.jdbc = jdbc;
    this.users = users;
    this.sessions = sessions;
    this.settings = settings;
  }

  @GetMapping("/admin/banned")
  Object bannedPage(HttpServletRequest request, Model model) {
    User me = sessions.me(request);
    if (me == null) {
      return "redirect:/";
    }
    if (!me.admin()) {
      return Responses.text(HttpStatus.FORBIDDEN, "forbidden");
    }
    model.addAttribute("users",
        jdbc.query("SELECT * FROM users WHERE authority = 0 AND del_flg = 0 ORDER BY created_at DESC", Rows.USER));
    Pages.common(model, request, sessions, settings, me);
    return "banned";
  }

  @PostMapping("/admin/banned")
  Object ban(HttpServletRequest request, @RequestParam(name = "uid[]", required = false) List<String> uids,
      @RequestParam(name = "csrf_token", defaultValue = "") String csrf) {
    User me = sessions.me(request);
    if (me == null) {
      return "redirect:/";
    }
    if (!me.admin()) {
      return Responses.text(HttpStatus.FORBIDDEN, "forbidden");
    }
    if (!sessions.csrfMatches(request, csrf)) {
      return Responses.unprocessable();
    }
    List<Integer> ids = new ArrayList<>();
    for (String uid : uids == null ? List.<String>of() : uids) {
      Integer id = PostController.parseId(uid);
      if (id != null) {
        jdbc.update("UPDATE users SET del_flg = ? WHERE id = ?", 1, id);
        ids.add(id);
      }
    }
    users.changed(ids);
    return "redirect:/admin/banned";
  }
}
