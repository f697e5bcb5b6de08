//! `[default = ...]`: a field with a default gets an accessor named like
//! the field, which gives the value when it is set and the default when it
//! is not, as prost's accessors do. The field itself stays an `Option`, so
//! presence is still there to see.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{Context, ident, paths, types};
use crate::model::{DefaultValue, Field, FieldType, MessageId, Scalar, ValueType};
use crate::names;

/// `impl Name { pub fn field(&self) -> T { ... } }` for the fields of
/// message `id` that have a default; nothing when none has.
pub(crate) fn expand_accessors(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let message = cx.schema.message(id);
    let accessors: Vec<TokenStream> = message
        .fields
        .iter()
        .filter_map(|field| expand_accessor(cx, scope, field))
        .collect();
    if accessors.is_empty() {
        return TokenStream::new();
    }
    let name = super::type_ident(&message.name);
    quote! {
        impl #name {
            #(#accessors)*
        }
    }
}

fn expand_accessor(cx: &Context, scope: &[String], field: &Field) -> Option<TokenStream> {
    let default = field.default.as_ref()?;
    let ty = match field.ty {
        FieldType::Optional(ty) | FieldType::Required(ty) => ty,
        _ => return None,
    };
    let member = ident(&names::field_name(&field.name));
    let doc = format!(
        " The value of `{}`, or its default when it is not set.",
        field.name
    );
    let (returns, body) = match (ty, default) {
        (ValueType::Scalar(Scalar::String), DefaultValue::String(text)) => {
            let text = Literal::string(text);
            (
                quote!(&str),
                quote!(self.#member.as_deref().unwrap_or(#text)),
            )
        }
        (ValueType::Scalar(Scalar::Bytes), DefaultValue::Bytes(bytes)) => {
            let bytes = Literal::byte_string(bytes);
            (
                quote!(&[u8]),
                quote!(self.#member.as_deref().unwrap_or(#bytes)),
            )
        }
        (ValueType::Enum(id), DefaultValue::Enum(name)) => {
            let enumeration = cx.schema.enumeration(id);
            let path = paths::enum_path(cx, scope, id);
            let variant = ident(&names::variant_name(&enumeration.name, name));
            (
                path.clone(),
                quote!(self.#member.unwrap_or(#path::#variant)),
            )
        }
        (ValueType::Scalar(scalar), default) => {
            let value = scalar_literal(scalar, default)?;
            (
                types::scalar_type(cx, scalar),
                quote!(self.#member.unwrap_or(#value)),
            )
        }
        _ => return None,
    };
    Some(quote! {
        #[doc = #doc]
        pub fn #member(&self) -> #returns {
            #body
        }
    })
}

/// The default of a number or bool field as a Rust expression of its type.
fn scalar_literal(scalar: Scalar, default: &DefaultValue) -> Option<TokenStream> {
    let float = |value: f64| {
        let ty = match scalar {
            Scalar::F32 => quote!(f32),
            _ => quote!(f64),
        };
        if value.is_nan() {
            quote!(#ty::NAN)
        } else if value == f64::INFINITY {
            quote!(#ty::INFINITY)
        } else if value == f64::NEG_INFINITY {
            quote!(#ty::NEG_INFINITY)
        } else if scalar == Scalar::F32 {
            let literal = Literal::f32_unsuffixed(value as f32);
            quote!(#literal)
        } else {
            let literal = Literal::f64_unsuffixed(value);
            quote!(#literal)
        }
    };
    Some(match default {
        // A negative number is the negation of its magnitude, which is
        // how `i64::MIN` can be written at all.
        DefaultValue::Int(value) if *value < 0 => {
            let magnitude = Literal::u64_unsuffixed(value.unsigned_abs());
            quote!(-#magnitude)
        }
        DefaultValue::Int(value) => {
            let literal = Literal::u64_unsuffixed(*value as u64);
            quote!(#literal)
        }
        DefaultValue::Uint(value) => {
            let literal = Literal::u64_unsuffixed(*value);
            quote!(#literal)
        }
        DefaultValue::Float(value) => float(*value),
        DefaultValue::Bool(value) => quote!(#value),
        DefaultValue::String(_) | DefaultValue::Bytes(_) | DefaultValue::Enum(_) => return None,
    })
}
