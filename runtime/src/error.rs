//! The errors of decoding and encoding.
//!
//! A [`DecodeError`] is an opaque value: it says what went wrong, at which
//! byte of the input, and in which field, as a path such as
//! `Order.order_lines[3].cost`.

use crate::prelude::*;
use alloc::borrow::Cow;
use core::fmt;

use crate::wire::WireType;

/// Why bytes could not be decoded into a message.
///
/// Its `Display` names the field path and the byte offset:
/// `Order.order_lines[3].description: invalid UTF-8 at byte 57`.
#[derive(Clone, PartialEq, Eq)]
pub struct DecodeError {
    // Boxed so that `Result<T, DecodeError>` stays one word wide.
    inner: Box<Inner>,
}

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    kind: Kind,
    offset: usize,
    root: Cow<'static, str>,
    /// Innermost segment first; `Display` walks it backwards.
    path: Vec<Segment>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Field(Cow<'static, str>),
    Index(usize),
    /// An extension, by its full name: `[shop.shelf]`.
    Extension(Cow<'static, str>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Truncated,
    InvalidVarint,
    InvalidWireType(u32),
    InvalidFieldNumber(u64),
    WrongWireType { expected: WireType, found: WireType },
    LengthOutOfBounds { length: u64, remaining: usize },
    InvalidUtf8,
    RecursionLimit(u32),
    InputTooLarge { length: usize, max: usize },
    UnexpectedEndGroup,
    MismatchedEndGroup { expected: u32, found: u32 },
    Invalid(&'static str),
    MissingRequired,
}

impl DecodeError {
    fn new(kind: Kind, offset: usize) -> Self {
        Self {
            inner: Box::new(Inner {
                kind,
                offset,
                root: Cow::Borrowed(""),
                path: Vec::new(),
            }),
        }
    }

    #[cold]
    pub(crate) fn truncated(offset: usize) -> Self {
        Self::new(Kind::Truncated, offset)
    }

    #[cold]
    pub(crate) fn invalid_varint(offset: usize) -> Self {
        Self::new(Kind::InvalidVarint, offset)
    }

    #[cold]
    pub(crate) fn invalid_wire_type(bits: u32, offset: usize) -> Self {
        Self::new(Kind::InvalidWireType(bits), offset)
    }

    #[cold]
    pub(crate) fn invalid_field_number(number: u64, offset: usize) -> Self {
        Self::new(Kind::InvalidFieldNumber(number), offset)
    }

    #[cold]
    pub(crate) fn wrong_wire_type(expected: WireType, found: WireType, offset: usize) -> Self {
        Self::new(Kind::WrongWireType { expected, found }, offset)
    }

    #[cold]
    pub(crate) fn length_out_of_bounds(length: u64, remaining: usize, offset: usize) -> Self {
        Self::new(Kind::LengthOutOfBounds { length, remaining }, offset)
    }

    #[cold]
    pub(crate) fn invalid_utf8(offset: usize) -> Self {
        Self::new(Kind::InvalidUtf8, offset)
    }

    #[cold]
    pub(crate) fn recursion_limit(limit: u32, offset: usize) -> Self {
        Self::new(Kind::RecursionLimit(limit), offset)
    }

    #[cold]
    pub(crate) fn input_too_large(length: usize, max: usize) -> Self {
        Self::new(Kind::InputTooLarge { length, max }, 0)
    }

    #[cold]
    pub(crate) fn unexpected_end_group(offset: usize) -> Self {
        Self::new(Kind::UnexpectedEndGroup, offset)
    }

    /// The end-group key of field `found` where the group of field
    /// `expected` is open.
    #[cold]
    pub(crate) fn mismatched_end_group(expected: u32, found: u32, offset: usize) -> Self {
        Self::new(Kind::MismatchedEndGroup { expected, found }, offset)
    }

    /// A `required` field that the input does not set; its path names it.
    #[cold]
    pub(crate) fn missing_required() -> Self {
        Self::new(Kind::MissingRequired, 0)
    }

    /// This error, found once the input of `length` bytes was read.
    pub(crate) fn at_end(mut self, length: usize) -> Self {
        self.inner.offset = length;
        self
    }

    /// This error, found in input that started `by` bytes into a larger
    /// one: its offset is moved to count from the larger input's start.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.inner.offset = self.inner.offset.saturating_add(by);
        self
    }

    /// Whether a `required` field was missing.
    pub fn is_missing_required(&self) -> bool {
        self.inner.kind == Kind::MissingRequired
    }

    /// An error for a value that is well-formed on the wire but invalid for
    /// its type, such as a decimal whose digits do not fit.
    #[cold]
    pub fn invalid(reason: &'static str, offset: usize) -> Self {
        Self::new(Kind::Invalid(reason), offset)
    }

    /// The byte offset in the input where the problem was found.
    pub fn offset(&self) -> usize {
        self.inner.offset
    }

    /// The path of the field being decoded, such as `Order.order_lines[3].cost`.
    pub fn path(&self) -> String {
        let mut path = self.inner.root.to_string();
        for segment in self.inner.path.iter().rev() {
            match segment {
                Segment::Field(name) => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(name);
                }
                Segment::Index(index) => {
                    path.push('[');
                    path.push_str(&index.to_string());
                    path.push(']');
                }
                Segment::Extension(name) => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push('[');
                    path.push_str(name);
                    path.push(']');
                }
            }
        }
        path
    }

    /// Whether the input ended in the middle of a value.
    pub fn is_truncated(&self) -> bool {
        matches!(
            self.inner.kind,
            Kind::Truncated | Kind::LengthOutOfBounds { .. }
        )
    }

    /// Whether messages were nested deeper than the recursion limit.
    pub fn is_recursion_limit(&self) -> bool {
        matches!(self.inner.kind, Kind::RecursionLimit(_))
    }

    /// Adds the field `name` to the path, outside what is already there.
    /// Generated code calls this as an error leaves a field.
    #[doc(hidden)]
    #[cold]
    pub fn in_field(mut self, name: &'static str) -> Self {
        self.inner.path.push(Segment::Field(name.into()));
        self
    }

    /// Adds the list index `index` to the path, outside what is already there.
    #[doc(hidden)]
    #[cold]
    pub fn at_index(mut self, index: usize) -> Self {
        self.inner.path.push(Segment::Index(index));
        self
    }

    /// Adds the extension named `full_name` to the path, outside what is
    /// already there: `[shop.shelf]`.
    #[cold]
    pub(crate) fn in_extension(mut self, full_name: &'static str) -> Self {
        self.inner.path.push(Segment::Extension(full_name.into()));
        self
    }

    /// Adds a field to the path by a name known at run time (a dynamic
    /// message's): `name`, or `[name]` for an extension.
    #[cfg(feature = "reflect")]
    #[cold]
    pub(crate) fn in_field_named(mut self, name: String, extension: bool) -> Self {
        self.inner.path.push(match extension {
            true => Segment::Extension(name.into()),
            false => Segment::Field(name.into()),
        });
        self
    }

    /// Names the message that decoding started from, by a name known at
    /// run time (a dynamic message's).
    #[cfg(feature = "reflect")]
    #[cold]
    pub(crate) fn in_message_named(mut self, name: String) -> Self {
        self.inner.root = name.into();
        self
    }

    /// Names the message that decoding started from; the path begins with it.
    #[doc(hidden)]
    #[cold]
    pub fn in_message(mut self, name: &'static str) -> Self {
        self.inner.root = name.into();
        self
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Truncated => f.write_str("input ends in the middle of a value"),
            Kind::InvalidVarint => f.write_str("varint longer than 10 bytes or over 64 bits"),
            Kind::InvalidWireType(bits) => write!(f, "invalid wire type {bits}"),
            Kind::InvalidFieldNumber(number) => write!(f, "invalid field number {number}"),
            Kind::WrongWireType { expected, found } => write!(
                f,
                "wire type {} where the schema expects {}",
                found.name(),
                expected.name()
            ),
            Kind::LengthOutOfBounds { length, remaining } => write!(
                f,
                "length prefix of {length} bytes exceeds the {remaining} bytes that remain"
            ),
            Kind::InvalidUtf8 => f.write_str("string is not valid UTF-8"),
            Kind::RecursionLimit(limit) => {
                write!(
                    f,
                    "messages nested deeper than the recursion limit of {limit}"
                )
            }
            Kind::InputTooLarge { length, max } => {
                write!(f, "input of {length} bytes exceeds the maximum of {max}")
            }
            Kind::UnexpectedEndGroup => f.write_str("end-group without a matching start-group"),
            Kind::MismatchedEndGroup { expected, found } => write!(
                f,
                "end-group of field {found} in the group of field {expected}"
            ),
            Kind::Invalid(reason) => f.write_str(reason),
            Kind::MissingRequired => f.write_str("required field is missing"),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path();
        if path.is_empty() {
            write!(f, "{} at byte {}", self.inner.kind, self.inner.offset)
        } else {
            write!(
                f,
                "{path}: {} at byte {}",
                self.inner.kind, self.inner.offset
            )
        }
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeError")
            .field("kind", &self.inner.kind)
            .field("offset", &self.inner.offset)
            .field("path", &self.path())
            .finish()
    }
}

impl core::error::Error for DecodeError {}

/// Why a message could not be encoded: what decoding would refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    kind: EncodeKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum EncodeKind {
    TooDeep {
        depth: u32,
        limit: u32,
    },
    /// The path of a `required` field that is not set.
    MissingRequired(String),
    /// The buffer had room for `remaining` bytes of the `needed`.
    BufferTooSmall {
        needed: usize,
        remaining: usize,
    },
}

impl EncodeError {
    pub(crate) fn too_deep(depth: u32, limit: u32) -> Self {
        Self {
            kind: EncodeKind::TooDeep { depth, limit },
        }
    }

    /// A buffer with room for `remaining` bytes, where the encoding takes
    /// `needed`.
    pub(crate) fn buffer_too_small(needed: usize, remaining: usize) -> Self {
        Self {
            kind: EncodeKind::BufferTooSmall { needed, remaining },
        }
    }

    /// Whether the buffer given had too little room for the encoding.
    pub fn is_buffer_too_small(&self) -> bool {
        matches!(self.kind, EncodeKind::BufferTooSmall { .. })
    }

    /// A `required` field that is not set, as `missing` found it.
    pub(crate) fn missing_required(missing: &DecodeError) -> Self {
        Self {
            kind: EncodeKind::MissingRequired(missing.path()),
        }
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            EncodeKind::TooDeep { depth, limit } => write!(
                f,
                "messages nested {depth} deep, beyond the recursion limit of {limit} that decoding accepts"
            ),
            EncodeKind::MissingRequired(path) => {
                write!(f, "{path}: required field is not set")
            }
            EncodeKind::BufferTooSmall { needed, remaining } => write!(
                f,
                "the encoding takes {needed} bytes, but the buffer has room for {remaining}"
            ),
        }
    }
}

impl core::error::Error for EncodeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_path_innermost_last() {
        let error = DecodeError::invalid_utf8(57)
            .in_field("description")
            .at_index(3)
            .in_field("order_lines")
            .in_message("Order");
        assert_eq!(error.path(), "Order.order_lines[3].description");
        assert_eq!(
            error.to_string(),
            "Order.order_lines[3].description: string is not valid UTF-8 at byte 57"
        );
        assert_eq!(error.offset(), 57);
    }

    #[test]
    fn display_without_a_path_still_gives_the_offset() {
        assert_eq!(
            DecodeError::truncated(4).to_string(),
            "input ends in the middle of a value at byte 4"
        );
    }

    #[test]
    fn result_of_decode_error_is_small() {
        assert_eq!(
            core::mem::size_of::<DecodeError>(),
            core::mem::size_of::<usize>()
        );
    }
}
