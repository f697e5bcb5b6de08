//! Unit tests of single expansions, on hand-built models.

use super::*;
use crate::config::MapType;
use crate::model::{
    Enum, EnumId, EnumValue, Field, FieldType, Message, MessageId, Oneof, Reserved, Scalar,
    ValueType,
};
use crate::source::{FileId, Span};

const SPAN: Span = Span {
    file: FileId(0),
    start: 0,
    end: 0,
};

/// Builds a model by hand, one file per package.
#[derive(Default)]
pub(crate) struct Build {
    pub schema: Schema,
}

impl Build {
    pub fn file(&mut self, name: &str, package: &[&str]) -> FileId {
        let id = FileId(self.schema.files.len() as u32);
        self.schema.files.push(File {
            id,
            name: name.to_owned(),
            package: package.iter().map(|s| s.to_string()).collect(),
            imports: Vec::new(),
            messages: Vec::new(),
            enums: Vec::new(),
        });
        id
    }

    pub fn message(
        &mut self,
        file: FileId,
        parent: Option<MessageId>,
        name: &str,
        fields: Vec<Field>,
    ) -> MessageId {
        let id = MessageId(self.schema.messages.len() as u32);
        let package = self.schema.files[file.0 as usize].package.clone();
        let full_name = self.full_name(&package, parent, name);
        self.schema.messages.push(Message {
            name: name.to_owned(),
            full_name,
            file,
            package,
            parent,
            docs: Vec::new(),
            fields,
            oneofs: Vec::new(),
            messages: Vec::new(),
            enums: Vec::new(),
            reserved: Reserved::default(),
            span: SPAN,
        });
        match parent {
            Some(parent) => self.schema.messages[parent.0 as usize].messages.push(id),
            None => self.schema.files[file.0 as usize].messages.push(id),
        }
        id
    }

    pub fn enumeration(
        &mut self,
        file: FileId,
        parent: Option<MessageId>,
        name: &str,
        values: &[(&str, i64)],
    ) -> EnumId {
        let id = EnumId(self.schema.enums.len() as u32);
        let package = self.schema.files[file.0 as usize].package.clone();
        let full_name = self.full_name(&package, parent, name);
        self.schema.enums.push(Enum {
            name: name.to_owned(),
            full_name,
            file,
            package,
            parent,
            docs: Vec::new(),
            values: values
                .iter()
                .map(|&(name, number)| EnumValue {
                    name: name.to_owned(),
                    number,
                    docs: Vec::new(),
                    name_span: SPAN,
                    number_span: SPAN,
                })
                .collect(),
            reserved: Reserved::default(),
            span: SPAN,
        });
        match parent {
            Some(parent) => self.schema.messages[parent.0 as usize].enums.push(id),
            None => self.schema.files[file.0 as usize].enums.push(id),
        }
        id
    }

    fn full_name(&self, package: &[String], parent: Option<MessageId>, name: &str) -> String {
        match parent {
            Some(parent) => format!("{}.{name}", self.schema.message(parent).full_name),
            None => package.iter().map(|s| format!("{s}.")).collect::<String>() + name,
        }
    }

    pub fn oneof(&mut self, message: MessageId, name: &str, fields: Vec<Field>) {
        let message = &mut self.schema.messages[message.0 as usize];
        let index = message.oneofs.len();
        message.oneofs.push(Oneof {
            name: name.to_owned(),
            docs: Vec::new(),
            span: SPAN,
        });
        message.fields.extend(fields.into_iter().map(|field| Field {
            oneof: Some(index),
            ..field
        }));
    }

    pub fn push_field(&mut self, message: MessageId, field: Field) {
        self.schema.messages[message.0 as usize].fields.push(field);
    }

    /// Every package rendered, file name first.
    pub fn render(&self, config: &Config) -> String {
        generate(&self.schema, config)
            .iter()
            .map(|module| {
                format!(
                    "==> {}\n{}",
                    module.file_name(),
                    crate::render::render(module)
                )
            })
            .collect()
    }
}

pub(crate) fn field(name: &str, number: i64, ty: FieldType) -> Field {
    Field {
        name: name.to_owned(),
        number,
        docs: Vec::new(),
        ty,
        oneof: None,
        boxed: false,
        name_span: SPAN,
        number_span: SPAN,
        type_span: SPAN,
    }
}

pub(crate) fn scalar(scalar: Scalar) -> FieldType {
    FieldType::Single(ValueType::Scalar(scalar))
}

/// The shop schema of `schemas/order.schema`, without docs.
pub(crate) fn shop() -> Build {
    let mut b = Build::default();
    let file = b.file("order.schema", &["shop"]);
    let customer = b.message(
        file,
        None,
        "Customer",
        vec![
            field("id", 1, scalar(Scalar::I64)),
            field("name", 2, scalar(Scalar::String)),
            field(
                "email",
                3,
                FieldType::Optional(ValueType::Scalar(Scalar::String)),
            ),
        ],
    );
    let line = b.message(
        file,
        None,
        "OrderLine",
        vec![
            field("line_number", 1, scalar(Scalar::I32)),
            field("description", 2, scalar(Scalar::String)),
            field("quantity", 4, scalar(Scalar::U32)),
        ],
    );
    let status = b.enumeration(
        file,
        None,
        "Status",
        &[("PENDING", 0), ("PAID", 1), ("SHIPPED", 2)],
    );
    b.message(
        file,
        None,
        "Order",
        vec![
            field("id", 1, scalar(Scalar::I64)),
            field("description", 2, scalar(Scalar::String)),
            field("order_lines", 4, FieldType::List(ValueType::Message(line))),
            field(
                "customer",
                5,
                FieldType::Single(ValueType::Message(customer)),
            ),
            field("status", 6, FieldType::Single(ValueType::Enum(status))),
        ],
    );
    b
}

/// Whether `code` contains `expected`, ignoring whitespace and trailing
/// commas, which prettyplease places as line lengths require.
fn contains(code: &str, expected: &str) -> bool {
    let squash = |s: &str| {
        s.split_whitespace()
            .collect::<String>()
            .replace(",>", ">")
            .replace(",)", ")")
    };
    squash(code).contains(&squash(expected))
}

#[test]
fn order_fields_use_the_runtime_per_shape() {
    let code = shop().render(&Config::new());
    let expected = [
        "pub order_lines: ::std::vec::Vec<OrderLine>,",
        "pub customer: ::core::option::Option<Customer>,",
        "::schemac_runtime::field::measure::<::schemac_runtime::codec::Int64>(1, &self.id, sizes)",
        "::schemac_runtime::field::measure_optional::<",
        "::schemac_runtime::codec::Msg<Customer>,>(5, self.customer.as_ref(), sizes)",
        "::schemac_runtime::field::merge_repeated::<",
        "::schemac_runtime::field::write_optional::<",
        "5 => Some(\"customer\"),",
        "const NAME: &'static str = \"Order\";",
    ];
    for expected in expected {
        assert!(contains(&code, expected), "{expected:?} not in\n{code}");
    }
    assert!(
        code.starts_with("==> shop.rs\n// @generated by schemac from order.schema. DO NOT EDIT.\n")
    );
}

#[test]
fn an_empty_message_names_its_unused_parameters() {
    let mut b = Build::default();
    let file = b.file("empty.schema", &[]);
    b.message(file, None, "Empty", Vec::new());
    let code = b.render(&Config::new());
    for expected in [
        "_sizes: &mut ::schemac_runtime::SizeCache",
        "_writer: &mut ::schemac_runtime::Writer<'_>",
        "_number: u32,",
        "decoder.skip(wire_type)",
        "==> _.rs",
    ] {
        assert!(code.contains(expected), "{expected:?} not in\n{code}");
    }
    assert!(!code.contains("match"), "{code}");
}

#[test]
fn negative_enum_numbers_are_patterns() {
    let mut b = Build::default();
    let file = b.file("color.schema", &["paint"]);
    b.enumeration(
        file,
        None,
        "Color",
        &[("COLOR_UNSPECIFIED", 0), ("COLOR_INFRARED", -1)],
    );
    let code = b.render(&Config::new());
    assert!(code.contains("-1 => Self::Infrared,"), "{code}");
    assert!(code.contains("Self::Infrared => -1,"), "{code}");
    assert!(code.contains("#[default]\n    Unspecified,"), "{code}");
}

#[test]
fn a_oneof_is_encoded_at_its_lowest_number() {
    let mut b = Build::default();
    let file = b.file("s.schema", &["s"]);
    let shape = b.message(
        file,
        None,
        "Shape",
        vec![field("note", 2, scalar(Scalar::String))],
    );
    b.oneof(
        shape,
        "kind",
        vec![
            field("label", 3, scalar(Scalar::String)),
            field("size", 1, scalar(Scalar::F64)),
        ],
    );
    b.push_field(shape, field("z", 4, scalar(Scalar::Bool)));
    let code = b.render(&Config::new());
    // The struct keeps declaration order; encoding goes by number.
    let note = code.find("pub note:").unwrap();
    let kind = code
        .find("pub kind: ::core::option::Option<shape::Kind>")
        .unwrap();
    assert!(note < kind, "{code}");
    let measure = &code[code.find("fn measure_fields").unwrap()..];
    let oneof = measure.find("match &self.kind").unwrap();
    let note = measure.find("&self.note").unwrap();
    assert!(oneof < note, "{code}");
    assert!(measure.starts_with("fn measure_fields(&self, sizes: &mut ::schemac_runtime::SizeCache) -> usize {\n        (match"), "{code}");
    assert!(
        code.contains("Some(shape::Kind::Size(value)) => value,"),
        "{code}"
    );
}

#[test]
fn config_picks_the_runtime_and_the_map() {
    let mut b = Build::default();
    let file = b.file("m.schema", &["m"]);
    b.message(
        file,
        None,
        "M",
        vec![field(
            "counts",
            1,
            FieldType::Map(Scalar::String, ValueType::Scalar(Scalar::I32)),
        )],
    );
    let mut config = Config::new();
    config.runtime_crate("crate::rt").map_type(MapType::HashMap);
    let code = b.render(&config);
    assert!(
        contains(
            &code,
            "::std::collections::HashMap<::std::string::String, i32>"
        ),
        "{code}"
    );
    assert!(
        contains(
            &code,
            "crate::rt::field::measure_map::<crate::rt::codec::Str, crate::rt::codec::Int32,>"
        ),
        "{code}"
    );
}

#[test]
fn idents_never_panic() {
    assert_eq!(ident("r#type").to_string(), "r#type");
    assert_eq!(ident("order").to_string(), "order");
    assert_eq!(ident("é-x").to_string(), "___x");
    assert_eq!(ident("").to_string(), "__");
}

/// Most of `schemas/shapes.schema`, with a second package that imports it.
pub(crate) fn shapes() -> Build {
    let mut b = Build::default();
    let file = b.file("shapes.schema", &["shapes"]);
    let drawing = b.message(file, None, "Drawing", Vec::new());
    let shape = b.message(file, None, "Shape", Vec::new());
    let layer = b.message(file, None, "Layer", Vec::new());
    let kind = b.enumeration(
        file,
        Some(layer),
        "Kind",
        &[("KIND_BACKGROUND", 0), ("KIND_FOREGROUND", 1)],
    );
    b.push_field(
        layer,
        field("kind", 1, FieldType::Single(ValueType::Enum(kind))),
    );
    b.push_field(drawing, field("title", 1, scalar(Scalar::String)));
    b.push_field(
        drawing,
        field("shapes", 2, FieldType::List(ValueType::Message(shape))),
    );
    b.push_field(
        drawing,
        field("layer", 3, FieldType::Single(ValueType::Enum(kind))),
    );
    let circle = b.message(
        file,
        Some(shape),
        "Circle",
        vec![field("radius", 1, scalar(Scalar::F64))],
    );
    let polygon = b.message(file, Some(shape), "Polygon", Vec::new());
    let corner = b.message(
        file,
        Some(polygon),
        "Corner",
        vec![
            field("x", 1, scalar(Scalar::F32)),
            field("y", 2, scalar(Scalar::F32)),
        ],
    );
    b.push_field(
        polygon,
        field("corners", 1, FieldType::List(ValueType::Message(corner))),
    );
    b.oneof(
        shape,
        "kind",
        vec![
            field("circle", 1, FieldType::Single(ValueType::Message(circle))),
            field("polygon", 2, FieldType::Single(ValueType::Message(polygon))),
            field("label", 3, scalar(Scalar::String)),
            field("group", 4, FieldType::Single(ValueType::Message(drawing))),
            field("scale_only", 5, scalar(Scalar::F64)),
        ],
    );
    b.push_field(
        shape,
        field(
            "note",
            6,
            FieldType::Optional(ValueType::Scalar(Scalar::String)),
        ),
    );
    let tree = b.message(
        file,
        None,
        "Tree",
        vec![field("value", 1, scalar(Scalar::I32))],
    );
    let boxed = |name, number| Field {
        boxed: true,
        ..field(name, number, FieldType::Single(ValueType::Message(tree)))
    };
    b.push_field(tree, boxed("left", 2));
    b.push_field(tree, boxed("right", 3));
    b.push_field(
        tree,
        field("children", 4, FieldType::List(ValueType::Message(tree))),
    );
    b.push_field(
        tree,
        field(
            "by_name",
            5,
            FieldType::Map(Scalar::String, ValueType::Message(tree)),
        ),
    );
    let pong = b.message(file, None, "Pong", Vec::new());
    let choice = b.message(file, Some(pong), "Choice", Vec::new());
    b.oneof(
        choice,
        "pick",
        vec![
            Field {
                boxed: true,
                ..field("again", 1, FieldType::Single(ValueType::Message(pong)))
            },
            field("done", 2, scalar(Scalar::Bool)),
        ],
    );
    b.push_field(
        pong,
        field("choice", 2, FieldType::Single(ValueType::Message(choice))),
    );
    let single = b.message(file, None, "Single", Vec::new());
    b.oneof(single, "only", vec![field("type", 7, scalar(Scalar::I32))]);
    b.message(
        file,
        None,
        "Keywords",
        vec![
            field("type", 1, scalar(Scalar::String)),
            field("self", 3, scalar(Scalar::Bool)),
            field("fooBar", 4, scalar(Scalar::I64)),
            field("crate", 6, FieldType::List(ValueType::Enum(kind))),
        ],
    );
    b.message(file, None, "Empty", Vec::new());
    let travel = b.file("travel.schema", &["world", "travel"]);
    b.message(
        travel,
        None,
        "Trip",
        vec![
            field("stops", 2, FieldType::List(ValueType::Message(corner))),
            field("unit", 4, FieldType::Single(ValueType::Enum(kind))),
        ],
    );
    b
}

#[test]
fn nested_types_are_reached_by_relative_paths() {
    let code = shapes().render(&Config::new());
    for expected in [
        "pub layer: layer::Kind,",
        "pub kind: ::core::option::Option<shape::Kind>,",
        "Polygon(Polygon),",
        "Group(super::Drawing),",
        "pub corners: ::std::vec::Vec<polygon::Corner>,",
        "Again(::std::boxed::Box<super::super::Pong>),",
        "pub left: ::core::option::Option<::std::boxed::Box<Tree>>,",
        "::schemac_runtime::codec::Boxed<::schemac_runtime::codec::Msg<Tree>>",
        "pub stops: ::std::vec::Vec<super::super::shapes::shape::polygon::Corner>,",
        "pub r#type: ::std::string::String,",
        "pub self_: bool,",
        "pub foo_bar: i64,",
        "4 => Some(\"fooBar\"),",
        "::schemac_runtime::field::measure_packed::<::schemac_runtime::codec::Enum<layer::Kind>>",
        "::schemac_runtime::field::merge_repeated::<::schemac_runtime::codec::Enum<layer::Kind>>",
        "if let Some(single::Only::Type(value)) = &self.only {",
    ] {
        assert!(contains(&code, expected), "{expected:?} not in\n{code}");
    }
}

#[test]
#[ignore = "writes rendered test models to $SCHEMAC_DUMP for compiling by hand"]
fn dump_models() {
    let Some(dir) = std::env::var_os("SCHEMAC_DUMP") else {
        return;
    };
    for build in [shop(), shapes()] {
        for module in generate(&build.schema, &Config::new()) {
            let path = std::path::Path::new(&dir).join(module.file_name());
            std::fs::write(path, crate::render::render(&module)).unwrap();
        }
    }
}

/// Models that check refuses still generate something, without panicking:
/// oneof indexes out of range, lists in a oneof, enums without values,
/// numbers out of range and names that are not identifiers.
#[test]
fn malformed_models_do_not_panic() {
    let mut b = Build::default();
    let file = b.file("bad.schema", &["9bad", "ok"]);
    let message = b.message(
        file,
        None,
        "é",
        vec![
            Field {
                oneof: Some(7),
                ..field("lost", 1, scalar(Scalar::I32))
            },
            field("huge", i64::MAX, scalar(Scalar::Bool)),
        ],
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
    b.enumeration(file, Some(message), "Nothing", &[]);
    b.enumeration(file, None, "Twice", &[("A", 1), ("B", 1), ("C", i64::MIN)]);
    let code = b.render(&Config::new());
    assert!(code.contains("pub struct É {"), "{code}");
    assert!(!code.contains("listy") && !code.contains("lost"), "{code}");
    let proto = crate::export_proto::export(&b.schema, file);
    assert!(proto.contains("message é {"), "{proto}");
}
