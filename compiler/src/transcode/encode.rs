//! JSON to binary, with the schema alone.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::Value as Json;

use schemac_runtime::__private::field;
use schemac_runtime::json::{JsonCodec, JsonKey};
use schemac_runtime::wire::{self, WireType};
use schemac_runtime::{DecodeOptions, Writer};

use super::{
    CodecVisitor, KeyVisitor, Path, TranscodeError, with_codec, with_key_codec, with_well_known,
};
use crate::model::{
    EnumId, Extension, Field, FieldType, Message, MessageId, RefKind, Scalar, Schema, ValueType,
    WellKnown,
};
use crate::proto_names;

/// Encodes the JSON object `json` as a message of type `message`, with the
/// bytes generated code would write for the same value.
pub fn encode(schema: &Schema, message: MessageId, json: &Json) -> Result<Vec<u8>, TranscodeError> {
    let ref_targets = schema.ref_target_marks();
    // In graph mode an object other than the top-level message takes a
    // number on the wire only if it occurs more than once, which is when a
    // `$ref` names its label: a first encode finds those labels, and its
    // bytes are the encoding if it finds none.
    let (bytes, shared) = Encoder::new(schema, &ref_targets, BTreeSet::new()).top(message, json)?;
    if shared.is_empty() {
        return Ok(bytes);
    }
    let (bytes, _) = Encoder::new(schema, &ref_targets, shared).top(message, json)?;
    Ok(bytes)
}

struct Encoder<'a> {
    schema: &'a Schema,
    /// For each message, whether a reference can point at it, and so a
    /// `$id` label it.
    ref_targets: &'a [bool],
    /// The labels of the objects that occur more than once, and so take a
    /// number on the wire: those that a `$ref` names, as an encode before
    /// found.
    shared: BTreeSet<u64>,
    /// The objects of graph mode's references written so far.
    objects: RefCell<Objects>,
}

/// The objects of graph mode written so far that `$id`s label, by label,
/// the labels that `$ref`s have named of objects without a number on the
/// wire, and the next number.
#[derive(Clone)]
struct Objects {
    labelled: BTreeMap<u64, Labelled>,
    named: BTreeSet<u64>,
    next_number: u32,
}

/// An object that a `$id` labels.
#[derive(Clone, Copy)]
struct Labelled {
    message: MessageId,
    /// Whether it is written whole: a `$ref` from a `ref` field to an
    /// object still being written would close a cycle through strong
    /// references.
    written: bool,
    /// Its number on the wire: [`ROOT_ID`](super::ROOT_ID) for the
    /// top-level message, the next number for an object that the encoder
    /// knows to occur more than once ([`Encoder::shared`]), and none for
    /// the others.
    number: Option<u32>,
}

/// Whether a value at its default is left out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Presence {
    /// Left out at its default: a field without `optional`.
    Implicit,
    /// Written whatever it holds.
    Explicit,
    /// A map entry's value: left out as [`field::left_out_of_entry`] says.
    InEntry,
}

/// How one value is written: with the key of a field number (or none, in a
/// packed list), with which presence, and, for a message, whether it is a
/// group, between a start and an end key rather than after its length.
#[derive(Clone, Copy)]
struct Slot {
    number: Option<u32>,
    presence: Presence,
    group: bool,
}

impl Slot {
    fn field(number: u32, presence: Presence) -> Self {
        Self {
            number: Some(number),
            presence,
            group: false,
        }
    }

    /// The slot of a value of `field`: a group's if the field is one.
    fn of(field: &Field, presence: Presence) -> Self {
        Self {
            group: field.delimited,
            ..Self::field(field.wire_number(), presence)
        }
    }

    const PACKED: Slot = Slot {
        number: None,
        presence: Presence::Explicit,
        group: false,
    };
}

impl<'a> Encoder<'a> {
    /// An encoder that numbers on the wire the objects whose labels are in
    /// `shared`.
    fn new(schema: &'a Schema, ref_targets: &'a [bool], shared: BTreeSet<u64>) -> Self {
        Self {
            schema,
            ref_targets,
            shared,
            objects: RefCell::new(Objects {
                labelled: BTreeMap::new(),
                named: BTreeSet::new(),
                next_number: super::ROOT_ID + 1,
            }),
        }
    }

    /// Writes the top-level message `json`, of type `id`, and returns its
    /// bytes and the labels that `$ref`s named of objects written without
    /// a number: those an encode must number. It is object 1, which its
    /// `$id` may label if a reference can point at its type; it is never
    /// written inside itself, so a reference to it is always a later
    /// occurrence.
    fn top(self, id: MessageId, json: &Json) -> Result<(Vec<u8>, BTreeSet<u64>), TranscodeError> {
        let path = Path::root(self.schema.message(id));
        let label = self.take_label(id, json, &path)?;
        if let Some(label) = label {
            self.record(label, id, Some(super::ROOT_ID), &path)?;
        }
        let mut out = Vec::new();
        self.message(id, json, label.is_some(), &path, 0, &mut out)?;
        Ok((out, self.objects.into_inner().named))
    }

    /// Writes the fields of the message `json`, of type `id`; with
    /// `labelled`, its `$id` was taken as its label, and is no field.
    fn message(
        &self,
        id: MessageId,
        json: &Json,
        labelled: bool,
        path: &Path,
        depth: u32,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let message = self.schema.message(id);
        let limit = DecodeOptions::DEFAULT_RECURSION_LIMIT;
        if depth > limit {
            return Err(TranscodeError::new(
                path,
                format_args!("nested deeper than the recursion limit of {limit}"),
            ));
        }
        let Some(object) = json.as_object() else {
            return Err(TranscodeError::new(
                path,
                format_args!(
                    "expected an object for message {}, found {json}",
                    message.name
                ),
            ));
        };
        let extensions = self.schema.json_extensions_of(id);
        // The value of each field, by index, under either of its
        // spellings (its schema name and its JSON name): a field given
        // twice is an error, as in generated code.
        let keys = field_keys(message);
        let mut values: Vec<Option<&Json>> = vec![None; message.fields.len()];
        for (key, value) in object {
            if let Some(&index) = keys.get(key.as_str()) {
                if values[index].replace(value).is_some() {
                    let field = &message.fields[index];
                    return Err(TranscodeError::new(
                        path,
                        format_args!(
                            "`{}` is given twice, as `{}` and as `{}`",
                            field.name,
                            field.name,
                            field.json_name()
                        ),
                    ));
                }
                continue;
            }
            let label = labelled && key == super::ID_KEY;
            let extension = (extensions.iter())
                .any(|extension| super::reads_extension_from(self.schema, extension, key));
            if !label && !extension {
                return Err(TranscodeError::new(
                    path,
                    format_args!("unknown field `{key}` in message {}", message.name),
                ));
            }
        }
        let missing = (message.fields.iter().zip(&values)).find(|(field, value)| {
            matches!(field.ty, FieldType::Required(_)) && value.is_none_or(|value| value.is_null())
        });
        if let Some((missing, _)) = missing {
            return Err(TranscodeError::new(
                path,
                format_args!("the required field `{}` is missing", missing.name),
            ));
        }
        let mut by_number: Vec<usize> = (0..message.fields.len()).collect();
        by_number.sort_by_key(|&index| message.fields[index].number);
        let mut oneofs_set: Vec<(usize, &str)> = Vec::new();
        for index in by_number {
            let field = &message.fields[index];
            // A null leaves the field unset, unless null is a value of
            // its type.
            let Some(value) = values[index].filter(|value| !value.is_null() || null_is_set(field))
            else {
                continue;
            };
            if let Some(oneof) = field.oneof {
                if let Some((_, other)) = oneofs_set.iter().find(|(index, _)| *index == oneof) {
                    let name = &message.oneofs[oneof].name;
                    return Err(TranscodeError::new(
                        path,
                        format_args!(
                            "`{other}` and `{}` are both members of oneof `{name}`; set one",
                            field.name
                        ),
                    ));
                }
                oneofs_set.push((oneof, &field.name));
            }
            self.field(field, value, &path.field(&field.name), depth, out)?;
        }
        for extension in extensions {
            self.extension(id, extension, object, path, depth, out)?;
        }
        Ok(())
    }

    /// Writes `extension` of message `id` when `object` sets it, after the
    /// fields, as generated code writes it: with presence, and in a message
    /// set as an item. Given under two keys (a message set's extension has
    /// two), it is an error, as in generated code.
    fn extension(
        &self,
        id: MessageId,
        extension: &Extension,
        object: &serde_json::Map<String, Json>,
        path: &Path,
        depth: u32,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let field = super::extension_field(extension);
        let path = path.field(&extension.json_key());
        let mut keys = (object.iter())
            .filter(|(key, _)| super::reads_extension_from(self.schema, extension, key));
        let Some((_, value)) = keys.next() else {
            return Ok(());
        };
        if let Some((again, _)) = keys.next() {
            return Err(TranscodeError::new(
                &path,
                format_args!("the extension is given twice, the second time as `{again}`"),
            ));
        }
        if value.is_null() {
            return Ok(());
        }
        let item = match field.ty.value() {
            ValueType::Message(value) if self.schema.message(id).is_message_set() => value,
            _ => return self.field(&field, value, &path, depth, out),
        };
        let mut message = Vec::new();
        self.message(item, value, false, &path, depth + 1, &mut message)?;
        let key = |number, wire_type| u64::from(wire::key(number, wire_type));
        wire::put_varint(out, key(1, WireType::StartGroup));
        wire::put_varint(out, key(2, WireType::Varint));
        wire::put_varint(out, u64::from(field.wire_number()));
        write_delimited(out, 3, &message);
        wire::put_varint(out, key(1, WireType::EndGroup));
        Ok(())
    }

    fn field(
        &self,
        field: &Field,
        json: &Json,
        path: &Path,
        depth: u32,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let number = field.wire_number();
        match field.ty {
            FieldType::Single(ty) if field.oneof.is_none() => self.value(
                ty,
                Slot::of(field, Presence::Implicit),
                json,
                path,
                depth,
                out,
            ),
            FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty) => self
                .value(
                    ty,
                    Slot::of(field, Presence::Explicit),
                    json,
                    path,
                    depth,
                    out,
                ),
            FieldType::List(ty) => {
                let Some(elements) = json.as_array() else {
                    return Err(TranscodeError::new(
                        path,
                        format_args!("expected an array, found {json}"),
                    ));
                };
                if field.packed {
                    let mut payload = Vec::new();
                    for (index, element) in elements.iter().enumerate() {
                        self.value(
                            ty,
                            Slot::PACKED,
                            element,
                            &path.index(index),
                            depth,
                            &mut payload,
                        )?;
                    }
                    if !payload.is_empty() {
                        write_delimited(out, number, &payload);
                    }
                    return Ok(());
                }
                for (index, element) in elements.iter().enumerate() {
                    let slot = Slot::of(field, Presence::Explicit);
                    self.value(ty, slot, element, &path.index(index), depth, out)?;
                }
                Ok(())
            }
            FieldType::Map(key, ty) => {
                let Some(object) = json.as_object() else {
                    return Err(TranscodeError::new(
                        path,
                        format_args!("expected an object, found {json}"),
                    ));
                };
                let entries: Vec<(&String, &Json)> = object.iter().collect();
                let sorted = with_key_codec(
                    key,
                    SortKeys {
                        entries: &entries,
                        path,
                    },
                )
                .unwrap_or_else(|| {
                    Err(TranscodeError::new(
                        path,
                        "map keys of this type are not allowed",
                    ))
                })?;
                let mut sorted = sorted.into_iter().peekable();
                while let Some((key_bytes, key, value)) = sorted.next() {
                    // Two spellings of one key (`"0"` and `"-0"`) are one
                    // entry, the later value replacing the earlier, as in a
                    // map; the earlier is still checked, as generated code
                    // reads it too, but the objects in it are not written,
                    // so what it labels and names is forgotten. The sort
                    // keeps equal keys in order.
                    let replaced = sorted.peek().is_some_and(|next| next.0 == key_bytes);
                    let before = replaced.then(|| self.objects.borrow().clone());
                    let mut entry = key_bytes;
                    // Map entries nest one level, as they do when decoding.
                    let slot = Slot::field(2, Presence::InEntry);
                    let path = path.key(key);
                    // A null value is an error, as generated code reads it,
                    // unless null is a value of the type.
                    self.value(ty, slot, value, &path, depth + 1, &mut entry)?;
                    match before {
                        Some(before) => *self.objects.borrow_mut() = before,
                        None => write_delimited(out, number, &entry),
                    }
                }
                Ok(())
            }
        }
    }

    /// Writes one value as `slot` says.
    fn value(
        &self,
        ty: ValueType,
        slot: Slot,
        json: &Json,
        path: &Path,
        depth: u32,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        match ty {
            ValueType::Scalar(scalar) => with_codec(
                scalar,
                WriteScalar {
                    slot,
                    json: Some(json),
                    out,
                },
            )
            .map_err(|reason| TranscodeError::new(path, reason)),
            ValueType::Enum(id) => {
                let value = self
                    .enum_number(id, json)
                    .map_err(|reason| TranscodeError::new(path, reason))?;
                write_enum(slot, value, out);
                Ok(())
            }
            ValueType::Ref(id, kind) => {
                let mut reference = Vec::new();
                self.reference(id, kind, json, path, depth, &mut reference)?;
                write_delimited(out, slot.number.unwrap_or(0), &reference);
                Ok(())
            }
            ValueType::Message(id) => {
                let mut nested = Vec::new();
                self.message(id, json, false, path, depth + 1, &mut nested)?;
                match slot.group {
                    true => write_group(out, slot.number.unwrap_or(0), &nested),
                    false => write_delimited(out, slot.number.unwrap_or(0), &nested),
                }
                Ok(())
            }
            ValueType::WellKnown(known) => with_well_known(
                known,
                WriteScalar {
                    slot,
                    json: Some(json),
                    out,
                },
            )
            .map_err(|reason| TranscodeError::new(path, reason)),
        }
    }

    /// A reference to a message of type `id`, from `{"$ref": label}`, an
    /// object (with a `$id` label if later references name it), or, for a
    /// `weak`, `{}`: dead. Labels name objects in the order the bytes
    /// hold them, by field number: a `$ref` comes after its `$id`.
    ///
    /// On the wire the reference holds the object's fields, as a plain
    /// field would, led by its number if it occurs more than once; a later
    /// occurrence, or a dead `weak`, holds the number alone.
    fn reference(
        &self,
        id: MessageId,
        kind: RefKind,
        json: &Json,
        path: &Path,
        depth: u32,
        out: &mut Vec<u8>,
    ) -> Result<(), TranscodeError> {
        let error = |reason: String| TranscodeError::new(path, reason);
        let message = &self.schema.message(id).name;
        let object = json.as_object().ok_or_else(|| {
            error(format!(
                "expected an object for a reference to {message}, found {json}"
            ))
        })?;
        if kind == RefKind::Weak && object.is_empty() {
            write_number(super::DEAD, out);
            return Ok(());
        }
        if let Some(label) = object.get(super::REF_KEY) {
            if object.len() > 1 {
                return Err(error(format!("a `{}` holds nothing else", super::REF_KEY)));
            }
            let label = label_of(label).map_err(error)?;
            let mut objects = self.objects.borrow_mut();
            let Some(&named) = objects.labelled.get(&label) else {
                return Err(error(format!(
                    "`{}` {label} names no object written before it (a `{}` comes before the references to it, in field number order)",
                    super::REF_KEY,
                    super::ID_KEY
                )));
            };
            if named.message != id {
                return Err(error(format!(
                    "`{}` {label} names an object of type {}, not {message}",
                    super::REF_KEY,
                    self.schema.message(named.message).name
                )));
            }
            if kind == RefKind::Strong && !named.written {
                return Err(error(format!(
                    "`{}` {label} names an object that holds it: a cycle through a strong reference (cycles go through `weak`)",
                    super::REF_KEY
                )));
            }
            match named.number {
                Some(number) => write_number(number, out),
                // An object the encode before did not find named: this
                // encode finds it, and its bytes (or those of the replaced
                // map entry this is in) are thrown away.
                None => {
                    objects.named.insert(label);
                }
            }
            return Ok(());
        }
        let label = self.take_label(id, json, path)?;
        if let Some(label) = label {
            let number = self.shared.contains(&label).then(|| {
                let mut objects = self.objects.borrow_mut();
                let number = objects.next_number;
                objects.next_number = number.saturating_add(1);
                number
            });
            self.record(label, id, number, path)?;
            if let Some(number) = number {
                write_number(number, out);
            }
        }
        self.message(id, json, label.is_some(), path, depth + 1, out)?;
        if let Some(label) = label
            && let Some(object) = self.objects.borrow_mut().labelled.get_mut(&label)
        {
            object.written = true;
        }
        Ok(())
    }

    /// The label that the `$id` of `json`, an object of type `id`, gives it,
    /// if it has one. A message no reference can point at has no label:
    /// its `$id` is an unknown field.
    fn take_label(
        &self,
        id: MessageId,
        json: &Json,
        path: &Path,
    ) -> Result<Option<u64>, TranscodeError> {
        let labelled = self.ref_targets.get(id.0 as usize) == Some(&true);
        let Some(label) = json.get(super::ID_KEY).filter(|_| labelled) else {
            return Ok(None);
        };
        label_of(label)
            .map(Some)
            .map_err(|reason| TranscodeError::new(path, reason))
    }

    /// Records the object of type `id` that `label` labels, which takes
    /// `number` on the wire, if any.
    fn record(
        &self,
        label: u64,
        id: MessageId,
        number: Option<u32>,
        path: &Path,
    ) -> Result<(), TranscodeError> {
        let object = Labelled {
            message: id,
            written: false,
            number,
        };
        match self.objects.borrow_mut().labelled.insert(label, object) {
            Some(_) => Err(TranscodeError::new(
                path,
                format_args!("`{}` {label} labels two objects", super::ID_KEY),
            )),
            None => Ok(()),
        }
    }

    /// The number of the enum value `json` names, or is.
    fn enum_number(&self, id: EnumId, json: &Json) -> Result<i32, String> {
        let enumeration = self.schema.enumeration(id);
        match json {
            Json::String(name) => enumeration
                .values
                .iter()
                .find(|value| {
                    value.name == *name
                        || proto_names::value_name(self.schema, enumeration, &value.name) == *name
                })
                .map(|value| value.number as i32)
                .ok_or_else(|| format!("`{name}` is not a value of enum {}", enumeration.name)),
            Json::Number(number) => {
                let number = number
                    .as_i64()
                    .and_then(|number| i32::try_from(number).ok())
                    .ok_or_else(|| format!("{number} is not a 32-bit enum number"))?;
                // A closed enum holds only the numbers it names, as
                // generated code reads it.
                let named = enumeration
                    .values
                    .iter()
                    .any(|value| value.number == i64::from(number));
                match enumeration.closed && !named {
                    true => Err(format!(
                        "{number} is not a value of enum {}, which is closed",
                        enumeration.name
                    )),
                    false => Ok(number),
                }
            }
            other => Err(format!(
                "expected a value name of enum {}, found {other}",
                enumeration.name
            )),
        }
    }
}

/// The label a `$id` or `$ref` holds: a non-negative integer.
fn label_of(json: &Json) -> Result<u64, String> {
    json.as_u64()
        .ok_or_else(|| format!("an object's label is a non-negative integer, not {json}"))
}

/// The keys JSON reads each field of `message` from, its schema name and
/// its protobuf JSON name, to the field's index: found at once, however
/// many fields the message has. Check keeps any two fields from sharing
/// a key (E0317).
fn field_keys(message: &Message) -> HashMap<Cow<'_, str>, usize> {
    let mut keys = HashMap::with_capacity(2 * message.fields.len());
    for (index, field) in message.fields.iter().enumerate() {
        keys.insert(Cow::Borrowed(field.name.as_str()), index);
        keys.insert(Cow::Owned(field.json_name()), index);
    }
    keys
}

/// Whether `null` sets `field` rather than leaving it out: a field of
/// protobuf's `google.protobuf.Value` or `NullValue`, whose null is a
/// value (a oneof's `null_value` member is set by it), and an `optional`
/// field or oneof member of schemac's `value`, whose `Null` is.
fn null_is_set(field: &Field) -> bool {
    let explicit = match field.ty {
        FieldType::Single(ValueType::WellKnown(WellKnown::Value | WellKnown::NullValue))
        | FieldType::Optional(ValueType::WellKnown(WellKnown::Value | WellKnown::NullValue)) => {
            return true;
        }
        FieldType::Optional(ty) => Some(ty),
        FieldType::Single(ty) if field.oneof.is_some() => Some(ty),
        _ => None,
    };
    explicit == Some(ValueType::Scalar(Scalar::Value))
}

/// Writes [`REFERENCE_FIELD`](super::REFERENCE_FIELD) holding `number`: an
/// object's number on the wire, or [`DEAD`](super::DEAD).
fn write_number(number: u32, out: &mut Vec<u8>) {
    let key = wire::key(super::REFERENCE_FIELD, WireType::Varint);
    wire::put_varint(out, u64::from(key));
    wire::put_varint(out, u64::from(number));
}

/// Writes the key of field `number` as length-delimited, then `payload`
/// with its length.
fn write_delimited(out: &mut Vec<u8>, number: u32, payload: &[u8]) {
    wire::put_varint(out, u64::from(wire::key(number, WireType::Len)));
    wire::put_varint(out, payload.len() as u64);
    out.extend_from_slice(payload);
}

/// Writes `fields`, a message's, as the group of field `number`: between
/// its start-group and its end-group key.
fn write_group(out: &mut Vec<u8>, number: u32, fields: &[u8]) {
    wire::put_varint(out, u64::from(wire::key(number, WireType::StartGroup)));
    out.extend_from_slice(fields);
    wire::put_varint(out, u64::from(wire::key(number, WireType::EndGroup)));
}

/// Writes an enum number as `slot` says. An enum travels as a varint, so
/// implicit presence and a map entry both leave out its 0.
fn write_enum(slot: Slot, value: i32, out: &mut Vec<u8>) {
    if slot.presence != Presence::Explicit && value == 0 {
        return;
    }
    if let Some(number) = slot.number {
        wire::put_varint(out, u64::from(wire::key(number, WireType::Varint)));
    }
    wire::put_varint(out, value as i64 as u64);
}

/// Reads a scalar from JSON with its codec, or takes its default when
/// there is no JSON, and writes it.
struct WriteScalar<'a> {
    slot: Slot,
    json: Option<&'a Json>,
    out: &'a mut Vec<u8>,
}

impl CodecVisitor for WriteScalar<'_> {
    type Output = Result<(), String>;

    fn visit<C: JsonCodec>(self) -> Result<(), String> {
        let value = match self.json {
            Some(json) => C::deserialize(json.clone()).map_err(|error| error.to_string())?,
            None => C::Value::default(),
        };
        let left_out = match self.slot.presence {
            Presence::Implicit => C::is_default(&value),
            Presence::Explicit => false,
            Presence::InEntry => field::left_out_of_entry::<C>(&value),
        };
        if left_out {
            return Ok(());
        }
        let mut writer = Writer::new();
        match self.slot.number {
            Some(number) => field::write_present::<C>(number, &value, &mut writer),
            None => C::write_value(&value, &mut writer),
        }
        self.out.extend_from_slice(writer.written());
        Ok(())
    }
}

/// Parses map keys with their codec and sorts the entries as a `BTreeMap`
/// would, each with its key already encoded as field 1 of the entry; the
/// sort is stable, so entries of one key stay in the order written.
struct SortKeys<'a> {
    entries: &'a [(&'a String, &'a Json)],
    path: &'a Path,
}

type SortedEntries<'a> = Vec<(Vec<u8>, &'a str, &'a Json)>;

impl<'a> KeyVisitor for SortKeys<'a> {
    type Output = Result<SortedEntries<'a>, TranscodeError>;

    fn visit<C: JsonCodec + JsonKey>(self) -> Self::Output
    where
        C::Value: Ord,
    {
        let mut parsed = Vec::with_capacity(self.entries.len());
        for &(key, value) in self.entries {
            let typed = C::from_key(key)
                .map_err(|reason| TranscodeError::new(&self.path.key(key), reason))?;
            parsed.push((typed, key.as_str(), value));
        }
        parsed.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(parsed
            .into_iter()
            .map(|(typed, key, value)| {
                let mut writer = Writer::new();
                field::write::<C>(1, &typed, &mut writer);
                (writer.into_vec(), key, value)
            })
            .collect())
    }
}
