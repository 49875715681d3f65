package dev.isutools4j.internal.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {

  @Test
  void defaults() {
    Settings s = Settings.from(name -> null, Map.of());
    assertThat(s.addr()).isEqualTo("127.0.0.1:19191");
    assertThat(s.dir()).isEqualTo(Path.of("isutools-data"));
    assertThat(s.maxKeys()).isEqualTo(5000);
    assertThat(s.nPlusOneThreshold()).isEqualTo(5);
    assertThat(s.token()).isNull();
    assertThat(s.adminDisabled()).isFalse();
    assertThat(s.machineIntervalMs()).isEqualTo(1000);
    assertThat(s.linkMbps()).isNull();
    assertThat(s.nginxConf()).isNull();
  }

  @Test
  void allowedHostsAreAListSplitAtCommasOrSemicolons() {
    assertThat(Settings.of(Map.of()).allowedHosts()).isEmpty();
    Settings s = Settings.from(name -> null,
        Map.of("ISUTOOLS_ALLOWED_HOSTS", " isu1, isu2:19191 ;;localhost:19192 ,"));
    assertThat(s.allowedHosts()).containsExactly("isu1", "isu2:19191", "localhost:19192");
  }

  @Test
  void flowSettings() {
    Settings defaults = Settings.from(name -> null, Map.of());
    assertThat(defaults.flow().cookies()).startsWith("JSESSIONID", "SESSION", "connect.sid")
        .contains("PHPSESSID", "_session_id", "session");
    assertThat(defaults.flow().maxSessions()).isEqualTo(10_000);
    assertThat(defaults.flow().off()).isFalse();
    Settings set = Settings.from(name -> null,
        Map.of("ISUTOOLS_FLOW_COOKIES", " sid , app_session,sid,", "ISUTOOLS_FLOW_SESSIONS", "500"));
    assertThat(set.flow().cookies()).containsExactly("sid", "app_session");
    assertThat(set.flow().maxSessions()).isEqualTo(500);
    Settings off = Settings.from(name -> name.equals("isutools.flow.cookies") ? "off" : null, Map.of());
    assertThat(off.flow().off()).isTrue();
    assertThat(off.flow().cookies()).isEmpty();
  }

  @Test
  void listSettingsSplitAtASemicolonToo() {
    // An agent's argument splits at commas: -javaagent:...=processes=mysqld;nginx,dir=...
    Settings s = Settings.from(name -> switch (name) {
      case "isutools.flow.cookies" -> "sid;app_session, sid";
      case "isutools.processes" -> "mariadbd; nginx ,memcached";
      default -> null;
    }, Map.of());
    assertThat(s.flow().cookies()).containsExactly("sid", "app_session");
    assertThat(s.hosts().processes()).containsExactly("mariadbd", "nginx", "memcached");
    assertThat(dev.isutools4j.internal.sql.SecretColumns.ofSetting("pin;card_number, cvv").words())
        .containsExactly("pin", "card_number", "cvv");
  }

  @Test
  void nginxConfigurationFile() {
    Settings s = Settings.from(name -> null, Map.of("ISUTOOLS_NGINX_CONF", "/etc/nginx/nginx.conf"));
    assertThat(s.nginxConf()).isEqualTo("/etc/nginx/nginx.conf");
  }

  @Test
  void machineSamplerSettings() {
    Settings s = Settings.from(name -> name.equals("isutools.machine.interval.ms") ? "250" : null,
        Map.of("ISUTOOLS_LINK_MBPS", "1000"));
    assertThat(s.machineIntervalMs()).isEqualTo(250);
    assertThat(s.linkMbps()).isEqualTo(1000);
    Settings nonsense = Settings.from(name -> null,
        Map.of("ISUTOOLS_MACHINE_INTERVAL_MS", "0", "ISUTOOLS_LINK_MBPS", "fast"));
    assertThat(nonsense.machineIntervalMs()).isEqualTo(1000);
    assertThat(nonsense.linkMbps()).isNull();
  }

  @Test
  void environmentVariablesPairWithProperties() {
    Settings s = Settings.from(name -> null, Map.of("ISUTOOLS_ADDR", "off", "ISUTOOLS_MAX_KEYS", "10",
        "ISUTOOLS_NPLUSONE", "3", "ISUTOOLS_GIT_REVISION", "v1", "ISUTOOLS_LABEL", " level-2 "));
    assertThat(s.adminDisabled()).isTrue();
    assertThat(s.maxKeys()).isEqualTo(10);
    assertThat(s.nPlusOneThreshold()).isEqualTo(3);
    assertThat(s.gitRevision()).isEqualTo("v1");
    assertThat(s.label()).isEqualTo("level-2");
    assertThat(Settings.of(Map.of()).label()).isNull();
  }

  @Test
  void propertiesWinAndNonsenseFallsBackToDefaults() {
    Settings s = Settings.from(
        name -> name.equals("isutools.max.keys") ? "-4" : name.equals("isutools.dir") ? "/tmp/h" : null,
        Map.of("ISUTOOLS_DIR", "/ignored"));
    assertThat(s.dir()).isEqualTo(Path.of("/tmp/h"));
    assertThat(s.maxKeys()).isEqualTo(5000);
  }

  @Test
  void databaseInspectorSettings() {
    Settings defaults = Settings.of(Map.of());
    assertThat(defaults.explainBudgetMs()).isEqualTo(3000);
    assertThat(defaults.explainTop()).isEqualTo(10);
    Settings given = Settings.of(Map.of("isutools.explain.budget.ms", "500", "isutools.explain.top", "3"));
    assertThat(given.explainBudgetMs()).isEqualTo(500);
    assertThat(given.explainTop()).isEqualTo(3);
  }

  @Test
  void logFiles() {
    Settings none = Settings.of(Map.of());
    assertThat(none.accessLog()).isNull();
    assertThat(none.accessLogFormat()).isNull();
    assertThat(none.accessLogKeys()).isNull();
    assertThat(none.slowLog()).isNull();
    Settings given = Settings.from(name -> name.equals("isutools.access.log.format") ? "ltsv" : null,
        Map.of("ISUTOOLS_ACCESS_LOG", "/var/log/nginx/access.log", "ISUTOOLS_SLOW_LOG",
            "/var/log/mysql/slow.log", "ISUTOOLS_ACCESS_LOG_KEYS", "uri=request_uri"));
    assertThat(given.accessLog()).isEqualTo("/var/log/nginx/access.log");
    assertThat(given.accessLogFormat()).isEqualTo("ltsv");
    assertThat(given.accessLogKeys()).isEqualTo("uri=request_uri");
    assertThat(given.slowLog()).isEqualTo("/var/log/mysql/slow.log");
  }
}
