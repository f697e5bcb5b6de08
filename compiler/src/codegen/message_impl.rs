//! The `Message` impl of a message: measuring, writing and merging its
//! fields through the associated functions of their codecs, one call per
//! field.
//!
//! Fields are encoded in number order, the member of a oneof that is set
//! at its own number ([`Message::encoding_order`]), as Google's protobuf
//! writes them. prost writes a oneof at the place of its lowest member;
//! the bytes differ only where other fields' numbers fall between a
//! oneof's. A message with extension ranges writes its extensions after
//! its fields, and a message that keeps unknown fields writes them last,
//! as they were read.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::merge_from::{self, FieldRead, MergeFrom};
use super::recycle::{self, Keep};
use super::required::{self, Checker};
use super::{Context, extensions, graph, ident, oneof, type_ident, types};
use crate::model::{EncodingStep, Field, FieldType, MessageId, ValueType};
use crate::names;
use types::{Action, Shape, field_call};

/// `impl Message for Name { ... }` for message `id`, whose struct is in
/// `scope`, and `impl Name` with its full name, which `Any` knows it by,
/// with `impl InfallibleEncode` where its encoding cannot fail (one
/// `full_name!`).
pub(crate) fn expand_message_impl(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let ident = type_ident(&message.name);
    let name = &message.name;
    let full_name = &message.full_name;
    let fields = message.fields_by_number();
    let measure = expand_measure_fields(cx, scope, id);
    let write = expand_write_fields(cx, scope, id);
    let recycles = recycle::recycles(cx, id);
    let (merge_from, read_by_merge_from) = expand_merge_from(cx, scope, id, &fields, recycles);
    let others = merge_from::read_by_merge_field(&fields, &read_by_merge_from);
    let merge = expand_merge_field(cx, scope, id, &others);
    let field_name = expand_field_name(&fields);
    let check_required = required::expand_check_required(cx, scope, id, Checker::Owned);
    let graph = graph::expand_graph_items(cx, scope, id);
    let infallible = cx.infallible_encode(id).then(|| quote!(, infallible));
    let recycles_const = recycles.then(|| {
        quote!(
            const RECYCLES: bool = true;
        )
    });
    quote! {
        impl #rt::Message for #ident {
            const NAME: &'static str = #name;

            #recycles_const

            #graph

            #measure

            #write

            #merge

            #merge_from

            #field_name

            #check_required
        }

        #rt::full_name!(#ident, #full_name #infallible);
    }
}

/// `fn measure_fields`: the sum of every field's encoded length.
fn expand_measure_fields(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let steps = cx.schema.message(id).encoding_order();
    let unknown = cx.unknown_fields(id).map(|field| quote!(self.#field.len()));
    let extensions = extensions::measure_term(cx, id);
    let count = steps.len() + usize::from(unknown.is_some()) + usize::from(extensions.is_some());
    let mut terms: Vec<TokenStream> = steps
        .iter()
        .enumerate()
        .map(|(position, step)| match step {
            EncodingStep::Field(field) => {
                let call = field_call(cx, scope, field, Action::Measure);
                let number = Literal::u32_unsuffixed(field.wire_number());
                let value = field_value(cx, field);
                quote!(#call(#number, #value))
            }
            EncodingStep::Oneof { oneof, members } => {
                let term = oneof::expand_oneof_measure(cx, scope, id, *oneof, members);
                // A `match` that starts a sum would be read as a statement.
                if position == 0 && count > 1 {
                    quote!((#term))
                } else {
                    term
                }
            }
        })
        .collect();
    terms.extend(extensions);
    terms.extend(unknown);
    if terms.is_empty() {
        terms.push(quote!(0));
    }
    quote! {
        fn measure_fields(&self) -> usize {
            #(#terms)+*
        }
    }
}

/// `fn write_fields`: every field, back to front, since the writer puts
/// what it writes before what it has: unknown fields first (they come
/// last), then the extensions, then the known fields from the highest
/// number down.
fn expand_write_fields(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let rt = &cx.runtime;
    let unknown = cx
        .unknown_fields(id)
        .map(|field| quote!(self.#field.write(writer);));
    let mut statements: Vec<TokenStream> = unknown.into_iter().collect();
    statements.extend(extensions::write_statement(cx, id));
    let steps = cx.schema.message(id).encoding_order();
    statements.extend(steps.iter().rev().map(|step| match step {
        EncodingStep::Field(field) => {
            let call = field_call(cx, scope, field, Action::Write);
            let number = Literal::u32_unsuffixed(field.wire_number());
            let value = field_value(cx, field);
            quote!(#call(#number, #value, writer);)
        }
        EncodingStep::Oneof { oneof, members } => {
            oneof::expand_oneof_write(cx, scope, id, *oneof, members)
        }
    }));
    let writer = if statements.is_empty() {
        quote!(_writer)
    } else {
        quote!(writer)
    };
    quote! {
        fn write_fields(&self, #writer: &mut #rt::Writer) {
            #(#statements)*
        }
    }
}

/// `fn merge_field`: one arm per field of `fields`, those `merge_from` does
/// not read itself, and the arms of the extension ranges; other keys, and
/// a field's number under a wire type it is not read from, are skipped,
/// or kept when the message keeps unknown fields.
fn expand_merge_field(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    fields: &[&Field],
) -> TokenStream {
    let arms = fields.iter().map(|field| {
        if field.oneof.is_some() {
            return oneof::expand_oneof_merge_arm(cx, scope, id, field);
        }
        let pattern = merge_from::field_pattern(cx, field);
        let read = field_read(cx, scope, id, field, Action::Merge);
        quote! {
            #pattern => #read,
        }
    });
    let arms = arms.chain(extensions::merge_arms(cx, id));
    merge_field_fn(cx, arms, cx.unknown_fields(id), None)
}

/// `fn merge_field` of an owned message, or with `view`'s lifetime of a
/// view, from the arms of its fields: numbers without an arm go to
/// `unknown`, the field that keeps unknown fields, or are skipped; and
/// `fn unknown_fields_mut`, which reaches that field
/// (`_rt::unknown_fields_at!`). Without arms, the trait's default
/// `merge_field` serves: every field is unknown, kept where
/// `unknown_fields_mut` says.
pub(crate) fn merge_field_fn(
    cx: &Context,
    arms: impl Iterator<Item = TokenStream>,
    unknown: Option<proc_macro2::Ident>,
    view: Option<TokenStream>,
) -> TokenStream {
    let rt = &cx.runtime;
    let unknown_fields_mut = unknown.as_ref().map(|field| match &view {
        Some(lifetime) => quote!(#rt::unknown_fields_at!(view #lifetime, #field);),
        None => quote!(#rt::unknown_fields_at!(#field);),
    });
    let lifetime = view.unwrap_or_else(|| quote!('_));
    let mut arms = arms.peekable();
    if arms.peek().is_none() {
        return unknown_fields_mut.unwrap_or_default();
    }
    let other = match &unknown {
        Some(field) => quote!(self.#field.merge(number, wire, decoder)),
        None => quote!(decoder.skip(wire)),
    };
    // `#[inline]` lets LLVM put the arms into the loop of `merge_from`
    // (generated, or the trait's default, `merge::merge_fields`), which
    // then makes no call per field: 9 to 14% fewer instructions decoding
    // the bench's wide, flat and Order messages
    // (docs/journal/benchmarks-2026-12.md, "`merge_field` inlined").
    quote! {
        #[inline]
        fn merge_field(
            &mut self,
            number: u32,
            wire: #rt::WireType,
            decoder: &mut #rt::Decoder<#lifetime>,
        ) -> #rt::MergeResult {
            match (number, wire) {
                #(#arms)*
                _ => #other,
            }
        }
        #unknown_fields_mut
    }
}

/// `fn merge_from` ([`merge_from`]): the fields numbered 1 to 15 outside
/// a oneof read in order, and each sorted map (`BTreeMap`, `LiteMap`) read
/// into a `MapEntries` and built into the map once the message ends,
/// which costs a sort at most rather than a search per entry. The maps are
/// built when the loop ends with an error too, so that a failed merge
/// keeps what the maps held and the entries read before the error, as the
/// trait's default does. Where the message `recycles` (its code reads in
/// place, [`recycle::recycles`]), the lists, fields with presence and
/// oneofs it keeps are read here too, through their locals. With it, the
/// fields it reads itself.
fn expand_merge_from<'f>(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    fields: &[&'f Field],
    recycles: bool,
) -> (TokenStream, Vec<&'f Field>) {
    let rt = &cx.runtime;
    let mut reads = Vec::new();
    let (mut before, mut after) = match recycles {
        true => recycle::statements(cx, id),
        false => (TokenStream::new(), TokenStream::new()),
    };
    let in_order = merge_from::read_in_order(fields);
    let message = cx.schema.message(id);
    for field in fields.iter().copied() {
        let name = names::field_name(&field.name);
        let member = ident(&name);
        let keep = Keep::of(cx, field);
        if recycles && field.oneof.is_none() && matches!(keep, Keep::Elements | Keep::Optional) {
            let codec = types::call_codec(cx, scope, field, types::Held::of(cx, field));
            let read = recycle::read(keep, field, &codec);
            reads.push(FieldRead { field, read });
        } else if recycles
            && let Some(index) = field.oneof
            && recycle::oneof_keeps(message, index)
        {
            let read = oneof::expand_kept_member_read(cx, scope, id, field);
            reads.push(FieldRead { field, read });
        } else if field.oneof.is_none()
            && Shape::of(cx, field) == Shape::Map
            && cx.map_type(field).is_sorted()
        {
            let local = merge_from::local(&field.name, "entries");
            if recycles && keep == Keep::Entries {
                let number = Literal::u32_unsuffixed(field.wire_number());
                before.extend(
                    quote!(let mut #local = #rt::KeptEntries::start(&self.#member, #number, recycling);),
                );
            } else {
                before.extend(quote!(let mut #local = #rt::field::MapEntries::new();));
            }
            after.extend(quote!(#local.finish(&mut self.#member);));
            let read = match (types::unknown_sink(cx, id, field), field.ty) {
                // A closed enum's map names the key's codec alone.
                (Some(unknown), FieldType::Map(key, _)) => {
                    let held = types::Held::of(cx, field);
                    let key = types::value_codec(cx, scope, ValueType::Scalar(key), held);
                    quote!(#local.merge_closed::<#key>(wire, &mut self.#member, decoder, #unknown))
                }
                _ => {
                    let codec = types::field_codec(cx, scope, field);
                    quote!(#local.merge::<#codec>(wire, &mut self.#member, decoder))
                }
            };
            reads.push(FieldRead { field, read });
        } else if in_order
            .iter()
            .any(|ordered| ordered.number == field.number)
        {
            let read = field_read(cx, scope, id, field, Action::Merge);
            reads.push(FieldRead { field, read });
        }
    }
    let merge = MergeFrom {
        lifetime: quote!('_),
        field_name: quote!(Self::field_name),
        recursive: message.recursive,
        group: cx.is_group(id),
        before,
        after,
    };
    let read = reads.iter().map(|read| read.field).collect();
    (merge_from::expand_merge_from(cx, &reads, &merge), read)
}

/// `FIELD_NAMES`: the schema name of each field number, for error paths;
/// none, the trait's default, for a message without fields.
fn expand_field_name(fields: &[&Field]) -> TokenStream {
    if fields.is_empty() {
        return TokenStream::new();
    }
    let numbers = fields
        .iter()
        .map(|field| Literal::u32_unsuffixed(field.wire_number()));
    let names = fields.iter().map(|field| &field.name);
    quote! {
        const FIELD_NAMES: &'static [(u32, &'static str)] = &[#((#numbers, #names)),*];
    }
}

/// The read of one occurrence of `field`, outside a oneof, of message `id`
/// or its view (`action` is `Merge` or `View`):
/// `_rt::codec::Int64::merge(wire, &mut self.id, decoder)`, and for a
/// closed enum the unknown fields last ([`types::unknown_sink`]).
pub(crate) fn field_read(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    field: &Field,
    action: Action,
) -> TokenStream {
    let call = field_call(cx, scope, field, action);
    let name = ident(&names::field_name(&field.name));
    match types::unknown_sink(cx, id, field) {
        Some(unknown) => quote!(#call(wire, &mut self.#name, decoder, #unknown)),
        None => quote!(#call(wire, &mut self.#name, decoder)),
    }
}

/// How measuring and writing take a field's value: by reference, or as an
/// `Option` of a reference for fields with presence.
fn field_value(cx: &Context, field: &Field) -> TokenStream {
    let name = ident(&names::field_name(&field.name));
    match Shape::of(cx, field) {
        Shape::Optional => quote!(self.#name.as_ref()),
        _ => quote!(&self.#name),
    }
}
