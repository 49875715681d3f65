package dev.isutools4j.internal.web;

import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.RunMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * What a run across hosts says about its hosts: the table of each host (address, role, version,
 * revision, clock offset, whether its part came), the partial banner, and the short marks the
 * history and the diff use.
 */
final class HostsView {

  // The address of the hub's own part.
  private static final String LOCAL = "local";

  private HostsView() {}

  /** The banner of a partial run, naming each missing host and why; nothing for a whole run. */
  static void partialBanner(StringBuilder out, RunMeta meta) {
    partialBanner(out, meta, "", "; tables merge the hosts that answered");
  }

  /**
   * On the page of one host's part, the banner of its partial run: which hosts' parts it lacks
   * and why; nothing when the run is whole.
   */
  static void partialBannerOfPart(StringBuilder out, RunMeta run) {
    partialBanner(out, run, "the run has no part from ",
        "; its merged tables hold the hosts that answered");
  }

  private static void partialBanner(StringBuilder out, RunMeta meta, String before, String after) {
    if (!meta.partial()) {
      return;
    }
    out.append("<div class=\"banner error\" id=\"partial\" role=\"alert\">partial: ")
        .append(before);
    Html.escape(out, missingText(meta)).append(after).append("</div>");
  }

  /** Each missing host and why, such as {@code db (at save: timed out after 30000 ms)}. */
  static String missingText(RunMeta meta) {
    List<String> missing = new ArrayList<>();
    for (HostInfo host : meta.hosts()) {
      if (!host.hasPart()) {
        missing.add(host.name() + " (" + (host.reason() == null || host.reason().isBlank()
            ? "sent no part" : host.reason()) + ")");
      }
    }
    return String.join("; ", missing);
  }

  /** The names of the hosts without a part. */
  static List<String> missingNames(RunMeta meta) {
    return meta.hosts().stream().filter(h -> !h.hasPart()).map(HostInfo::name).toList();
  }

  /** {@code 3 hosts}, the count a run across hosts shows beside its id. */
  static String count(RunMeta meta) {
    int n = meta.hosts().size();
    return n + (n == 1 ? " host" : " hosts");
  }

  /**
   * The badges of a run across hosts: its host count (their names on hover) and, when partial, a
   * {@code partial} mark naming the missing hosts on hover. Nothing for a run of one host.
   */
  static StringBuilder badges(StringBuilder out, RunMeta meta) {
    if (!meta.multiHost()) {
      return out;
    }
    out.append(" <span class=\"badge hosts\" title=\"");
    Html.escape(out, String.join(", ", meta.hosts().stream().map(HostInfo::name).toList()))
        .append("\">").append(count(meta)).append("</span>");
    if (meta.partial()) {
      out.append(" <span class=\"badge partial\" title=\"missing: ");
      Html.escape(out, missingText(meta)).append("\">partial</span>");
    }
    return out;
  }

  /** The hosts table; {@code link} gives the address of a host's part (null: none). */
  static void table(StringBuilder out, List<HostInfo> hosts, Function<HostInfo, String> link) {
    Table table = new Table(out, "hosts").left("host").left("address").left("role")
        .left("version").left("revision")
        .column("clock offset", Table.Align.RIGHT,
            "the host's clock minus the hub's, measured at reset; ± the reset's round trip")
        .left("status").begin();
    for (HostInfo host : hosts) {
      table.row(host.hasPart() ? null : "warn");
      String href = link.apply(host);
      if (href == null) {
        table.cell(host.name(), host.name());
      } else {
        table.html(host.name(), "<a href=\"" + Html.escape(href) + "\">" + Html.escape(host.name())
            + "</a>");
      }
      table.cell(text(host.address()), text(host.address()));
      table.cell(text(host.role()), text(host.role()));
      table.cell(text(host.version()), text(host.version()));
      Fragments.revision(table.open(text(host.revision()), null),
          dirtyless(host.revision()), isDirty(host.revision()));
      table.close();
      if (LOCAL.equals(host.address())) {
        table.cell(0.0, "the hub's clock");
      } else if (Double.isNaN(host.clockOffsetMs())) {
        table.cell(Double.NaN, "not measured");
      } else {
        table.cell(host.clockOffsetMs(), offset(host), "round trip " + Units.ms(host.roundTripMs()));
      }
      status(table.open(host.status(), null), host);
      table.close();
      table.endRow();
    }
    table.end();
  }

  /** {@code +5.00 s ± 1.20 ms}: the offset and its bound, the reset's round trip. */
  static String offset(HostInfo host) {
    double offset = host.clockOffsetMs();
    String text = (offset > 0 ? "+" : "") + Units.ms(offset);
    return Double.isNaN(host.roundTripMs()) ? text : text + " ± " + Units.ms(host.roundTripMs());
  }

  private static void status(StringBuilder out, HostInfo host) {
    String status = host.status() == null ? HostInfo.MISSING : host.status();
    out.append("<span class=\"badge s-").append(cssStatus(status)).append("\">");
    Html.escape(out, status).append("</span>");
    if (host.reason() != null && !host.reason().isBlank()) {
      Html.escape(out.append(" "), host.reason()); // a late host's says when its part came
    } else if (HostInfo.LATE.equals(status)) {
      out.append(" its part came after the save");
    }
    if (!host.hasPart() && host.waitedMs() > 0) {
      out.append(" <span class=\"muted\">(waited ").append(Units.ms(host.waitedMs()))
          .append(")</span>");
    }
  }

  private static String cssStatus(String status) {
    return switch (status.toLowerCase(Locale.ROOT)) {
      case HostInfo.OK -> "ok";
      case HostInfo.LATE -> "info";
      default -> "missing";
    };
  }

  private static String text(String value) {
    return value == null || value.isEmpty() ? Units.NONE : value;
  }

  // The hub records a peer's revision as its X-Isutools-Revision header: "-dirty" when dirty.
  private static boolean isDirty(String revision) {
    return revision != null && revision.endsWith("-dirty");
  }

  private static String dirtyless(String revision) {
    return isDirty(revision) ? revision.substring(0, revision.length() - "-dirty".length())
        : revision;
  }
}
