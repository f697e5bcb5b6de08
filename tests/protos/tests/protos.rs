//! The generated code of tests/protos/proto at work: round trips, proto2's
//! `required` and defaults, the wire form of packed and unpacked lists,
//! views, and the well-known types in JSON.

use schemac_protos::acme::common::v1::{AnyValue, KeyValue, any_value};
use schemac_protos::acme::trace::v1::{ResourceSpans, ScopeSpans, Span, TracesData, span};
use schemac_protos::legacy::v1::{Item, Stock, item};
use schemac_protos::store::v1::{Money, Order, OrderState, Product, order};
use schemac_runtime::view::HasView;
use schemac_runtime::{Message, MessageView, Timestamp, wkt};

fn span() -> Span {
    Span {
        trace_id: vec![7; 16],
        span_id: vec![1; 8],
        name: "GET /orders".to_owned(),
        kind: span::SpanKind::Server,
        start_time_unix_nano: 1_700_000_000_000_000_000,
        end_time_unix_nano: 1_700_000_000_250_000_000,
        attributes: vec![KeyValue {
            key: "http.status".to_owned(),
            value: Some(AnyValue {
                value: Some(any_value::Value::IntValue(200)),
                ..Default::default()
            }),
            ..Default::default()
        }],
        events: vec![span::Event {
            name: "retry".to_owned(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[test]
fn traces_round_trip_and_their_views_read_the_same() {
    let data = TracesData {
        resource_spans: vec![ResourceSpans {
            scope_spans: vec![ScopeSpans {
                spans: vec![span(), Span::default()],
                ..Default::default()
            }],
            schema_url: "https://example.invalid/schema".to_owned(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let bytes = data.try_encode_to_vec().unwrap();
    assert_eq!(bytes.len(), data.encoded_len());
    assert_eq!(TracesData::decode(&bytes).unwrap(), data);
    let view = <TracesData as HasView>::View::decode(&bytes).unwrap();
    assert_eq!(view.to_message(), data);
    let name = view.resource_spans[0].scope_spans[0].spans[0].name;
    assert_eq!(name, "GET /orders");
    // The name borrows the input: no copy was made.
    let range = bytes.as_ptr_range();
    assert!(range.contains(&name.as_ptr()));
}

#[test]
fn a_missing_required_field_fails_decoding_and_encoding_with_its_path() {
    let stock = Stock {
        location: Some("dock 4".to_owned()),
        items: vec![
            Item {
                sku: Some("A-1".to_owned()),
                ..Default::default()
            },
            Item::default(),
        ],
        ..Default::default()
    };
    let error = stock.try_encode_to_vec().unwrap_err();
    assert_eq!(
        error.to_string(),
        "Stock.items[1].sku: required field is not set"
    );
    // location "dock 4" (field 1), then an item without its sku (field 2).
    let bytes = b"\x0a\x06dock 4\x12\x00";
    let error = Stock::decode(bytes).unwrap_err();
    assert!(error.is_missing_required(), "{error}");
    assert_eq!(error.path(), "Stock.items[0].sku");
    assert_eq!(error.offset(), bytes.len());
    // A view refuses it alike.
    let view_error = <Stock as HasView>::View::decode(bytes).unwrap_err();
    assert_eq!(view_error, error);
    // Without the location, the top level names it.
    let error = Stock::decode(&[]).unwrap_err();
    assert_eq!(error.path(), "Stock.location");
    // Merging into a message that has the field is fine: the check is on
    // the result.
    let mut merged = Stock {
        location: Some("dock 5".to_owned()),
        ..Default::default()
    };
    merged.merge(&[]).unwrap();
}

#[test]
fn defaults_are_what_unset_fields_read_as() {
    let item = Item::default();
    assert_eq!(item.count, None);
    assert_eq!(item.count(), 1);
    assert_eq!(item.unit(), "piece");
    assert_eq!(item.condition(), item::Condition::New);
    assert_eq!(item.weight_kg(), 0.5);
    assert!(!item.fragile());
    assert_eq!(item.barcode(), b"\0\x01");
    assert_eq!(item.serial(), u64::MAX);
    assert_eq!(item.delta(), i32::MIN);
    assert_eq!(item.ratio(), f32::INFINITY);
    let set = Item {
        count: Some(0),
        unit: Some("kg".to_owned()),
        ..Default::default()
    };
    assert_eq!((set.count(), set.unit()), (0, "kg"));
}

#[test]
fn proto2_lists_are_unpacked_unless_asked() {
    let item = Item {
        sku: Some(String::new()),
        bins: vec![1, 2],
        sizes: vec![3, 4],
        ..Default::default()
    };
    let bytes = item.try_encode_to_vec().unwrap();
    // sku (1) empty, bins (8) one key each, sizes (9) packed.
    assert_eq!(
        bytes,
        [0x0a, 0x00, 0x40, 0x01, 0x40, 0x02, 0x4a, 0x02, 0x03, 0x04]
    );
    // Both forms read back, either way round.
    let swapped = [0x0a, 0x00, 0x42, 0x02, 0x01, 0x02, 0x48, 0x03, 0x48, 0x04];
    assert_eq!(Item::decode(&swapped).unwrap(), item);
}

#[test]
fn well_known_types_write_protobuf_json() {
    let product = Product {
        sku: "SKU-1".to_owned(),
        price: Some(Money {
            currency_code: "EUR".to_owned(),
            units: 12,
            nanos: 500_000_000,
            ..Default::default()
        }),
        stock: Some(0),
        created: Some(Timestamp {
            seconds: 1_700_000_000,
            nanos: 0,
        }),
        description_html: "<p>".to_owned(),
        ..Default::default()
    };
    let json = serde_json::to_value(&product).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "sku": "SKU-1",
            "price": {"currency_code": "EUR", "units": "12", "nanos": 500000000},
            "stock": 0,
            "created": "2023-11-14T22:13:20Z",
            "description_html": "<p>",
        })
    );
    // protobuf's JSON names read too: lowerCamelCase and json_name.
    let camel = serde_json::json!({
        "sku": "SKU-1",
        "price": {"currencyCode": "EUR", "units": "12", "nanos": 500000000},
        "stock": 0,
        "created": "2023-11-14T23:13:20+01:00",
        "description": "<p>",
    });
    assert_eq!(serde_json::from_value::<Product>(camel).unwrap(), product);
}

#[test]
fn orders_hold_durations_structs_and_oneofs() {
    let order = Order {
        id: "o-1".to_owned(),
        state: OrderState::Paid,
        hold: Some(wkt::Duration {
            seconds: 90,
            nanos: 0,
        }),
        metadata: Some(wkt::Struct {
            fields: [("coupon".to_owned(), wkt::Value::String("X".to_owned()))].into(),
        }),
        delivery: Some(order::Delivery::PickupStore("north".to_owned())),
        note: Some(String::new()),
        adjustments: vec![-1, 1],
        ..Default::default()
    };
    let bytes = order.try_encode_to_vec().unwrap();
    assert_eq!(Order::decode(&bytes).unwrap(), order);
    let json = serde_json::to_string(&order).unwrap();
    assert!(json.contains(r#""hold":"90s""#), "{json}");
    assert!(json.contains(r#""metadata":{"coupon":"X"}"#), "{json}");
    assert_eq!(serde_json::from_str::<Order>(&json).unwrap(), order);
}

#[test]
fn any_packs_and_unpacks_generated_messages_by_their_full_name() {
    let item = Item {
        sku: Some("SKU-9".to_owned()),
        ..Default::default()
    };
    let any = wkt::Any::pack(&item).unwrap();
    assert_eq!(any.type_url, "type.googleapis.com/legacy.v1.Item");
    assert_eq!(any.value, item.try_encode_to_vec().unwrap());
    assert_eq!(any.unpack::<Item>().unwrap(), Some(item));
    // Another type's URL unpacks to nothing; its bytes are not read.
    assert_eq!(any.unpack::<Stock>().unwrap(), None);
    // A nested message's name has its enclosing message's.
    assert_eq!(
        <schemac_protos::store::v1::product::Variant as schemac_runtime::Name>::FULL_NAME,
        "store.v1.Product.Variant"
    );
}

/// Deprecated parts of a schema are `#[deprecated]` in Rust, and the
/// generated code that uses them builds without a warning (the crate is
/// linted with warnings denied); using them here warns, as it should.
#[test]
#[allow(deprecated)]
fn deprecated_parts_still_work() {
    use schemac_protos::legacy::v1::{Location, OldBin, Temperature, Zone, location};
    let location = Location {
        aisle: "7".to_owned(),
        row: "b".to_owned(),
        bin: Some(OldBin {
            code: "x1".to_owned(),
            ..Default::default()
        }),
        place: Some(location::Place::Crate("c9".to_owned())),
        zone: Zone::North,
        temperature: Temperature::Cold,
        ..Default::default()
    };
    let bytes = location.try_encode_to_vec().unwrap();
    assert_eq!(Location::decode(&bytes).unwrap(), location);
}

/// A service and messages annotated with custom options build and round
/// trip like any other; the options are in the descriptors, not in the
/// messages' bytes.
#[test]
fn custom_options_leave_the_messages_alone() {
    use schemac_protos::acme::catalog::v1::{Book, Format};
    let book = Book {
        name: "Dune".to_owned(),
        isbn: "978-0-441-17271-9".to_owned(),
        pages: 412,
        owner_email: "a@b.example".to_owned(),
        format: Format::Paper,
        ..Default::default()
    };
    let bytes = book.try_encode_to_vec().unwrap();
    assert_eq!(Book::decode(&bytes).unwrap(), book);
}
