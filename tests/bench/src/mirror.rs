//! The benchmark model as plain Rust structs with serde derives: what a
//! user of serde_json, bincode or rmp-serde would write for the same data.
//!
//! These, rather than prost's types with serde derives added, are what the
//! serde formats encode: prost's types carry protobuf's encoding choices
//! (enums as bare `i32`, for one) that a serde user would not make, and a
//! serde user writes the model in ordinary Rust types. [`crate::model`]
//! converts schemac's values into these.

use std::collections::BTreeMap;
use std::fmt;

use schemac_runtime::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A customer who places orders.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Customer {
    /// Field `id`.
    pub id: i64,
    /// Field `name`.
    pub name: String,
    /// Field `email`.
    pub email: Option<String>,
}

/// One line of an order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OrderLine {
    /// Field `line_number`.
    pub line_number: i32,
    /// Field `description`.
    pub description: String,
    /// Field `cost`.
    #[serde(with = "decimal_text")]
    pub cost: Decimal,
    /// Field `quantity`.
    pub quantity: u32,
}

/// Where an order is in its life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Placed, not yet paid.
    #[default]
    Pending,
    /// Paid.
    Paid,
    /// Shipped.
    Shipped,
}

/// An order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Field `id`.
    pub id: i64,
    /// Field `description`.
    pub description: String,
    /// Field `total_cost`.
    #[serde(with = "decimal_text")]
    pub total_cost: Decimal,
    /// Field `order_lines`.
    pub order_lines: Vec<OrderLine>,
    /// Field `customer`.
    pub customer: Option<Customer>,
    /// Field `status`.
    pub status: Status,
    /// Field `attributes`.
    pub attributes: BTreeMap<String, Value>,
}

/// A dynamic value that keeps its exact type, as a serde user would write
/// it: an externally tagged enum, so `{"I32": 5}` in JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Value {
    /// No value.
    #[default]
    Null,
    /// A boolean.
    Bool(bool),
    /// A 32-bit signed integer.
    I32(i32),
    /// A 64-bit signed integer.
    I64(i64),
    /// A 32-bit unsigned integer.
    U32(u32),
    /// A 64-bit unsigned integer.
    U64(u64),
    /// A 32-bit float.
    F32(f32),
    /// A 64-bit float.
    F64(f64),
    /// A string.
    String(String),
    /// Raw bytes.
    Bytes(Vec<u8>),
    /// An exact decimal.
    Decimal(#[serde(with = "decimal_text")] Decimal),
    /// A list of values.
    List(Vec<Value>),
    /// A map from strings to values.
    Map(BTreeMap<String, Value>),
}

/// The `map<string, value>` datasets.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Attributes {
    /// Field `entries`.
    pub entries: BTreeMap<String, Value>,
}

/// A named blob of bytes. Without serde_bytes, which the bench does not
/// depend on, serde writes the bytes as a sequence of numbers, as a serde
/// user who adds nothing gets.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Blob {
    /// Field `name`.
    pub name: String,
    /// Field `content`.
    pub content: Vec<u8>,
}

/// A decimal as its text, `"12.34"`, in every serde format: exact, and
/// readable by formats that do not describe themselves (bincode cannot
/// read rust_decimal's default serde form, which needs
/// `deserialize_any`).
mod decimal_text {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        deserializer.deserialize_str(DecimalText)
    }

    struct DecimalText;

    impl serde::de::Visitor<'_> for DecimalText {
        type Value = Decimal;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a decimal number as text")
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Decimal, E> {
            text.parse().map_err(E::custom)
        }
    }
}

/// A small record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Simple {
    /// Field `name`.
    pub name: String,
    /// Field `age`.
    pub age: i32,
    /// Field `scores`.
    pub scores: BTreeMap<String, i32>,
}

/// Many small records.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimpleList {
    /// Field `items`.
    pub items: Vec<Simple>,
}

/// A large flat message.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Flat {
    pub id: i64,
    pub sku: String,
    pub title: String,
    pub brand: String,
    pub category: String,
    pub price_cents: i64,
    pub currency: String,
    pub quantity: u32,
    pub weight_grams: u32,
    pub width_mm: u32,
    pub height_mm: u32,
    pub depth_mm: u32,
    pub rating: f32,
    pub popularity: f64,
    pub in_stock: bool,
    pub discontinued: bool,
    pub created_at: u64,
    pub updated_at: u64,
    pub warehouse_id: i32,
    pub supplier_id: i64,
    pub tax_rate: f64,
    pub discount: i32,
    pub balance: i64,
    pub checksum: u32,
    pub offset: i32,
    pub version: u64,
    pub color: String,
    pub country: String,
    pub url: String,
    pub note: String,
}

/// Four packed numeric lists.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Packed {
    pub counters: Vec<i64>,
    pub measurements: Vec<f64>,
    pub ids: Vec<u32>,
    pub deltas: Vec<i64>,
}

/// A list of short strings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Strings {
    /// Field `items`.
    pub items: Vec<String>,
}

/// A tree node.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Tree {
    pub id: u32,
    pub label: String,
    pub weight: i64,
    pub children: Vec<Tree>,
}

/// The wide message: every scalar kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Wide {
    pub i32_a: i32,
    pub i32_b: i32,
    pub i32_c: i32,
    pub i64_a: i64,
    pub i64_b: i64,
    pub i64_c: i64,
    pub u32_a: u32,
    pub u32_b: u32,
    pub u32_c: u32,
    pub u64_a: u64,
    pub u64_b: u64,
    pub u64_c: u64,
    pub sint32_a: i32,
    pub sint32_b: i32,
    pub sint32_c: i32,
    pub sint64_a: i64,
    pub sint64_b: i64,
    pub sint64_c: i64,
    pub fixed32_a: u32,
    pub fixed32_b: u32,
    pub fixed32_c: u32,
    pub fixed64_a: u64,
    pub fixed64_b: u64,
    pub fixed64_c: u64,
    pub sfixed32_a: i32,
    pub sfixed32_b: i32,
    pub sfixed32_c: i32,
    pub sfixed64_a: i64,
    pub sfixed64_b: i64,
    pub sfixed64_c: i64,
    pub f32_a: f32,
    pub f32_b: f32,
    pub f32_c: f32,
    pub f64_a: f64,
    pub f64_b: f64,
    pub f64_c: f64,
    pub bool_a: bool,
    pub bool_b: bool,
    pub bool_c: bool,
    pub text: String,
    pub data: Vec<u8>,
}

/// The OTLP trace export, as a serde user would model it.
pub mod otlp {
    use serde::{Deserialize, Serialize};

    /// `ExportTraceServiceRequest`.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct ExportTraceServiceRequest {
        pub resource_spans: Vec<ResourceSpans>,
    }

    /// The spans of one resource.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct ResourceSpans {
        pub resource: Option<Resource>,
        pub scope_spans: Vec<ScopeSpans>,
        pub schema_url: String,
    }

    /// A resource.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct Resource {
        pub attributes: Vec<KeyValue>,
        pub dropped_attributes_count: u32,
    }

    /// The spans of one scope.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct ScopeSpans {
        pub scope: Option<InstrumentationScope>,
        pub spans: Vec<Span>,
        pub schema_url: String,
    }

    /// An instrumentation scope.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct InstrumentationScope {
        pub name: String,
        pub version: String,
        pub attributes: Vec<KeyValue>,
        pub dropped_attributes_count: u32,
    }

    /// An attribute.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct KeyValue {
        pub key: String,
        pub value: Option<AnyValue>,
    }

    /// An attribute's value.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub enum AnyValue {
        String(String),
        Bool(bool),
        Int(i64),
        Double(f64),
        Bytes(Vec<u8>),
    }

    /// A span's kind.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub enum SpanKind {
        #[default]
        Unspecified,
        Internal,
        Server,
        Client,
        Producer,
        Consumer,
    }

    /// A status code.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub enum StatusCode {
        #[default]
        Unset,
        Ok,
        Error,
    }

    /// A span's status.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct Status {
        pub message: String,
        pub code: StatusCode,
    }

    /// An event.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct Event {
        pub time_unix_nano: u64,
        pub name: String,
        pub attributes: Vec<KeyValue>,
        pub dropped_attributes_count: u32,
    }

    /// A span.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[allow(missing_docs)]
    pub struct Span {
        pub trace_id: Vec<u8>,
        pub span_id: Vec<u8>,
        pub trace_state: String,
        pub parent_span_id: Vec<u8>,
        pub name: String,
        pub kind: SpanKind,
        pub start_time_unix_nano: u64,
        pub end_time_unix_nano: u64,
        pub attributes: Vec<KeyValue>,
        pub dropped_attributes_count: u32,
        pub events: Vec<Event>,
        pub dropped_events_count: u32,
        pub dropped_links_count: u32,
        pub status: Option<Status>,
    }
}
