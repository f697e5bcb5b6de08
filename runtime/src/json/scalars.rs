//! The JSON mapping of scalars, enums, decimals and boxes.
//!
//! 32-bit integers are numbers. 64-bit integers are strings, which keeps
//! them exact in readers that hold every number as a double; numbers are
//! read too. Floats are numbers, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
//! Bytes are standard base64; URL-safe and unpadded base64 are read too.
//! Decimals are strings with every digit: `"12.30"`.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use base64::Engine as _;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use rust_decimal::Decimal;
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;

use super::{JsonCodec, JsonKey};
use crate::__private::codec::{
    Bool, Boxed, Bytes, ClosedEnum, Double, Enum, Fixed32, Fixed64, Float, Int32, Int64, Sfixed32,
    Sfixed64, Sint32, Sint64, String as Str, Uint32, Uint64,
};
use crate::message::Enumeration;

/// Reads an integer of type `T` from a JSON number or a string of digits.
struct IntVisitor<T>(PhantomData<T>);

impl<T> Visitor<'_> for IntVisitor<T>
where
    T: TryFrom<i64> + TryFrom<u64> + FromStr,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an integer that fits {}", core::any::type_name::<T>())
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
        T::try_from(value).map_err(|_| E::custom(format_args!("{value} is out of range")))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        T::try_from(value).map_err(|_| E::custom(format_args!("{value} is out of range")))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<T, E> {
        // An integral float such as 3.0 is an integer written loosely.
        if value.fract() == 0.0 && value.abs() < 9.007_199_254_740_992e15 {
            self.visit_i64(value as i64)
        } else {
            Err(E::custom(format_args!("{value} is not an integer")))
        }
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<T, E> {
        if let Ok(integer) = value.parse() {
            return Ok(integer);
        }
        // A quoted number with a point or an exponent, `"1e5"`, is an
        // integer when its value is one, as in Google's parsers.
        match value.parse::<f64>() {
            Ok(number) if number.is_finite() && value.bytes().all(is_number_byte) => {
                self.visit_f64(number)
            }
            _ => Err(E::custom(format_args!(
                "`{value}` is not an integer in range"
            ))),
        }
    }
}

/// Whether `byte` can be part of a JSON number: not the letters of
/// `inf` or `NaN`, which Rust's float parser reads too.
fn is_number_byte(byte: u8) -> bool {
    byte.is_ascii_digit() || matches!(byte, b'-' | b'+' | b'.' | b'e' | b'E')
}

macro_rules! integer_json {
    ($codec:ty, $serialize:ident, by_number) => {
        impl JsonCodec for $codec {
            fn serialize<S: Serializer>(
                value: &Self::Value,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.$serialize(*value)
            }

            fn deserialize<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self::Value, D::Error> {
                deserializer.deserialize_any(IntVisitor(PhantomData))
            }
        }
        integer_key!($codec);
    };
    ($codec:ty, by_string) => {
        impl JsonCodec for $codec {
            fn serialize<S: Serializer>(
                value: &Self::Value,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.collect_str(value)
            }

            fn deserialize<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self::Value, D::Error> {
                deserializer.deserialize_any(IntVisitor(PhantomData))
            }
        }
        integer_key!($codec);
    };
}

macro_rules! integer_key {
    ($codec:ty) => {
        impl JsonKey for $codec {
            fn to_key(value: &Self::Value) -> String {
                value.to_string()
            }

            fn from_key(key: &str) -> Result<Self::Value, String> {
                key.parse()
                    .map_err(|_| format!("map key `{key}` is not an integer in range"))
            }
        }
    };
}

integer_json!(Int32, serialize_i32, by_number);
integer_json!(Sint32, serialize_i32, by_number);
integer_json!(Sfixed32, serialize_i32, by_number);
integer_json!(Uint32, serialize_u32, by_number);
integer_json!(Fixed32, serialize_u32, by_number);
integer_json!(Int64, by_string);
integer_json!(Sint64, by_string);
integer_json!(Sfixed64, by_string);
integer_json!(Uint64, by_string);
integer_json!(Fixed64, by_string);

/// Reads a float from a number or from `"NaN"`, `"Infinity"`, `"-Infinity"`
/// or a numeric string.
struct FloatVisitor;

impl Visitor<'_> for FloatVisitor {
    type Value = f64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number, \"NaN\", \"Infinity\" or \"-Infinity\"")
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<f64, E> {
        Ok(value)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<f64, E> {
        Ok(value as f64)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<f64, E> {
        Ok(value as f64)
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<f64, E> {
        match value {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => value
                .parse()
                .map_err(|_| E::custom(format_args!("`{value}` is not a number"))),
        }
    }
}

/// The string protobuf's JSON uses for a float that is not a finite number.
pub(super) fn non_finite_name(value: f64) -> Option<&'static str> {
    if value.is_nan() {
        Some("NaN")
    } else if value == f64::INFINITY {
        Some("Infinity")
    } else if value == f64::NEG_INFINITY {
        Some("-Infinity")
    } else {
        None
    }
}

/// An `f32` as the `f64` that its shortest decimal stands for: `0.1f32` as
/// `0.1`, not as `0.10000000149011612`. serde_json writes an `f32` as that
/// decimal but widens it exactly in a `serde_json::Value`; written as this
/// `f64`, the two agree, and so do `schemac decode` and generated impls.
///
/// Near `f32::MAX` the shortest decimal (`3.4028235e38`) is a little above
/// `f32::MAX` as an `f64`, which Google's Python protobuf (3.21) refuses as
/// too large; there the `f32`'s exact value is written instead, which every
/// reader takes back to the same `f32`.
pub(super) fn f32_as_written(value: f32) -> f64 {
    let exact = f64::from(value);
    match value.to_string().parse::<f64>() {
        Ok(shortest) if shortest.abs() <= f64::from(f32::MAX) => shortest,
        _ => exact,
    }
}

impl JsonCodec for Float {
    fn serialize<S: Serializer>(value: &f32, serializer: S) -> Result<S::Ok, S::Error> {
        match non_finite_name(f64::from(*value)) {
            Some(name) => serializer.serialize_str(name),
            None => serializer.serialize_f64(f32_as_written(*value)),
        }
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
        let value = deserializer.deserialize_any(FloatVisitor)?;
        // Out of range is what rounds to infinity: `3.4028235e38`, the
        // shortest text of `f32::MAX`, is a little above it as an f64.
        if value.is_finite() && (value as f32).is_infinite() {
            return Err(de::Error::custom(format_args!(
                "{value} is out of range for f32"
            )));
        }
        Ok(value as f32)
    }
}

impl JsonCodec for Double {
    fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        match non_finite_name(*value) {
            Some(name) => serializer.serialize_str(name),
            None => serializer.serialize_f64(*value),
        }
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        deserializer.deserialize_any(FloatVisitor)
    }
}

impl JsonCodec for Bool {
    fn serialize<S: Serializer>(value: &bool, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(*value)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        serde::Deserialize::deserialize(deserializer)
    }
}

impl JsonKey for Bool {
    fn to_key(value: &bool) -> String {
        value.to_string()
    }

    fn from_key(key: &str) -> Result<bool, String> {
        key.parse()
            .map_err(|_| format!("map key `{key}` is not `true` or `false`"))
    }
}

impl JsonCodec for Str {
    fn serialize<S: Serializer>(value: &String, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(value)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        serde::Deserialize::deserialize(deserializer)
    }
}

impl JsonKey for Str {
    fn to_key(value: &String) -> String {
        value.clone()
    }

    fn from_key(key: &str) -> Result<String, String> {
        Ok(key.to_owned())
    }
}

/// Standard or URL-safe base64, padded or not, into bytes. Bits past the
/// last byte need not be zero (`"-_"` is `[0xfb]`), as Google's parsers
/// read them.
pub(crate) fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let indifferent = GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true);
    let alphabet = if text.contains(['-', '_']) {
        &base64::alphabet::URL_SAFE
    } else {
        &base64::alphabet::STANDARD
    };
    GeneralPurpose::new(alphabet, indifferent)
        .decode(text)
        .map_err(|error| format!("invalid base64: {error}"))
}

/// Bytes as standard, padded base64.
pub(crate) fn encode_base64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

impl JsonCodec for Bytes {
    fn serialize<S: Serializer>(value: &Vec<u8>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&encode_base64(value))
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text: alloc::borrow::Cow<'de, str> = serde::Deserialize::deserialize(deserializer)?;
        decode_base64(&text).map_err(de::Error::custom)
    }
}

impl<E: Enumeration> JsonCodec for Enum<E> {
    fn serialize<S: Serializer>(value: &E, serializer: S) -> Result<S::Ok, S::Error> {
        super::serialize_enum(*value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<E, D::Error> {
        super::deserialize_enum(deserializer)
    }

    fn deserialize_known<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<E>, D::Error> {
        super::deserialize_known_enum(deserializer)
    }
}

/// A closed enum, whose JSON is an open enum's but for a number the enum
/// does not name, which it refuses to read, as Google's Python protobuf
/// does (`json_format.py`), ignoring unknown fields or not.
impl<E: Enumeration> JsonCodec for ClosedEnum<E> {
    fn serialize<S: Serializer>(value: &E, serializer: S) -> Result<S::Ok, S::Error> {
        super::serialize_enum(*value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<E, D::Error> {
        super::deserialize_closed_enum(deserializer)
    }

    fn deserialize_known<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<E>, D::Error> {
        super::deserialize_known_closed_enum(deserializer)
    }
}

impl JsonCodec for crate::__private::codec::Decimal {
    fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        deserializer.deserialize_any(DecimalVisitor)
    }
}

/// Reads a decimal from a string of digits, exactly, or from an integer.
pub(super) struct DecimalVisitor;

impl Visitor<'_> for DecimalVisitor {
    type Value = Decimal;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a decimal as a string, such as \"12.34\"")
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Decimal, E> {
        Decimal::from_str_exact(value)
            .map_err(|error| E::custom(format_args!("`{value}` is not an exact decimal: {error}")))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Decimal, E> {
        Ok(Decimal::from(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Decimal, E> {
        Ok(Decimal::from(value))
    }
}

impl<C: JsonCodec> JsonCodec for Boxed<C> {
    const NULL_IS_A_VALUE: bool = C::NULL_IS_A_VALUE;

    fn serialize<S: Serializer>(value: &Box<C::Value>, serializer: S) -> Result<S::Ok, S::Error> {
        C::serialize(value, serializer)
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Box<C::Value>, D::Error> {
        C::deserialize(deserializer).map(Box::new)
    }
}
