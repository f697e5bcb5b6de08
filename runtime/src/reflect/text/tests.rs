//! Tests of the text format.
