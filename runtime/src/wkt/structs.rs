//! `google/protobuf/struct.proto`: JSON's values as messages.
//!
//! ```proto
//! message Struct { map<string, Value> fields = 1; }
//! message Value {
//!   oneof kind {
//!     NullValue null_value = 1;
//!     double number_value = 2;
//!     string string_value = 3;
//!     bool bool_value = 4;
//!     Struct struct_value = 5;
//!     ListValue list_value = 6;
//!   }
//! }
//! message ListValue { repeated Value values = 1; }
//! enum NullValue { NULL_VALUE = 0; }
//! ```
//!
//! A `Struct` writes its entries in key order, each with its key and its
//! value even when empty, as Google's protobuf writes a map with
//! deterministic serialization.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use super::{copied_view, message_codec, owned_view};
use crate::__private::codec::{self, Codec};
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::{Message, Name};
use crate::wire::{self, WireType};

/// A JSON object: `google.protobuf.Struct`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Struct {
    /// The object's members, in key order.
    pub fields: BTreeMap<String, Value>,
}

/// A JSON value: `google.protobuf.Value`. Not the runtime's own
/// [`crate::DynamicValue`], which keeps exact numeric types.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Value {
    /// `null`; also what a `Value` with no member set reads as.
    #[default]
    Null,
    /// A number; JSON has no NaN or infinity, so neither has a JSON form.
    Number(f64),
    /// A string.
    String(String),
    /// `true` or `false`.
    Bool(bool),
    /// An object.
    Struct(Struct),
    /// An array.
    List(ListValue),
}

/// A JSON array: `google.protobuf.ListValue`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListValue {
    /// The array's elements.
    pub values: Vec<Value>,
}

/// `google.protobuf.NullValue`, the enum of the one value `NULL_VALUE`
/// (0), whose JSON is `null`. Any number reads as it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NullValue {
    /// `NULL_VALUE`.
    #[default]
    NullValue,
}

impl From<f64> for Value {
    fn from(number: f64) -> Self {
        Value::Number(number)
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Self {
        Value::Bool(value)
    }
}

impl From<String> for Value {
    fn from(text: String) -> Self {
        Value::String(text)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Self {
        Value::String(text.to_owned())
    }
}

impl From<Struct> for Value {
    fn from(object: Struct) -> Self {
        Value::Struct(object)
    }
}

impl From<ListValue> for Value {
    fn from(list: ListValue) -> Self {
        Value::List(list)
    }
}

impl Name for Struct {
    const FULL_NAME: &'static str = "google.protobuf.Struct";
}

impl Name for Value {
    const FULL_NAME: &'static str = "google.protobuf.Value";
}

impl Name for ListValue {
    const FULL_NAME: &'static str = "google.protobuf.ListValue";
}

/// The number of `Struct.fields` and of `ListValue.values`.
const ONLY_FIELD: u32 = 1;

impl Message for Struct {
    const NAME: &'static str = "Struct";

    fn measure_fields(&self) -> usize {
        self.fields
            .iter()
            .map(|(key, value)| {
                let length = entry_len(key, value);
                wire::key_len(ONLY_FIELD) + wire::varint_len(length as u64) + length
            })
            .sum()
    }

    fn write_fields(&self, writer: &mut Writer) {
        for (key, value) in self.fields.iter().rev() {
            // Key and value both, whatever they hold, as Google writes them.
            writer.nested(|writer| {
                field::write_present::<StructValueCodec>(2, value, writer);
                field::write_present::<codec::String>(1, key, writer);
            });
            writer.key(ONLY_FIELD, WireType::Len);
        }
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            ONLY_FIELD if wire_type == WireType::Len => field::merge_map::<
                codec::String,
                StructValueCodec,
            >(
                wire_type, &mut self.fields, decoder
            ),
            _ => decoder.skip(wire_type),
        }
    }

    const FIELD_NAMES: &'static [(u32, &'static str)] = &[(ONLY_FIELD, "fields")];
}

/// The length of the map entry of `key` and `value`, both written.
fn entry_len(key: &String, value: &Value) -> usize {
    field::measure_present::<codec::String>(1, key)
        + field::measure_present::<StructValueCodec>(2, value)
}

impl Message for Value {
    const NAME: &'static str = "Value";

    fn measure_fields(&self) -> usize {
        use field::measure_present as present;
        match self {
            Value::Null => present::<NullValueCodec>(1, &NullValue::NullValue),
            Value::Number(number) => present::<codec::Double>(2, number),
            Value::String(text) => present::<codec::String>(3, text),
            Value::Bool(value) => present::<codec::Bool>(4, value),
            Value::Struct(object) => present::<StructCodec>(5, object),
            Value::List(list) => present::<ListValueCodec>(6, list),
        }
    }

    fn write_fields(&self, writer: &mut Writer) {
        use field::write_present as present;
        match self {
            Value::Null => present::<NullValueCodec>(1, &NullValue::NullValue, writer),
            Value::Number(number) => present::<codec::Double>(2, number, writer),
            Value::String(text) => present::<codec::String>(3, text, writer),
            Value::Bool(value) => present::<codec::Bool>(4, value, writer),
            Value::Struct(object) => present::<StructCodec>(5, object, writer),
            Value::List(list) => present::<ListValueCodec>(6, list, writer),
        }
    }

    /// A later member replaces an earlier one, except that a struct or a
    /// list read twice is merged, as protobuf merges a message member.
    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        fn read<C: Codec>(
            wire_type: WireType,
            decoder: &mut Decoder<'_>,
        ) -> Result<C::Value, DecodeError> {
            let mut read = C::Value::default();
            field::merge::<C>(wire_type, &mut read, decoder)?;
            Ok(read)
        }
        // A member under another wire type is an unknown field, skipped.
        let member_wire_type = match number {
            1 | 4 => WireType::Varint,
            2 => WireType::Fixed64,
            3 | 5 | 6 => WireType::Len,
            _ => return decoder.skip(wire_type),
        };
        if wire_type != member_wire_type {
            return decoder.skip(wire_type);
        }
        *self = match number {
            1 => read::<NullValueCodec>(wire_type, decoder).map(|_| Value::Null)?,
            2 => Value::Number(read::<codec::Double>(wire_type, decoder)?),
            3 => Value::String(read::<codec::String>(wire_type, decoder)?),
            4 => Value::Bool(read::<codec::Bool>(wire_type, decoder)?),
            5 => {
                let mut object = match core::mem::take(self) {
                    Value::Struct(object) => object,
                    _ => Struct::default(),
                };
                field::merge::<StructCodec>(wire_type, &mut object, decoder)?;
                Value::Struct(object)
            }
            6 => {
                let mut list = match core::mem::take(self) {
                    Value::List(list) => list,
                    _ => ListValue::default(),
                };
                field::merge::<ListValueCodec>(wire_type, &mut list, decoder)?;
                Value::List(list)
            }
            _ => return decoder.skip(wire_type),
        };
        Ok(())
    }

    const FIELD_NAMES: &'static [(u32, &'static str)] = &[
        (1, "null_value"),
        (2, "number_value"),
        (3, "string_value"),
        (4, "bool_value"),
        (5, "struct_value"),
        (6, "list_value"),
    ];
}

impl Message for ListValue {
    const NAME: &'static str = "ListValue";

    fn measure_fields(&self) -> usize {
        field::measure_repeated::<StructValueCodec>(ONLY_FIELD, &self.values)
    }

    fn write_fields(&self, writer: &mut Writer) {
        field::write_repeated::<StructValueCodec>(ONLY_FIELD, &self.values, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            ONLY_FIELD if wire_type == WireType::Len => {
                field::merge_repeated::<StructValueCodec>(wire_type, &mut self.values, decoder)
            }
            _ => decoder.skip(wire_type),
        }
    }

    const FIELD_NAMES: &'static [(u32, &'static str)] = &[(ONLY_FIELD, "values")];
}

message_codec!(
    /// `google.protobuf.Struct`: a [`Struct`](crate::wkt::Struct).
    StructCodec,
    Struct
);

message_codec!(
    /// `google.protobuf.Value`: a [`wkt::Value`](crate::wkt::Value).
    StructValueCodec,
    Value
);

message_codec!(
    /// `google.protobuf.ListValue`: a [`ListValue`](crate::wkt::ListValue).
    ListValueCodec,
    ListValue
);

owned_view!(StructCodec);
owned_view!(StructValueCodec);
owned_view!(ListValueCodec);

/// `google.protobuf.NullValue`: an enum's varint, always 0 when written.
#[derive(Debug)]
pub enum NullValueCodec {}

impl Codec for NullValueCodec {
    type Value = NullValue;
    const WIRE_TYPE: WireType = WireType::Varint;
    const PACKABLE: bool = true;

    /// Always: `NULL_VALUE` is the enum's 0.
    #[inline]
    fn is_default(_value: &NullValue) -> bool {
        true
    }

    #[inline]
    fn value_len(_value: &NullValue) -> usize {
        1
    }

    #[inline]
    fn write_value(_value: &NullValue, writer: &mut Writer) {
        writer.varint(0);
    }

    #[inline]
    fn merge_value(value: &mut NullValue, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        decoder.read_varint()?;
        *value = NullValue::NullValue;
        Ok(())
    }
}

copied_view!(NullValueCodec);

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::decode::DecodeOptions;
    use crate::wkt::test_helpers::{
        decode, decode_garbage, decode_view, encode, garbage, hex, read, unhex,
    };
    use proptest::prelude::*;

    fn object(entries: impl IntoIterator<Item = (&'static str, Value)>) -> Struct {
        Struct {
            fields: entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        }
    }

    fn list(values: impl IntoIterator<Item = Value>) -> Value {
        Value::List(ListValue {
            values: values.into_iter().collect(),
        })
    }

    /// What the Python below builds.
    fn sample() -> Struct {
        object([
            ("", Value::Null),
            ("n", Value::Number(1.5)),
            ("s", "x".into()),
            ("b", true.into()),
            (
                "l",
                list([
                    1.0.into(),
                    Value::Null,
                    "y".into(),
                    list([]),
                    Value::Struct(Struct::default()),
                ]),
            ),
            ("o", Value::Struct(object([("z", false.into())]))),
        ])
    }

    /// From python3-protobuf 3.21: `s = Struct(); s.update({'': None,
    /// 'n': 1.5, 's': 'x', 'b': True, 'l': [1, None, 'y', [], {}],
    /// 'o': {'z': False}}); s.SerializeToString(deterministic=True)`.
    pub(crate) const SAMPLE: &str = "0a060a00120208000a070a0162120220010a230a016c121e321c0a0911000000000000f03f0a0208000a031a01790a0232000a022a000a0e0a016e120911000000000000f83f0a100a016f120b2a090a070a017a120220000a080a017312031a0178";

    #[test]
    fn bytes_are_googles() {
        assert_eq!(hex(&sample().try_encode_to_vec().unwrap()), SAMPLE);
        assert_eq!(Struct::decode(&unhex(SAMPLE)), Ok(sample()));
        // From python3-protobuf 3.21: `Value(null_value=0)`, `Value(number_value=0)`,
        // `Value(bool_value=False)`, `Value(string_value='')`, and with an empty
        // struct_value, list_value; `ListValue` of 1.0, 'a', None.
        for (value, expected) in [
            (Value::Null, "0800"),
            (Value::Number(0.0), "110000000000000000"),
            (Value::Bool(false), "2000"),
            (Value::String(String::new()), "1a00"),
            (Value::Struct(Struct::default()), "2a00"),
            (list([]), "3200"),
            (
                list([1.0.into(), "a".into(), Value::Null]),
                "32140a0911000000000000f03f0a031a01610a020800",
            ),
        ] {
            assert_eq!(
                hex(&value.try_encode_to_vec().unwrap()),
                expected,
                "{value:?}"
            );
            assert_eq!(
                decode::<StructValueCodec>(&encode::<StructValueCodec>(&value)),
                Ok(value.clone())
            );
            assert_eq!(
                decode_view::<StructValueCodec>(&encode::<StructValueCodec>(&value)),
                Ok(value)
            );
        }
    }

    #[test]
    fn an_empty_value_reads_as_null_and_members_replace_or_merge() {
        assert_eq!(Value::decode(&[]), Ok(Value::Null));
        // string "a", then bool true: the later member wins.
        assert_eq!(Value::decode(&unhex("1a01612001")), Ok(Value::Bool(true)));
        // Two struct_value members, {"a": null} and {"b": null}: merged.
        let two = unhex("2a090a070a0161120208002a090a070a016212020800");
        let merged = Value::Struct(object([("a", Value::Null), ("b", Value::Null)]));
        assert_eq!(Value::decode(&two), Ok(merged));
        // An entry without a value holds null; a key read twice keeps the last.
        let entries = unhex("0a030a01610a070a016212022001");
        assert_eq!(
            Struct::decode(&entries),
            Ok(object([("a", Value::Null), ("b", Value::Bool(true))]))
        );
        let entries = unhex("0a070a0161120220010a070a016112022000");
        assert_eq!(
            Struct::decode(&entries),
            Ok(object([("a", Value::Bool(false))]))
        );
    }

    #[test]
    fn unknown_fields_are_skipped_and_null_values_of_any_number_read() {
        // Value: unknown field 7 (varint), null_value = 5.
        assert_eq!(Value::decode(&[0x38, 0x01, 0x08, 0x05]), Ok(Value::Null));
        // Struct: unknown field 2 (string) before an entry.
        let bytes = unhex("1201780a070a017812022001");
        assert_eq!(
            Struct::decode(&bytes),
            Ok(object([("x", Value::Bool(true))]))
        );
    }

    /// A member under another wire type than its own is an unknown field,
    /// skipped, as protobuf's implementations read it; an entry's too.
    #[test]
    fn a_member_under_another_wire_type_is_skipped() {
        // number_value (2) as a varint, then bool_value (4) true.
        assert_eq!(Value::decode(&unhex("10052001")), Ok(Value::Bool(true)));
        assert_eq!(
            decode_view::<StructValueCodec>(&unhex("0410052001")),
            Ok(Value::Bool(true))
        );
        // string_value (3) as a fixed32: nothing else, so null.
        assert_eq!(Value::decode(&unhex("1d01020304")), Ok(Value::Null));
        // A Struct's entries (1) and a ListValue's values (1) as varints.
        assert_eq!(Struct::decode(&unhex("0801")), Ok(Struct::default()));
        assert_eq!(ListValue::decode(&unhex("0801")), Ok(ListValue::default()));
    }

    #[test]
    fn errors_name_the_path() {
        // {"a": {string_value: <invalid UTF-8>}}
        let bytes = unhex("0a080a016112031a01ff");
        let error = Struct::decode(&bytes).unwrap_err();
        assert_eq!(error.path(), "Struct.fields.string_value");
        assert!(error.to_string().contains("UTF-8"), "{error}");
    }

    #[test]
    fn nesting_is_bounded_by_the_recursion_limit() {
        let mut value = Value::Null;
        for _ in 0..30 {
            value = Value::Struct(object([("k", list([value]))]));
        }
        // Each round is five levels: a Value, its Struct, the entry, the
        // entry's Value and its ListValue; 151 in all.
        let bytes = encode::<StructValueCodec>(&value);
        let error = decode::<StructValueCodec>(&bytes).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
        let deep = DecodeOptions::new().recursion_limit(200);
        assert_eq!(
            read::<StructValueCodec>(&bytes, &deep).map(|(v, _)| v),
            Ok(value.clone())
        );
        assert!(
            value.try_encode_to_vec().is_err(),
            "refused when encoding too"
        );
    }

    /// Any value without NaN, nested a few levels; the JSON tests use it too.
    pub(crate) fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<f64>()
                .prop_filter("NaN", |x| !x.is_nan())
                .prop_map(Value::Number),
            ".*".prop_map(Value::String),
            any::<bool>().prop_map(Value::Bool),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4)
                    .prop_map(|values| Value::List(ListValue { values })),
                proptest::collection::btree_map(".*", inner, 0..4)
                    .prop_map(|fields| Value::Struct(Struct { fields })),
            ]
        })
    }

    proptest! {
        #[test]
        fn values_round_trip(value in value()) {
            let bytes = encode::<StructValueCodec>(&value);
            prop_assert_eq!(decode::<StructValueCodec>(&bytes), Ok(value.clone()));
            prop_assert_eq!(decode_view::<StructValueCodec>(&bytes), Ok(value.clone()));
            let object = Struct { fields: BTreeMap::from([(String::new(), value.clone())]) };
            prop_assert_eq!(decode::<StructCodec>(&encode::<StructCodec>(&object)), Ok(object));
            let list = ListValue { values: vec![value.clone(), value] };
            prop_assert_eq!(decode::<ListValueCodec>(&encode::<ListValueCodec>(&list)), Ok(list));
        }

        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<StructValueCodec>(&bytes);
            decode_garbage::<StructCodec>(&bytes);
            decode_garbage::<ListValueCodec>(&bytes);
            decode_garbage::<NullValueCodec>(&bytes);
        }
    }
}
