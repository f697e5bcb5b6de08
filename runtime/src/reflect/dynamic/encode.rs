//! Writing a dynamic message in the binary format, as generated code
//! writes one: fields by number, then extensions by number, each list packed or not
//! as its field says, map entries key then value (each left out at its
//! zero, but a message), a message set's extensions as its items, then
//! the unknown fields as they were read.

use crate::prelude::*;

use super::decode::{ITEM, ITEM_MESSAGE, ITEM_TYPE_ID, scalar_wire_type};
use super::graph::{self, Renumbering};
use super::{DynamicMessage, Value};
use crate::encode::Writer;
use crate::graph::REFERENCE_FIELD;
use crate::reflect::{FieldDescriptor, Kind};
use crate::wire::{self, WireType};

impl DynamicMessage<'_> {
    /// Its encoding in the binary format. The objects of graph mode's
    /// references are numbered again, as generated code numbers them
    /// (`graph.rs`).
    pub fn encode_to_vec(&self) -> Vec<u8> {
        let mut writer = Writer::new();
        match Renumbering::of(self) {
            None => self.write(&mut writer),
            Some((renumbering, message)) => {
                *writer.state.get_or_default() = renumbering;
                message.write(&mut writer);
            }
        }
        writer.into_vec()
    }

    /// Writes its fields; the writer goes from the end to the start, so
    /// what is written last comes first. Graph mode's number is not one
    /// of them: `graph::write_occurrence` writes it.
    pub(super) fn write(&self, writer: &mut Writer) {
        self.unknown.write(writer);
        // Its fields by number, then its extensions by number, as
        // generated code writes them.
        // A field without presence at its zero (left so by `get_mut`) is
        // not written, as generated code does not write it.
        let fields = (self.fields.iter().rev())
            .filter_map(|(&number, value)| Some((self.field_numbered(number)?, value)))
            .filter(|(field, value)| field.has_presence() || !value.is_zero())
            .filter(|(field, _)| {
                !(field.number() == REFERENCE_FIELD && self.descriptor.is_referenced())
            });
        let (extensions, fields): (Vec<_>, Vec<_>) =
            fields.partition(|(field, _)| field.is_extension());
        let message_set = self.descriptor.is_message_set();
        for (field, value) in extensions.into_iter().chain(fields) {
            match value {
                Value::Message(message) if message_set && field.is_extension() => {
                    write_item(field.number(), message, writer)
                }
                value => write_field(field, value, writer),
            }
        }
    }
}

/// Writes a message set's item: the extension's number, then its
/// message's bytes, in a group.
fn write_item(number: u32, message: &DynamicMessage<'_>, writer: &mut Writer) {
    writer.group(ITEM, |writer| {
        writer.nested(|writer| message.write(writer));
        writer.key(ITEM_MESSAGE, WireType::Len);
        writer.varint(u64::from(number));
        writer.key(ITEM_TYPE_ID, WireType::Varint);
    });
}

/// Writes `field` holding `value`, keys included.
fn write_field(field: FieldDescriptor<'_>, value: &Value<'_>, writer: &mut Writer) {
    let number = field.number();
    match value {
        Value::List(items) if field.is_packed() => {
            let kind = field.kind();
            writer.delimited(|writer| {
                (items.iter().rev()).for_each(|item| write_value(kind, item, writer))
            });
            writer.key(number, WireType::Len);
        }
        Value::List(items) => items
            .iter()
            .rev()
            .for_each(|item| write_one(field, item, writer)),
        Value::Map(entries) => {
            let (key_field, value_field) = field.map_entry().expect("a map has an entry");
            // The runtime's `Struct` writes every key, as Google's protobuf
            // does; generated code's other maps leave out a zero key.
            let every_key = field.containing_message().full_name() == "google.protobuf.Struct";
            for (key, value) in entries.iter().rev() {
                let key = Value::from(key.clone());
                writer.nested(|writer| {
                    if !left_out_of_entry(value) {
                        write_one(value_field, value, writer);
                    }
                    if every_key || !left_out_of_entry(&key) {
                        write_one(key_field, &key, writer);
                    }
                });
                writer.key(number, WireType::Len);
            }
        }
        single => write_one(field, single, writer),
    }
}

/// Whether a map entry leaves out its key or its value `value`, as
/// generated code does: a scalar's or an enum's zero, which a reader
/// takes a missing one for; never a message.
fn left_out_of_entry(value: &Value<'_>) -> bool {
    !matches!(value, Value::Message(_)) && value.is_zero()
}

/// Writes one value of `field` with its key: a message nested or as a
/// group.
fn write_one(field: FieldDescriptor<'_>, value: &Value<'_>, writer: &mut Writer) {
    let number = field.number();
    match value {
        Value::Message(message) if field.reference().is_some() => {
            graph::write_occurrence(number, message, writer)
        }
        Value::Message(message) if field.is_group() => {
            writer.group(number, |writer| message.write(writer));
        }
        Value::Message(message) => {
            writer.nested(|writer| message.write(writer));
            writer.key(number, WireType::Len);
        }
        scalar => {
            write_value(field.kind(), scalar, writer);
            writer.key(number, scalar_wire_type(field.kind()));
        }
    }
}

/// Writes the value of a scalar of kind `kind`, without a key.
fn write_value(kind: Kind<'_>, value: &Value<'_>, writer: &mut Writer) {
    match (kind, value) {
        (Kind::Sint32, Value::I32(v)) => writer.varint(u64::from(wire::zigzag32(*v))),
        (Kind::Sint64, Value::I64(v)) => writer.varint(wire::zigzag64(*v)),
        (Kind::Sfixed32, Value::I32(v)) => writer.fixed32(*v as u32),
        (Kind::Sfixed64, Value::I64(v)) => writer.fixed64(*v as u64),
        (Kind::Fixed32, Value::U32(v)) => writer.fixed32(*v),
        (Kind::Fixed64, Value::U64(v)) => writer.fixed64(*v),
        (_, Value::Bool(v)) => writer.varint(u64::from(*v)),
        (_, Value::I32(v) | Value::Enum(v)) => writer.varint(*v as i64 as u64),
        (_, Value::I64(v)) => writer.varint(*v as u64),
        (_, Value::U32(v)) => writer.varint(u64::from(*v)),
        (_, Value::U64(v)) => writer.varint(*v),
        (_, Value::F32(v)) => writer.fixed32(v.to_bits()),
        (_, Value::F64(v)) => writer.fixed64(v.to_bits()),
        (_, Value::String(v)) => writer.bytes(v.as_bytes()),
        (_, Value::Bytes(v)) => writer.bytes(v),
        (_, Value::Message(_) | Value::List(_) | Value::Map(_)) => {}
    }
}
