package dev.isutools4j.internal.digest.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.route.PathRoutes;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Any bytes never throw; a valid line of each format gives back the values written into it. */
class AccessParserPropertiesTest {

  /** One request as nginx would log it. */
  record Request(String method, String path, String query, int status, long size, long reqMicros,
      long appMicros) {}

  @Provide
  Arbitrary<Request> requests() {
    Arbitrary<String> method = Arbitraries.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD");
    Arbitrary<String> path = Arbitraries.strings().withChars("abcxyz019-_./%~@").ofMaxLength(40)
        .map(s -> "/" + s);
    Arbitrary<String> query = Arbitraries.strings().withChars("a=1&b2%").ofMaxLength(12);
    Arbitrary<Integer> status = Arbitraries.integers().between(100, 599);
    Arbitrary<Long> size = Arbitraries.longs().between(0, 1L << 40);
    Arbitrary<Long> millis = Arbitraries.longs().between(0, 3_600_000); // nginx writes ms
    Arbitrary<Long> app = Arbitraries.longs().between(-1, 3_600_000);
    return Combinators.combine(method, path, query, status, size, millis, app)
        .as((m, p, q, s, b, r, a) -> new Request(m, p, q, s, b, r * 1000, a < 0 ? -1 : a * 1000));
  }

  static String seconds(long micros) {
    if (micros < 0) {
      return "-";
    }
    long ms = micros / 1000;
    return ms / 1000 + "." + String.format("%03d", ms % 1000);
  }

  static String uri(Request r) {
    return r.query().isEmpty() ? r.path() : r.path() + "?" + r.query();
  }

  static String ltsv(Request r) {
    return "time:06/Dec/2026:10:15:30 +0900\thost:10.0.0.1\tmethod:" + r.method() + "\turi:" + uri(r)
        + "\tstatus:" + r.status() + "\tsize:" + r.size() + "\treqtime:" + seconds(r.reqMicros())
        + "\tapptime:" + seconds(r.appMicros()) + "\tua:curl/8.0";
  }

  static String json(Request r) {
    return "{\"time\":\"2026-12-06T10:15:30+09:00\",\"method\":\"" + r.method() + "\",\"uri\":\""
        + uri(r).replace("/", "\\/") + "\",\"status\":" + r.status() + ",\"body_bytes\":\"" + r.size()
        + "\",\"request_time\":" + seconds(r.reqMicros()) + ",\"response_time\":\""
        + seconds(r.appMicros()) + "\",\"extra\":{\"a\":[1,2,\"}\"]}}";
  }

  static String combined(Request r) {
    return "10.0.0.1 - - [06/Dec/2026:10:15:30 +0900] \"" + r.method() + " " + uri(r)
        + " HTTP/1.1\" " + r.status() + " " + r.size() + " \"-\" \"Mozilla/5.0 (X11)\" \"-\" "
        + seconds(r.reqMicros()) + " " + seconds(r.appMicros());
  }

  static AccessEntry parse(AccessFormat format, String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    AccessEntry e = new AccessEntry();
    assertThat(AccessParser.of(format, AccessKeys.defaults()).parse(b, 0, b.length, e))
        .as(line).isNull();
    return e;
  }

  static void check(Request r, AccessEntry e) {
    assertThat(Bytes.utf8(e.methodBuf, e.methodFrom, e.methodTo)).isEqualTo(r.method());
    assertThat(Bytes.utf8(e.uriBuf, e.uriFrom, e.uriTo)).isEqualTo(uri(r));
    assertThat(e.status).isEqualTo(r.status());
    assertThat(e.bytes).isEqualTo(r.size());
    assertThat(e.requestMicros).isEqualTo(r.reqMicros());
    assertThat(e.upstreamMicros).isEqualTo(r.appMicros());
  }

  @Property
  void ltsvRoundTrips(@ForAll("requests") Request r) {
    check(r, parse(AccessFormat.LTSV, ltsv(r)));
  }

  @Property
  void jsonRoundTrips(@ForAll("requests") Request r) {
    check(r, parse(AccessFormat.JSON, json(r)));
  }

  @Property
  void combinedRoundTrips(@ForAll("requests") Request r) {
    check(r, parse(AccessFormat.COMBINED, combined(r)));
  }

  @Property
  void formatsAreDetectedFromALine(@ForAll("requests") Request r) {
    for (AccessFormat f : AccessFormat.values()) {
      String line = f == AccessFormat.LTSV ? ltsv(r) : f == AccessFormat.JSON ? json(r) : combined(r);
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      assertThat(AccessFormat.detect(b, 0, b.length)).isEqualTo(f);
    }
  }

  @Provide
  Arbitrary<byte[]> lines() {
    // Bytes that matter to the parsers, mixed with any byte; no line break inside a line.
    Arbitrary<Byte> special = Arbitraries.of((byte) '"', (byte) '\\', (byte) '{', (byte) '}',
        (byte) ':', (byte) '\t', (byte) ' ', (byte) ',', (byte) '[', (byte) '-', (byte) '.',
        (byte) '1', (byte) 'u', (byte) 'x', (byte) 0xff, (byte) 0xc3);
    Arbitrary<Byte> any = Arbitraries.bytes().filter(b -> b != '\n');
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, special), net.jqwik.api.Tuple.of(1, any))
        .array(byte[].class).ofMaxSize(200);
  }

  @Property
  void anyLineNeverThrows(@ForAll("lines") byte[] line, @ForAll @IntRange(max = 2) int format) {
    AccessFormat f = AccessFormat.values()[format];
    AccessAggregator a = new AccessAggregator(AccessParser.of(f, AccessKeys.defaults()),
        PathRoutes.of(null), 100, 1024);
    a.line(line, 0, line.length, 1, 0, false);
    long read = a.groups().values().stream().mapToLong(g -> g.count).sum();
    assertThat(read + a.malformed().count() + a.blank()).isEqualTo(1);
  }

  @Property
  void aPrefixOfAValidLineNeverThrows(@ForAll("requests") Request r,
      @ForAll @LongRange(max = 1000) long cut) {
    for (String line : new String[] {ltsv(r), json(r), combined(r)}) {
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      int n = (int) Math.min(cut, b.length);
      for (AccessFormat f : AccessFormat.values()) {
        AccessParser.of(f, AccessKeys.defaults()).parse(b, 0, n, new AccessEntry());
      }
    }
  }
}
