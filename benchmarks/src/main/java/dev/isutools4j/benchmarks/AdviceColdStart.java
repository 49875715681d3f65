package dev.isutools4j.benchmarks;

import static net.bytebuddy.matcher.ElementMatchers.named;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.pool.TypePool;

/**
 * What the first transformation costs a cold JVM: one small class given enter and exit advice on
 * two methods by Byte Buddy's {@code Advice} alone (no {@code AgentBuilder}), against a call added
 * to the same methods by ASM directly (Byte Buddy's bundled copy). Each way runs in fresh JVMs,
 * alternating; each prints the transformation's time and the classes it loaded, and this prints
 * the medians. It sizes what an agent written against ASM would save at an app's start.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.AdviceColdStart 9
 * }</pre>
 */
public final class AdviceColdStart {

  /** The class transformed: two methods of the shape a statement's are. */
  public static final class Target {
    public int executeUpdate(String sql) {
      return sql.length();
    }

    public boolean execute(String sql) {
      return sql.isEmpty();
    }
  }

  /** Advice of the agent's shape: the enter value and the argument handed to the exit. */
  public static final class Hook {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static long enter() {
      return System.nanoTime();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter long started, @Advice.Argument(0) String sql,
        @Advice.Thrown Throwable thrown) {
      // nothing: the cost measured is the transformation's
    }
  }

  private AdviceColdStart() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--once")) {
      once(args[1]);
      return;
    }
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classPath = System.getProperty("java.class.path");
    List<String> modes = List.of("advice", "asm");
    List<List<double[]>> results = List.of(new ArrayList<>(), new ArrayList<>());
    for (int run = 0; run < runs; run++) {
      for (int k = 0; k < 2; k++) {
        int m = (run % 2 == 0) ? k : 1 - k; // alternate which goes first
        Process p = new ProcessBuilder(java, "-cp", classPath, AdviceColdStart.class.getName(),
            "--once", modes.get(m)).redirectErrorStream(true).start();
        String line;
        try (BufferedReader r = new BufferedReader(
            new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          line = r.readLine();
        }
        if (p.waitFor() != 0 || line == null) {
          throw new IllegalStateException(modes.get(m) + " failed: " + line);
        }
        String[] f = line.trim().split(" ");
        results.get(m).add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]),
            Double.parseDouble(f[2])});
      }
    }
    System.out.println("| way | transformation, median ms (range) | classes loaded by it | process CPU, median ms |");
    System.out.println("|---|---:|---:|---:|");
    for (int m = 0; m < 2; m++) {
      double[] ms = column(results.get(m), 0);
      double[] classes = column(results.get(m), 1);
      double[] cpu = column(results.get(m), 2);
      System.out.printf(Locale.ROOT, "| %s | %.1f (%.1f–%.1f) | %.0f | %.0f |%n", modes.get(m),
          Ratios.quantile(ms, 0.5), ms[0], ms[ms.length - 1], Ratios.quantile(classes, 0.5),
          Ratios.quantile(cpu, 0.5));
    }
  }

  private static double[] column(List<double[]> rows, int i) {
    return rows.stream().mapToDouble(r -> r[i]).sorted().toArray();
  }

  /** One transformation in this JVM: prints its ms, the classes it loaded, the process's CPU ms. */
  private static void once(String mode) throws Exception {
    var loading = ManagementFactory.getClassLoadingMXBean();
    long classesBefore = loading.getTotalLoadedClassCount();
    long start = System.nanoTime();
    ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(Target.class.getClassLoader());
    byte[] out = mode.equals("advice") ? withAdvice(locator) : withAsm(locator);
    long nanos = System.nanoTime() - start;
    long classes = loading.getTotalLoadedClassCount() - classesBefore;
    long cpuNanos = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
    if (out.length == 0) {
      throw new IllegalStateException("no class written");
    }
    System.out.printf(Locale.ROOT, "%.3f %d %.0f%n", nanos / 1e6, classes, cpuNanos / 1e6);
  }

  private static byte[] withAdvice(ClassFileLocator locator) {
    TypeDescription type = TypePool.Default.of(locator).describe(Target.class.getName()).resolve();
    return new ByteBuddy().redefine(type, locator)
        .visit(Advice.to(Hook.class).on(named("executeUpdate").or(named("execute"))))
        .make().getBytes();
  }

  private static byte[] withAsm(ClassFileLocator locator) throws Exception {
    ClassReader reader = new ClassReader(locator.locate(Target.class.getName()).resolve());
    ClassWriter writer = new ClassWriter(reader, 0);
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor,
          String signature, String[] exceptions) {
        MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (!name.startsWith("execute")) {
          return method;
        }
        return new MethodVisitor(Opcodes.ASM9, method) {
          @Override
          public void visitCode() {
            super.visitCode();
            visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/System", "nanoTime", "()J", false);
            visitInsn(Opcodes.POP2);
          }

          @Override
          public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(maxStack + 2, maxLocals);
          }
        };
      }
    }, 0);
    return writer.toByteArray();
  }
}
