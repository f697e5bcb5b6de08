//! Graph mode's part of a `Message` impl (docs/graph.md): for a graph
//! message, one that reaches a `ref` or `weak` field, `const GRAPH: bool =
//! true` and `fn visit_refs`, the forward pre-pass over its references
//! that encoding starts with, and, for the target of a `weak` field,
//! `const WEAK_TARGET: bool = true`. Other messages get none of these,
//! and their code is what it was before graph mode.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Context, ident, oneof};
use crate::config::MapType;
use crate::model::{EncodingStep, Field, FieldType, MessageId, RefKind, ValueType};
use crate::names;

/// The graph items of the `Message` impl of message `id`, or nothing when
/// it is not a graph message.
pub(crate) fn expand_graph_items(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    if !cx.is_graph(id) {
        return TokenStream::new();
    }
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    // In the order the bytes hold them: by number, lists and maps in order.
    let statements: Vec<TokenStream> = message
        .encoding_order()
        .iter()
        .filter_map(|step| match step {
            EncodingStep::Field(field) => visit_field(cx, field),
            EncodingStep::Oneof { oneof, members } => {
                let graph_members: Vec<(&Field, ValueType)> = members
                    .iter()
                    .map(|member| (*member, member.ty.value()))
                    .filter(|(_, ty)| visit_value(cx, *ty, quote!(value)).is_some())
                    .collect();
                (!graph_members.is_empty()).then(|| {
                    oneof::expand_for_set_member(
                        cx,
                        scope,
                        id,
                        *oneof,
                        &graph_members,
                        |member, _| {
                            visit_value(cx, member.ty.value(), quote!(value)).unwrap_or_default()
                        },
                    )
                })
            }
        })
        .collect();
    let visitor = match statements.is_empty() {
        true => quote!(_visitor),
        false => quote!(visitor),
    };
    let weak_target = cx.is_weak_target(id).then(|| {
        quote!(
            const WEAK_TARGET: bool = true;
        )
    });
    quote! {
        const GRAPH: bool = true;
        #weak_target

        #[inline]
        fn visit_refs(&self, #visitor: &mut #rt::graph::Visitor) {
            #(#statements)*
        }
    }
}

/// The pre-pass over `value`, of type `ty`, or nothing when it reaches
/// no reference: a reference is an occurrence of its object, and a graph
/// message held by value is walked.
fn visit_value(cx: &Context, ty: ValueType, value: TokenStream) -> Option<TokenStream> {
    match ty {
        ValueType::Ref(_, RefKind::Strong) => Some(quote!(visitor.visit_ref(#value))),
        ValueType::Ref(_, RefKind::Weak) => Some(quote!(visitor.visit_weak(#value))),
        ValueType::Message(id) if cx.is_graph(id) => Some(quote!(#value.visit_refs(visitor))),
        _ => None,
    }
}

/// The pre-pass over one field, or nothing when it reaches no reference.
fn visit_field(cx: &Context, field: &Field) -> Option<TokenStream> {
    let name = ident(&names::field_name(&field.name));
    let ty = field.ty.value();
    let visit = |value: TokenStream| visit_value(cx, ty, value).map(|visit| quote!(#visit;));
    match field.ty {
        FieldType::Single(_) if cx.always_present(field) => visit(quote!(self.#name)),
        FieldType::Single(_) | FieldType::Optional(_) | FieldType::Required(_) => {
            let each = visit(quote!(value))?;
            Some(quote!(if let ::core::option::Option::Some(value) = &self.#name { #each }))
        }
        FieldType::List(_) => {
            let each = visit(quote!(value))?;
            Some(quote!(for value in &self.#name { #each }))
        }
        // A sorted map is written in key order; a hash map in the reverse
        // of its iteration order (`field::write_map_unordered`).
        FieldType::Map(..) => {
            let each = visit(quote!(value))?;
            let rt = &cx.runtime;
            Some(match cx.map_type(field) {
                MapType::BTreeMap | MapType::LiteMap => {
                    quote!(for value in self.#name.values() { #each })
                }
                MapType::HashMap | MapType::HashMapWith(_) => quote! {
                    let values: #rt::alloc::vec::Vec<_> = self.#name.values().collect();
                    for value in values.into_iter().rev() { #each }
                },
            })
        }
    }
}
