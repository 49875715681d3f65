package dev.isutools4j.isugram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScoreTest {

  @Test
  void getsPostsAndUploadsAddOneTwoAndFive() {
    Score score = new Score();
    score.ok(Score.Kind.GET);
    score.ok(Score.Kind.GET);
    score.ok(Score.Kind.POST);
    score.ok(Score.Kind.UPLOAD);
    assertThat(score.score()).isEqualTo(1 + 1 + 2 + 5);
    assertThat(score.success()).isEqualTo(4);
    assertThat(score.fail()).isZero();
  }

  @Test
  void failedChecksCostTenAndTimeoutsTwenty() {
    Score score = new Score();
    for (int i = 0; i < 40; i++) {
      score.ok(Score.Kind.POST);
    }
    score.failedCheck("GET /: no .isu-account-name");
    score.unreachable("GET /: timed out after 10 s");
    assertThat(score.score()).isEqualTo(80 - 10 - 20);
    assertThat(score.fail()).isEqualTo(2);
    assertThat(score.result(true).messages())
        .containsExactly("GET /: no .isu-account-name", "GET /: timed out after 10 s");
  }

  @Test
  void neverBelowZero() {
    Score score = new Score();
    score.ok(Score.Kind.UPLOAD);
    score.unreachable("down");
    assertThat(score.score()).isZero();
    score.ok(Score.Kind.UPLOAD);
    assertThat(score.score()).as("the points below zero still count").isZero();
  }

  @Test
  void messagesAreDistinctAndCapped() {
    Score score = new Score();
    for (int i = 0; i < 100; i++) {
      score.failedCheck("message " + (i % 30));
      score.failedCheck("message " + (i % 30));
    }
    BenchResult result = score.result(true);
    assertThat(result.messages()).hasSize(Score.MAX_MESSAGES).doesNotHaveDuplicates();
    assertThat(result.fail()).isEqualTo(200);
  }

  @Test
  void resultIsOneJsonObject() {
    BenchResult result = new BenchResult(false, 12, 30, 2, List.of("GET /: \"quoted\"\nline", "tab\there"));
    assertThat(result.toJson()).isEqualTo("{\"pass\":false,\"score\":12,\"success\":30,\"fail\":2,\"messages\":"
        + "[\"GET /: \\\"quoted\\\"\\nline\",\"tab\\there\"]}");
  }
}
