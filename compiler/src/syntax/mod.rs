//! Syntax: schema text to a syntax tree, for `.schema` files ([`parse`],
//! in [`schema`]) and `.proto` files ([`proto`]), by two recursive-descent
//! parsers, one function per construct.
//!
//! Both read with the token [`cursor`], over the tokens of [`lexer`],
//! protobuf's tokenizer written once, whose modes hold what differs
//! between the languages' tokens (the `.schema` language's strings,
//! integers and doc comments). The cursor holds what reading a grammar
//! takes beside the grammar: the token looked at, expecting one and
//! reporting what is there instead, skipping a statement that failed so
//! that every broken statement is reported, and reading the statements of
//! a block. Both read option names and values, and message literals, with
//! [`literal`].

mod cursor;
mod lexer;
mod literal;
pub mod proto;
mod schema;

pub(crate) use literal::parse_uint;
pub use schema::parse;
