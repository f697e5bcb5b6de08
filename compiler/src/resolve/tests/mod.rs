//! Unit tests of resolve: on hand-built syntax trees (`trees`), and on
//! schema text through the whole front end (`text`).

mod text;
mod trees;
