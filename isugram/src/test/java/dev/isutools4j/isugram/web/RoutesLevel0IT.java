package dev.isutools4j.isugram.web;

/** The routes as the original ships them: every slow spot in place. */
class RoutesLevel0IT extends RoutesContract {

  @Override
  int level() {
    return 0;
  }
}
