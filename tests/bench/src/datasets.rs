//! The benchmark data, built as schemac values; [`crate::model`] turns each
//! into the peers' types.
//!
//! | name | what |
//! |---|---|
//! | `order-1-seed`, `order-100-seed` | an Order with id 0 and 1 or 100 lines numbered from 1, nothing else set |
//! | `order-1-realistic`, `order-100-realistic` | the same with every field set: description, total cost, customer with e-mail, status, 7 typed attributes, each line's description, cost and quantity |
//! | `simple-100k` | 100,000 `Simple { name, age, scores: map<string, i32> of 2 }` as a list in one message |
//! | `flat-30` | one message of 30 fields: 18 numbers of every wire encoding and 12 strings |
//! | `values-10`, `values-100`, `values-1000` | one `map<string, value>` of 10, 100 or 1000 entries, the values cycling through string, i32, i64, bool, f32 and f64 |
//! | `blob-64k`, `blob-1m` | one `Blob { name, content: bytes }` whose content is 64 KiB or 1 MiB of pseudo-random bytes |
//!
//! Everything is deterministic, so every run measures the same bytes.

use std::collections::BTreeMap;

use schemac_runtime::{Decimal, Value};

use crate::formats::Dataset;
use crate::schemac_gen::bench::{Attributes, Blob, Flat, Simple, SimpleList};
use crate::schemac_gen::shop::{Customer, Order, OrderLine, Status};

/// How full an Order is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Almost empty: id 0 and numbered lines, nothing else.
    Seed,
    /// Every field set, with text of realistic length.
    Realistic,
}

/// The names of every dataset, in the order the report lists them.
pub const NAMES: &[&str] = &[
    "order-1-seed",
    "order-1-realistic",
    "order-100-seed",
    "order-100-realistic",
    "simple-100k",
    "flat-30",
    "values-10",
    "values-100",
    "values-1000",
    "blob-64k",
    "blob-1m",
];

/// The datasets whose operations take a few microseconds at most. Their
/// ratios against prost move with the memory layout a process gets, by up
/// to 0.2 on Order-1, so a full run measures them in several processes.
pub const SHORT: &[&str] = &[
    "order-1-seed",
    "order-1-realistic",
    "order-100-seed",
    "flat-30",
    "values-10",
];

/// Every dataset, in the order of [`NAMES`].
pub fn all() -> Vec<Dataset> {
    NAMES.iter().filter_map(|name| by_name(name)).collect()
}

/// The dataset called `name`, built alone.
pub fn by_name(name: &str) -> Option<Dataset> {
    let name: &'static str = NAMES.iter().find(|known| **known == name)?;
    Some(match name {
        "order-1-seed" => Dataset::new(
            name,
            "Order, 1 line, seed form: id 0, one line numbered 1, nothing else",
            order(1, Form::Seed),
        ),
        "order-1-realistic" => Dataset::new(
            name,
            "Order, 1 line, every field set",
            order(1, Form::Realistic),
        ),
        "order-100-seed" => Dataset::new(
            name,
            "Order, 100 lines, seed form: id 0, lines numbered 1 to 100, nothing else",
            order(100, Form::Seed),
        ),
        "order-100-realistic" => Dataset::new(
            name,
            "Order, 100 lines, every field set",
            order(100, Form::Realistic),
        ),
        "simple-100k" => Dataset::new(
            name,
            "100,000 Simple { name, age, map<string, i32> of 2 } as a list in one message",
            simple_list(100_000),
        ),
        "flat-30" => Dataset::new(
            name,
            "one message of 30 fields: 18 numbers of every wire encoding, 12 strings",
            flat(),
        ),
        "values-10" => Dataset::new(
            name,
            "map<string, value> of 10 entries cycling string, i32, i64, bool, f32, f64",
            values(10),
        ),
        "values-100" => Dataset::new(
            name,
            "map<string, value> of 100 entries cycling string, i32, i64, bool, f32, f64",
            values(100),
        ),
        "values-1000" => Dataset::new(
            name,
            "map<string, value> of 1000 entries cycling string, i32, i64, bool, f32, f64",
            values(1000),
        ),
        "blob-64k" => Dataset::new(
            name,
            "one Blob { name, content: bytes } with 64 KiB of content",
            blob(64 * 1024),
        ),
        "blob-1m" => Dataset::new(
            name,
            "one Blob { name, content: bytes } with 1 MiB of content",
            blob(1024 * 1024),
        ),
        _ => return None,
    })
}

/// What a shop might sell, for line descriptions.
const PRODUCTS: &[&str] = &[
    "Stainless steel water bottle, 750 ml, brushed finish",
    "Organic cotton T-shirt, navy, size M",
    "Wireless mouse with USB-C receiver",
    "Notebook, A5, dotted, 120 pages",
    "Ceramic coffee mug, 350 ml, dishwasher safe",
    "LED desk lamp with adjustable arm",
    "Pack of 12 HB pencils",
    "Running socks, 3 pairs, size 42-45",
];

/// An Order with `lines` lines, in seed or realistic form.
// `..Default::default()` keeps this compiling when the flagship schema gains
// a field; a test then says which field the realistic form leaves unset.
#[allow(clippy::needless_update)]
pub fn order(lines: usize, form: Form) -> Order {
    let order_lines = (0..lines)
        .map(|i| {
            let line_number = i as i32 + 1;
            match form {
                Form::Seed => OrderLine {
                    line_number,
                    ..OrderLine::default()
                },
                Form::Realistic => OrderLine {
                    line_number,
                    description: PRODUCTS[i % PRODUCTS.len()].to_owned(),
                    cost: Decimal::new(1_999 + (i % 7) as i64 * 250, 2),
                    quantity: (i % 5) as u32 + 1,
                    ..OrderLine::default()
                },
            }
        })
        .collect();
    match form {
        Form::Seed => Order {
            order_lines,
            ..Order::default()
        },
        Form::Realistic => Order {
            id: 2_024_112_300_042,
            description: "Web order, express delivery, gift wrapped".to_owned(),
            total_cost: order_lines.iter().map(|line: &OrderLine| line.cost).sum(),
            order_lines,
            customer: Some(Customer {
                id: 100_245,
                name: "Ada Lovelace".to_owned(),
                email: Some("ada.lovelace@example.com".to_owned()),
                ..Customer::default()
            }),
            status: Status::Paid,
            attributes: BTreeMap::from([
                ("channel".to_owned(), Value::String("web".to_owned())),
                ("gift_wrap".to_owned(), Value::Bool(true)),
                ("items_in_stock".to_owned(), Value::I32(98)),
                ("loyalty_points".to_owned(), Value::I64(12_345)),
                ("weight_kg".to_owned(), Value::F32(4.75)),
                ("discount_rate".to_owned(), Value::F64(0.05)),
                ("voucher".to_owned(), Value::Decimal(Decimal::new(500, 2))),
            ]),
            // Fields the flagship schema gains stay default until set here;
            // a test checks that the realistic form sets every field.
            ..Order::default()
        },
    }
}

/// First names for the Simple records.
const FIRST_NAMES: &[&str] = &[
    "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret", "Niklaus",
];

/// `count` Simple records in one message.
pub fn simple_list(count: usize) -> SimpleList {
    let items = (0..count)
        .map(|i| Simple {
            name: format!("{} {}", FIRST_NAMES[i % FIRST_NAMES.len()], i),
            age: 18 + (i % 70) as i32,
            scores: [
                ("math".to_owned(), (i * 7 % 101) as i32),
                ("physics".to_owned(), (i * 13 % 101) as i32),
            ]
            .into_iter()
            .collect(),
        })
        .collect();
    SimpleList { items }
}

/// A product listing with all of its 30 fields set.
pub fn flat() -> Flat {
    Flat {
        id: 7_301_445_912,
        sku: "BTL-750-SS-BR".to_owned(),
        title: "Stainless steel water bottle, 750 ml".to_owned(),
        brand: "Northwind".to_owned(),
        category: "Kitchen > Drinkware > Bottles".to_owned(),
        price_cents: 2_499,
        currency: "EUR".to_owned(),
        quantity: 1_250,
        weight_grams: 340,
        width_mm: 75,
        height_mm: 265,
        depth_mm: 75,
        rating: 4.6,
        popularity: 0.873_221_5,
        in_stock: true,
        discontinued: true,
        created_at: 1_700_000_000_000,
        updated_at: 1_732_000_000_000,
        warehouse_id: 17,
        supplier_id: 4_400_912,
        tax_rate: 0.19,
        discount: -150,
        balance: -98_765_432,
        checksum: 0xdead_beef,
        offset: -42,
        version: 31,
        color: "brushed steel".to_owned(),
        country: "DE".to_owned(),
        url: "https://shop.example.com/p/btl-750-ss-br".to_owned(),
        note: "Keeps drinks cold for 24 hours and hot for 12.".to_owned(),
    }
}

/// A `map<string, value>` of `count` entries, the values cycling through
/// string, i32, i64, bool, f32 and f64.
pub fn values(count: usize) -> Attributes {
    let entries = (0..count)
        .map(|i| {
            let value = match i % 6 {
                0 => Value::String(format!("value number {i}")),
                1 => Value::I32(i as i32 * 31 - 500),
                2 => Value::I64(i as i64 * 1_000_003),
                3 => Value::Bool(i % 4 == 3),
                4 => Value::F32(i as f32 * 0.25),
                _ => Value::F64(i as f64 / 3.0),
            };
            (format!("attribute-{i:04}"), value)
        })
        .collect();
    Attributes { entries }
}

/// A Blob of `size` bytes of content, pseudo-random (xorshift), so that
/// nothing about them is special.
pub fn blob(size: usize) -> Blob {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let content = (0..size)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 56) as u8
        })
        .collect();
    Blob {
        name: format!("uploads/2024/11/scan-{size}.bin"),
        content,
    }
}
