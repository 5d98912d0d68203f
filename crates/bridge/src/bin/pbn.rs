//! The `pbn` command-line tool: check and format PBN files.

fn main() {}
