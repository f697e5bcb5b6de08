//! Extensions: a constant identifying each extension of the schema, and,
//! in each message with extension ranges, the field that holds its
//! extensions (`_rt::ExtensionSet`), their reading, measuring and writing,
//! its `Extendable` impl and its view's, and the JSON members of the
//! extensions this code declares for it.
//!
//! An extension declared at the top of a file is a constant of its
//! package's module; one declared in a message's scope, a constant of the
//! message's nested module. Each is named by [`names::constant_name`]:
//!
//! ```text
//! pub const HTTP: _rt::Extension<super::super::google::protobuf::MethodOptions,
//!     _rt::codec::Message<HttpRule>> = _rt::Extension::new(72295728, "google.api.http");
//! ```
//!
//! A message keeps the records of every field in its extension ranges,
//! whichever extensions this code knows, and writes them back after its
//! known fields; a message set (`message_set_wire_format`) reads and
//! writes them as protobuf's items.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use super::types::{self, Held};
use super::{Context, docs, field_number, ident, paths, type_ident};
use crate::config::Config;
use crate::model::{DeclaredType, Extension, ExtensionId, FieldType, MessageId, Schema, ValueType};
use crate::names;

/// Whether this code declares the constant of `extension`
/// ([`declared`]).
pub(crate) fn generates(cx: &Context, extension: &Extension) -> bool {
    declared(cx.schema, cx.config, extension)
}

/// Whether code generated with `config` declares the constant of
/// `extension`: its scope is generated (it is under no extern path, nor is
/// the message that declares it).
pub(crate) fn declared(schema: &Schema, config: &Config, extension: &Extension) -> bool {
    let scope_generated = match extension.parent {
        Some(parent) => super::generates(schema, config, DeclaredType::Message(parent)),
        None => config.extern_path_of(&extension.field.full_name).is_none(),
    };
    scope_generated && extension.extendee.is_some()
}

/// The constants of the extensions `ids` (those of one file's top level,
/// or of one message's scope) that this code declares, in source order.
pub(crate) fn expand_constants(cx: &Context, ids: &[ExtensionId]) -> Vec<TokenStream> {
    ids.iter()
        .map(|&id| cx.schema.extension(id))
        .filter(|extension| generates(cx, extension))
        .map(|extension| expand_constant(cx, extension))
        .collect()
}

/// `pub const NAME: _rt::Extension<Extendee, Codec> = ...;`, or a
/// `RepeatedExtension` for a list, with the extension's docs.
fn expand_constant(cx: &Context, extension: &Extension) -> TokenStream {
    let rt = &cx.runtime;
    let field = &extension.field;
    let Some(extendee) = extension.extendee else {
        return TokenStream::new();
    };
    let scope = paths::extension_scope(cx.schema, extension);
    let message = paths::message_path(cx, &scope, extendee);
    // A group's value travels between its keys: `codec::Group`. A closed
    // enum's codec reads its JSON closed; its records are read open, by
    // the codec's `merge_value` (docs/proto.md).
    let held = Held {
        group: field.delimited && matches!(field.ty.value(), ValueType::Message(_)),
        closed: matches!(field.ty.value(), ValueType::Enum(id) if cx.schema.enumeration(id).closed),
        ..Held::default()
    };
    let codec = types::value_codec(cx, &scope, field.ty.value(), held);
    let number = field_number(field);
    let full_name = &field.full_name;
    let extendee_name = &cx.schema.message(extendee).full_name;
    let docs = docs(&field.docs, || {
        format!("The extension `{full_name}` of `{extendee_name}`.")
    });
    let name = ident(&names::constant_name(&field.name));
    let (ty, value) = match field.ty {
        FieldType::List(_) => {
            let constructor = match field.packed {
                true => quote!(packed),
                false => quote!(new),
            };
            (
                quote!(#rt::RepeatedExtension<#message, #codec>),
                quote!(#rt::RepeatedExtension::#constructor(#number, #full_name)),
            )
        }
        _ => (
            quote!(#rt::Extension<#message, #codec>),
            quote!(#rt::Extension::new(#number, #full_name)),
        ),
    };
    let allow = names_deprecated(cx, extension).then(|| quote!(#[allow(deprecated)]));
    quote! {
        #docs
        #allow
        pub const #name: #ty = #value;
    }
}

/// Whether the constant of `extension` names a deprecated message or
/// enum: its extendee or its value's type.
fn names_deprecated(cx: &Context, extension: &Extension) -> bool {
    let schema = cx.schema;
    let extendee = extension
        .extendee
        .is_some_and(|id| schema.message(id).options.flag("deprecated"));
    let value = match extension.field.ty.value() {
        ValueType::Message(id) => schema.message(id).options.flag("deprecated"),
        ValueType::Enum(id) => schema.enumeration(id).options.flag("deprecated"),
        _ => false,
    };
    extendee || value
}

/// The struct field holding the extensions, when message `id` has
/// extension ranges.
pub(crate) fn extensions_field(cx: &Context, id: MessageId) -> Option<Ident> {
    let message = cx.schema.message(id);
    (!message.extension_ranges.is_empty()).then(|| ident(names::EXTENSIONS_FIELD))
}

/// Whether message `id` is a message set, whose extensions travel as
/// items.
fn is_message_set(cx: &Context, id: MessageId) -> bool {
    cx.schema.message(id).is_message_set()
}

/// `pub extensions: _rt::ExtensionSet,` in the struct of a message with
/// extension ranges; its view's field when `view`.
pub(crate) fn expand_struct_field(cx: &Context, id: MessageId, view: bool) -> TokenStream {
    let Some(field) = extensions_field(cx, id) else {
        return TokenStream::new();
    };
    let rt = &cx.runtime;
    match view {
        false => quote! {
            /// The fields read or set in the extension ranges, which the
            /// methods of `Extendable` get and set by the extensions'
            /// constants; written back after the known fields.
            pub #field: #rt::ExtensionSet,
        },
        true => quote! {
            /// The fields read in the extension ranges, borrowed, which the
            /// methods of `ExtendableView` read by the extensions' constants.
            pub #field: #rt::view::ExtensionSetView<'a>,
        },
    }
}

/// The term of `measure_fields` for the extensions of message `id`.
pub(crate) fn measure_term(cx: &Context, id: MessageId) -> Option<TokenStream> {
    let field = extensions_field(cx, id)?;
    Some(match is_message_set(cx, id) {
        true => quote!(self.#field.measure_message_set()),
        false => quote!(self.#field.measure()),
    })
}

/// The statement of `write_fields` for the extensions of message `id`,
/// which comes before the known fields', as the writer goes back to
/// front.
pub(crate) fn write_statement(cx: &Context, id: MessageId) -> Option<TokenStream> {
    let field = extensions_field(cx, id)?;
    Some(match is_message_set(cx, id) {
        true => quote!(self.#field.write_message_set(writer);),
        false => quote!(self.#field.write(writer);),
    })
}

/// The arms of `merge_field` that keep the fields of message `id`'s
/// extension ranges, owned or in a view alike: a range each, and for a
/// message set its items, start-group keys of field 1.
pub(crate) fn merge_arms(cx: &Context, id: MessageId) -> Vec<TokenStream> {
    let Some(field) = extensions_field(cx, id) else {
        return Vec::new();
    };
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let items = is_message_set(cx, id).then(|| {
        quote! {
            (1, #rt::WireType::StartGroup) => self.#field.merge_item(decoder),
        }
    });
    let ranges = message.extension_ranges.iter().map(|range| {
        let start = Literal::u32_unsuffixed(range.start as u32);
        let end = Literal::u32_unsuffixed(range.end as u32);
        let pattern = match range.start == range.end {
            true => quote!(#start),
            false => quote!(#start..=#end),
        };
        quote! {
            (#pattern, _) => self.#field.merge(number, wire, decoder),
        }
    });
    items.into_iter().chain(ranges).collect()
}

/// `impl Extendable for Name`, for a message with extension ranges.
pub(crate) fn expand_extendable_impl(cx: &Context, id: MessageId) -> TokenStream {
    let Some(field) = extensions_field(cx, id) else {
        return TokenStream::new();
    };
    let rt = &cx.runtime;
    let ident = type_ident(&cx.schema.message(id).name);
    quote! {
        impl #rt::Extendable for #ident {
            fn extension_set(&self) -> &#rt::ExtensionSet {
                &self.#field
            }

            fn extension_set_mut(&mut self) -> &mut #rt::ExtensionSet {
                &mut self.#field
            }
        }
    }
}

/// `impl ExtendableView for NameView`, for the view of a message with
/// extension ranges.
pub(crate) fn expand_extendable_view_impl(cx: &Context, id: MessageId) -> TokenStream {
    let Some(field) = extensions_field(cx, id) else {
        return TokenStream::new();
    };
    let rt = &cx.runtime;
    let view = ident(&names::view_name(&cx.schema.message(id).name));
    quote! {
        impl<'a> #rt::view::ExtendableView<'a> for #view<'a> {
            fn extension_set(&self) -> &#rt::view::ExtensionSetView<'a> {
                &self.#field
            }
        }
    }
}

/// The field of `to_owned`'s struct literal that makes a view's
/// extensions owned.
pub(crate) fn owned_conversion(cx: &Context, id: MessageId) -> Option<TokenStream> {
    let field = extensions_field(cx, id)?;
    Some(quote!(#field: self.#field.to_owned(),))
}

/// The extensions of message `id` that JSON writes and reads, by number
/// ([`Schema::json_extensions_of`]): those whose constants this code
/// declares.
fn json_extensions<'s>(cx: &Context<'s>, id: MessageId) -> Vec<&'s Extension> {
    if extensions_field(cx, id).is_none() {
        return Vec::new();
    }
    let mut extensions = cx.schema.json_extensions_of(id);
    extensions.retain(|extension| generates(cx, extension));
    extensions
}

/// The path from `scope` to the constant of `extension`.
fn constant_path(cx: &Context, scope: &[String], extension: &Extension) -> TokenStream {
    let to = paths::extension_scope(cx.schema, extension);
    let name = ident(&names::constant_name(&extension.field.name));
    paths::relative(scope, &to, &name)
}

/// The entries of `_rt::json_fields!` for the extensions of message `id`,
/// whose struct is in `scope`, that this code declares: each read from
/// `"[its.full_name]"` (and written under it by its constant when it is
/// set); in a message set, an extension named as protobuf names a message
/// set's extension, by the full name of its message type declared around
/// it, is read by that name too, as Google's parsers read it.
pub(crate) fn json_entries(cx: &Context, scope: &[String], id: MessageId) -> Vec<TokenStream> {
    let Some(field) = extensions_field(cx, id) else {
        return Vec::new();
    };
    json_extensions(cx, id)
        .into_iter()
        .map(|extension| {
            let constant = constant_path(cx, scope, extension);
            let key = extension.json_key();
            let alias = (cx.schema.extension_json_alias(extension)).map(|alias| quote!(| #alias));
            quote! {
                extension #key #alias => #constant in #field;
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{analyzed, contains};
    use crate::config::Config;

    const SCHEMA: &str = "package shop;
        message Item {
          sku: string = 1;
          extensions 100 to 199, 300;
        }
        message Note { text: string = 1; }
        enum Grade { GRADE_UNKNOWN = 0; GRADE_A = 1; }
        extend Item {
          shelf: i32 = 100;
          grades: list<Grade> = 101;
          labels: list<string> = 102;
        }
        message Audit {
          extend Item { last_note: Note = 300; }
          by: string = 1;
        }
        message Ledger {
          option message_set_wire_format = true;
          extensions 4 to max;
        }
        message Receipt {
          extend Ledger { receipt: Receipt = 1001; }
          number: string = 1;
        }";

    fn config() -> Config {
        let mut config = Config::new();
        config.json(true).views(true);
        config
    }

    #[test]
    fn each_extension_is_a_constant_in_the_module_of_its_scope() {
        let code = analyzed(SCHEMA).render(&Config::new());
        for expected in [
            "pub const SHELF: _rt::Extension<Item, _rt::codec::Int32> = _rt::Extension::new(100, \"shop.shelf\");",
            // `.schema` lists of enums are packed; of strings, not.
            "pub const GRADES: _rt::RepeatedExtension<Item, _rt::codec::Enum<Grade>> = _rt::RepeatedExtension::packed(101, \"shop.grades\");",
            "pub const LABELS: _rt::RepeatedExtension<Item, _rt::codec::String> = _rt::RepeatedExtension::new(102, \"shop.labels\");",
            "pub mod audit { use ::schemac_runtime::__private as _rt;",
            "pub const LAST_NOTE: _rt::Extension<super::Item, _rt::codec::Message<super::Note>> = _rt::Extension::new(300, \"shop.Audit.last_note\");",
            "/// The extension `shop.shelf` of `shop.Item`.",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
    }

    #[test]
    fn a_message_with_extension_ranges_keeps_them_and_is_extendable() {
        let code = analyzed(SCHEMA).render(&config());
        for expected in [
            "pub extensions: _rt::ExtensionSet,",
            "_rt::codec::String::measure(1, &self.sku) + self.extensions.measure()",
            "self.extensions.write(writer); _rt::codec::String::write(1, &self.sku, writer);",
            "(100..=199, _) => self.extensions.merge(number, wire, decoder),",
            "(300, _) => self.extensions.merge(number, wire, decoder),",
            "impl _rt::Extendable for Item {",
            // Its view.
            "pub extensions: _rt::view::ExtensionSetView<'a>,",
            "extensions: self.extensions.to_owned(),",
            "impl<'a> _rt::view::ExtendableView<'a> for ItemView<'a> {",
            // Its JSON: the extensions this code declares, by number.
            "extension \"[shop.shelf]\" => SHELF in extensions; \
             extension \"[shop.grades]\" => GRADES in extensions; \
             extension \"[shop.labels]\" => LABELS in extensions; \
             extension \"[shop.Audit.last_note]\" => audit::LAST_NOTE in extensions; );",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
        let note = &code[code.find("pub struct Note").unwrap()..];
        let note = &note[..note.find("impl").unwrap()];
        assert!(!note.contains("extensions"), "{note}");
    }

    #[test]
    fn a_message_set_reads_and_writes_items() {
        let code = analyzed(SCHEMA).render(&config());
        for expected in [
            "self.extensions.measure_message_set()",
            "self.extensions.write_message_set(writer);",
            "(1, _rt::WireType::StartGroup) => self.extensions.merge_item(decoder),",
            // A message set's `max` is `i32::MAX - 1`; the type ids past the
            // largest field number travel in items only.
            "(4..=2147483646, _) => self.extensions.merge(number, wire, decoder),",
            // JSON reads the key protobuf gives a message set's extension
            // too: its message type's name.
            "extension \"[shop.Receipt.receipt]\" | \"[shop.Receipt]\" => receipt::RECEIPT in extensions;",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
    }

    #[test]
    fn extensions_under_an_extern_path_are_not_declared_again() {
        let mut config = config();
        config.extern_path(".shop.Audit", "::elsewhere::Audit");
        let code = analyzed(SCHEMA).render(&config);
        assert!(!code.contains("LAST_NOTE"), "{code}");
        assert!(contains(
            &code,
            "extension \"[shop.shelf]\" => SHELF in extensions;"
        ));
    }
}
