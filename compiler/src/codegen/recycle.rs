//! Recycled decoding in generated code: what an owned message's
//! `merge_from` adds so that the runtime's `Message::decode_in_place`
//! reads in place of what the message holds and keeps its allocations
//! (the runtime's `__private/recycle.rs` says how). Generated for `Order`:
//!
//! ```ignore
//! const RECYCLES: bool = true;
//! fn merge_from(&mut self, decoder: &mut _rt::Decoder<'_>) -> _rt::MergeResult {
//!     let recycling = _rt::Recycling::start(decoder);
//!     if recycling.on() {
//!         self.id = ::core::default::Default::default();
//!         self.description.clear();
//!         self.unknown_fields.clear();
//!     }
//!     let mut order_lines_at = recycling.cursor();
//!     let mut customer_kept = recycling.on();
//!     let read = _rt::read_fields!(
//!         message self, decoder, wire, Self::field_name;
//!         1 (Varint) => _rt::codec::Int64::merge(wire, &mut self.id, decoder), then 2 Len;
//!         2 (Len) => _rt::codec::String::merge(wire, &mut self.description, decoder), then 4 Len;
//!         4 (Len) =>
//!             _rt::codec::Message::recycle_repeated(
//!                 wire, &mut self.order_lines, &mut order_lines_at, decoder,
//!             ), again Len, then 5 Len;
//!         5 (Len) =>
//!             _rt::codec::Message::recycle_optional(
//!                 wire, &mut self.customer, &mut customer_kept, decoder,
//!             );
//!     );
//!     self.order_lines.truncate(order_lines_at);
//!     if customer_kept {
//!         self.customer = ::core::option::Option::None;
//!     }
//!     read
//! }
//! ```
//!
//! Only messages under a path of
//! [`Config::decode_in_place`](crate::Config::decode_in_place) get this.
//! Outside a recycled decode their cursors start past the lists' ends,
//! the cuts cut nothing, and nothing is kept, so the same code merges. A
//! message whose fields are all numbers has nothing to keep: it gets none
//! of this, and a recycled decode resets it to its default.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::types::{Held, Shape};
use super::{Context, extensions, ident, merge_from};
use crate::config::{BytesType, MapType, StringType};
use crate::model::{Field, Message, MessageId, Scalar, ValueType};
use crate::names;

/// What a recycled decode does with a field before reading, outside a
/// oneof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// A list of messages, strings or bytes: read from its start, into
    /// the elements it holds, through a cursor, and cut at the cursor when
    /// the message ends.
    Elements,
    /// A message, a string or bytes with presence (an `Option`): kept
    /// until the field's first occurrence, read in place of it, and set to
    /// `None` if none came.
    Optional,
    /// A `BTreeMap` whose values hold no reference and are no closed
    /// enum: read through a local (`KeptEntries`) that reads entries in
    /// place of the map's while their keys are the map's, in order.
    Entries,
    /// Cleared, which keeps its buffer: a `String`, a `Vec<u8>`, a list,
    /// another map.
    Clear,
    /// Set to its default: numbers and every other type.
    Reset,
}

impl Keep {
    /// What a recycled decode does with `field`, outside a oneof.
    pub(crate) fn of(cx: &Context, field: &Field) -> Keep {
        let value = field.ty.value();
        let held = Held::of(cx, field);
        match (Shape::of(cx, field), value) {
            (Shape::Repeated, ValueType::Message(_) | ValueType::Scalar(Scalar::String))
            | (Shape::Repeated, ValueType::Scalar(Scalar::Bytes)) => Keep::Elements,
            (
                Shape::Optional,
                ValueType::Message(_) | ValueType::Scalar(Scalar::String | Scalar::Bytes),
            ) => Keep::Optional,
            (Shape::Map, ValueType::Ref(..)) => Keep::Clear,
            (Shape::Map, ValueType::Message(id)) if cx.is_graph(id) => Keep::Clear,
            (Shape::Map, _) if *cx.map_type(field) == MapType::BTreeMap && !held.closed => {
                Keep::Entries
            }
            (Shape::Packed | Shape::Repeated | Shape::Map, _) => Keep::Clear,
            (Shape::Implicit, ValueType::Scalar(Scalar::String))
                if held.string == StringType::String =>
            {
                Keep::Clear
            }
            (Shape::Implicit, ValueType::Scalar(Scalar::Bytes)) if held.bytes == BytesType::Vec => {
                Keep::Clear
            }
            _ => Keep::Reset,
        }
    }
}

/// Whether oneof `index` of `message` keeps its member for a recycled
/// decode: whether a member holds a string, bytes or a message. One that
/// holds only numbers is set to `None` before reading.
pub(crate) fn oneof_keeps(message: &Message, index: usize) -> bool {
    message.oneof_members(index).any(|member| {
        matches!(
            member.ty.value(),
            ValueType::Message(_) | ValueType::Scalar(Scalar::String | Scalar::Bytes)
        )
    })
}

/// Whether message `id` reads in place in a recycled decode: whether it
/// is under a path of [`Config::decode_in_place`](crate::Config::decode_in_place)
/// and has something to keep, a field that is not a number, unknown
/// fields or extensions.
pub(crate) fn recycles(cx: &Context, id: MessageId) -> bool {
    if !cx.decodes_in_place(id) {
        return false;
    }
    let message = cx.schema.message(id);
    let field_keeps = message
        .fields
        .iter()
        .any(|field| field.oneof.is_none() && Keep::of(cx, field) != Keep::Reset);
    let oneof_keeps = (0..message.oneofs.len()).any(|index| oneof_keeps(message, index));
    field_keeps
        || oneof_keeps
        || cx.unknown_fields(id).is_some()
        || extensions::extensions_field(cx, id).is_some()
}

/// The local of `field`'s cursor ([`Keep::Elements`]): `order_lines_at`.
pub(crate) fn cursor(field: &Field) -> Ident {
    merge_from::local(&field.name, "at")
}

/// The local that says the last decode's value of `field`
/// ([`Keep::Optional`]) or of oneof `name` is still there: `customer_kept`.
pub(crate) fn kept(name: &str) -> Ident {
    merge_from::local(name, "kept")
}

/// The statements of message `id`'s `merge_from` for a recycled decode,
/// besides the reads of the kept fields: the decode's `recycling`, the
/// resets of the fields that keep nothing by element, and the locals, all
/// before the loop; after it, the lists cut at their cursors and the kept
/// values no occurrence replaced dropped.
pub(crate) fn statements(cx: &Context, id: MessageId) -> (TokenStream, TokenStream) {
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let mut resets = Vec::new();
    let mut locals = Vec::new();
    let mut after = Vec::new();
    for field in message.fields.iter().filter(|field| field.oneof.is_none()) {
        let member = ident(&names::field_name(&field.name));
        match Keep::of(cx, field) {
            Keep::Elements => {
                let cursor = cursor(field);
                locals.push(quote!(let mut #cursor = recycling.cursor();));
                after.push(quote!(self.#member.truncate(#cursor);));
            }
            Keep::Optional => {
                let kept = kept(&field.name);
                locals.push(quote!(let mut #kept = recycling.on();));
                after.push(quote! {
                    if #kept {
                        self.#member = ::core::option::Option::None;
                    }
                });
            }
            // Left to its local, `KeptEntries` (`message_impl.rs`).
            Keep::Entries => {}
            Keep::Clear => resets.push(quote!(self.#member.clear();)),
            Keep::Reset => resets.push(quote!(self.#member = ::core::default::Default::default();)),
        }
    }
    for (index, oneof) in message.oneofs.iter().enumerate() {
        let member = super::oneof_field(message, index);
        if oneof_keeps(message, index) {
            let kept = kept(&oneof.name);
            locals.push(quote!(let mut #kept = recycling.on();));
            after.push(quote! {
                if #kept {
                    self.#member = ::core::option::Option::None;
                }
            });
        } else {
            resets.push(quote!(self.#member = ::core::option::Option::None;));
        }
    }
    let buffers = [cx.unknown_fields(id), extensions::extensions_field(cx, id)];
    resets.extend(
        buffers
            .into_iter()
            .flatten()
            .map(|field| quote!(self.#field.clear();)),
    );
    let before = quote! {
        let recycling = #rt::Recycling::start(decoder);
        if recycling.on() {
            #(#resets)*
        }
        #(#locals)*
    };
    (before, quote!(#(#after)*))
}

/// The read of one occurrence of `field`, a list whose elements are kept
/// ([`Keep::Elements`]) or a kept message ([`Keep::Optional`]), through
/// its codec, `codec` (`_rt::codec::Message`).
pub(crate) fn read(keep: Keep, field: &Field, codec: &TokenStream) -> TokenStream {
    let member = ident(&names::field_name(&field.name));
    match keep {
        Keep::Elements => {
            let cursor = cursor(field);
            quote!(#codec::recycle_repeated(wire, &mut self.#member, &mut #cursor, decoder))
        }
        _ => {
            let kept = kept(&field.name);
            quote!(#codec::recycle_optional(wire, &mut self.#member, &mut #kept, decoder))
        }
    }
}
