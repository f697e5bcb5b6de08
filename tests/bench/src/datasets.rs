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
//! | `packed-10k` | four packed lists of 10,000 `i64`, `f64`, `u32`, `sint64`: growing counters, noisy measurements, ids of every size, small deltas with rare jumps |
//! | `strings-2000` | a list of 2,000 strings of 4 to 16 bytes, a fifth of them not ASCII |
//! | `tree-4k` | a complete binary tree of 12 levels, 4,095 nodes, each with an id, a label and a weight |
//! | `wide-41` | one message of 41 fields, three of every number kind and bool, a string and bytes, all set |
//! | `otlp-200` | an OpenTelemetry trace export (OTLP, `ExportTraceServiceRequest`) of 200 spans from one service, in three scopes |
//!
//! Everything is deterministic, so every run measures the same bytes.

use std::collections::BTreeMap;

use schemac_runtime::{Decimal, DynamicValue};

use crate::formats::Dataset;
use crate::prost_repr;
use crate::schemac_gen::bench::{
    Attributes, Blob, Flat, Packed, Simple, SimpleList, Strings, Tree, Wide,
};
use crate::schemac_gen::otlp::{self, ExportTraceServiceRequest};
use crate::schemac_gen::shop::{Customer, Order, OrderLine, Status};
use crate::schemac_lite as lite;
use crate::schemac_repr as repr;

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
    "packed-10k",
    "strings-2000",
    "tree-4k",
    "wide-41",
    "otlp-200",
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
    "wide-41",
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
        )
        .with_representations::<repr::shop::Order, prost_repr::shop::Order>(),
        "simple-100k" => Dataset::new(
            name,
            "100,000 Simple { name, age, map<string, i32> of 2 } as a list in one message",
            simple_list(100_000),
        )
        .with_representations::<repr::bench::SimpleList, prost_repr::bench::SimpleList>()
        .with_lite_maps::<lite::bench::SimpleList>(),
        "flat-30" => Dataset::new(
            name,
            "one message of 30 fields: 18 numbers of every wire encoding, 12 strings",
            flat(),
        ),
        "values-10" => Dataset::new(
            name,
            "map<string, value> of 10 entries cycling string, i32, i64, bool, f32, f64",
            values(10),
        )
        .with_lite_maps::<lite::bench::Attributes>(),
        "values-100" => Dataset::new(
            name,
            "map<string, value> of 100 entries cycling string, i32, i64, bool, f32, f64",
            values(100),
        )
        .with_lite_maps::<lite::bench::Attributes>(),
        "values-1000" => Dataset::new(
            name,
            "map<string, value> of 1000 entries cycling string, i32, i64, bool, f32, f64",
            values(1000),
        )
        .with_lite_maps::<lite::bench::Attributes>(),
        "blob-64k" => Dataset::new(
            name,
            "one Blob { name, content: bytes } with 64 KiB of content",
            blob(64 * 1024),
        )
        .with_representations::<repr::bench::Blob, prost_repr::bench::Blob>(),
        "blob-1m" => Dataset::new(
            name,
            "one Blob { name, content: bytes } with 1 MiB of content",
            blob(1024 * 1024),
        )
        .with_representations::<repr::bench::Blob, prost_repr::bench::Blob>(),
        "packed-10k" => Dataset::new(
            name,
            "four packed lists of 10,000 i64, f64, u32 and sint64 numbers, of realistic spread",
            packed(10_000),
        ),
        "strings-2000" => Dataset::new(
            name,
            "a list of 2,000 strings of 4 to 16 bytes, a fifth of them not ASCII",
            strings(2_000),
        )
        .with_representations::<repr::bench::Strings, prost_repr::bench::Strings>(),
        "tree-4k" => Dataset::new(
            name,
            "a complete binary tree of 12 levels (4,095 nodes): id, label, weight, children",
            tree(12),
        )
        .with_representations::<repr::bench::Tree, prost_repr::bench::Tree>(),
        "wide-41" => Dataset::new(
            name,
            "one message of 41 fields: three of each of the 13 number kinds and bool, a string, bytes",
            wide(),
        ),
        "otlp-200" => Dataset::new(
            name,
            "OpenTelemetry trace export (OTLP ExportTraceServiceRequest): 200 spans of one service in 3 scopes, 4 to 7 attributes each",
            otlp(200),
        )
        .with_representations::<repr::otlp::ExportTraceServiceRequest, prost_repr::otlp::ExportTraceServiceRequest>(),
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
                ("channel".to_owned(), DynamicValue::String("web".to_owned())),
                ("gift_wrap".to_owned(), DynamicValue::Bool(true)),
                ("items_in_stock".to_owned(), DynamicValue::I32(98)),
                ("loyalty_points".to_owned(), DynamicValue::I64(12_345)),
                ("weight_kg".to_owned(), DynamicValue::F32(4.75)),
                ("discount_rate".to_owned(), DynamicValue::F64(0.05)),
                (
                    "voucher".to_owned(),
                    DynamicValue::Decimal(Decimal::new(500, 2)),
                ),
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
            ..Default::default()
        })
        .collect();
    SimpleList {
        items,
        ..Default::default()
    }
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
        ..Default::default()
    }
}

/// A `map<string, value>` of `count` entries, the values cycling through
/// string, i32, i64, bool, f32 and f64.
pub fn values(count: usize) -> Attributes {
    let entries = (0..count)
        .map(|i| {
            let value = match i % 6 {
                0 => DynamicValue::String(format!("value number {i}")),
                1 => DynamicValue::I32(i as i32 * 31 - 500),
                2 => DynamicValue::I64(i as i64 * 1_000_003),
                3 => DynamicValue::Bool(i % 4 == 3),
                4 => DynamicValue::F32(i as f32 * 0.25),
                _ => DynamicValue::F64(i as f64 / 3.0),
            };
            (format!("attribute-{i:04}"), value)
        })
        .collect();
    Attributes {
        entries,
        ..Default::default()
    }
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
        ..Default::default()
    }
}

/// A deterministic stream of pseudo-random numbers (xorshift64), so that
/// every run measures the same bytes.
struct Noise(u64);

impl Noise {
    fn new(seed: u64) -> Self {
        Self(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound`.
    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    /// A number whose size is spread evenly over `bits` (log-uniform), as
    /// ids and counts in real traffic are: many small, some large.
    fn spread(&mut self, bits: u32) -> u64 {
        let width = self.below(u64::from(bits)) as u32 + 1;
        self.next() >> (64 - width)
    }
}

/// Four packed lists of `count` numbers each: counters that grow by
/// uneven steps (3 to 5 bytes a varint), measurements around 21.5 with
/// noise, ids of every size, and small signed deltas with rare jumps.
pub fn packed(count: usize) -> Packed {
    let mut noise = Noise::new(0x5eed_0001);
    let mut counter = 1_000_000i64;
    let counters = (0..count)
        .map(|_| {
            counter += noise.spread(16) as i64;
            counter
        })
        .collect();
    let measurements = (0..count)
        .map(|_| 21.5 + (noise.below(10_000) as f64 - 5_000.0) / 1_000.0)
        .collect();
    let ids = (0..count).map(|_| noise.spread(32) as u32).collect();
    let deltas = (0..count)
        .map(|_| {
            let magnitude = if noise.below(50) == 0 {
                noise.spread(40) as i64
            } else {
                noise.below(200) as i64
            };
            if noise.below(2) == 0 {
                magnitude
            } else {
                -magnitude
            }
        })
        .collect();
    Packed {
        counters,
        measurements,
        ids,
        deltas,
        ..Default::default()
    }
}

/// Words for the string list, a fifth of them not ASCII.
const WORDS: &[&str] = &[
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliett",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "café",
    "Zürich",
    "東京",
    "Ελλάδα",
];

/// `count` short strings (4 to 16 bytes): a word and a number.
pub fn strings(count: usize) -> Strings {
    let items = (0..count)
        .map(|i| format!("{}-{}", WORDS[i % WORDS.len()], i * 37 % 1000))
        .collect();
    Strings {
        items,
        ..Default::default()
    }
}

/// A complete binary tree of `depth` levels (2^depth - 1 nodes), each node
/// with a short label and a weight.
pub fn tree(depth: u32) -> Tree {
    fn node(id: &mut u32, depth: u32) -> Tree {
        let own = *id;
        *id += 1;
        let children = if depth > 1 {
            vec![node(id, depth - 1), node(id, depth - 1)]
        } else {
            Vec::new()
        };
        Tree {
            id: own,
            label: format!("node-{own}"),
            weight: i64::from(own) * 7 - 1_000,
            children,
            ..Default::default()
        }
    }
    node(&mut 0, depth)
}

/// The wide message with every field set, to values of every size.
pub fn wide() -> Wide {
    Wide {
        i32_a: 7,
        i32_b: -1_500,
        i32_c: 2_000_000_000,
        i64_a: 42,
        i64_b: -9_000_000_000,
        i64_c: 1_732_000_000_000,
        u32_a: 3,
        u32_b: 65_000,
        u32_c: 4_000_000_000,
        u64_a: 1,
        u64_b: 123_456_789,
        u64_c: u64::MAX / 3,
        sint32_a: -1,
        sint32_b: 300,
        sint32_c: -2_000_000,
        sint64_a: 5,
        sint64_b: -70_000,
        sint64_c: -9_000_000_000_000,
        fixed32_a: 0xdead_beef,
        fixed32_b: 17,
        fixed32_c: 1_000_000,
        fixed64_a: 1_700_000_000_000_000_000,
        fixed64_b: 99,
        fixed64_c: u64::MAX,
        sfixed32_a: -42,
        sfixed32_b: 1 << 30,
        sfixed32_c: -1,
        sfixed64_a: -1_234_567_890_123,
        sfixed64_b: 77,
        sfixed64_c: i64::MIN + 1,
        f32_a: 0.5,
        f32_b: -3.25,
        f32_c: 1.0e20,
        f64_a: 0.1,
        f64_b: -273.15,
        f64_c: 6.022e23,
        bool_a: true,
        bool_b: true,
        bool_c: true,
        text: "wide message, every scalar kind".to_owned(),
        data: vec![0x00, 0x01, 0xfe, 0xff, 0x10, 0x20, 0x30, 0x40],
        ..Default::default()
    }
}

/// An OTLP trace export as an SDK's batch processor sends it: one service
/// (a checkout service, 8 resource attributes), three instrumentation
/// scopes (HTTP server, database client, HTTP client), `spans` spans
/// spread over them, each with its trace and span ids, times, a kind, 4 to
/// 7 attributes of the semantic conventions, and on one span in ten an
/// error status and an exception event.
pub fn otlp(spans: usize) -> ExportTraceServiceRequest {
    use otlp::any_value::Value as Any;
    use otlp::{
        AnyValue, Event, InstrumentationScope, KeyValue, Resource, ResourceSpans, ScopeSpans, Span,
        SpanKind, Status, StatusCode,
    };
    let attribute = |key: &str, value: Any| KeyValue {
        key: key.to_owned(),
        value: Some(AnyValue {
            value: Some(value),
            ..Default::default()
        }),
        ..Default::default()
    };
    let text = |s: &str| Any::StringValue(s.to_owned());
    let mut noise = Noise::new(0x07e1_e3e7);
    let resource = Resource {
        attributes: vec![
            attribute("service.name", text("checkout")),
            attribute("service.version", text("2.14.1")),
            attribute("service.namespace", text("shop")),
            attribute("deployment.environment", text("production")),
            attribute("host.name", text("checkout-7d9f8b6c5-x2k4p")),
            attribute("process.pid", Any::IntValue(4_211)),
            attribute("telemetry.sdk.name", text("opentelemetry")),
            attribute("telemetry.sdk.language", text("rust")),
        ],
        dropped_attributes_count: 0,
        ..Default::default()
    };
    let scopes = [
        ("opentelemetry-http", SpanKind::Server),
        ("sqlx", SpanKind::Client),
        ("reqwest-tracing", SpanKind::Client),
    ];
    let routes = ["/api/cart", "/api/checkout", "/api/orders/{id}", "/health"];
    let statements = [
        "SELECT id, sku, qty FROM cart_items WHERE cart_id = $1",
        "INSERT INTO orders (customer_id, total) VALUES ($1, $2)",
        "UPDATE stock SET qty = qty - $1 WHERE sku = $2",
    ];
    let start = 1_732_000_000_000_000_000u64;
    let scope_spans = scopes
        .iter()
        .enumerate()
        .map(|(scope_index, (scope_name, kind))| {
            let spans = (0..spans)
                .filter(|i| i % scopes.len() == scope_index)
                .map(|i| {
                    let trace = (noise.next(), noise.next());
                    let mut trace_id = trace.0.to_be_bytes().to_vec();
                    trace_id.extend(trace.1.to_be_bytes());
                    let began = start + i as u64 * 1_300_000 + noise.below(1_000_000);
                    let failed = i % 10 == 7;
                    let mut attributes = match scope_index {
                        0 => vec![
                            attribute("http.request.method", text("POST")),
                            attribute("http.route", text(routes[i % routes.len()])),
                            attribute(
                                "http.response.status_code",
                                Any::IntValue(if failed { 500 } else { 200 }),
                            ),
                            attribute("url.scheme", text("https")),
                            attribute("client.address", text("10.42.7.19")),
                        ],
                        1 => vec![
                            attribute("db.system", text("postgresql")),
                            attribute("db.namespace", text("shop")),
                            attribute("db.query.text", text(statements[i % statements.len()])),
                            attribute("server.address", text("db-primary.internal")),
                        ],
                        _ => vec![
                            attribute("http.request.method", text("GET")),
                            attribute("url.full", text("https://payments.internal/v1/authorize")),
                            attribute("server.port", Any::IntValue(443)),
                            attribute("http.response.status_code", Any::IntValue(200)),
                        ],
                    };
                    if i % 4 == 0 {
                        attributes.push(attribute("sampling.ratio", Any::DoubleValue(0.25)));
                        attributes.push(attribute("cache.hit", Any::BoolValue(i % 8 == 0)));
                    }
                    Span {
                        trace_id,
                        span_id: noise.next().to_be_bytes().to_vec(),
                        trace_state: String::new(),
                        parent_span_id: if scope_index == 0 {
                            Vec::new()
                        } else {
                            noise.next().to_be_bytes().to_vec()
                        },
                        name: match scope_index {
                            0 => format!("POST {}", routes[i % routes.len()]),
                            1 => "SELECT shop".to_owned(),
                            _ => "GET".to_owned(),
                        },
                        kind: *kind,
                        start_time_unix_nano: began,
                        end_time_unix_nano: began + 200_000 + noise.below(5_000_000),
                        attributes,
                        dropped_attributes_count: 0,
                        events: if failed {
                            vec![Event {
                                time_unix_nano: began + 150_000,
                                name: "exception".to_owned(),
                                attributes: vec![
                                    attribute("exception.type", text("PaymentDeclined")),
                                    attribute(
                                        "exception.message",
                                        text("card issuer declined the authorization"),
                                    ),
                                ],
                                dropped_attributes_count: 0,
                                ..Default::default()
                            }]
                        } else {
                            Vec::new()
                        },
                        dropped_events_count: 0,
                        dropped_links_count: 0,
                        status: Some(Status {
                            message: if failed {
                                "payment declined".to_owned()
                            } else {
                                String::new()
                            },
                            code: if failed {
                                StatusCode::Error
                            } else {
                                StatusCode::Unset
                            },
                            ..Default::default()
                        }),
                        ..Default::default()
                    }
                })
                .collect();
            ScopeSpans {
                scope: Some(InstrumentationScope {
                    name: (*scope_name).to_owned(),
                    version: "0.27.0".to_owned(),
                    attributes: Vec::new(),
                    dropped_attributes_count: 0,
                    ..Default::default()
                }),
                spans,
                schema_url: "https://opentelemetry.io/schemas/1.26.0".to_owned(),
                ..Default::default()
            }
        })
        .collect();
    ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource: Some(resource),
            scope_spans,
            schema_url: "https://opentelemetry.io/schemas/1.26.0".to_owned(),
            ..Default::default()
        }],
        ..Default::default()
    }
}
