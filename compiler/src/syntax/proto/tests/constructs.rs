//! Every construct protoc reads in proto2 and proto3 files, and the tree
//! it becomes.

use super::{at, field, message, parse_ok};
use crate::ast::{
    Dialect, Edition, Item, LabelKind, Member, OptionValue, ReservedItem, TypeExpr, TypeName,
};
use crate::diagnostic::Code;

/// The dotted text of a type's name, or of a list's or map's parts.
fn type_text(ty: &TypeExpr) -> String {
    match ty {
        TypeExpr::Named(TypeName {
            absolute, segments, ..
        }) => format!("{}{}", if *absolute { "." } else { "" }, segments.join(".")),
        TypeExpr::List { element, .. } => format!("list<{}>", type_text(element)),
        TypeExpr::Map { key, value, .. } => {
            format!("map<{}, {}>", type_text(key), type_text(value))
        }
        TypeExpr::Ref { target, .. } => format!("ref {}", type_text(target)),
    }
}

#[test]
fn the_syntax_statement_decides_the_dialect() {
    assert_eq!(parse_ok("message A {}").dialect, Dialect::Proto2);
    assert_eq!(
        parse_ok("syntax = 'proto2'; message A {}").dialect,
        Dialect::Proto2
    );
    // Adjacent strings are one string, there too.
    assert_eq!(
        parse_ok("syntax = \"pro\" \"to3\";").dialect,
        Dialect::Proto3
    );
}

#[test]
fn package_and_imports() {
    let text = "syntax = \"proto3\";\npackage shop . v1;\nimport \"a.proto\";\n\
                import public \"b\" \".proto\";\nimport weak \"c.proto\";";
    let file = parse_ok(text);
    let package = file.package.as_ref().expect("a package");
    assert_eq!(package.segments, ["shop", "v1"]);
    assert_eq!(at(text, package.span), "package shop . v1;");
    let imports: Vec<(&str, bool, &str)> = file
        .imports
        .iter()
        .map(|import| (import.path.as_str(), import.public, at(text, import.span)))
        .collect();
    assert_eq!(
        imports,
        [
            ("a.proto", false, "import \"a.proto\";"),
            ("b.proto", true, "import public \"b\" \".proto\";"),
            ("c.proto", false, "import weak \"c.proto\";"),
        ]
    );
}

#[test]
fn labels_follow_the_dialect() {
    let proto2 = "message A { optional int32 a = 1; required string b = 2; repeated bytes c = 3; }";
    let file = parse_ok(proto2);
    let a = message(&file, 0);
    let labels: Vec<Option<LabelKind>> = (0..3)
        .map(|index| field(a, index).label.map(|label| label.kind))
        .collect();
    assert_eq!(
        labels,
        [Some(LabelKind::Optional), Some(LabelKind::Required), None]
    );
    assert_eq!(
        at(proto2, field(a, 1).label.expect("a label").span),
        "required"
    );
    assert_eq!(type_text(&field(a, 2).ty), "list<bytes>");
    assert_eq!(at(proto2, field(a, 2).ty.span()), "bytes");

    let proto3 = "syntax = \"proto3\"; message A { optional int32 a = 1; int32 b = 2; repeated int32 c = 3; }";
    let file = parse_ok(proto3);
    let a = message(&file, 0);
    let labels: Vec<Option<LabelKind>> = (0..3)
        .map(|index| field(a, index).label.map(|label| label.kind))
        .collect();
    assert_eq!(labels, [Some(LabelKind::Optional), None, None]);
    assert_eq!(at(proto3, field(a, 0).span), "optional int32 a = 1;");
    assert_eq!(at(proto3, field(a, 0).number.span), "1");
}

#[test]
fn scalars_are_spelled_as_the_schema_language_spells_them() {
    let scalars = [
        ("double", "f64"),
        ("float", "f32"),
        ("int32", "i32"),
        ("int64", "i64"),
        ("uint32", "u32"),
        ("uint64", "u64"),
        ("sint32", "sint32"),
        ("sint64", "sint64"),
        ("fixed32", "fixed32"),
        ("fixed64", "fixed64"),
        ("sfixed32", "sfixed32"),
        ("sfixed64", "sfixed64"),
        ("bool", "bool"),
        ("string", "string"),
        ("bytes", "bytes"),
    ];
    let body: String = scalars
        .iter()
        .enumerate()
        .map(|(index, (proto, _))| format!("{proto} f{index} = {};\n", index + 1))
        .collect();
    let file = parse_ok(&format!("syntax = \"proto3\"; message A {{ {body} }}"));
    for (index, (_, schema)) in scalars.iter().enumerate() {
        assert_eq!(type_text(&field(message(&file, 0), index).ty), *schema);
    }
}

#[test]
fn type_names_and_maps() {
    let text = "syntax = \"proto3\";\nmessage A {\n  .shop.Order a = 1;\n  shop . Order b = 2;\n  \
                map<string, .shop.Order> c = 3;\n  map d = 4;\n  map<int64,bytes>e=5;\n}";
    let file = parse_ok(text);
    let a = message(&file, 0);
    let types: Vec<(String, &str)> = (0..5)
        .map(|index| {
            let ty = &field(a, index).ty;
            (type_text(ty), at(text, ty.span()))
        })
        .collect();
    assert_eq!(
        types,
        [
            (".shop.Order".to_owned(), ".shop.Order"),
            ("shop.Order".to_owned(), "shop . Order"),
            (
                "map<string, .shop.Order>".to_owned(),
                "map<string, .shop.Order>"
            ),
            // A message named `map`.
            ("map".to_owned(), "map"),
            ("map<i64, bytes>".to_owned(), "map<int64,bytes>"),
        ]
    );
    let TypeExpr::Map { key, value, .. } = &field(a, 2).ty else {
        panic!("a map");
    };
    assert_eq!(
        (at(text, key.span()), at(text, value.span())),
        ("string", ".shop.Order")
    );
}

#[test]
fn groups_are_fields_beside_their_messages() {
    let text = "message A {\n  optional group Result = 1 {\n    required string url = 2;\n  }\n  \
                oneof o { group Choice = 3 { optional int32 x = 4; } }\n  extensions 100 to max;\n}\n\
                extend A { repeated group Ext = 100 { optional int32 y = 1; } }";
    let file = parse_ok(text);
    let a = message(&file, 0);
    let result = field(a, 0);
    assert!(result.group);
    assert_eq!(result.name.name, "result");
    assert_eq!(at(text, result.name.span), "Result");
    assert_eq!(type_text(&result.ty), "Result");
    assert!(at(text, result.span).starts_with("optional group Result = 1 {"));
    assert!(at(text, result.span).ends_with('}'));
    let nested: Vec<&str> = a
        .members
        .iter()
        .filter_map(|member| match member {
            Member::Message(nested) => Some(nested.name.name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(nested, ["Result", "Choice"]);
    let Member::Oneof(oneof) = &a.members[1] else {
        panic!("a oneof");
    };
    assert!(oneof.fields[0].group && oneof.fields[0].label.is_none());
    // A top-level extension's group is a top-level message after the block.
    let Item::Extend(extend) = &file.items[1] else {
        panic!("an extend block");
    };
    assert_eq!(type_text(&extend.fields[0].ty), "list<Ext>");
    assert_eq!(message(&file, 2).name.name, "Ext");
}

#[test]
fn oneofs_hold_fields_and_options() {
    let text = "syntax = \"proto3\"; message A { int32 a = 1; oneof choice { option (x) = 1; string b = 2; int64 c = 3; } int32 d = 4; }";
    let file = parse_ok(text);
    let a = message(&file, 0);
    let Member::Oneof(oneof) = &a.members[1] else {
        panic!("a oneof");
    };
    assert_eq!(oneof.name.name, "choice");
    assert_eq!(oneof.fields.len(), 2);
    assert_eq!(oneof.options[0].name.to_string(), "(x)");
    assert_eq!(at(text, oneof.options[0].span), "option (x) = 1;");
    assert!(at(text, oneof.span).starts_with("oneof choice {"));
    assert_eq!(field(a, 2).name.name, "d");
}

#[test]
fn reserved_numbers_ranges_and_names() {
    let text = "message A { reserved 2, 9 to 11, 40 to max; reserved \"foo\", 'b' \"ar\"; }\n\
                enum E { A = 0; reserved -5 to -1, 3 to max, 7; reserved \"B\"; }";
    let file = parse_ok(text);
    let Member::Reserved(reserved) = &message(&file, 0).members[0] else {
        panic!("reserved");
    };
    let items: Vec<String> = reserved
        .items
        .iter()
        .map(|item| match item {
            ReservedItem::Number(number) => number.value.to_string(),
            ReservedItem::Range { start, end, span } => format!(
                "{}..{:?} at {}",
                start.value,
                end.map(|end| end.value),
                at(text, *span)
            ),
            ReservedItem::Name(name) => format!("{} at {}", name.name, at(text, name.span)),
        })
        .collect();
    assert_eq!(
        items,
        [
            "2",
            "9..Some(11) at 9 to 11",
            "40..None at 40 to max",
            "foo at \"foo\"",
            "bar at 'b' \"ar\""
        ]
    );
    let Item::Enum(enumeration) = &file.items[1] else {
        panic!("an enum");
    };
    let items = &enumeration.reserved[0].items;
    assert_eq!(items.len(), 4);
    assert!(matches!(
        items[0],
        ReservedItem::Range { start, end: Some(end), .. } if start.value == -5 && end.value == -1
    ));
    assert!(matches!(items[1], ReservedItem::Range { end: None, .. }));
}

#[test]
fn extension_ranges_each_with_their_statements_options() {
    let text = "message A {\n  extensions 1 to 5, 7 [verification = UNVERIFIED];\n  \
                extensions 536000000 [declaration = {\n    number: 536000000\n    \
                type: \".buf.Ext\"\n    full_name: \".buf.ext\"\n  }];\n  extensions 1000 to max;\n}";
    let file = parse_ok(text);
    let ranges: Vec<(String, usize)> = message(&file, 0)
        .members
        .iter()
        .map(|member| match member {
            Member::Extensions(ranges) => (
                at(text, ranges.ranges.span).to_owned(),
                ranges.options.len(),
            ),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        ranges,
        [
            ("1 to 5".to_owned(), 1),
            ("7".to_owned(), 1),
            ("536000000".to_owned(), 1),
            ("1000 to max".to_owned(), 0)
        ]
    );
}

#[test]
fn a_message_sets_max_is_protocs() {
    let file = parse_ok(
        "message Set { option message_set_wire_format = true; extensions 4 to max; }\n\
         message Plain { extensions 4 to max; }",
    );
    let end = |index: usize| {
        message(&file, index)
            .members
            .iter()
            .find_map(|member| match member {
                Member::Extensions(ranges) => match &ranges.ranges.items[0] {
                    ReservedItem::Range { end, .. } => Some(end.map(|end| end.value)),
                    _ => None,
                },
                _ => None,
            })
    };
    assert_eq!(end(0), Some(Some(2_147_483_646)));
    assert_eq!(end(1), Some(None));
}

#[test]
fn extends_at_the_top_and_in_messages() {
    let text = "syntax = \"proto3\";\nimport \"google/protobuf/descriptor.proto\";\n\
                extend google.protobuf.FieldOptions {\n  optional string tag = 50000;\n  \
                repeated int32 ids = 50001;\n}\nmessage A { extend .google.protobuf.MessageOptions { A a = 50002; } }";
    let file = parse_ok(text);
    let Item::Extend(extend) = &file.items[0] else {
        panic!("an extend block");
    };
    assert_eq!(
        type_text(&TypeExpr::Named(extend.extendee.clone())),
        "google.protobuf.FieldOptions"
    );
    assert_eq!(extend.fields.len(), 2);
    assert!(at(text, extend.span).starts_with("extend google"));
    assert!(at(text, extend.span).ends_with('}'));
    assert_eq!(
        extend.fields[0].label.map(|label| label.kind),
        Some(LabelKind::Optional)
    );
    let Member::Extend(nested) = &message(&file, 1).members[0] else {
        panic!("a nested extend block");
    };
    assert!(nested.extendee.absolute);
}

#[test]
fn enums_with_negative_numbers_and_options() {
    let text = "enum E {\n  option allow_alias = true;\n  ZERO = 0;\n  MINUS = -1 [deprecated = true, (x) = -2];\n  \
                ALIAS = 0x0;\n  ;\n}";
    let file = parse_ok(text);
    let Item::Enum(enumeration) = &file.items[0] else {
        panic!("an enum");
    };
    let values: Vec<(&str, i64)> = enumeration
        .values
        .iter()
        .map(|value| (value.name.name.as_str(), value.number.value))
        .collect();
    assert_eq!(values, [("ZERO", 0), ("MINUS", -1), ("ALIAS", 0)]);
    let minus = &enumeration.values[1];
    assert_eq!(at(text, minus.number.span), "-1");
    assert_eq!(
        at(text, minus.span),
        "MINUS = -1 [deprecated = true, (x) = -2];"
    );
    assert_eq!(minus.options.len(), 2);
    assert_eq!(at(text, minus.options[1].span), "(x) = -2");
    assert_eq!(enumeration.options[0].name.to_string(), "allow_alias");
}

#[test]
fn services_with_streams_and_options() {
    let text = "syntax = \"proto3\";\nservice S {\n  option deprecated = true;\n  \
                rpc Get(Req) returns (Res);\n  rpc Watch(stream .p.Req) returns (stream Res) {\n    \
                option (google.api.http) = { get: \"/v1/{name=*}\" };\n    ;\n  }\n  ;\n}";
    let file = parse_ok(text);
    let service = &file.services[0];
    assert_eq!(service.options.len(), 1);
    let [get, watch] = &service.methods[..] else {
        panic!("two methods");
    };
    assert!(get.input.stream.is_none() && get.output.stream.is_none());
    assert_eq!(at(text, get.span), "rpc Get(Req) returns (Res);");
    assert_eq!(at(text, watch.input.stream.expect("streamed")), "stream");
    assert!(watch.input.name.absolute);
    assert!(watch.output.stream.is_some());
    assert!(matches!(watch.options[0].value, OptionValue::Aggregate(_)));
    assert!(at(text, watch.span).ends_with('}'));
}

#[test]
fn options_everywhere_as_written() {
    let text = "syntax = \"proto2\";\noption java_package = \"com.\" \"example\";\n\
                option (f) = -inf;\noption (g) = -nan;\noption (h) = 18446744073709551615;\n\
                message A {\n  option (m).a.(b.c) = { x: 1 # a text format comment\n y: [1, 2] };\n  \
                optional bytes b = 1 [default = \"\\377\", json_name = \"bee\", deprecated = true];\n  \
                optional double d = 2 [(v) = -2.5e3, default = -inf];\n}";
    let file = parse_ok(text);
    let values: Vec<String> = file
        .options
        .iter()
        .map(|option| format!("{} = {:?}", option.name, option.value))
        .map(|text| text.split(',').next().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        values,
        [
            "java_package = String(\"com.example\"",
            "(f) = Number(\"-inf\"",
            "(g) = Number(\"-nan\"",
            "(h) = Number(\"18446744073709551615\"",
        ]
    );
    let a = message(&file, 0);
    let Member::Option(option) = &a.members[0] else {
        panic!("an option");
    };
    assert_eq!(option.name.to_string(), "(m).a.(b.c)");
    assert!(matches!(&option.value, OptionValue::Aggregate(literal) if literal.fields.len() == 2));
    // `default` and `json_name` come first, as protoc takes them out.
    let b = field(a, 1);
    let names: Vec<String> = b.options.iter().map(|o| o.name.to_string()).collect();
    assert_eq!(names, ["default", "json_name", "deprecated"]);
    assert!(matches!(&b.options[0].value, OptionValue::Bytes(bytes, _) if bytes == &[0xff]));
    assert_eq!(at(text, b.options[1].span), "json_name = \"bee\"");
    let d = field(a, 2);
    assert_eq!(d.options[0].name.to_string(), "default");
    assert!(matches!(&d.options[0].value, OptionValue::Number(text, _) if text == "-inf"));
}

#[test]
fn members_come_in_the_order_of_the_descriptor() {
    let text = "message A {\n  enum E { X = 0; }\n  message N {}\n  reserved 5;\n  optional int32 a = 1;\n  \
                extend A { optional int32 e = 100; }\n  extensions 100 to 200;\n  option deprecated = true;\n  \
                reserved \"old\";\n  map<string, int32> m = 2;\n}";
    let file = parse_ok(text);
    let kinds: Vec<&str> = message(&file, 0)
        .members
        .iter()
        .map(|member| match member {
            Member::Option(_) => "option",
            Member::Field(_) => "field",
            Member::Oneof(_) => "oneof",
            Member::Reserved(reserved) => {
                assert_eq!(reserved.items.len(), 2);
                "reserved"
            }
            Member::Extensions(_) => "extensions",
            Member::Extend(_) => "extend",
            Member::Message(_) => "message",
            Member::Enum(_) => "enum",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "option",
            "field",
            "field",
            "reserved",
            "extensions",
            "extend",
            "message",
            "enum"
        ]
    );
}

#[test]
fn empty_statements_anywhere() {
    let file = parse_ok(
        "syntax = \"proto3\";;package p;;message A {;int32 a = 1;;enum E {;A = 0;;};};;service S {;};",
    );
    assert_eq!(file.items.len(), 1);
    assert_eq!(file.services.len(), 1);
}

#[test]
fn an_edition_is_read_by_its_rules() {
    let text = "// A file of edition 2023.\nedition = \"2023\";\npackage p;\n\
                message A {\n  int32 a = 1;\n  reserved foo, bar;\n}";
    let (file, diagnostics) = super::super::parse(crate::source::FileId(0), "e.proto", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert_eq!(file.dialect, Dialect::Editions(Edition::E2023));
    let a = message(&file, 0);
    assert_eq!(field(a, 0).name.name, "a");
    assert!(matches!(&a.members[1], Member::Reserved(r) if r.items.len() == 2));
    assert_eq!(file.header, ["A file of edition 2023."]);
}

#[test]
fn later_editions_are_refused_and_unknown_ones_are_errors() {
    for (edition, code, expected) in [
        (
            "UNSTABLE",
            Code::Unsupported,
            "edition UNSTABLE is not supported yet",
        ),
        (
            "2026",
            Code::Unsupported,
            "edition 2026 is not supported yet",
        ),
        ("2022", Code::Syntax, "unknown edition \"2022\""),
    ] {
        let text = format!("edition = \"{edition}\";\nmessage A {{ int32 a = 1; }}");
        let (file, diagnostics) = super::super::parse(crate::source::FileId(0), "e.proto", &text);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
        assert_eq!(
            (diagnostics[0].code, diagnostics[0].message.as_str()),
            (code, expected)
        );
        assert_eq!(
            at(&text, diagnostics[0].primary.span),
            format!("\"{edition}\"")
        );
        // The rest is read as an edition's.
        assert_eq!(field(message(&file, 0), 0).name.name, "a");
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let file = parse_ok("\u{feff}syntax = \"proto3\"; message A {}");
    assert_eq!(file.dialect, Dialect::Proto3);
}
