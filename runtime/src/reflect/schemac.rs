//! What schemac's own files mean in a pool: the messages of
//! `schemac/types.proto`, `schemac.Decimal` and `schemac.Value`, which are
//! the scalars `decimal` and `value` of generated code, and the options of
//! `schemac/options.proto`, by which an exported file says what a field
//! means beyond protobuf.
//!
//! A field of `schemac.Decimal` or `schemac.Value` reads as generated
//! code reads it, through the same codec (`dynamic/builtin.rs`): a later decimal replaces an
//! earlier one whole (two decimals do not merge as messages do; two values
//! do, which is generated code's rule for `value` too), what the codec
//! refuses is refused, and without presence a zero decimal or a null value
//! is not written. It has no presence where generated code has none: in a
//! proto3 file without `optional`, and where
//! `[(schemac.implicit_presence) = true]` says so (a `.schema` file
//! exported as proto2).

use crate::__private::codec::{self, Codec};
use crate::extension::read_singular;
use crate::reflect::descriptor::FieldOptions;

/// The number of `(schemac.reference)` in `google.protobuf.FieldOptions`.
pub(super) const REFERENCE_OPTION: u32 = 51201;

/// The number of `(schemac.implicit_presence)` in
/// `google.protobuf.FieldOptions`.
pub(super) const IMPLICIT_PRESENCE_OPTION: u32 = 51202;

/// What a field of graph mode holds, as `(schemac.reference)` says
/// (docs/graph.md): on a list or a map, each element or value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reference {
    /// `ref`: an object that it holds, shared with every other `ref` to it.
    Ref,
    /// `weak`: an object that a `ref`, or the top-level message, holds;
    /// dead once that object is gone.
    Weak,
}

/// The reference that `options` mark a field as, if any.
pub(super) fn reference(options: Option<&FieldOptions>) -> Option<Reference> {
    match read_option::<codec::Int32>(options, REFERENCE_OPTION)? {
        1 => Some(Reference::Ref),
        2 => Some(Reference::Weak),
        _ => None,
    }
}

/// Whether `options` say `[(schemac.implicit_presence) = true]`.
pub(super) fn implicit_presence(options: Option<&FieldOptions>) -> bool {
    read_option::<codec::Bool>(options, IMPLICIT_PRESENCE_OPTION) == Some(true)
}

/// The value of the extension numbered `number` of `options`, of codec
/// `C`; `None` where it is not set or does not read.
fn read_option<C: Codec>(options: Option<&FieldOptions>, number: u32) -> Option<C::Value> {
    let records = &mut options?.extensions.records(number);
    read_singular::<C>(number, records).ok().flatten()
}

/// A message of `schemac/types.proto` that generated code holds as a
/// scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    /// `schemac.Decimal`: `decimal`.
    Decimal,
    /// `schemac.Value`: `value`.
    Value,
}

impl Builtin {
    /// The built-in type of the message named `full_name`, if it is one.
    pub(crate) fn of(full_name: &str) -> Option<Builtin> {
        match full_name {
            "schemac.Decimal" => Some(Builtin::Decimal),
            "schemac.Value" => Some(Builtin::Value),
            _ => None,
        }
    }
}
