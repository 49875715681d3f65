package dev.isutools4j.internal.collect.machine;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/** Whatever a process calls itself (spaces, parentheses, digits), its numbers read right. */
class PidStatPropertiesTest {

  @Provide
  Arbitrary<String> names() {
    // The kernel keeps 15 bytes of a name; no newline can be in it.
    return Arbitraries.strings().withChars("ab (x) 1 ) (: R S-").ofMinLength(0).ofMaxLength(15);
  }

  @Property
  void theNameAndTheNumbersSurviveAnyName(@ForAll("names") String name,
      @ForAll @LongRange(max = 1L << 40) long utime, @ForAll @LongRange(max = 1L << 40) long stime,
      @ForAll @LongRange(max = 1L << 40) long start, @ForAll @LongRange(max = 1L << 30) long rss) {
    String line = "4242 (" + name + ") S 1 4242 4242 0 -1 4194560 100 0 0 0 " + utime + " " + stime
        + " 0 0 20 0 3 0 " + start + " 1000000 " + rss + " 18446744073709551615 1 1 0\n";
    TextCursor text = TextCursor.of(line);
    PidStat stat = new PidStat();

    assertThat(stat.parse(text)).isTrue();
    assertThat(text.string(stat.nameFrom, stat.nameTo)).isEqualTo(name);
    assertThat(stat.ticks).isEqualTo(utime + stime);
    assertThat(stat.startTime).isEqualTo(start);
    assertThat(stat.rssPages).isEqualTo(rss);
  }
}
