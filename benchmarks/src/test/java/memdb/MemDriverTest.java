package memdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import org.junit.jupiter.api.Test;

class MemDriverTest {

  private static final String SELECT = "SELECT id, name FROM users WHERE id = ?";

  @Test
  void aQueryReturnsOneRowWithTheFirstParameterAsId() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:memdb:test");
        PreparedStatement ps = connection.prepareStatement(SELECT)) {
      ps.setLong(1, 42);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(42);
        assertThat(rs.getInt("id")).isEqualTo(42);
        assertThat(rs.getString(2)).isEqualTo("memdb");
        assertThat(rs.getObject("name")).isEqualTo("memdb");
        assertThat(rs.wasNull()).isFalse();
        assertThat(rs.next()).isFalse();
      }

      ps.setInt(1, 7);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong("ID")).isEqualTo(7);
        assertThat(rs.next()).isFalse();
      }
    }
  }

  @Test
  void anUpdateReportsOneRow() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:memdb:test");
        PreparedStatement ps = connection.prepareStatement("UPDATE users SET name = ? WHERE id = ?")) {
      ps.setString(1, "x");
      ps.setLong(2, 1);
      assertThat(ps.executeUpdate()).isEqualTo(1);
    }
  }

  @Test
  void aStatementNeedsEveryParameterAndOnlyThose() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:memdb:test");
        PreparedStatement ps = connection.prepareStatement(SELECT)) {
      assertThatThrownBy(ps::executeQuery).isInstanceOf(SQLException.class)
          .hasMessageContaining("parameter 1 is not set");
      assertThatThrownBy(() -> ps.setLong(2, 1)).isInstanceOf(SQLException.class)
          .hasMessageContaining("out of range");
      ps.setNull(1, java.sql.Types.BIGINT);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void theCursorAndClosedObjectsAreChecked() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:memdb:test")) {
      PreparedStatement ps = connection.prepareStatement(SELECT);
      ps.setLong(1, 1);
      ResultSet rs = ps.executeQuery();
      assertThatThrownBy(() -> rs.getLong(1)).hasMessageContaining("not on a row");
      rs.close();
      assertThatThrownBy(rs::next).hasMessageContaining("closed");
      ps.close();
      assertThatThrownBy(ps::executeQuery).hasMessageContaining("closed");
    }
  }

  @Test
  void aClosedStatementIsHandedOutAgainForTheSameText() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:memdb:test")) {
      PreparedStatement first = connection.prepareStatement(SELECT);
      first.setLong(1, 5);
      first.close();

      PreparedStatement again = connection.prepareStatement(SELECT);
      assertThat(again).isSameAs(first);
      assertThat(again.isClosed()).isFalse();
      assertThatThrownBy(again::executeQuery).hasMessageContaining("parameter 1 is not set");

      PreparedStatement other = connection.prepareStatement("SELECT id, name FROM items WHERE id = ?");
      assertThat(other).isNotSameAs(first);
    }
  }

  @Test
  void whatMemdbLeavesOutThrowsFeatureNotSupported() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:memdb:test")) {
      assertThatThrownBy(connection::createStatement)
          .isInstanceOf(SQLFeatureNotSupportedException.class);
      PreparedStatement ps = connection.prepareStatement(SELECT);
      assertThatThrownBy(() -> ps.setDouble(1, 1.5))
          .isInstanceOf(SQLFeatureNotSupportedException.class);
    }
  }

  @Test
  void theDataSourceGivesTheSameConnections() throws SQLException {
    try (Connection connection = new MemDataSource().getConnection();
        PreparedStatement ps = connection.prepareStatement(SELECT)) {
      ps.setLong(1, 3);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(3);
      }
    }
  }

  @Test
  void otherUrlsAreLeftToOtherDrivers() throws SQLException {
    assertThat(new MemDriver().acceptsURL("jdbc:h2:mem:x")).isFalse();
    assertThat(new MemDriver().connect("jdbc:h2:mem:x", null)).isNull();
  }
}
