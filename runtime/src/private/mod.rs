//! What generated code uses, and hand-written code has no use for: the
//! codecs whose associated functions it calls for each field
//! (`codec.rs`, `shapes.rs`), the shape functions they forward to
//! (`field.rs`, and the decode core under them, `merge.rs`, with its fast
//! paths `packed.rs` and `string_run.rs`), closed enums (`closed.rs`),
//! the other Rust types a field may be held in (`representations.rs`),
//! the macros of its forwarding impls and of its field reading
//! (`forwarding.rs`, `read_fields.rs`), the version handshake
//! (`handshake.rs`), recycled decoding's reads (`recycle.rs`), and the
//! embedded descriptors' pool (`described.rs`). The crate's other modules use these too, to
//! implement the well-known types, views, JSON and extensions as
//! generated code would.
//!
//! This module is the crate's hidden `__private`: besides its own
//! modules it re-exports the public items generated code names, so that
//! one alias (`use ::schemac_runtime::__private as _rt;`) reaches all of
//! it. None of it is semver-stable.

pub(crate) mod closed;
pub mod codec;
#[cfg(feature = "reflect")]
pub mod described;
pub mod field;
mod forwarding;
mod handshake;
pub(crate) mod merge;
mod merge_field;
pub(crate) mod packed;
mod read_fields;
pub mod recycle;
pub(crate) mod representations;
mod shapes;
pub(crate) mod string_run;

#[cfg(feature = "compact_str")]
pub use crate::CompactString;
#[cfg(feature = "litemap")]
pub use crate::LiteMap;
pub use handshake::{VERSION, check_version};
pub use recycle::{KeptEntries, Recycling};
/// The `alloc` crate, through which generated code names `Vec`,
/// `String`, `Box` and `BTreeMap`, so that it builds without `std`.
pub extern crate alloc;
pub use crate::extension::read_message_set_item;
/// The gRPC codec and tonic, which generated tonic services name.
#[cfg(feature = "tonic")]
pub use crate::grpc;
#[cfg(feature = "json")]
pub use crate::json;
pub use crate::unknown::{Discard, UnknownSink};
#[cfg(feature = "reflect")]
pub use crate::{__described as described, __descriptor_pool as descriptor_pool, reflect};
#[cfg(feature = "json")]
pub use crate::{
    __enum_serde as enum_serde, __json_fields as json_fields, __message_serde as message_serde,
};
pub use crate::{
    __enumeration as enumeration, __full_name as full_name, __merge_member as merge_member,
    __read_fields as read_fields, __unknown_fields_at as unknown_fields_at, __view as view_of,
};
pub use crate::{
    Decimal, DecodeError, DecodeOptions, Decoder, DynamicValue, DynamicValueView, Enumeration,
    InfallibleEncode, Message, MessageView, Name, UnknownFields, WireType, Writer, graph, view,
    wkt,
};
pub use crate::{Extendable, Extension, ExtensionSet, RepeatedExtension};
/// What a generated `merge_from` and `merge_field` return.
pub type MergeResult = ::core::result::Result<(), crate::DecodeError>;
pub use bytes::Bytes;
#[cfg(feature = "tonic")]
pub use tonic;
