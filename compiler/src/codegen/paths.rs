//! Where generated items live, and the relative paths between them.
//!
//! A scope is a module path below the root that holds the generated
//! packages: the package's segments, then one module per enclosing message.
//! References are relative so that the generated files can be included
//! anywhere, as long as the package modules nest as the packages do.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};

use super::{Context, ident, type_ident};
use crate::model::{DeclaredType, EnumId, Extension, MessageId, Schema};
use crate::names;

/// The scope that holds message `id`'s struct.
pub(crate) fn message_scope(schema: &Schema, id: MessageId) -> Vec<String> {
    let message = schema.message(id);
    scope(schema, &message.package, message.parent)
}

/// The scope that holds enum `id`.
pub(crate) fn enum_scope(schema: &Schema, id: EnumId) -> Vec<String> {
    let enumeration = schema.enumeration(id);
    scope(schema, &enumeration.package, enumeration.parent)
}

/// The scope of the module that holds the types nested in message `id`:
/// its nested messages and enums and its oneof enums.
pub(crate) fn nested_scope(schema: &Schema, id: MessageId) -> Vec<String> {
    let mut scope = message_scope(schema, id);
    scope.push(names::module_name(&schema.message(id).name));
    scope
}

/// The scope that holds the constant of `extension`: its package's
/// module, or the nested module of the message whose scope declares it.
pub(crate) fn extension_scope(schema: &Schema, extension: &Extension) -> Vec<String> {
    match extension.parent {
        Some(parent) => nested_scope(schema, parent),
        None => scope(schema, &extension.package, None),
    }
}

/// The path from scope `from` to message `id`'s struct.
pub(crate) fn message_path(cx: &Context, from: &[String], id: MessageId) -> TokenStream {
    type_path(cx, from, DeclaredType::Message(id), false)
}

/// The path from scope `from` to the view struct of message `id`, without
/// its lifetime.
pub(crate) fn message_view_path(cx: &Context, from: &[String], id: MessageId) -> TokenStream {
    type_path(cx, from, DeclaredType::Message(id), true)
}

/// The path from scope `from` to enum `id`.
pub(crate) fn enum_path(cx: &Context, from: &[String], id: EnumId) -> TokenStream {
    type_path(cx, from, DeclaredType::Enum(id), false)
}

/// The path from scope `from` to the type `ty`, or to its view: relative
/// where this code generates it, under the Rust path of the
/// [`Config::extern_path`](crate::Config::extern_path) that covers it
/// otherwise.
fn type_path(cx: &Context, from: &[String], ty: DeclaredType, view: bool) -> TokenStream {
    let schema = cx.schema;
    let (name, full_name, package, to) = match ty {
        DeclaredType::Message(id) => {
            let message = schema.message(id);
            let scope = message_scope(schema, id);
            (&message.name, &message.full_name, &message.package, scope)
        }
        DeclaredType::Enum(id) => {
            let enumeration = schema.enumeration(id);
            let scope = enum_scope(schema, id);
            (
                &enumeration.name,
                &enumeration.full_name,
                &enumeration.package,
                scope,
            )
        }
    };
    let item = match view {
        true => ident(&names::view_name(name)),
        false => type_ident(name),
    };
    match cx.config.extern_path_of(full_name) {
        None => relative(from, &to, &item),
        Some((root, covered)) => extern_item_path(root, &to, covered, package.len(), item, view),
    }
}

/// The path of `item`, which lies in scope `to`, under `root`, the Rust
/// path of an extern path that covers the first `covered` segments of its
/// type's full name (the first `package_len` of which are its package's);
/// `view` when `item` is the type's view.
fn extern_item_path(
    mut root: syn::Path,
    to: &[String],
    covered: usize,
    package_len: usize,
    item: Ident,
    view: bool,
) -> TokenStream {
    if let Some(last) = root.segments.last_mut() {
        let named = last.ident.to_string();
        if covered > to.len() {
            // The path names the type itself; its view is beside it.
            if view {
                last.ident = ident(&names::view_name(&named));
            }
            return root.into_token_stream();
        }
        if covered > package_len {
            // The path names a message that encloses the type: the module
            // beside that message holds what is nested in it.
            last.ident = ident(&names::module_name(&named));
        }
    }
    let downs = to.iter().skip(covered).map(|segment| ident(segment));
    quote!(#root #(:: #downs)* :: #item)
}

/// The path from scope `from` to the item `name` in scope `to`: one
/// `super::` for each segment of `from` past the common prefix, then the
/// rest of `to`.
pub(crate) fn relative(from: &[String], to: &[String], name: &Ident) -> TokenStream {
    let common = from
        .iter()
        .zip(to)
        .take_while(|(from, to)| from == to)
        .count();
    let supers = from[common..].iter().map(|_| quote!(super::));
    let downs = to[common..].iter().map(|segment| {
        let segment = ident(segment);
        quote!(#segment::)
    });
    quote!(#(#supers)* #(#downs)* #name)
}

/// The package's modules, then the module of each enclosing message,
/// outermost first.
fn scope(schema: &Schema, package: &[String], parent: Option<MessageId>) -> Vec<String> {
    let mut enclosing = Vec::new();
    let mut next = parent;
    while let Some(id) = next {
        // Parents form a tree in any model resolve builds; the bound keeps a
        // broken one from looping.
        if enclosing.len() > schema.messages.len() {
            break;
        }
        let message = schema.message(id);
        enclosing.push(names::module_name(&message.name));
        next = message.parent;
    }
    package
        .iter()
        .map(|segment| names::package_module(segment))
        .chain(enclosing.into_iter().rev())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(from: &[&str], to: &[&str], name: &str) -> String {
        let from: Vec<String> = from.iter().map(|s| s.to_string()).collect();
        let to: Vec<String> = to.iter().map(|s| s.to_string()).collect();
        relative(&from, &to, &ident(name)).to_string()
    }

    #[test]
    fn same_module_is_the_bare_name() {
        assert_eq!(path(&["shop"], &["shop"], "Order"), "Order");
        assert_eq!(path(&[], &[], "Order"), "Order");
    }

    #[test]
    fn nested_modules_go_down() {
        assert_eq!(
            path(&["shapes"], &["shapes", "layer"], "Kind"),
            "layer :: Kind"
        );
        assert_eq!(
            path(&["shapes"], &["shapes", "shape", "polygon"], "Corner"),
            "shape :: polygon :: Corner"
        );
    }

    #[test]
    fn enclosing_modules_go_up() {
        assert_eq!(
            path(&["shapes", "shape", "polygon"], &["shapes"], "Drawing"),
            "super :: super :: Drawing"
        );
    }

    #[test]
    fn sibling_packages_go_up_then_down() {
        assert_eq!(
            path(&["world", "travel"], &["world", "geo"], "Coordinates"),
            "super :: geo :: Coordinates"
        );
        assert_eq!(
            path(&["a", "b", "c"], &["x"], "T"),
            "super :: super :: super :: x :: T"
        );
    }

    #[test]
    fn only_a_common_prefix_is_stripped() {
        // `a.x` and `x` share the segment `x`, but not as a prefix.
        assert_eq!(path(&["a", "x"], &["x"], "T"), "super :: super :: x :: T");
    }

    /// The path of `item` in scope `to` (of a type in package `shop`)
    /// under `root`, covering `covered` segments.
    fn extern_path(root: &str, to: &[&str], covered: usize, item: &str, view: bool) -> String {
        let root = syn::parse_str::<syn::Path>(root).unwrap();
        let to: Vec<String> = to.iter().map(|s| s.to_string()).collect();
        extern_item_path(root, &to, covered, 1, ident(item), view).to_string()
    }

    #[test]
    fn an_extern_package_path_is_the_package_module() {
        // `.shop` covers `shop.Order.Line`, in scope `shop::order`.
        assert_eq!(
            extern_path("::shop_types", &["shop", "order"], 1, "Line", false),
            ":: shop_types :: order :: Line"
        );
        assert_eq!(
            extern_path("::shop_types", &["shop"], 1, "OrderView", true),
            ":: shop_types :: OrderView"
        );
    }

    #[test]
    fn an_extern_type_path_is_the_type_and_its_view_is_beside_it() {
        // `.shop.Order` names `shop.Order` itself.
        assert_eq!(
            extern_path("::billing::Sale", &["shop"], 2, "Order", false),
            ":: billing :: Sale"
        );
        assert_eq!(
            extern_path("::billing::Sale", &["shop"], 2, "OrderView", true),
            ":: billing :: SaleView"
        );
    }

    #[test]
    fn the_types_nested_in_an_extern_message_are_in_the_module_beside_it() {
        // `.shop.Order` covers `shop.Order.Line.Kind`, in `shop::order::line`.
        assert_eq!(
            extern_path(
                "::billing::Sale",
                &["shop", "order", "line"],
                2,
                "Kind",
                false
            ),
            ":: billing :: sale :: line :: Kind"
        );
    }

    #[test]
    fn raw_segments_stay_raw() {
        assert_eq!(path(&[], &["r#type"], "T"), "r#type :: T");
    }
}
