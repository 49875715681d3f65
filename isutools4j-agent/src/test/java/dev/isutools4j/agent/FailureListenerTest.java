package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import org.junit.jupiter.api.Test;

class FailureListenerTest {

  @Test
  void aClassThatCannotBeInstrumentedIsCountedInHealth() {
    FailureListener listener = new FailureListener();
    long before = Health.failures();
    listener.onError("org.example.BrokenStatement", null, null, false,
        new IllegalStateException("bad class file"));
    listener.onError("org.example.OtherStatement", null, null, true,
        new IllegalStateException("bad class file"));
    assertThat(listener.failures()).isEqualTo(2);
    assertThat(Health.failures() - before).isEqualTo(2);
    assertThat(Health.last().where()).isEqualTo("agent: instrument org.example.OtherStatement");
  }
}
