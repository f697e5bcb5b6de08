//! Unit tests of resolve, on hand-built syntax trees.

use crate::diagnostic::Code;
use crate::model::{EnumId, FieldType, MessageId, Scalar, ValueType};
use crate::resolve::test_helpers::{World, codes, enumeration, message};
use crate::source::FileId;

#[test]
fn ids_are_given_in_pre_order_with_full_names() {
    let mut world = World::new();
    world.file("shop.schema", "shop", &[], |a| {
        vec![
            a.message(
                "A",
                vec![
                    a.message("B", vec![a.message("C", vec![])]),
                    a.enumeration("E", &[("ZERO", 0)]),
                ],
            ),
            a.message("D", vec![]),
            a.enumeration("F", &[("ZERO", 0)]),
        ]
    });
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let names: Vec<_> = schema
        .messages
        .iter()
        .map(|m| m.full_name.as_str())
        .collect();
    assert_eq!(names, ["shop.A", "shop.A.B", "shop.A.B.C", "shop.D"]);
    let names: Vec<_> = schema.enums.iter().map(|e| e.full_name.as_str()).collect();
    assert_eq!(names, ["shop.A.E", "shop.F"]);
    let file = &schema.files[0];
    assert_eq!(file.name, "shop.schema");
    assert_eq!(file.package, ["shop"]);
    assert_eq!(file.messages, [MessageId(0), MessageId(3)]);
    assert_eq!(file.enums, [EnumId(1)]);
    assert_eq!(schema.messages[0].messages, [MessageId(1)]);
    assert_eq!(schema.messages[0].enums, [EnumId(0)]);
    assert_eq!(schema.messages[2].parent, Some(MessageId(1)));
    assert_eq!(schema.enums[0].parent, Some(MessageId(0)));
    assert_eq!(schema.messages[3].parent, None);
}

#[test]
fn files_keep_their_imports() {
    let mut world = World::new();
    world.file("a.schema", "", &[1], |_| vec![]);
    world.file("b.schema", "", &[], |_| vec![]);
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty());
    assert_eq!(schema.files[0].imports, [FileId(1)]);
    assert!(schema.files[0].package.is_empty());
}

#[test]
fn duplicate_types_across_files_of_one_package() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[1], |a| {
        vec![a.message("Order", vec![])]
    });
    world.file("b.schema", "shop", &[], |a| {
        vec![a.enumeration("Order", &[("ZERO", 0)])]
    });
    let (schema, diagnostics) = world.analyze();
    assert_eq!(codes(&diagnostics), [Code::DuplicateType]);
    let diagnostic = &diagnostics[0];
    assert_eq!(diagnostic.primary.span, schema.enums[0].span);
    assert_eq!(diagnostic.secondary[0].span, schema.messages[0].span);
    assert_eq!(
        diagnostic.message,
        "`shop.Order` is declared as both a message and an enum"
    );
}

#[test]
fn nested_duplicates_are_reported_once() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![a.message(
            "Outer",
            vec![a.message("Inner", vec![]), a.message("Inner", vec![])],
        )]
    });
    let (_, diagnostics) = world.analyze();
    assert_eq!(codes(&diagnostics), [Code::DuplicateType]);
    assert_eq!(
        diagnostics[0].message,
        "the message `Outer.Inner` is declared twice"
    );
}

#[test]
fn a_type_may_not_take_a_package_name() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| vec![a.message("world", vec![])]);
    world.file("b.schema", "world.geo", &[], |_| vec![]);
    let (_, diagnostics) = world.resolve();
    assert_eq!(codes(&diagnostics), [Code::DuplicateType]);
    assert_eq!(
        diagnostics[0].message,
        "the message `world` has the name of a package"
    );
}

#[test]
fn the_package_of_the_built_in_types_is_reserved() {
    let mut world = World::new();
    world.file("a.schema", "schemac", &[], |a| {
        vec![a.message("Decimal", vec![])]
    });
    world.file("b.schema", "schemac.v1", &[], |a| {
        vec![a.message("Value", vec![])]
    });
    let (_, diagnostics) = world.resolve();
    assert_eq!(codes(&diagnostics), [Code::ReservedPackage]);
    assert_eq!(
        diagnostics[0].message,
        "the package `schemac` is reserved for schemac's built-in types"
    );
}

#[test]
fn scalar_names_always_mean_the_scalar() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![
            a.message("string", vec![]),
            a.message("User", vec![a.field("name", a.ty("string"), 1)]),
        ]
    });
    let (schema, diagnostics) = world.resolve();
    assert_eq!(codes(&diagnostics), [Code::ScalarTypeName]);
    let field = &message(&schema, "User").fields[0];
    assert_eq!(
        field.ty,
        FieldType::Single(ValueType::Scalar(Scalar::String))
    );
}

#[test]
fn names_resolve_from_the_innermost_scope() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        vec![
            a.enumeration("Status", &[("ZERO", 0)]),
            a.message(
                "Order",
                vec![
                    a.enumeration("Status", &[("ZERO", 0)]),
                    a.message("Line", vec![a.field("status", a.ty("Status"), 1)]),
                    a.field("status", a.ty("Status"), 1),
                    a.field("line", a.ty("Line"), 2),
                    a.field("outer", a.ty("shop.Status"), 3),
                    a.field("deep", a.ty("Order.Line"), 4),
                ],
            ),
        ]
    });
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let nested = ValueType::Enum(EnumId(1));
    let line = message(&schema, "shop.Order.Line");
    assert_eq!(line.fields[0].ty, FieldType::Single(nested));
    let order = message(&schema, "shop.Order");
    let types: Vec<_> = order.fields.iter().map(|field| field.ty).collect();
    assert_eq!(
        types,
        [
            FieldType::Single(nested),
            FieldType::Single(ValueType::Message(MessageId(1))),
            FieldType::Single(ValueType::Enum(EnumId(0))),
            FieldType::Single(ValueType::Message(MessageId(1))),
        ]
    );
}

/// The two files of `schemas/world_*.schema`; `world.travel` optionally
/// declares a message `geo` that shadows the package `world.geo`.
fn world_files(import: bool, shadow: bool, field_type: &'static str) -> World {
    let mut world = World::new();
    let imports: &[u32] = if import { &[1] } else { &[] };
    world.file("world_travel.schema", "world.travel", imports, |a| {
        let mut items = vec![a.message("Trip", vec![a.field("unit", a.ty(field_type), 4)])];
        if shadow {
            items.push(a.message("geo", vec![]));
        }
        items
    });
    world.file("world_geo.schema", "world.geo", &[], |a| {
        vec![
            a.message("Coordinates", vec![]),
            a.enumeration("Unit", &[("KILOMETERS", 0)]),
        ]
    });
    world
}

#[test]
fn relative_dotted_names_resolve_through_the_package() {
    for name in ["geo.Unit", "world.geo.Unit", ".world.geo.Unit"] {
        let (schema, diagnostics) = world_files(true, false, name).resolve();
        assert!(diagnostics.is_empty(), "{name}: {diagnostics:#?}");
        let unit = ValueType::Enum(EnumId(0));
        assert_eq!(
            message(&schema, "world.travel.Trip").fields[0].ty,
            FieldType::Single(unit)
        );
        assert_eq!(enumeration(&schema, "world.geo.Unit").file, FileId(1));
    }
}

#[test]
fn the_first_scope_that_knows_the_first_segment_wins() {
    let (schema, diagnostics) = world_files(true, true, "geo.Unit").resolve();
    assert_eq!(codes(&diagnostics), [Code::UnknownType]);
    assert_eq!(
        diagnostics[0].message,
        "unknown type `geo.Unit`: `geo` here means `world.travel.geo`, which declares no `Unit`"
    );
    assert_eq!(diagnostics[0].help, "did you mean `world.geo.Unit`?");
    let field = &message(&schema, "world.travel.Trip").fields[0];
    assert_eq!(
        field.ty,
        FieldType::Single(ValueType::Scalar(Scalar::Bytes))
    );
    // An absolute name goes past the shadowing message.
    let (_, diagnostics) = world_files(true, true, ".world.geo.Unit").resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn types_of_files_not_imported_are_reported_but_resolved() {
    let (schema, diagnostics) = world_files(false, false, "geo.Unit").analyze();
    assert_eq!(codes(&diagnostics), [Code::TypeNotImported]);
    assert_eq!(
        diagnostics[0].message,
        "`world.geo.Unit` is declared in `world_geo.schema`, which `world_travel.schema` does not import"
    );
    assert_eq!(
        diagnostics[0].help,
        "add `import \"world_geo.schema\";` to `world_travel.schema`"
    );
    let field = &message(&schema, "world.travel.Trip").fields[0];
    assert_eq!(field.ty, FieldType::Single(ValueType::Enum(EnumId(0))));
}

#[test]
fn imports_are_not_transitive() {
    let mut world = World::new();
    world.file("a.schema", "a", &[1], |a| {
        vec![a.message("A", vec![a.field("c", a.ty("c.C"), 1)])]
    });
    world.file("b.schema", "b", &[2], |_| vec![]);
    world.file("c.schema", "c", &[], |a| vec![a.message("C", vec![])]);
    let (_, diagnostics) = world.resolve();
    assert_eq!(codes(&diagnostics), [Code::TypeNotImported]);
}

#[test]
fn unknown_types_get_a_placeholder_and_a_hint() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        vec![
            a.message("Customer", vec![]),
            a.message(
                "Order",
                vec![
                    a.field("count", a.ty("int32"), 1),
                    a.field("customer", a.ty("customer"), 2),
                    a.field("other", a.ty("Nothing"), 3),
                    a.field("package", a.ty("shop"), 4),
                    a.field("typo", a.ty("Custmer"), 5),
                ],
            ),
        ]
    });
    let (schema, diagnostics) = world.analyze();
    assert_eq!(codes(&diagnostics), [Code::UnknownType; 5]);
    let helps: Vec<_> = diagnostics.iter().map(|d| d.help.as_str()).collect();
    assert_eq!(
        helps[..3],
        [
            "schemac spells the scalar `int32` as `i32`",
            "did you mean `Customer`?",
            Code::UnknownType.help(),
        ]
    );
    assert_eq!(helps[4], "did you mean `Customer`?");
    assert_eq!(
        diagnostics[3].message,
        "`shop` is the package `shop`, not a type"
    );
    let placeholder = FieldType::Single(ValueType::Scalar(Scalar::Bytes));
    assert!(
        message(&schema, "shop.Order")
            .fields
            .iter()
            .all(|field| field.ty == placeholder)
    );
}

#[test]
fn import_cycles_are_reported_once_at_the_closing_import() {
    let mut world = World::new();
    world.file("a.schema", "", &[1], |_| vec![]);
    world.file("b.schema", "", &[2], |_| vec![]);
    world.file("c.schema", "", &[0, 3], |_| vec![]);
    world.file("d.schema", "", &[3], |_| vec![]);
    let loaded = world.loaded();
    let closing = loaded.files[2].imports[0].span;
    let (_, diagnostics) = crate::resolve::resolve(&loaded);
    assert_eq!(codes(&diagnostics), [Code::ImportCycle, Code::ImportCycle]);
    assert_eq!(
        diagnostics[0].message,
        "import cycle: a.schema → b.schema → c.schema → a.schema"
    );
    assert_eq!(diagnostics[0].primary.span, closing);
    assert_eq!(diagnostics[1].message, "import cycle: d.schema → d.schema");
}

#[test]
fn files_without_cycles_pass() {
    let mut world = World::new();
    world.file("a.schema", "", &[1, 2], |_| vec![]);
    world.file("b.schema", "", &[2], |_| vec![]);
    world.file("c.schema", "", &[], |_| vec![]);
    let (_, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn map_keys_must_be_integers_bools_or_strings() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![
            a.enumeration("Color", &[("ZERO", 0)]),
            a.message(
                "Maps",
                vec![
                    a.field("good", a.map(a.ty("sint64"), a.ty("Color")), 1),
                    a.field("float", a.map(a.ty("f64"), a.ty("i32")), 2),
                    a.field("bytes", a.map(a.ty("bytes"), a.ty("i32")), 3),
                    a.field("color", a.map(a.ty("Color"), a.ty("i32")), 4),
                    a.field("unknown", a.map(a.ty("Nope"), a.ty("i32")), 5),
                    a.field("list", a.map(a.list(a.ty("i32")), a.ty("i32")), 6),
                ],
            ),
        ]
    });
    let (schema, diagnostics) = world.analyze();
    use Code::{InvalidMapKey, UnknownType};
    assert_eq!(
        codes(&diagnostics),
        [
            InvalidMapKey,
            InvalidMapKey,
            InvalidMapKey,
            UnknownType,
            InvalidMapKey
        ]
    );
    assert_eq!(
        diagnostics[2].message,
        "the enum `Color` cannot be a map key"
    );
    let maps = message(&schema, "Maps");
    assert_eq!(
        maps.fields[0].ty,
        FieldType::Map(Scalar::Sint64, ValueType::Enum(EnumId(0)))
    );
    let placeholder = FieldType::Map(Scalar::String, ValueType::Scalar(Scalar::I32));
    assert!(maps.fields[1..].iter().all(|field| field.ty == placeholder));
}

#[test]
fn lists_and_maps_do_not_nest_and_are_not_optional() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![a.message(
            "Nested",
            vec![
                a.field("grid", a.list(a.list(a.ty("i32"))), 1),
                a.field("index", a.map(a.ty("string"), a.list(a.ty("i32"))), 2),
                a.field("lists", a.list(a.map(a.ty("string"), a.ty("i32"))), 3),
                a.optional("maybe", a.list(a.ty("i32")), 4),
                a.optional("fine", a.ty("i32"), 5),
            ],
        )]
    });
    let (schema, diagnostics) = world.analyze();
    assert_eq!(codes(&diagnostics), [Code::InvalidNesting; 4]);
    assert_eq!(
        diagnostics[0].message,
        "a list cannot be the element of a list"
    );
    assert_eq!(
        diagnostics[1].message,
        "a list cannot be the value of a map"
    );
    assert_eq!(
        diagnostics[3].message,
        "the list field `maybe` cannot be optional"
    );
    let nested = message(&schema, "Nested");
    assert_eq!(
        nested.fields[3].ty,
        FieldType::List(ValueType::Scalar(Scalar::I32))
    );
    assert_eq!(
        nested.fields[4].ty,
        FieldType::Optional(ValueType::Scalar(Scalar::I32))
    );
}

#[test]
fn oneof_members_are_single_values() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![a.message(
            "Choice",
            vec![a.oneof(
                "pick",
                vec![
                    a.field_decl("number", a.ty("i32"), 1),
                    a.optional_decl("maybe", a.ty("i32"), 2),
                    a.field_decl("many", a.list(a.ty("Nope")), 3),
                    a.field_decl("index", a.map(a.ty("string"), a.ty("i32")), 4),
                ],
            )],
        )]
    });
    let (schema, diagnostics) = world.analyze();
    use Code::{InvalidOneofField, UnknownType};
    assert_eq!(
        codes(&diagnostics),
        [
            InvalidOneofField,
            UnknownType,
            InvalidOneofField,
            InvalidOneofField
        ]
    );
    assert_eq!(
        diagnostics[2].message,
        "the oneof member `many` cannot be a list"
    );
    let choice = message(&schema, "Choice");
    assert_eq!(choice.oneofs.len(), 1);
    assert!(choice.fields.iter().all(|field| field.oneof == Some(0)));
    assert!(
        choice
            .fields
            .iter()
            .all(|field| matches!(field.ty, FieldType::Single(_)))
    );
}

#[test]
fn reserved_max_depends_on_the_declaration() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![
            a.message(
                "M",
                vec![a.reserved(vec![a.number(4), a.range(100, None), a.name("old")])],
            ),
            a.enum_reserved(
                "E",
                &[("ZERO", 0)],
                vec![a.range(5, None), a.range(2, Some(3))],
            ),
        ]
    });
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty());
    let ranges: Vec<_> = schema.messages[0]
        .reserved
        .ranges
        .iter()
        .map(|range| (range.start, range.end))
        .collect();
    assert_eq!(ranges, [(4, 4), (100, 536_870_911)]);
    assert_eq!(schema.messages[0].reserved.names[0].0, "old");
    let ranges: Vec<_> = schema.enums[0]
        .reserved
        .ranges
        .iter()
        .map(|range| (range.start, range.end))
        .collect();
    assert_eq!(ranges, [(5, 2_147_483_647), (2, 3)]);
}

#[test]
fn recursive_singular_fields_are_boxed() {
    // The recursive part of schemas/shapes.schema.
    let mut world = World::new();
    world.file("shapes.schema", "shapes", &[], |a| {
        vec![
            a.message(
                "Tree",
                vec![
                    a.field("value", a.ty("i32"), 1),
                    a.field("left", a.ty("Tree"), 2),
                    a.field("right", a.ty("Tree"), 3),
                    a.field("children", a.list(a.ty("Tree")), 4),
                    a.field("by_name", a.map(a.ty("string"), a.ty("Tree")), 5),
                ],
            ),
            a.message(
                "Ping",
                vec![
                    a.field("pong", a.ty("Pong"), 1),
                    a.field("depth", a.ty("u32"), 2),
                ],
            ),
            a.message(
                "Pong",
                vec![
                    a.field("ping", a.ty("Ping"), 1),
                    a.field("choice", a.ty("Choice"), 2),
                    a.message(
                        "Choice",
                        vec![a.oneof(
                            "pick",
                            vec![
                                a.field_decl("again", a.ty("Pong"), 1),
                                a.field_decl("done", a.ty("bool"), 2),
                            ],
                        )],
                    ),
                ],
            ),
            a.message("Leaf", vec![a.optional("tree", a.ty("Tree"), 1)]),
        ]
    });
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let boxed: Vec<_> = schema
        .messages
        .iter()
        .flat_map(|message| {
            message
                .fields
                .iter()
                .filter(|field| field.boxed)
                .map(move |field| format!("{}.{}", message.name, field.name))
        })
        .collect();
    assert_eq!(
        boxed,
        [
            "Tree.left",
            "Tree.right",
            "Ping.pong",
            "Pong.ping",
            "Pong.choice",
            "Choice.again"
        ]
    );
}

#[test]
fn optional_self_reference_is_boxed() {
    let mut world = World::new();
    world.file("a.schema", "", &[], |a| {
        vec![a.message("Node", vec![a.optional("next", a.ty("Node"), 1)])]
    });
    let (schema, _) = world.resolve();
    assert!(schema.messages[0].fields[0].boxed);
}

#[test]
fn hints_name_the_type_as_it_can_be_written_here() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        vec![
            a.message(
                "Order",
                vec![
                    a.message("Status", vec![]),
                    a.field("customer", a.ty("Custome"), 1),
                    a.field("status", a.ty("Statsu"), 2),
                    a.field("hidden", a.ty("Sttus"), 3),
                    a.field("root", a.ty("Rot"), 4),
                    a.field("near", a.ty("Ordr"), 5),
                ],
            ),
            a.message("Customer", vec![]),
            a.message("Other", vec![a.enumeration("Sttus", &[("ZERO", 0)])]),
        ]
    });
    world.file("b.schema", "", &[], |a| {
        vec![a.message("Order", vec![]), a.message("Root", vec![])]
    });
    let (_, diagnostics) = world.resolve();
    let helps: Vec<_> = diagnostics.iter().map(|d| d.help.as_str()).collect();
    assert_eq!(
        helps,
        [
            "did you mean `Customer`?",
            "did you mean `Status`?",
            "did you mean `Other.Sttus`?",
            "did you mean `Root`?",
            "did you mean `Order`?",
        ]
    );
}

#[test]
fn hints_weighing_many_types_stop_when_their_budget_is_spent() {
    // 100 messages each declare an `Item`, and 100 fields of `Many` name
    // `item`: each of their hints weighs the 100. The 100 fields of `Few`
    // name `thing`, which one type is but for case.
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        let mut members: Vec<_> = (0..100)
            .map(|index| a.message(&format!("M{index}"), vec![a.message("Item", vec![])]))
            .collect();
        let fields = (0..100).map(|index| a.field(&format!("f{index}"), a.ty("item"), index + 1));
        members.push(a.message("Many", fields.collect()));
        let fields = (0..100).map(|index| a.field(&format!("f{index}"), a.ty("thing"), index + 1));
        let mut few: Vec<_> = fields.collect();
        few.push(a.message("Thing", vec![]));
        members.push(a.message("Few", few));
        members
    });
    let (_, diagnostics) = world.resolve();
    assert_eq!(codes(&diagnostics), [Code::UnknownType; 200]);
    let helps: Vec<_> = diagnostics.iter().map(|d| d.help.as_str()).collect();
    let budget = crate::resolve::hints::CANDIDATE_WEIGHINGS / 100;
    for help in &helps[..budget] {
        assert_eq!(*help, "did you mean `M0.Item`?");
    }
    for help in &helps[budget..100] {
        assert!(help.starts_with("declare the type"), "{help}");
    }
    // A name with few candidates gets its hint whatever was spent.
    for help in &helps[100..] {
        assert_eq!(*help, "did you mean `Thing`?");
    }
}

#[test]
fn a_cycle_imported_twice_is_reported_once() {
    let mut world = World::new();
    world.file("a.schema", "", &[1], |_| vec![]);
    world.file("b.schema", "", &[0, 0], |_| vec![]);
    let (_, diagnostics) = world.resolve();
    assert_eq!(codes(&diagnostics), [Code::ImportCycle]);
    assert_eq!(
        diagnostics[0].message,
        "import cycle: a.schema → b.schema → a.schema"
    );
}
