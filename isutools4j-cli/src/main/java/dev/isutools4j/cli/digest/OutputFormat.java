package dev.isutools4j.cli.digest;

/** How rows are printed: {@code --format}. */
enum OutputFormat {
  /** A text table with borders, as alp prints it; headers are names. */
  table,
  /** A Markdown table; headers are names. */
  markdown,
  /** Tab-separated values; the header row holds the JSON keys. */
  tsv,
  /** Comma-separated values (RFC 4180 quoting); the header row holds the JSON keys. */
  csv,
  /** One JSON document: the summary and the rows, with the run snapshot's field names. */
  json
}
