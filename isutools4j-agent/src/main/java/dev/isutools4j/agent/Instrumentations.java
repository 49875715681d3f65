package dev.isutools4j.agent;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.Instrumentation;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.VisibilityBridgeStrategy;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * What the agent instruments, and how: advice (no new fields or methods, so classes loaded before
 * the agent are retransformed too), on any driver's and pool's JDBC implementations (a
 * driver's {@code connect} too: it tells the database inspector where the app's database is), the
 * servlet container's filter chain and servlets, Tomcat's exchange ({@code CoyoteAdapter.service}),
 * and the JDK HTTP server's {@code createContext}.
 * JDK classes are left alone except that one. Statement and result set classes loaded after the
 * agent also get one field ({@link InjectedFields}); nothing else ever changes a class's format.
 */
final class Instrumentations {

  /** The two servlet APIs' package prefixes: the same types, renamed by Jakarta EE 9. */
  private static final String JAKARTA = "jakarta.servlet.";
  private static final String JAVAX = "javax.servlet.";

  private static final String[] PARAMETER_SETTERS = {"setNull", "setBoolean", "setByte",
      "setShort", "setInt", "setLong", "setFloat", "setDouble", "setBigDecimal", "setString",
      "setNString", "setBytes", "setDate", "setTime", "setTimestamp", "setObject", "setURL",
      "setAsciiStream", "setUnicodeStream", "setBinaryStream", "setCharacterStream",
      "setNCharacterStream", "setBlob", "setClob", "setNClob", "setSQLXML", "setArray", "setRef",
      "setRowId"};

  private static final String HTTP_SERVLET = "http.HttpServlet";
  private static final String COYOTE_ADAPTER = "org.apache.catalina.connector.CoyoteAdapter";
  private static final String[] JDK_HTTP_SERVERS = {"sun.net.httpserver.HttpServerImpl",
      "sun.net.httpserver.HttpsServerImpl"};
  /** The one {@code javax.} type instrumented, by its internal name. */
  private static final String JAVAX_HTTP_SERVLET = internal(JAVAX + HTTP_SERVLET);

  /** The interfaces whose implementations are instrumented, found in one walk per type. */
  private static final SuperTypes SUPER_TYPES = new SuperTypes(List.of("java.sql.Statement",
      "java.sql.Connection", "java.sql.Driver", "java.sql.ResultSet", JAKARTA + "FilterChain",
      JAVAX + "FilterChain"));

  private Instrumentations() {}

  static ResettableClassFileTransformer install(Instrumentation inst, AgentBuilder.Listener listener) {
    ClassLoader agentLoader = Instrumentations.class.getClassLoader();
    // What disableClassFormatChanges() sets, but for the type strategy: its frozen one would refuse
    // the injected field. No initializer, no auxiliary type, no visibility bridge is ever added.
    ByteBuddy withoutAdditions = new ByteBuddy().with(TypeValidation.DISABLED)
        .with(Implementation.Context.Disabled.Factory.INSTANCE)
        .with(VisibilityBridgeStrategy.Default.NEVER);
    return new AgentBuilder.Default(withoutAdditions)
        .with(AgentBuilder.TypeStrategy.Default.REDEFINE)
        .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
        .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
        .with(listener)
        .with((AgentBuilder.TransformerDecorator) byteBuddy ->
            new PreFilter(byteBuddy, SUPER_TYPES, namedTypes()))
        .ignore(ignored())
        .type(SUPER_TYPES.implementing("java.sql.Statement"))
        .transform(advice(agentLoader)
            .advice(execute("executeQuery"), StatementAdvice.Query.class.getName())
            .advice(execute("executeUpdate"), StatementAdvice.Update.class.getName())
            .advice(execute("executeLargeUpdate"), StatementAdvice.LargeUpdate.class.getName())
            .advice(execute("execute"), StatementAdvice.Execute.class.getName())
            .advice(noArgs("executeBatch"), StatementAdvice.Batch.class.getName())
            .advice(noArgs("executeLargeBatch"), StatementAdvice.LargeBatch.class.getName())
            .advice(noArgs("getResultSet"), StatementAdvice.ResultSetOf.class.getName())
            .advice(concrete(named("addBatch")).and(takesArguments(String.class)),
                StatementAdvice.AddBatch.class.getName())
            .advice(noArgs("clearBatch"), StatementAdvice.ClearBatch.class.getName())
            // One transformation per type: only prepared statements have indexed setters.
            .advice(setter().and(named("setNull")), ParameterAdvice.Null.class.getName())
            .advice(setter().and(not(named("setNull"))), ParameterAdvice.Value.class.getName()))
        .type(InjectedFields.addableTo(statementOrResultSet()))
        .transform(InjectedFields.transformer())
        .type(SUPER_TYPES.implementing("java.sql.Connection"))
        .transform(advice(agentLoader)
            .advice(concrete(namedOneOf("prepareStatement", "prepareCall"))
                .and(takesArgument(0, String.class)), ConnectionAdvice.class.getName())
            .advice(noArgs("commit"), ConnectionAdvice.Commit.class.getName())
            .advice(noArgs("rollback"), ConnectionAdvice.Rollback.class.getName())
            .advice(concrete(named("setAutoCommit")).and(takesArguments(boolean.class)),
                ConnectionAdvice.Nesting.class.getName()))
        .type(SUPER_TYPES.implementing("java.sql.Driver"))
        .transform(advice(agentLoader)
            .advice(concrete(named("connect")).and(takesArguments(String.class, Properties.class)),
                DriverAdvice.class.getName()))
        .type(SUPER_TYPES.implementing("java.sql.ResultSet"))
        .transform(advice(agentLoader)
            .advice(noArgs("next").and(returns(boolean.class)), ResultSetAdvice.Next.class.getName())
            .advice(noArgs("close"), ResultSetAdvice.Close.class.getName()))
        .type(SUPER_TYPES.implementing(JAKARTA + "FilterChain"))
        .transform(advice(agentLoader)
            .advice(servletCall("doFilter", JAKARTA), ServletAdvice.class.getName()))
        .type(named(JAKARTA + HTTP_SERVLET))
        .transform(advice(agentLoader)
            .advice(servletCall("service", JAKARTA), ServletAdvice.class.getName()))
        .type(SUPER_TYPES.implementing(JAVAX + "FilterChain"))
        .transform(advice(agentLoader)
            .advice(servletCall("doFilter", JAVAX), JavaxServletAdvice.class.getName()))
        .type(named(JAVAX + HTTP_SERVLET))
        .transform(advice(agentLoader)
            .advice(servletCall("service", JAVAX), JavaxServletAdvice.class.getName()))
        .type(named(COYOTE_ADAPTER))
        .transform(advice(agentLoader)
            .advice(concrete(named("service")).and(takesArguments(2))
                .and(takesArgument(0, named("org.apache.coyote.Request")))
                .and(takesArgument(1, named("org.apache.coyote.Response"))),
                TomcatExchangeAdvice.class.getName()))
        .type(namedOneOf(JDK_HTTP_SERVERS))
        .transform(advice(agentLoader)
            .advice(concrete(named("createContext")), HttpServerAdvice.class.getName()))
        .installOn(inst);
  }

  /**
   * JDK, Byte Buddy (the app's own, or ours) and isutools4j's classes are never touched; of
   * {@code javax.}, only the servlet API's HttpServlet is (it is the app's jar, not the JDK's).
   */
  static ElementMatcher.Junction<TypeDescription> ignored() {
    return new ElementMatcher.Junction.AbstractBase<TypeDescription>() {
      @Override
      public boolean matches(TypeDescription type) {
        return ignoredName(type.getInternalName()) || type.isSynthetic();
      }
    };
  }

  /** {@link #ignored()} by the internal name alone ({@code java/lang/String}), as the pre-filter asks. */
  static boolean ignoredName(String internalName) {
    return internalName.startsWith("java/")
        || internalName.startsWith("javax/") && !internalName.equals(JAVAX_HTTP_SERVLET)
        || internalName.startsWith("jdk/")
        || internalName.startsWith("sun/") && !internalName.startsWith("sun/net/httpserver/")
        || internalName.startsWith("com/sun/")
        || internalName.startsWith("net/bytebuddy/")
        || internalName.startsWith("dev/isutools4j/");
  }

  /**
   * A statement or a result set, not both: the one field holds a statement's shape or a result
   * set's counting thread, so a class that is both keeps the tables.
   */
  private static AgentBuilder.RawMatcher statementOrResultSet() {
    AgentBuilder.RawMatcher statement = SUPER_TYPES.implementing("java.sql.Statement");
    AgentBuilder.RawMatcher resultSet = SUPER_TYPES.implementing("java.sql.ResultSet");
    return (type, loader, module, redefined, domain) ->
        statement.matches(type, loader, module, redefined, domain)
            != resultSet.matches(type, loader, module, redefined, domain);
  }

  /** The internal names of the types instrumented by name. */
  private static Set<String> namedTypes() {
    Set<String> names = new HashSet<>();
    for (String name : List.of(JAKARTA + HTTP_SERVLET, JAVAX + HTTP_SERVLET, COYOTE_ADAPTER)) {
      names.add(internal(name));
    }
    for (String name : JDK_HTTP_SERVERS) {
      names.add(internal(name));
    }
    return names;
  }

  private static String internal(String name) {
    return name.replace('.', '/');
  }

  private static AgentBuilder.Transformer.ForAdvice advice(ClassLoader agentLoader) {
    return new AgentBuilder.Transformer.ForAdvice().include(agentLoader);
  }

  private static ElementMatcher.Junction<MethodDescription> concrete(
      ElementMatcher<? super MethodDescription> method) {
    return not(isAbstract()).and(not(isBridge())).and(method);
  }

  /** An execute variant: no arguments (a prepared statement's) or the SQL text first. */
  private static ElementMatcher.Junction<MethodDescription> execute(String name) {
    return concrete(named(name)).and(takesArguments(0).or(takesArgument(0, String.class)));
  }

  /**
   * One of PreparedStatement's indexed parameter setters, {@code setX(int index, value, ...)}: by
   * name, public, so that a driver's own internal setters (H2's {@code setParameter(int, Value)})
   * are left alone.
   */
  private static ElementMatcher.Junction<MethodDescription> setter() {
    return concrete(namedOneOf(PARAMETER_SETTERS)).and(isPublic()).and(takesArgument(0, int.class))
        .and(not(takesArguments(1))).and(returns(void.class));
  }

  private static ElementMatcher.Junction<MethodDescription> noArgs(String name) {
    return concrete(named(name)).and(takesArguments(0));
  }

  private static ElementMatcher.Junction<MethodDescription> servletCall(String name, String api) {
    return concrete(named(name)).and(takesArguments(2))
        .and(takesArgument(0, named(api + "ServletRequest")))
        .and(takesArgument(1, named(api + "ServletResponse")));
  }
}
