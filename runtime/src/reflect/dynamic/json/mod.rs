//! ProtoJSON for dynamic messages (features `reflect` and `json`), as the
//! serde impls of generated code write and read it (docs/json.md), from
//! the same code: each scalar goes through its runtime codec's
//! [`JsonCodec`](crate::json::JsonCodec) impl, and each well-known type
//! through the codec of its runtime type, the message's bytes decoded as
//! that type on the way out and encoded from it on the way in. What is
//! written here is the part that generated code has in its `json_fields!`
//! calls: which fields are written, under which names, and how a JSON
//! object's keys find them.
//!
//! A field of `schemac.Decimal` or `schemac.Value` (`schemac/types.proto`)
//! is the `decimal` or `value` that generated code makes of it, with their
//! JSON.
//!
//! Two things go beyond generated code, since a pool knows every type: an
//! `Any` of any message type of the pool has its JSON (`@type` found in
//! the pool), and the fields are written under their JSON names
//! (`orderLines`) unless [`JsonOptions::proto_field_names`] asks for the
//! names of the schema, which generated code writes by default.

mod graph;
mod kinds;
mod read;
mod write;

use crate::prelude::*;
use core::fmt;

use crate::reflect::Kind;

/// How a dynamic message is written to and read from ProtoJSON: the
/// names its fields are written under, and whether reading skips the keys
/// it does not know.
///
/// ```
/// use schemac_runtime::reflect::JsonOptions;
/// let options = JsonOptions::new().ignore_unknown_fields(true);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JsonOptions {
    ignore_unknown_fields: bool,
    proto_field_names: bool,
}

impl JsonOptions {
    /// ProtoJSON's defaults: fields written under their JSON names
    /// (`json_name`, or the name in lowerCamelCase), and unknown keys
    /// refused.
    pub const fn new() -> Self {
        JsonOptions {
            ignore_unknown_fields: false,
            proto_field_names: false,
        }
    }

    /// Whether reading skips a key that names no field or extension of its
    /// message, and an enum value's name that the enum does not have (a
    /// singular field is then left unset, a list's element or a map's
    /// entry left out), as ProtoJSON's `ignore_unknown_fields` and
    /// [`ignoring_unknown_fields`](crate::json::ignoring_unknown_fields)
    /// do. A closed enum's number that it does not name is refused all
    /// the same. Off by default.
    pub const fn ignore_unknown_fields(mut self, ignore: bool) -> Self {
        self.ignore_unknown_fields = ignore;
        self
    }

    /// Whether fields are written under their names in the schema
    /// (`order_lines`), as generated serde impls write them by default,
    /// rather than under their JSON names (`orderLines`): ProtoJSON's
    /// `preserving_proto_field_name`. Reading takes both names either way.
    /// Off by default.
    pub const fn proto_field_names(mut self, proto: bool) -> Self {
        self.proto_field_names = proto;
        self
    }
}

impl JsonOptions {
    /// Whether reading skips unknown keys and enum names.
    pub const fn get_ignore_unknown_fields(&self) -> bool {
        self.ignore_unknown_fields
    }

    /// Whether fields are written under their names in the schema.
    pub const fn get_proto_field_names(&self) -> bool {
        self.proto_field_names
    }
}

/// Why a dynamic message could not be written to or read from JSON: what,
/// and where, as a path from the top-level message's type
/// (`shop.Order.lines[2].price`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    path: String,
    reason: String,
}

impl JsonError {
    /// The path of the value at fault: the top-level message's full name,
    /// then `.field`, `.[extension.name]`, `[index]` and `["key"]` steps;
    /// empty when the text is not JSON at all.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What is wrong, without the path.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path.is_empty() {
            true => f.write_str(&self.reason),
            false => write!(f, "{}: {}", self.path, self.reason),
        }
    }
}

impl core::error::Error for JsonError {}

/// Where a value is in the message being written or read: a chain of
/// steps on the stack, made into text only for an error.
#[derive(Clone, Copy)]
enum Path<'p> {
    /// The top-level message, by its type's full name.
    Root(&'p str),
    /// A field of the message at a path, by the name it is known by here.
    Field(&'p Path<'p>, &'p str),
    /// An extension, by its full name.
    Extension(&'p Path<'p>, &'p str),
    /// An element of a list.
    Index(&'p Path<'p>, usize),
    /// The value of a map's key.
    Key(&'p Path<'p>, &'p str),
}

impl<'p> Path<'p> {
    fn field(&'p self, name: &'p str) -> Path<'p> {
        Path::Field(self, name)
    }

    fn index(&'p self, index: usize) -> Path<'p> {
        Path::Index(self, index)
    }

    fn key(&'p self, key: &'p str) -> Path<'p> {
        Path::Key(self, key)
    }

    /// An error at this path.
    fn error(&self, reason: impl fmt::Display) -> JsonError {
        JsonError {
            path: self.to_string(),
            reason: reason.to_string(),
        }
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root(name) => f.write_str(name),
            Path::Field(parent, name) => write!(f, "{parent}.{name}"),
            Path::Extension(parent, name) => write!(f, "{parent}.[{name}]"),
            Path::Index(parent, index) => write!(f, "{parent}[{index}]"),
            Path::Key(parent, key) => write!(f, "{parent}[{key:?}]"),
        }
    }
}

/// The full name of the JSON `Any`, which dynamic messages write and read
/// themselves, so that `@type` is found in the pool.
const ANY: &str = "google.protobuf.Any";

/// The full name of `Empty`, whose `Any` has no `value`.
const EMPTY: &str = "google.protobuf.Empty";

/// The full name of the enum whose only value is JSON's `null`.
const NULL_VALUE: &str = "google.protobuf.NullValue";

/// Whether `null` is a value of kind `kind`, as it is of
/// `google.protobuf.Value` and `NullValue`, rather than no value: as the
/// codec of the kind says.
fn null_is_a_value(kind: Kind<'_>) -> bool {
    match kind {
        Kind::Message(message) => {
            kinds::with_well_known(message.full_name(), kinds::NullIsAValue).unwrap_or(false)
        }
        Kind::Enum(enumeration) => enumeration.full_name() == NULL_VALUE,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
