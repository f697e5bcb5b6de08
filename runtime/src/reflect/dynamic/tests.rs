use alloc::collections::BTreeMap;

use super::*;
use crate::Message;
use crate::reflect::descriptor::field_descriptor_proto::{Label, Type};
use crate::reflect::descriptor::{
    DescriptorProto, FieldDescriptorProto, FieldOptions, FileDescriptorProto, FileDescriptorSet,
    MessageOptions, OneofDescriptorProto,
};
use crate::reflect::tests::{enumeration, field, file, message, typed};
use crate::reflect::{DescriptorPool, Kind};

/// `shop.proto`, proto2: a field of each kind of value, a closed enum, a
/// packed and an expanded list, a map, a group, a oneof and an extension.
fn shop() -> FileDescriptorProto {
    let mut shop = file("shop.proto", "shop", "proto2");
    let stock_entry = DescriptorProto {
        options: Some(MessageOptions {
            map_entry: Some(true),
            ..Default::default()
        }),
        ..message(
            "StockEntry",
            vec![
                field("key", 1, Label::Optional, Type::String),
                field("value", 2, Label::Optional, Type::Int32),
            ],
        )
    };
    let extra = message("Extra", vec![field("x", 1, Label::Optional, Type::Int32)]);
    let packed = FieldOptions {
        packed: Some(true),
        ..Default::default()
    };
    let mut a = field("a", 13, Label::Optional, Type::Int32);
    a.oneof_index = Some(0);
    let mut b = field("b", 14, Label::Optional, Type::String);
    b.oneof_index = Some(0);
    let mut order = message(
        "Order",
        vec![
            field("id", 1, Label::Optional, Type::Int32),
            field("delta", 2, Label::Optional, Type::Sint64),
            field("code", 3, Label::Optional, Type::Fixed32),
            field("price", 4, Label::Optional, Type::Double),
            field("note", 5, Label::Optional, Type::String),
            field("blob", 6, Label::Optional, Type::Bytes),
            typed(
                field("color", 7, Label::Optional, Type::Enum),
                ".shop.Color",
            ),
            FieldDescriptorProto {
                options: Some(packed),
                ..field("counts", 8, Label::Repeated, Type::Int32)
            },
            field("tags", 9, Label::Repeated, Type::String),
            typed(
                field("stock", 10, Label::Repeated, Type::Message),
                ".shop.Order.StockEntry",
            ),
            typed(
                field("line", 11, Label::Optional, Type::Message),
                ".shop.Order",
            ),
            typed(
                field("extra", 12, Label::Optional, Type::Group),
                ".shop.Order.Extra",
            ),
            a,
            b,
            field("colors", 15, Label::Repeated, Type::Enum),
        ],
    );
    order.field[14].type_name = Some(".shop.Color".to_owned());
    order.nested_type = vec![stock_entry, extra];
    order.oneof_decl.push(OneofDescriptorProto {
        name: Some("pick".to_owned()),
        ..Default::default()
    });
    let mut bonus = field("bonus", 100, Label::Optional, Type::Int32);
    bonus.extendee = Some(".shop.Order".to_owned());
    shop.extension.push(bonus);
    shop.message_type.push(order);
    shop.enum_type
        .push(enumeration("Color", &[("RED", 1), ("GREEN", 2)]));
    shop
}

fn pool() -> DescriptorPool {
    let mut pool = DescriptorPool::new();
    pool.add_file(shop()).unwrap();
    pool
}

/// Hex, spaces allowed, as bytes.
fn bytes(hex: &str) -> Vec<u8> {
    let hex: String = hex.split_whitespace().collect();
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn every_kind_of_field_reads_and_writes_back_the_same_bytes() {
    let pool = pool();
    let order = pool.message("shop.Order").unwrap();
    let input = bytes(concat!(
        "08 96 01",                   // id: 150
        "10 03",                      // delta: -2 (zigzag)
        "1d 78 56 34 12",             // code: 0x12345678
        "21 00 00 00 00 00 00 f8 3f", // price: 1.5
        "2a 02 68 69",                // note: "hi"
        "32 02 00 ff",                // blob
        "38 02",                      // color: GREEN
        "42 03 01 02 03",             // counts: [1, 2, 3]
        "4a 01 61 4a 01 62",          // tags: ["a", "b"]
        "52 07 0a 03 61 62 63 10 05", // stock {"abc": 5}
        "5a 02 08 07",                // line { id: 7 }
        "63 08 09 64",                // extra (group) { x: 9 }
        "72 01 7a",                   // b: "z"
        "a0 06 2a",                   // [shop.bonus]: 42
    ));
    let message = DynamicMessage::decode(order, &input).unwrap();
    assert_eq!(message.get_by_name("id").unwrap().as_i32(), Some(150));
    assert_eq!(message.get_by_name("delta").unwrap().as_i64(), Some(-2));
    assert_eq!(
        message.get_by_name("code").unwrap().as_u32(),
        Some(0x1234_5678)
    );
    assert_eq!(message.get_by_name("price").unwrap().as_f64(), Some(1.5));
    assert_eq!(message.get_by_name("note").unwrap().as_str(), Some("hi"));
    assert_eq!(
        message.get_by_name("blob").unwrap().as_bytes(),
        Some(&[0, 0xff][..])
    );
    assert_eq!(*message.get_by_name("color").unwrap(), Value::Enum(2));
    let counts = [1, 2, 3].map(Value::I32).to_vec();
    assert_eq!(
        message.get_by_name("counts").unwrap().as_list(),
        Some(&counts[..])
    );
    let stock = BTreeMap::from([(MapKey::String("abc".into()), Value::I32(5))]);
    assert_eq!(message.get_by_name("stock").unwrap().as_map(), Some(&stock));
    let line = message.get_by_name("line").unwrap();
    let line = line.as_message().unwrap();
    assert_eq!(line.get_by_name("id").unwrap().as_i32(), Some(7));
    let extra = message.get_by_name("extra").unwrap();
    assert_eq!(
        extra
            .as_message()
            .unwrap()
            .get_by_name("x")
            .unwrap()
            .as_i32(),
        Some(9)
    );
    assert_eq!(message.get_by_name("b").unwrap().as_str(), Some("z"));
    assert_eq!(message.get_by_number(100).unwrap().as_i32(), Some(42));
    assert!(message.unknown_fields().is_empty());
    // Written by number, as generated code writes them: the same bytes.
    assert_eq!(message.encode_to_vec(), input);
}

#[test]
fn a_closed_enums_unknown_numbers_and_fields_of_another_wire_type_are_unknown_fields() {
    let pool = pool();
    let order = pool.message("shop.Order").unwrap();
    // color: 9, which Color does not name; colors: [1, 9] packed; id as a
    // fixed32; field 99, unknown.
    let input = bytes("38 09 7a 02 01 09 0d 01 00 00 00 98 06 01");
    let message = DynamicMessage::decode(order, &input).unwrap();
    assert!(!message.has(order.field_by_name("color").unwrap()));
    assert_eq!(
        message.get_by_name("colors").unwrap().as_list(),
        Some(&[Value::Enum(1)][..])
    );
    assert!(!message.has(order.field_by_name("id").unwrap()));
    assert_eq!(
        message.unknown_fields(),
        bytes("38 09 78 09 0d 01 00 00 00 98 06 01")
    );
    assert_eq!(
        message.get_by_name("color").unwrap().into_owned(),
        Value::Enum(1)
    );
}

#[test]
fn singular_fields_take_the_last_value_messages_merge_and_lists_take_both_forms() {
    let pool = pool();
    let order = pool.message("shop.Order").unwrap();
    // id twice; line { id: 1 } then line { note... }: merged; counts
    // unpacked then packed; a then b of one oneof.
    let input = bytes("08 01 08 02 5a 02 08 01 5a 04 2a 02 68 69 40 05 42 01 06 68 03 72 01 7a");
    let message = DynamicMessage::decode(order, &input).unwrap();
    assert_eq!(message.get_by_name("id").unwrap().as_i32(), Some(2));
    let line = message.get_by_name("line").unwrap();
    let line = line.as_message().unwrap();
    assert_eq!(line.get_by_name("id").unwrap().as_i32(), Some(1));
    assert_eq!(line.get_by_name("note").unwrap().as_str(), Some("hi"));
    let counts = [5, 6].map(Value::I32).to_vec();
    assert_eq!(
        message.get_by_name("counts").unwrap().as_list(),
        Some(&counts[..])
    );
    assert!(!message.has(order.field_by_name("a").unwrap()));
    assert_eq!(message.get_by_name("b").unwrap().as_str(), Some("z"));
}

#[test]
fn setting_a_field_checks_its_value_and_clears_the_rest_of_its_oneof() {
    let pool = pool();
    let order = pool.message("shop.Order").unwrap();
    let mut message = DynamicMessage::new(order);
    assert!(
        message
            .set_by_name("id", Value::String("x".into()))
            .is_err()
    );
    assert!(message.set_by_name("nope", Value::I32(1)).is_err());
    assert!(message.set_by_name("counts", Value::I32(1)).is_err());
    let wrong_key = BTreeMap::from([(MapKey::I32(1), Value::I32(5))]);
    assert!(message.set_by_name("stock", Value::Map(wrong_key)).is_err());
    let stock = BTreeMap::from([(MapKey::String("pen".into()), Value::I32(5))]);
    message.set_by_name("stock", Value::Map(stock)).unwrap();
    message.clear_field(order.field_by_name("stock").unwrap());
    message.set_by_name("a", Value::I32(3)).unwrap();
    message.set_by_name("b", Value::String("z".into())).unwrap();
    assert!(!message.has(order.field_by_name("a").unwrap()));
    message.set_by_number(100, Value::I32(7)).unwrap();
    let names: Vec<&str> = message.fields().map(|(f, _)| f.name()).collect();
    assert_eq!(names, ["b", "bonus"]);
    // Defaults of what is not set.
    assert_eq!(
        message.get_by_name("price").unwrap().into_owned(),
        Value::F64(0.0)
    );
    let line = message.get_by_name("line").unwrap().into_owned();
    assert_eq!(line, Value::Message(DynamicMessage::new(order)));
    assert_eq!(message.encode_to_vec(), bytes("72 01 7a a0 06 07"));
}

#[test]
fn a_field_without_presence_at_its_zero_is_not_set_nor_written() {
    let mut file = file("p3.proto", "p3", "proto3");
    file.message_type.push(message(
        "M",
        vec![
            field("n", 1, Label::Optional, Type::Int32),
            field("list", 2, Label::Repeated, Type::Int32),
        ],
    ));
    let mut pool = DescriptorPool::new();
    pool.add_file(file).unwrap();
    let m = pool.message("p3.M").unwrap();
    let mut message = DynamicMessage::new(m);
    message.set_by_name("n", Value::I32(0)).unwrap();
    message
        .set_by_name("list", Value::List(Vec::new()))
        .unwrap();
    assert_eq!(message.fields().count(), 0);
    *message.get_mut(m.field_by_name("n").unwrap()) = Value::I32(0);
    assert_eq!(message.encode_to_vec(), bytes(""));
    *message.get_mut(m.field_by_name("n").unwrap()) = Value::I32(5);
    assert_eq!(message.encode_to_vec(), bytes("08 05"));
}

#[test]
fn errors_name_the_field_path_and_the_offset() {
    let pool = pool();
    let order = pool.message("shop.Order").unwrap();
    // line { note: <bad UTF-8> }
    let error = DynamicMessage::decode(order, &bytes("08 01 5a 03 2a 01 ff")).unwrap_err();
    assert_eq!(error.path(), "shop.Order.line.note");
    assert_eq!(error.offset(), 5, "where the string starts, at its length");
    // tags: "a", then <bad UTF-8>: the element's index, as generated code names it.
    let error = DynamicMessage::decode(order, &bytes("4a 01 61 4a 01 ff")).unwrap_err();
    assert_eq!(error.path(), "shop.Order.tags[1]");
    // A group whose end key does not match.
    let error = DynamicMessage::decode(order, &bytes("63 08 09 6c")).unwrap_err();
    assert_eq!(error.path(), "shop.Order.extra");
    // Nesting past the recursion limit is an error, not a stack overflow.
    let mut deep = Vec::new();
    for _ in 0..200 {
        let mut outer = vec![0x5a];
        crate::wire::put_varint(&mut outer, deep.len() as u64);
        outer.extend_from_slice(&deep);
        deep = outer;
    }
    assert!(
        DynamicMessage::decode(order, &deep)
            .unwrap_err()
            .is_recursion_limit()
    );
}

#[test]
fn a_field_number_is_taken_once_per_message() {
    let mut shop = shop();
    let mut twin = field("twin", 100, Label::Optional, Type::Int32);
    twin.extendee = Some(".shop.Order".to_owned());
    shop.extension.push(twin);
    let error = DescriptorPool::new().add_file(shop).unwrap_err();
    assert_eq!(
        error.message(),
        "shop.twin has number 100 of shop.Order, which shop.bonus has"
    );
    assert_eq!(Kind::Int32, pool().extension("shop.bonus").unwrap().kind());
}

#[test]
fn a_message_sets_extensions_are_read_and_written_as_its_items() {
    let mut file = file("set.proto", "set", "proto2");
    let mut set = message("Set", vec![]);
    set.options = Some(MessageOptions {
        message_set_wire_format: Some(true),
        ..Default::default()
    });
    file.message_type.push(set);
    file.message_type.push(message(
        "Item",
        vec![field("x", 1, Label::Optional, Type::Int32)],
    ));
    let mut item = typed(
        field("item", 100, Label::Optional, Type::Message),
        ".set.Item",
    );
    item.extendee = Some(".set.Set".to_owned());
    file.extension.push(item);
    let mut pool = DescriptorPool::new();
    pool.add_file(file).unwrap();
    let set = pool.message("set.Set").unwrap();
    assert!(set.is_message_set());
    // An item of extension 100 { x: 7 }, then one of 200, which the pool
    // does not hold.
    let input = bytes("0b 10 64 1a 02 08 07 0c 0b 10 c8 01 1a 01 ff 0c");
    let message = DynamicMessage::decode(set, &input).unwrap();
    let item = message.get_by_number(100).unwrap();
    assert_eq!(
        item.as_message()
            .unwrap()
            .get_by_name("x")
            .unwrap()
            .as_i32(),
        Some(7)
    );
    assert_eq!(message.unknown_fields(), bytes("0b 10 c8 01 1a 01 ff 0c"));
    assert_eq!(message.encode_to_vec(), input);
    // A bad message in an item is an error at its offset in the input.
    let error = DynamicMessage::decode(set, &bytes("0b 10 64 1a 02 08 ff 0c")).unwrap_err();
    assert_eq!(
        (error.path(), error.offset()),
        ("set.Set.[set.item].x".to_owned(), 7)
    );
}

/// The smoke test of the fuzz target `reflect_pool`: every cut of a
/// descriptor set and many changed bytes make a pool or an error, and
/// each pool's types decode the bytes or refuse them, never a panic.
#[test]
fn mutated_descriptor_sets_build_pools_or_errors() {
    let set = FileDescriptorSet {
        file: vec![shop()],
        ..Default::default()
    }
    .try_encode_to_vec()
    .unwrap();
    let mut inputs: Vec<Vec<u8>> = (0..set.len()).map(|len| set[..len].to_vec()).collect();
    for at in 0..set.len() {
        for change in [0x01, 0x80, 0xff] {
            let mut input = set.clone();
            input[at] ^= change;
            inputs.push(input);
        }
    }
    let (mut pools, mut decoded) = (0, 0);
    for input in &inputs {
        let Ok(pool) = DescriptorPool::decode(input) else {
            continue;
        };
        pools += 1;
        for message in pool.messages() {
            if let Ok(message) = DynamicMessage::decode(message, input) {
                decoded += 1;
                let bytes = message.encode_to_vec();
                let again = DynamicMessage::decode(message.descriptor(), &bytes).unwrap();
                assert_eq!(again.encode_to_vec(), bytes);
            }
        }
    }
    assert!(
        pools > 0 && pools < inputs.len(),
        "{pools} of {}",
        inputs.len()
    );
    assert!(decoded > 0);
}

#[test]
fn a_map_entry_is_left_out_when_its_last_value_is_a_closed_enums_unnamed_number() {
    let mut school = file("school.proto", "school", "proto2");
    school
        .enum_type
        .push(enumeration("Level", &[("LOW", 0), ("HIGH", 1)]));
    let entry = DescriptorProto {
        options: Some(MessageOptions {
            map_entry: Some(true),
            ..Default::default()
        }),
        ..message(
            "ByEntry",
            vec![
                field("key", 1, Label::Optional, Type::String),
                typed(
                    field("value", 2, Label::Optional, Type::Enum),
                    ".school.Level",
                ),
            ],
        )
    };
    let by = typed(
        field("by", 4, Label::Repeated, Type::Message),
        ".school.Summary.ByEntry",
    );
    let mut summary = message("Summary", vec![by]);
    summary.nested_type.push(entry);
    school.message_type.push(summary);
    let mut pool = DescriptorPool::new();
    pool.add_file(school).unwrap();
    let summary = pool.message("school.Summary").unwrap();
    let read = |hex: &str| DynamicMessage::decode(summary, &bytes(hex)).unwrap();
    fn entries<'a>(message: &DynamicMessage<'a>) -> Vec<(MapKey, Value<'a>)> {
        let by = message.get_by_name("by").unwrap().into_owned();
        by.as_map()
            .map(|map| map.clone().into_iter().collect())
            .unwrap_or_default()
    }
    // The key as a varint and the value as a fixed64, both skipped: the
    // entry is an empty key and the enum's 0, as generated code reads it.
    let skipped = read("22 0b 08 07 11 00 00 00 00 00 00 00 00");
    assert_eq!(
        entries(&skipped),
        [(MapKey::String(String::new()), Value::Enum(0))]
    );
    assert!(skipped.unknown_fields().is_empty());
    // 9, which Level does not name, then 1: the last one, named, wins.
    let named_last = read("22 07 0a 01 61 10 09 10 01");
    assert_eq!(
        entries(&named_last),
        [(MapKey::String("a".into()), Value::Enum(1))]
    );
    // 1, then 9: the entry goes whole to the unknown fields.
    let unnamed_last = read("22 07 0a 01 61 10 01 10 09");
    assert_eq!(entries(&unnamed_last), []);
    assert_eq!(
        unnamed_last.unknown_fields(),
        bytes("22 07 0a 01 61 10 01 10 09")
    );
}
