//! `fn merge_from` of an owned message or a view: its fields read in the
//! order writers put them, each expecting the next.
//!
//! Writers put fields in the order of their numbers, so after reading a
//! field numbered 1 to 15 outside a oneof, `merge_from` looks at the next
//! byte for the key of the next such field (`Decoder::read_key_if`): one
//! byte compared, where the loop decodes the key and looks up the field.
//! Each field's read is written once. The loop decodes a key; a `match` on
//! its number and wire type sends a oneof's member, a field numbered above
//! 15 and an unknown field (a number the message does not declare, or one
//! under another wire type than its field's) to `merge_field`, which reads
//! only those, and any other key to the reads of fields 1 to 15, each
//! behind `if number <= n`. From the read of its field, the loop goes on
//! through the reads that follow while each field is followed by the next.
//! Once a field has been read, the test before the next is known to hold,
//! and LLVM drops it. Generated for `Tree`:
//!
//! ```ignore
//! let (error, number) = 'fields: loop {
//!     if !decoder.has_remaining() {
//!         return Ok(());
//!     }
//!     let (number, mut wire) = decoder.read_key()?;
//!     match (number, wire) {
//!         (1 | 3, _rt::WireType::Varint) => {}
//!         (2 | 4, _rt::WireType::Len) => {}
//!         _ => match self.merge_field(number, wire, decoder) { .. },
//!     }
//!     if number <= 1 {
//!         match _rt::codec::Uint32::merge(wire, &mut self.id, decoder) {
//!             Ok(()) => {}
//!             Err(error) => break 'fields (error, 1),
//!         }
//!         if !decoder.read_key_if(2, _rt::WireType::Len, &mut wire) {
//!             continue 'fields;
//!         }
//!     }
//!     // … fields 2 and 3 alike; field 4, a list, expected again too.
//! };
//! Err(_rt::field::field_error(error, number, Self::field_name))
//! ```
//!
//! Decoding the bench's tree, Order-100 and wide messages this way takes
//! 7 to 15 % fewer instructions than through `merge_field` alone
//! (docs/journal/benchmarks-2026-12.md, "fields read in order, landed").

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::types::{Held, Shape};
use super::{Context, field_number};
use crate::model::{Field, FieldType};

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
/// serving, when there is nothing to read itself and the message is
/// neither recursive nor a group's. A group's message ends at an
/// end-group key, which the loop hands to `Decoder::end_group` before
/// looking at its number: only a key decoded in general can be one, so
/// the fields read in order pay nothing for it.
///
/// A field numbered 1 to 15 is expected after the one before it; a list or
/// a map, after itself too. Fields numbered above 15 in `reads` have an arm
/// of their own and expect nothing.
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
    if reads.is_empty() && !recursive && !group {
        return TokenStream::new();
    }
    let (chain, own): (Vec<&FieldRead>, Vec<&FieldRead>) =
        reads.iter().partition(|read| read.field.wire_number() < 16);
    let chain_arms = chain_arms(cx, &chain);
    let own_arms = own.iter().map(|FieldRead { field, read }| {
        let number = field_number(field);
        let pattern = field_pattern(cx, field);
        quote! {
            #pattern => match #read {
                Ok(()) => continue 'fields,
                Err(error) => break 'fields (error, #number),
            },
        }
    });
    let others = quote! {
        match self.merge_field(number, wire, decoder) {
            Ok(()) => continue 'fields,
            Err(error) => break 'fields (error, number),
        }
    };
    let dispatch = match chain.is_empty() && own.is_empty() {
        true => others,
        false => quote! {
            match (number, wire) {
                #(#chain_arms)*
                #(#own_arms)*
                _ => #others,
            }
        },
    };
    let chain_reads = chain.iter().enumerate().map(|(position, read)| {
        let number = field_number(read.field);
        let value = &read.read;
        let mut read_all = quote! {
            match #value {
                Ok(()) => {}
                Err(error) => break 'fields (error, #number),
            }
        };
        if repeats(read.field) {
            let wire = expected_wire(cx, read.field);
            read_all = quote! {
                loop {
                    #read_all
                    if !decoder.read_key_if(#number, #wire, &mut wire) {
                        break;
                    }
                }
            };
        }
        let expect_next = chain.get(position + 1).map(|next| {
            let number = field_number(next.field);
            let wire = expected_wire(cx, next.field);
            quote! {
                if !decoder.read_key_if(#number, #wire, &mut wire) {
                    continue 'fields;
                }
            }
        });
        quote! {
            if number <= #number {
                #read_all
                #expect_next
            }
        }
    });
    let expects = chain.len() > 1 || chain.iter().any(|read| repeats(read.field));
    let wire = match expects {
        true => quote!(mut wire),
        false => quote!(wire),
    };
    let read_key = match after.is_empty() {
        true => quote!(decoder.read_key()?),
        false => quote! {
            match decoder.read_key() {
                Ok(key) => key,
                Err(error) => {
                    #after
                    return Err(error);
                }
            }
        },
    };
    let end_group = group.then(|| {
        quote! {
            if wire == #rt::WireType::EndGroup {
                #after
                return decoder.end_group(number);
            }
        }
    });
    let fields = quote! {
        let (error, number) = 'fields: loop {
            if !decoder.has_remaining() {
                #after
                return Ok(());
            }
            let (number, #wire) = #read_key;
            #end_group
            #dispatch
            #(#chain_reads)*
        };
        #after
        Err(#rt::field::field_error(error, number, #field_name))
    };
    // As the trait's default, which this replaces, is.
    let inline = match recursive {
        true => out_of_line(),
        false => quote!(#[inline]),
    };
    quote! {
        #inline
        fn merge_from(
            &mut self,
            decoder: &mut #rt::Decoder<#lifetime>,
        ) -> ::core::result::Result<(), #rt::DecodeError> {
            #before
            #fields
        }
    }
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

/// The arms of the fields `merge_from` reads in order, which go on to
/// their reads: one per set of wire types the fields are read from, each
/// matching its fields' numbers, runs of them as ranges, and those wire
/// types (`(1..=4, _rt::WireType::Len) => {}`).
fn chain_arms(cx: &Context, chain: &[&FieldRead]) -> Vec<TokenStream> {
    let mut groups: Vec<(&[&str], Vec<u32>)> = Vec::new();
    for read in chain {
        let wire_types = read.field.wire_types_read();
        let number = read.field.wire_number();
        match groups.iter_mut().find(|(other, _)| *other == wire_types) {
            Some((_, numbers)) => numbers.push(number),
            None => groups.push((wire_types, vec![number])),
        }
    }
    (groups.into_iter())
        .map(|(wire_types, numbers)| {
            let numbers = patterns(numbers.into_iter());
            let wire_types = wire_types_pattern(cx, wire_types);
            quote!((#(#numbers)|*, #wire_types) => {})
        })
        .collect()
}

/// Whether `field` may come several times in a row: a list or a map.
fn repeats(field: &Field) -> bool {
    matches!(field.ty, FieldType::List(_) | FieldType::Map(..))
}

/// Patterns matching `numbers`, ascending: a run of three or more as a
/// range, `1..=15`.
fn patterns(numbers: impl Iterator<Item = u32>) -> Vec<TokenStream> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for number in numbers {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == number => *last = number,
            _ => runs.push((number, number)),
        }
    }
    let literal = Literal::u32_unsuffixed;
    runs.into_iter()
        .flat_map(|(first, last)| match last - first {
            0 | 1 => (first..=last)
                .map(|number| literal(number).into_token_stream())
                .collect(),
            _ => {
                let (first, last) = (literal(first), literal(last));
                vec![quote!(#first..=#last)]
            }
        })
        .collect()
}

/// The wire type `field` is written with: a packed list and a map under
/// `Len`, a group under `StartGroup`, any other field as its values' wire
/// class says
/// ([`ValueType::wire_class`](crate::model::ValueType::wire_class)). Only
/// a guess at the next key: were it wrong, the key would be decoded in
/// general, which gives the same wire type `Decoder::read_key_if` would
/// have.
fn expected_wire(cx: &Context, field: &Field) -> TokenStream {
    let rt = &cx.runtime;
    let wire = match Shape::of(cx, field) {
        Shape::Packed | Shape::Map => "Len",
        _ if Held::of(cx, field).group => "StartGroup",
        Shape::Implicit | Shape::Optional | Shape::Repeated => {
            field.ty.value().wire_class().wire_type()
        }
    };
    let wire = format_ident!("{wire}");
    quote!(#rt::WireType::#wire)
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
