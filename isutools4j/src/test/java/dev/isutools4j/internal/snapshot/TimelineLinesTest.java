package dev.isutools4j.internal.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.isutools4j.internal.snapshot.TimelineLines.Line;
import dev.isutools4j.internal.snapshot.TimelineLines.Part;
import dev.isutools4j.internal.snapshot.TracesSection.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineLinesTest {

  private static final String POSTS = "select * from posts order by created_at desc";
  private static final String COUNT = "select count(*) from comments where post_id = ?";
  private static final String COMMENTS = "select * from comments where post_id = ?";
  private static final String USER = "select * from users where id = ?";

  /** Statements of these fingerprints, 1 ms apart, each taking 0.5 ms and reading one row. */
  private static List<Statement> timeline(List<String> fingerprints) {
    List<Statement> out = new ArrayList<>();
    for (int i = 0; i < fingerprints.size(); i++) {
      out.add(new Statement(i, 0.5, 1, fingerprints.get(i), null, 1, false));
    }
    return out;
  }

  private static List<String> repeat(String fingerprint, int times) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < times; i++) {
      out.add(fingerprint);
    }
    return out;
  }

  @Test
  void aShortTimelineIsShownStatementByStatement() {
    List<String> fingerprints = new ArrayList<>(repeat(USER, TimelineLines.LONG - 1));
    fingerprints.add(0, POSTS);
    List<Line> lines = TimelineLines.of(timeline(fingerprints));
    assertThat(lines).hasSize(TimelineLines.LONG).noneMatch(Line::collapsed);
  }

  @Test
  void oneFingerprintManyTimesInARowIsOneLineWithItsCount() {
    List<String> fingerprints = new ArrayList<>(List.of(POSTS));
    fingerprints.addAll(repeat(COMMENTS, 20));
    fingerprints.add(USER);
    List<Line> lines = TimelineLines.of(timeline(fingerprints));
    assertThat(lines).extracting(Line::from, Line::to, Line::repeats)
        .containsExactly(tuple(0, 1, 1), tuple(1, 21, 20), tuple(21, 22, 1));
    assertThat(lines.get(1).parts()).containsExactly(new Part(COMMENTS, 20, 10.0, 20));
    assertThat(lines.get(1).sqlMs()).isEqualTo(10.0);
  }

  /** The N+1 of a post list: per post a count, its comments and one users lookup per comment and author. */
  @Test
  void aLoopOfSeveralFingerprintsIsOneLineWithEachOnesCount() {
    List<String> fingerprints = new ArrayList<>(List.of(POSTS));
    int[] usersPerPost = {1, 4, 2, 4, 3, 1, 4};
    for (int users : usersPerPost) {
      fingerprints.add(COUNT);
      fingerprints.add(COMMENTS);
      fingerprints.addAll(repeat(USER, users));
    }
    List<Line> lines = TimelineLines.of(timeline(fingerprints));
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0).collapsed()).isFalse();
    Line loop = lines.get(1);
    assertThat(loop.repeats()).isEqualTo(usersPerPost.length);
    assertThat(loop.statements()).isEqualTo(fingerprints.size() - 1);
    assertThat(loop.parts()).extracting(Part::fingerprint, Part::count)
        .containsExactly(tuple(COUNT, 7), tuple(COMMENTS, 7), tuple(USER, 19));
  }

  @Test
  void twoInARowOrALoopOfTwoTurnsStayAsTheyAre() {
    List<String> fingerprints = new ArrayList<>(List.of(POSTS, USER, USER, COUNT, COMMENTS, COUNT, COMMENTS));
    fingerprints.addAll(List.of(POSTS, USER, POSTS, COUNT, POSTS));
    List<Line> lines = TimelineLines.of(timeline(fingerprints));
    assertThat(lines).hasSize(fingerprints.size()).noneMatch(Line::collapsed);
  }

  @Test
  void whatFollowsALoopIsShownAfterIt() {
    List<String> fingerprints = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      fingerprints.add(COUNT);
      fingerprints.add(COMMENTS);
    }
    fingerprints.add(COUNT); // a last, unfinished turn
    fingerprints.add(POSTS);
    List<Line> lines = TimelineLines.of(timeline(fingerprints));
    assertThat(lines).extracting(Line::from, Line::to, Line::repeats)
        .containsExactly(tuple(0, 10, 5), tuple(10, 11, 1), tuple(11, 12, 1));
  }

  @Test
  void everyStatementIsOnExactlyOneLine() {
    List<String> fingerprints = new ArrayList<>();
    String[] pool = {POSTS, COUNT, COMMENTS, USER};
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 500; i++) {
      fingerprints.add(pool[random.nextInt(random.nextBoolean() ? 2 : pool.length)]);
    }
    List<Line> lines = TimelineLines.of(timeline(fingerprints));
    int next = 0;
    for (Line line : lines) {
      assertThat(line.from()).isEqualTo(next);
      assertThat(line.to()).isGreaterThan(line.from());
      assertThat(line.parts().stream().mapToInt(Part::count).sum()).isEqualTo(line.statements());
      next = line.to();
    }
    assertThat(next).isEqualTo(fingerprints.size());
  }
}
