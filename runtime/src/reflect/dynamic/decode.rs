//! Reading a dynamic message from the binary format, as generated code
//! reads one: the last value of a singular field wins and messages merge
//! (`schemac.Decimal` and `schemac.Value` read by generated code's codecs
//! for `decimal` and `value`: `reflect::schemac`),
//! lists take packed and unpacked runs alike, a closed enum's unknown
//! numbers go to the unknown fields, and a field read under another wire
//! type is an unknown field.

use crate::prelude::*;

use super::graph::Objects;
use super::{DynamicMessage, MapKey, Value};
use crate::decode::{DecodeOptions, Decoder};
use crate::error::DecodeError;
use crate::graph::REFERENCE_FIELD;
use crate::reflect::schemac::Builtin;
use crate::reflect::{FieldDescriptor, Kind};
use crate::wire::{self, WireType};

impl<'a> DynamicMessage<'a> {
    /// Decodes a message of type `descriptor` from `bytes`; an error if
    /// they are not one, or if a required field is missing.
    pub fn decode(
        descriptor: crate::reflect::MessageDescriptor<'a>,
        bytes: &[u8],
    ) -> Result<Self, DecodeError> {
        Self::decode_with(descriptor, bytes, &DecodeOptions::new())
    }

    /// [`decode`](Self::decode), under `options`' limits.
    pub fn decode_with(
        descriptor: crate::reflect::MessageDescriptor<'a>,
        bytes: &[u8],
        options: &DecodeOptions,
    ) -> Result<Self, DecodeError> {
        let mut message = DynamicMessage::new(descriptor);
        message.merge_with(bytes, options)?;
        if let Some(missing) = message.missing_required() {
            let error = DecodeError::missing_required().in_field_named(missing, false);
            return Err(error.in_message_named(descriptor.full_name().to_owned()));
        }
        Ok(message)
    }

    /// Reads the fields in `bytes` into it, as protobuf merges: singular
    /// fields are replaced, messages merged, lists and maps extended.
    /// Required fields are not checked.
    pub fn merge(&mut self, bytes: &[u8]) -> Result<(), DecodeError> {
        self.merge_with(bytes, &DecodeOptions::new())
    }

    pub(crate) fn merge_with(
        &mut self,
        bytes: &[u8],
        options: &DecodeOptions,
    ) -> Result<(), DecodeError> {
        let descriptor = self.descriptor;
        let named = |e: DecodeError| e.in_message_named(descriptor.full_name().to_owned());
        let mut decoder = Decoder::new(bytes, options).map_err(named)?;
        let mut objects = Objects::new(descriptor);
        self.merge_fields(&mut decoder, &mut objects)
            .map_err(named)?;
        objects.place(self);
        Ok(())
    }

    /// Reads fields up to the end of the input, or of the group being read
    /// at its end-group key; `objects` are those of graph mode read so far.
    pub(super) fn merge_fields(
        &mut self,
        decoder: &mut Decoder<'_>,
        objects: &mut Objects<'a>,
    ) -> Result<(), DecodeError> {
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key()?;
            if wire_type == WireType::EndGroup {
                return decoder.end_group(number);
            }
            if (number, wire_type) == (ITEM, WireType::StartGroup)
                && self.descriptor.is_message_set()
            {
                self.merge_item(decoder, objects)?;
                continue;
            }
            // Graph mode's number is read at the head of an occurrence
            // (`graph.rs`); elsewhere it is an unknown field, as in
            // generated code.
            let graph_id = number == REFERENCE_FIELD && self.descriptor.is_referenced();
            match self.field_numbered(number) {
                Some(field) if reads(field, wire_type) && !graph_id => {
                    let named =
                        |e: DecodeError| e.in_field_named(path_name(field), field.is_extension());
                    (self.merge_field(field, wire_type, decoder, objects)).map_err(named)?;
                }
                _ => self.unknown.merge(number, wire_type, decoder)?,
            }
        }
        Ok(())
    }

    /// Reads an item of a message set, whose start key was just read: the
    /// extension it names, merged; an item of an extension the pool does
    /// not hold is kept whole as an unknown field.
    fn merge_item(
        &mut self,
        decoder: &mut Decoder<'_>,
        objects: &mut Objects<'a>,
    ) -> Result<(), DecodeError> {
        let depth_left = decoder.depth_left();
        let start = decoder.offset();
        let item = decoder.skip_raw(WireType::StartGroup)?;
        let (mut type_id, mut payload) = (None, None);
        let mut fields = Decoder::new(item, &DecodeOptions::new())?;
        loop {
            match fields.read_key()? {
                (ITEM, WireType::EndGroup) => break,
                (ITEM_TYPE_ID, WireType::Varint) => type_id = Some(fields.read_varint()? as u32),
                (ITEM_MESSAGE, WireType::Len) => payload = Some(fields.read_bytes()?),
                (_, wire_type) => fields.skip(wire_type)?,
            }
        }
        let extension = type_id.and_then(|number| self.descriptor.extension(number));
        match (extension.map(|e| (e, e.kind())), payload) {
            (Some((extension, Kind::Message(descriptor))), Some(payload)) => {
                // One level below this message, as a field's message is;
                // errors at their offsets in the whole input.
                let options = DecodeOptions::new().recursion_limit(depth_left.saturating_sub(1));
                let at = start + (payload.as_ptr() as usize - item.as_ptr() as usize);
                let mut message = match self.fields.remove(&extension.number()) {
                    Some(Value::Message(held)) => held,
                    _ => DynamicMessage::new(descriptor),
                };
                let mut payload_decoder = Decoder::new(payload, &options)?;
                (message.merge_fields(&mut payload_decoder, objects))
                    .map_err(|e| e.shifted(at).in_field_named(path_name(extension), true))?;
                self.fields
                    .insert(extension.number(), Value::Message(message));
            }
            _ => self.unknown.push(ITEM, WireType::StartGroup, item),
        }
        Ok(())
    }

    fn merge_field(
        &mut self,
        field: FieldDescriptor<'a>,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
        objects: &mut Objects<'a>,
    ) -> Result<(), DecodeError> {
        let number = field.number();
        if field.is_map() {
            let (key, value) = field.map_entry().expect("a map has an entry");
            let start = decoder.offset();
            let entry = decoder.read_nested(|d| read_entry(key, value, d, objects))?;
            match entry {
                Some((k, v)) => {
                    if let Value::Map(map) = self.get_mut(field)
                        && let Some(replaced) = map.insert(k, v)
                    {
                        objects.keep_replaced(replaced);
                    }
                }
                // An entry whose value a closed enum does not name is
                // kept whole, as an unknown field.
                None => {
                    let bytes = decoder.bytes_since(start);
                    self.unknown.push(number, WireType::Len, bytes);
                }
            }
            return Ok(());
        }
        if field.is_list() {
            let kind = field.kind();
            if wire_type == WireType::Len && is_packable(kind) {
                let mut closed_out = Vec::new();
                let mut items = Vec::new();
                decoder.read_delimited(|d| {
                    while d.has_remaining() {
                        match read_scalar(kind, scalar_wire_type(kind), d)? {
                            Read::Value(item) => items.push(item),
                            Read::Unnamed(n) => closed_out.push(n),
                        }
                    }
                    Ok::<_, DecodeError>(())
                })?;
                if let Value::List(list) = self.get_mut(field) {
                    list.append(&mut items);
                }
                self.drop_empty(field);
                for n in closed_out {
                    self.keep_unnamed(number, n);
                }
                return Ok(());
            }
            let index = match self.fields.get(&number) {
                Some(Value::List(list)) => list.len(),
                _ => 0,
            };
            let read = self.read_value(field, wire_type, decoder, None, objects);
            match read.map_err(|error| error.at_index(index))? {
                Read::Value(item) => {
                    if let Value::List(list) = self.get_mut(field) {
                        list.push(item);
                    }
                }
                Read::Unnamed(n) => self.keep_unnamed(number, n),
            }
            return Ok(());
        }
        // A message read again merges; a reference's object is replaced.
        let held = match (field.kind(), self.fields.remove(&number)) {
            (Kind::Message(_), Some(Value::Message(held))) if field.reference().is_none() => {
                Some(held)
            }
            (Kind::Message(_), Some(replaced)) => {
                objects.keep_replaced(replaced);
                None
            }
            (_, Some(other)) => {
                self.fields.insert(number, other);
                None
            }
            (_, None) => None,
        };
        match self.read_value(field, wire_type, decoder, held, objects)? {
            Read::Value(value) => {
                self.clear_oneof_of(field, |cleared| objects.keep_replaced(cleared));
                let keep = field.has_presence() || !value.is_zero();
                if keep {
                    self.fields.insert(number, value);
                } else {
                    self.fields.remove(&number);
                }
            }
            Read::Unnamed(n) => self.keep_unnamed(number, n),
        }
        Ok(())
    }

    /// Unsets a list that reading left empty (an empty packed run).
    fn drop_empty(&mut self, field: FieldDescriptor<'a>) {
        if matches!(self.fields.get(&field.number()), Some(v) if v.is_zero()) {
            self.fields.remove(&field.number());
        }
    }

    /// Keeps a closed enum's number it does not name as an unknown varint
    /// of field `number`, as protobuf does.
    fn keep_unnamed(&mut self, number: u32, value: i32) {
        let mut varint = Vec::new();
        wire::put_varint(&mut varint, value as i64 as u64);
        self.unknown.push(number, WireType::Varint, &varint);
    }

    /// Reads one value of `field`, a message merged into `held` if given
    /// (a `schemac.Decimal` or `schemac.Value` as generated code reads it:
    /// `reflect::schemac`; an occurrence of graph mode's object as
    /// `graph.rs` reads it).
    fn read_value(
        &mut self,
        field: FieldDescriptor<'a>,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
        held: Option<DynamicMessage<'a>>,
        objects: &mut Objects<'a>,
    ) -> Result<Read<'a>, DecodeError> {
        match field.kind() {
            Kind::Message(descriptor) => {
                if let Some(reference) = field.reference().filter(|_| wire_type == WireType::Len) {
                    let occurrence = decoder
                        .read_nested(|d| objects.read_occurrence(descriptor, reference, d))?;
                    return Ok(Read::Value(Value::Message(occurrence)));
                }
                let builtin = Builtin::of(descriptor.full_name());
                if let Some(builtin) = builtin.filter(|_| wire_type == WireType::Len) {
                    let message = builtin.read(descriptor, held, decoder)?;
                    return Ok(Read::Value(Value::Message(message)));
                }
                let mut message = held.unwrap_or_else(|| DynamicMessage::new(descriptor));
                match wire_type {
                    WireType::StartGroup => {
                        decoder.read_group(field.number(), |d| message.merge_fields(d, objects))?
                    }
                    _ => decoder.read_nested(|d| message.merge_fields(d, objects))?,
                }
                Ok(Read::Value(Value::Message(message)))
            }
            kind => read_scalar(kind, wire_type, decoder),
        }
    }
}

/// A message set's item: a group of this number, holding the extension's
/// number and its message's bytes.
pub(super) const ITEM: u32 = 1;
pub(super) const ITEM_TYPE_ID: u32 = 2;
pub(super) const ITEM_MESSAGE: u32 = 3;

/// A value read, or a number a closed enum does not name.
enum Read<'a> {
    Value(Value<'a>),
    Unnamed(i32),
}

/// The name of `field` in an error's path: an extension's full name.
fn path_name(field: FieldDescriptor<'_>) -> String {
    match field.is_extension() {
        true => field.full_name().to_owned(),
        false => field.name().to_owned(),
    }
}

/// Whether `field` reads a value under `wire_type`: its own, a packed run
/// of a packable list, or a group or a length-delimited message for a
/// message field (protobuf reads both).
fn reads(field: FieldDescriptor<'_>, wire_type: WireType) -> bool {
    let kind = field.kind();
    match kind {
        Kind::Message(_) if field.is_map() => wire_type == WireType::Len,
        Kind::Message(_) => match field.is_group() {
            true => wire_type == WireType::StartGroup,
            false => wire_type == WireType::Len,
        },
        kind => {
            wire_type == scalar_wire_type(kind)
                || (field.is_list() && is_packable(kind) && wire_type == WireType::Len)
        }
    }
}

/// Whether values of `kind` may be packed: every scalar but strings and
/// bytes.
fn is_packable(kind: Kind<'_>) -> bool {
    !matches!(kind, Kind::String | Kind::Bytes | Kind::Message(_))
}

/// The wire type of a value of scalar kind `kind`.
pub(super) fn scalar_wire_type(kind: Kind<'_>) -> WireType {
    match kind {
        Kind::Double | Kind::Fixed64 | Kind::Sfixed64 => WireType::Fixed64,
        Kind::Float | Kind::Fixed32 | Kind::Sfixed32 => WireType::Fixed32,
        Kind::String | Kind::Bytes | Kind::Message(_) => WireType::Len,
        _ => WireType::Varint,
    }
}

/// Reads a scalar of kind `kind` (not a message) under its wire type.
fn read_scalar<'a>(
    kind: Kind<'a>,
    wire_type: WireType,
    decoder: &mut Decoder<'_>,
) -> Result<Read<'a>, DecodeError> {
    debug_assert_eq!(wire_type, scalar_wire_type(kind));
    let value = match kind {
        Kind::Double => Value::F64(f64::from_bits(decoder.read_fixed64()?)),
        Kind::Float => Value::F32(f32::from_bits(decoder.read_fixed32()?)),
        Kind::Int32 => Value::I32(decoder.read_varint()? as i32),
        Kind::Int64 => Value::I64(decoder.read_varint()? as i64),
        Kind::Uint32 => Value::U32(decoder.read_varint()? as u32),
        Kind::Uint64 => Value::U64(decoder.read_varint()?),
        Kind::Sint32 => Value::I32(wire::unzigzag32(decoder.read_varint()? as u32)),
        Kind::Sint64 => Value::I64(wire::unzigzag64(decoder.read_varint()?)),
        Kind::Fixed32 => Value::U32(decoder.read_fixed32()?),
        Kind::Fixed64 => Value::U64(decoder.read_fixed64()?),
        Kind::Sfixed32 => Value::I32(decoder.read_fixed32()? as i32),
        Kind::Sfixed64 => Value::I64(decoder.read_fixed64()? as i64),
        Kind::Bool => Value::Bool(decoder.read_varint()? != 0),
        Kind::String => Value::String(decoder.read_str()?.to_owned()),
        Kind::Bytes => Value::Bytes(decoder.read_bytes()?.to_vec()),
        Kind::Enum(enumeration) => {
            let number = decoder.read_varint()? as i32;
            if enumeration.is_closed() && enumeration.value(number).is_none() {
                return Ok(Read::Unnamed(number));
            }
            Value::Enum(number)
        }
        Kind::Message(_) => unreachable!("messages are read by read_value"),
    };
    Ok(Read::Value(value))
}

/// Reads a map entry's key and value, each its zero when absent; none if
/// the value is a closed enum's number it does not name: the last number
/// the entry holds for it, as generated code reads the entry with the
/// value open, the last number winning, and then asks the enum.
fn read_entry<'a>(
    key: FieldDescriptor<'a>,
    value: FieldDescriptor<'a>,
    decoder: &mut Decoder<'_>,
    objects: &mut Objects<'a>,
) -> Result<Option<(MapKey, Value<'a>)>, DecodeError> {
    let bytes = decoder.rest();
    let mut entry = DynamicMessage::new(key.containing_message());
    entry.merge_fields(decoder, objects)?;
    if let Kind::Enum(enumeration) = value.kind()
        && enumeration.is_closed()
        && last_varint(bytes, value.number()).is_some_and(|n| enumeration.value(n as i32).is_none())
    {
        return Ok(None);
    }
    // Other unknown fields of an entry are dropped.
    let mut fields = core::mem::take(&mut entry.fields);
    let k = fields
        .remove(&key.number())
        .unwrap_or_else(|| Value::zero_of(key.kind()));
    let v = fields
        .remove(&value.number())
        .unwrap_or_else(|| Value::zero_of(value.kind()));
    let k = MapKey::try_from(k).map_err(|_| {
        DecodeError::invalid("a map key of a type keys cannot have", decoder.offset())
    })?;
    Ok(Some((k, v)))
}

/// The last varint of field `number` among `bytes`, a message's fields
/// that have been read once already.
fn last_varint(bytes: &[u8], number: u32) -> Option<u64> {
    let mut decoder = Decoder::new(bytes, &DecodeOptions::new()).ok()?;
    let mut last = None;
    while decoder.has_remaining() {
        let (n, wire_type) = decoder.read_key().ok()?;
        match (n == number, wire_type) {
            (true, WireType::Varint) => last = Some(decoder.read_varint().ok()?),
            _ => decoder.skip(wire_type).ok()?,
        }
    }
    last
}
