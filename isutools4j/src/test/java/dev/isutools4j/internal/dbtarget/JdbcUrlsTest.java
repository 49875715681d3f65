package dev.isutools4j.internal.dbtarget;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JdbcUrlsTest {

  @Test
  void passwordsAreRemoved() {
    assertThat(JdbcUrls.withoutPassword("jdbc:mysql://db:3306/app?user=isu&password=s3cr3t&useSSL=false"))
        .isEqualTo("jdbc:mysql://db:3306/app?user=isu&password=***&useSSL=false");
    assertThat(JdbcUrls.withoutPassword("jdbc:mariadb://isu:s3cr3t@db/app"))
        .isEqualTo("jdbc:mariadb://isu:***@db/app");
    assertThat(JdbcUrls.withoutPassword("jdbc:sqlserver://db;user=a;PWD=x;db=app"))
        .isEqualTo("jdbc:sqlserver://db;user=a;PWD=***;db=app");
    assertThat(JdbcUrls.withoutPassword("jdbc:h2:mem:demo;MODE=MySQL")).isEqualTo("jdbc:h2:mem:demo;MODE=MySQL");
    assertThat(JdbcUrls.withoutPassword("jdbc:mariadb://db/app?user=a&password2=x&trustStorePassword=y&pool=true"))
        .isEqualTo("jdbc:mariadb://db/app?user=a&password2=***&trustStorePassword=***&pool=true");
    assertThat(JdbcUrls.withoutPassword("jdbc:h2:file:/d/app;USER=sa;PASSWORD=x"))
        .isEqualTo("jdbc:h2:file:/d/app;USER=sa;PASSWORD=***");
  }
}
