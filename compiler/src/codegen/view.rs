//! Borrowed views, when [`Config::views`](crate::Config::views) asks for
//! them: for each message `M`, a struct `MView<'a>` whose strings and bytes
//! borrow from the input, its `decode`, `decode_with` and `to_owned`, and
//! its `MessageView` impl; for each oneof with a member that borrows, an
//! enum `KindView<'a>` beside the owned one.
//!
//! A view reads a field through the same codec as the owned message
//! (`codec::String::view(..)`); the runtime's `ViewCodec` says what the
//! codec's view is. A field that holds nothing borrowed has the owned
//! type in the view, and a oneof none of whose members borrows keeps the
//! owned enum.

use proc_macro2::TokenStream;
use quote::quote;

use super::merge_from::{self, FieldRead, MergeFrom};
use super::required::{self, Checker};
use super::{
    Context, docs, extensions, ident, message_impl, oneof, paths, schema_docs, type_ident, types,
};
use crate::config::Config;
use crate::model::{
    Field, FieldOrOneof, FieldType, Message, MessageId, Scalar, Schema, ValueType, WellKnown,
};
use crate::names;
use crate::view_borrows;
use types::{Action, Held, field_call};

/// The view of message `id`, whose struct is in `scope`, with its impls;
/// nothing when views are off.
pub(crate) fn expand_message_view(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    if !cx.config.views {
        return TokenStream::new();
    }
    let message = cx.schema.message(id);
    let owned = type_ident(&message.name);
    let view = ident(&names::view_name(&message.name));
    let doc = docs(
        &[
            format!(
                "The borrowed view of [`{owned}`], whose strings and bytes borrow from the input."
            ),
            format!("[`{view}::decode`] reads one; [`{view}::to_owned`] copies it."),
        ],
        String::new,
    );
    let fields = expand_struct_fields(cx, scope, id);
    let unknown_fields = expand_unknown_fields_field(cx, id);
    let extensions = extensions::expand_struct_field(cx, id, true);
    let extendable = extensions::expand_extendable_view_impl(cx, id);
    let marker = (!borrows(cx, id)).then(|| {
        quote! {
            _input: ::core::marker::PhantomData<&'a [u8]>,
        }
    });
    let to_message = expand_to_message(cx, scope, id);
    let by_number = message.fields_by_number();
    let in_order = merge_from::read_in_order(&by_number);
    let others = merge_from::read_by_merge_field(&by_number, &in_order);
    let merge = expand_merge_field(cx, scope, id, &others);
    let rt = &cx.runtime;
    let merge_from = expand_merge_from(cx, scope, id, &in_order);
    let check_required = required::expand_check_required(cx, scope, id, Checker::View);
    quote! {
        #doc
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct #view<'a> {
            #(#fields)*
            #unknown_fields
            #extensions
            #marker
        }

        impl<'a> #rt::MessageView<'a> for #view<'a> {
            type Owned = #owned;

            #merge

            #merge_from

            #check_required

            #to_message
        }

        #extendable

        #rt::view_of!(#view of #owned);
    }
}

/// The view enum of oneof `index` of message `id`, for the message's
/// nested module; nothing when views are off or no member borrows.
pub(crate) fn expand_oneof_view_enum(cx: &Context, id: MessageId, index: usize) -> TokenStream {
    let message = cx.schema.message(id);
    let Some(oneof) = message.oneofs.get(index) else {
        return TokenStream::new();
    };
    if !cx.config.views || !view_borrows::oneof(message, index) {
        return TokenStream::new();
    }
    let scope = paths::nested_scope(cx.schema, id);
    let owned = type_ident(&oneof.name);
    let name = ident(&names::view_name(&oneof.name));
    let doc = format!(" The borrowed view of [`{owned}`].");
    let variants = oneof::members(message, index)
        .into_iter()
        .map(|(field, ty)| {
            let docs = schema_docs(&field.docs);
            let variant = ident(&names::oneof_variant_name(&field.name));
            let ty = held_type(cx, &scope, ty, field.boxed);
            quote! {
                #docs
                #variant(#ty),
            }
        });
    quote! {
        #[doc = #doc]
        #[allow(clippy::large_enum_variant, clippy::enum_variant_names)]
        #[derive(Clone, Debug, PartialEq)]
        pub enum #name<'a> {
            #(#variants)*
        }
    }
}

/// For each message, whether its view holds something borrowed from the
/// input, and so uses its lifetime: a string, bytes, a `value`, unknown
/// fields, extensions, or the view of a message that does. The views of messages that
/// only reach each other (`Ping` and `Pong`) hold nothing borrowed; they
/// get a marker field instead, since Rust rejects a lifetime that no field
/// uses.
pub(crate) fn borrowing_views(schema: &Schema, config: &Config) -> Vec<bool> {
    let direct = |message: &Message| {
        config.keeps_unknown_fields(message)
            || !message.extension_ranges.is_empty()
            || message.fields.iter().any(|field| match field.ty {
                FieldType::Single(ty)
                | FieldType::Optional(ty)
                | FieldType::Required(ty)
                | FieldType::List(ty) => borrows_directly(ty),
                FieldType::Map(key, value) => {
                    borrows_directly(ValueType::Scalar(key)) || borrows_directly(value)
                }
            })
    };
    // The least fixed point: a message borrows when a message it holds does.
    schema.spread_to_holders(schema.messages.iter().map(direct).collect(), true)
}

/// Whether a value of `ty` is a slice of the input or a `DynamicValueView`.
fn borrows_directly(ty: ValueType) -> bool {
    match ty {
        ValueType::Scalar(scalar) => {
            matches!(scalar, Scalar::String | Scalar::Bytes | Scalar::Value)
        }
        ValueType::WellKnown(_) => view_borrows::value(ty),
        ValueType::Enum(_) | ValueType::Message(_) | ValueType::Ref(..) => false,
    }
}

/// Whether the view of message `id` holds anything borrowed, and so uses
/// its lifetime; one that does not gets a marker field.
fn borrows(cx: &Context, id: MessageId) -> bool {
    cx.view_borrows(id)
}

/// The struct's fields, as in the owned struct: in the order of
/// [`Message::members`], each oneof as one field.
fn expand_struct_fields(cx: &Context, scope: &[String], id: MessageId) -> Vec<TokenStream> {
    let message = cx.schema.message(id);
    let field = |field: &Field| {
        let docs = schema_docs(&field.docs);
        let name = ident(&names::field_name(&field.name));
        let ty = field_type(cx, scope, field);
        quote! {
            #docs
            pub #name: #ty,
        }
    };
    message
        .members()
        .into_iter()
        .map(|member| match member {
            FieldOrOneof::Field(member) => field(member),
            FieldOrOneof::Oneof(index) => expand_oneof_field(cx, scope, id, index),
        })
        .collect()
}

/// `pub kind: Option<shape::KindView<'a>>`, or the owned enum where no
/// member borrows.
fn expand_oneof_field(cx: &Context, scope: &[String], id: MessageId, index: usize) -> TokenStream {
    let message = cx.schema.message(id);
    let Some(oneof) = message.oneofs.get(index) else {
        return TokenStream::new();
    };
    let docs = docs(&oneof.docs, || {
        format!("Which field of `{}` is set.", oneof.name)
    });
    let field = super::oneof_field(message, index);
    let ty = oneof_enum_path(cx, scope, id, index);
    quote! {
        #docs
        pub #field: ::core::option::Option<#ty>,
    }
}

/// `pub unknown_fields: UnknownFieldsView<'a>,` when the message keeps them.
fn expand_unknown_fields_field(cx: &Context, id: MessageId) -> TokenStream {
    let Some(ident) = cx.unknown_fields(id) else {
        return TokenStream::new();
    };
    let rt = &cx.runtime;
    quote! {
        /// The fields read that the schema does not know, borrowed.
        pub #ident: #rt::view::UnknownFieldsView<'a>,
    }
}

/// `fn to_message` of `MessageView`, which the inherent `to_owned` that
/// the runtime's `view_of!` writes (with `decode` and `decode_with`)
/// calls.
fn expand_to_message(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let owned = type_ident(&cx.schema.message(id).name);
    let conversions = expand_conversions(cx, scope, id);
    quote! {
        fn to_message(&self) -> #owned {
            #owned {
                #(#conversions)*
            }
        }
    }
}

/// The fields of the owned struct literal in `to_message`, one per struct
/// field: a field that borrows nothing is copied (or cloned, for a list),
/// the others go through the runtime's `view::owned*`.
fn expand_conversions(cx: &Context, scope: &[String], id: MessageId) -> Vec<TokenStream> {
    let message = cx.schema.message(id);
    let mut conversions = Vec::new();
    for member in message.members() {
        match member {
            FieldOrOneof::Field(field) => {
                let name = ident(&names::field_name(&field.name));
                let value = match field.ty {
                    FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty)
                        if !view_borrows::field(field.ty) && is_copy(ty) =>
                    {
                        quote!(self.#name)
                    }
                    FieldType::Single(_)
                    | FieldType::Optional(_)
                    | FieldType::Required(_)
                    | FieldType::List(_)
                        if !view_borrows::field(field.ty) =>
                    {
                        quote!(self.#name.clone())
                    }
                    _ => {
                        let call = field_call(cx, scope, field, Action::Owned);
                        quote!(#call(&self.#name))
                    }
                };
                conversions.push(quote!(#name: #value,));
            }
            FieldOrOneof::Oneof(index) => {
                conversions.push(expand_oneof_conversion(cx, scope, id, index));
            }
        }
    }
    if let Some(name) = cx.unknown_fields(id) {
        conversions.push(quote!(#name: self.#name.to_owned(),));
    }
    conversions.extend(extensions::owned_conversion(cx, id));
    conversions
}

/// Whether a view's value of type `ty` that borrows nothing is `Copy`: all
/// are but `google.protobuf.Struct`, `Value` and `ListValue`, whose views
/// are their owned values.
fn is_copy(ty: ValueType) -> bool {
    !matches!(
        ty,
        ValueType::WellKnown(WellKnown::Struct | WellKnown::Value | WellKnown::ListValue)
    )
}

/// The owned value of oneof `index`: the owned enum cloned where no member
/// borrows, else a `match` from each view variant to its owned variant.
fn expand_oneof_conversion(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
) -> TokenStream {
    let message = cx.schema.message(id);
    let field = super::oneof_field(message, index);
    if !view_borrows::oneof(message, index) {
        return quote!(#field: self.#field.clone(),);
    }
    let arms = oneof::members(message, index)
        .into_iter()
        .map(|(member, ty)| {
            let view = view_variant_path(cx, scope, id, index, member);
            let owned = oneof::variant_path(cx, scope, id, index, member);
            let value = if view_borrows::value(ty) {
                let codec = types::member_codec(cx, ty, Held::of(cx, member));
                quote!(#codec::owned(value))
            } else {
                quote!(*value)
            };
            quote! {
                #view(value) => #owned(#value),
            }
        });
    quote! {
        #field: self.#field.as_ref().map(|value| match value {
            #(#arms)*
        }),
    }
}

/// `fn merge_field`: one arm per field of `fields`, those `merge_from`
/// does not read itself, as in the owned message's `Message` impl,
/// through the codecs' `view*` functions.
fn expand_merge_field(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    fields: &[&Field],
) -> TokenStream {
    let arms = fields.iter().map(|field| {
        if field.oneof.is_some() {
            return expand_oneof_merge_arm(cx, scope, id, field);
        }
        let pattern = merge_from::field_pattern(cx, field);
        let read = message_impl::field_read(cx, scope, id, field, Action::View);
        quote! {
            #pattern => #read,
        }
    });
    let arms = arms.chain(extensions::merge_arms(cx, id));
    let unknown = cx.unknown_fields(id);
    message_impl::merge_field_fn(cx, arms, unknown, Some(quote!('a)))
}

/// `fn merge_from`: the fields numbered 1 to 15 outside a oneof read in
/// order ([`merge_from`]), as the owned message reads them, through the
/// codecs' `view*` functions.
fn expand_merge_from(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    in_order: &[&Field],
) -> TokenStream {
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let owned = type_ident(&message.name);
    let reads: Vec<FieldRead> = in_order
        .iter()
        .map(|&field| {
            let read = message_impl::field_read(cx, scope, id, field, Action::View);
            FieldRead { field, read }
        })
        .collect();
    let merge = MergeFrom {
        lifetime: quote!('a),
        field_name: quote!(<#owned as #rt::Message>::field_name),
        recursive: message.recursive,
        group: cx.is_group(id),
        before: TokenStream::new(),
        after: TokenStream::new(),
    };
    merge_from::expand_merge_from(cx, &reads, &merge)
}

/// The arm of `merge_field` for `member` of its oneof: it merges into the
/// member's view if that member is set, and sets it.
fn expand_oneof_merge_arm(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    member: &Field,
) -> TokenStream {
    let message = cx.schema.message(id);
    let (Some(index), FieldType::Single(ty) | FieldType::Optional(ty)) = (member.oneof, member.ty)
    else {
        return TokenStream::new();
    };
    let codec = types::member_codec(cx, ty, Held::of(cx, member).in_view());
    let field = super::oneof_field(message, index);
    let variant = view_variant_path(cx, scope, id, index, member);
    let pattern = merge_from::field_pattern(cx, member);
    if let Some(unknown) = types::unknown_sink(cx, id, member) {
        return oneof::closed_member_arm(
            pattern,
            &field,
            variant,
            quote!(#codec::view_member),
            unknown,
        );
    }
    oneof::merge_arm(cx, pattern, &field, variant, quote!(#codec::view))
}

/// The Rust type of a view's field.
fn field_type(cx: &Context, scope: &[String], field: &Field) -> TokenStream {
    let rt = &cx.runtime;
    match field.ty {
        FieldType::Single(ty) if types::has_presence(ty) && !cx.always_present(field) => {
            let ty = held_type(cx, scope, ty, field.boxed);
            quote!(::core::option::Option<#ty>)
        }
        FieldType::Optional(ty) | FieldType::Required(ty) => {
            let ty = held_type(cx, scope, ty, field.boxed);
            quote!(::core::option::Option<#ty>)
        }
        FieldType::Single(ty) => value_type(cx, scope, ty),
        FieldType::List(ty) => {
            let ty = value_type(cx, scope, ty);
            quote!(#rt::alloc::vec::Vec<#ty>)
        }
        FieldType::Map(key, value) => {
            let key = value_type(cx, scope, ValueType::Scalar(key));
            let value = value_type(cx, scope, value);
            quote!(#rt::view::MapView<#key, #value>)
        }
    }
}

/// The type that holds one value of a singular field or oneof member in a
/// view: a message's view in a `Box` where the owned field is boxed.
fn held_type(cx: &Context, scope: &[String], ty: ValueType, boxed: bool) -> TokenStream {
    let rt = &cx.runtime;
    let inner = value_type(cx, scope, ty);
    if boxed && matches!(ty, ValueType::Message(_)) {
        quote!(#rt::alloc::boxed::Box<#inner>)
    } else {
        inner
    }
}

/// The view type of one value of type `ty`: slices for strings and bytes,
/// views for `value` and messages, the owned type for the rest.
fn value_type(cx: &Context, scope: &[String], ty: ValueType) -> TokenStream {
    let rt = &cx.runtime;
    match ty {
        ValueType::Scalar(Scalar::String) | ValueType::WellKnown(WellKnown::StringValue) => {
            quote!(&'a str)
        }
        ValueType::Scalar(Scalar::Bytes) | ValueType::WellKnown(WellKnown::BytesValue) => {
            quote!(&'a [u8])
        }
        ValueType::Scalar(Scalar::Value) => quote!(#rt::DynamicValueView<'a>),
        ValueType::WellKnown(WellKnown::FieldMask) => quote!(#rt::wkt::FieldMaskView<'a>),
        ValueType::WellKnown(WellKnown::Any) => quote!(#rt::wkt::AnyView<'a>),
        ValueType::Message(id) => {
            let path = paths::message_view_path(cx, scope, id);
            quote!(#path<'a>)
        }
        // check_config refuses views of graph messages (docs/views.md).
        ValueType::Scalar(_)
        | ValueType::Enum(_)
        | ValueType::WellKnown(_)
        | ValueType::Ref(..) => types::value_type(cx, scope, ty, Held::default()),
    }
}

/// The path from `scope` to the enum that views hold oneof `index` of
/// message `id` in: its view enum, or the owned enum where no member
/// borrows.
fn oneof_enum_path(cx: &Context, scope: &[String], id: MessageId, index: usize) -> TokenStream {
    let message = cx.schema.message(id);
    let name = message.oneofs.get(index).map_or("", |oneof| &oneof.name);
    let to = paths::nested_scope(cx.schema, id);
    if view_borrows::oneof(message, index) {
        let path = paths::relative(scope, &to, &ident(&names::view_name(name)));
        quote!(#path<'a>)
    } else {
        paths::relative(scope, &to, &type_ident(name))
    }
}

/// The path from `scope` to the variant of `member` in the enum that views
/// hold its oneof in.
fn view_variant_path(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    member: &Field,
) -> TokenStream {
    let message = cx.schema.message(id);
    let name = message.oneofs.get(index).map_or("", |oneof| &oneof.name);
    let to = paths::nested_scope(cx.schema, id);
    let enum_name = if view_borrows::oneof(message, index) {
        ident(&names::view_name(name))
    } else {
        type_ident(name)
    };
    let path = paths::relative(scope, &to, &enum_name);
    let variant = ident(&names::oneof_variant_name(&member.name));
    quote!(#path::#variant)
}
