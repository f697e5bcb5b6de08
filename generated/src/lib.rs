//! The code schemac generates for every schema in `schemas/`, checked in.
//!
//! `make generate` rewrites the package files; a test in `tests/` fails when
//! they differ from what schemac produces now.
