//! `option deprecated = true;` in Rust: the struct, enum, field, oneof
//! variant or enum variant gets `#[deprecated]`, so that code using it
//! is warned. The generated code itself uses what it declares (its impls
//! read deprecated fields, a message holds a deprecated message), so every
//! item of a part that touches something deprecated is
//! `#[allow(deprecated)]`, and its invocations of the runtime's macros are
//! put in a `const _` block that is: the warnings are for the users, not
//! for the generated code.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::{DeclaredType, Options, Schema, ValueType};

/// `#[deprecated]` when `options` say `deprecated = true`.
pub(crate) fn deprecated(options: &Options) -> Option<TokenStream> {
    options.flag("deprecated").then(|| quote!(#[deprecated]))
}

/// Whether the code of `ty` names something deprecated: the type itself,
/// one of its fields or values, or the message or enum a field holds.
pub(crate) fn touches(schema: &Schema, ty: DeclaredType) -> bool {
    let deprecated_type = |value: ValueType| match value {
        ValueType::Message(id) | ValueType::Ref(id, _) => {
            schema.message(id).options.flag("deprecated")
        }
        ValueType::Enum(id) => schema.enumeration(id).options.flag("deprecated"),
        ValueType::Scalar(_) | ValueType::WellKnown(_) => false,
    };
    match ty {
        // The part holds the message's nested types too.
        DeclaredType::Message(id) => {
            let message = schema.message(id);
            message.options.flag("deprecated")
                || message.fields.iter().any(|field| {
                    field.options.flag("deprecated") || deprecated_type(field.ty.value())
                })
                || (message.messages.iter()).any(|&id| touches(schema, DeclaredType::Message(id)))
                || (message.enums.iter()).any(|&id| touches(schema, DeclaredType::Enum(id)))
        }
        DeclaredType::Enum(id) => {
            let enumeration = schema.enumeration(id);
            enumeration.options.flag("deprecated")
                || (enumeration.values.iter()).any(|value| value.options.flag("deprecated"))
        }
    }
}

/// `tokens`, a part's items, each `#[allow(deprecated)]`.
pub(crate) fn allowed(tokens: TokenStream) -> TokenStream {
    let Ok(mut file) = syn::parse2::<syn::File>(tokens.clone()) else {
        return tokens;
    };
    for item in &mut file.items {
        // An attribute on a macro's invocation is ignored, and the lint
        // fires where the macro is given the type: the invocation goes
        // into a block that allows it. The runtime's macros write only
        // impls, which hold from inside a block.
        if let syn::Item::Macro(invocation) = item {
            *item = syn::parse_quote! {
                #[allow(deprecated)]
                const _: () = { #invocation };
            };
            continue;
        }
        let attributes = match item {
            syn::Item::Struct(item) => &mut item.attrs,
            syn::Item::Enum(item) => &mut item.attrs,
            syn::Item::Impl(item) => &mut item.attrs,
            syn::Item::Mod(item) => &mut item.attrs,
            syn::Item::Const(item) => &mut item.attrs,
            syn::Item::Fn(item) => &mut item.attrs,
            _ => continue,
        };
        attributes.push(syn::parse_quote!(#[allow(deprecated)]));
    }
    quote!(#file)
}
