//! The order schema in three versions (`schemas/v1.schema`, `v2`, `v3`),
//! each generated into a module of its own by build.rs, and the fixtures
//! whose version-1 encodings are checked in under `golden/`.
//!
//! docs/evolution.md describes what changes between the versions; the
//! tests in `tests/golden.rs` read old bytes with new code and new bytes
//! with old code.

/// Version 1: schemas/order.schema as it is today.
#[allow(missing_docs)]
pub mod v1 {
    include!(concat!(env!("OUT_DIR"), "/v1/shop.rs"));
}

/// Version 1, with every message keeping unknown fields.
#[allow(missing_docs)]
pub mod v1_keep {
    include!(concat!(env!("OUT_DIR"), "/v1_keep/shop.rs"));
}

/// Version 2: compatible with version 1 at every level.
#[allow(missing_docs)]
pub mod v2 {
    include!(concat!(env!("OUT_DIR"), "/v2/shop.rs"));
}

/// Version 3: breaks version 2 in several ways.
#[allow(missing_docs)]
pub mod v3 {
    include!(concat!(env!("OUT_DIR"), "/v3/shop.rs"));
}

use std::collections::BTreeMap;

use schemac_runtime::{Decimal, DynamicValue};

/// The version-1 orders whose encodings are checked in, by name.
pub fn v1_orders() -> Vec<(&'static str, v1::Order)> {
    let line = |line_number: i32| v1::OrderLine {
        line_number,
        description: format!("Widget, blue, size {line_number}"),
        cost: Decimal::new(1999 + 100 * i64::from(line_number - 1), 2),
        quantity: 12,
    };
    vec![
        ("empty", v1::Order::default()),
        (
            "typical",
            v1::Order {
                id: 1_000_042,
                description: "Spring restock for the Leeds shop".to_owned(),
                total_cost: Decimal::new(6297, 2),
                order_lines: (1..=3).map(line).collect(),
                customer: Some(v1::Customer {
                    id: 7,
                    name: "Ada Lovelace".to_owned(),
                    email: Some("ada@example.com".to_owned()),
                }),
                status: v1::Status::Paid,
                attributes: BTreeMap::from([
                    ("gift".to_owned(), DynamicValue::Bool(true)),
                    ("priority".to_owned(), DynamicValue::I32(2)),
                    (
                        "discount".to_owned(),
                        DynamicValue::Decimal(Decimal::new(10, 2)),
                    ),
                ]),
            },
        ),
        (
            "extreme",
            v1::Order {
                id: i64::MIN,
                description: "\0\n\t\"quoted\" ✓".to_owned(),
                total_cost: Decimal::from_i128_with_scale(-1, 28),
                order_lines: vec![v1::OrderLine::default()],
                customer: Some(v1::Customer::default()),
                status: v1::Status::Shipped,
                attributes: BTreeMap::from([("null".to_owned(), DynamicValue::Null)]),
            },
        ),
    ]
}
