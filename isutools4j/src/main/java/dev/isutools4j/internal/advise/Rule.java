package dev.isutools4j.internal.advise;

import java.util.List;

/**
 * One check of the checklist: a pure function of the run and its environment, so it is tested
 * without servers. Most rules yield one finding; a rule over many items (query plans) may yield
 * one per item.
 */
public interface Rule {

  /** The stable id every finding of this rule carries. */
  String id();

  List<Finding> check(AdvisorInput in);
}
