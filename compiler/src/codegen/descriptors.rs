//! The embedded descriptors of a package (`Config::embed_descriptors`):
//! its `FILE_DESCRIPTOR_SET`, the `descriptor_pool()` made of it, and a
//! `_rt::described!` entry for each message and enum it generates, which
//! reaches its descriptor in that pool.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::paths::{enum_path, message_path};
use super::{Context, Package, Part};
use crate::model::DeclaredType;

/// The code of `package`'s embedded descriptors, `set` being the encoded
/// `FileDescriptorSet` of its files and their imports.
pub fn expand(cx: &Context, package: &Package, set: &[u8]) -> TokenStream {
    let set = Literal::byte_string(set);
    let scope = &package.package;
    let mut types = Vec::new();
    for part in &package.parts {
        if let Part::Type(ty) = part {
            declared(cx, *ty, &mut types);
        }
    }
    let described = types.iter().map(|ty| {
        let (kind, path, full_name) = match *ty {
            DeclaredType::Message(id) => (
                quote!(message),
                message_path(cx, scope, id),
                &cx.schema.message(id).full_name,
            ),
            DeclaredType::Enum(id) => (
                quote!(enum),
                enum_path(cx, scope, id),
                &cx.schema.enumeration(id).full_name,
            ),
        };
        quote!(#kind #path = #full_name;)
    });
    quote! {
        /// The descriptors of this package's files and of the files they
        /// import: a `google.protobuf.FileDescriptorSet` as protoc writes
        /// it, without source info.
        pub const FILE_DESCRIPTOR_SET: &[u8] = #set;

        /// The descriptor pool of [`FILE_DESCRIPTOR_SET`], made at first use.
        pub fn descriptor_pool() -> &'static _rt::reflect::DescriptorPool {
            _rt::descriptor_pool!(FILE_DESCRIPTOR_SET)
        }

        _rt::described!(descriptor_pool; #(#described)*);
    }
}

/// `ty` and the messages and enums nested in it, in declaration order.
fn declared(cx: &Context, ty: DeclaredType, types: &mut Vec<DeclaredType>) {
    types.push(ty);
    if let DeclaredType::Message(id) = ty {
        let message = cx.schema.message(id);
        for nested in cx.schema.declared_types(&message.messages, &message.enums) {
            declared(cx, nested, types);
        }
    }
}
