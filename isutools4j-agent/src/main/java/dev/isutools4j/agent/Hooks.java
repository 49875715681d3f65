package dev.isutools4j.agent;

import static dev.isutools4j.agent.Hook.Value.ARG0;
import static dev.isutools4j.agent.Hook.Value.ARG0_OR_NULL;
import static dev.isutools4j.agent.Hook.Value.ARG1;
import static dev.isutools4j.agent.Hook.Value.BOXED_ARG1;
import static dev.isutools4j.agent.Hook.Value.ENTERED;
import static dev.isutools4j.agent.Hook.Value.RESULT;
import static dev.isutools4j.agent.Hook.Value.SITE;
import static dev.isutools4j.agent.Hook.Value.THIS;
import static dev.isutools4j.agent.Hook.Value.THROWN;

import dev.isutools4j.agent.Hook.Call;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * What the agent instruments, and with which {@link Hook}: any driver's and pool's JDBC
 * implementations (a driver's {@code connect} too: it tells the database inspector where the app's
 * database is), the servlet containers' filter chains and {@code HttpServlet}, Tomcat's exchange
 * ({@code CoyoteAdapter.service}) and the JDK HTTP server's {@code createContext}. Of the JDK, only
 * that server is touched. A class is a kind by the interfaces it implements ({@link SuperTypes},
 * one bit each) or by its name.
 */
final class Hooks {

  static final String STATEMENT = "java/sql/Statement";
  static final String CONNECTION = "java/sql/Connection";
  static final String DRIVER = "java/sql/Driver";
  static final String RESULT_SET = "java/sql/ResultSet";
  static final String JAKARTA_CHAIN = "jakarta/servlet/FilterChain";
  static final String JAVAX_CHAIN = "javax/servlet/FilterChain";
  /** Not instrumented: a serializable class keeps its format ({@link InjectedFields}). */
  static final String SERIALIZABLE = "java/io/Serializable";

  /** The interfaces told apart by {@link SuperTypes}: the i-th is bit {@code 1 << i}. */
  static final List<String> INTERFACES = List.of(STATEMENT, CONNECTION, DRIVER, RESULT_SET,
      JAKARTA_CHAIN, JAVAX_CHAIN, SERIALIZABLE);
  static final int STATEMENT_BIT = bit(STATEMENT);
  static final int CONNECTION_BIT = bit(CONNECTION);
  static final int DRIVER_BIT = bit(DRIVER);
  static final int RESULT_SET_BIT = bit(RESULT_SET);
  static final int JAKARTA_CHAIN_BIT = bit(JAKARTA_CHAIN);
  static final int JAVAX_CHAIN_BIT = bit(JAVAX_CHAIN);
  static final int SERIALIZABLE_BIT = bit(SERIALIZABLE);
  /** The bits of the kinds instrumented. */
  static final int INSTRUMENTED = STATEMENT_BIT | CONNECTION_BIT | DRIVER_BIT | RESULT_SET_BIT
      | JAKARTA_CHAIN_BIT | JAVAX_CHAIN_BIT;

  static final String JAKARTA_SERVLET = "jakarta/servlet/http/HttpServlet";
  static final String JAVAX_SERVLET = "javax/servlet/http/HttpServlet";
  static final String COYOTE_ADAPTER = "org/apache/catalina/connector/CoyoteAdapter";
  static final Set<String> JDK_SERVERS = Set.of("sun/net/httpserver/HttpServerImpl",
      "sun/net/httpserver/HttpsServerImpl");
  /** The classes instrumented by name, not by what they implement. */
  static final Set<String> NAMED = Stream.concat(
      Stream.of(JAKARTA_SERVLET, JAVAX_SERVLET, COYOTE_ADAPTER), JDK_SERVERS.stream())
      .collect(Collectors.toUnmodifiableSet());

  private static final Set<String> PARAMETER_SETTERS = Set.of("setBoolean", "setByte",
      "setShort", "setInt", "setLong", "setFloat", "setDouble", "setBigDecimal", "setString",
      "setNString", "setBytes", "setDate", "setTime", "setTimestamp", "setObject", "setURL",
      "setAsciiStream", "setUnicodeStream", "setBinaryStream", "setCharacterStream",
      "setNCharacterStream", "setBlob", "setClob", "setNClob", "setSQLXML", "setArray", "setRef",
      "setRowId");

  private static final String OBJECT = "Ljava/lang/Object;";

  private static final Call ENTER = Call.to(JdbcBridge.class, "enter", OBJECT);
  /** A prepare and {@code setAutoCommit} are not timed. */
  private static final Call ENTER_UNTIMED = Call.to(JdbcBridge.class, "enterUntimed", OBJECT);

  static final Hook QUERY = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "queried", "V", ENTERED, THIS, ARG0_OR_NULL, RESULT, THROWN));
  static final Hook UPDATE = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "updated", "V", ENTERED, THIS, ARG0_OR_NULL, RESULT, THROWN));
  static final Hook EXECUTE = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "executed", "V", ENTERED, THIS, ARG0_OR_NULL, RESULT, THROWN));
  static final Hook BATCH = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "batched", "V", ENTERED, THIS, RESULT, THROWN));
  /** {@code getResultSet}: the result set of the last {@code execute}, whose rows are its. */
  static final Hook RESULT_SET_OF = Hook.atReturn(
      Call.to(JdbcBridge.class, "resultSet", "V", THIS, RESULT));
  static final Hook ADD_BATCH = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "addedToBatch", "V", ENTERED, THIS, ARG0, THROWN));
  static final Hook CLEAR_BATCH = Hook.atReturn(
      Call.to(JdbcBridge.class, "batchCleared", "V", THIS));
  /** A setter's value is read (a primitive boxed) only while some statement captures a sample. */
  static final Hook PARAMETER = new Hook(Call.to(JdbcBridge.class, "capturing", "Z"),
      Call.to(JdbcBridge.class, "parameter", "V", THIS, ARG0, BOXED_ARG1), null, false);
  /** {@code setNull(int, int[, String])}: its second argument is a type, not a value. */
  static final Hook NULL_PARAMETER = new Hook(Call.to(JdbcBridge.class, "capturing", "Z"),
      Call.to(JdbcBridge.class, "nullParameter", "V", THIS, ARG0), null, false);

  static final Hook PREPARE = Hook.around(ENTER_UNTIMED,
      Call.to(JdbcBridge.class, "prepared", "V", ENTERED, THIS, RESULT, ARG0));
  static final Hook COMMIT = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "committed", "V", ENTERED, THROWN));
  static final Hook ROLLBACK = Hook.around(ENTER,
      Call.to(JdbcBridge.class, "rolledBack", "V", ENTERED, THROWN));
  /** What a driver does inside {@code setAutoCommit} (H2 commits) is not the app's call: nested. */
  static final Hook NESTING = Hook.around(ENTER_UNTIMED,
      Call.to(JdbcBridge.class, "exit", "V", ENTERED));
  static final Hook CONNECT = Hook.around(Call.to(JdbcBridge.class, "connecting", "Z"),
      Call.to(JdbcBridge.class, "connected", "V", ENTERED, THIS, ARG0, ARG1, RESULT));

  static final Hook NEXT = Hook.atReturn(Call.to(JdbcBridge.class, "next", "V", THIS, RESULT));
  static final Hook CLOSE = Hook.atEntry(Call.to(JdbcBridge.class, "closed", "V", THIS));

  static final Hook JAKARTA_REQUEST = Hook.around(
      Call.to(ServletBridge.class, "jakartaEnter", "J", SITE, ARG0),
      Call.to(ServletBridge.class, "jakartaExit", "V", SITE, ENTERED, ARG0, ARG1, THROWN));
  static final Hook JAVAX_REQUEST = Hook.around(
      Call.to(ServletBridge.class, "javaxEnter", "J", SITE, ARG0),
      Call.to(ServletBridge.class, "javaxExit", "V", SITE, ENTERED, ARG0, ARG1, THROWN));
  static final Hook EXCHANGE = Hook.around(Call.to(HttpBridge.class, "openExchange", "Z"),
      Call.to(HttpBridge.class, "exchangeEnded", "V", ENTERED, ARG0, ARG1));
  /** The JDK's server classes cannot see the agent's: the new context reaches it by reflection. */
  static final Hook CONTEXT_CREATED = Hook.atReturn(
      Call.byReflection(HttpServerContexts.class, "added", RESULT));

  private Hooks() {}

  private static int bit(String name) {
    return 1 << INTERFACES.indexOf(name);
  }

  /**
   * The hook for a method of a class of kinds {@code bits} named {@code owner} (an internal name),
   * or null if it is left alone: only concrete instance methods are.
   */
  static Hook of(int bits, String owner, int access, String name, String descriptor) {
    if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_BRIDGE
        | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC)) != 0) {
      return null;
    }
    Hook hook = null;
    if ((bits & STATEMENT_BIT) != 0) {
      hook = statement(access, name, descriptor);
    }
    if (hook == null && (bits & CONNECTION_BIT) != 0) {
      hook = connection(name, descriptor);
    }
    if (hook == null && (bits & DRIVER_BIT) != 0 && name.equals("connect")
        && descriptor.startsWith("(Ljava/lang/String;Ljava/util/Properties;)L")) {
      hook = CONNECT;
    }
    if (hook == null && (bits & RESULT_SET_BIT) != 0) {
      hook = name.equals("next") && descriptor.equals("()Z") ? NEXT
          : name.equals("close") && descriptor.equals("()V") ? CLOSE : null;
    }
    if (hook == null && ((bits & JAKARTA_CHAIN_BIT) != 0 && name.equals("doFilter")
        || owner.equals(JAKARTA_SERVLET) && name.equals("service"))
        && descriptor.equals("(Ljakarta/servlet/ServletRequest;Ljakarta/servlet/ServletResponse;)V")) {
      hook = JAKARTA_REQUEST;
    }
    if (hook == null && ((bits & JAVAX_CHAIN_BIT) != 0 && name.equals("doFilter")
        || owner.equals(JAVAX_SERVLET) && name.equals("service"))
        && descriptor.equals("(Ljavax/servlet/ServletRequest;Ljavax/servlet/ServletResponse;)V")) {
      hook = JAVAX_REQUEST;
    }
    if (hook == null && owner.equals(COYOTE_ADAPTER) && name.equals("service")
        && descriptor.equals("(Lorg/apache/coyote/Request;Lorg/apache/coyote/Response;)V")) {
      hook = EXCHANGE;
    }
    if (hook == null && JDK_SERVERS.contains(owner) && name.equals("createContext")
        && isObject(Type.getReturnType(descriptor))) {
      hook = CONTEXT_CREATED;
    }
    return hook;
  }

  private static Hook statement(int access, String name, String descriptor) {
    Type returned = Type.getReturnType(descriptor);
    boolean sqlOrNone = descriptor.startsWith("()") || descriptor.startsWith("(Ljava/lang/String;");
    switch (name) {
      case "executeQuery":
        return sqlOrNone && isObject(returned) ? QUERY : null;
      case "executeUpdate":
      case "executeLargeUpdate":
        return sqlOrNone && (returned == Type.INT_TYPE || returned == Type.LONG_TYPE) ? UPDATE : null;
      case "execute":
        return sqlOrNone && returned == Type.BOOLEAN_TYPE ? EXECUTE : null;
      case "executeBatch":
        return descriptor.equals("()[I") ? BATCH : null;
      case "executeLargeBatch":
        return descriptor.equals("()[J") ? BATCH : null;
      case "getResultSet":
        return descriptor.startsWith("()L") ? RESULT_SET_OF : null;
      case "addBatch":
        return descriptor.equals("(Ljava/lang/String;)V") ? ADD_BATCH : null;
      case "clearBatch":
        return descriptor.equals("()V") ? CLEAR_BATCH : null;
      case "setNull":
        return setter(access, descriptor) ? NULL_PARAMETER : null;
      default:
        return PARAMETER_SETTERS.contains(name) && setter(access, descriptor) ? PARAMETER : null;
    }
  }

  /**
   * One of PreparedStatement's indexed parameter setters, {@code setX(int index, value, ...)}:
   * public, so that a driver's own internal setters (H2's {@code setParameter(int, Value)}) are
   * left alone.
   */
  private static boolean setter(int access, String descriptor) {
    return (access & Opcodes.ACC_PUBLIC) != 0 && descriptor.startsWith("(I")
        && !descriptor.startsWith("(I)") && descriptor.endsWith(")V");
  }

  private static Hook connection(String name, String descriptor) {
    switch (name) {
      case "prepareStatement":
      case "prepareCall":
        return descriptor.startsWith("(Ljava/lang/String;") && isObject(Type.getReturnType(descriptor))
            ? PREPARE : null;
      case "commit":
        return descriptor.equals("()V") ? COMMIT : null;
      case "rollback":
        return descriptor.equals("()V") ? ROLLBACK : null;
      case "setAutoCommit":
        return descriptor.equals("(Z)V") ? NESTING : null;
      default:
        return null;
    }
  }

  private static boolean isObject(Type type) {
    return type.getSort() == Type.OBJECT;
  }

  /**
   * JDK, Byte Buddy (an app's own) and isutools4j's classes are never touched; of {@code javax.},
   * only the servlet API's HttpServlet is (it is the app's jar, not the JDK's). By the internal name
   * alone ({@code java/lang/String}).
   */
  static boolean ignoredName(String internalName) {
    return internalName.startsWith("java/")
        || internalName.startsWith("javax/") && !internalName.equals(JAVAX_SERVLET)
        || internalName.startsWith("jdk/")
        || internalName.startsWith("sun/") && !JDK_SERVERS.contains(internalName)
        || internalName.startsWith("com/sun/")
        || internalName.startsWith("net/bytebuddy/")
        || internalName.startsWith("dev/isutools4j/");
  }
}
