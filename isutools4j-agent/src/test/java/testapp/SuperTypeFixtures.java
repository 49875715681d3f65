package testapp;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** Hierarchies for the agent's super type tests, outside the packages the agent never instruments. */
public final class SuperTypeFixtures {

  private SuperTypeFixtures() {}

  public interface OwnStatement extends PreparedStatement {}

  public abstract static class BaseStatement implements OwnStatement {}

  public abstract static class LeafStatement extends BaseStatement {}

  public abstract static class OtherLeafStatement extends BaseStatement {}

  public abstract static class StatementAndResultSet extends LeafStatement implements ResultSet {}

  public static class Plain {}
}
