package dev.isutools4j.isugram.web;

/** The routes fully tuned: batched lists, in-process digest, picture files, user cache. */
class RoutesLevel5IT extends RoutesContract {

  @Override
  int level() {
    return 5;
  }
}
