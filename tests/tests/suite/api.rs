//! The shape of the generated API: field types, open enums, boxing,
//! oneofs, escaped names, and error paths.

use std::collections::BTreeMap;

use schemac_generated::kitchen::{Color, Maps, OptionalScalars, Point, Scalars};
use schemac_generated::shapes::{self, Keywords, Shape, Tree};
use schemac_generated::shop::{Customer, Order, OrderLine, Status};
use schemac_runtime::{DecodeOptions, Enumeration, Message};

/// Compiles only if `value` has type `T`.
fn is<T>(_value: &T) {}

#[test]
fn order_fields_have_the_promised_types() {
    let order = Order::default();
    is::<i64>(&order.id);
    is::<String>(&order.description);
    is::<Vec<OrderLine>>(&order.order_lines);
    is::<Option<Customer>>(&order.customer);
    is::<Status>(&order.status);
    is::<schemac_runtime::Decimal>(&order.total_cost);
    is::<BTreeMap<String, schemac_runtime::DynamicValue>>(&order.attributes);
    is::<schemac_runtime::Decimal>(&OrderLine::default().cost);
    is::<Option<String>>(&Customer::default().email);
    is::<u32>(&OrderLine::default().quantity);
}

#[test]
fn scalars_map_to_their_rust_types() {
    let s = Scalars::default();
    is::<i32>(&s.a_sint32);
    is::<i64>(&s.a_sint64);
    is::<u32>(&s.a_fixed32);
    is::<i64>(&s.an_sfixed64);
    is::<f32>(&s.an_f32);
    is::<Vec<u8>>(&s.some_bytes);
    is::<Option<Point>>(&OptionalScalars::default().a_point);
    is::<BTreeMap<bool, u64>>(&Maps::default().by_bool);
}

#[test]
fn enums_are_open_and_compare_by_number() {
    assert_eq!(Status::default(), Status::Pending);
    assert_eq!(Status::from_number(1), Status::Paid);
    assert_eq!(Status::from_number(99), Status::Unrecognized(99));
    assert_eq!(Status::Unrecognized(2), Status::Shipped);
    assert_eq!(Status::Shipped.number(), 2);
    assert_eq!(Status::Paid.name(), Some("PAID"));
    assert_eq!(Status::Unrecognized(9).name(), None);
    assert_eq!(Status::from_name("SHIPPED"), Some(Status::Shipped));
    assert_eq!(Status::from_name("Shipped"), None);
    assert_eq!(<Status as Enumeration>::NAME, "Status");
    assert_eq!(Color::Infrared.number(), -1);
    assert_eq!(i32::from(Color::Green), 2);
    assert_eq!(Color::from(-1), Color::Infrared);
}

#[test]
fn unknown_enum_numbers_survive_a_round_trip() {
    let order = Order {
        status: Status::Unrecognized(12345),
        ..Order::default()
    };
    let back = Order::decode(&order.try_encode_to_vec().unwrap()).unwrap();
    assert!(matches!(back.status, Status::Unrecognized(12345)));
}

#[test]
fn recursive_fields_are_boxed_and_lists_are_not() {
    let tree = Tree::default();
    is::<Option<Box<Tree>>>(&tree.left);
    is::<Vec<Tree>>(&tree.children);
    is::<BTreeMap<String, Tree>>(&tree.by_name);
}

#[test]
fn oneof_is_an_enum_in_the_message_module() {
    let shape = Shape::default();
    is::<Option<shapes::shape::Kind>>(&shape.kind);
    is::<Option<String>>(&shape.note);
}

#[test]
fn rust_keywords_are_escaped() {
    let keywords = Keywords {
        r#type: "t".to_owned(),
        r#match: 1,
        self_: true,
        foo_bar: 2,
        r#async: 3,
        crate_: "c".to_owned(),
        ..Default::default()
    };
    let back = Keywords::decode(&keywords.try_encode_to_vec().unwrap()).unwrap();
    assert_eq!(back, keywords);
}

#[test]
fn decode_error_names_the_field_path_and_offset() {
    let mut order = Order::default();
    order.order_lines.push(OrderLine::default());
    order.order_lines.push(OrderLine {
        description: "ab".to_owned(),
        ..OrderLine::default()
    });
    let mut bytes = order.try_encode_to_vec().unwrap();
    // The last two bytes are the second line's description: make them invalid UTF-8.
    let end = bytes.len();
    bytes[end - 2] = 0xff;
    let error = Order::decode(&bytes).unwrap_err();
    assert_eq!(error.path(), "Order.order_lines[1].description");
    assert!(
        error
            .to_string()
            .starts_with("Order.order_lines[1].description: "),
        "{error}"
    );
    assert_eq!(error.offset(), end - 3);
}

#[test]
fn truncated_input_is_an_error_not_a_panic() {
    let bytes = schemac_tests::fixtures::typical_order(3)
        .try_encode_to_vec()
        .unwrap();
    let mut decoded = 0;
    for cut in 0..bytes.len() {
        // A proper prefix that ends between fields decodes to the fields
        // before the cut, which encode to the prefix again (they are in
        // the order schemac writes them); any other fails as truncated,
        // at an offset inside the prefix.
        match Order::decode(&bytes[..cut]) {
            Ok(order) => {
                assert_eq!(
                    order.try_encode_to_vec().unwrap(),
                    bytes[..cut],
                    "cut at {cut}"
                );
                decoded += 1;
            }
            Err(error) => {
                assert!(error.is_truncated(), "cut at {cut}: {error}");
                assert!(error.offset() <= cut, "cut at {cut}: {error}");
            }
        }
    }
    // The empty prefix, and one after each of the 15 top-level fields but
    // the last: id, description, total_cost, 3 lines, customer, status and
    // 7 attributes.
    assert_eq!(decoded, 15);
    let error = Order::decode(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(error.is_truncated(), "{error}");
}

#[test]
fn deep_recursion_is_refused_on_both_sides() {
    let mut tree = Tree::default();
    for value in 0..150 {
        tree = Tree {
            value,
            left: Some(Box::new(tree)),
            ..Tree::default()
        };
    }
    assert!(
        tree.try_encode_to_vec().is_err(),
        "encode refuses what decode would"
    );

    let options = DecodeOptions::new().recursion_limit(200);
    let mut shallow = Tree::default();
    for _ in 0..50 {
        shallow = Tree {
            left: Some(Box::new(shallow)),
            ..Tree::default()
        };
    }
    let bytes = shallow.try_encode_to_vec().unwrap();
    assert!(Tree::decode_with(&bytes, &options).is_ok());
    let strict = DecodeOptions::new().recursion_limit(10);
    let error = Tree::decode_with(&bytes, &strict).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
    assert!(
        error.path().starts_with("Tree.left.left"),
        "{}",
        error.path()
    );
}
