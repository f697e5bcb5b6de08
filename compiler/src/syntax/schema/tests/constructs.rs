//! Every construct parses to the tree it should.

use super::{at, field, message, parse_ok};
use crate::ast::{EnumDecl, IntLit, Item, Member, RefKind, ReservedItem, TypeExpr, TypeName};
use crate::source::{FileId, Span};

fn named(ty: &TypeExpr) -> &TypeName {
    match ty {
        TypeExpr::Named(name) => name,
        other => panic!("expected a named type, found {other:?}"),
    }
}

fn enumeration(item: &Item) -> &EnumDecl {
    match item {
        Item::Enum(enumeration) => enumeration,
        other => panic!("expected an enum, found {other:?}"),
    }
}

#[test]
fn package_and_imports_in_any_order() {
    let text = "import \"a.schema\";\npackage shop.v1;\nimport \"dir/b \\\"q\\\" \\\\.schema\";\n";
    let file = parse_ok(text);
    assert_eq!(file.file, FileId(0));
    let package = file.package.as_ref().unwrap();
    assert_eq!(package.segments, ["shop", "v1"]);
    assert_eq!(at(text, package.span), "shop.v1");
    assert_eq!(file.imports.len(), 2);
    assert_eq!(file.imports[0].path, "a.schema");
    assert_eq!(at(text, file.imports[0].span), "\"a.schema\"");
    assert_eq!(file.imports[1].path, "dir/b \"q\" \\.schema");
    assert!(file.items.is_empty());
}

#[test]
fn empty_and_comment_only_files() {
    for text in [
        "",
        "  \n\r\n\t",
        "// only a comment",
        "/* block */ /// doc\n",
    ] {
        let file = parse_ok(text);
        assert!(file.package.is_none() && file.imports.is_empty() && file.items.is_empty());
    }
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let text = "\u{feff}/// Doc.\nmessage A {}";
    let file = parse_ok(text);
    assert_eq!(message(&file, 0).docs, ["Doc."]);
    assert_eq!(at(text, message(&file, 0).name.span), "A");
}

#[test]
fn fields_with_every_kind_of_type() {
    let text = "message Order {\n  id: i64 = 1;\n  note: optional string = 0x2;\n  \
                lines: list<shop.Line> = 3;\n  by_id: map<u32, .shop.Line> = 4;\n}\n";
    let file = parse_ok(text);
    let order = message(&file, 0);
    assert_eq!(order.name.name, "Order");
    assert_eq!(at(text, order.name.span), "Order");
    assert_eq!(order.span, Span::new(FileId(0), 0..text.len() - 1));
    assert_eq!(order.members.len(), 4);

    let id = field(order, 0);
    assert_eq!(id.name.name, "id");
    assert_eq!(at(text, id.span), "id: i64 = 1;");
    assert_eq!(id.label, None);
    assert_eq!(named(&id.ty).segments, ["i64"]);
    assert_eq!(id.number.value, 1);
    assert_eq!(at(text, id.number.span), "1");

    let note = field(order, 1);
    assert_eq!(at(text, note.label.unwrap().span), "optional");
    assert_eq!(at(text, note.ty.span()), "string");
    assert_eq!(note.number.value, 2);

    let lines = field(order, 2);
    let TypeExpr::List { element, span } = &lines.ty else {
        panic!("{:?}", lines.ty);
    };
    assert_eq!(at(text, *span), "list<shop.Line>");
    let element = named(element);
    assert!(!element.absolute);
    assert_eq!(element.segments, ["shop", "Line"]);
    assert_eq!(at(text, element.span), "shop.Line");

    let by_id = field(order, 3);
    let TypeExpr::Map { key, value, span } = &by_id.ty else {
        panic!("{:?}", by_id.ty);
    };
    assert_eq!(at(text, *span), "map<u32, .shop.Line>");
    assert_eq!(named(key).segments, ["u32"]);
    assert!(named(value).absolute);
    assert_eq!(named(value).segments, ["shop", "Line"]);
    assert_eq!(at(text, value.span()), ".shop.Line");
}

#[test]
fn references_as_fields_list_elements_and_map_values() {
    let text = "message A { c: ref Customer = 1; o: weak .shop.Order = 2; \
                l: list<ref Line> = 3; m: map<string, weak B> = 4; }";
    let file = parse_ok(text);
    let reference = |index: usize| match &field(message(&file, 0), index).ty {
        TypeExpr::Ref { kind, target, span } => (*kind, named(target).clone(), *span),
        TypeExpr::List { element, .. } | TypeExpr::Map { value: element, .. } => {
            match element.as_ref() {
                TypeExpr::Ref { kind, target, span } => (*kind, named(target).clone(), *span),
                other => panic!("expected a reference, found {other:?}"),
            }
        }
        other => panic!("expected a reference, found {other:?}"),
    };
    let (kind, target, span) = reference(0);
    assert_eq!(
        (kind, target.segments.as_slice()),
        (RefKind::Strong, &["Customer".to_owned()][..])
    );
    assert_eq!(at(text, span), "ref Customer");
    let (kind, target, span) = reference(1);
    assert_eq!(kind, RefKind::Weak);
    assert!(target.absolute);
    assert_eq!(at(text, span), "weak .shop.Order");
    assert_eq!(reference(2).0, RefKind::Strong);
    assert_eq!(at(text, reference(3).2), "weak B");
}

#[test]
fn ref_and_weak_alone_are_type_names() {
    let text = "message A { r: ref = 1; w: list<weak> = 2; reference: refined = 3; }";
    let file = parse_ok(text);
    assert_eq!(named(&field(message(&file, 0), 0).ty).segments, ["ref"]);
    let TypeExpr::List { element, .. } = &field(message(&file, 0), 1).ty else {
        panic!();
    };
    assert_eq!(named(element).segments, ["weak"]);
    assert_eq!(named(&field(message(&file, 0), 2).ty).segments, ["refined"]);
}

#[test]
fn nested_types_in_lists_and_maps() {
    let text = "message A { x: list<map<string, list<i32>>> = 1; }";
    let file = parse_ok(text);
    let TypeExpr::List { element, .. } = &field(message(&file, 0), 0).ty else {
        panic!();
    };
    let TypeExpr::Map { value, .. } = element.as_ref() else {
        panic!("{element:?}");
    };
    assert!(matches!(value.as_ref(), TypeExpr::List { .. }));
    assert_eq!(at(text, value.span()), "list<i32>");
}

#[test]
fn oneofs_nested_messages_and_enums() {
    let text = "message Shape {\n  oneof kind {\n    circle: Circle = 1;\n    label: string = 2;\n  }\n  \
                message Circle { radius: f64 = 1; }\n  enum Kind { A = 0; }\n}";
    let file = parse_ok(text);
    let shape = message(&file, 0);
    let Member::Oneof(kind) = &shape.members[0] else {
        panic!("{:?}", shape.members[0]);
    };
    assert_eq!(kind.name.name, "kind");
    assert_eq!(kind.fields.len(), 2);
    assert_eq!(kind.fields[1].name.name, "label");
    assert!(at(text, kind.span).starts_with("oneof kind {") && at(text, kind.span).ends_with('}'));
    let Member::Message(circle) = &shape.members[1] else {
        panic!("{:?}", shape.members[1]);
    };
    assert_eq!(circle.name.name, "Circle");
    assert_eq!(field(circle, 0).name.name, "radius");
    let Member::Enum(nested) = &shape.members[2] else {
        panic!("{:?}", shape.members[2]);
    };
    assert_eq!(nested.values[0].name.name, "A");
}

#[test]
fn reserved_numbers_ranges_and_names() {
    let text = "message A { reserved 4, 8 to 10, 100 to max, old_name; }";
    let file = parse_ok(text);
    let Member::Reserved(reserved) = &message(&file, 0).members[0] else {
        panic!();
    };
    assert_eq!(
        at(text, reserved.span),
        "reserved 4, 8 to 10, 100 to max, old_name;"
    );
    let [four, eight, hundred, name] = reserved.items.as_slice() else {
        panic!("{:?}", reserved.items);
    };
    assert!(matches!(
        four,
        ReservedItem::Number(IntLit { value: 4, .. })
    ));
    let ReservedItem::Range { start, end, span } = eight else {
        panic!("{eight:?}");
    };
    assert_eq!((start.value, end.map(|end| end.value)), (8, Some(10)));
    assert_eq!(at(text, *span), "8 to 10");
    let ReservedItem::Range { start, end, .. } = hundred else {
        panic!("{hundred:?}");
    };
    assert_eq!((start.value, *end), (100, None));
    let ReservedItem::Name(name) = name else {
        panic!("{name:?}");
    };
    assert_eq!(name.name, "old_name");
    assert_eq!(at(text, name.span), "old_name");
}

#[test]
fn enums_with_values_and_reserved() {
    let text = "enum Color {\n  RED = 0;\n  BLUE = 0x1F;\n  INFRARED = -1;\n  \
                reserved 2, -9 to -5, 40 to max;\n  reserved OLD;\n  LOW = -9223372036854775808;\n}";
    let file = parse_ok(text);
    let color = enumeration(&file.items[0]);
    assert_eq!(color.name.name, "Color");
    let values: Vec<(&str, i64)> = color
        .values
        .iter()
        .map(|value| (value.name.name.as_str(), value.number.value))
        .collect();
    assert_eq!(
        values,
        [
            ("RED", 0),
            ("BLUE", 31),
            ("INFRARED", -1),
            ("LOW", i64::MIN)
        ]
    );
    assert_eq!(at(text, color.values[2].number.span), "-1");
    assert_eq!(at(text, color.values[2].span), "INFRARED = -1;");
    assert_eq!(color.reserved.len(), 2);
    let ReservedItem::Range { start, end, .. } = &color.reserved[0].items[1] else {
        panic!("{:?}", color.reserved[0].items);
    };
    assert_eq!((start.value, end.map(|end| end.value)), (-9, Some(-5)));
    assert!(matches!(&color.reserved[1].items[0], ReservedItem::Name(name) if name.name == "OLD"));
}

#[test]
fn keywords_are_valid_field_names() {
    let names = [
        "message", "enum", "oneof", "reserved", "package", "import", "optional", "list", "map",
        "to", "max", "type", "match", "self",
    ];
    let mut text = String::from("message K {\n");
    for (index, name) in names.iter().enumerate() {
        text.push_str(&format!("  {name}: string = {};\n", index + 1));
    }
    text.push_str("}\nenum E { message = 0; reserved = 1; enum = 2; }\n");
    let file = parse_ok(&text);
    let k = message(&file, 0);
    let parsed: Vec<&str> = (0..names.len())
        .map(|index| field(k, index).name.name.as_str())
        .collect();
    assert_eq!(parsed, names);
    let values: Vec<&str> = enumeration(&file.items[1])
        .values
        .iter()
        .map(|value| value.name.name.as_str())
        .collect();
    assert_eq!(values, ["message", "reserved", "enum"]);
}

#[test]
fn contextual_keywords_are_valid_type_and_reserved_names() {
    let text = "message message { a: optional optional = 1; b: list = 2; c: map = 3; \
                d: optional list<list> = 4; reserved to, max; }";
    let file = parse_ok(text);
    let m = message(&file, 0);
    assert_eq!(m.name.name, "message");
    let a = field(m, 0);
    assert!(a.label.is_some());
    assert_eq!(named(&a.ty).segments, ["optional"]);
    assert_eq!(named(&field(m, 1).ty).segments, ["list"]);
    assert_eq!(named(&field(m, 2).ty).segments, ["map"]);
    let d = field(m, 3);
    assert!(d.label.is_some() && matches!(d.ty, TypeExpr::List { .. }));
    let Member::Reserved(reserved) = &m.members[4] else {
        panic!();
    };
    assert!(
        matches!(&reserved.items[..], [ReservedItem::Name(to), ReservedItem::Name(max)]
            if to.name == "to" && max.name == "max")
    );
}

#[test]
fn comments_and_crlf_between_any_tokens() {
    let text = "package /* p */ a;\r\n// note\r\nmessage /* c */ A // x\r\n{ x /* y */ : \
                list /* z */ < i32 > = /* n */ 1 ; }\r\n";
    let file = parse_ok(text);
    let a = message(&file, 0);
    let x = field(a, 0);
    assert_eq!(x.name.name, "x");
    assert_eq!(x.number.value, 1);
    assert!(matches!(x.ty, TypeExpr::List { .. }));
}

#[test]
fn integers_up_to_the_i64_limits() {
    let text = "message A { a: i32 = 9223372036854775807; b: i32 = 0x7fffffffffffffff; \
                c: i32 = 0; d: i32 = 0XaB; }";
    let file = parse_ok(text);
    let numbers: Vec<i64> = message(&file, 0)
        .members
        .iter()
        .map(|member| match member {
            Member::Field(field) => field.number.value,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(numbers, [i64::MAX, i64::MAX, 0, 0xab]);
}

#[test]
fn items_keep_their_order() {
    let text = "enum A { X = 0; }\nmessage B {}\nenum C { Y = 0; }\nmessage D {}";
    let file = parse_ok(text);
    let names: Vec<&str> = file
        .items
        .iter()
        .map(|item| match item {
            Item::Message(message) => message.name.name.as_str(),
            Item::Enum(enumeration) => enumeration.name.name.as_str(),
            Item::Extend(extend) => extend.extendee.segments[0].as_str(),
        })
        .collect();
    assert_eq!(names, ["A", "B", "C", "D"]);
}

#[test]
fn example_schema_structure() {
    let text = include_str!("../../../../../schemas/shapes.schema");
    let file = parse_ok(text);
    assert_eq!(file.package.as_ref().unwrap().segments, ["shapes"]);
    let drawing = message(&file, 0);
    assert_eq!(drawing.name.name, "Drawing");
    assert_eq!(
        drawing.docs,
        ["A drawing: shapes, each one of several kinds."]
    );
    let layer = field(drawing, 2);
    assert_eq!(named(&layer.ty).segments, ["Layer", "Kind"]);
    assert_eq!(layer.docs, ["The layer the drawing sits on."]);
    let travel = parse_ok(include_str!("../../../../../schemas/world_travel.schema"));
    assert_eq!(travel.imports[0].path, "world_geo.schema");
    assert_eq!(
        travel.package.as_ref().unwrap().segments,
        ["world", "travel"]
    );
}

#[test]
fn options_and_fields_named_option() {
    use crate::ast::OptionValue;
    let text = "message A {\n  option keep_unknown_fields = true;\n  option: i32 = 1;\n  \
                option x = false;\n  option y = -3;\n  option z = \"s\\\"\";\n  option w = yes;\n}\n";
    let file = parse_ok(text);
    let a = message(&file, 0);
    let options: Vec<_> = a
        .members
        .iter()
        .filter_map(|member| match member {
            Member::Option(option) => Some(option),
            _ => None,
        })
        .collect();
    assert_eq!(options.len(), 5);
    assert_eq!(options[0].name.as_simple(), Some("keep_unknown_fields"));
    assert_eq!(
        at(text, options[0].span),
        "option keep_unknown_fields = true;"
    );
    assert!(matches!(options[0].value, OptionValue::Bool(true, _)));
    assert_eq!(at(text, options[0].value.span()), "true");
    assert!(matches!(options[1].value, OptionValue::Bool(false, _)));
    assert!(matches!(
        options[2].value,
        OptionValue::Integer(IntLit { value: -3, .. })
    ));
    assert!(matches!(&options[3].value, OptionValue::String(s, _) if s == "s\""));
    assert!(matches!(&options[4].value, OptionValue::Name(name) if name.name == "yes"));
    assert_eq!(at(text, options[4].value.span()), "yes");
    // `option: i32 = 1;` is a field.
    assert_eq!(field(a, 1).name.name, "option");
}

#[test]
fn string_escapes() {
    use crate::ast::{FieldDecl, OptionValue};
    let text = "import \"a\\\\b.schema\";\nmessage A {\n  \
                s: optional string = 1 [default = \"q\\\"\\n\\r\\t\\x41\\x7f\"];\n  \
                b: optional bytes = 2 [default = \"\\x00\\xff\"];\n  \
                u: optional string = 3 [default = \"é\\xc3\\xa9\"];\n}\n";
    let file = parse_ok(text);
    assert_eq!(file.imports[0].path, "a\\b.schema");
    let a = message(&file, 0);
    let default = |field: &FieldDecl| field.options[0].value.clone();
    let s = default(field(a, 0));
    assert!(
        matches!(&s, OptionValue::String(s, _) if s == "q\"\n\r\tA\x7f"),
        "{s:?}"
    );
    // `\x` escapes that are not UTF-8 make bytes, for a `bytes` default.
    let b = default(field(a, 1));
    assert!(
        matches!(&b, OptionValue::Bytes(b, _) if b == b"\0\xff"),
        "{b:?}"
    );
    let u = default(field(a, 2));
    assert!(
        matches!(&u, OptionValue::String(s, _) if s == "éé"),
        "{u:?}"
    );
}

#[test]
fn type_words_are_names_where_nothing_makes_them_more() {
    let text = "package syntax;\nmessage A { a: list.Item = 1; b: map.Entry = 2; \
                c: optional .a.B = 3; d: required = 4; e: weak = 5; oneof o { option: i32 = 6; } }\n\
                enum E { option = 0; rpc = 1; }\n\
                service S { rpc stream(stream) returns (returns); }\n";
    let file = parse_ok(text);
    assert_eq!(file.package.as_ref().unwrap().segments, ["syntax"]);
    let a = message(&file, 0);
    assert_eq!(named(&field(a, 0).ty).segments, ["list", "Item"]);
    assert_eq!(named(&field(a, 1).ty).segments, ["map", "Entry"]);
    let c = field(a, 2);
    assert!(c.label.is_some() && named(&c.ty).absolute);
    assert_eq!(named(&c.ty).segments, ["a", "B"]);
    let d = field(a, 3);
    assert!(d.label.is_none());
    assert_eq!(named(&d.ty).segments, ["required"]);
    assert_eq!(named(&field(a, 4).ty).segments, ["weak"]);
    let Member::Oneof(oneof) = &a.members[5] else {
        panic!("{:?}", a.members[5]);
    };
    assert_eq!(oneof.fields[0].name.name, "option");
    let values: Vec<&str> = enumeration(&file.items[1])
        .values
        .iter()
        .map(|value| value.name.name.as_str())
        .collect();
    assert_eq!(values, ["option", "rpc"]);
    let method = &file.services[0].methods[0];
    assert_eq!(method.name.name, "stream");
    assert!(method.input.stream.is_none());
    assert_eq!(method.input.name.segments, ["stream"]);
    assert_eq!(method.output.name.segments, ["returns"]);
}

#[test]
fn extension_ranges_with_options_and_extend_blocks() {
    let text = "message A { extensions 100 to 199, 1000 to max [verification = UNVERIFIED]; }\n\
                extend .a.A { note: optional string = 100 [(x).y = { z: 1 }]; }\n";
    let file = parse_ok(text);
    let Member::Extensions(ranges) = &message(&file, 0).members[0] else {
        panic!();
    };
    assert_eq!(
        at(text, ranges.ranges.span),
        "extensions 100 to 199, 1000 to max [verification = UNVERIFIED];"
    );
    assert_eq!(ranges.ranges.items.len(), 2);
    assert_eq!(ranges.options[0].name.as_simple(), Some("verification"));
    let Item::Extend(extend) = &file.items[1] else {
        panic!();
    };
    assert!(extend.extendee.absolute);
    assert_eq!(at(text, extend.extendee.span), ".a.A");
    let option = &extend.fields[0].options[0];
    assert_eq!(option.name.to_string(), "(x).y");
    assert_eq!(at(text, option.span), "(x).y = { z: 1 }");
    assert_eq!(at(text, option.value.span()), "{ z: 1 }");
}
