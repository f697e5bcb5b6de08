//! `required` fields: the check, after decoding and before encoding, that
//! each is set, in a message and in every message it holds.
//!
//! A message with no `required` field that holds none keeps the traits'
//! default, which checks nothing, so that proto3 and `.schema` messages
//! pay nothing for it. Owned messages and views check alike, each with its
//! own trait's `check_required` for the messages it holds.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Context, ident, oneof};
use crate::model::{FieldType, MessageId, Schema, ValueType};
use crate::names;

/// For each message, whether it has a `required` field or holds, in any
/// field, a message that has one.
pub(crate) fn checked_messages(schema: &Schema) -> Vec<bool> {
    let mut checked: Vec<bool> = schema
        .messages
        .iter()
        .map(|message| {
            message
                .fields
                .iter()
                .any(|field| matches!(field.ty, FieldType::Required(_)))
        })
        .collect();
    // The least fixed point: a message is checked when a message it holds is.
    let mut changed = true;
    while changed {
        changed = false;
        for (index, message) in schema.messages.iter().enumerate() {
            if checked[index] {
                continue;
            }
            let holds_checked = message
                .fields
                .iter()
                .any(|field| held_message(field.ty).is_some_and(|id| checked[id.0 as usize]));
            if holds_checked {
                checked[index] = true;
                changed = true;
            }
        }
    }
    checked
}

/// The message a field of type `ty` holds, in whatever cardinality.
fn held_message(ty: FieldType) -> Option<MessageId> {
    match ty.value() {
        ValueType::Message(id) => Some(id),
        _ => None,
    }
}

/// Whose `check_required` a message's checks call for the messages it
/// holds.
#[derive(Clone, Copy)]
pub(crate) enum Checker {
    /// The owned message's, `Message::check_required`.
    Owned,
    /// The view's, `MessageView::check_required`.
    View,
}

/// `fn check_required` for message `id`, whose struct or view is in
/// `scope`, or nothing when it has nothing to check.
pub(crate) fn expand_check_required(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    checker: Checker,
) -> TokenStream {
    if !cx.checks_required(id) {
        return TokenStream::new();
    }
    let rt = &cx.runtime;
    let check = match checker {
        Checker::Owned => quote!(#rt::Message::check_required),
        Checker::View => quote!(#rt::MessageView::check_required),
    };
    let message = cx.schema.message(id);
    let mut statements = Vec::new();
    for field in &message.fields {
        let name = &field.name;
        let member = ident(&names::field_name(name));
        let nested = held_message(field.ty).filter(|&held| cx.checks_required(held));
        if let Some(index) = field.oneof {
            if nested.is_some() {
                let variant = oneof::variant_path(cx, scope, id, index, field);
                let oneof = super::oneof_field(message, index);
                statements.push(quote! {
                    if let ::core::option::Option::Some(#variant(value)) = &self.#oneof {
                        #rt::field::check_nested(::core::option::Option::Some(value), #name, #check)?;
                    }
                });
            }
            continue;
        }
        // A boxed message is reached through its box.
        let value = match field.boxed {
            _ if cx.always_present(field) => quote!(::core::option::Option::Some(&self.#member)),
            true => quote!(self.#member.as_deref()),
            false => quote!(self.#member.as_ref()),
        };
        if matches!(field.ty, FieldType::Required(_)) {
            statements.push(quote!(#rt::field::require(#value, #name)?;));
        }
        if nested.is_none() {
            continue;
        }
        statements.push(match (field.ty, checker) {
            (FieldType::List(_), _) => quote! {
                #rt::field::check_each(&self.#member, #name, #check)?;
            },
            (FieldType::Map(..), Checker::Owned) => quote! {
                #rt::field::check_each(self.#member.values(), #name, #check)?;
            },
            (FieldType::Map(..), Checker::View) => quote! {
                #rt::field::check_each(self.#member.iter().map(|(_, value)| value), #name, #check)?;
            },
            _ => quote!(#rt::field::check_nested(#value, #name, #check)?;),
        });
    }
    quote! {
        fn check_required(&self) -> ::core::result::Result<(), #rt::DecodeError> {
            #(#statements)*
            ::core::result::Result::Ok(())
        }
    }
}
