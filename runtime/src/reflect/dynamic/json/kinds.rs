//! The runtime codec of each kind of scalar and of each well-known type,
//! chosen at run time: the codec generated code names for a field of that
//! type, so that a dynamic message's JSON is generated code's.

use crate::prelude::*;

use crate::__private::codec::{self, Codec};
use crate::json::{JsonCodec, JsonKey};
use crate::reflect::Kind;
use crate::reflect::dynamic::{MapKey, Value};
use crate::wkt::WithCodec;

/// A runtime codec of a scalar whose values a dynamic [`Value`] holds.
pub(super) trait ScalarCodec: JsonCodec {
    /// The value of this codec that `value` holds, if it holds one.
    fn get<'v>(value: &'v Value<'_>) -> Option<&'v Self::Value>;

    /// The value of this codec that `value` is, if it is one.
    fn take(value: Value<'_>) -> Option<Self::Value>;

    /// `value` as a dynamic value.
    fn wrap<'a>(value: Self::Value) -> Value<'a>;
}

macro_rules! scalar_codec {
    ($($codec:ident => $variant:ident),* $(,)?) => {$(
        impl ScalarCodec for codec::$codec {
            #[inline]
            fn get<'v>(value: &'v Value<'_>) -> Option<&'v Self::Value> {
                match value {
                    Value::$variant(value) => Some(value),
                    _ => None,
                }
            }

            #[inline]
            fn take(value: Value<'_>) -> Option<Self::Value> {
                match value {
                    Value::$variant(value) => Some(value),
                    _ => None,
                }
            }

            #[inline]
            fn wrap<'a>(value: Self::Value) -> Value<'a> {
                Value::$variant(value)
            }
        }
    )*};
}

scalar_codec!(
    Int32 => I32, Sint32 => I32, Sfixed32 => I32,
    Int64 => I64, Sint64 => I64, Sfixed64 => I64,
    Uint32 => U32, Fixed32 => U32,
    Uint64 => U64, Fixed64 => U64,
    Float => F32, Double => F64, Bool => Bool,
    String => String, Bytes => Bytes,
);

/// Something to do with the codec of a scalar, whichever it is.
pub(super) trait ScalarVisitor {
    /// What it gives.
    type Output;

    /// Does it with codec `C`.
    fn visit<C: ScalarCodec>(self) -> Self::Output;

    /// `visit`, for a codec whose values may be map keys.
    fn visit_key<C: ScalarCodec + JsonKey>(self) -> Self::Output
    where
        Self: Sized,
    {
        self.visit::<C>()
    }
}

/// Runs `visitor` with the runtime codec of scalar kind `kind`, by
/// `visit_key` for the kinds that may be map keys; `None` for an enum or a
/// message.
pub(super) fn with_scalar<V: ScalarVisitor>(kind: Kind<'_>, visitor: V) -> Option<V::Output> {
    Some(match kind {
        Kind::Int32 => visitor.visit_key::<codec::Int32>(),
        Kind::Sint32 => visitor.visit_key::<codec::Sint32>(),
        Kind::Sfixed32 => visitor.visit_key::<codec::Sfixed32>(),
        Kind::Int64 => visitor.visit_key::<codec::Int64>(),
        Kind::Sint64 => visitor.visit_key::<codec::Sint64>(),
        Kind::Sfixed64 => visitor.visit_key::<codec::Sfixed64>(),
        Kind::Uint32 => visitor.visit_key::<codec::Uint32>(),
        Kind::Fixed32 => visitor.visit_key::<codec::Fixed32>(),
        Kind::Uint64 => visitor.visit_key::<codec::Uint64>(),
        Kind::Fixed64 => visitor.visit_key::<codec::Fixed64>(),
        Kind::Bool => visitor.visit_key::<codec::Bool>(),
        Kind::String => visitor.visit_key::<codec::String>(),
        Kind::Float => visitor.visit::<codec::Float>(),
        Kind::Double => visitor.visit::<codec::Double>(),
        Kind::Bytes => visitor.visit::<codec::Bytes>(),
        Kind::Enum(_) | Kind::Message(_) => return None,
    })
}

/// Runs `with` with the codec generated code uses for a field of the
/// message type named `name`, when that type has a JSON form of its own:
/// the well-known types but `Any` (whose `@type` dynamic messages find in
/// their pool), and schemac's `schemac.Decimal` and `schemac.Value`
/// (`schemac/types.proto`), which are the scalars `decimal` and `value`
/// in generated code. `None` for any other name.
pub(super) fn with_well_known<W: WithCodec>(name: &str, with: W) -> Option<W::Output> {
    match name {
        super::EMPTY => Some(with.with::<codec::Empty>()),
        "schemac.Decimal" => Some(with.with::<codec::Decimal>()),
        "schemac.Value" => Some(with.with::<codec::Value>()),
        name => with_any_value(name, with),
    }
}

/// Runs `with` with the codec of the well-known type named `name` whose
/// JSON in an `Any` is `"value": ...`, as the runtime's `Any` has it: all
/// but `Empty` and `Any`. `None` for any other name.
pub(super) fn with_any_value<W: WithCodec>(name: &str, with: W) -> Option<W::Output> {
    match name {
        super::ANY => None,
        name => crate::wkt::with_known(name, with),
    }
}

/// Nothing: whether a name is a well-known type's.
pub(super) struct Known;

impl WithCodec for Known {
    type Output = ();

    fn with<C: JsonCodec>(self) {}
}

/// Whether `null` is a value of the codec, rather than no value.
pub(super) struct NullIsAValue;

impl WithCodec for NullIsAValue {
    type Output = bool;

    fn with<C: JsonCodec>(self) -> bool {
        C::NULL_IS_A_VALUE
    }
}

/// Whether `null` is a value of `google.protobuf.NullValue`, as its codec
/// says.
pub(super) fn null_is_a_null_value() -> bool {
    <codec::NullValue as JsonCodec>::NULL_IS_A_VALUE
}

/// The JSON of `null_value`, `google.protobuf.NullValue`'s one value, as
/// its codec writes it.
pub(super) fn null_value_json() -> Result<serde_json::Value, String> {
    let value = <codec::NullValue as Codec>::Value::default();
    <codec::NullValue as JsonCodec>::serialize(&value, serde_json::value::Serializer)
        .map_err(|error| error.to_string())
}

/// Reads `google.protobuf.NullValue` from `json` with its codec: its
/// number.
pub(super) fn read_null_value(json: &serde_json::Value) -> Result<i32, String> {
    <codec::NullValue as JsonCodec>::deserialize(json)
        .map(|value| value as i32)
        .map_err(|error| error.to_string())
}

/// A map key as the value of its key codec `C`.
pub(super) fn key_value<C: ScalarCodec>(key: &MapKey) -> Option<C::Value> {
    C::take(Value::from(key.clone()))
}
