//! Random values of a schema's messages, built on the Rust side, as the
//! JSON that `schemac encode` and the generated serde impls read: edge
//! values of every scalar (-0.0, NaN, the extremes), unicode, empty and
//! full lists and maps, enum numbers the schema does not name, decimals
//! with every scale, values of every kind, messages nested to depth 4.
//!
//! Each scalar is made as its Rust value and written with the runtime's
//! own JSON codec, so the JSON is what a schemac user would write.

use std::collections::BTreeMap;

use schemac::model::{FieldType, MessageId, Scalar, Schema, ValueType, WellKnown};
use schemac_runtime::__private::codec;
use schemac_runtime::json::{JsonCodec, Ser};
use schemac_runtime::{Decimal, DynamicValue, wkt};
use serde_json::{Map, Value as Json};

use schemac_tests::rng::Rng;

const MAX_DEPTH: u32 = 4;

const STRINGS: [&str; 7] = ["", "a", "héllo", "日本語", "🦀", "\0", "\"quoted\"\n"];

pub struct RandomJson<'a> {
    pub schema: &'a Schema,
    pub rng: Rng,
}

impl RandomJson<'_> {
    /// A random message of type `id`; past [`MAX_DEPTH`], with its
    /// `required` fields alone, as Google's side fills them.
    pub fn message(&mut self, id: MessageId, depth: u32) -> Json {
        let message = self.schema.message(id);
        let mut object = Map::new();
        let shallow = depth <= MAX_DEPTH;
        let chosen: Vec<Option<usize>> = (0..message.oneofs.len())
            .map(|oneof| {
                let members: Vec<usize> = (0..message.fields.len())
                    .filter(|&index| message.fields[index].oneof == Some(oneof))
                    .collect();
                match !shallow || self.rng.chance(0.3) || members.is_empty() {
                    true => None,
                    false => Some(*self.rng.pick(&members)),
                }
            })
            .collect();
        for (index, field) in message.fields.iter().enumerate() {
            let wanted = match field.oneof {
                Some(oneof) => chosen[oneof] == Some(index),
                None => {
                    matches!(field.ty, FieldType::Required(_)) || shallow && self.rng.chance(0.7)
                }
            };
            if !wanted {
                continue;
            }
            let json = match field.ty {
                FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty) => {
                    self.value(ty, depth)
                }
                FieldType::List(ty) => {
                    let count = *self.rng.pick(&[0, 1, 2, 5]);
                    Json::Array((0..count).map(|_| self.value(ty, depth)).collect())
                }
                FieldType::Map(key, ty) => {
                    let mut entries = Map::new();
                    for _ in 0..*self.rng.pick(&[0, 1, 2, 4]) {
                        let key = self.key(key);
                        entries.insert(key, self.value(ty, depth));
                    }
                    Json::Object(entries)
                }
            };
            object.insert(field.name.clone(), json);
        }
        Json::Object(object)
    }

    fn value(&mut self, ty: ValueType, depth: u32) -> Json {
        match ty {
            ValueType::Scalar(scalar) => self.scalar(scalar, depth),
            ValueType::Enum(id) => {
                let enumeration = self.schema.enumeration(id);
                let values = &enumeration.values;
                // A closed (proto2) enum holds only the numbers it names.
                if (self.rng.chance(0.2) && !enumeration.closed) || values.is_empty() {
                    // An open enum holds numbers the schema does not name.
                    return Json::from(self.rng.range(i32::MIN.into(), i32::MAX.into()));
                }
                Json::String(self.rng.pick(values).name.clone())
            }
            ValueType::Message(id) => self.message(id, depth + 1),
            ValueType::WellKnown(known) => well_known(&mut self.rng, known, depth),
            // Transcode refuses graph mode's references; the differential
            // corpus has none.
            ValueType::Ref(..) => Json::Null,
        }
    }

    fn scalar(&mut self, scalar: Scalar, depth: u32) -> Json {
        let rng = &mut self.rng;
        match scalar {
            Scalar::I32 => json::<codec::Int32>(&i32s(rng)),
            Scalar::I64 => json::<codec::Int64>(&i64s(rng)),
            Scalar::U32 => json::<codec::Uint32>(&(u64s(rng) as u32)),
            Scalar::U64 => json::<codec::Uint64>(&u64s(rng)),
            Scalar::Sint32 => json::<codec::Sint32>(&i32s(rng)),
            Scalar::Sint64 => json::<codec::Sint64>(&i64s(rng)),
            Scalar::Fixed32 => json::<codec::Fixed32>(&(u64s(rng) as u32)),
            Scalar::Fixed64 => json::<codec::Fixed64>(&u64s(rng)),
            Scalar::Sfixed32 => json::<codec::Sfixed32>(&i32s(rng)),
            Scalar::Sfixed64 => json::<codec::Sfixed64>(&i64s(rng)),
            Scalar::F32 => json::<codec::Float>(&f32s(rng)),
            Scalar::F64 => json::<codec::Double>(&f64s(rng)),
            Scalar::Bool => Json::Bool(rng.chance(0.5)),
            Scalar::String => Json::String(string(rng)),
            Scalar::Bytes => json::<codec::Bytes>(&bytes(rng)),
            Scalar::Decimal => json::<codec::Decimal>(&decimal(rng)),
            Scalar::Value => json::<codec::Value>(&value(rng, depth)),
        }
    }

    /// A map key of type `key`, as JSON object keys are written.
    fn key(&mut self, key: Scalar) -> String {
        match self.scalar(key, 0) {
            Json::String(text) => text,
            other => other.to_string(),
        }
    }
}

/// A random value of a well-known type, in its ProtoJSON form.
fn well_known(rng: &mut Rng, known: WellKnown, depth: u32) -> Json {
    let seconds = |rng: &mut Rng, max: i64| rng.range(-max, max);
    let nanos = |rng: &mut Rng| *rng.pick(&[0i32, 1, 500_000_000, 999_999_999]);
    match known {
        WellKnown::Timestamp => {
            // 0001-01-01 to 9999-12-31, the range JSON can write.
            let seconds = rng.range(-62_135_596_800, 253_402_300_799);
            json::<codec::Timestamp>(&wkt::Timestamp {
                seconds,
                nanos: nanos(rng),
            })
        }
        WellKnown::Duration => {
            let seconds = seconds(rng, 315_576_000_000);
            let nanos = nanos(rng);
            json::<codec::Duration>(&wkt::Duration {
                seconds,
                nanos: if seconds < 0 { -nanos } else { nanos },
            })
        }
        WellKnown::Empty => Json::Object(Map::new()),
        WellKnown::FieldMask => {
            let paths = ["a", "foo_bar", "a.b_c"];
            let count = rng.below(4);
            json::<codec::FieldMask>(&wkt::FieldMask {
                paths: (0..count).map(|_| (*rng.pick(&paths)).to_owned()).collect(),
            })
        }
        WellKnown::Struct => json::<codec::Struct>(&random_struct(rng, depth)),
        WellKnown::Value => json::<codec::StructValue>(&struct_value(rng, depth)),
        WellKnown::ListValue => json::<codec::ListValue>(&wkt::ListValue {
            values: (0..rng.below(3))
                .map(|_| struct_value(rng, depth + 1))
                .collect(),
        }),
        WellKnown::NullValue => Json::Null,
        // Any's JSON names a type; a well-known one needs no registry.
        WellKnown::Any => serde_json::json!({
            "@type": "type.googleapis.com/google.protobuf.Duration",
            "value": well_known(rng, WellKnown::Duration, depth),
        }),
        WellKnown::DoubleValue => json::<codec::Double>(&f64s(rng)),
        WellKnown::FloatValue => json::<codec::Float>(&f32s(rng)),
        WellKnown::Int64Value => json::<codec::Int64>(&i64s(rng)),
        WellKnown::UInt64Value => json::<codec::Uint64>(&u64s(rng)),
        WellKnown::Int32Value => json::<codec::Int32>(&i32s(rng)),
        WellKnown::UInt32Value => json::<codec::Uint32>(&(u64s(rng) as u32)),
        WellKnown::BoolValue => Json::Bool(rng.chance(0.5)),
        WellKnown::StringValue => Json::String(string(rng)),
        WellKnown::BytesValue => json::<codec::Bytes>(&bytes(rng)),
    }
}

fn random_struct(rng: &mut Rng, depth: u32) -> wkt::Struct {
    wkt::Struct {
        fields: (0..rng.below(3))
            .map(|_| (string(rng), struct_value(rng, depth + 1)))
            .collect(),
    }
}

/// A `google.protobuf.Value`: finite numbers only, as JSON has no others.
fn struct_value(rng: &mut Rng, depth: u32) -> wkt::Value {
    let kinds = if depth < MAX_DEPTH { 6 } else { 4 };
    match rng.below(kinds) {
        0 => wkt::Value::Null,
        1 => wkt::Value::Bool(rng.chance(0.5)),
        2 => wkt::Value::Number(*rng.pick(&[0.0, -1.5, 1e300, 12345.0])),
        3 => wkt::Value::String(string(rng)),
        4 => wkt::Value::Struct(random_struct(rng, depth)),
        _ => wkt::Value::List(wkt::ListValue {
            values: (0..rng.below(3))
                .map(|_| struct_value(rng, depth + 1))
                .collect(),
        }),
    }
}

fn json<C: JsonCodec>(value: &C::Value) -> Json {
    serde_json::to_value(Ser::<C>(value)).expect("every value of a codec has JSON")
}

fn i32s(rng: &mut Rng) -> i32 {
    match rng.chance(0.5) {
        true => *rng.pick(&[0, 1, -1, i32::MAX, i32::MIN]),
        false => rng.range(i32::MIN.into(), i32::MAX.into()) as i32,
    }
}

fn i64s(rng: &mut Rng) -> i64 {
    match rng.chance(0.5) {
        true => *rng.pick(&[0, 1, -1, i64::MAX, i64::MIN]),
        false => rng.next_u64() as i64,
    }
}

fn u64s(rng: &mut Rng) -> u64 {
    match rng.chance(0.5) {
        true => *rng.pick(&[0, 1, u64::from(u32::MAX), u64::MAX]),
        false => rng.next_u64() >> rng.below(64),
    }
}

fn f32s(rng: &mut Rng) -> f32 {
    match rng.chance(0.5) {
        true => *rng.pick(&[
            0.0,
            -0.0,
            1.5,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MIN_POSITIVE / 8.0,
            f32::MAX,
        ]),
        false => f32::from_bits(rng.next_u64() as u32),
    }
}

fn f64s(rng: &mut Rng) -> f64 {
    match rng.chance(0.5) {
        true => *rng.pick(&[
            0.0,
            -0.0,
            0.1,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            5e-324,
            f64::MAX,
        ]),
        false => f64::from_bits(rng.next_u64()),
    }
}

fn string(rng: &mut Rng) -> String {
    if rng.chance(0.5) {
        return (*rng.pick(&STRINGS)).to_owned();
    }
    (0..rng.below(12))
        .filter_map(|_| {
            let ranges = [
                (0x20, 0x7e),
                (0x80, 0x7ff),
                (0x800, 0xd7ff),
                (0xe000, 0x10_ffff),
            ];
            let (low, high) = *rng.pick(&ranges);
            char::from_u32(rng.range(low, high) as u32)
        })
        .collect()
}

fn bytes(rng: &mut Rng) -> Vec<u8> {
    let length = *rng.pick(&[0, 1, 3, 16]);
    (0..length).map(|_| rng.next_u64() as u8).collect()
}

/// Any decimal `rust_decimal` holds: 96 bits of digits, scale 0 to 28.
fn decimal(rng: &mut Rng) -> Decimal {
    let max = (1i128 << 96) - 1;
    let unscaled = match rng.chance(0.5) {
        true => *rng.pick(&[0, 1, -1, 1234, max, -max]),
        false => {
            let digits =
                (i128::from(rng.next_u64()) << 32 | i128::from(rng.next_u64() as u32)) % max;
            if rng.chance(0.5) { -digits } else { digits }
        }
    };
    let any_scale = rng.range(0, 28) as u32;
    let scale = *rng.pick(&[0, 0, 2, 28, any_scale]);
    Decimal::from_i128_with_scale(unscaled, scale)
}

/// A dynamic value of any kind, lists and maps nested while `depth` allows.
fn value(rng: &mut Rng, depth: u32) -> DynamicValue {
    let kinds = if depth < MAX_DEPTH { 13 } else { 11 };
    match rng.below(kinds) {
        0 => DynamicValue::Null,
        1 => DynamicValue::Bool(rng.chance(0.5)),
        2 => DynamicValue::I32(i32s(rng)),
        3 => DynamicValue::I64(i64s(rng)),
        4 => DynamicValue::U32(u64s(rng) as u32),
        5 => DynamicValue::U64(u64s(rng)),
        6 => DynamicValue::F32(f32s(rng)),
        7 => DynamicValue::F64(f64s(rng)),
        8 => DynamicValue::String(string(rng)),
        9 => DynamicValue::Bytes(bytes(rng)),
        10 => DynamicValue::Decimal(decimal(rng)),
        11 => DynamicValue::List((0..rng.below(4)).map(|_| value(rng, depth + 1)).collect()),
        _ => DynamicValue::Map(
            (0..rng.below(4))
                .map(|_| (string(rng), value(rng, depth + 1)))
                .collect::<BTreeMap<_, _>>(),
        ),
    }
}
