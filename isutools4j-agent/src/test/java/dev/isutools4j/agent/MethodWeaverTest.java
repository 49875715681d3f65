package dev.isutools4j.agent;

import static dev.isutools4j.agent.Hook.Value.ARG0;
import static dev.isutools4j.agent.Hook.Value.ARG1;
import static dev.isutools4j.agent.Hook.Value.BOXED_ARG1;
import static dev.isutools4j.agent.Hook.Value.ENTERED;
import static dev.isutools4j.agent.Hook.Value.RESULT;
import static dev.isutools4j.agent.Hook.Value.SITE;
import static dev.isutools4j.agent.Hook.Value.THIS;
import static dev.isutools4j.agent.Hook.Value.THROWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.agent.Hook.Call;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import testapp.RecordingHooks;
import testapp.WeavingFixture;

/**
 * The weaver on methods of the shapes real drivers have, each woven class defined in a loader of
 * its own, so that the JVM's verifier checks every frame and handler written, and then run.
 */
class MethodWeaverTest {

  private static final String OBJECT = "Ljava/lang/Object;";
  private static final Call ENTER = Call.to(RecordingHooks.class, "enter", OBJECT, THIS);
  private static final Map<String, Hook> HOOKS = Map.of(
      "countDown", Hook.atReturn(Call.to(RecordingHooks.class, "exit", "V", ARG0, RESULT, THROWN)),
      "reassigns", Hook.around(ENTER, Call.to(RecordingHooks.class, "exit", "V", ENTERED, ARG0, RESULT, THROWN)),
      "wide", Hook.around(Call.to(RecordingHooks.class, "enterAt", "J", SITE),
          Call.to(RecordingHooks.class, "exit", "V", ENTERED, ARG0, ARG1, RESULT, THROWN)),
      "withFinally", Hook.around(ENTER, Call.to(RecordingHooks.class, "exit", "V", ENTERED, ARG0, RESULT, THROWN)),
      "throwing", Hook.around(ENTER, Call.to(RecordingHooks.class, "exit", "V", ENTERED, ARG0, THROWN)),
      "catching", Hook.around(ENTER, Call.to(RecordingHooks.class, "exit", "V", ENTERED, ARG0, RESULT, THROWN)),
      "locked", Hook.around(ENTER, Call.to(RecordingHooks.class, "exit", "V", ARG0, RESULT, THROWN)),
      "setValue", new Hook(Call.to(RecordingHooks.class, "guard", "Z"),
          Call.to(RecordingHooks.class, "value", "V", THIS, ARG0, BOXED_ARG1), null, false));

  @BeforeEach
  @AfterEach
  void reset() {
    RecordingHooks.CALLS.clear();
    RecordingHooks.failing = false;
    RecordingHooks.guardOpen = false;
  }

  @Test
  void eachMethodGetsItsHooksWithTheValuesItWasCalledWith() throws Exception {
    runsEveryMethod(woven(HOOKS));
  }

  @Test
  void aClassFileOfJava5WithoutFramesIsWovenWithoutFrames() throws Exception {
    ClassReader modern = new ClassReader(SuperTypesTest.bytes(WeavingFixture.class));
    ClassWriter java5 = new ClassWriter(0);
    modern.accept(new ClassVisitor(Opcodes.ASM9, java5) {
      @Override
      public void visit(int version, int access, String name, String signature, String superName,
          String[] interfaces) {
        super.visit(Opcodes.V1_5, access, name, signature, superName, interfaces);
      }
    }, ClassReader.SKIP_FRAMES);
    runsEveryMethod(woven(java5.toByteArray(), HOOKS));
  }

  private static void runsEveryMethod(Object fixture) throws Exception {
    assertThat(call(fixture, "countDown", 3)).isEqualTo(0);
    assertThat(call(fixture, "reassigns", "a")).isEqualTo("a!");
    assertThat(call(fixture, "wide", 3L, 0.5)).isEqualTo(6L);
    assertThat(call(fixture, "wide", 6L, 1.5)).isEqualTo(14L);
    assertThat(call(fixture, "withFinally", "")).isEqualTo("empty");
    assertThat(call(fixture, "withFinally", "s")).isEqualTo("s");
    assertThat(call(fixture, "catching", "7")).isEqualTo(7);
    assertThat(call(fixture, "catching", "x")).isNull();
    assertThat(call(fixture, "locked", 1)).isEqualTo(2);
    assertThat(fixture.getClass().getField("finallyRuns").get(fixture)).isEqualTo(2);
    assertThat(RecordingHooks.CALLS).containsExactly(
        "exit 3 -> 0 null",
        "enter WeavingFixture", "exit token a -> a! null",
        "enter at WeavingFixture", "exit 42 3 0.5 -> 6 null",
        "enter at WeavingFixture", "exit 42 6 1.5 -> 14 null",
        "enter WeavingFixture", "exit token  -> empty null",
        "enter WeavingFixture", "exit token s -> s null",
        "enter WeavingFixture", "exit token 7 -> 7 null",
        "enter WeavingFixture", "exit token x -> null null",
        "enter WeavingFixture", "exit 1 -> 2 null");
  }

  @Test
  void aThrowReachesTheExitAndTheCallerUnchanged() throws Exception {
    Object fixture = woven(HOOKS);
    assertThatThrownBy(() -> call(fixture, "throwing", "boom"))
        .isInstanceOf(IllegalStateException.class).hasMessage("boom");
    assertThat(RecordingHooks.CALLS).containsExactly("enter WeavingFixture",
        "exit token boom java.lang.IllegalStateException: boom");
  }

  @Test
  void hooksThatThrowChangeNothingTheMethodDoes() throws Exception {
    Object fixture = woven(HOOKS);
    RecordingHooks.failing = true;
    RecordingHooks.guardOpen = true;
    assertThat(call(fixture, "countDown", 2)).isEqualTo(0);
    assertThat(call(fixture, "reassigns", "a")).isEqualTo("a!");
    assertThat(call(fixture, "wide", 6L, 1.5)).isEqualTo(14L);
    assertThat(call(fixture, "withFinally", "s")).isEqualTo("s");
    assertThat(call(fixture, "catching", "x")).isNull();
    assertThatThrownBy(() -> call(fixture, "throwing", "boom"))
        .isInstanceOf(IllegalStateException.class).hasMessage("boom");
    call(fixture, "setValue", 2, 5);
    assertThat(fixture.getClass().getField("lastValue").get(fixture)).isEqualTo(205);
    assertThat(RecordingHooks.CALLS).as("every hook was called, and threw").hasSize(13)
        .contains("exit null a -> a! null", "exit 0 6 1.5 -> 14 null")
        .as("an enter that threw leaves its exit the zero value").doesNotContain("exit token a -> a! null");
  }

  @Test
  void aGuardedEnterRunsOnlyWhileItsGuardSaysSoAndGetsTheValueBoxed() throws Exception {
    Object fixture = woven(HOOKS);
    call(fixture, "setValue", 1, 7);
    RecordingHooks.guardOpen = true;
    call(fixture, "setValue", 2, 8);
    assertThat(RecordingHooks.CALLS).containsExactly("guard", "guard", "value 2 8 Integer");
    assertThat(fixture.getClass().getField("lastValue").get(fixture)).isEqualTo(208);
  }

  @Test
  void aReflectiveCallReachesTheHookThroughTheSystemClassLoader() throws Exception {
    Object fixture = woven(Map.of("catching",
        Hook.atReturn(Call.byReflection(RecordingHooks.class, "reflected", RESULT))));
    assertThat(call(fixture, "catching", "12")).isEqualTo(12);
    assertThat(RecordingHooks.CALLS).containsExactly("reflected 12");
    RecordingHooks.failing = true;
    assertThat(call(fixture, "catching", "13")).as("a hook's throw, through reflection").isEqualTo(13);
  }

  /** A new instance of WeavingFixture woven with {@code hooks} (by method name). */
  private static Object woven(Map<String, Hook> hooks) throws Exception {
    return woven(SuperTypesTest.bytes(WeavingFixture.class), hooks);
  }

  private static Object woven(byte[] classFile, Map<String, Hook> hooks) throws Exception {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, 0);
    ClassWeaver weaver = new ClassWeaver(writer,
        (owner, access, name, descriptor) -> hooks.get(name), false);
    reader.accept(weaver, ClassReader.EXPAND_FRAMES);
    assertThat(weaver.changed()).isTrue();
    byte[] bytes = writer.toByteArray();
    ClassLoader loader = new OneClassLoader(MethodWeaverTest.class.getClassLoader(),
        WeavingFixture.class.getName(), bytes);
    Class<?> type = Class.forName(WeavingFixture.class.getName(), true, loader);
    assertThat(type).isNotSameAs(WeavingFixture.class);
    return type.getDeclaredConstructor().newInstance();
  }

  private static Object call(Object target, String name, Object... arguments) throws Exception {
    for (Method method : target.getClass().getMethods()) {
      if (method.getName().equals(name)) {
        try {
          return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
          throw (Exception) e.getCause();
        }
      }
    }
    throw new NoSuchMethodException(name);
  }
}
