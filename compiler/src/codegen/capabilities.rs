//! Two things a message's struct may promise, worked out over the whole
//! message graph: that it is `Copy`, and that its encoding cannot fail
//! (`InfallibleEncode`, which gives it an `encode_to_vec` returning the
//! bytes).
//!
//! A message derives `Copy` where prost-build derives it, where its
//! representation lets it: every field a number, a `bool`, an enum, a
//! `Timestamp`, `Duration` or `Empty`, a wrapper of a number or `bool`, or
//! a message that is `Copy` itself, neither boxed nor held by a message it
//! holds; no list, map, string, bytes, `value` or reference; and the
//! struct holds no unknown fields and no extensions, whose containers are
//! not `Copy`.
//!
//! A message's encoding cannot fail when no `required` field is held,
//! here or in a message it holds (encoding refuses one not set), and its
//! nesting is bounded below the recursion limit, so that the depth check
//! cannot refuse it: it holds no message that can hold itself (nor a
//! `value`, `Struct`, `Value` or `ListValue`), no `ref` or `weak`, no message
//! generated elsewhere (an extern path), no extensions, and its deepest
//! chain of nested messages is shorter than the limit.

use crate::config::Config;
use crate::model::{FieldType, Message, Scalar, Schema, ValueType, WellKnown};

/// The recursion limit of decoding and encoding, the runtime's
/// `DecodeOptions::DEFAULT_RECURSION_LIMIT`.
const RECURSION_LIMIT: usize = 100;

/// For each message of `schema`, whether it derives `Copy`: the greatest
/// fixed point, every message allowed until a field or a message it holds
/// forbids it.
pub(crate) fn copy_messages(schema: &Schema, config: &Config) -> Vec<bool> {
    let allowed = (schema.messages.iter())
        .map(|message| {
            !config.keeps_unknown_fields(message)
                && message.extension_ranges.is_empty()
                && !message.recursive
                && config.extern_path_of(&message.full_name).is_none()
                && message.fields.iter().all(|field| {
                    !field.boxed
                        && match field.ty {
                            FieldType::Single(ty)
                            | FieldType::Optional(ty)
                            | FieldType::Required(ty) => value_is_copy(ty),
                            FieldType::List(_) | FieldType::Map(..) => false,
                        }
                })
        })
        .collect();
    schema.spread_to_holders(allowed, false)
}

/// Whether a value of `ty`, apart from the messages it may be, is `Copy`.
fn value_is_copy(ty: ValueType) -> bool {
    match ty {
        ValueType::Scalar(scalar) => {
            !matches!(scalar, Scalar::String | Scalar::Bytes | Scalar::Value)
        }
        ValueType::Enum(_) | ValueType::Message(_) => true,
        ValueType::WellKnown(known) => match known.wrapped() {
            Some(scalar) => !matches!(scalar, Scalar::String | Scalar::Bytes),
            None => matches!(
                known,
                WellKnown::Timestamp
                    | WellKnown::Duration
                    | WellKnown::Empty
                    | WellKnown::NullValue
            ),
        },
        ValueType::Ref(..) => false,
    }
}

/// For each message of `schema`, whether its encoding cannot fail;
/// `checks_required` and `graph` are the messages' marks of
/// [`super::required::checked_messages`] and
/// [`Schema::graph_messages`].
pub(crate) fn infallible_messages(
    schema: &Schema,
    config: &Config,
    checks_required: &[bool],
    graph: &[bool],
) -> Vec<bool> {
    let bounded = (schema.messages.iter())
        .map(|message| {
            !message.recursive
                && message.extension_ranges.is_empty()
                && config.extern_path_of(&message.full_name).is_none()
                && message.fields.iter().all(|field| {
                    // `value`, `Struct`, `Value` and `ListValue` nest
                    // without bound.
                    !matches!(
                        field.ty.value(),
                        ValueType::Scalar(Scalar::Value)
                            | ValueType::WellKnown(
                                WellKnown::Struct | WellKnown::Value | WellKnown::ListValue
                            )
                    )
                })
        })
        .collect();
    let bounded = schema.spread_to_holders(bounded, false);
    let mut heights = vec![None; schema.messages.len()];
    (0..schema.messages.len())
        .map(|index| {
            bounded[index]
                && !checks_required.get(index).copied().unwrap_or(true)
                && !graph.get(index).copied().unwrap_or(true)
                && height(schema, &bounded, &mut heights, index) < RECURSION_LIMIT
        })
        .collect()
}

/// How many levels of nested messages the bounded message `index` can
/// hold at most: 0 for none, a map entry counting as one.
fn height(schema: &Schema, bounded: &[bool], heights: &mut [Option<usize>], index: usize) -> usize {
    if let Some(height) = heights[index] {
        return height;
    }
    let message: &Message = &schema.messages[index];
    let mut deepest = 0;
    for field in &message.fields {
        let entry = usize::from(matches!(field.ty, FieldType::Map(..)));
        let value = match field.ty.value() {
            // A bounded message holds only bounded ones, so the walk ends.
            ValueType::Message(id) if bounded[id.0 as usize] => {
                1 + height(schema, bounded, heights, id.0 as usize)
            }
            ValueType::Message(_) => usize::MAX - 1,
            // Each well-known type is a message on the wire, wrappers too,
            // and so is a `decimal`.
            ValueType::WellKnown(known) if !known.is_enum() => 1,
            ValueType::Scalar(Scalar::Decimal) => 1,
            _ => 0,
        };
        deepest = deepest.max(entry + value);
    }
    heights[index] = Some(deepest);
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::required;

    /// Each message of `text` (a `.proto` file) by name, whether it derives
    /// `Copy` and whether its encoding cannot fail.
    fn marks(text: &str, keep_unknown_fields: bool) -> Vec<(String, bool, bool)> {
        let analysis = crate::analyze_text("t.proto", text)
            .unwrap_or_else(|error| panic!("{}", error.render(false)));
        let schema = &analysis.schema;
        let mut config = Config::new();
        config.keep_unknown_fields(keep_unknown_fields);
        let copy = copy_messages(schema, &config);
        let checks = required::checked_messages(schema);
        let infallible = infallible_messages(schema, &config, &checks, &schema.graph_messages());
        (schema.messages.iter().enumerate())
            .filter(|(_, message)| message.package == ["t"])
            .map(|(index, message)| (message.name.clone(), copy[index], infallible[index]))
            .collect()
    }

    const PROTO: &str = r#"syntax = "proto2";
package t;
import "google/protobuf/struct.proto";
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
enum Kind { A = 0; }
message Point { optional int32 x = 1; optional sint64 y = 2; optional double z = 3; }
message Line { optional Point a = 1; optional Point b = 2; optional Kind kind = 3; oneof o { bool on = 4; Point at = 5; } }
message Named { optional string name = 1; }
message Points { repeated Point points = 1; }
message Tree { repeated Tree children = 1; }
message HoldsTree { optional Tree tree = 1; }
message Strict { required int32 id = 1; }
message HoldsStrict { optional Strict strict = 1; }
message Extended { optional int32 id = 1; extensions 100 to 200; }
message Stamped { optional google.protobuf.Timestamp at = 1; optional google.protobuf.Int32Value n = 2; }
message Loose { optional google.protobuf.Struct fields = 1; }
"#;

    #[test]
    fn copy_where_prost_derives_it_and_infallible_where_nothing_can_refuse() {
        let expected = [
            ("Point", true, true),
            ("Line", true, true),
            ("Named", false, true),
            ("Points", false, true),
            ("Tree", false, false),
            ("HoldsTree", false, false),
            ("Strict", true, false),
            ("HoldsStrict", true, false),
            ("Extended", false, false),
            ("Stamped", true, true),
            ("Loose", false, false),
        ];
        let expected: Vec<(String, bool, bool)> = (expected.iter())
            .map(|&(name, copy, infallible)| (name.to_owned(), copy, infallible))
            .collect();
        assert_eq!(marks(PROTO, false), expected);
    }

    #[test]
    fn a_value_nests_without_bound() {
        let text = "package t; message Holder { v: value = 1; } message Amount { d: decimal = 1; }";
        let analysis = crate::analyze_text("t.schema", text)
            .unwrap_or_else(|error| panic!("{}", error.render(false)));
        let schema = &analysis.schema;
        let config = Config::new();
        let checks = required::checked_messages(schema);
        let infallible = infallible_messages(schema, &config, &checks, &schema.graph_messages());
        let of = |name: &str| {
            let index = schema.messages.iter().position(|m| m.full_name == name);
            infallible[index.expect("the message")]
        };
        assert!(!of("t.Holder"));
        assert!(of("t.Amount"));
    }

    #[test]
    fn no_message_that_keeps_unknown_fields_is_copy() {
        assert!(marks(PROTO, true).iter().all(|&(_, copy, _)| !copy));
    }

    #[test]
    fn a_chain_of_nested_messages_as_deep_as_the_limit_is_not_counted_infallible() {
        // M0 holds M1, ..., M99 holds M100: M0 nests 100 deep, the limit.
        let mut text = String::from("syntax = \"proto3\";\npackage t;\n");
        for level in 0..RECURSION_LIMIT {
            text.push_str(&format!(
                "message M{level} {{ M{} next = 1; }}\n",
                level + 1
            ));
        }
        text.push_str(&format!("message M{RECURSION_LIMIT} {{ int32 x = 1; }}\n"));
        let marks = marks(&text, true);
        let infallible = |name: &str| marks.iter().find(|mark| mark.0 == name).map(|mark| mark.2);
        assert_eq!(infallible("M0"), Some(false));
        assert_eq!(infallible("M1"), Some(true));
        assert_eq!(infallible(&format!("M{RECURSION_LIMIT}")), Some(true));
    }
}
