//! One marker type per schema type, telling how its values meet the wire.
//!
//! Generated code calls a codec's associated function for every field, as
//! in `codec::Sint64::merge(..)` (`shapes.rs`), and the
//! [`field`](crate::__private::field) functions do the rest. Codecs are zero-sized
//! and never constructed.

use crate::prelude::*;
use core::marker::PhantomData;

use crate::__private::packed;
use crate::__private::recycle::prepare_message;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::Enumeration;
use crate::wire::{self, WireType};

/// How the values of one schema type are measured, written and read.
pub trait Codec {
    /// The Rust type that holds a value.
    type Value: Default;

    /// The wire type a single value is written with.
    const WIRE_TYPE: WireType;

    /// Whether a list of these values is written packed.
    const PACKABLE: bool = false;

    /// Whether a value travels as a message of its own, as nested
    /// messages, `decimal` and `value` do. A map entry always writes such a
    /// value (see [`field::left_out_of_entry`](crate::__private::field::left_out_of_entry)).
    const IS_MESSAGE: bool = false;

    /// Whether a value is read whole ([`Codec::read_value`]) rather than
    /// merged into a default made first: a `ref` field's `Arc`, whose
    /// default would be an allocation thrown away.
    const READ_WHOLE: bool = false;

    /// Whether `value` is the default that implicit presence leaves out.
    fn is_default(value: &Self::Value) -> bool;

    /// The encoded length of `value` without a key, including any length
    /// prefix.
    fn value_len(value: &Self::Value) -> usize;

    /// Writes `value` without a key, before what `writer` holds.
    fn write_value(value: &Self::Value, writer: &mut Writer);

    /// The encoded length of `value` as field `number`: its key and the
    /// value. A group has two keys, its start and its end ([`Group`]).
    #[inline(always)]
    fn field_len(number: u32, value: &Self::Value) -> usize {
        wire::key_len(number) + Self::value_len(value)
    }

    /// Writes `value` as field `number`: the value, then its key before
    /// it. A codec whose values are often a few bytes known at once writes
    /// both in one step (a later occurrence of a graph object, `graph.rs`).
    #[inline(always)]
    fn write_field(number: u32, value: &Self::Value, writer: &mut Writer) {
        Self::write_value(value, writer);
        writer.key(number, Self::WIRE_TYPE);
    }

    /// Reads one value into `value`: scalars replace it, messages merge.
    fn merge_value(value: &mut Self::Value, decoder: &mut Decoder<'_>) -> Result<(), DecodeError>;

    /// Reads one value whole: merged into the default, unless the codec
    /// reads it otherwise ([`Codec::READ_WHOLE`]).
    #[inline(always)]
    fn read_value(decoder: &mut Decoder<'_>) -> Result<Self::Value, DecodeError> {
        let mut value = Self::Value::default();
        Self::merge_value(&mut value, decoder)?;
        Ok(value)
    }

    /// Reads one value and says whether it is `value`, as reading it
    /// with [`read_value`](Codec::read_value) and comparing would, but
    /// without making it where that allocates: a string is compared where
    /// it lies in the input (decoding in place's maps, `recycle.rs`).
    #[inline(always)]
    fn read_equals(value: &Self::Value, decoder: &mut Decoder<'_>) -> Result<bool, DecodeError>
    where
        Self::Value: PartialEq,
    {
        Ok(Self::read_value(decoder)? == *value)
    }

    /// Readies `value` for a read in place of what it holds: after it,
    /// [`merge_value`](Codec::merge_value) gives what
    /// [`read_value`](Codec::read_value) would, and `value` keeps what it
    /// allocated where the codec can (decoding in place, `recycle.rs`): a
    /// string or bytes as they are, since a read replaces them in their
    /// buffer; a message told to read in place. By default, `value` is
    /// reset to the default.
    #[inline(always)]
    fn prepare_in_place(value: &mut Self::Value, decoder: &mut Decoder<'_>) {
        let _ = decoder;
        *value = Self::Value::default();
    }

    /// Appends the values of a packed run, `run` being the bytes its
    /// length prefix delimits, and returns `true`; or returns `false` with
    /// `values` as it was, and the general path reads the run value by
    /// value and reports what is wrong with it. The numbers' codecs decode
    /// the whole run at once (`packed.rs`); others always return `false`.
    #[inline(always)]
    fn extend_packed(values: &mut Vec<Self::Value>, run: &[u8]) -> bool {
        let _ = (values, run);
        false
    }

    /// Appends a list's element and the run of elements after it at once,
    /// and returns `true`; or returns `false` with nothing read, and the
    /// general path reads the element. The strings' codecs read a run of
    /// short strings checked in one step (`string_run.rs`); others always
    /// return `false`.
    #[inline(always)]
    fn extend_run(values: &mut Vec<Self::Value>, decoder: &mut Decoder<'_>) -> bool {
        let _ = (values, decoder);
        false
    }
}

macro_rules! varint_codec {
    ($(#[$doc:meta])* $name:ident, $ty:ty, |$v:ident| $to_wire:expr, |$w:ident| $from_wire:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl Codec for $name {
            type Value = $ty;
            const WIRE_TYPE: WireType = WireType::Varint;
            const PACKABLE: bool = true;

            #[inline]
            fn is_default(value: &$ty) -> bool {
                *value == <$ty>::default()
            }

            #[inline]
            fn value_len(value: &$ty) -> usize {
                let $v = *value;
                wire::varint_len($to_wire)
            }

            #[inline(always)]
            fn write_value(value: &$ty, writer: &mut Writer) {
                let $v = *value;
                writer.varint($to_wire);
            }

            #[inline]
            fn merge_value(value: &mut $ty, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
                let $w = decoder.read_varint()?;
                *value = $from_wire;
                Ok(())
            }

            #[inline]
            fn extend_packed(values: &mut Vec<$ty>, run: &[u8]) -> bool {
                packed::extend_varints(values, run, |$w| $from_wire)
            }
        }
    };
}

macro_rules! fixed_codec {
    ($(#[$doc:meta])* $name:ident, $ty:ty, $wire_type:ident, $write:ident, $read:ident, $bits:ty) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl Codec for $name {
            type Value = $ty;
            const WIRE_TYPE: WireType = WireType::$wire_type;
            const PACKABLE: bool = true;

            #[inline]
            fn is_default(value: &$ty) -> bool {
                // Bitwise, so that a float's -0.0 is written and kept.
                <$bits>::from_le_bytes(value.to_le_bytes()) == 0
            }

            #[inline]
            fn value_len(_value: &$ty) -> usize {
                core::mem::size_of::<$ty>()
            }

            #[inline]
            fn write_value(value: &$ty, writer: &mut Writer) {
                writer.$write(<$bits>::from_le_bytes(value.to_le_bytes()));
            }

            #[inline]
            fn merge_value(value: &mut $ty, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
                *value = <$ty>::from_le_bytes(decoder.$read()?.to_le_bytes());
                Ok(())
            }

            #[inline]
            fn extend_packed(values: &mut Vec<$ty>, run: &[u8]) -> bool {
                packed::extend_fixed(values, run, <$ty>::from_le_bytes)
            }
        }
    };
}

varint_codec!(
    /// `i32`: a varint; negative values take 10 bytes.
    Int32, i32, |v| v as i64 as u64, |w| w as i32
);
varint_codec!(
    /// `i64`: a varint; negative values take 10 bytes.
    Int64, i64, |v| v as u64, |w| w as i64
);
varint_codec!(
    /// `u32`: a varint.
    Uint32, u32, |v| u64::from(v), |w| w as u32
);
varint_codec!(
    /// `u64`: a varint.
    Uint64, u64, |v| v, |w| w
);
varint_codec!(
    /// `sint32`: a zigzag varint, small for small magnitudes of either sign.
    Sint32, i32, |v| u64::from(wire::zigzag32(v)), |w| wire::unzigzag32(w as u32)
);
varint_codec!(
    /// `sint64`: a zigzag varint, small for small magnitudes of either sign.
    Sint64, i64, |v| wire::zigzag64(v), |w| wire::unzigzag64(w)
);
varint_codec!(
    /// `bool`: a varint of 0 or 1; any non-zero varint reads as `true`.
    Bool, bool, |v| u64::from(v), |w| w != 0
);
fixed_codec!(
    /// `fixed32`: four little-endian bytes.
    Fixed32, u32, Fixed32, fixed32, read_fixed32, u32
);
fixed_codec!(
    /// `fixed64`: eight little-endian bytes.
    Fixed64, u64, Fixed64, fixed64, read_fixed64, u64
);
fixed_codec!(
    /// `sfixed32`: four little-endian bytes, two's complement.
    Sfixed32, i32, Fixed32, fixed32, read_fixed32, u32
);
fixed_codec!(
    /// `sfixed64`: eight little-endian bytes, two's complement.
    Sfixed64, i64, Fixed64, fixed64, read_fixed64, u64
);
fixed_codec!(
    /// `f32`: an IEEE 754 single, four little-endian bytes.
    Float, f32, Fixed32, fixed32, read_fixed32, u32
);
fixed_codec!(
    /// `f64`: an IEEE 754 double, eight little-endian bytes.
    Double, f64, Fixed64, fixed64, read_fixed64, u64
);

/// `string`: length-delimited UTF-8, checked when read.
#[derive(Debug)]
pub enum String {}

impl Codec for String {
    type Value = alloc::string::String;
    const WIRE_TYPE: WireType = WireType::Len;

    #[inline]
    fn is_default(value: &alloc::string::String) -> bool {
        value.is_empty()
    }

    #[inline]
    fn value_len(value: &alloc::string::String) -> usize {
        wire::varint_len(value.len() as u64) + value.len()
    }

    #[inline]
    fn write_value(value: &alloc::string::String, writer: &mut Writer) {
        writer.bytes(value.as_bytes());
    }

    #[inline]
    fn merge_value(
        value: &mut alloc::string::String,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        let read = decoder.read_str()?;
        if value.capacity() < read.len() {
            // One allocation of the exact length and one copy, with no
            // zero-fill: growing the old buffer instead would copy what it
            // holds (the allocator does not know it was cleared) and round
            // its size up.
            *value = alloc::string::String::from(read);
        } else {
            // The buffer is reused: one copy, no allocation.
            value.clear();
            value.push_str(read);
        }
        Ok(())
    }

    /// A read replaces the string, in its buffer when that is long enough.
    #[inline]
    fn prepare_in_place(_value: &mut alloc::string::String, _decoder: &mut Decoder<'_>) {}

    #[inline]
    fn read_equals(
        value: &alloc::string::String,
        decoder: &mut Decoder<'_>,
    ) -> Result<bool, DecodeError> {
        Ok(decoder.read_str()? == value.as_str())
    }

    #[inline]
    fn extend_run(values: &mut Vec<alloc::string::String>, decoder: &mut Decoder<'_>) -> bool {
        decoder
            .read_string_run()
            .map(|run| run.push_owned(values, alloc::string::String::from))
            .is_some()
    }
}

/// `bytes`: length-delimited raw bytes.
#[derive(Debug)]
pub enum Bytes {}

impl Codec for Bytes {
    type Value = Vec<u8>;
    const WIRE_TYPE: WireType = WireType::Len;

    #[inline]
    fn is_default(value: &Vec<u8>) -> bool {
        value.is_empty()
    }

    #[inline]
    fn value_len(value: &Vec<u8>) -> usize {
        wire::varint_len(value.len() as u64) + value.len()
    }

    #[inline]
    fn write_value(value: &Vec<u8>, writer: &mut Writer) {
        writer.bytes(value);
    }

    #[inline]
    fn merge_value(value: &mut Vec<u8>, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        let read = decoder.read_bytes()?;
        if value.capacity() < read.len() {
            // As for a string: one allocation of the exact length and one
            // copy (`to_vec` of bytes is `memcpy` into the new buffer).
            *value = read.to_vec();
        } else {
            value.clear();
            value.extend_from_slice(read);
        }
        Ok(())
    }

    /// A read replaces the bytes, in their buffer when that is long enough.
    #[inline]
    fn prepare_in_place(_value: &mut Vec<u8>, _decoder: &mut Decoder<'_>) {}
}

/// A schema enum: its number as an `i32` varint.
#[derive(Debug)]
pub struct Enum<E>(PhantomData<E>);

impl<E: Enumeration> Codec for Enum<E> {
    type Value = E;
    const WIRE_TYPE: WireType = WireType::Varint;
    const PACKABLE: bool = true;

    #[inline]
    fn is_default(value: &E) -> bool {
        value.number() == 0
    }

    #[inline]
    fn value_len(value: &E) -> usize {
        wire::varint_len(value.number() as i64 as u64)
    }

    #[inline]
    fn write_value(value: &E, writer: &mut Writer) {
        writer.varint(value.number() as i64 as u64);
    }

    #[inline]
    fn merge_value(value: &mut E, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        *value = E::from_number(decoder.read_varint()? as i32);
        Ok(())
    }

    #[inline]
    fn extend_packed(values: &mut Vec<E>, run: &[u8]) -> bool {
        packed::extend_varints(values, run, |wire| E::from_number(wire as i32))
    }
}

/// A closed enum (a proto2 enum, or a `.schema` enum with `option closed
/// = true;`): written as [`Enum`] writes it, but its fields hold only the
/// numbers the enum names. A number it does not name is not stored: its
/// record goes to the message's unknown fields, or is dropped, as in
/// Google's protobuf. The field shapes that read so take the unknown
/// fields as a last argument (`closed.rs`); this impl's
/// [`merge_value`](Codec::merge_value) reads a number as it is, for the
/// readers that look at it before deciding.
#[derive(Debug)]
pub struct ClosedEnum<E>(PhantomData<E>);

impl<E: Enumeration> Codec for ClosedEnum<E> {
    type Value = E;
    const WIRE_TYPE: WireType = WireType::Varint;
    const PACKABLE: bool = true;

    #[inline]
    fn is_default(value: &E) -> bool {
        Enum::<E>::is_default(value)
    }

    #[inline]
    fn value_len(value: &E) -> usize {
        Enum::<E>::value_len(value)
    }

    #[inline]
    fn write_value(value: &E, writer: &mut Writer) {
        Enum::<E>::write_value(value, writer);
    }

    #[inline]
    fn merge_value(value: &mut E, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        Enum::<E>::merge_value(value, decoder)
    }
}

/// A nested message: length-delimited, one level deeper.
#[derive(Debug)]
pub struct Message<M>(PhantomData<M>);

impl<M: crate::Message> Codec for Message<M> {
    type Value = M;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;

    /// A message that is there is always written, even when empty.
    #[inline]
    fn is_default(_value: &M) -> bool {
        false
    }

    #[inline]
    fn value_len(value: &M) -> usize {
        let length = value.measure_fields();
        wire::varint_len(length as u64) + length
    }

    #[inline]
    fn write_value(value: &M, writer: &mut Writer) {
        writer.nested(|writer| value.write_fields(writer));
    }

    #[inline]
    fn merge_value(value: &mut M, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        decoder.read_nested(|decoder| value.merge_from(decoder))
    }

    #[inline]
    fn prepare_in_place(value: &mut M, decoder: &mut Decoder<'_>) {
        prepare_message(value, decoder);
    }
}

/// A group: a nested message between a start-group key and an end-group
/// key of its field's number, without a length, one level deeper; a
/// proto2 `group`, whose message is declared with its field.
///
/// A group's value is its message's fields alone ([`Codec::value_len`],
/// [`Codec::write_value`]); its keys are the field's
/// ([`Codec::field_len`], [`Codec::write_field`]). Reading it, the
/// message's `merge_from` ends at the end-group key, which it hands to
/// [`Decoder::end_group`]: generated code does so in every message that a
/// group field holds.
#[derive(Debug)]
pub struct Group<M>(PhantomData<M>);

impl<M: crate::Message> Codec for Group<M> {
    type Value = M;
    const WIRE_TYPE: WireType = WireType::StartGroup;
    const IS_MESSAGE: bool = true;

    /// A group that is there is always written, even when empty.
    #[inline]
    fn is_default(_value: &M) -> bool {
        false
    }

    #[inline]
    fn value_len(value: &M) -> usize {
        value.measure_fields()
    }

    #[inline]
    fn field_len(number: u32, value: &M) -> usize {
        2 * wire::key_len(number) + value.measure_fields()
    }

    /// The fields alone: only [`write_field`](Codec::write_field), which
    /// knows the keys, writes a group.
    #[inline]
    fn write_value(value: &M, writer: &mut Writer) {
        value.write_fields(writer);
    }

    #[inline]
    fn write_field(number: u32, value: &M, writer: &mut Writer) {
        writer.group(number, |writer| value.write_fields(writer));
    }

    /// Reads the group whose start-group key was just read, up to the
    /// end-group key of its number.
    #[inline]
    fn merge_value(value: &mut M, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        let number = decoder.started_group();
        decoder.read_group(number, |decoder| value.merge_from(decoder))
    }

    #[inline]
    fn prepare_in_place(value: &mut M, decoder: &mut Decoder<'_>) {
        prepare_message(value, decoder);
    }
}

/// A value of codec `C` held in a `Box`, for fields that recurse.
#[derive(Debug)]
pub struct Boxed<C>(PhantomData<C>);

impl<C: Codec> Codec for Boxed<C> {
    type Value = Box<C::Value>;
    const WIRE_TYPE: WireType = C::WIRE_TYPE;
    const PACKABLE: bool = C::PACKABLE;
    const IS_MESSAGE: bool = C::IS_MESSAGE;

    #[inline]
    fn is_default(value: &Box<C::Value>) -> bool {
        C::is_default(value)
    }

    #[inline]
    fn value_len(value: &Box<C::Value>) -> usize {
        C::value_len(value)
    }

    #[inline]
    fn field_len(number: u32, value: &Box<C::Value>) -> usize {
        C::field_len(number, value)
    }

    #[inline]
    fn write_value(value: &Box<C::Value>, writer: &mut Writer) {
        C::write_value(value, writer);
    }

    #[inline]
    fn write_field(number: u32, value: &Box<C::Value>, writer: &mut Writer) {
        C::write_field(number, value, writer);
    }

    #[inline]
    fn merge_value(
        value: &mut Box<C::Value>,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        C::merge_value(value, decoder)
    }

    /// The box is kept, and its value read in place.
    #[inline]
    fn prepare_in_place(value: &mut Box<C::Value>, decoder: &mut Decoder<'_>) {
        C::prepare_in_place(value, decoder);
    }
}

/// A group held in a `Box`, for fields that recurse: [`Boxed`]`<`[`Group`]`<M>>`
/// under a name of its own, so that generated code's calls of a boxed
/// message's codec, `codec::Boxed::merge(..)`, which take its message from
/// the field, fit one codec only.
#[derive(Debug)]
pub struct BoxedGroup<M>(PhantomData<M>);

impl<M: crate::Message> Codec for BoxedGroup<M> {
    type Value = Box<M>;
    const WIRE_TYPE: WireType = WireType::StartGroup;
    const IS_MESSAGE: bool = true;

    #[inline]
    fn is_default(value: &Box<M>) -> bool {
        Boxed::<Group<M>>::is_default(value)
    }

    #[inline]
    fn value_len(value: &Box<M>) -> usize {
        Boxed::<Group<M>>::value_len(value)
    }

    #[inline]
    fn field_len(number: u32, value: &Box<M>) -> usize {
        Boxed::<Group<M>>::field_len(number, value)
    }

    #[inline]
    fn write_value(value: &Box<M>, writer: &mut Writer) {
        Boxed::<Group<M>>::write_value(value, writer);
    }

    #[inline]
    fn write_field(number: u32, value: &Box<M>, writer: &mut Writer) {
        Boxed::<Group<M>>::write_field(number, value, writer);
    }

    #[inline]
    fn merge_value(value: &mut Box<M>, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        Boxed::<Group<M>>::merge_value(value, decoder)
    }

    #[inline]
    fn prepare_in_place(value: &mut Box<M>, decoder: &mut Decoder<'_>) {
        Boxed::<Group<M>>::prepare_in_place(value, decoder);
    }
}

/// A map's key codec `K` and value codec `V`. Not a codec itself: a map
/// is a field of entry messages, which its associated functions measure,
/// write and read (`shapes.rs`).
#[derive(Debug)]
pub struct Map<K, V>(PhantomData<(K, V)>);

pub use super::representations::{SharedBytes, StringAs, StringType};
pub use crate::decimal::DecimalCodec as Decimal;
pub use crate::graph::{Ref, WeakRef};
pub use crate::value::ValueCodec as Value;

pub use crate::wkt::codecs::{
    AnyCodec as Any, DurationCodec as Duration, EmptyCodec as Empty, FieldMaskCodec as FieldMask,
    ListValueCodec as ListValue, NullValueCodec as NullValue, StructCodec as Struct,
    StructValueCodec as StructValue, TimestampCodec as Timestamp, Wrapper,
};

/// `google.protobuf.DoubleValue`: an `f64` in a wrapper message.
pub type DoubleValue = Wrapper<Double>;
/// `google.protobuf.FloatValue`: an `f32` in a wrapper message.
pub type FloatValue = Wrapper<Float>;
/// `google.protobuf.Int64Value`: an `i64` in a wrapper message.
pub type Int64Value = Wrapper<Int64>;
/// `google.protobuf.UInt64Value`: a `u64` in a wrapper message.
pub type UInt64Value = Wrapper<Uint64>;
/// `google.protobuf.Int32Value`: an `i32` in a wrapper message.
pub type Int32Value = Wrapper<Int32>;
/// `google.protobuf.UInt32Value`: a `u32` in a wrapper message.
pub type UInt32Value = Wrapper<Uint32>;
/// `google.protobuf.BoolValue`: a `bool` in a wrapper message.
pub type BoolValue = Wrapper<Bool>;
/// `google.protobuf.StringValue`: a `String` in a wrapper message.
pub type StringValue = Wrapper<String>;
/// `google.protobuf.BytesValue`: a `Vec<u8>` in a wrapper message.
pub type BytesValue = Wrapper<Bytes>;

#[cfg(test)]
mod tests;
