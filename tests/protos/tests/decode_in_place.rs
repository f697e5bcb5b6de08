//! Decoding in place (`Message::decode_in_place`) of proto2's messages
//! (the `legacy` package, generated to read in place): `required` fields,
//! `[default = ...]`, groups in every shape, extensions and a message set,
//! decoded one after another into one value, each as a fresh decode gives
//! it, whatever came before; a message missing a `required` field fails
//! alike. And of a message not generated to read in place, which is reset
//! first.

use schemac_protos::legacy::v1::search_response::{self, Cursor, Paging, Token};
use schemac_protos::legacy::v1::{
    ALIASES, Audit, Item, LABEL, Label, SLOT, SearchResponse, Slot, Stock, audit, item,
};
use schemac_runtime::{Extendable, Message};

/// Decodes each of `inputs` in place into one value and compares it with
/// a fresh decode: the same message, or an error with the same text.
fn decodes_in_place_as_fresh<M: Message + Clone + PartialEq + std::fmt::Debug>(inputs: &[Vec<u8>]) {
    let mut message = M::default();
    for (index, bytes) in inputs.iter().enumerate() {
        let fresh = M::decode(bytes).map_err(|e| e.to_string());
        let in_place = message.decode_in_place(bytes).map(|()| message.clone());
        assert_eq!(in_place.map_err(|e| e.to_string()), fresh, "input {index}");
    }
}

fn encode(message: &impl Message) -> Vec<u8> {
    message.try_encode_to_vec().expect("encodes")
}

fn item(sku: &str, count: Option<i32>) -> Item {
    Item {
        sku: Some(sku.to_owned()),
        count,
        unit: Some("box".to_owned()),
        condition: Some(item::Condition::Used),
        barcode: Some(vec![9, 8, 7]),
        bins: vec![1, 2, 3],
        sizes: vec![4, 5],
        ..Default::default()
    }
}

#[test]
fn required_fields_and_defaults() {
    let full = Stock {
        location: Some("north".to_owned()),
        items: vec![item("a", Some(2)), item("b", None), item("c", Some(0))],
        featured: Some(item("f", None)),
        by_sku: [("a".to_owned(), item("a", Some(1)))].into(),
        ..Default::default()
    };
    let smaller = Stock {
        location: Some("s".to_owned()),
        items: vec![Item {
            sku: Some("x".to_owned()),
            ..Default::default()
        }],
        ..Default::default()
    };
    // No `location` (which encoding refuses, so the bytes are written by
    // hand: one item, field 2): both decodes fail alike, and the next
    // succeeds.
    let one_item = encode(&item("y", None));
    let mut missing = vec![0x12, one_item.len() as u8];
    missing.extend(one_item);
    decodes_in_place_as_fresh::<Stock>(&[
        encode(&full),
        encode(&smaller),
        missing,
        encode(&full),
        Vec::new(),
        encode(&smaller),
    ]);
    // An item of defaults: the accessors give them after a decode in place
    // too.
    let mut bare = Item::default();
    bare.decode_in_place(&encode(&item("z", Some(5)))).unwrap();
    bare.decode_in_place(&encode(&Item {
        sku: Some("z".to_owned()),
        ..Default::default()
    }))
    .unwrap();
    assert_eq!(bare.count(), 1);
    assert_eq!(bare.unit(), "piece");
    assert_eq!(bare.barcode(), [0, 1]);
}

fn response(cursor: Option<Cursor>, results: usize) -> SearchResponse {
    SearchResponse {
        result: (0..results)
            .map(|index| search_response::Result {
                url: Some(format!("https://example.invalid/{index}")),
                snippets: vec!["a snippet".to_owned(); index],
                ..Default::default()
            })
            .collect(),
        paging: Some(Paging {
            per_page: Some(20),
            ..Default::default()
        }),
        cursor,
        debug: Some(Box::new(search_response::Debug {
            trace: Some("t".to_owned()),
            inner: Some(Box::new(SearchResponse {
                result: vec![search_response::Result {
                    url: Some("inner".to_owned()),
                    ..Default::default()
                }],
                ..Default::default()
            })),
            ..Default::default()
        })),
        ..Default::default()
    }
}

#[test]
fn groups_of_every_shape_and_a_oneof_that_changes_member() {
    let token = Cursor::Token(Token {
        value: Some(vec![1, 2, 3]),
        ..Default::default()
    });
    decodes_in_place_as_fresh::<SearchResponse>(&[
        encode(&response(Some(token.clone()), 3)),
        encode(&response(Some(Cursor::Offset(7)), 1)),
        encode(&response(None, 5)),
        encode(&response(Some(token), 0)),
        encode(&SearchResponse::default()),
    ]);
}

#[test]
fn extensions() {
    let mut extended = item("e", Some(1));
    extended.set_extension(
        &SLOT,
        Slot {
            aisle: Some("7".to_owned()),
            ..Default::default()
        },
    );
    extended.set_extension(&ALIASES, vec!["one".to_owned(), "two".to_owned()]);
    extended.set_extension(
        &LABEL,
        Label {
            text: Some("keep dry".to_owned()),
            ..Default::default()
        },
    );
    extended.set_extension(
        &audit::LAST_AUDIT,
        Audit {
            auditor: Some("kim".to_owned()),
            ..Default::default()
        },
    );
    decodes_in_place_as_fresh::<Item>(&[
        encode(&extended),
        encode(&item("plain", None)),
        encode(&extended),
    ]);
}

#[test]
fn a_message_not_generated_to_read_in_place_is_reset_first() {
    use schemac_protos::store::v1::{Order, OrderLine};
    const { assert!(!Order::RECYCLES && Stock::RECYCLES) };
    let order = |sku: &str, lines: usize| Order {
        id: format!("order {sku}"),
        lines: (0..lines)
            .map(|line| OrderLine {
                sku: format!("{sku}-{line}"),
                quantity: line as u32,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    decodes_in_place_as_fresh::<Order>(&[
        encode(&order("a", 3)),
        encode(&order("b", 1)),
        Vec::new(),
        encode(&order("c", 2)),
    ]);
}
