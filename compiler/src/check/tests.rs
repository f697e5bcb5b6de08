//! Unit tests of check, on hand-built syntax trees taken through resolve.

use crate::ast::Member;
use crate::diagnostic::{Code, Diagnostic};
use crate::resolve::test_helpers::{Ast, World, codes};
use crate::source::Span;

/// Resolves and checks one file holding what `build` makes, and expects no
/// resolve errors.
fn check(build: impl FnOnce(&Ast) -> Vec<Member>) -> Vec<Diagnostic> {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], build);
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    super::check(&schema)
}

#[test]
fn a_clean_message_passes() {
    let diagnostics = check(|a| {
        vec![
            a.message(
                "Order",
                vec![
                    a.field("id", a.ty("i64"), 1),
                    a.oneof("kind", vec![a.field_decl("code", a.ty("string"), 2)]),
                    a.field("big", a.ty("i64"), 536_870_911),
                    a.field("below", a.ty("i64"), 18_999),
                    a.field("above", a.ty("i64"), 20_000),
                    a.reserved(vec![a.range(3, Some(5)), a.name("old")]),
                ],
            ),
            a.enumeration(
                "Status",
                &[("PENDING", 0), ("PAID", 1), ("LOW", -2_147_483_648)],
            ),
        ]
    });
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn duplicate_field_numbers_name_both_fields() {
    let diagnostics = check(|a| {
        vec![a.message(
            "Order",
            vec![
                a.field("id", a.ty("i64"), 3),
                a.oneof("kind", vec![a.field_decl("code", a.ty("string"), 3)]),
                a.field("other", a.ty("i64"), 3),
            ],
        )]
    });
    assert_eq!(codes(&diagnostics), [Code::DuplicateFieldNumber; 2]);
    assert_eq!(
        diagnostics[0].message,
        "field number 3 is used by both `id` and `code` in `shop.Order`"
    );
    assert_eq!(diagnostics[1].secondary[0].text, "first used by `id`");
}

#[test]
fn duplicate_field_names_include_oneofs() {
    let diagnostics = check(|a| {
        vec![a.message(
            "Order",
            vec![
                a.field("id", a.ty("i64"), 1),
                a.field("id", a.ty("i64"), 2),
                a.field("kind", a.ty("i64"), 3),
                a.oneof("kind", vec![a.field_decl("id", a.ty("string"), 4)]),
            ],
        )]
    });
    assert_eq!(codes(&diagnostics), [Code::DuplicateFieldName; 3]);
    // The builder gives a oneof's members spans before its name, so the
    // order here is not the order of a parsed file.
    let mut messages: Vec<_> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    messages.sort();
    assert_eq!(
        messages,
        [
            "the field name `id` is used twice in `shop.Order`",
            "the field name `id` is used twice in `shop.Order`",
            "the name `kind` is used by both a field and a oneof in `shop.Order`",
        ]
    );
}

#[test]
fn field_numbers_must_be_in_range() {
    let diagnostics = check(|a| {
        vec![a.message(
            "Order",
            vec![
                a.field("zero", a.ty("i64"), 0),
                a.field("negative", a.ty("i64"), -1),
                a.field("huge", a.ty("i64"), 536_870_912),
                a.field("inner", a.ty("i64"), 19_000),
                a.field("inner_end", a.ty("i64"), 19_999),
            ],
        )]
    });
    use Code::{FieldNumberInProtobufRange as Protobuf, FieldNumberOutOfRange as Range};
    assert_eq!(
        codes(&diagnostics),
        [Range, Range, Range, Protobuf, Protobuf]
    );
    assert_eq!(
        diagnostics[0].message,
        "the field `zero` has number 0, outside 1 to 536870911"
    );
}

#[test]
fn reserved_numbers_and_names_are_refused() {
    let diagnostics = check(|a| {
        vec![
            a.message(
                "Order",
                vec![
                    a.field("a", a.ty("i64"), 8),
                    a.field("b", a.ty("i64"), 11),
                    a.field("c", a.ty("i64"), 600),
                    a.field("legacy", a.ty("i64"), 1),
                    a.reserved(vec![a.number(8), a.range(10, Some(12)), a.range(500, None)]),
                    a.reserved(vec![a.name("legacy")]),
                ],
            ),
            a.enum_reserved(
                "Status",
                &[("ZERO", 0), ("OLD", 1), ("GONE", 7)],
                vec![a.range(5, None), a.name("OLD")],
            ),
        ]
    });
    use Code::{ReservedName, ReservedNumber};
    assert_eq!(
        codes(&diagnostics),
        [
            ReservedNumber,
            ReservedNumber,
            ReservedNumber,
            ReservedName,
            ReservedName,
            ReservedNumber
        ]
    );
    assert_eq!(
        diagnostics[1].message,
        "the field `b` has number 11, which `shop.Order` reserves"
    );
    assert_eq!(diagnostics[1].secondary[0].text, "10 to 12 reserved here");
    assert_eq!(
        diagnostics[4].message,
        "the value name `OLD` is reserved in `shop.Status`"
    );
}

#[test]
fn reserved_ranges_must_not_be_empty() {
    let diagnostics = check(|a| {
        vec![
            a.message(
                "Order",
                vec![a.reserved(vec![a.range(12, Some(10)), a.range(4, Some(4))])],
            ),
            a.enum_reserved("Status", &[("ZERO", 0)], vec![a.range(3, Some(2))]),
        ]
    });
    assert_eq!(codes(&diagnostics), [Code::EmptyReservedRange; 2]);
    assert_eq!(
        diagnostics[0].message,
        "the range `reserved 12 to 10` is empty, as it ends before it starts"
    );
}

#[test]
fn enum_values_start_at_zero_and_fit_i32() {
    let diagnostics = check(|a| {
        vec![
            a.enumeration("Status", &[("PAID", 1), ("BIG", 2_147_483_648)]),
            a.enumeration("Low", &[("ZERO", 0), ("LOWER", -2_147_483_649)]),
        ]
    });
    use Code::{EnumFirstValueNotZero as NotZero, EnumNumberOutOfRange as Range};
    assert_eq!(codes(&diagnostics), [NotZero, Range, Range]);
    assert_eq!(
        diagnostics[0].message,
        "the first value of `shop.Status`, `PAID`, is 1; it must be 0"
    );
}

#[test]
fn enum_numbers_and_names_are_unique() {
    let diagnostics = check(|a| {
        vec![a.enumeration(
            "Status",
            &[("PENDING", 0), ("PAID", 1), ("SETTLED", 1), ("PAID", 2)],
        )]
    });
    assert_eq!(
        codes(&diagnostics),
        [Code::DuplicateEnumNumber, Code::DuplicateEnumName]
    );
    assert_eq!(
        diagnostics[0].message,
        "number 1 is used by both `PAID` and `SETTLED` in `shop.Status`"
    );
}

/// Found by the smoke test, which runs protoc on the export of every
/// schema check accepts: protoc refused `PAID` beside `PAiD`.
#[test]
fn enum_names_must_differ_to_protobuf() {
    let diagnostics = check(|a| {
        vec![a.enumeration(
            "Status",
            &[
                ("PENDING", 0),
                ("PAID", 1),
                ("PAiD", 2),
                ("STATUS_PEND_ING", 3),
                ("SHIPPED", 4),
            ],
        )]
    });
    assert_eq!(codes(&diagnostics), [Code::DuplicateEnumName]);
    assert_eq!(
        diagnostics[0].message,
        "the value names `PAID` and `PAiD` are one name to protobuf in `shop.Status`"
    );
}

#[test]
fn empty_enums_and_oneofs_are_refused() {
    let diagnostics = check(|a| {
        vec![
            a.enumeration("Nothing", &[]),
            a.message("Shape", vec![a.oneof("kind", vec![])]),
        ]
    });
    assert_eq!(codes(&diagnostics), [Code::EmptyOneof, Code::EmptyEnum]);
}

#[test]
fn rust_field_names_must_not_clash() {
    let diagnostics = check(|a| {
        vec![a.message(
            "Keywords",
            vec![
                a.field("fooBar", a.ty("i64"), 1),
                a.field("foo_bar", a.ty("i64"), 2),
                a.oneof("FooBar", vec![a.field_decl("x", a.ty("i64"), 3)]),
                a.field("type", a.ty("i64"), 4),
            ],
        )]
    });
    // `fooBar` is also the JSON name of `foo_bar`.
    assert_eq!(
        codes(&diagnostics),
        [
            Code::JsonNameClash,
            Code::RustNameClash,
            Code::RustNameClash
        ]
    );
    let diagnostics = &diagnostics[1..];
    assert_eq!(
        diagnostics[0].message,
        "the field `fooBar` and the field `foo_bar` both become the Rust field `foo_bar` in `shop.Keywords`"
    );
    assert_eq!(
        diagnostics[1].message,
        "the field `fooBar` and the oneof `FooBar` both become the Rust field `foo_bar` in `shop.Keywords`"
    );
}

#[test]
fn rust_type_names_must_not_clash_across_files_of_a_package() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        vec![a.message("order_line", vec![])]
    });
    world.file("b.schema", "shop", &[], |a| {
        vec![a.enumeration("OrderLine", &[("ZERO", 0)])]
    });
    world.file("c.schema", "other", &[], |a| {
        vec![a.message("OrderLine", vec![])]
    });
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty());
    let diagnostics = super::check(&schema);
    assert_eq!(codes(&diagnostics), [Code::RustNameClash]);
    assert_eq!(
        diagnostics[0].message,
        "the message `order_line` and the enum `OrderLine` both become the Rust type `OrderLine` in the package `shop`"
    );
}

#[test]
fn nested_types_clash_with_oneof_enums() {
    let diagnostics = check(|a| {
        vec![a.message(
            "Shape",
            vec![
                a.oneof("kind", vec![a.field_decl("x", a.ty("i64"), 1)]),
                a.message("Kind", vec![]),
                a.enumeration("kind", &[("ZERO", 0)]),
            ],
        )]
    });
    // To protobuf, the oneof and the enum are one name in one scope.
    assert_eq!(
        codes(&diagnostics),
        [
            Code::RustNameClash,
            Code::RustNameClash,
            Code::ProtobufScopeClash
        ]
    );
    assert_eq!(
        diagnostics[0].message,
        "the oneof `kind` and the message `Kind` both become the Rust type `Kind` in the module of `shop.Shape`"
    );
    // The enum `kind` has the schema name of the oneof, yet it is no
    // duplicate of schemac's.
    assert_eq!(
        diagnostics[1].message,
        "the oneof `kind` and the enum `kind` both become the Rust type `Kind` in the module of `shop.Shape`"
    );
}

#[test]
fn enum_variants_clash_with_each_other_and_the_catch_all() {
    let diagnostics = check(|a| {
        vec![a.enumeration(
            "Status",
            &[
                ("PAID", 0),
                ("STATUS_PAID", 1),
                ("UNRECOGNIZED", 2),
                ("STATUS_SHIPPED", 3),
            ],
        )]
    });
    assert_eq!(codes(&diagnostics), [Code::RustNameClash; 2]);
    assert_eq!(
        diagnostics[0].message,
        "the value `PAID` and the value `STATUS_PAID` both become the Rust variant `Paid` in `shop.Status`"
    );
    assert_eq!(
        diagnostics[1].message,
        "the value `UNRECOGNIZED` becomes the Rust variant `Unrecognized`, which is the name of the catch-all variant of `shop.Status`"
    );
}

#[test]
fn oneof_variants_must_not_clash() {
    let diagnostics = check(|a| {
        vec![a.message(
            "Payment",
            vec![a.oneof(
                "method",
                vec![
                    a.field_decl("credit_card", a.ty("string"), 1),
                    a.field_decl("creditCard", a.ty("string"), 2),
                ],
            )],
        )]
    });
    // The two names differ as fields too, but only the variants are Rust
    // names: a oneof is one field. In JSON, `creditCard` is both.
    assert_eq!(
        codes(&diagnostics),
        [Code::JsonNameClash, Code::RustNameClash]
    );
    assert_eq!(
        diagnostics[1].message,
        "the member `credit_card` and the member `creditCard` both become the Rust variant `CreditCard` in the oneof `method` of `shop.Payment`"
    );
}

#[test]
fn duplicates_are_not_reported_again_as_clashes() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        vec![
            a.message(
                "Order",
                vec![a.field("id", a.ty("i64"), 1), a.field("id", a.ty("i64"), 2)],
            ),
            a.message("Order", vec![]),
            a.enumeration("Status", &[("ZERO", 0), ("ZERO", 1)]),
        ]
    });
    let (_, diagnostics) = world.analyze();
    assert_eq!(
        codes(&diagnostics),
        [
            Code::DuplicateType,
            Code::DuplicateFieldName,
            Code::DuplicateEnumName
        ]
    );
}

#[test]
fn message_modules_must_not_clash_with_package_modules() {
    let mut world = World::new();
    world.file("a.schema", "shop", &[], |a| {
        vec![
            a.message("Geo", vec![a.message("Point", vec![])]),
            a.message("Billing", vec![]),
        ]
    });
    world.file("b.schema", "shop.geo", &[], |_| vec![]);
    world.file("c.schema", "shop.billing.v1", &[], |_| vec![]);
    world.file("d.schema", "", &[], |a| {
        vec![a.message("Shop", vec![a.enumeration("Kind", &[("ZERO", 0)])])]
    });
    let (schema, diagnostics) = world.resolve();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let diagnostics = super::check(&schema);
    // `Billing` has no nested types, so no module.
    assert_eq!(codes(&diagnostics), [Code::RustNameClash; 2]);
    let mut messages: Vec<_> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    messages.sort();
    assert_eq!(
        messages,
        [
            "the message `Shop` and the package `shop` both become the Rust module `shop`",
            "the message `shop.Geo` and the package `shop.geo` both become the Rust module `geo`",
        ]
    );
}

#[test]
fn reserved_numbers_outside_the_valid_range_are_reported() {
    let text = "message M { reserved 0, 5 to 536870912; x: i32 = 1; }\nenum E { A = 0; reserved -2147483649; }";
    let diagnostics = match crate::analyze_text("t.schema", text) {
        Err(crate::Error::Schema { diagnostics, .. }) => diagnostics,
        other => panic!("expected schema errors, got {other:?}"),
    };
    let codes: Vec<Code> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            Code::FieldNumberOutOfRange,
            Code::FieldNumberOutOfRange,
            Code::EnumNumberOutOfRange
        ],
        "{diagnostics:?}"
    );
    assert_eq!(
        diagnostics[1].message,
        "`reserved 5 to 536870912` reaches outside 1 to 536870911"
    );
}

/// The diagnostics of `text`, resolved and checked; resolve must find none.
fn check_text(text: &str) -> (crate::model::Schema, Vec<Diagnostic>) {
    let mut sources = crate::source::SourceMap::new();
    let file = sources.add("t.schema", text);
    let (ast, syntax) = crate::syntax::parse(file, text);
    assert!(syntax.is_empty(), "{syntax:#?}");
    let loaded = crate::load::Loaded {
        sources,
        files: vec![crate::load::LoadedFile {
            implicit: false,
            ast,
            import_name: "t.schema".to_owned(),
            imports: Vec::new(),
        }],
        roots: vec![file],
        diagnostics: Vec::new(),
    };
    let (schema, diagnostics) = crate::resolve::resolve(&loaded);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let diagnostics = super::check(&schema);
    (schema, diagnostics)
}

/// The field holding unknown fields takes a name no field has
/// (`names::unknown_fields_field`), so a field of its name is no clash.
#[test]
fn a_field_named_unknown_fields_is_no_clash() {
    let (_, diagnostics) = check_text(
        "package p;\n\
         message Keeps {\n  option keep_unknown_fields = true;\n  unknown_fields: bytes = 1;\n}\n\
         message Oneof {\n  oneof unknownFields { a: i32 = 1; }\n}\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn views_clash_with_types_of_their_name_only_when_generated() {
    let (schema, diagnostics) = check_text(
        "package p;\n\
         message Order { id: i32 = 1; }\n\
         message OrderView { id: i32 = 1; }\n\
         message Shape {\n  oneof kind { label: string = 1; }\n  oneof size { small: i32 = 2; }\n\
         \x20 message KindView {}\n  message SizeView {}\n\
         \x20 message Item {}\n  message ItemView {}\n}\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let diagnostics = super::check_views(&schema);
    assert_eq!(codes(&diagnostics), [Code::RustNameClash; 3]);
    assert_eq!(
        diagnostics[0].message,
        "the view of the message `Order` and the message `OrderView` both become the Rust \
         type `OrderView` in the package `p`"
    );
    assert!(
        diagnostics[0].help.contains("generate without views"),
        "{:?}",
        diagnostics[0]
    );
    // `size` holds only a number, so views hold the owned enum `Size` and
    // there is no `SizeView` to clash with.
    assert_eq!(
        diagnostics[1].message,
        "the view of the oneof `kind` and the message `KindView` both become the Rust type \
         `KindView` in the module of `p.Shape`"
    );
    assert_eq!(
        diagnostics[2].message,
        "the view of the message `Item` and the message `ItemView` both become the Rust type \
         `ItemView` in the module of `p.Shape`"
    );
}

#[test]
fn the_targets_of_references_leave_graph_mode_s_field_alone() {
    let (_, diagnostics) = check_text(
        "package p;\n\
         message Numbered {\n  big: i64 = 536870911;\n  schemac_graph_id: i32 = 1;\n}\n\
         message Json {\n  schemacGraphId: i32 = 1;\n  \
         note: string = 2 [json_name = \"schemac_graph_id\"];\n}\n\
         message Oneof {\n  oneof schemac_graph_id { a: i32 = 1; }\n}\n\
         message Reserved {\n  reserved 100 to max;\n  reserved schemac_graph_id;\n}\n\
         message Extended {\n  extensions 100 to max;\n}\n\
         message Holder {\n  numbered: ref Numbered = 1;\n  json: weak Json = 2;\n  \
         oneofs: list<ref Oneof> = 3;\n  reserved: map<string, weak Reserved> = 4;\n  \
         extended: ref Extended = 5;\n  again: ref Numbered = 6;\n}\n\
         message Plain {\n  big: i64 = 536870911;\n  schemac_graph_id: i32 = 1;\n}\n\
         message PlainReserved {\n  reserved 100 to max;\n  reserved schemac_graph_id;\n}\n",
    );
    assert_eq!(codes(&diagnostics), [Code::GraphIdClash; 8]);
    let clash = |taker: &str, target: &str| {
        format!(
            "{taker} graph mode's `schemac_graph_id = 536870911`, which `p.{target}` carries \
             as the target of a `ref` or `weak`"
        )
    };
    let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            clash("the field `big` has the number of", "Numbered"),
            clash("the field `schemac_graph_id` has the name of", "Numbered"),
            clash("the field `schemacGraphId` has the JSON name of", "Json"),
            clash("the field `note` has the JSON name of", "Json"),
            clash("the oneof `schemac_graph_id` has the name of", "Oneof"),
            clash(
                "`reserved 100 to 536870911` holds the number of",
                "Reserved"
            ),
            clash(
                "the reserved name `schemac_graph_id` is the name of",
                "Reserved"
            ),
            clash(
                "`extensions 100 to 536870911` holds the number of",
                "Extended"
            ),
        ]
    );
    // Each points at the first reference to its message.
    let references: Vec<&str> = diagnostics
        .iter()
        .map(|d| d.secondary[0].text.as_str())
        .collect();
    assert_eq!(references[0], "a reference to `p.Numbered`");
    assert_eq!(references[7], "a reference to `p.Extended`");
    assert_eq!(
        diagnostics[0].secondary[0].span,
        diagnostics[1].secondary[0].span
    );
    assert!(diagnostics[0].secondary[0].span < diagnostics[2].secondary[0].span);
}

#[test]
fn a_nested_type_named_like_graph_mode_s_field_clashes_in_protobuf_s_scope() {
    let (_, diagnostics) = check_text(
        "package p;\n\
         message Target {\n  message schemac_graph_id {}\n}\n\
         message Holder {\n  target: ref Target = 1;\n  message schemac_graph_id {}\n}\n",
    );
    assert_eq!(codes(&diagnostics), [Code::ProtobufScopeClash]);
    assert_eq!(
        diagnostics[0].message,
        "the graph id field and the message `schemac_graph_id` share a name in protobuf's \
         scope `p.Target`"
    );
}

#[test]
fn a_field_named_extensions_clashes_where_a_message_has_extension_ranges() {
    let (_, diagnostics) = check_text(
        "package p;\n\
         message Base {\n  extensions 100 to 199;\n  extensions: bytes = 1;\n}\n\
         message Plain { extensions: bytes = 1; }\n",
    );
    assert_eq!(codes(&diagnostics), [Code::RustNameClash]);
    assert_eq!(
        diagnostics[0].message,
        "the field `extensions` becomes the Rust field `extensions`, which holds the \
         extensions of `p.Base`"
    );
    assert_eq!(
        diagnostics[0].secondary[0].text,
        "this message has extension ranges, kept in `extensions`"
    );
}

#[test]
fn extension_constants_must_not_clash_in_their_module() {
    let (_, diagnostics) = check_text(
        "package p;\n\
         message Base { extensions 100 to 199; }\n\
         extend Base { shelf_id: i32 = 100; }\n\
         extend Base { shelfId: i32 = 101; }\n\
         message Scope {\n  extend Base { a_b: i32 = 102; aB: i32 = 103; }\n}\n\
         message Other {\n  extend Base { shelf_id: i32 = 104; }\n}\n",
    );
    assert_eq!(codes(&diagnostics), [Code::RustNameClash; 2]);
    assert_eq!(
        diagnostics[0].message,
        "the extension `shelf_id` and the extension `shelfId` both become the Rust constant \
         `SHELF_ID` in the package `p`"
    );
    assert_eq!(
        diagnostics[1].message,
        "the extension `a_b` and the extension `aB` both become the Rust constant `A_B` in the \
         module of `p.Scope`"
    );
}

#[test]
fn a_message_declaring_extensions_gets_a_module_that_may_clash_with_a_package() {
    let mut sources = crate::source::SourceMap::new();
    let texts = [
        (
            "a.schema",
            "package p;\nmessage Base { extensions 1 to 9; }\nmessage Q {\n  extend Base { x: i32 = 1; }\n}\n",
        ),
        ("b.schema", "package p.q;\nmessage M { id: i32 = 1; }\n"),
    ];
    let files = texts
        .iter()
        .map(|(name, text)| {
            let file = sources.add(*name, *text);
            let (ast, syntax) = crate::syntax::parse(file, text);
            assert!(syntax.is_empty(), "{syntax:#?}");
            crate::load::LoadedFile {
                implicit: false,
                ast,
                import_name: (*name).to_owned(),
                imports: Vec::new(),
            }
        })
        .collect();
    let roots = vec![crate::source::FileId(0), crate::source::FileId(1)];
    let loaded = crate::load::Loaded {
        sources,
        files,
        roots,
        diagnostics: Vec::new(),
    };
    let (schema, diagnostics) = crate::resolve::resolve(&loaded);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let diagnostics = super::check(&schema);
    assert_eq!(
        codes(&diagnostics),
        [Code::RustNameClash],
        "{diagnostics:#?}"
    );
    assert!(
        diagnostics[0].message.contains("`p.Q`"),
        "{}",
        diagnostics[0].message
    );
}

#[test]
fn extensions_hold_no_references_of_graph_mode() {
    let (_, diagnostics) = check_text(
        "package p;\n\
         message Base { extensions 100 to 199; }\n\
         message Node { next: ref Node = 1; }\n\
         message Plain { id: i32 = 1; }\n\
         extend Base { node: Node = 100; link: ref Plain = 101; plain: Plain = 102; }\n",
    );
    assert_eq!(codes(&diagnostics), [Code::InvalidExtension; 2]);
    assert_eq!(
        diagnostics[0].message,
        "the extension `p.node` cannot hold `p.Node`, which reaches a `ref` or `weak`: graph \
         mode has no extensions"
    );
    assert!(
        diagnostics[1]
            .message
            .contains("cannot be a `ref` or `weak`")
    );
}

/// The JSON key clashes of `message` found by comparing every field with
/// every earlier one, as check once did: for each field, the first earlier
/// field of another name that shares a key with it, and the first of its
/// keys (name, then JSON name) that the earlier one has.
fn json_clashes_pairwise(message: &crate::model::Message) -> Vec<(usize, usize, String)> {
    let keys: Vec<[String; 2]> = (message.fields.iter())
        .map(|field| [field.name.clone(), field.json_name()])
        .collect();
    let mut clashes = Vec::new();
    for (later, field) in message.fields.iter().enumerate() {
        let clash = (0..later).find_map(|earlier| {
            let shared = keys[later].iter().find(|key| keys[earlier].contains(key))?;
            (message.fields[earlier].name != field.name).then(|| (earlier, shared.clone()))
        });
        if let Some((earlier, key)) = clash {
            clashes.push((earlier, later, key));
        }
    }
    clashes
}

#[test]
fn json_key_clashes_are_those_of_the_pairwise_comparison() {
    // Names and JSON names that share keys in every way: equal names,
    // names that are each other's JSON names, and JSON names given.
    let names = ["a_b", "aB", "ab", "a__b", "a", "A_b", "x"];
    let json_names = ["aB", "a", "ab", "x", "y"];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |limit: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % limit as u64) as usize
    };
    let mut clashes_seen = 0;
    for _ in 0..300 {
        let mut text = String::from("message M {\n");
        for number in 1..=next(9) {
            let name = names[next(names.len())];
            text.push_str(&format!("  {name}: i32 = {number}"));
            if next(3) == 0 {
                text.push_str(&format!(" [json_name = \"{}\"]", json_names[next(5)]));
            }
            text.push_str(";\n");
        }
        text.push_str("}\n");
        let (schema, diagnostics) = check_text(&text);
        let message = &schema.messages[0];
        let found: Vec<(Span, Span, String)> = diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.code == Code::JsonNameClash)
            .map(|diagnostic| {
                let key = diagnostic.message.rsplit('`').nth(1).unwrap_or_default();
                let earlier = diagnostic.secondary[0].span;
                (earlier, diagnostic.primary.span, key.to_owned())
            })
            .collect();
        let expected: Vec<(Span, Span, String)> = json_clashes_pairwise(message)
            .into_iter()
            .map(|(earlier, later, key)| {
                let span = |index: usize| message.fields[index].name_span;
                (span(earlier), span(later), key)
            })
            .collect();
        assert_eq!(found, expected, "{text}");
        clashes_seen += expected.len();
    }
    assert!(clashes_seen > 100, "{clashes_seen} clashes in all");
}
