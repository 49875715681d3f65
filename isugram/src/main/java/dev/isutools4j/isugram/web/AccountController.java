package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.data.AccountNames;
import jakarta.servlet.http.HttpServletRequest;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Log in, register, log out. */
@Controller
class AccountController {

  static final String WRONG_LOGIN = "アカウント名かパスワードが間違っています";
  static final String BAD_REGISTRATION = "アカウント名は3文字以上、パスワードは6文字以上である必要があります";
  static final String NAME_TAKEN = "アカウント名がすでに使われています";
  private static final Pattern PASSWORD = Pattern.compile("[0-9a-zA-Z_]{6,}");

  private final JdbcTemplate jdbc;
  private final Users users;
  private final Sessions sessions;
  private final Digest digest;
  private final AppSettings settings;

  AccountController(JdbcTemplate jdbc, Users users, Sessions sessions, Digest digest, AppSettings settings) {
    this.jdbc = jdbc;
    this.users = users;
    this.sessions = sessions;
    this.digest = digest;
    this.settings = settings;
  }

  @GetMapping("/login")
  String loginPage(HttpServletRequest request, Model model) {
    User me = sessions.me(request);
    if (me != null) {
      return "redirect:/";
    }
    Pages.common(model, request, sessions, settings, null);
    return "login";
  }

  @PostMapping("/login")
  String login(HttpServletRequest request, @RequestParam(name = "account_name", defaultValue = "") String accountName,
      @RequestParam(name = "password", defaultValue = "") String password) {
    if (sessions.me(request) != null) {
      return "redirect:/";
    }
    User user = users.activeByName(accountName);
    if (user != null && digest.passhash(accountName, password).equals(user.passhash())) {
      sessions.logIn(request, user.id());
      return "redirect:/";
    }
    sessions.flash(request, WRONG_LOGIN);
    return "redirect:/login";
  }

  @GetMapping("/register")
  String registerPage(HttpServletRequest request, Model model) {
    if (sessions.me(request) != null) {
      return "redirect:/";
    }
    Pages.common(model, request, sessions, settings, null);
    return "register";
  }

  @PostMapping("/register")
  String register(HttpServletRequest request, @RequestParam(name = "account_name", defaultValue = "") String accountName,
      @RequestParam(name = "password", defaultValue = "") String password) {
    if (sessions.me(request) != null) {
      return "redirect:/";
    }
    if (!AccountNames.VALID.matcher(accountName).matches() || !PASSWORD.matcher(password).matches()) {
      sessions.flash(request, BAD_REGISTRATION);
      return "redirect:/register";
    }
    if (!jdbc.queryForList("SELECT 1 FROM users WHERE account_name = ?", Integer.class, accountName).isEmpty()) {
      sessions.flash(request, NAME_TAKEN);
      return "redirect:/register";
    }
    String passhash = digest.passhash(accountName, password);
    GeneratedKeyHolder key = new GeneratedKeyHolder();
    try {
      jdbc.update(c -> {
        PreparedStatement ps = c.prepareStatement(
            "INSERT INTO users (account_name, passhash, created_at) VALUES (?, ?, ?)", Statement.RETURN_GENERATED_KEYS);
        ps.setString(1, accountName);
        ps.setString(2, passhash);
        ps.setObject(3, LocalDateTime.now(Post.TOKYO).truncatedTo(ChronoUnit.SECONDS));
        return ps;
      }, key);
    } catch (DuplicateKeyException e) {
      sessions.flash(request, NAME_TAKEN);
      return "redirect:/register";
    }
    sessions.logIn(request, Keys.id(key));
    return "redirect:/";
  }

  @GetMapping("/logout")
  String logout(HttpServletRequest request) {
    sessions.logOut(request);
    return "redirect:/";
  }
}
