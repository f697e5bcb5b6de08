//! Each schemac type of the benchmarks, with its prost and serde
//! counterparts and the conversions into them.
//!
//! The conversions into prost's types and the serde structs are written
//! field by field for the Order, Simple, Flat, value and Blob datasets, so
//! a dataset is the same logical data in every format; a test checks that
//! schemac's and prost's bytes are identical, which they could not be if a
//! conversion dropped a field. The later datasets (packed lists, strings,
//! tree, wide, OTLP) and every buffa value are read from schemac's bytes
//! by the peer itself ([`from_schemac_bytes`]); the serde structs are
//! still converted field by field.

// `..Default::default()` keeps the conversions compiling when a schema
// gains a field; the byte comparison with prost then fails until the
// conversion copies it.
#![allow(clippy::needless_update)]

use std::collections::BTreeMap;
use std::fmt::Debug;

use buffa::Message as _;
use buffa::view::HasMessageView;
use serde::Serialize;
use serde::de::DeserializeOwned;

use schemac_runtime::{Decimal, DynamicValue};

use crate::buffa_gen;
use crate::mirror;
use crate::prost_gen;
use crate::prost_gen::schemac as pb;
use crate::schemac_gen::{bench, otlp, shop};
use crate::schemac_in_place;

/// A schemac message that a dataset is made of, and its counterparts.
pub trait Model: schemac_runtime::view::HasView + Clone + PartialEq + Debug + 'static {
    /// prost's type for the same schema message.
    type Prost: prost::Message + Default + Clone + PartialEq + Debug + 'static;
    /// buffa's type for the same schema message.
    type Buffa: buffa::Message + HasMessageView + Clone + Debug + 'static;
    /// The plain serde struct for it.
    type Mirror: Serialize + DeserializeOwned + Clone + PartialEq + Debug + 'static;
    /// schemac's type for it generated to be read in place
    /// (`decode_in_place`).
    type InPlace: schemac_runtime::Message + PartialEq + Debug + 'static;

    /// The same value as prost's type.
    fn to_prost(&self) -> Self::Prost;

    /// The same value as the plain serde struct.
    fn to_mirror(&self) -> Self::Mirror;

    /// The same value as buffa's type, read by buffa from schemac's bytes.
    fn to_buffa(&self) -> Self::Buffa {
        let bytes = schemac_runtime::Message::try_encode_to_vec(self).expect("schemac encodes");
        Self::Buffa::decode_from_slice(&bytes).expect("buffa reads schemac's bytes")
    }
}

/// The same value as prost's type `P`, read by prost from schemac's bytes.
pub fn from_schemac_bytes<T: schemac_runtime::Message, P: prost::Message + Default>(
    value: &T,
) -> P {
    let bytes = value.try_encode_to_vec().expect("schemac encodes");
    P::decode(bytes.as_slice()).expect("prost reads schemac's bytes")
}

/// `Target { field: value.field, ... }` for fields of the same name and
/// type on both sides.
macro_rules! same_fields {
    ($value:expr => $($target:ident)::+ { $($field:ident),* $(,)? }) => {
        $($target)::+ { $($field: Clone::clone(&$value.$field)),*, ..Default::default() }
    };
}

impl Model for shop::Order {
    type Buffa = buffa_gen::shop::Order;
    type Prost = prost_gen::shop::Order;
    type Mirror = mirror::Order;
    type InPlace = schemac_in_place::shop::Order;

    fn to_prost(&self) -> Self::Prost {
        prost_gen::shop::Order {
            id: self.id,
            description: self.description.clone(),
            total_cost: decimal_field_to_prost(&self.total_cost),
            order_lines: self.order_lines.iter().map(line_to_prost).collect(),
            customer: self.customer.as_ref().map(customer_to_prost),
            status: self.status.number(),
            attributes: map_to_prost(&self.attributes),
            ..Default::default()
        }
    }

    fn to_mirror(&self) -> Self::Mirror {
        mirror::Order {
            id: self.id,
            description: self.description.clone(),
            total_cost: self.total_cost,
            order_lines: self.order_lines.iter().map(line_to_mirror).collect(),
            customer: self.customer.as_ref().map(customer_to_mirror),
            status: status_to_mirror(self.status),
            attributes: map_to_mirror(&self.attributes),
            ..Default::default()
        }
    }
}

fn line_to_prost(line: &shop::OrderLine) -> prost_gen::shop::OrderLine {
    prost_gen::shop::OrderLine {
        cost: decimal_field_to_prost(&line.cost),
        ..same_fields!(line => prost_gen::shop::OrderLine { line_number, description, quantity })
    }
}

fn line_to_mirror(line: &shop::OrderLine) -> mirror::OrderLine {
    same_fields!(line => mirror::OrderLine { line_number, description, cost, quantity })
}

fn customer_to_prost(customer: &shop::Customer) -> prost_gen::shop::Customer {
    same_fields!(customer => prost_gen::shop::Customer { id, name, email })
}

fn customer_to_mirror(customer: &shop::Customer) -> mirror::Customer {
    same_fields!(customer => mirror::Customer { id, name, email })
}

fn status_to_mirror(status: shop::Status) -> mirror::Status {
    match status {
        shop::Status::Pending => mirror::Status::Pending,
        shop::Status::Paid => mirror::Status::Paid,
        shop::Status::Shipped => mirror::Status::Shipped,
        shop::Status::Unrecognized(number) => {
            panic!("the datasets use named statuses only, not {number}")
        }
    }
}

impl Model for bench::SimpleList {
    type Buffa = buffa_gen::bench::SimpleList;
    type Prost = prost_gen::bench::SimpleList;
    type Mirror = mirror::SimpleList;
    type InPlace = schemac_in_place::bench::SimpleList;

    fn to_prost(&self) -> Self::Prost {
        let items = self.items.iter();
        prost_gen::bench::SimpleList {
            items: items
                .map(|item| same_fields!(item => prost_gen::bench::Simple { name, age, scores }))
                .collect(),
        }
    }

    fn to_mirror(&self) -> Self::Mirror {
        let items = self.items.iter();
        mirror::SimpleList {
            items: items
                .map(|item| same_fields!(item => mirror::Simple { name, age, scores }))
                .collect(),
        }
    }
}

/// `Target { ... }` with all 30 fields of Flat copied from `$value`.
macro_rules! flat_fields {
    ($value:expr => $($target:ident)::+) => {
        same_fields!($value => $($target)::+ {
            id, sku, title, brand, category, price_cents, currency, quantity,
            weight_grams, width_mm, height_mm, depth_mm, rating, popularity,
            in_stock, discontinued, created_at, updated_at, warehouse_id,
            supplier_id, tax_rate, discount, balance, checksum, offset, version,
            color, country, url, note,
        })
    };
}

impl Model for bench::Flat {
    type Buffa = buffa_gen::bench::Flat;
    type Prost = prost_gen::bench::Flat;
    type Mirror = mirror::Flat;
    type InPlace = schemac_in_place::bench::Flat;

    fn to_prost(&self) -> Self::Prost {
        flat_fields!(self => prost_gen::bench::Flat)
    }

    fn to_mirror(&self) -> Self::Mirror {
        flat_fields!(self => mirror::Flat)
    }
}

impl Model for bench::Attributes {
    type Buffa = buffa_gen::bench::Attributes;
    type Prost = prost_gen::bench::Attributes;
    type Mirror = mirror::Attributes;
    type InPlace = schemac_in_place::bench::Attributes;

    fn to_prost(&self) -> Self::Prost {
        prost_gen::bench::Attributes {
            entries: map_to_prost(&self.entries),
        }
    }

    fn to_mirror(&self) -> Self::Mirror {
        mirror::Attributes {
            entries: map_to_mirror(&self.entries),
        }
    }
}

impl Model for bench::Blob {
    type Buffa = buffa_gen::bench::Blob;
    type Prost = prost_gen::bench::Blob;
    type Mirror = mirror::Blob;
    type InPlace = schemac_in_place::bench::Blob;

    fn to_prost(&self) -> Self::Prost {
        same_fields!(self => prost_gen::bench::Blob { name, content })
    }

    fn to_mirror(&self) -> Self::Mirror {
        same_fields!(self => mirror::Blob { name, content })
    }
}

impl Model for bench::Packed {
    type Prost = prost_gen::bench::Packed;
    type Buffa = buffa_gen::bench::Packed;
    type Mirror = mirror::Packed;
    type InPlace = schemac_in_place::bench::Packed;

    fn to_prost(&self) -> Self::Prost {
        from_schemac_bytes(self)
    }

    fn to_mirror(&self) -> Self::Mirror {
        same_fields!(self => mirror::Packed { counters, measurements, ids, deltas })
    }
}

impl Model for bench::Strings {
    type Prost = prost_gen::bench::Strings;
    type Buffa = buffa_gen::bench::Strings;
    type Mirror = mirror::Strings;
    type InPlace = schemac_in_place::bench::Strings;

    fn to_prost(&self) -> Self::Prost {
        from_schemac_bytes(self)
    }

    fn to_mirror(&self) -> Self::Mirror {
        same_fields!(self => mirror::Strings { items })
    }
}

impl Model for bench::Tree {
    type Prost = prost_gen::bench::Tree;
    type Buffa = buffa_gen::bench::Tree;
    type Mirror = mirror::Tree;
    type InPlace = schemac_in_place::bench::Tree;

    fn to_prost(&self) -> Self::Prost {
        from_schemac_bytes(self)
    }

    fn to_mirror(&self) -> Self::Mirror {
        mirror::Tree {
            children: self.children.iter().map(Model::to_mirror).collect(),
            ..same_fields!(self => mirror::Tree { id, label, weight })
        }
    }
}

impl Model for bench::Wide {
    type Prost = prost_gen::bench::Wide;
    type Buffa = buffa_gen::bench::Wide;
    type Mirror = mirror::Wide;
    type InPlace = schemac_in_place::bench::Wide;

    fn to_prost(&self) -> Self::Prost {
        from_schemac_bytes(self)
    }

    fn to_mirror(&self) -> Self::Mirror {
        same_fields!(self => mirror::Wide {
            i32_a, i32_b, i32_c, i64_a, i64_b, i64_c, u32_a, u32_b, u32_c,
            u64_a, u64_b, u64_c, sint32_a, sint32_b, sint32_c, sint64_a,
            sint64_b, sint64_c, fixed32_a, fixed32_b, fixed32_c, fixed64_a,
            fixed64_b, fixed64_c, sfixed32_a, sfixed32_b, sfixed32_c,
            sfixed64_a, sfixed64_b, sfixed64_c, f32_a, f32_b, f32_c, f64_a,
            f64_b, f64_c, bool_a, bool_b, bool_c, text, data,
        })
    }
}

impl Model for otlp::ExportTraceServiceRequest {
    type Prost = prost_gen::otlp::ExportTraceServiceRequest;
    type Buffa = buffa_gen::otlp::ExportTraceServiceRequest;
    type Mirror = mirror::otlp::ExportTraceServiceRequest;
    type InPlace = schemac_in_place::otlp::ExportTraceServiceRequest;

    fn to_prost(&self) -> Self::Prost {
        from_schemac_bytes(self)
    }

    fn to_mirror(&self) -> Self::Mirror {
        otlp_mirror::request(self)
    }
}

/// The OTLP export as the serde structs, field by field.
mod otlp_mirror {
    use super::otlp;
    use crate::mirror::otlp as m;

    pub fn request(value: &otlp::ExportTraceServiceRequest) -> m::ExportTraceServiceRequest {
        m::ExportTraceServiceRequest {
            resource_spans: value.resource_spans.iter().map(resource_spans).collect(),
        }
    }

    fn resource_spans(value: &otlp::ResourceSpans) -> m::ResourceSpans {
        m::ResourceSpans {
            resource: value.resource.as_ref().map(|r| m::Resource {
                attributes: attributes(&r.attributes),
                dropped_attributes_count: r.dropped_attributes_count,
            }),
            scope_spans: value.scope_spans.iter().map(scope_spans).collect(),
            schema_url: value.schema_url.clone(),
        }
    }

    fn scope_spans(value: &otlp::ScopeSpans) -> m::ScopeSpans {
        m::ScopeSpans {
            scope: value.scope.as_ref().map(|s| m::InstrumentationScope {
                name: s.name.clone(),
                version: s.version.clone(),
                attributes: attributes(&s.attributes),
                dropped_attributes_count: s.dropped_attributes_count,
            }),
            spans: value.spans.iter().map(span).collect(),
            schema_url: value.schema_url.clone(),
        }
    }

    fn attributes(values: &[otlp::KeyValue]) -> Vec<m::KeyValue> {
        use otlp::any_value::Value as Any;
        values
            .iter()
            .map(|kv| m::KeyValue {
                key: kv.key.clone(),
                value: kv
                    .value
                    .as_ref()
                    .and_then(|v| v.value.as_ref())
                    .map(|v| match v {
                        Any::StringValue(s) => m::AnyValue::String(s.clone()),
                        Any::BoolValue(b) => m::AnyValue::Bool(*b),
                        Any::IntValue(i) => m::AnyValue::Int(*i),
                        Any::DoubleValue(d) => m::AnyValue::Double(*d),
                        Any::BytesValue(b) => m::AnyValue::Bytes(b.clone()),
                    }),
            })
            .collect()
    }

    fn span(value: &otlp::Span) -> m::Span {
        use otlp::{SpanKind, StatusCode};
        m::Span {
            trace_id: value.trace_id.clone(),
            span_id: value.span_id.clone(),
            trace_state: value.trace_state.clone(),
            parent_span_id: value.parent_span_id.clone(),
            name: value.name.clone(),
            kind: match value.kind {
                SpanKind::Internal => m::SpanKind::Internal,
                SpanKind::Server => m::SpanKind::Server,
                SpanKind::Client => m::SpanKind::Client,
                SpanKind::Producer => m::SpanKind::Producer,
                SpanKind::Consumer => m::SpanKind::Consumer,
                _ => m::SpanKind::Unspecified,
            },
            start_time_unix_nano: value.start_time_unix_nano,
            end_time_unix_nano: value.end_time_unix_nano,
            attributes: attributes(&value.attributes),
            dropped_attributes_count: value.dropped_attributes_count,
            events: value
                .events
                .iter()
                .map(|e| m::Event {
                    time_unix_nano: e.time_unix_nano,
                    name: e.name.clone(),
                    attributes: attributes(&e.attributes),
                    dropped_attributes_count: e.dropped_attributes_count,
                })
                .collect(),
            dropped_events_count: value.dropped_events_count,
            dropped_links_count: value.dropped_links_count,
            status: value.status.as_ref().map(|s| m::Status {
                message: s.message.clone(),
                code: match s.code {
                    StatusCode::Ok => m::StatusCode::Ok,
                    StatusCode::Error => m::StatusCode::Error,
                    _ => m::StatusCode::Unset,
                },
            }),
        }
    }
}

/// A `decimal` field with implicit presence in prost's types, where it is
/// a message field: absent exactly when schemac leaves it out, at 0 with
/// scale 0.
fn decimal_field_to_prost(value: &Decimal) -> Option<pb::Decimal> {
    (value.mantissa() != 0 || value.scale() != 0).then(|| decimal_to_prost(value))
}

/// A decimal as `schemac.Decimal`: the unscaled digits in minimal
/// big-endian two's complement, and the scale.
fn decimal_to_prost(value: &Decimal) -> pb::Decimal {
    pb::Decimal {
        unscaled: minimal_twos_complement(value.mantissa()),
        scale: value.scale() as i32,
    }
}

/// Java's `BigInteger.toByteArray()` of `n`: big-endian, with no leading
/// byte that only repeats the sign of the next.
fn minimal_twos_complement(n: i128) -> Vec<u8> {
    let bytes = n.to_be_bytes();
    let redundant = bytes
        .windows(2)
        .take_while(|pair| {
            (pair[0] == 0x00 && pair[1] & 0x80 == 0) || (pair[0] == 0xff && pair[1] & 0x80 != 0)
        })
        .count();
    bytes[redundant..].to_vec()
}

fn map_to_prost(map: &BTreeMap<String, DynamicValue>) -> BTreeMap<String, pb::Value> {
    map.iter()
        .map(|(key, value)| (key.clone(), value_to_prost(value)))
        .collect()
}

/// A value as `schemac.Value`. `Null` becomes the null member, as schemac
/// writes it in a list; the datasets hold no nulls in maps, where schemac
/// leaves them out.
fn value_to_prost(value: &DynamicValue) -> pb::Value {
    use pb::value::Kind;
    let kind = match value {
        DynamicValue::Null => Kind::NullValue(0),
        DynamicValue::Bool(v) => Kind::BoolValue(*v),
        DynamicValue::I32(v) => Kind::I32Value(*v),
        DynamicValue::I64(v) => Kind::I64Value(*v),
        DynamicValue::U32(v) => Kind::U32Value(*v),
        DynamicValue::U64(v) => Kind::U64Value(*v),
        DynamicValue::F32(v) => Kind::F32Value(*v),
        DynamicValue::F64(v) => Kind::F64Value(*v),
        DynamicValue::String(v) => Kind::StringValue(v.clone()),
        DynamicValue::Bytes(v) => Kind::BytesValue(v.clone()),
        DynamicValue::Decimal(v) => Kind::DecimalValue(decimal_to_prost(v)),
        DynamicValue::List(values) => Kind::ListValue(pb::ValueList {
            values: values.iter().map(value_to_prost).collect(),
        }),
        DynamicValue::Map(entries) => Kind::MapValue(pb::ValueMap {
            entries: map_to_prost(entries),
        }),
    };
    pb::Value { kind: Some(kind) }
}

fn map_to_mirror(map: &BTreeMap<String, DynamicValue>) -> BTreeMap<String, mirror::Value> {
    map.iter()
        .map(|(key, value)| (key.clone(), value_to_mirror(value)))
        .collect()
}

fn value_to_mirror(value: &DynamicValue) -> mirror::Value {
    match value {
        DynamicValue::Null => mirror::Value::Null,
        DynamicValue::Bool(v) => mirror::Value::Bool(*v),
        DynamicValue::I32(v) => mirror::Value::I32(*v),
        DynamicValue::I64(v) => mirror::Value::I64(*v),
        DynamicValue::U32(v) => mirror::Value::U32(*v),
        DynamicValue::U64(v) => mirror::Value::U64(*v),
        DynamicValue::F32(v) => mirror::Value::F32(*v),
        DynamicValue::F64(v) => mirror::Value::F64(*v),
        DynamicValue::String(v) => mirror::Value::String(v.clone()),
        DynamicValue::Bytes(v) => mirror::Value::Bytes(v.clone()),
        DynamicValue::Decimal(v) => mirror::Value::Decimal(*v),
        DynamicValue::List(values) => {
            mirror::Value::List(values.iter().map(value_to_mirror).collect())
        }
        DynamicValue::Map(entries) => mirror::Value::Map(map_to_mirror(entries)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unscaled_digits_are_minimal_twos_complement_as_in_java() {
        assert_eq!(minimal_twos_complement(0), [0x00]);
        assert_eq!(minimal_twos_complement(1234), [0x04, 0xd2]);
        assert_eq!(minimal_twos_complement(127), [0x7f]);
        assert_eq!(minimal_twos_complement(128), [0x00, 0x80]);
        assert_eq!(minimal_twos_complement(-1), [0xff]);
        assert_eq!(minimal_twos_complement(-128), [0x80]);
        assert_eq!(minimal_twos_complement(-129), [0xff, 0x7f]);
    }
}
