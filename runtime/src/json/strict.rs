//! JSON text read into serde_json's [`Value`], refusing an object that
//! names one key twice, which serde_json's own reader would keep the last
//! of. Generated serde impls refuse a field given twice, as Google's
//! parsers do; what reads a `Value` first (`schemac encode`, dynamic
//! messages' `from_json_str`) reads it with this, so as not to hide it.

use crate::prelude::*;
use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Reads JSON `text` into serde_json's [`Value`]; an object with a key
/// given twice is an error naming the key, with its line and column
/// (serde_json's own reader keeps the last).
pub fn parse_strict(text: &[u8]) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(text);
    let value = StrictValue.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// Reads one JSON value, refusing duplicate keys at any depth.
struct StrictValue;

impl<'de> DeserializeSeed<'de> for StrictValue {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StrictValue {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Value, E> {
        // JSON text holds no NaN or infinity, so every float has a number.
        Number::from_f64(value)
            .map(Value::Number)
            .ok_or_else(|| E::custom("a number JSON cannot hold"))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = access.next_element_seed(StrictValue)? {
            values.push(value);
        }
        Ok(Value::Array(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut members = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            if members.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "the key `{key}` is given twice in one object"
                )));
            }
            let value = access.next_value_seed(StrictValue)?;
            members.insert(key, value);
        }
        Ok(Value::Object(members))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::parse_strict as parse_json;

    #[test]
    fn reads_what_serde_json_reads() {
        let text =
            br#"{"a": [1, -2, 2.5, "s", null, true], "b": {"c": {}}, "d": 18446744073709551615}"#;
        assert_eq!(
            parse_json(text).unwrap(),
            serde_json::from_slice::<serde_json::Value>(text).unwrap()
        );
        assert_eq!(parse_json(b" 7 ").unwrap(), json!(7));
    }

    #[test]
    fn refuses_a_key_given_twice_at_any_depth() {
        for text in [r#"{"a": 1, "a": 2}"#, r#"{"x": [{"b": {}, "b": null}]}"#] {
            let error = parse_json(text.as_bytes()).unwrap_err().to_string();
            assert!(
                error.contains("is given twice in one object"),
                "{text}: {error}"
            );
            assert!(error.contains("line 1 column"), "{error}");
        }
        assert!(parse_json(br#"{"a": 1} x"#).is_err(), "trailing characters");
    }
}
