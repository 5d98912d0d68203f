//! Portable Bridge Notation: whole PBN files, read and written.
