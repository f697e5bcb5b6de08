//! Enums: an open Rust enum with one unit variant per value and an
//! `Unrecognized(i32)` variant for the numbers the schema does not name.
//! A closed enum's fields never read one (the number goes to the message's
//! unknown fields), but code may set one, which is written as it is.
//!
//! Values compare, hash and convert by number, so `Unrecognized(1)` equals
//! the variant whose number is 1.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use super::attributes::ItemKind;
use super::deprecation::deprecated;
use super::{Context, docs, ident, json, type_ident};
use crate::model::{Enum, EnumId};
use crate::names;
use crate::proto_names;

/// The enum `id`, its inherent methods and its trait impls, serde's too
/// when JSON is on.
pub(crate) fn expand_enum(cx: &Context, id: EnumId) -> TokenStream {
    let enumeration = cx.schema.enumeration(id);
    let doc = docs(&enumeration.docs, || {
        format!("The enum `{}`.", enumeration.full_name)
    });
    let unrecognized = ident(names::UNRECOGNIZED_VARIANT);
    let name = type_ident(&enumeration.name);
    // Check makes the first value 0, so it is the default. Aliases have no
    // variant of their own.
    let variants = enumeration
        .values
        .iter()
        .enumerate()
        .filter(|&(index, _)| !enumeration.is_alias(index))
        .map(|(position, value)| {
            let docs = docs(&value.docs, || {
                format!("`{} = {}`.", value.name, value.number)
            });
            let default = (position == 0).then(|| quote!(#[default]));
            let deprecated = deprecated(&value.options);
            let variant = variant_ident(enumeration, &value.name);
            quote! {
                #docs
                #deprecated
                #default
                #variant,
            }
        });
    let methods = expand_enum_methods(cx, enumeration, &name);
    let impls = expand_enum_impls(cx, enumeration, &name);
    let json = json::expand_enum_json(cx, &name);
    let debug = cx
        .config
        .derives_debug(&enumeration.full_name)
        .then(|| quote!(Debug,));
    let attributes = cx.attributes(
        ItemKind::Enum,
        &enumeration.full_name,
        &enumeration.rust_attributes,
    );
    let deprecated = deprecated(&enumeration.options);
    let unrecognized_doc = match enumeration.closed {
        true => quote! {
            /// A number this schema does not name. The enum is closed, so
            /// reading never gives one: such a number goes to the message's
            /// unknown fields, or is dropped.
        },
        false => quote! {
            /// A number this schema does not name, kept as it was received.
        },
    };
    quote! {
        #doc
        #[derive(Clone, Copy, #debug Default)]
        #deprecated
        #attributes
        pub enum #name {
            #(#variants)*
            #unrecognized_doc
            #unrecognized(i32),
        }

        #methods

        #impls

        #json
    }
}

/// `number`, `from_number` and `name`, as `const fn`s, and `from_name`,
/// which reads an alias's name as the value it is an alias of, and the name
/// a value is exported under (see [`proto_names`]) as the value.
fn expand_enum_methods(cx: &Context, enumeration: &Enum, name: &Ident) -> TokenStream {
    let unrecognized = ident(names::UNRECOGNIZED_VARIANT);
    let primary: Vec<(Ident, &str, i64)> = enumeration
        .values
        .iter()
        .enumerate()
        .filter(|&(index, _)| !enumeration.is_alias(index))
        .map(|(_, value)| {
            let variant = variant_ident(enumeration, &value.name);
            (variant, value.name.as_str(), value.number)
        })
        .collect();
    let variants: Vec<&Ident> = primary.iter().map(|(variant, _, _)| variant).collect();
    let numbers: Vec<TokenStream> = primary.iter().map(|&(_, _, value)| number(value)).collect();
    let names = primary.iter().map(|(_, name, _)| name);
    let exported = |name: &str| proto_names::value_name(cx.schema, enumeration, name);
    let (all_names, named): (Vec<TokenStream>, Vec<&Ident>) = enumeration
        .values
        .iter()
        .map(|value| {
            let (variant, _, _) = primary
                .iter()
                .find(|(_, _, number)| *number == value.number)
                .unwrap_or(&primary[0]);
            let name = &value.name;
            let proto_name = exported(name);
            let names = match proto_name == *name {
                true => quote!(#name),
                false => quote!(#name | #proto_name),
            };
            (names, variant)
        })
        .unzip();
    quote! {
        impl #name {
            /// The number this value has on the wire.
            pub const fn number(self) -> i32 {
                match self {
                    #(Self::#variants => #numbers,)*
                    Self::#unrecognized(number) => number,
                }
            }

            /// The value that `number` names, or `Unrecognized(number)`.
            pub const fn from_number(number: i32) -> Self {
                match number {
                    #(#numbers => Self::#variants,)*
                    _ => Self::#unrecognized(number),
                }
            }

            /// The value's name in the schema, or `None` for a number the
            /// schema does not name; equal values have equal names.
            pub const fn name(self) -> ::core::option::Option<&'static str> {
                match Self::from_number(self.number()) {
                    #(Self::#variants => Some(#names),)*
                    _ => None,
                }
            }

            /// The value named `name` in the schema, if there is one.
            pub fn from_name(name: &str) -> ::core::option::Option<Self> {
                match name {
                    #(#all_names => Some(Self::#named),)*
                    _ => None,
                }
            }
        }
    }
}

/// Equality and hashing by number, conversions from and to `i32`, and
/// the runtime's `Enumeration`, which the runtime's `enumeration!` writes.
fn expand_enum_impls(cx: &Context, enumeration: &Enum, ty: &Ident) -> TokenStream {
    let rt = &cx.runtime;
    let name = &enumeration.name;
    quote!(#rt::enumeration!(#ty, #name);)
}

fn variant_ident(enumeration: &Enum, value: &str) -> Ident {
    ident(&names::variant_name(&enumeration.name, value))
}

/// An `i32` literal; a negative one is a minus sign and a literal, which
/// is how Rust spells it in a pattern.
fn number(value: i64) -> TokenStream {
    let magnitude = Literal::u64_unsuffixed(value.unsigned_abs());
    if value < 0 {
        quote!(-#magnitude)
    } else {
        quote!(#magnitude)
    }
}
