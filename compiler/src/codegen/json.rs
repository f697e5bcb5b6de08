//! Serde impls with the canonical JSON mapping (docs/json.md), generated
//! when [`Config::json`](crate::Config::json) is on.
//!
//! A message gets `JsonMessage`, whose two methods write and read its
//! fields one call per field through the runtime's `json` helpers, and
//! `Serialize` and `Deserialize` impls that delegate to the runtime. An enum
//! gets `Serialize` and `Deserialize` by name. The mapping of each type is
//! the runtime's `JsonCodec` impl of the field's codec, the same one
//! `schemac encode` and `decode` use, so the two agree.
//!
//! Generated code names serde only as `_rt::json::serde`, so a crate needs
//! no serde dependency of its own. Generic parameters start with an
//! underscore, which no schema type name does after casing, so that they
//! never shadow a message the body refers to.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{Context, extensions, field_number, ident, oneof, type_ident, types};
use crate::config::JsonNames;
use crate::model::{EncodingStep, Field, FieldOrOneof, MessageId, ValueType};
use crate::names;
use types::{Held, Shape};

/// `JsonMessage` for message `id`, whose struct is in `scope`, and
/// `Serialize` and `Deserialize` through it (`_rt::message_serde!`);
/// nothing when JSON is off. Its methods are the runtime's
/// `_rt::json_fields!`, from an entry per field ([`entries`]).
pub(crate) fn expand_message_json(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    if !cx.config.json {
        return TokenStream::new();
    }
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let ident = type_ident(&message.name);
    let entries = entries(cx, scope, id);
    let ref_target = cx.is_ref_target(id).then(|| {
        quote!(
            const REF_TARGET: bool = true;
        )
    });
    quote! {
        impl #rt::json::JsonMessage for #ident {
            #ref_target
            #rt::json_fields!(#(#entries)*);
        }

        #rt::message_serde!(#ident);
    }
}

/// `Serialize` and `Deserialize` for the enum named `ident`, by value name
/// (`_rt::enum_serde!`); nothing when JSON is off.
pub(crate) fn expand_enum_json(cx: &Context, ident: &Ident) -> TokenStream {
    if !cx.config.json {
        return TokenStream::new();
    }
    let rt = &cx.runtime;
    quote!(#rt::enum_serde!(#ident);)
}

/// The entries of `_rt::json_fields!` for message `id`, in the order JSON
/// writes them: its fields and oneofs in declaration order; for a graph
/// message, in the order the bytes hold them, which is the order its
/// objects are numbered in (docs/graph.md), a oneof's members in a run of
/// their own between the fields they are numbered between; then the
/// extensions this code declares, by number.
fn entries(cx: &Context, scope: &[String], id: MessageId) -> Vec<TokenStream> {
    let message = cx.schema.message(id);
    let mut entries: Vec<TokenStream> = match cx.is_graph(id) {
        false => message
            .members()
            .into_iter()
            .map(|member| match member {
                FieldOrOneof::Field(field) => field_entry(cx, scope, field),
                FieldOrOneof::Oneof(index) => {
                    let members = oneof::members(message, index);
                    oneof_entry(cx, scope, id, index, &members)
                }
            })
            .collect(),
        true => message
            .encoding_order()
            .into_iter()
            .map(|step| match step {
                EncodingStep::Field(field) => field_entry(cx, scope, field),
                EncodingStep::Oneof { oneof, members } => {
                    let members: Vec<(&Field, ValueType)> = members
                        .iter()
                        .map(|member| (*member, member.ty.value()))
                        .collect();
                    oneof_entry(cx, scope, id, oneof, &members)
                }
            })
            .collect(),
    };
    entries.extend(extensions::json_entries(cx, scope, id));
    entries
}

/// The entry of `field`: `"order_lines" | "orderLines" => 4 order_lines:
/// Message, list;`, with the codec, in `_rt::codec`, its shape's functions
/// are called on.
fn field_entry(cx: &Context, scope: &[String], field: &Field) -> TokenStream {
    let keys = keys(cx, field);
    let number = field_number(field);
    let member = ident(&names::field_name(&field.name));
    let codec = types::codec_in_module(cx, scope, field, Held::of(cx, field));
    let shape = match Shape::of(cx, field) {
        Shape::Implicit | Shape::Map => None,
        Shape::Optional => Some(quote!(, optional)),
        Shape::Packed | Shape::Repeated => Some(quote!(, list)),
    };
    quote! {
        #keys => #number #member: #codec #shape;
    }
}

/// The entry of oneof `index` for `members`, those of its members that
/// JSON writes at this point with their types: `oneof "kind" kind { .. };`,
/// a member a line. Nothing when the oneof does not exist.
fn oneof_entry(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    members: &[(&Field, ValueType)],
) -> TokenStream {
    let message = cx.schema.message(id);
    let Some(oneof) = message.oneofs.get(index) else {
        return TokenStream::new();
    };
    let name = &oneof.name;
    let field = super::oneof_field(message, index);
    let members = members.iter().map(|&(member, ty)| {
        let keys = keys(cx, member);
        let number = field_number(member);
        let variant = oneof::variant_path(cx, scope, id, index, member);
        let codec = types::member_codec_name(ty, Held::of(cx, member));
        quote! {
            #keys => #number #variant: #codec;
        }
    });
    quote! {
        oneof #name #field { #(#members)* };
    }
}

/// The keys JSON reads `field` from: first the one it writes it under, as
/// [`Config::json_names`] chooses, then the other of its schema name and
/// its protobuf JSON name, where they differ.
///
/// [`Config::json_names`]: crate::Config::json_names
fn keys(cx: &Context, field: &Field) -> TokenStream {
    let name = &field.name;
    let json_name = field.json_name();
    let (written, other) = match cx.config.json_names {
        JsonNames::Schema => (name, &json_name),
        JsonNames::Proto => (&json_name, name),
    };
    if written == other {
        quote!(#written)
    } else {
        quote!(#written | #other)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Build, contains, field, scalar, shapes, shop};
    use crate::config::Config;
    use crate::model::{FieldType, Scalar, ValueType};

    fn json() -> Config {
        let mut config = Config::new();
        config.json(true);
        config
    }

    #[test]
    fn json_is_off_by_default() {
        let code = shop().render(&Config::new());
        assert!(!code.contains("json"), "{code}");
    }

    #[test]
    fn each_shape_has_its_entry_and_the_schema_name() {
        let code = shop().render(&json());
        for expected in [
            "impl _rt::json::JsonMessage for Order { _rt::json_fields!(",
            "\"id\" => 1 id: Int64;",
            "\"order_lines\" | \"orderLines\" => 4 order_lines: Message, list;",
            "\"customer\" => 5 customer: Message, optional;",
            "\"status\" => 6 status: Enum;",
            "_rt::message_serde!(Order);",
            "_rt::enum_serde!(Status);",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
        // Declaration order, which here is also number order.
        let serialize = &code[code.find("JsonMessage for Order").unwrap()..];
        let id = serialize.find("\"id\"").unwrap();
        let status = serialize.find("\"status\"").unwrap();
        assert!(id < status, "{code}");
    }

    /// With protobuf's JSON names, a field's JSON name comes first, which
    /// is the key it is written under; it is read by both.
    #[test]
    fn the_key_written_comes_first() {
        let mut config = json();
        config.json_names(crate::config::JsonNames::Proto);
        let code = shop().render(&config);
        assert!(
            contains(
                &code,
                "\"orderLines\" | \"order_lines\" => 4 order_lines: Message, list;"
            ),
            "{code}"
        );
        assert!(contains(&code, "\"id\" => 1 id: Int64;"), "{code}");
    }

    #[test]
    fn oneofs_boxes_maps_and_keywords() {
        let code = shapes().render(&json());
        for expected in [
            "oneof \"kind\" kind { \"circle\" => 1 shape::Kind::Circle: Message;",
            "\"scale_only\" | \"scaleOnly\" => 5 shape::Kind::ScaleOnly: Double; };",
            "oneof \"only\" only { \"type\" => 7 single::Only::Type: Int32; };",
            "\"left\" => 2 left: Boxed, optional;",
            "\"by_name\" | \"byName\" => 5 by_name: Map::<_rt::codec::String, _rt::codec::Message<Tree>>;",
            "\"again\" => 1 choice::Pick::Again: Boxed;",
            "\"type\" => 1 r#type: String;",
            "\"fooBar\" => 4 foo_bar: Int64;",
            "\"crate\" => 6 crate_: Enum, list;",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
    }

    /// An empty message calls the macro without entries, whose methods
    /// name their parameters `_map` and `_key`.
    #[test]
    fn an_empty_message_has_no_entries() {
        let mut b = Build::default();
        let file = b.file("empty.schema", &[]);
        b.message(file, None, "Empty", Vec::new());
        let code = b.render(&json());
        assert!(
            contains(
                &code,
                "impl _rt::json::JsonMessage for Empty { _rt::json_fields!(); }"
            ),
            "{code}"
        );
    }

    #[test]
    fn the_runtime_path_and_map_type_apply() {
        let mut b = Build::default();
        let file = b.file("m.schema", &["m"]);
        b.message(
            file,
            None,
            "M",
            vec![
                field(
                    "counts",
                    1,
                    FieldType::Map(Scalar::I64, ValueType::Scalar(Scalar::Bytes)),
                ),
                field("x", 2, scalar(Scalar::F32)),
            ],
        );
        let mut config = json();
        config
            .runtime_crate("crate::rt")
            .map_type(".", crate::MapType::HashMap);
        let code = b.render(&config);
        for expected in [
            "use crate::rt::__private as _rt;",
            "_rt::message_serde!(M);",
            "::std::collections::HashMap<i64, _rt::alloc::vec::Vec<u8>>",
            "\"counts\" => 1 counts: Map::<_rt::codec::Int64, _rt::codec::Bytes>;",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
    }

    /// A graph message writes its fields in the order the bytes hold them,
    /// which numbers its objects as the encoding does; the target of a
    /// reference says so, for the top-level `$id`; a plain message keeps
    /// declaration order.
    #[test]
    fn graph_messages_write_in_number_order_and_mark_ref_targets() {
        let code = super::super::tests::analyzed(
            "package g;
             message Customer { name: string = 1; }
             message Line { order: weak Order = 1; }
             message Order {
               customer: ref Customer = 5;
               lines: list<ref Line> = 2;
             }
             message Plain { b: i32 = 2; a: i32 = 1; }",
        )
        .render(&json());
        let order = &code[code.find("JsonMessage for Order").unwrap()..];
        let order = &order[..order.find("message_serde").unwrap()];
        assert!(order.contains("const REF_TARGET: bool = true;"), "{code}");
        let lines = order.find("\"lines\"").unwrap();
        let customer = order.find("\"customer\"").unwrap();
        assert!(lines < customer, "{code}");
        assert!(contains(
            order,
            "\"customer\" => 5 customer: Ref, optional;"
        ));
        let customer = &code[code.find("JsonMessage for Customer").unwrap()..];
        assert!(
            customer[..customer.len().min(200)].contains("const REF_TARGET: bool = true;"),
            "{code}"
        );
        let plain = &code[code.find("JsonMessage for Plain").unwrap()..];
        assert!(
            !plain[..plain.len().min(200)].contains("REF_TARGET"),
            "{code}"
        );
        assert!(
            plain.find("\"b\"").unwrap() < plain.find("\"a\"").unwrap(),
            "{code}"
        );
    }

    /// Models that check refuses, with a member of a oneof that does not
    /// exist and a list in a oneof, generate JSON without panicking.
    #[test]
    fn malformed_models_do_not_panic() {
        let mut b = Build::default();
        let file = b.file("bad.schema", &["ok"]);
        let message = b.message(
            file,
            None,
            "Bad",
            vec![crate::model::Field {
                oneof: Some(7),
                ..field("lost", 1, scalar(Scalar::I32))
            }],
        );
        b.oneof(
            message,
            "listy",
            vec![field(
                "xs",
                2,
                FieldType::List(ValueType::Scalar(Scalar::I32)),
            )],
        );
        let code = b.render(&json());
        assert!(code.contains("JsonMessage for Bad"), "{code}");
    }
}
