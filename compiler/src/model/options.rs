//! Options as protoc interprets them: each element's options are a value
//! of its options message (`google.protobuf.FieldOptions` for a field),
//! standard options being that message's fields and custom options its
//! extensions.
//!
//! Resolve builds them from what the source writes: `[(validate.rules)
//! .string.min_len = 1, (validate.rules).string.max_len = 9]` is one field,
//! `(validate.rules)`, whose message holds `string`, whose message holds
//! both numbers. Fields are kept in number order, each once, as a message
//! parsed from bytes would have them; the exports write them in that
//! order, as protoc does.

use super::{EnumId, ExtensionId, MessageId, Scalar, Schema, ValueType, WellKnown};
use crate::source::Span;

/// The options of one element, or a message value inside them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    /// The fields set, by number, each once.
    pub fields: Vec<OptionField>,
}

impl Options {
    /// Whether no option is set.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The standard option `name` (a field of the options message, not
    /// an extension), if set.
    pub fn get(&self, name: &str) -> Option<&OptionField> {
        self.fields.iter().find(|field| {
            !matches!(field.definition, FieldDefinition::Extension(_)) && field.name == name
        })
    }

    /// Whether the bool option `name` is set to `true`: `deprecated`.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name)
            .is_some_and(|field| field.values == [Constant::Bool(true)])
    }

    /// These options without the standard option `name`.
    pub fn without(&self, name: &str) -> Options {
        let kept = self.fields.iter().filter(|field| {
            matches!(field.definition, FieldDefinition::Extension(_)) || field.name != name
        });
        Options {
            fields: kept.cloned().collect(),
        }
    }

    /// The field with number `number`, if set.
    pub fn field(&self, number: u32) -> Option<&OptionField> {
        self.fields.iter().find(|field| field.number == number)
    }

    /// Sets `field`, in its place by number, replacing a field of its
    /// number.
    pub fn insert(&mut self, field: OptionField) {
        let position = self.fields.partition_point(|set| set.number < field.number);
        match self.fields.get_mut(position) {
            Some(set) if set.number == field.number => *set = field,
            _ => self.fields.insert(position, field),
        }
    }
}

/// One field of an options message, or of a message inside one, with its
/// values.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionField {
    /// The field's name: `java_package`, or an extension's full name,
    /// `google.api.http`.
    pub name: String,
    /// Its number.
    pub number: u32,
    /// Where the field is declared.
    pub definition: FieldDefinition,
    /// What its values are.
    pub ty: OptionType,
    /// Whether it is repeated.
    pub repeated: bool,
    /// Whether its values are written packed: a repeated number, bool or
    /// enum field that its file packs.
    pub packed: bool,
    /// Its values in order: one for a singular field.
    pub values: Vec<Constant>,
    /// Where it is first set.
    pub span: Span,
}

/// Where an option field is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldDefinition {
    /// Field `index` of [`Message::fields`](super::Message::fields) of the
    /// message: a standard option, or a field of a message inside one.
    Field(MessageId, usize),
    /// An extension: a custom option.
    Extension(ExtensionId),
    /// A field whose definition the schema does not hold: of a well-known
    /// message ([`WellKnown::option_fields`]), or a standard option or one
    /// of `schemac/options.proto` that an export writes itself.
    Fixed,
}

/// The type of an option field's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// A scalar of the wire format (not `decimal` or `value`).
    Scalar(Scalar),
    /// An enum of the schema.
    Enum(EnumId),
    /// A message of the schema, written after its length, or between
    /// group tags when `delimited` (a proto2 group).
    Message {
        /// The message.
        id: MessageId,
        /// Whether it is a group.
        delimited: bool,
    },
    /// A well-known message the runtime provides: `Duration`,
    /// `Timestamp`, a wrapper, `FieldMask`, `Empty` or `Any`.
    WellKnown(WellKnown),
}

impl OptionType {
    /// The option type of values of `ty`, when it has one: every value
    /// type but `decimal`, `value`, references and the well-known types
    /// whose fields [`WellKnown::option_fields`] does not describe.
    pub fn of(ty: ValueType, delimited: bool) -> Option<OptionType> {
        Some(match ty {
            ValueType::Scalar(scalar) if !scalar.is_builtin_message() => OptionType::Scalar(scalar),
            ValueType::Enum(id) => OptionType::Enum(id),
            ValueType::Message(id) => OptionType::Message { id, delimited },
            ValueType::WellKnown(known) if known.option_fields().is_some() => {
                OptionType::WellKnown(known)
            }
            ValueType::WellKnown(WellKnown::NullValue) => return None,
            _ => return None,
        })
    }
}

/// One value of an option field.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// `bool`.
    Bool(bool),
    /// A signed integer type.
    Int(i64),
    /// An unsigned integer type.
    Uint(u64),
    /// `double`.
    Double(f64),
    /// `float`.
    Float(f32),
    /// `string`.
    String(String),
    /// `bytes`.
    Bytes(Vec<u8>),
    /// An enum value: its number and its name.
    Enum(i32, String),
    /// A message.
    Message(Options),
}

impl WellKnown {
    /// The fields of the well-known messages an option may hold, by name:
    /// their numbers and types; `None` for the others (`Struct`, `Value`,
    /// `ListValue`, and `NullValue`, an enum).
    pub const fn option_fields(self) -> Option<&'static [(&'static str, u32, Scalar, bool)]> {
        const TIME: &[(&str, u32, Scalar, bool)] = &[
            ("seconds", 1, Scalar::I64, false),
            ("nanos", 2, Scalar::I32, false),
        ];
        Some(match self {
            WellKnown::Timestamp | WellKnown::Duration => TIME,
            WellKnown::Empty => &[],
            WellKnown::FieldMask => &[("paths", 1, Scalar::String, true)],
            WellKnown::Any => &[
                ("type_url", 1, Scalar::String, false),
                ("value", 2, Scalar::Bytes, false),
            ],
            WellKnown::DoubleValue => &[("value", 1, Scalar::F64, false)],
            WellKnown::FloatValue => &[("value", 1, Scalar::F32, false)],
            WellKnown::Int64Value => &[("value", 1, Scalar::I64, false)],
            WellKnown::UInt64Value => &[("value", 1, Scalar::U64, false)],
            WellKnown::Int32Value => &[("value", 1, Scalar::I32, false)],
            WellKnown::UInt32Value => &[("value", 1, Scalar::U32, false)],
            WellKnown::BoolValue => &[("value", 1, Scalar::Bool, false)],
            WellKnown::StringValue => &[("value", 1, Scalar::String, false)],
            WellKnown::BytesValue => &[("value", 1, Scalar::Bytes, false)],
            WellKnown::Struct | WellKnown::Value | WellKnown::ListValue | WellKnown::NullValue => {
                return None;
            }
        })
    }
}

impl Options {
    /// The options as protobuf bytes, as a message parsed from them writes
    /// itself: each field by number; a repeated field's values in order,
    /// in one record when packed; a message after its length, or between
    /// group tags; the extensions of a message set as its items. `schema`
    /// holds the messages the values are of.
    pub fn encode(&self, schema: &Schema, out: &mut Vec<u8>) {
        for field in &self.fields {
            field.encode(schema, out);
        }
    }

    /// [`Options::encode`] into a new vector.
    pub fn encode_to_vec(&self, schema: &Schema) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode(schema, &mut out);
        out
    }

    /// The options as the value of a message set: each extension an item,
    /// a group of field 1 holding the extension's number (field 2) and its
    /// message (field 3).
    fn encode_message_set(&self, schema: &Schema, out: &mut Vec<u8>) {
        use prost::encoding::{WireType, encode_key, encode_varint};
        for field in &self.fields {
            if !matches!(field.definition, FieldDefinition::Extension(_)) {
                field.encode(schema, out);
                continue;
            }
            for value in &field.values {
                encode_key(1, WireType::StartGroup, out);
                encode_key(2, WireType::Varint, out);
                encode_varint(u64::from(field.number), out);
                encode_key(3, WireType::LengthDelimited, out);
                value.encode_payload(schema, field.ty, out);
                encode_key(1, WireType::EndGroup, out);
            }
        }
    }
}

impl OptionField {
    fn encode(&self, schema: &Schema, out: &mut Vec<u8>) {
        use prost::encoding::{WireType, encode_key, encode_varint};
        if self.packed && self.repeated {
            if self.values.is_empty() {
                return;
            }
            let mut payload = Vec::new();
            for value in &self.values {
                value.encode_payload(schema, self.ty, &mut payload);
            }
            encode_key(self.number, WireType::LengthDelimited, out);
            encode_varint(payload.len() as u64, out);
            out.extend_from_slice(&payload);
            return;
        }
        for value in &self.values {
            match (self.ty, value) {
                (
                    OptionType::Message {
                        delimited: true, ..
                    },
                    Constant::Message(message),
                ) => {
                    encode_key(self.number, WireType::StartGroup, out);
                    message.encode(schema, out);
                    encode_key(self.number, WireType::EndGroup, out);
                }
                _ => {
                    encode_key(self.number, self.ty.wire_type(), out);
                    value.encode_payload(schema, self.ty, out);
                }
            }
        }
    }
}

impl OptionType {
    /// The wire type its values are written with, unpacked.
    fn wire_type(self) -> prost::encoding::WireType {
        use prost::encoding::WireType;
        match self {
            OptionType::Scalar(scalar) => match scalar {
                Scalar::Fixed32 | Scalar::Sfixed32 | Scalar::F32 => WireType::ThirtyTwoBit,
                Scalar::Fixed64 | Scalar::Sfixed64 | Scalar::F64 => WireType::SixtyFourBit,
                Scalar::String | Scalar::Bytes | Scalar::Decimal | Scalar::Value => {
                    WireType::LengthDelimited
                }
                _ => WireType::Varint,
            },
            OptionType::Enum(_) => WireType::Varint,
            OptionType::Message { .. } | OptionType::WellKnown(_) => WireType::LengthDelimited,
        }
    }
}

impl Constant {
    /// The value's bytes after its key, as a value of type `ty`: a varint,
    /// fixed bytes, or a length and the bytes of a string, bytes or
    /// message.
    fn encode_payload(&self, schema: &Schema, ty: OptionType, out: &mut Vec<u8>) {
        use prost::encoding::encode_varint;
        let length_delimited = |bytes: &[u8], out: &mut Vec<u8>| {
            encode_varint(bytes.len() as u64, out);
            out.extend_from_slice(bytes);
        };
        match (self, ty) {
            (Constant::Bool(value), _) => encode_varint(u64::from(*value), out),
            (Constant::Int(value), OptionType::Scalar(Scalar::Sint32)) => {
                let value = *value as i32;
                encode_varint(u64::from(((value << 1) ^ (value >> 31)) as u32), out);
            }
            (Constant::Int(value), OptionType::Scalar(Scalar::Sint64)) => {
                encode_varint(((value << 1) ^ (value >> 63)) as u64, out);
            }
            (Constant::Int(value), OptionType::Scalar(Scalar::Sfixed32)) => {
                out.extend_from_slice(&(*value as i32).to_le_bytes());
            }
            (Constant::Int(value), OptionType::Scalar(Scalar::Sfixed64)) => {
                out.extend_from_slice(&value.to_le_bytes());
            }
            (Constant::Int(value), _) => encode_varint(*value as u64, out),
            (Constant::Uint(value), OptionType::Scalar(Scalar::Fixed32)) => {
                out.extend_from_slice(&(*value as u32).to_le_bytes());
            }
            (Constant::Uint(value), OptionType::Scalar(Scalar::Fixed64)) => {
                out.extend_from_slice(&value.to_le_bytes());
            }
            (Constant::Uint(value), _) => encode_varint(*value, out),
            (Constant::Double(value), _) => out.extend_from_slice(&value.to_le_bytes()),
            (Constant::Float(value), _) => out.extend_from_slice(&value.to_le_bytes()),
            (Constant::String(text), _) => length_delimited(text.as_bytes(), out),
            (Constant::Bytes(bytes), _) => length_delimited(bytes, out),
            (Constant::Enum(number, _), _) => encode_varint(i64::from(*number) as u64, out),
            (Constant::Message(message), OptionType::Message { id, .. })
                if schema.message(id).options.flag("message_set_wire_format") =>
            {
                let mut bytes = Vec::new();
                message.encode_message_set(schema, &mut bytes);
                length_delimited(&bytes, out);
            }
            (Constant::Message(message), _) => {
                length_delimited(&message.encode_to_vec(schema), out)
            }
        }
    }
}
