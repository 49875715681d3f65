package dev.isutools4j.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FramesTest {

  private final Frames frames = new Frames(List.of("org.springframework.samples."));

  @Test
  void asyncProfilerJavaFramesBecomeDottedNamesWithoutTheirAnnotation() {
    assertThat(frames.fromAsyncProfiler("java/lang/Thread.run_[0]"))
        .isEqualTo(new Frames.Frame("java.lang.Thread.run", FrameKind.FRAMEWORK));
    assertThat(frames.fromAsyncProfiler("dev/isugram/web/PostController.index_[j]"))
        .isEqualTo(new Frames.Frame("dev.isugram.web.PostController.index", FrameKind.APP));
    assertThat(frames.fromAsyncProfiler("com/example/Hot.loop_[i]").kind()).isEqualTo(FrameKind.APP);
  }

  @Test
  void kernelAndNativeFramesAreKindedAsSuch() {
    assertThat(frames.fromAsyncProfiler("do_syscall_64_[k]"))
        .isEqualTo(new Frames.Frame("do_syscall_64", FrameKind.KERNEL));
    assertThat(frames.fromAsyncProfiler("ObjectSynchronizer::wait").kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromAsyncProfiler("libmSin").kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromAsyncProfiler("[unknown_Java]").kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromAsyncProfiler("libc.so.6").kind()).isEqualTo(FrameKind.NATIVE);
  }

  @Test
  void generatedClassNamesAreTheSameInEveryRun() {
    assertThat(frames.fromAsyncProfiler("com/example/A$$Lambda$3.0x00007fbf98001000.run_[0]").name())
        .isEqualTo("com.example.A$$Lambda.run");
    assertThat(frames.fromJava("com.example.A$$Lambda/0x0000012345678", "run").name())
        .isEqualTo("com.example.A$$Lambda.run");
    assertThat(frames.fromJava("com.example.A$$Lambda$14/0x0000012345678", "run").name())
        .isEqualTo("com.example.A$$Lambda.run");
    assertThat(frames.fromJava("jdk.internal.reflect.GeneratedMethodAccessor12", "invoke").name())
        .isEqualTo("jdk.internal.reflect.GeneratedMethodAccessor.invoke");
    assertThat(frames.fromJava("com.sun.proxy.$Proxy42", "execute").name())
        .isEqualTo("com.sun.proxy.$Proxy.execute");
  }

  @Test
  void frameworksAreNotTheAppUnlessNamedSo() {
    assertThat(frames.fromJava("org.springframework.web.servlet.DispatcherServlet", "doDispatch").kind())
        .isEqualTo(FrameKind.FRAMEWORK);
    assertThat(frames.fromJava("org.springframework.samples.petclinic.OwnerController", "find").kind())
        .isEqualTo(FrameKind.APP);
    assertThat(frames.fromJava("com.zaxxer.hikari.pool.HikariPool", "getConnection").kind())
        .isEqualTo(FrameKind.FRAMEWORK);
    assertThat(frames.fromJava("dev.isugram.Markup", "escape").kind()).isEqualTo(FrameKind.APP);
  }
}
