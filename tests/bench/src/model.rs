//! Each schemac type of the benchmarks, with its prost and serde
//! counterparts and the conversions into them.
//!
//! The conversions are written field by field, so a dataset is the same
//! logical data in every format; a test checks that schemac's and prost's
//! bytes are identical, which they could not be if a conversion dropped a
//! field.

// `..Default::default()` keeps the conversions compiling when a schema
// gains a field; the byte comparison with prost then fails until the
// conversion copies it.
#![allow(clippy::needless_update)]

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use schemac_runtime::{Decimal, Value};

use crate::mirror;
use crate::prost_gen;
use crate::prost_gen::schemac as pb;
use crate::schemac_gen::{bench, shop};

/// A schemac message that a dataset is made of, and its counterparts.
pub trait Model: schemac_runtime::view::HasView + Clone + PartialEq + Debug + 'static {
    /// prost's type for the same schema message.
    type Prost: prost::Message + Default + Clone + PartialEq + Debug + 'static;
    /// The plain serde struct for it.
    type Mirror: Serialize + DeserializeOwned + Clone + PartialEq + Debug + 'static;

    /// The same value as prost's type.
    fn to_prost(&self) -> Self::Prost;

    /// The same value as the plain serde struct.
    fn to_mirror(&self) -> Self::Mirror;
}

/// `Target { field: value.field, ... }` for fields of the same name and
/// type on both sides.
macro_rules! same_fields {
    ($value:expr => $($target:ident)::+ { $($field:ident),* $(,)? }) => {
        $($target)::+ { $($field: Clone::clone(&$value.$field)),*, ..Default::default() }
    };
}

impl Model for shop::Order {
    type Prost = prost_gen::shop::Order;
    type Mirror = mirror::Order;

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
    type Prost = prost_gen::bench::SimpleList;
    type Mirror = mirror::SimpleList;

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
    type Prost = prost_gen::bench::Flat;
    type Mirror = mirror::Flat;

    fn to_prost(&self) -> Self::Prost {
        flat_fields!(self => prost_gen::bench::Flat)
    }

    fn to_mirror(&self) -> Self::Mirror {
        flat_fields!(self => mirror::Flat)
    }
}

impl Model for bench::Attributes {
    type Prost = prost_gen::bench::Attributes;
    type Mirror = mirror::Attributes;

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
    type Prost = prost_gen::bench::Blob;
    type Mirror = mirror::Blob;

    fn to_prost(&self) -> Self::Prost {
        same_fields!(self => prost_gen::bench::Blob { name, content })
    }

    fn to_mirror(&self) -> Self::Mirror {
        same_fields!(self => mirror::Blob { name, content })
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

fn map_to_prost(map: &BTreeMap<String, Value>) -> BTreeMap<String, pb::Value> {
    map.iter()
        .map(|(key, value)| (key.clone(), value_to_prost(value)))
        .collect()
}

/// A value as `schemac.Value`. `Null` becomes the null member, as schemac
/// writes it in a list; the datasets hold no nulls in maps, where schemac
/// leaves them out.
fn value_to_prost(value: &Value) -> pb::Value {
    use pb::value::Kind;
    let kind = match value {
        Value::Null => Kind::NullValue(0),
        Value::Bool(v) => Kind::BoolValue(*v),
        Value::I32(v) => Kind::I32Value(*v),
        Value::I64(v) => Kind::I64Value(*v),
        Value::U32(v) => Kind::U32Value(*v),
        Value::U64(v) => Kind::U64Value(*v),
        Value::F32(v) => Kind::F32Value(*v),
        Value::F64(v) => Kind::F64Value(*v),
        Value::String(v) => Kind::StringValue(v.clone()),
        Value::Bytes(v) => Kind::BytesValue(v.clone()),
        Value::Decimal(v) => Kind::DecimalValue(decimal_to_prost(v)),
        Value::List(values) => Kind::ListValue(pb::ValueList {
            values: values.iter().map(value_to_prost).collect(),
        }),
        Value::Map(entries) => Kind::MapValue(pb::ValueMap {
            entries: map_to_prost(entries),
        }),
    };
    pb::Value { kind: Some(kind) }
}

fn map_to_mirror(map: &BTreeMap<String, Value>) -> BTreeMap<String, mirror::Value> {
    map.iter()
        .map(|(key, value)| (key.clone(), value_to_mirror(value)))
        .collect()
}

fn value_to_mirror(value: &Value) -> mirror::Value {
    match value {
        Value::Null => mirror::Value::Null,
        Value::Bool(v) => mirror::Value::Bool(*v),
        Value::I32(v) => mirror::Value::I32(*v),
        Value::I64(v) => mirror::Value::I64(*v),
        Value::U32(v) => mirror::Value::U32(*v),
        Value::U64(v) => mirror::Value::U64(*v),
        Value::F32(v) => mirror::Value::F32(*v),
        Value::F64(v) => mirror::Value::F64(*v),
        Value::String(v) => mirror::Value::String(v.clone()),
        Value::Bytes(v) => mirror::Value::Bytes(v.clone()),
        Value::Decimal(v) => mirror::Value::Decimal(*v),
        Value::List(values) => mirror::Value::List(values.iter().map(value_to_mirror).collect()),
        Value::Map(entries) => mirror::Value::Map(map_to_mirror(entries)),
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
