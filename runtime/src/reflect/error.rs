//! Why a file could not join a [`DescriptorPool`](super::DescriptorPool).

use crate::prelude::*;
use core::fmt;

use crate::DecodeError;

/// A file that could not join a pool: its bytes do not decode, or it names
/// something the pool does not hold, or takes a name another element has.
/// The pool is as it was before the file.
#[derive(Clone, Debug, PartialEq)]
pub struct DescriptorError {
    file: String,
    message: String,
}

impl DescriptorError {
    pub(super) fn new(file: &str, message: String) -> DescriptorError {
        DescriptorError {
            file: file.to_owned(),
            message,
        }
    }

    pub(super) fn decode(error: DecodeError) -> DescriptorError {
        DescriptorError::new("", format!("the descriptor set does not decode: {error}"))
    }

    /// The name of the file, as its descriptor gives it; empty where the
    /// bytes of a set do not decode.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// What is wrong, without the file's name.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for DescriptorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.file.as_str() {
            "" => f.write_str(&self.message),
            file => write!(f, "{file}: {}", self.message),
        }
    }
}

impl core::error::Error for DescriptorError {}
