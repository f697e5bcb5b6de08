//! The error of reading the text format: what is wrong, and where.

use crate::prelude::*;
use core::fmt;

use super::token::Position;

/// Why a text is not a message of the type it was read as, and where:
/// the line and column (from 1, in characters) of the token at fault.
/// Its `Display` is `line:column: message`, as protoc writes its errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    line: usize,
    column: usize,
    message: String,
}

impl TextError {
    pub(super) fn new(at: Position, message: impl Into<String>) -> Self {
        TextError {
            line: at.line,
            column: at.column,
            message: message.into(),
        }
    }

    /// The line of the token at fault, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the token at fault, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl core::error::Error for TextError {}
