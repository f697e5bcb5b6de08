//! What goes on a generated type or field besides its docs: the derives,
//! which depend on what the type holds and on [`Config::skip_debug`], and
//! the attributes of the [`Config`]'s paths and of the schema's
//! `rust_attribute` options, after the derives (a derive's helper
//! attributes must follow it).
//!
//! A message derives `Eq` and `Hash` when every value it can hold has them:
//! no `f32` or `f64`, no `value`, no `google.protobuf.Struct`, `Value`,
//! `ListValue`, `DoubleValue` or `FloatValue`, no map when maps are
//! `HashMap`, and no message that cannot derive them ([`eq_hash_messages`]).
//! Its oneof enums derive what the message derives.

use proc_macro2::TokenStream;
use quote::quote;

use super::Context;
use crate::config::{AttributeTarget, Config, parse_attributes, path_matches};
use crate::model::{FieldType, MessageId, RefKind, Scalar, Schema, ValueType, WellKnown};

/// What a generated item is, for the attribute options that apply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
    /// A message's struct.
    Message,
    /// A schema enum.
    Enum,
    /// A oneof's enum.
    Oneof,
    /// A struct field or a oneof variant.
    Field,
}

impl ItemKind {
    fn takes(self, target: AttributeTarget) -> bool {
        match target {
            AttributeTarget::Type => self != ItemKind::Field,
            AttributeTarget::Field => self == ItemKind::Field,
            AttributeTarget::Message => self == ItemKind::Message,
            AttributeTarget::Enum => matches!(self, ItemKind::Enum | ItemKind::Oneof),
        }
    }
}

/// For each message of `schema`, whether it can derive `Eq` and `Hash`:
/// the greatest fixed point, every message allowed until a value it holds
/// or a message it holds is not. A message that holds itself, through a
/// box, a list or a map, is allowed when nothing else forbids it.
pub(crate) fn eq_hash_messages(schema: &Schema, config: &Config) -> Vec<bool> {
    let allowed = schema
        .messages
        .iter()
        .map(|message| {
            message.fields.iter().all(|field| match field.ty {
                FieldType::Single(ty)
                | FieldType::Optional(ty)
                | FieldType::Required(ty)
                | FieldType::List(ty) => value_has_eq_hash(ty),
                // Map keys are integers, bools and strings, all `Eq` and
                // `Hash`; `HashMap` itself is not `Hash`.
                FieldType::Map(_, value) => {
                    config.map_type_of(&field.full_name).is_sorted() && value_has_eq_hash(value)
                }
            })
        })
        .collect();
    schema.spread_to_holders(allowed, false)
}

/// For each message of `schema`, whether it can derive `PartialEq`: all
/// but those that hold a `weak` field (`Weak` has no `PartialEq`, and
/// comparing through a back reference would walk a cycle forever) and
/// those that hold such a message, by value or through `ref`
/// (docs/graph.md).
pub(crate) fn partial_eq_messages(schema: &Schema) -> Vec<bool> {
    let allowed = schema
        .messages
        .iter()
        .map(|message| {
            !message
                .fields
                .iter()
                .any(|field| matches!(field.ty.value(), ValueType::Ref(_, RefKind::Weak)))
        })
        .collect();
    schema.spread_to_holders(allowed, false)
}

/// Whether a value of `ty`, apart from the messages it may be, is `Eq`
/// and `Hash`.
fn value_has_eq_hash(ty: ValueType) -> bool {
    match ty {
        ValueType::Scalar(scalar) => !matches!(scalar, Scalar::F32 | Scalar::F64 | Scalar::Value),
        ValueType::WellKnown(known) => !matches!(
            known,
            WellKnown::Struct
                | WellKnown::Value
                | WellKnown::ListValue
                | WellKnown::DoubleValue
                | WellKnown::FloatValue
        ),
        ValueType::Message(_) | ValueType::Enum(_) => true,
        // `Arc<T>` is `Eq` and `Hash` by `T`; `Weak<T>` is neither.
        ValueType::Ref(_, RefKind::Strong) => true,
        ValueType::Ref(_, RefKind::Weak) => false,
    }
}

impl Context<'_> {
    /// The derives of message `id` and of its oneof enums: `Clone`, `Copy`
    /// where [`super::capabilities`] allows it, `Debug` unless skipped, `Default` for the struct, `PartialEq`, and
    /// `Eq` and `Hash` where every value held allows them.
    pub(crate) fn message_derives(&self, id: MessageId, item: ItemKind) -> TokenStream {
        let message = self.schema.message(id);
        let debug = self
            .config
            .derives_debug(&message.full_name)
            .then(|| quote!(Debug,));
        let copy = self.derives_copy(id).then(|| quote!(Copy,));
        let default = (item == ItemKind::Message).then(|| quote!(Default,));
        let partial_eq = self.derives_partial_eq(id).then(|| quote!(PartialEq,));
        let eq_hash = self.eq_hash(id).then(|| quote!(Eq, Hash,));
        quote!(#[derive(Clone, #copy #debug #default #partial_eq #eq_hash)])
    }

    /// The attributes for `item` named `full_name`: those of the config's
    /// paths that cover it, in the order they were added, then those the
    /// schema wrote on it (`own`). One that does not parse is left out;
    /// `check_config` and resolve refuse those before codegen.
    pub(crate) fn attributes(
        &self,
        item: ItemKind,
        full_name: &str,
        own: &[String],
    ) -> TokenStream {
        let configured = self
            .config
            .attributes
            .iter()
            .filter(|attribute| item.takes(attribute.target))
            .filter(|attribute| path_matches(&attribute.path, full_name))
            .map(|attribute| attribute.attribute.as_str());
        let attributes = configured
            .chain(own.iter().map(String::as_str))
            .filter_map(|text| parse_attributes(text).ok())
            .flatten();
        quote!(#(#attributes)*)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::MapType;

    /// Whether each message of `text`, by name, derives `Eq` and `Hash`
    /// with `config`.
    fn allowed(text: &str, config: &Config) -> Vec<(String, bool)> {
        let analysis = crate::analyze_text("t.schema", text).unwrap_or_else(|e| panic!("{e}"));
        let schema = &analysis.schema;
        let allowed = eq_hash_messages(schema, config);
        schema
            .messages
            .iter()
            .zip(allowed)
            .map(|(message, allowed)| (message.name.clone(), allowed))
            .collect()
    }

    const SCHEMA: &str = "package t;
        message Float { x: f64 = 1; }
        message HoldsFloat { f: Float = 1; }
        message HoldsItInAList { h: list<HoldsFloat> = 1; }
        message HoldsItInAOneof { oneof o { h: HoldsFloat = 1; n: i32 = 2; } }
        message Recursive { next: Recursive = 1; n: i32 = 2; }
        message RecursiveWithFloat { next: RecursiveWithFloat = 1; x: optional f32 = 2; }
        message Dynamic { v: value = 1; }
        message Money { d: decimal = 1; when: timestamp = 2; }
        message Maps { m: map<string, i64> = 1; }
        message FloatMap { m: map<string, f32> = 1; }";

    #[test]
    fn eq_and_hash_are_a_fixed_point_over_what_messages_hold() {
        let expected = [
            ("Float", false),
            ("HoldsFloat", false),
            ("HoldsItInAList", false),
            ("HoldsItInAOneof", false),
            ("Recursive", true),
            ("RecursiveWithFloat", false),
            ("Dynamic", false),
            ("Money", true),
            ("Maps", true),
            ("FloatMap", false),
        ];
        let expected: Vec<(String, bool)> = expected
            .iter()
            .map(|(name, allowed)| (name.to_string(), *allowed))
            .collect();
        assert_eq!(allowed(SCHEMA, &Config::new()), expected);
    }

    #[test]
    fn hash_maps_are_not_hash() {
        let mut config = Config::new();
        config.map_type(".", MapType::HashMap);
        let maps = allowed(SCHEMA, &config);
        assert!(maps.contains(&("Maps".to_owned(), false)), "{maps:?}");
        assert!(maps.contains(&("Recursive".to_owned(), true)), "{maps:?}");
    }
}
