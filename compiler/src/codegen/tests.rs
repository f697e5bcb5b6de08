//! Unit tests of single expansions, on hand-built models.

use super::*;
use crate::config::MapType;
use crate::language::Dialect;
use crate::model::{
    Enum, EnumId, EnumValue, Field, FieldType, File, Message, MessageId, Oneof, Options, Reserved,
    Scalar, ValueType,
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
            import_name: name.to_owned(),
            package: package.iter().map(|s| s.to_string()).collect(),
            package_span: None,
            dialect: Dialect::Schema,
            header: Vec::new(),
            imports: Vec::new(),
            public_imports: Vec::new(),
            option_imports: Vec::new(),
            provided: false,
            implicit: false,
            options: Options::default(),
            messages: Vec::new(),
            enums: Vec::new(),
            extensions: Vec::new(),
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
            visibility: None,
            docs: Vec::new(),
            fields,
            oneofs: Vec::new(),
            messages: Vec::new(),
            enums: Vec::new(),
            reserved: Reserved::default(),
            extension_ranges: Vec::new(),
            extension_range_options: Vec::new(),
            extensions: Vec::new(),
            options: Options::default(),
            keep_unknown_fields: None,
            recursive: false,
            rust_attributes: Vec::new(),
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
            closed: false,
            allow_alias: false,
            name: name.to_owned(),
            full_name,
            file,
            package,
            parent,
            visibility: None,
            docs: Vec::new(),
            values: values
                .iter()
                .map(|&(name, number)| EnumValue {
                    name: name.to_owned(),
                    number,
                    docs: Vec::new(),
                    options: Options::default(),
                    name_span: SPAN,
                    number_span: SPAN,
                })
                .collect(),
            reserved: Reserved::default(),
            rust_attributes: Vec::new(),
            options: Options::default(),
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
            options: Options::default(),
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
        crate::generate(&self.schema, &crate::source::SourceMap::default(), config)
            .into_iter()
            .map(|file| format!("==> {}\n{}", file.name, file.contents))
            .collect()
    }
}

pub(crate) fn field(name: &str, number: i64, ty: FieldType) -> Field {
    Field {
        name: name.to_owned(),
        full_name: name.to_owned(),
        number,
        docs: Vec::new(),
        ty,
        oneof: None,
        boxed: false,
        default: None,
        // As resolve packs the lists of a `.schema` file.
        packed: ty.is_packable(),
        json_name: None,
        rust_attributes: Vec::new(),
        delimited: false,
        options: Options::default(),
        name_span: SPAN,
        number_span: SPAN,
        type_span: SPAN,
    }
}

pub(crate) fn scalar(scalar: Scalar) -> FieldType {
    FieldType::Single(ValueType::Scalar(scalar))
}

/// The schema `text`, analyzed.
pub(crate) fn analyzed(text: &str) -> Build {
    let analysis = crate::analyze_text("test.schema", text)
        .unwrap_or_else(|error| panic!("{}", error.render(false)));
    Build {
        schema: analysis.schema,
    }
}

/// The shop schema of `schemas/order.schema`.
pub(crate) fn shop() -> Build {
    analyzed(include_str!("../../../schemas/order.schema"))
}

/// Whether `code` contains `expected`, ignoring whitespace and trailing
/// commas, which prettyplease places as line lengths require.
pub(crate) fn contains(code: &str, expected: &str) -> bool {
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
        "pub order_lines: _rt::alloc::vec::Vec<OrderLine>,",
        "pub customer: ::core::option::Option<Customer>,",
        "_rt::codec::Int64::measure(1, &self.id)",
        // A message's codec takes the message from the field.
        "_rt::codec::Message::measure_optional(5, self.customer.as_ref())",
        "_rt::codec::Message::merge_repeated(wire, &mut self.order_lines, decoder)",
        "_rt::codec::Message::write_optional(5, self.customer.as_ref(), writer);",
        "(5, \"customer\"),",
        "const NAME: &'static str = \"Order\";",
    ];
    for expected in expected {
        assert!(contains(&code, expected), "{expected:?} not in\n{code}");
    }
    assert!(
        code.starts_with("==> shop.rs\n// @generated by schemac from test.schema. DO NOT EDIT.\n")
    );
}

#[test]
fn an_empty_message_names_its_unused_parameters() {
    let mut b = Build::default();
    let file = b.file("empty.schema", &[]);
    b.message(file, None, "Empty", Vec::new());
    let code = b.render(Config::new().keep_unknown_fields(false));
    for expected in [
        "fn measure_fields(&self) -> usize {\n        0\n    }",
        "_writer: &mut _rt::Writer",
        "==> _.rs",
    ] {
        assert!(code.contains(expected), "{expected:?} not in\n{code}");
    }
    // Every field is skipped, as the trait's defaults do, and none named.
    for absent in ["match", "fn merge_field", "fn merge_from", "FIELD_NAMES"] {
        assert!(!code.contains(absent), "{absent:?} in\n{code}");
    }
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
fn a_oneof_member_is_encoded_at_its_own_number() {
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
    // `note` (2) falls between the members, so the oneof is measured and
    // written in two runs, each leaving the other members to `_`.
    let measure = &code[code.find("fn measure_fields").unwrap()..];
    assert!(
        measure.starts_with("fn measure_fields(&self) -> usize {\n        (match &self.kind"),
        "{code}"
    );
    let size = measure.find("Kind::Size(value)").unwrap();
    let note = measure.find("&self.note").unwrap();
    let label = measure.find("Kind::Label(value)").unwrap();
    assert!(size < note && note < label, "{code}");
    // Writing goes back to front: the highest number first.
    let write = &code[code.find("fn write_fields").unwrap()..];
    let z = write.find("&self.z").unwrap();
    let label = write
        .find("if let Some(shape::Kind::Label(value)) = &self.kind")
        .unwrap();
    let note = write.find("&self.note").unwrap();
    let size = write
        .find("if let Some(shape::Kind::Size(value)) = &self.kind")
        .unwrap();
    assert!(z < label && label < note && note < size, "{code}");
    // Reading a member merges into its value when it is set.
    assert!(
        contains(
            &code,
            "_rt::merge_member!( self.kind, shape::Kind::Size, \
             |value| _rt::codec::Double::merge(wire, &mut value, decoder) ),"
        ),
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
    config
        .runtime_crate("crate::rt")
        .map_type(".", MapType::HashMap);
    let code = b.render(&config);
    assert!(
        contains(&code, "use crate::rt::__private as _rt;"),
        "{code}"
    );
    assert!(
        contains(
            &code,
            "::std::collections::HashMap<_rt::alloc::string::String, i32>"
        ),
        "{code}"
    );
    assert!(
        contains(
            &code,
            "_rt::codec::Map::<_rt::codec::String, _rt::codec::Int32>::measure("
        ),
        "{code}"
    );
    // A HashMap's order means nothing: it is not walked backwards.
    assert!(
        contains(
            &code,
            "_rt::codec::Map::<_rt::codec::String, _rt::codec::Int32>::write_unordered("
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

/// Most of `schemas/shapes.schema`, and a few more names.
pub(crate) fn shapes() -> Build {
    analyzed(
        "package shapes;
        message Drawing {
          title: string = 1;
          shapes: list<Shape> = 2;
          layer: Layer.Kind = 3;
          reserved 4 to 9, 100 to max, 12;
          reserved legacy_name;
        }
        message Shape {
          oneof kind {
            circle: Circle = 1;
            polygon: Polygon = 2;
            label: string = 3;
            group: Drawing = 4;
            scale_only: f64 = 5;
          }
          note: optional string = 6;
          message Circle { radius: f64 = 1; }
          message Polygon {
            corners: list<Corner> = 1;
            message Corner { x: f32 = 1; y: f32 = 2; }
          }
        }
        message Layer {
          kind: Kind = 1;
          enum Kind { KIND_BACKGROUND = 0; KIND_FOREGROUND = 1; }
        }
        message Tree {
          value: i32 = 1;
          left: Tree = 2;
          right: Tree = 3;
          children: list<Tree> = 4;
          by_name: map<string, Tree> = 5;
        }
        message Pong {
          choice: Choice = 2;
          message Choice {
            oneof pick { again: Pong = 1; done: bool = 2; }
          }
        }
        message Single {
          oneof only { type: i32 = 7; }
        }
        message Keywords {
          type: string = 1;
          self: bool = 3;
          fooBar: i64 = 4;
          crate: list<Layer.Kind> = 6;
        }",
    )
}

#[test]
fn nested_types_are_reached_by_relative_paths() {
    let code = shapes().render(&Config::new());
    for expected in [
        "pub layer: layer::Kind,",
        "pub kind: ::core::option::Option<shape::Kind>,",
        "Polygon(Polygon),",
        "Group(super::Drawing),",
        "pub corners: _rt::alloc::vec::Vec<polygon::Corner>,",
        "Again(_rt::alloc::boxed::Box<super::super::Pong>),",
        "pub choice: ::core::option::Option<_rt::alloc::boxed::Box<pong::Choice>>,",
        "pub left: ::core::option::Option<_rt::alloc::boxed::Box<Tree>>,",
        "_rt::codec::Boxed::measure_optional(2, self.left.as_ref())",
        "pub r#type: _rt::alloc::string::String,",
        "pub self_: bool,",
        "pub foo_bar: i64,",
        "(4, \"fooBar\"),",
        "_rt::codec::Enum::measure_packed(",
        "_rt::codec::Enum::merge_repeated(wire, &mut self.crate_, decoder)",
        "if let Some(single::Only::Type(value)) = &self.only {",
    ] {
        assert!(contains(&code, expected), "{expected:?} not in\n{code}");
    }
}

/// Models that check refuses still generate something, without panicking:
/// oneof indexes out of range, lists in a oneof, enums without values,
/// numbers out of range and names that are not identifiers. What they
/// generate is not meant to compile: codegen is only ever given a model
/// that check passed, since only such a model makes an `Analysis`.
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
    let proto = crate::export_proto::export(&b.schema, file);
    assert!(proto.contains("message é {"), "{proto}");
}

/// Doc lines with a bare carriage return or a text-direction character,
/// which rustc refuses in a `///` comment; found by the `compile` fuzz target.
#[test]
fn doc_lines_rustc_would_refuse_are_made_safe() {
    let text = "/// A \r\u{0}\u{7f} doc, \u{202E}reversed\u{2066}.\nmessage A {}\n";
    let analysis = crate::analyze_text("test.schema", text).unwrap();
    let code = &analysis.generate(&Config::new())[0].contents;
    let expected = "/// A  \u{0}\u{7f} doc, \\u{202E}reversed\\u{2066}.\n";
    assert!(code.contains(expected), "{code:?}");
    assert!(!code.contains(['\r', '\u{202E}', '\u{2066}']), "{code:?}");
    syn::parse_file(code).unwrap_or_else(|error| panic!("{error}: {code:?}"));
}

#[test]
fn decimal_and_value_are_runtime_types_with_runtime_codecs() {
    let code = analyzed(include_str!("../../../schemas/money.schema")).render(&Config::new());
    for expected in [
        "pub total: _rt::Decimal,",
        "pub discount: ::core::option::Option<_rt::Decimal>,",
        "pub line_totals: _rt::alloc::vec::Vec<_rt::Decimal>,",
        "pub by_day: _rt::alloc::collections::BTreeMap<u32, _rt::Decimal>,",
        "pub payload: _rt::DynamicValue,",
        "pub attributes: _rt::alloc::collections::BTreeMap<_rt::alloc::string::String, _rt::DynamicValue>,",
        "_rt::codec::Decimal::measure(1, &self.total)",
        "_rt::codec::Decimal::write_repeated(3, &self.line_totals, writer);",
        "_rt::codec::Map::<_rt::codec::Int64, _rt::codec::Value>::measure(5, &self.by_id)",
        "_rt::codec::Value::merge_repeated(wire, &mut self.history, decoder)",
        "_rt::codec::Value::write_present(3, value, writer)",
        "Exact(_rt::Decimal),",
    ] {
        assert!(contains(&code, expected), "{expected:?} not in\n{code}");
    }
    // Neither is packed.
    assert!(!code.contains("_packed"), "{code}");
}

#[test]
fn a_oneof_module_names_the_runtime_only_for_its_types() {
    let code = analyzed(
        "message A { oneof pick { d: decimal = 1; } }\n\
         message B { oneof pick { n: i64 = 1; } }\n\
         message C { oneof pick { s: string = 1; } }\n",
    )
    .render(&Config::new());
    let module = |name: &str| {
        let start = code.find(&format!("pub mod {name} {{")).unwrap();
        let end = code[start..].find("\n}").unwrap();
        code[start..start + end].to_owned()
    };
    assert!(
        module("a").contains("use ::schemac_runtime::__private as _rt;"),
        "{code}"
    );
    assert!(!module("b").contains("_rt"), "{code}");
    // A string is `alloc`'s, named through the runtime.
    assert!(
        module("c").contains("S(_rt::alloc::string::String)"),
        "{code}"
    );
    assert!(
        module("c").contains("use ::schemac_runtime::__private as _rt;"),
        "{code}"
    );
}

#[test]
fn a_message_that_keeps_unknown_fields_reads_and_writes_them_last() {
    let code = analyzed(
        "message Keeps {\n  id: i32 = 1;\n}\n\
         message Skips {\n  option keep_unknown_fields = false;\n  id: i32 = 1;\n}\n",
    )
    .render(&Config::new());
    let keeps =
        &code[code.find("pub struct Keeps").unwrap()..code.find("pub struct Skips").unwrap()];
    for expected in [
        "pub id: i32,\n    /// The fields read that the schema does not know, written back\n    \
         /// after the known ones.\n    pub unknown_fields: _rt::UnknownFields,\n}",
        "_rt::codec::Int32::measure(1, &self.id) + self.unknown_fields.len()",
        // Back to front: the unknown fields, which go last, are written first.
        "self.unknown_fields.write(writer);\n        \
         _rt::codec::Int32::write(1, &self.id, writer);\n    }",
        "_ => self.unknown_fields.merge(number, wire, decoder),",
    ] {
        assert!(contains(keeps, expected), "{expected:?} not in\n{keeps}");
    }
    let skips = &code[code.find("pub struct Skips").unwrap()..];
    assert!(!skips.contains("unknown_fields"), "{skips}");
    assert!(contains(skips, "_ => decoder.skip(wire),"), "{skips}");
}

/// A closed enum's field reads through `codec::ClosedEnum`, whose reads
/// take where a number the enum does not name goes: the message's unknown
/// fields, or `_rt::Discard`. Writing is an open enum's, with the codec
/// named alike; an open enum's reads are as they were.
#[test]
fn a_closed_enum_reads_with_the_unknown_fields() {
    let b = analyzed(
        "enum Grade { option closed = true; GRADE_A = 1; GRADE_B = 2; }\n\
         enum Level { option closed = true; LEVEL_LOW = 0; LEVEL_HIGH = 1; }\n\
         enum Color { COLOR_NONE = 0; }\n\
         message Kept {\n  option keep_unknown_fields = true;\n  grade: Grade = 1;\n  \
         by_name: map<string, Level> = 2;\n  \
         oneof pick { level: Level = 3; note: string = 4; }\n}\n\
         message Dropped {\n  option keep_unknown_fields = false;\n  grade: Grade = 1;\n  color: Color = 2;\n  \
         levels: list<Level> = 20;\n  by_id: map<i32, Level> = 21;\n}\n",
    );
    let code = b.render(&Config::new());
    let (kept, dropped) = code.split_at(code.find("pub struct Dropped").unwrap());
    for expected in [
        "_rt::codec::ClosedEnum::merge(wire, &mut self.grade, decoder, &mut self.unknown_fields)",
        "by_name_entries.merge_closed::<_rt::codec::String>(wire, &mut self.by_name, decoder, \
         &mut self.unknown_fields)",
        "_rt::codec::ClosedEnum::merge_member(wire, &mut self.pick, kept::Pick::Level, decoder, \
         &mut self.unknown_fields)",
        "_rt::codec::ClosedEnum::measure(1, &self.grade)",
    ] {
        assert!(contains(kept, expected), "{expected:?} not in\n{kept}");
    }
    for expected in [
        "_rt::codec::ClosedEnum::merge(wire, &mut self.grade, decoder, &mut _rt::Discard)",
        "_rt::codec::Enum::merge(wire, &mut self.color, decoder)",
        "_rt::codec::ClosedEnum::merge_repeated(wire, &mut self.levels, decoder, \
         &mut _rt::Discard)",
        "by_id_entries.merge_closed::<_rt::codec::Int32>(wire, &mut self.by_id, decoder, \
         &mut _rt::Discard)",
        "_rt::codec::ClosedEnum::write_packed(20, &self.levels, writer);",
    ] {
        assert!(
            contains(dropped, expected),
            "{expected:?} not in\n{dropped}"
        );
    }
    // A map of another type, and views.
    let mut config = Config::new();
    config.map_type(".", MapType::HashMap).views(true);
    let code = b.render(&config);
    for expected in [
        "_rt::codec::Map::<_rt::codec::Int32, _rt::codec::ClosedEnum<Level>>::merge_closed(\
         wire, &mut self.by_id, decoder, &mut _rt::Discard)",
        "_rt::codec::Map::<_rt::codec::Int32, _rt::codec::ClosedEnum<Level>>::view_closed(\
         wire, &mut self.by_id, decoder, &mut _rt::Discard)",
        "_rt::codec::ClosedEnum::view(wire, &mut self.grade, decoder, &mut self.unknown_fields)",
        "_rt::codec::ClosedEnum::view_member(wire, &mut self.pick, kept::PickView::Level, \
         decoder, &mut self.unknown_fields)",
        "by_id: _rt::codec::Map::<_rt::codec::Int32, _rt::codec::ClosedEnum<Level>>::owned(\
         &self.by_id),",
    ] {
        assert!(contains(&code, expected), "{expected:?} not in\n{code}");
    }
}

#[test]
fn every_message_keeps_unknown_fields_unless_the_config_drops_them() {
    let b = analyzed(
        "message Empty {}\n\
         message Choice { oneof pick { a: i32 = 1; b: string = 2; } }\n\
         message Kept {\n  option keep_unknown_fields = true;\n  unknown_fields: bytes = 1;\n}\n",
    );
    let code = b.render(&Config::new());
    assert_eq!(
        code.matches("pub unknown_fields: _rt::UnknownFields,")
            .count(),
        2
    );
    assert_eq!(
        code.matches("pub unknown_fields: _rt::UnknownFields,")
            .count(),
        2
    );
    for expected in [
        // Nothing but unknown fields: every parameter is used.
        "fn measure_fields(&self) -> usize {\n        \
         self.unknown_fields.len()\n    }",
        "fn write_fields(&self, writer: &mut _rt::Writer) {\n        \
         self.unknown_fields.write(writer);\n    }",
        // Every field is unknown: the trait's `merge_field` keeps it
        // where `unknown_fields_mut` says.
        "\n    _rt::unknown_fields_at!(unknown_fields);\n",
        // A `match` that starts a sum is in parentheses.
        "(match &self.pick {",
        "}) + self.unknown_fields.len()",
    ] {
        assert!(code.contains(expected), "{expected:?} not in\n{code}");
    }
    // The message's own option wins; its field of the name moves the
    // holder aside.
    let mut config = Config::new();
    config.keep_unknown_fields(false);
    let code = b.render(&config);
    let kept = &code[code.find("pub struct Kept").unwrap()..];
    assert!(
        kept.contains("pub unknown_fields_: _rt::UnknownFields,"),
        "{kept}"
    );
    assert!(!code[..code.find("pub struct Kept").unwrap()].contains("unknown_fields"));
}

/// A package's file with its parts formatted one by one, and with all of
/// them formatted at once: the two must read the same.
#[test]
fn parts_formatted_one_by_one_read_as_the_whole_module_at_once() {
    let money = analyzed(include_str!("../../../schemas/money.schema"));
    let mut config = Config::new();
    config.json(true).views(true);
    let facts = Facts::of(&money.schema, &config);
    let cx = Context::new(&money.schema, &config, &facts);
    for (package, file) in packages(&money.schema, &config)
        .into_iter()
        .zip(crate::generate(&money.schema, &Default::default(), &config))
    {
        assert!(package.parts.len() > 2, "{:?}", package.parts);
        let whole: TokenStream = package
            .parts
            .iter()
            .map(|&part| expand(&cx, part))
            .collect();
        let at_once = crate::render::file(&package.sources, &[crate::render::format_part(whole)]);
        assert_eq!(file.contents, at_once);
    }
}

/// The generated text does not depend on how many threads generate it.
#[test]
fn one_thread_generates_what_several_do() {
    let shop = shop();
    let mut config = Config::new();
    config.json(true).views(true);
    let on_threads = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        pool.install(|| crate::generate(&shop.schema, &Default::default(), &config))
    };
    let alone = on_threads(1);
    assert!(!alone.is_empty());
    assert_eq!(alone, on_threads(4));
}

#[test]
fn doc_code_blocks_are_text_not_doctests() {
    let lines = |text: &str| text.lines().map(str::to_owned).collect::<Vec<_>>();
    let docs = super::without_doctests(&lines(
        "As follows:\n\n    message Foo {\n      int32 x = 1;\n    }\n\nThen:\n```\nmap<K, V>\n```\n```json\n{}\n```\nA line\n    continues it.",
    ));
    assert_eq!(
        docs,
        lines(
            "As follows:\n\n```text\n    message Foo {\n      int32 x = 1;\n    }\n```\n\nThen:\n```text\nmap<K, V>\n```\n```json\n{}\n```\nA line\n    continues it."
        )
    );
}

/// A message's nested module named as the module it sits in (a message
/// named as its package, or as its parent) allows clippy's
/// `module_inception`, so that generated code stays free of warnings.
#[test]
fn a_nested_module_named_as_its_outer_module_allows_inception() {
    let code = analyzed(
        "package shop.user;\n\
         message User {\n  oneof contact { email: string = 1; phone: string = 2; }\n}\n\
         message Outer { message Outer { message Leaf {} } }\n",
    )
    .render(&Config::new());
    let allows = |module: &str| -> Vec<bool> {
        let opening = format!("pub mod {module} {{");
        (code.match_indices(&opening))
            .map(|(at, _)| {
                code[..at]
                    .trim_end()
                    .ends_with("#[allow(clippy::module_inception)]")
            })
            .collect()
    };
    assert_eq!(allows("user"), [true], "{code}");
    assert_eq!(allows("outer"), [false, true], "{code}");
}

/// In a decode in place, a `BTreeMap` is read in place of its entries
/// (`KeptEntries`), but a map whose values reach graph mode's references,
/// whose re-reading would lose graph mode's table, and a `HashMap` are
/// cleared.
#[test]
fn decoding_in_place_reads_plain_btree_maps_in_place() {
    let build = analyzed(
        "package p;
        message Node { next: ref Node = 1; }
        message Leaf { name: string = 1; }
        message M {
            leaves: map<string, Leaf> = 1;
            nodes: map<string, Node> = 2;
            refs: map<string, ref Leaf> = 3;
            counts: map<string, i32> = 4;
        }",
    );
    let mut config = Config::new();
    config
        .decode_in_place(".")
        .map_type(".p.M.counts", MapType::HashMap);
    let code = build.render(&config);
    for kept in ["leaves", "refs"] {
        let expected = format!("_rt::KeptEntries::start(&self.{kept},");
        assert_eq!(
            contains(&code, &expected),
            kept == "leaves",
            "{kept}\n{code}"
        );
    }
    for cleared in ["nodes", "refs", "counts"] {
        let expected = format!("self.{cleared}.clear();");
        assert!(contains(&code, &expected), "{cleared}\n{code}");
    }
}
