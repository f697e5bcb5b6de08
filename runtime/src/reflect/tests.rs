use super::descriptor::feature_set::{EnumType, FieldPresence, MessageEncoding};
use super::descriptor::field_descriptor_proto::{Label, Type};
use super::descriptor::{
    DescriptorProto, Edition, EnumDescriptorProto, EnumValueDescriptorProto, FeatureSet,
    FieldDescriptorProto, FieldOptions, FileDescriptorProto, FileDescriptorSet, FileOptions,
    OneofDescriptorProto,
};
use super::*;
use crate::Message;
use crate::prelude::*;
use proptest::prelude::*;

pub(super) fn file(name: &str, package: &str, syntax: &str) -> FileDescriptorProto {
    FileDescriptorProto {
        name: Some(name.to_owned()),
        package: Some(package.to_owned()),
        syntax: (syntax != "proto2").then(|| syntax.to_owned()),
        edition: (syntax == "editions").then_some(Edition::Edition2023),
        ..Default::default()
    }
}

pub(super) fn message(name: &str, fields: Vec<FieldDescriptorProto>) -> DescriptorProto {
    DescriptorProto {
        name: Some(name.to_owned()),
        field: fields,
        ..Default::default()
    }
}

pub(super) fn field(name: &str, number: i32, label: Label, ty: Type) -> FieldDescriptorProto {
    FieldDescriptorProto {
        name: Some(name.to_owned()),
        number: Some(number),
        label: Some(label),
        r#type: Some(ty),
        ..Default::default()
    }
}

pub(super) fn typed(mut field: FieldDescriptorProto, type_name: &str) -> FieldDescriptorProto {
    field.type_name = Some(type_name.to_owned());
    field
}

pub(super) fn enumeration(name: &str, values: &[(&str, i32)]) -> EnumDescriptorProto {
    EnumDescriptorProto {
        name: Some(name.to_owned()),
        value: (values.iter())
            .map(|&(name, number)| EnumValueDescriptorProto {
                name: Some(name.to_owned()),
                number: Some(number),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

fn features(set: FeatureSet) -> Option<FieldOptions> {
    Some(FieldOptions {
        features: Some(set),
        ..Default::default()
    })
}

#[test]
fn a_file_joins_after_its_imports_and_its_types_are_found() {
    let mut common = file("common.proto", "acme.common", "proto3");
    common.message_type.push(message("Money", vec![]));
    let mut shop = file("shop.proto", "acme.shop", "proto3");
    shop.dependency.push("common.proto".to_owned());
    shop.message_type.push(message(
        "Order",
        vec![typed(
            field("total", 1, Label::Optional, Type::Message),
            ".acme.common.Money",
        )],
    ));
    let mut pool = DescriptorPool::new();
    let error = pool.add_file(shop.clone()).unwrap_err();
    assert_eq!(error.file(), "shop.proto");
    assert!(error.message().contains("imports common.proto"), "{error}");
    assert_eq!(pool.files().len(), 0);

    pool.add_file(common).unwrap();
    pool.add_file(shop).unwrap();
    let order = pool.message(".acme.shop.Order").unwrap();
    let total = order.field_by_name("total").unwrap();
    assert_eq!(
        total.kind(),
        Kind::Message(pool.message("acme.common.Money").unwrap())
    );
    assert_eq!(total.json_name(), "total");
    assert!(total.has_presence());
    assert_eq!(total.containing_message(), order);
    assert_eq!(order.file().name(), "shop.proto");
}

#[test]
fn a_file_that_fails_leaves_the_pool_as_it_was() {
    let mut bad = file("a.proto", "a", "proto3");
    bad.message_type.push(message(
        "M",
        vec![typed(
            field("n", 1, Label::Optional, Type::Message),
            ".a.Missing",
        )],
    ));
    let mut pool = DescriptorPool::new();
    let error = pool.add_file(bad.clone()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a.proto: a.M.n names the message .a.Missing, which the pool does not hold"
    );
    assert!(pool.message("a.M").is_none());
    assert_eq!((pool.files().len(), pool.messages().len()), (0, 0));
    // The names it claimed are free again.
    bad.message_type[0].field[0].type_name = Some(".a.M".to_owned());
    pool.add_file(bad).unwrap();
    assert!(pool.message("a.M").is_some());
}

#[test]
fn a_name_is_declared_once_and_a_file_joins_once() {
    let mut a = file("a.proto", "p", "proto3");
    a.message_type.push(message("M", vec![]));
    let mut b = file("b.proto", "p", "proto3");
    b.enum_type.push(enumeration("M", &[("ZERO", 0)]));
    let mut pool = DescriptorPool::new();
    pool.add_file(a.clone()).unwrap();
    let error = pool.add_file(b).unwrap_err();
    assert_eq!(error.message(), "p.M is declared twice in the pool");
    // The same file again changes nothing; another under its name fails.
    pool.add_file(a.clone()).unwrap();
    assert_eq!(pool.files().len(), 1);
    a.message_type.push(message("N", vec![]));
    assert!(pool.add_file(a).is_err());
}

#[test]
fn bytes_that_do_not_decode_are_an_error() {
    let error = DescriptorPool::decode(&[0x0a, 0x05, 0x0a]).unwrap_err();
    assert!(
        error
            .message()
            .starts_with("the descriptor set does not decode"),
        "{error}"
    );
    assert_eq!(error.file(), "");
}

#[test]
fn proto2_and_proto3_fix_presence_packing_and_closed_enums() {
    let numbers = |syntax: &str| {
        let mut f = file(&format!("{syntax}.proto"), syntax, syntax);
        let mut oneof_member = field("c", 3, Label::Optional, Type::Int32);
        oneof_member.oneof_index = Some(0);
        let mut optional = field("d", 4, Label::Optional, Type::Int32);
        optional.proto3_optional = Some(true);
        optional.oneof_index = Some(1);
        let mut m = message(
            "M",
            vec![
                field("a", 1, Label::Optional, Type::Int32),
                field("b", 2, Label::Repeated, Type::Int32),
                oneof_member,
                optional,
            ],
        );
        m.oneof_decl = ["o", "_d"]
            .iter()
            .map(|name| OneofDescriptorProto {
                name: Some((*name).to_owned()),
                ..Default::default()
            })
            .collect();
        f.message_type.push(m);
        f.enum_type.push(enumeration("E", &[("ZERO", 0)]));
        f
    };
    let mut pool = DescriptorPool::new();
    pool.add_file(numbers("proto2")).unwrap();
    pool.add_file(numbers("proto3")).unwrap();
    let shape = |name: &str| {
        let field = pool.message(name.rsplit_once('.').unwrap().0).unwrap();
        let field = field
            .field_by_name(name.rsplit_once('.').unwrap().1)
            .unwrap();
        (field.has_presence(), field.is_packed())
    };
    assert_eq!(shape("proto2.M.a"), (true, false));
    assert_eq!(shape("proto2.M.b"), (false, false));
    assert_eq!(shape("proto3.M.a"), (false, false));
    assert_eq!(shape("proto3.M.b"), (false, true));
    assert_eq!(shape("proto3.M.c"), (true, false));
    assert_eq!(shape("proto3.M.d"), (true, false));
    assert!(pool.enumeration("proto2.E").unwrap().is_closed());
    assert!(!pool.enumeration("proto3.E").unwrap().is_closed());
    let oneofs: Vec<bool> = (pool.message("proto3.M").unwrap().oneofs())
        .map(|oneof| oneof.is_synthetic())
        .collect();
    assert_eq!(oneofs, [false, true]);
}

#[test]
fn editions_features_resolve_from_the_file_down_to_the_field() {
    let mut f = file("e.proto", "e", "editions");
    f.options = Some(FileOptions {
        features: Some(FeatureSet {
            field_presence: Some(FieldPresence::Implicit),
            enum_type: Some(EnumType::Closed),
            ..Default::default()
        }),
        ..Default::default()
    });
    let mut explicit = field("b", 2, Label::Optional, Type::Int32);
    explicit.options = features(FeatureSet {
        field_presence: Some(FieldPresence::Explicit),
        ..Default::default()
    });
    let mut required = field("c", 3, Label::Optional, Type::Int32);
    required.options = features(FeatureSet {
        field_presence: Some(FieldPresence::LegacyRequired),
        ..Default::default()
    });
    let mut delimited = typed(field("d", 4, Label::Optional, Type::Message), ".e.M");
    delimited.options = features(FeatureSet {
        message_encoding: Some(MessageEncoding::Delimited),
        ..Default::default()
    });
    f.message_type.push(message(
        "M",
        vec![
            field("a", 1, Label::Optional, Type::Int32),
            explicit,
            required,
            delimited,
            field("r", 5, Label::Repeated, Type::Int32),
        ],
    ));
    f.enum_type.push(enumeration("E", &[("ZERO", 0)]));
    let pool = DescriptorPool::decode(
        &FileDescriptorSet {
            file: vec![f],
            ..Default::default()
        }
        .try_encode_to_vec()
        .unwrap(),
    )
    .unwrap();
    let m = pool.message("e.M").unwrap();
    let get = |name: &str| m.field_by_name(name).unwrap();
    assert!(!get("a").has_presence());
    assert!(get("b").has_presence());
    assert_eq!(get("c").cardinality(), Cardinality::Required);
    assert!(get("d").is_group() && get("d").has_presence());
    assert!(get("r").is_packed());
    assert!(pool.enumeration("e.E").unwrap().is_closed());
}

#[test]
fn a_proto3_extension_has_presence() {
    let mut f = file("o.proto", "o", "proto3");
    f.message_type.push(message("Options", vec![]));
    f.message_type[0]
        .extension_range
        .push(super::descriptor::descriptor_proto::ExtensionRange {
            start: Some(100),
            end: Some(200),
            ..Default::default()
        });
    let mut flag = field("flag", 100, Label::Optional, Type::Bool);
    flag.extendee = Some(".o.Options".to_owned());
    f.extension.push(flag);
    let mut pool = DescriptorPool::new();
    pool.add_file(f).unwrap();
    assert!(pool.extension("o.flag").unwrap().has_presence());
}

#[test]
fn a_map_entrys_fields_are_never_delimited() {
    let mut f = file("d.proto", "d", "editions");
    f.options = Some(FileOptions {
        features: Some(FeatureSet {
            message_encoding: Some(MessageEncoding::Delimited),
            ..Default::default()
        }),
        ..Default::default()
    });
    let mut entry = message(
        "ByNameEntry",
        vec![
            field("key", 1, Label::Optional, Type::String),
            typed(field("value", 2, Label::Optional, Type::Message), ".d.M"),
        ],
    );
    entry.options = Some(super::descriptor::MessageOptions {
        map_entry: Some(true),
        ..Default::default()
    });
    let mut m = message(
        "M",
        vec![
            typed(field("child", 1, Label::Optional, Type::Message), ".d.M"),
            typed(
                field("by_name", 2, Label::Repeated, Type::Message),
                ".d.M.ByNameEntry",
            ),
        ],
    );
    m.nested_type.push(entry);
    f.message_type.push(m);
    let mut pool = DescriptorPool::new();
    pool.add_file(f).unwrap();
    let m = pool.message("d.M").unwrap();
    assert!(m.field_by_name("child").unwrap().is_group());
    let by_name = m.field_by_name("by_name").unwrap();
    assert!(!by_name.is_group(), "a map field itself is length-prefixed");
    let (_, value) = by_name.map_entry().unwrap();
    assert!(!value.is_group());
}

#[test]
fn a_json_name_not_given_is_protobufs_lower_camel_case() {
    let mut f = file("j.proto", "j", "proto3");
    f.message_type.push(message(
        "M",
        vec![field("display_name_2x", 1, Label::Optional, Type::String)],
    ));
    let mut pool = DescriptorPool::new();
    pool.add_file(f).unwrap();
    let field = pool.message("j.M").unwrap().field(1).unwrap();
    assert_eq!(field.json_name(), "displayName2x");
    assert_eq!(field.full_name(), "j.M.display_name_2x");
}

proptest! {
    /// Whatever the bytes, decoding a pool returns, without a panic.
    #[test]
    fn any_bytes_decode_or_fail_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = DescriptorPool::decode(&bytes);
    }

    /// A valid set with a field's type name garbled fails without a panic.
    #[test]
    fn any_type_name_is_found_or_refused(name in "[.a-zA-Z]{0,12}", ty in 0i32..20) {
        let mut f = file("f.proto", "f", "proto3");
        let mut field = field("x", 1, Label::Optional, Type::from_number(ty));
        field.type_name = Some(name);
        f.message_type.push(message("M", vec![field]));
        let mut pool = DescriptorPool::new();
        if pool.add_file(f).is_ok() {
            let field = pool.message("f.M").unwrap().field(1).unwrap();
            let _ = (field.kind(), field.cardinality(), field.is_map());
        }
    }
}

/// `options` with schemac's option `number` set to the varint `value`.
fn schemac_option(number: u32, value: u8) -> Option<FieldOptions> {
    let mut options = FieldOptions::default();
    (options.extensions).push(number, crate::wire::WireType::Varint, &[value]);
    Some(options)
}

#[test]
fn schemacs_options_are_those_of_the_shipped_options_proto() {
    let shipped = include_bytes!("../../../compiler/proto/provided_descriptors.binpb");
    let set = FileDescriptorSet::decode(&shipped[..]).unwrap();
    let options = (set.file.iter())
        .find(|file| file.name.as_deref() == Some("schemac/options.proto"))
        .expect("shipped");
    let numbers: Vec<(&str, i32)> = (options.extension.iter())
        .map(|extension| {
            (
                extension.name.as_deref().unwrap(),
                extension.number.unwrap(),
            )
        })
        .collect();
    assert_eq!(
        numbers,
        [
            ("reference", schemac::REFERENCE_OPTION as i32),
            (
                "implicit_presence",
                schemac::IMPLICIT_PRESENCE_OPTION as i32
            ),
        ]
    );
    let values: Vec<(&str, i32)> = (options.enum_type[0].value.iter())
        .map(|value| (value.name.as_deref().unwrap(), value.number.unwrap()))
        .collect();
    assert_eq!(values, [("NOT_A_REFERENCE", 0), ("REF", 1), ("WEAK", 2)]);
}

#[test]
fn schemacs_options_say_which_fields_are_references_and_which_decimals_have_no_presence() {
    let mut types = file("schemac/types.proto", "schemac", "proto3");
    types.message_type.push(message(
        "Decimal",
        vec![
            field("unscaled", 1, Label::Optional, Type::Bytes),
            field("scale", 2, Label::Optional, Type::Int32),
        ],
    ));
    let decimal = |name: &str, number: i32| {
        typed(
            field(name, number, Label::Optional, Type::Message),
            ".schemac.Decimal",
        )
    };
    let node = |name: &str, number: i32, label: Label| {
        typed(field(name, number, label, Type::Message), ".g.Node")
    };
    let mut graph = file("g.proto", "g", "proto2");
    graph.dependency.push("schemac/types.proto".to_owned());
    let implicit = FieldDescriptorProto {
        options: schemac_option(schemac::IMPLICIT_PRESENCE_OPTION, 1),
        ..decimal("amount", 1)
    };
    let weak = FieldDescriptorProto {
        options: schemac_option(schemac::REFERENCE_OPTION, 2),
        ..node("parent", 3, Label::Optional)
    };
    let strong = FieldDescriptorProto {
        options: schemac_option(schemac::REFERENCE_OPTION, 1),
        ..node("children", 4, Label::Repeated)
    };
    let fields = vec![
        implicit,
        decimal("kept", 2),
        weak,
        strong,
        node("copy", 5, Label::Optional),
    ];
    graph.message_type.push(message("Node", fields));
    let mut bare = file("b.proto", "b", "proto3");
    bare.dependency.push("schemac/types.proto".to_owned());
    let optional = FieldDescriptorProto {
        proto3_optional: Some(true),
        oneof_index: Some(0),
        ..decimal("kept", 2)
    };
    let mut holder = message("Holder", vec![decimal("amount", 1), optional]);
    holder.oneof_decl.push(OneofDescriptorProto {
        name: Some("_kept".to_owned()),
        ..Default::default()
    });
    bare.message_type.push(holder);
    let mut pool = DescriptorPool::new();
    for file in [types, graph, bare] {
        pool.add_file(file).unwrap();
    }
    let node = pool.message("g.Node").unwrap();
    let of = |name: &str| node.field_by_name(name).unwrap();
    let presence: Vec<bool> = ["amount", "kept"]
        .map(|name| of(name).has_presence())
        .to_vec();
    assert_eq!(presence, [false, true]);
    let references: Vec<Option<Reference>> = ["parent", "children", "copy", "amount"]
        .map(|name| of(name).reference())
        .to_vec();
    assert_eq!(
        references,
        [Some(Reference::Weak), Some(Reference::Ref), None, None]
    );
    // proto3 says it without an option: a decimal without `optional` has
    // no presence, as generated code's `decimal` has none.
    let holder = pool.message("b.Holder").unwrap();
    let presence: Vec<bool> = ["amount", "kept"]
        .map(|name| holder.field_by_name(name).unwrap().has_presence())
        .to_vec();
    assert_eq!(presence, [false, true]);
}
