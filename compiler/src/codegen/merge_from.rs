//! `fn merge_from` of an owned message or a view: a call of the runtime's
//! `read_fields!`, which reads fields 1 to 15 in the order writers put
//! them, each expecting the next (its doc says how), with one entry a
//! field. Generated for `Tree`:
//!
//! ```ignore
//! #[inline]
//! fn merge_from(&mut self, decoder: &mut _rt::Decoder<'_>) -> _rt::MergeResult {
//!     _rt::read_fields!(
//!         message self, decoder, wire, Self::field_name;
//!         1 (Varint) => _rt::codec::Uint32::merge(wire, &mut self.id, decoder), then 2 Len;
//!         2 (Len) => _rt::codec::String::merge(wire, &mut self.label, decoder), then 3 Varint;
//!         3 (Varint) => _rt::codec::Int64::merge(wire, &mut self.weight, decoder), then 4 Len;
//!         4 (Len) => _rt::codec::Message::merge_repeated(wire, &mut self.children, decoder), again Len;
//!     )
//! }
//! ```
//!
//! Decoding the bench's tree, Order-100 and wide messages this way takes
//! 7 to 15 % fewer instructions than through `merge_field` alone
//! (docs/journal/benchmarks-2026-12.md, "fields read in order, landed").
//! The render stage lays the call out, an entry a line
//! ([`render`](crate::render)).

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::types::{Held, Shape};
use super::{Context, field_number, ident};
use crate::model::{Field, FieldType};
use crate::names;

/// The read of one occurrence of a field that `merge_from` reads itself,
/// rather than through `merge_field`: an expression of `wire`, `decoder`
/// and `self`.
pub(crate) struct FieldRead<'f> {
    pub(crate) field: &'f Field,
    pub(crate) read: TokenStream,
}

/// What a message's `merge_from` needs besides its fields' reads.
pub(crate) struct MergeFrom {
    /// The decoder's lifetime.
    pub(crate) lifetime: TokenStream,
    /// The path of the message's `field_name` function, which names the
    /// field in the path of an error.
    pub(crate) field_name: TokenStream,
    /// Whether the message contains itself: its `merge_from` is then kept
    /// out of line.
    pub(crate) recursive: bool,
    /// Whether a group field holds the message: its fields then end at an
    /// end-group key too, which `Decoder::end_group` checks.
    pub(crate) group: bool,
    /// Statements before the loop, and after it, whether it ends with the
    /// message or with an error: a sorted map's entries gathered, and
    /// built into it.
    pub(crate) before: TokenStream,
    pub(crate) after: TokenStream,
}

/// `fn merge_from` reading `reads` itself, in the order of their numbers,
/// and every other field through `merge_field`; none, the trait's default
/// serving, when there is nothing to read itself nor to do before, and
/// the message is neither recursive nor a group's.
///
/// A field numbered 1 to 15 outside a oneof is expected after the one
/// before it; a list or a map, after itself too. Oneof members and fields
/// numbered above 15 in `reads` are `only` entries, which expect nothing.
pub(crate) fn expand_merge_from(
    cx: &Context,
    reads: &[FieldRead],
    merge: &MergeFrom,
) -> TokenStream {
    let rt = &cx.runtime;
    let MergeFrom {
        lifetime,
        field_name,
        recursive,
        group,
        before,
        after,
    } = merge;
    if reads.is_empty() && before.is_empty() && !recursive && !group {
        return TokenStream::new();
    }
    let (chain, only): (Vec<&FieldRead>, Vec<&FieldRead>) = reads
        .iter()
        .partition(|read| read.field.oneof.is_none() && read.field.wire_number() < 16);
    let chain_entries = chain.iter().enumerate().map(|(position, read)| {
        let number = field_number(read.field);
        let wire_types = wire_types_read(read.field);
        let value = &read.read;
        let again = repeats(read.field).then(|| {
            let wire = expected_wire(cx, read.field);
            quote!(, again #wire)
        });
        let then = chain.get(position + 1).map(|next| {
            let number = field_number(next.field);
            let wire = expected_wire(cx, next.field);
            quote!(, then #number #wire)
        });
        quote!(#number (#wire_types) => #value #again #then;)
    });
    let only_entries = only.iter().map(|read| {
        let number = field_number(read.field);
        let wire_types = wire_types_read(read.field);
        let value = &read.read;
        quote!(only #number (#wire_types) => #value;)
    });
    let kind = match group {
        true => quote!(group),
        false => quote!(message),
    };
    let read_fields = quote! {
        #rt::read_fields!(
            #kind self, decoder, wire, #field_name;
            #(#chain_entries)*
            #(#only_entries)*
        )
    };
    // Statements that run however the loop ends. Run at each of its exits
    // instead (a `finally` clause of the macro), they cost the decode of
    // the bench's Order-100 0.7% more instructions.
    let read_fields = match after.is_empty() {
        true => read_fields,
        false => quote! {
            let read = #read_fields;
            #after
            read
        },
    };
    // As the trait's default, which this replaces, is.
    let inline = match recursive {
        true => out_of_line(),
        false => quote!(#[inline]),
    };
    quote! {
        #inline
        fn merge_from(&mut self, decoder: &mut #rt::Decoder<#lifetime>) -> #rt::MergeResult {
            #before
            #read_fields
        }
    }
}

/// A local of `merge_from` for the field or oneof `name`, named after it
/// with `suffix` (`attributes_entries`, `order_lines_at`): so that no two
/// clash, nor any with the loop's own locals.
pub(crate) fn local(name: &str, suffix: &str) -> Ident {
    let name = names::field_name(name);
    ident(&format!("{}_{suffix}", name.trim_start_matches("r#")))
}

/// The fields of `fields` (by number) that `merge_from` reads in order,
/// each expecting the next: those numbered 1 to 15, whose key is one
/// byte, outside a oneof. None when that gains nothing: a single field
/// that is not a list or a map (which expects itself again).
pub(crate) fn read_in_order<'f>(fields: &[&'f Field]) -> Vec<&'f Field> {
    let in_order: Vec<&Field> = fields
        .iter()
        .copied()
        .filter(|field| field.oneof.is_none() && field.wire_number() < 16)
        .collect();
    match in_order.as_slice() {
        [field] if !repeats(field) => Vec::new(),
        _ => in_order,
    }
}

/// The fields of `fields` that are not among `read`, those `merge_from`
/// reads itself: the fields `merge_field` reads.
pub(crate) fn read_by_merge_field<'f>(fields: &[&'f Field], read: &[&Field]) -> Vec<&'f Field> {
    fields
        .iter()
        .copied()
        .filter(|field| !read.iter().any(|read| read.number == field.number))
        .collect()
}

/// The pattern of `field`'s arm in a `match` on the number and the wire
/// type of a key just read, `(number, wire)`: the field's number and the
/// wire types it is read from ([`Field::wire_types_read`]). A key of the
/// field's number and another wire type falls through to the last arm, as
/// an unknown field: protobuf's implementations keep it so, rather than
/// refuse the message.
pub(crate) fn field_pattern(cx: &Context, field: &Field) -> TokenStream {
    let number = field_number(field);
    let wire_types = wire_types_pattern(cx, field.wire_types_read());
    quote!((#number, #wire_types))
}

/// A pattern of the runtime's wire types `names`: `_rt::WireType::Varint
/// | _rt::WireType::Len`.
fn wire_types_pattern(cx: &Context, names: &[&str]) -> TokenStream {
    let rt = &cx.runtime;
    let names = names.iter().map(|name| format_ident!("{name}"));
    quote!(#(#rt::WireType::#names)|*)
}

/// The wire types `field` is read from ([`Field::wire_types_read`]), as
/// `read_fields!` takes them: `Varint | Len`.
fn wire_types_read(field: &Field) -> TokenStream {
    let names = field
        .wire_types_read()
        .iter()
        .map(|name| format_ident!("{name}"));
    quote!(#(#names)|*)
}

/// Whether `field` may come several times in a row: a list or a map.
fn repeats(field: &Field) -> bool {
    matches!(field.ty, FieldType::List(_) | FieldType::Map(..))
}

/// The wire type `field` is written with: a packed list and a map under
/// `Len`, a group under `StartGroup`, any other field as its values' wire
/// class says
/// ([`ValueType::wire_class`](crate::model::ValueType::wire_class)). Only
/// a guess at the next key: were it wrong, the key would be decoded in
/// general, which gives the same wire type `Decoder::read_key_if` would
/// have.
fn expected_wire(cx: &Context, field: &Field) -> Ident {
    let wire = match Shape::of(cx, field) {
        Shape::Packed | Shape::Map => "Len",
        _ if Held::of(cx, field).group => "StartGroup",
        Shape::Implicit | Shape::Optional | Shape::Repeated => {
            field.ty.value().wire_class().wire_type()
        }
    };
    format_ident!("{wire}")
}

/// The attribute that keeps a recursive message's `merge_from` out of
/// line. Decoding such a message calls itself, and LLVM breaks that cycle
/// somewhere: left to itself, at a field's read, so that every field of
/// every nested message cost a call. Out of line, `merge_from` is the one
/// call per message, and the reads stay in its loop: 7% fewer
/// instructions decoding the bench's tree
/// (docs/journal/benchmarks-2026-12.md, "recursive messages").
fn out_of_line() -> TokenStream {
    quote!(#[inline(never)])
}
