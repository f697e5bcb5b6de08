//! Messages: a struct with one public field per schema field, one per
//! oneof, when the message keeps them one for unknown fields, and with
//! extension ranges one for its extensions; its `Message` impl; its view,
//! when views are on; and a module for the types nested in it and the
//! extensions declared in its scope.

use proc_macro2::TokenStream;
use quote::quote;

use super::attributes::ItemKind;
use super::deprecation::deprecated;
use super::{
    Context, defaults, docs, expand_declared_type, extensions, ident, json, message_impl, oneof,
    paths, schema_docs, type_ident, types, view,
};
use crate::model::{Field, FieldOrOneof, FieldType, Message, MessageId, Scalar, ValueType};
use crate::names;

/// The struct of message `id`, its `Message` impl, its serde impls when
/// JSON is on, its view when views are on, then its nested module.
pub(crate) fn expand_message(cx: &Context, id: MessageId) -> TokenStream {
    let message = cx.schema.message(id);
    let scope = paths::message_scope(cx.schema, id);
    let docs = docs(&message.docs, || {
        format!("The message `{}`.", message.full_name)
    });
    let ident = type_ident(&message.name);
    let fields = expand_struct_fields(cx, &scope, id);
    let unknown_fields = expand_unknown_fields_field(cx, id);
    let extensions = extensions::expand_struct_field(cx, id, false);
    let extendable = extensions::expand_extendable_impl(cx, id);
    let accessors = defaults::expand_accessors(cx, &scope, id);
    let message_impl = message_impl::expand_message_impl(cx, &scope, id);
    let json = json::expand_message_json(cx, &scope, id);
    let view = view::expand_message_view(cx, &scope, id);
    let nested = expand_nested_module(cx, id);
    let derives = cx.message_derives(id, ItemKind::Message);
    let attributes = cx.attributes(
        ItemKind::Message,
        &message.full_name,
        &message.rust_attributes,
    );
    let deprecated = deprecated(&message.options);
    quote! {
        #docs
        #derives
        #deprecated
        #attributes
        pub struct #ident {
            #(#fields)*
            #unknown_fields
            #extensions
        }

        #accessors

        #message_impl

        #extendable

        #json

        #view

        #nested
    }
}

/// The struct's fields in the order of [`Message::members`], each oneof
/// as one field.
fn expand_struct_fields(cx: &Context, scope: &[String], id: MessageId) -> Vec<TokenStream> {
    let message = cx.schema.message(id);
    message
        .members()
        .into_iter()
        .map(|member| match member {
            FieldOrOneof::Field(field) => expand_field(cx, scope, message, field),
            FieldOrOneof::Oneof(index) => oneof::expand_oneof_field(cx, scope, id, index),
        })
        .collect()
}

/// `pub unknown_fields: UnknownFields,` when the message keeps them;
/// nothing otherwise.
fn expand_unknown_fields_field(cx: &Context, id: MessageId) -> TokenStream {
    let Some(ident) = cx.unknown_fields(id) else {
        return TokenStream::new();
    };
    let rt = &cx.runtime;
    quote! {
        /// The fields read that the schema does not know, written back
        /// after the known ones.
        pub #ident: #rt::UnknownFields,
    }
}

/// `pub name: Type,` with the field's docs.
fn expand_field(cx: &Context, scope: &[String], message: &Message, field: &Field) -> TokenStream {
    let docs = schema_docs(&field.docs);
    let full_name = format!("{}.{}", message.full_name, field.name);
    let attributes = cx.attributes(ItemKind::Field, &full_name, &field.rust_attributes);
    let deprecated = deprecated(&field.options);
    let ident = ident(&names::field_name(&field.name));
    let ty = types::field_type(cx, scope, field);
    quote! {
        #docs
        #deprecated
        #attributes
        pub #ident: #ty,
    }
}

/// `pub mod message_name { ... }` with the message's oneof enums, nested
/// messages and nested enums, and the constants of the extensions declared
/// in its scope; nothing when there are none.
fn expand_nested_module(cx: &Context, id: MessageId) -> TokenStream {
    let message = cx.schema.message(id);
    let oneofs = (0..message.oneofs.len()).flat_map(|index| {
        let view = view::expand_oneof_view_enum(cx, id, index);
        [oneof::expand_oneof_enum(cx, id, index), view]
    });
    let nested: Vec<TokenStream> = cx
        .schema
        .declared_types(&message.messages, &message.enums)
        .into_iter()
        .filter(|&ty| cx.generates(ty))
        .map(|ty| expand_declared_type(cx, ty))
        .collect();
    let constants = extensions::expand_constants(cx, &message.extensions);
    // Nested messages and enums and extensions' constants use the runtime;
    // oneof enums only through members of its types.
    let alias = (!nested.is_empty() || !constants.is_empty() || oneofs_use_runtime(message))
        .then(|| cx.runtime_alias());
    let items: Vec<TokenStream> = oneofs.chain(nested).chain(constants).collect();
    if items.is_empty() {
        return TokenStream::new();
    }
    let name = names::module_name(&message.name);
    // The module it sits in: its package's, or its parent message's.
    let outer = match message.parent {
        Some(parent) => names::module_name(&cx.schema.message(parent).name),
        None => {
            (message.package.last()).map_or_else(String::new, |last| names::package_module(last))
        }
    };
    let inception = (name == outer).then(|| quote!(#[allow(clippy::module_inception)]));
    let module = ident(&name);
    let doc = format!(" Types nested in `{}`.", message.name);
    quote! {
        #[doc = #doc]
        #inception
        pub mod #module {
            #alias
            #(#items)*
        }
    }
}

/// Whether a oneof member of `message` holds a runtime type, `decimal`,
/// `value` or a well-known type, or a type of `alloc` that generated code
/// names through the runtime (a string, bytes, a boxed message, a
/// reference's pointer), so that its enum names the runtime.
fn oneofs_use_runtime(message: &Message) -> bool {
    message.fields.iter().any(|field| {
        let runtime_type = match field.ty {
            FieldType::Single(ValueType::Scalar(scalar)) => {
                scalar.is_builtin_message() || matches!(scalar, Scalar::String | Scalar::Bytes)
            }
            FieldType::Single(ValueType::Message(_)) => field.boxed,
            FieldType::Single(ValueType::WellKnown(_) | ValueType::Ref(..)) => true,
            _ => false,
        };
        field.oneof.is_some() && runtime_type
    })
}
