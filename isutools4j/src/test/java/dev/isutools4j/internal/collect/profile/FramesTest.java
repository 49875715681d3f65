package dev.isutools4j.internal.collect.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FramesTest {

  private final Frames frames = new Frames(AppPackages.configured(List.of("org.springframework.samples.")));

  @Test
  void asyncProfilerJavaFramesBecomeDottedNamesWithoutTheirAnnotation() {
    assertThat(frames.fromCollapsed("java/lang/Thread.run_[0]", true))
        .isEqualTo(new Frames.Frame("java.lang.Thread.run", FrameKind.FRAMEWORK));
    assertThat(frames.fromCollapsed("dev/isugram/web/PostController.index_[j]", true))
        .isEqualTo(new Frames.Frame("dev.isugram.web.PostController.index", FrameKind.APP));
    assertThat(frames.fromCollapsed("com/example/Hot.loop_[i]", true).kind()).isEqualTo(FrameKind.APP);
  }

  @Test
  void kernelAndNativeFramesAreKindedAsSuch() {
    assertThat(frames.fromCollapsed("do_syscall_64_[k]", true))
        .isEqualTo(new Frames.Frame("do_syscall_64", FrameKind.KERNEL));
    assertThat(frames.fromCollapsed("ObjectSynchronizer::wait", true).kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromCollapsed("libmSin", true).kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromCollapsed("[unknown_Java]", true).kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromCollapsed("libc.so.6", true).kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromCollapsed("pthread_mutex_lock@@GLIBC_2.2.5", true).kind())
        .isEqualTo(FrameKind.NATIVE);
  }

  @Test
  void withoutAnnotationsTheNameDecides() {
    assertThat(frames.fromCollapsed("java/lang/Thread.run", false))
        .isEqualTo(new Frames.Frame("java.lang.Thread.run", FrameKind.FRAMEWORK));
    assertThat(frames.fromCollapsed("com.example.A.b", false).kind()).isEqualTo(FrameKind.APP);
    assertThat(frames.fromCollapsed("pthread_mutex_lock@@GLIBC_2.2.5", false).kind())
        .isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromCollapsed("libc.so.6", false).kind()).isEqualTo(FrameKind.NATIVE);
    assertThat(frames.fromCollapsed("Thread::call_run", false).kind()).isEqualTo(FrameKind.NATIVE);
  }

  @Test
  void generatedClassNamesAreTheSameInEveryRun() {
    assertThat(frames.fromCollapsed("com/example/A$$Lambda$3.0x00007fbf98001000.run_[0]", true).name())
        .isEqualTo("com.example.A$$Lambda.run");
    assertThat(frames.fromJava("com.example.A$$Lambda/0x0000012345678", "run").name())
        .isEqualTo("com.example.A$$Lambda.run");
    assertThat(frames.fromJava("com.example.A$$Lambda$14/0x0000012345678", "run").name())
        .isEqualTo("com.example.A$$Lambda.run");
    assertThat(frames.fromJava("jdk.internal.reflect.GeneratedMethodAccessor12", "invoke").name())
        .isEqualTo("jdk.internal.reflect.GeneratedMethodAccessor.invoke");
    assertThat(frames.fromJava("com.sun.proxy.$Proxy42", "execute").name())
        .isEqualTo("com.sun.proxy.$Proxy.execute");
    assertThat(frames.fromJava("com.example.Shop$$EnhancerBySpringCGLIB$$5f1c2a3b", "order").name())
        .isEqualTo("com.example.Shop$$EnhancerBySpringCGLIB$$.order");
    assertThat(frames.fromJava("com.example.Owner$HibernateProxy$Ab12Cd34", "getName"))
        .isEqualTo(new Frames.Frame("com.example.Owner$HibernateProxy$.getName", FrameKind.FRAMEWORK));
    assertThat(frames.fromJava("com.example.Shop$$SpringCGLIB$$0", "order").name())
        .isEqualTo("com.example.Shop$$SpringCGLIB$$0.order");
  }

  @Test
  void allocatedTypesAreNamedAsInJavaSource() {
    assertThat(frames.allocatedType("[J")).isEqualTo(new Frames.Frame("long[]", FrameKind.FRAMEWORK));
    assertThat(frames.allocatedType("[[Ljava.lang.String;").name()).isEqualTo("java.lang.String[][]");
    assertThat(frames.allocatedType("java/lang/String_[k]").name()).isEqualTo("java.lang.String");
    assertThat(frames.allocatedType("byte[]_[i]").name()).isEqualTo("byte[]");
    assertThat(frames.allocatedType("com.app.Post").kind()).isEqualTo(FrameKind.FRAMEWORK);
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
    // isutools4j's own code is framework code; an app under the same root is still an app.
    assertThat(frames.fromJava("dev.isutools4j.internal.jdbc.RecordingStatement", "execute").kind())
        .isEqualTo(FrameKind.FRAMEWORK);
    assertThat(frames.fromJava("dev.isutools4j.isugram.web.PostController", "index").kind())
        .isEqualTo(FrameKind.APP);
  }
}
