package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.HttpRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Static files the app serves itself, and whether they are ever answered with a 3xx (a 304). */
final class HttpRules {

  private static final Pattern STATIC = Pattern.compile(
      "(?i).*(\\.(jpe?g|png|gif|webp|svg|css|js|ico|woff2?|map)$|^/(image|images|img|css|js|static|assets)/.*)");

  private HttpRules() {}

  static List<Rule> all() {
    return List.of(new StaticByApp(), new StaticNotModified());
  }

  static boolean isStatic(String route) {
    return route != null && STATIC.matcher(route.toLowerCase(Locale.ROOT)).matches();
  }

  static List<HttpRow> staticRows(AdvisorInput in) {
    List<HttpRow> rows = new ArrayList<>();
    for (HttpRow r : in.http()) {
      if (isStatic(r.route()) && r.time().count() > 0) {
        rows.add(r);
      }
    }
    return rows;
  }

  private static List<String> names(List<HttpRow> rows) {
    return rows.stream().limit(10)
        .map(r -> r.method() + " " + r.route() + " (" + r.time().count() + ")").toList();
  }

  static final class StaticByApp implements Rule {
    static final String ID = "http-static-by-app";
    private static final String TITLE = "static files served by nginx, not the app";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      if (in.http().isEmpty()) {
        return List.of(Finding.skip(ID, TITLE, "no HTTP requests recorded"));
      }
      List<HttpRow> rows = staticRows(in);
      if (rows.isEmpty()) {
        return List.of(new Finding(ID, TITLE, Status.OK,
            Evidence.of("routes", in.http().size()).map(), ""));
      }
      long count = rows.stream().mapToLong(r -> r.time().count()).sum();
      long bytes = rows.stream().mapToLong(HttpRow::bytes).sum();
      return List.of(new Finding(ID, TITLE, Status.WARN,
          Evidence.of("routes", names(rows)).and("requests", count)
              .and("bytes", Values.bytes(bytes)).map(),
          "serve them from nginx: location /image/ { root /home/isucon/public; expires 1d; }"));
    }
  }

  static final class StaticNotModified implements Rule {
    static final String ID = "http-static-3xx";
    private static final String TITLE = "static files answered with 3xx (304 Not Modified)";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      List<HttpRow> rows = staticRows(in);
      if (rows.isEmpty()) {
        return List.of(Finding.skip(ID, TITLE, "no static-looking routes served by the app"));
      }
      long count = rows.stream().mapToLong(r -> r.time().count()).sum();
      long redirects = rows.stream().mapToLong(r -> r.status(3)).sum();
      double share = count == 0 ? 0 : (double) redirects / count;
      Evidence ev = Evidence.of("requests", count).and("status3xx", redirects)
          .and("share3xx", Math.round(share * 1000) / 10.0 + " %")
          .and("note", "only status classes are recorded: 3xx, not 304 alone");
      // No 3xx is no evidence of a cost: the run cannot tell whether its clients revalidate at
      // all (a benchmark that never sends If-Modified-Since gets no 304 whatever the headers).
      if (redirects == 0) {
        return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(),
            "no 3xx among them, which matters only if the clients revalidate: then send"
                + " Cache-Control/Last-Modified (nginx's expires does) so they get 304"));
      }
      return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(), ""));
    }
  }
}
