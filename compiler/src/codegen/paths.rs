//! Where generated items live, and the relative paths between them.
//!
//! A scope is a module path below the root that holds the generated
//! packages: the package's segments, then one module per enclosing message.
//! References are relative so that the generated files can be included
//! anywhere, as long as the package modules nest as the packages do.

use proc_macro2::TokenStream;
use quote::quote;

use super::{ident, type_ident};
use crate::model::{EnumId, MessageId, Schema};
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

/// The path from scope `from` to message `id`.
pub(crate) fn message_path(schema: &Schema, from: &[String], id: MessageId) -> TokenStream {
    let to = message_scope(schema, id);
    relative(from, &to, &type_ident(&schema.message(id).name))
}

/// The path from scope `from` to enum `id`.
pub(crate) fn enum_path(schema: &Schema, from: &[String], id: EnumId) -> TokenStream {
    let to = enum_scope(schema, id);
    relative(from, &to, &type_ident(&schema.enumeration(id).name))
}

/// The path from scope `from` to the item `name` in scope `to`: one
/// `super::` for each segment of `from` past the common prefix, then the
/// rest of `to`.
pub(crate) fn relative(from: &[String], to: &[String], name: &proc_macro2::Ident) -> TokenStream {
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

    #[test]
    fn raw_segments_stay_raw() {
        assert_eq!(path(&[], &["r#type"], "T"), "r#type :: T");
    }
}
