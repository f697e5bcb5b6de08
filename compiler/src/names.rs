//! How schema names become Rust names.
//!
//! Check uses these to find names that would clash in Rust; codegen uses
//! them to write the code. Keeping them in one place keeps the two in step.

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};

use crate::model::Message;

/// The name of the catch-all variant of every generated enum, which holds
/// numbers the schema does not name.
pub const UNRECOGNIZED_VARIANT: &str = "Unrecognized";

/// The struct field that holds the unknown fields of a message that keeps
/// them, unless a field of the message has that name
/// ([`unknown_fields_field`]).
pub const UNKNOWN_FIELDS_FIELD: &str = "unknown_fields";

/// The struct field that holds the extensions of a message with extension
/// ranges.
pub const EXTENSIONS_FIELD: &str = "extensions";

/// The struct field that holds the unknown fields of `message`:
/// [`UNKNOWN_FIELDS_FIELD`], with a `_` added for as long as a field or
/// oneof of the message has that Rust name, so that keeping unknown
/// fields never clashes.
pub fn unknown_fields_field(message: &Message) -> String {
    let taken: Vec<String> = message
        .fields
        .iter()
        .filter(|field| field.oneof.is_none())
        .map(|field| field_name(&field.name))
        .chain(message.oneofs.iter().map(|oneof| field_name(&oneof.name)))
        .collect();
    let mut name = UNKNOWN_FIELDS_FIELD.to_owned();
    while taken.contains(&name) {
        name.push('_');
    }
    name
}

/// Words Rust reserves, usable as raw identifiers (`r#type`).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn",
    "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let",
    "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return",
    "static", "struct", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use",
    "virtual", "where", "while", "yield",
];

/// Words Rust reserves that cannot be raw identifiers; they get a trailing `_`.
const UNRAWABLE: &[&str] = &["crate", "self", "Self", "super", "_"];

/// The Rust name of a message, enum or oneof enum: `order_line` → `OrderLine`.
pub fn type_name(name: &str) -> String {
    escape(nonempty(name.to_upper_camel_case()))
}

/// The Rust name of the borrowed view of a message or of a oneof's enum:
/// `OrderLine` → `OrderLineView`.
pub fn view_name(name: &str) -> String {
    type_name(&format!("{name}_view"))
}

/// The Rust name of a struct field: `orderLines` → `order_lines`,
/// `type` → `r#type`.
pub fn field_name(name: &str) -> String {
    escape(nonempty(name.to_snake_case()))
}

/// The Rust module holding a message's nested types: `OrderLine` → `order_line`.
pub fn module_name(message_name: &str) -> String {
    escape(nonempty(message_name.to_snake_case()))
}

/// The Rust constant that identifies an extension:
/// `extension_int32` → `EXTENSION_INT32`, `http` → `HTTP`.
pub fn constant_name(extension_name: &str) -> String {
    escape(nonempty(extension_name.to_shouty_snake_case()))
}

/// The Rust module of one package segment: `ShopV1` → `shop_v1`.
pub fn package_module(segment: &str) -> String {
    module_name(segment)
}

/// The Rust variant of an enum value, with the enum's name stripped when it
/// is a prefix: in `enum Status`, `STATUS_PAID` and `PAID` both become `Paid`.
pub fn variant_name(enum_name: &str, value_name: &str) -> String {
    let prefix = format!("{}_", enum_name.to_shouty_snake_case());
    let shouty = value_name.to_shouty_snake_case();
    let stripped = match shouty.strip_prefix(&prefix) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_alphabetic()) => rest,
        _ => shouty.as_str(),
    };
    type_name(stripped)
}

/// The Rust variant of a oneof member: `credit_card` → `CreditCard`.
pub fn oneof_variant_name(field_name: &str) -> String {
    type_name(field_name)
}

/// A name that casing emptied (it was all underscores) still needs to be an
/// identifier; one that starts with a digit needs a leading underscore.
fn nonempty(name: String) -> String {
    if name.is_empty() {
        "__".to_owned()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{name}")
    } else {
        name
    }
}

fn escape(name: String) -> String {
    if UNRAWABLE.contains(&name.as_str()) {
        format!("{name}_")
    } else if KEYWORDS.contains(&name.as_str()) {
        format!("r#{name}")
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_upper_camel_case() {
        assert_eq!(type_name("order_line"), "OrderLine");
        assert_eq!(type_name("OrderLine"), "OrderLine");
        assert_eq!(type_name("Self"), "Self_");
    }

    #[test]
    fn views_add_view_to_the_type_name() {
        assert_eq!(view_name("OrderLine"), "OrderLineView");
        assert_eq!(view_name("order_line"), "OrderLineView");
        assert_eq!(view_name("Self"), "SelfView");
        assert_eq!(view_name("kind"), "KindView");
    }

    #[test]
    fn fields_are_snake_case_with_keywords_escaped() {
        assert_eq!(field_name("orderLines"), "order_lines");
        assert_eq!(field_name("type"), "r#type");
        assert_eq!(field_name("self"), "self_");
        assert_eq!(field_name("___"), "__");
        assert_eq!(field_name("match"), "r#match");
    }

    #[test]
    fn extension_constants_are_screaming_snake_case() {
        assert_eq!(constant_name("extension_int32"), "EXTENSION_INT32");
        assert_eq!(constant_name("http"), "HTTP");
        assert_eq!(constant_name("resourceType"), "RESOURCE_TYPE");
        assert_eq!(constant_name("_"), "__");
    }

    #[test]
    fn variants_drop_the_enum_prefix() {
        assert_eq!(variant_name("Status", "STATUS_PAID"), "Paid");
        assert_eq!(variant_name("Status", "PAID"), "Paid");
        assert_eq!(
            variant_name("OrderStatus", "ORDER_STATUS_SHIPPED"),
            "Shipped"
        );
        // Stripping would leave a number, so the prefix stays.
        assert_eq!(variant_name("Code", "CODE_404"), "Code404");
    }
}
