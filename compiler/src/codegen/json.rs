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
use types::{Action, Held, Shape};

/// `JsonMessage` for message `id`, whose struct is in `scope`, and
/// `Serialize` and `Deserialize` through it (`_rt::message_serde!`);
/// nothing when JSON is off.
pub(crate) fn expand_message_json(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    if !cx.config.json {
        return TokenStream::new();
    }
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let ident = type_ident(&message.name);
    let serialize = expand_serialize_fields(cx, scope, id);
    let deserialize = expand_deserialize_field(cx, scope, id);
    let ref_target = cx.is_ref_target(id).then(|| {
        quote!(
            const REF_TARGET: bool = true;
        )
    });
    quote! {
        impl #rt::json::JsonMessage for #ident {
            #ref_target

            #serialize

            #deserialize
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

/// `fn serialize_fields`: one call per field, in declaration order; for a
/// graph message, in the order the bytes hold them, which is the order its
/// objects are numbered in (docs/graph.md); then the extensions this code
/// declares, by number.
fn expand_serialize_fields(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let mut statements: Vec<TokenStream> = match cx.is_graph(id) {
        false => message
            .members()
            .into_iter()
            .map(|member| match member {
                FieldOrOneof::Field(field) => expand_serialize_field(cx, scope, field),
                FieldOrOneof::Oneof(index) => {
                    let members = oneof::members(message, index);
                    expand_serialize_oneof(cx, scope, id, index, &members)
                }
            })
            .collect(),
        true => message
            .encoding_order()
            .into_iter()
            .map(|step| match step {
                EncodingStep::Field(field) => expand_serialize_field(cx, scope, field),
                EncodingStep::Oneof { oneof, members } => {
                    let members: Vec<(&Field, ValueType)> = members
                        .iter()
                        .map(|member| (*member, member.ty.value()))
                        .collect();
                    expand_serialize_oneof(cx, scope, id, oneof, &members)
                }
            })
            .collect(),
    };
    statements.extend(extensions::json_writes(cx, scope, id));
    let map = if statements.is_empty() {
        quote!(_map)
    } else {
        quote!(map)
    };
    quote! {
        fn serialize_fields<_M: #rt::json::serde::ser::SerializeMap>(
            &self,
            #map: &mut _M,
        ) -> ::core::result::Result<(), _M::Error> {
            #(#statements)*
            Ok(())
        }
    }
}

/// The statement that writes `field`, with its codec's function for its
/// shape.
fn expand_serialize_field(cx: &Context, scope: &[String], field: &Field) -> TokenStream {
    let call = types::field_call(cx, scope, field, Action::WriteJson);
    let member = ident(&names::field_name(&field.name));
    let name = written_name(cx, field);
    let value = match Shape::of(cx, field) {
        Shape::Optional => quote!(self.#member.as_ref()),
        _ => quote!(&self.#member),
    };
    quote! {
        #call(map, #name, #value)?;
    }
}

/// The statement that writes oneof `index` when one of `members` is set:
/// that member, under its own name.
fn expand_serialize_oneof(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    members: &[(&Field, ValueType)],
) -> TokenStream {
    oneof::expand_for_set_member(cx, scope, id, index, members, |member, codec| {
        let name = written_name(cx, member);
        quote!(#codec::write_json_present(map, #name, value)?)
    })
}

/// The key JSON writes `field` under, as [`Config::json_names`] chooses.
///
/// [`Config::json_names`]: crate::Config::json_names
fn written_name(cx: &Context, field: &Field) -> String {
    match cx.config.json_names {
        JsonNames::Schema => field.name.clone(),
        JsonNames::Proto => field.json_name(),
    }
}

/// The pattern of the keys JSON reads `field` from: its schema name, and
/// its protobuf JSON name where that differs.
fn read_names(field: &Field) -> TokenStream {
    let name = &field.name;
    let json_name = field.json_name();
    if json_name == *name {
        quote!(#name)
    } else {
        quote!(#name | #json_name)
    }
}

/// `fn deserialize_field`: one arm per field name, per oneof member, and
/// per extension this code declares, `"[its.full_name]"`; other names are
/// not this message's.
fn expand_deserialize_field(cx: &Context, scope: &[String], id: MessageId) -> TokenStream {
    let rt = &cx.runtime;
    let message = cx.schema.message(id);
    let mut arms: Vec<TokenStream> = message
        .fields
        .iter()
        .filter_map(|field| match field.oneof {
            None => Some(expand_deserialize_arm(cx, scope, field)),
            Some(index) => expand_deserialize_member_arm(cx, scope, id, index, field),
        })
        .collect();
    arms.extend(extensions::json_reads(cx, scope, id));
    let (key, map, body) = if arms.is_empty() {
        (quote!(_key), quote!(_map), quote!(Ok(false)))
    } else {
        let body = quote! {
            match key {
                #(#arms)*
                _ => return Ok(false),
            }
            Ok(true)
        };
        (quote!(key), quote!(map), body)
    };
    quote! {
        fn deserialize_field<'de, _A: #rt::json::serde::de::MapAccess<'de>>(
            &mut self,
            #key: &str,
            #map: &mut #rt::json::FieldAccess<_A>,
        ) -> ::core::result::Result<bool, _A::Error> {
            #body
        }
    }
}

/// The arm that reads `field`, outside any oneof, with its codec's
/// function for its shape.
fn expand_deserialize_arm(cx: &Context, scope: &[String], field: &Field) -> TokenStream {
    let call = types::field_call(cx, scope, field, Action::ReadJson);
    let member = ident(&names::field_name(&field.name));
    let keys = read_names(field);
    let number = field_number(field);
    quote! {
        #keys => self.#member = #call(map.field(#number)?)?,
    }
}

/// The arm that reads `member` of oneof `index`, which sets the oneof to
/// it; `None` when codegen leaves the member out.
fn expand_deserialize_member_arm(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    member: &Field,
) -> Option<TokenStream> {
    let message = cx.schema.message(id);
    let ty = oneof::members(message, index)
        .into_iter()
        .find(|(field, _)| std::ptr::eq(*field, member))
        .map(|(_, ty)| ty)?;
    let oneof_name = &message.oneofs.get(index)?.name;
    let field = oneof::oneof_field(message, index);
    let variant = oneof::variant_path(cx, scope, id, index, member);
    let codec = types::member_codec(cx, ty, Held::of(cx, member));
    let name = &member.name;
    let keys = read_names(member);
    let number = field_number(member);
    Some(quote! {
        #keys => {
            let set = self.#field.is_some();
            if let Some(value) = #codec::read_json_member(map.field(#number)?, #name, #oneof_name, set)? {
                self.#field = Some(#variant(value));
            }
        }
    })
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
    fn each_shape_has_its_helper_and_the_schema_name() {
        let code = shop().render(&json());
        for expected in [
            "impl _rt::json::JsonMessage for Order {",
            "_rt::codec::Int64::write_json(map, \"id\", &self.id)?;",
            "_rt::codec::Message::write_json_list(map, \"order_lines\", &self.order_lines)?;",
            "_rt::codec::Message::write_json_optional(map, \"customer\", self.customer.as_ref())?;",
            "_rt::codec::Enum::write_json(map, \"status\", &self.status)?;",
            "\"id\" => self.id = _rt::codec::Int64::read_json(map.field(1)?)?,",
            "\"customer\" => { self.customer = _rt::codec::Message::read_json_optional(map.field(5)?)?; }",
            "self.order_lines = _rt::codec::Message::read_json_list(map.field(4)?)?",
            "_ => return Ok(false), } Ok(true)",
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

    #[test]
    fn oneofs_boxes_maps_and_keywords() {
        let code = shapes().render(&json());
        for expected in [
            "Some(shape::Kind::Circle(value)) => { _rt::codec::Message::write_json_present(map, \"circle\", value)? }",
            "\"scale_only\" | \"scaleOnly\" => { let set = self.kind.is_some(); if let Some(value) = _rt::codec::Double::read_json_member(map.field(5)?, \"scale_only\", \"kind\", set)? { self.kind = Some(shape::Kind::ScaleOnly(value)); } }",
            "if let Some(single::Only::Type(value)) = &self.only { _rt::codec::Int32::write_json_present(map, \"type\", value)?; }",
            "_rt::codec::Boxed::write_json_optional(map, \"left\", self.left.as_ref())?;",
            "_rt::codec::Map::<_rt::codec::String, _rt::codec::Message<Tree>>::write_json(map, \"by_name\", &self.by_name)?;",
            "\"by_name\" | \"byName\" => { self.by_name = _rt::codec::Map::<_rt::codec::String, _rt::codec::Message<Tree>>::read_json(map.field(5)?)?; }",
            "_rt::codec::Boxed::write_json_present(map, \"again\", value)?",
            "\"type\" => self.r#type = _rt::codec::String::read_json(map.field(1)?)?,",
            "\"fooBar\" => self.foo_bar = _rt::codec::Int64::read_json(map.field(4)?)?,",
            "_rt::codec::Enum::write_json_list(map, \"crate\", &self.crate_)?;",
        ] {
            assert!(contains(&code, expected), "{expected:?} not in\n{code}");
        }
    }

    #[test]
    fn an_empty_message_names_its_unused_parameters() {
        let mut b = Build::default();
        let file = b.file("empty.schema", &[]);
        b.message(file, None, "Empty", Vec::new());
        let code = b.render(&json());
        for expected in [
            "_map: &mut _M,",
            "_key: &str,",
            "_map: &mut _rt::json::FieldAccess<_A>,",
        ] {
            assert!(code.contains(expected), "{expected:?} not in\n{code}");
        }
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
            "_rt::codec::Map::<_rt::codec::Int64, _rt::codec::Bytes>::read_json(map.field(1)?)?",
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
        let order = &order[..order.find("fn deserialize_field").unwrap()];
        assert!(order.contains("const REF_TARGET: bool = true;"), "{code}");
        let lines = order.find("\"lines\"").unwrap();
        let customer = order.find("\"customer\"").unwrap();
        assert!(lines < customer, "{code}");
        assert!(contains(
            order,
            "_rt::codec::Ref::write_json_optional(map, \"customer\", self.customer.as_ref())?;"
        ));
        let customer = &code[code.find("JsonMessage for Customer").unwrap()..];
        assert!(
            customer[..200].contains("const REF_TARGET: bool = true;"),
            "{code}"
        );
        let plain = &code[code.find("JsonMessage for Plain").unwrap()..];
        assert!(!plain[..200].contains("REF_TARGET"), "{code}");
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
