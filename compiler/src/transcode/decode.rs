//! Binary to JSON, with the schema alone.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value as Json};

use schemac_runtime::__private::{field, read_message_set_item};
use schemac_runtime::json::{JsonCodec, JsonKey, Ser};
use schemac_runtime::wire;
use schemac_runtime::{DecodeError, DecodeOptions, Decoder, WireType};

use super::{
    CodecVisitor, KeyVisitor, Path, TranscodeError, with_codec, with_key_codec, with_well_known,
};
use crate::config::JsonNames;
use crate::model::{EnumId, Extension, Field, FieldType, MessageId, RefKind, Schema, ValueType};

/// Decodes `bytes` as a message of type `message` into the JSON that the
/// generated serde impls would write for it.
pub fn decode(
    schema: &Schema,
    message: MessageId,
    bytes: &[u8],
    options: &DecodeOptions,
) -> Result<Json, TranscodeError> {
    decode_with_names(schema, message, bytes, options, JsonNames::Schema)
}

/// [`decode`], writing the field names that `names` chooses: the
/// schema's, or protobuf's JSON names, as generated serde impls do with
/// [`Config::json_names`](crate::Config::json_names).
pub fn decode_with_names(
    schema: &Schema,
    message: MessageId,
    bytes: &[u8],
    options: &DecodeOptions,
    names: JsonNames,
) -> Result<Json, TranscodeError> {
    let path = Path::root(schema.message(message));
    let mut decoder =
        Decoder::new(bytes, options).map_err(|error| TranscodeError::new(&path, error))?;
    let root = super::ROOT_ID;
    let reader = Reader {
        schema,
        names,
        options: *options,
        objects: RefCell::new(Objects {
            json_ids: u64::from(root),
            numbered: vec![Object {
                message,
                json_id: u64::from(root),
                read: false,
            }],
            replaced: HashMap::new(),
        }),
    };
    let fields = reader.message(message, None, None, &mut decoder, &path)?;
    // The top-level message is object 1, which references to its type
    // may name.
    let mut json = Json::Object(
        match schema.ref_target_marks().get(message.0 as usize) == Some(&true) {
            true => with_id(u64::from(root), fields),
            false => fields,
        },
    );
    let replaced = std::mem::take(&mut reader.objects.borrow_mut().replaced);
    if reader.objects.borrow().json_ids > u64::from(root) {
        reader.place_first_occurrences(message, &mut json, replaced);
    }
    Ok(json)
}

/// Whether a key of `field`'s number under `wire_type` is `field`'s
/// ([`Field::wire_types_read`]).
fn reads_wire_type(field: &Field, wire_type: WireType) -> bool {
    (field.wire_types_read().iter()).any(|name| wire_type_named(name) == Some(wire_type))
}

/// The runtime's wire type of `name`, as the model names wire types.
fn wire_type_named(name: &str) -> Option<WireType> {
    Some(match name {
        "Varint" => WireType::Varint,
        "Fixed32" => WireType::Fixed32,
        "Fixed64" => WireType::Fixed64,
        "Len" => WireType::Len,
        "StartGroup" => WireType::StartGroup,
        _ => return None,
    })
}

/// The number of `field` if it is a group, whose message is read up to
/// the end-group key of that number.
fn group_number(field: &Field) -> Option<u32> {
    field.delimited.then(|| field.wire_number())
}

/// `{"$ref": id}`.
fn reference_to(id: u64) -> Json {
    Json::Object(Map::from_iter([(
        super::REF_KEY.to_owned(),
        Json::from(id),
    )]))
}

/// The id `json` names if it is `{"$ref": id}`.
fn referenced_id(json: &Json) -> Option<u64> {
    match json {
        Json::Object(members) if members.len() == 1 => members.get(super::REF_KEY)?.as_u64(),
        _ => None,
    }
}

/// The label of `json`, an object's, if it leads with `$id`.
fn labelled(json: &Json) -> Option<u64> {
    match json {
        Json::Object(members) => members.get(super::ID_KEY)?.as_u64(),
        _ => None,
    }
}

/// `fields`, an object's, led by its `$id`.
fn with_id(id: u64, fields: Map<String, Json>) -> Map<String, Json> {
    let mut object = Map::with_capacity(fields.len() + 1);
    object.insert(super::ID_KEY.to_owned(), Json::from(id));
    object.extend(fields);
    object
}

/// An error of the runtime inside a value whose path is known.
impl From<DecodeError> for TranscodeError {
    fn from(error: DecodeError) -> Self {
        Self {
            path: String::new(),
            reason: error.to_string(),
        }
    }
}

impl TranscodeError {
    fn at(mut self, path: &Path) -> Self {
        if self.path.is_empty() {
            self.path = path.to_string();
        }
        self
    }
}

/// Whose field a field read is: a closed enum's field of the message
/// holds only the numbers its enum names, where an extension's reads open,
/// as generated code reads them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Message,
    Extension,
}

struct Reader<'a> {
    schema: &'a Schema,
    names: JsonNames,
    /// The limits of the decode, which the messages of a message set's
    /// items are read within too.
    options: DecodeOptions,
    /// The objects of graph mode's references met so far.
    objects: RefCell<Objects>,
}

/// The objects of graph mode met so far. JSON numbers every object, in the
/// order of its first occurrence in the bytes; the wire numbers only those
/// that occur more than once, which a later occurrence names.
struct Objects {
    /// The JSON ids taken so far, from 1, the top-level message's.
    json_ids: u64,
    /// The objects the wire numbers, by number from 1, the top-level
    /// message: what a later occurrence may name.
    numbered: Vec<Object>,
    /// The objects whose occurrence a later occurrence of the same field
    /// replaced, by JSON id, which later references may still name
    /// ([`Reader::place_first_occurrences`]).
    replaced: HashMap<u64, Json>,
}

/// One object of graph mode that the wire numbers, as a reference read it.
struct Object {
    message: MessageId,
    /// Its id in the JSON.
    json_id: u64,
    /// Whether it has been read whole: a strong reference to an object
    /// still being read would be a cycle through strong references.
    read: bool,
}

/// How the bytes of one occurrence of a reference begin.
enum Head {
    /// With [`REFERENCE_FIELD`](super::REFERENCE_FIELD), in its canonical
    /// key: the number of an object that occurs more than once, or
    /// [`DEAD`](super::DEAD).
    Number(u32),
    /// Otherwise: with the fields of an object that occurs once, the key of
    /// the first already read if it has one.
    Fields(Option<(u32, WireType)>),
}

impl Reader<'_> {
    /// Reads a message of type `id` into `earlier`, the JSON of what an
    /// earlier occurrence of the same field held, if any: reading into it,
    /// rather than merging two JSON objects, lets a later field at its
    /// default replace an earlier value, as on the wire. `first_key` is the
    /// key of its first field, if the caller has read it.
    fn message(
        &self,
        id: MessageId,
        earlier: Option<Json>,
        mut first_key: Option<(u32, WireType)>,
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<Map<String, Json>, TranscodeError> {
        let message = self.schema.message(id);
        let mut earlier = match earlier {
            Some(Json::Object(fields)) => fields,
            _ => Map::new(),
        };
        let mut values: Vec<Option<Json>> = message
            .fields
            .iter()
            .map(|field| earlier.remove(&self.key(field)))
            .collect();
        let extensions: Vec<(&Extension, Field)> = (self.schema.json_extensions_of(id))
            .into_iter()
            .map(|extension| (extension, super::extension_field(extension)))
            .collect();
        let mut extension_values: Vec<Option<Json>> = (extensions.iter())
            .map(|(extension, _)| earlier.remove(&extension.json_key()))
            .collect();
        loop {
            let (number, wire_type) = match first_key.take() {
                Some(key) => key,
                None if decoder.has_remaining() => decoder
                    .read_key()
                    .map_err(|error| TranscodeError::new(path, error))?,
                None => break,
            };
            // A group's fields end at its end-group key; anywhere else,
            // one is an error.
            if wire_type == WireType::EndGroup {
                decoder
                    .end_group(number)
                    .map_err(|error| TranscodeError::new(path, error))?;
                break;
            }
            let Some(index) = message
                .fields
                .iter()
                .position(|field| field.number == i64::from(number))
            else {
                self.extension(
                    id,
                    (number, wire_type),
                    &extensions,
                    &mut extension_values,
                    decoder,
                    path,
                )?;
                continue;
            };
            let field = &message.fields[index];
            if !reads_wire_type(field, wire_type) {
                // An unknown field, as protobuf's implementations read it.
                decoder
                    .skip(wire_type)
                    .map_err(|error| TranscodeError::new(path, error))?;
                continue;
            }
            // A oneof member read later replaces the others; but a number
            // that a closed enum does not name leaves the oneof as it was.
            let closed = self.is_closed(field.ty.value());
            if !closed {
                self.clear_other_members(message, field, &mut values);
            }
            let field_path = path.field(&field.name);
            let slot = &mut values[index];
            (self.field(field, Owner::Message, wire_type, decoder, &field_path, slot))
                .map_err(|error| error.at(&field_path))?;
            if closed && values[index].is_some() {
                self.clear_other_members(message, field, &mut values);
            }
        }
        for (field, value) in message.fields.iter().zip(&mut values) {
            if let (FieldType::Map(key, _), Some(Json::Object(entries))) = (field.ty, value) {
                let unsorted = std::mem::take(entries);
                *entries = with_key_codec(key, SortEntries(unsorted)).unwrap_or_default();
            }
        }
        if let Some(missing) =
            message.fields.iter().zip(&values).find(|(field, value)| {
                matches!(field.ty, FieldType::Required(_)) && value.is_none()
            })
        {
            return Err(TranscodeError::new(
                path,
                format_args!("the required field `{}` is missing", missing.0.name),
            ));
        }
        let fields = (message.fields.iter().zip(values))
            .filter_map(|(field, value)| Some((self.key(field), value?)));
        let extensions = (extensions.iter().zip(extension_values))
            .filter_map(|((extension, _), value)| Some((extension.json_key(), value?)));
        Ok(fields.chain(extensions).collect())
    }

    /// Reads the field of `key` that message `id` does not declare into
    /// the value of its extension among `extensions`, if it is one, each
    /// value in `values`; a message set's item into the value of the
    /// extension its type id names. Anything else is skipped, as an item
    /// of an extension the schema does not declare is.
    fn extension(
        &self,
        id: MessageId,
        (number, wire_type): (u32, WireType),
        extensions: &[(&Extension, Field)],
        values: &mut [Option<Json>],
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<(), TranscodeError> {
        let read = |number: u32| {
            let index = (extensions.iter()).position(|(_, field)| field.wire_number() == number)?;
            Some((
                index,
                &extensions[index].1,
                path.field(&extensions[index].0.json_key()),
            ))
        };
        if number == 1
            && wire_type == WireType::StartGroup
            && self.schema.message(id).is_message_set()
        {
            let item =
                read_message_set_item(decoder).map_err(|error| TranscodeError::new(path, error))?;
            let Some((type_id, message)) = item else {
                return Ok(());
            };
            let Some((index, field, path)) = read(type_id) else {
                return Ok(());
            };
            let mut decoder = Decoder::new(message, &self.options)
                .map_err(|error| TranscodeError::new(&path, error))?;
            return (self.field(
                field,
                Owner::Extension,
                WireType::Len,
                &mut decoder,
                &path,
                &mut values[index],
            ))
            .map_err(|error| error.at(&path));
        }
        match read(number) {
            Some((index, field, path)) if reads_wire_type(field, wire_type) => {
                let slot = &mut values[index];
                (self.field(field, Owner::Extension, wire_type, decoder, &path, slot))
                    .map_err(|error| error.at(&path))
            }
            _ => decoder
                .skip(wire_type)
                .map_err(|error| TranscodeError::new(path, error)),
        }
    }

    /// Clears the members of `field`'s oneof but `field`, if it is in one:
    /// it is being read, and replaces them.
    fn clear_other_members(
        &self,
        message: &crate::model::Message,
        field: &Field,
        values: &mut [Option<Json>],
    ) {
        let Some(oneof) = field.oneof else {
            return;
        };
        for (other, slot) in message.fields.iter().zip(values.iter_mut()) {
            if other.oneof == Some(oneof) && other.number != field.number {
                self.replace(other.ty.value(), slot.take());
            }
        }
    }

    /// Whether values of type `ty` are those of a closed enum, which a
    /// field holds only when the enum names them.
    fn is_closed(&self, ty: ValueType) -> bool {
        matches!(ty, ValueType::Enum(id) if self.schema.enumeration(id).closed)
    }

    /// Whether `json`, a value of type `ty` just read into a field of
    /// `owner`, is a number that a closed enum does not name
    /// ([`Reader::enum_json`] writes a number only for those): generated
    /// code moves it to the message's unknown fields, which JSON does not
    /// have, so the field leaves it out, as a message that keeps no
    /// unknown fields drops it. An extension's enum reads open.
    fn is_stray(&self, owner: Owner, ty: ValueType, json: &Json) -> bool {
        owner == Owner::Message && json.is_number() && self.is_closed(ty)
    }

    /// The key `field` is written under.
    fn key(&self, field: &Field) -> String {
        match self.names {
            JsonNames::Schema => field.name.clone(),
            JsonNames::Proto => field.json_name(),
        }
    }

    /// Reads one occurrence of `field`, of `owner`, into `slot`, following
    /// protobuf: scalars replace, lists append, maps insert, messages
    /// merge.
    fn field(
        &self,
        field: &Field,
        owner: Owner,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
        path: &Path,
        slot: &mut Option<Json>,
    ) -> Result<(), TranscodeError> {
        let implicit = field.oneof.is_none() && matches!(field.ty, FieldType::Single(_));
        match field.ty {
            FieldType::Single(ValueType::Message(id))
            | FieldType::Optional(ValueType::Message(id))
            | FieldType::Required(ValueType::Message(id)) => {
                let earlier = slot.take();
                let group = group_number(field);
                *slot = Some(self.nested_message(id, earlier, group, wire_type, decoder, path)?);
            }
            FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty) => {
                // An enum replaces what the field held, so it takes
                // nothing; a closed one's stray leaves the field as it was.
                let earlier = match ty {
                    ValueType::Enum(_) => None,
                    _ => slot.take(),
                };
                let (value, is_default) = self.value(ty, earlier, wire_type, decoder, path)?;
                if self.is_stray(owner, ty, &value) {
                    return Ok(());
                }
                *slot = (!(implicit && is_default)).then_some(value);
            }
            FieldType::List(ty) => {
                let mut elements = match slot.take() {
                    Some(Json::Array(elements)) => elements,
                    _ => Vec::new(),
                };
                if field.ty.is_packable() && wire_type == WireType::Len {
                    decoder.read_delimited(|decoder| {
                        while decoder.has_remaining() {
                            let index = elements.len();
                            let value = self
                                .packed_element(ty, decoder)
                                .map_err(|error| error.at(&path.index(index)))?;
                            if !self.is_stray(owner, ty, &value) {
                                elements.push(value);
                            }
                        }
                        Ok::<(), TranscodeError>(())
                    })?;
                } else {
                    let index = elements.len();
                    let path = path.index(index);
                    let value = match (group_number(field), ty) {
                        (Some(number), ValueType::Message(id)) => {
                            self.nested_message(id, None, Some(number), wire_type, decoder, &path)?
                        }
                        _ => self.value(ty, None, wire_type, decoder, &path)?.0,
                    };
                    if !self.is_stray(owner, ty, &value) {
                        elements.push(value);
                    }
                }
                // An empty packed run adds nothing, and an empty list is
                // left out, as generated code writes it.
                *slot = (!elements.is_empty()).then_some(Json::Array(elements));
            }
            FieldType::Map(key, ty) => {
                let mut entries = match slot.take() {
                    Some(Json::Object(entries)) => entries,
                    _ => Map::new(),
                };
                decoder.expect_wire_type(wire_type, WireType::Len)?;
                let (key, value) =
                    decoder.read_nested(|decoder| self.map_entry(key, ty, decoder, path))?;
                // An entry whose value a closed enum does not name is left
                // out whole.
                if !self.is_stray(owner, ty, &value) {
                    self.replace(ty, entries.insert(key, value));
                }
                *slot = (!entries.is_empty()).then_some(Json::Object(entries));
            }
        }
        Ok(())
    }

    /// A message of type `id`, merged into `earlier`: length-delimited, or
    /// the group of field `group`.
    fn nested_message(
        &self,
        id: MessageId,
        earlier: Option<Json>,
        group: Option<u32>,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<Json, TranscodeError> {
        let read = |decoder: &mut Decoder<'_>| self.message(id, earlier, None, decoder, path);
        let fields = match group {
            Some(number) => {
                decoder.expect_wire_type(wire_type, WireType::StartGroup)?;
                decoder.read_group(number, read)?
            }
            None => {
                decoder.expect_wire_type(wire_type, WireType::Len)?;
                decoder.read_nested(read)?
            }
        };
        Ok(Json::Object(fields))
    }

    /// One value and whether it is its type's default. `earlier` is what an
    /// earlier occurrence of the same field read, if any: a message or a
    /// `value` merges into it, as generated code does; other values
    /// replace it.
    fn value(
        &self,
        ty: ValueType,
        earlier: Option<Json>,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<(Json, bool), TranscodeError> {
        match ty {
            ValueType::Scalar(scalar) => Ok(with_codec(
                scalar,
                ReadScalar {
                    wire_type,
                    decoder,
                    earlier,
                },
            )?),
            ValueType::Enum(id) => {
                decoder.expect_wire_type(wire_type, WireType::Varint)?;
                let number = decoder.read_varint()? as i32;
                Ok((self.enum_json(id, number), number == 0))
            }
            ValueType::Ref(id, kind) => {
                self.replace(ty, earlier);
                decoder.expect_wire_type(wire_type, WireType::Len)?;
                let json = decoder
                    .read_nested(|decoder| self.reference(id, kind, decoder, path))
                    .map_err(|error| error.at(path))?;
                Ok((json, false))
            }
            ValueType::Message(id) => Ok((
                self.nested_message(id, earlier, None, wire_type, decoder, path)?,
                false,
            )),
            ValueType::WellKnown(known) => Ok(with_well_known(
                known,
                ReadScalar {
                    wire_type,
                    decoder,
                    earlier,
                },
            )?),
        }
    }

    /// Moves each object of `json`, a message of type `id` (the
    /// top-level message), to its first occurrence in the order of the
    /// text, which is the order generated code writes and `encode` reads:
    /// its `$id` and fields there, and `{"$ref": id}` wherever else it
    /// occurs. The bytes do not always hold it first there: a map's
    /// entries are written in key order whatever order the wire has them
    /// in, and an object whose first occurrence a later occurrence of its
    /// field replaced (`replaced`) is still named by references after it,
    /// as in generated code.
    fn place_first_occurrences(
        &self,
        id: MessageId,
        json: &mut Json,
        mut replaced: HashMap<u64, Json>,
    ) {
        self.take_objects(id, false, json, &mut replaced);
        self.place_objects(id, false, json, &mut replaced, &mut HashSet::new());
    }

    /// Takes every object with a `$id` out of `json`, a message of type
    /// `id` held by a reference field if `reference`, into `objects` by
    /// id, each in place of a `{"$ref": id}` to it, the objects inside it
    /// too.
    fn take_objects(
        &self,
        id: MessageId,
        reference: bool,
        json: &mut Json,
        objects: &mut HashMap<u64, Json>,
    ) {
        for (message, is_reference, value) in self.messages_in(id, json) {
            self.take_objects(message, is_reference, value, objects);
        }
        if let Some(label) = reference.then(|| labelled(json)).flatten() {
            objects.insert(label, std::mem::replace(json, reference_to(label)));
        }
    }

    /// Puts each object of `objects` at the first `{"$ref": id}` to it in
    /// `json`, a message of type `id` held by a reference field if
    /// `reference`, in the order of the text: one that no `$id` before it
    /// labels (`defined`).
    fn place_objects(
        &self,
        id: MessageId,
        reference: bool,
        json: &mut Json,
        objects: &mut HashMap<u64, Json>,
        defined: &mut HashSet<u64>,
    ) {
        if reference
            && let Some(label) = referenced_id(json)
            && !defined.contains(&label)
            && let Some(object) = objects.remove(&label)
        {
            *json = object;
        }
        if let Some(label) = labelled(json) {
            defined.insert(label);
        }
        for (message, is_reference, value) in self.messages_in(id, json) {
            self.place_objects(message, is_reference, value, objects, defined);
        }
    }

    /// The messages that `json`, a message of type `id`, holds in its
    /// fields, in the order of the text: each one's type, whether a
    /// reference field holds it, and its JSON.
    fn messages_in<'j>(
        &self,
        id: MessageId,
        json: &'j mut Json,
    ) -> Vec<(MessageId, bool, &'j mut Json)> {
        let Json::Object(members) = json else {
            return Vec::new();
        };
        let fields = &self.schema.message(id).fields;
        let mut messages = Vec::new();
        for (key, value) in members.iter_mut() {
            let Some(field) = fields.iter().find(|field| self.key(field) == *key) else {
                continue;
            };
            let (values, ty): (Vec<&mut Json>, _) = match (field.ty, value) {
                (
                    FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty),
                    value,
                ) => (vec![value], ty),
                (FieldType::List(ty), Json::Array(elements)) => (elements.iter_mut().collect(), ty),
                (FieldType::Map(_, ty), Json::Object(entries)) => {
                    (entries.values_mut().collect(), ty)
                }
                _ => continue,
            };
            let (message, reference) = match ty {
                ValueType::Message(message) => (message, false),
                ValueType::Ref(message, _) => (message, true),
                _ => continue,
            };
            messages.extend(values.into_iter().map(|value| (message, reference, value)));
        }
        messages
    }

    /// A reference to a message of type `id`, as `decode_arc` reads it:
    /// an object met for the first time, with its `$id`, the next JSON id,
    /// whether or not the wire numbers it; `{"$ref": id}` for an object read
    /// before (or being read, for `weak`); `{}` for a dead `weak`.
    ///
    /// On the wire ([`read_head`]), an occurrence led by the next number is
    /// the first of an object that occurs more than once; one without a
    /// number, an object that occurs once; a number taken before, alone, a
    /// later occurrence; [`DEAD`](super::DEAD), alone, a dead `weak`.
    fn reference(
        &self,
        id: MessageId,
        kind: RefKind,
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<Json, TranscodeError> {
        let start = decoder.offset();
        let number = match read_head(decoder)? {
            Head::Fields(first_key) => return self.object(id, false, first_key, decoder, path),
            Head::Number(number) => number,
        };
        let next = self.objects.borrow().numbered.len() as u64 + 1;
        if u64::from(number) == next {
            return self.object(id, true, None, decoder, path);
        }
        if u64::from(number) > next {
            return Err(not_seen_yet(start));
        }
        if decoder.has_remaining() {
            return Err(invalid(
                "a reference holds fields besides its object's number",
                decoder.offset(),
            ));
        }
        if number == super::DEAD {
            return match kind {
                RefKind::Weak => Ok(Json::Object(Map::new())),
                RefKind::Strong => Err(invalid(
                    "a `ref` field holds no object (number 0): only a `weak` one may be dead",
                    start,
                )),
            };
        }
        let objects = self.objects.borrow();
        let Some(named) = (number as usize)
            .checked_sub(1)
            .and_then(|index| objects.numbered.get(index))
        else {
            return Err(not_seen_yet(start));
        };
        if named.message != id {
            return Err(invalid("a reference to an object of another type", start));
        }
        if kind == RefKind::Strong && !named.read {
            return Err(invalid(
                "a strong reference to an object that holds it: a cycle through a strong reference (cycles go through `weak`)",
                start,
            ));
        }
        Ok(reference_to(named.json_id))
    }

    /// Keeps the objects of `earlier`, what a later occurrence of its
    /// field replaces, for a later reference to them
    /// ([`Reader::place_first_occurrences`]).
    fn replace(&self, ty: ValueType, earlier: Option<Json>) {
        let (Some(mut earlier), ValueType::Message(id) | ValueType::Ref(id, _)) = (earlier, ty)
        else {
            return;
        };
        let reference = matches!(ty, ValueType::Ref(..));
        let replaced = &mut self.objects.borrow_mut().replaced;
        self.take_objects(id, reference, &mut earlier, replaced);
    }

    /// Reads an object of type `id` at its first occurrence, which takes
    /// the next JSON id and, if it is `numbered`, the next number on the
    /// wire. `first_key` is the key of its first field, if it has been
    /// read.
    fn object(
        &self,
        id: MessageId,
        numbered: bool,
        first_key: Option<(u32, WireType)>,
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<Json, TranscodeError> {
        let (json_id, index) = {
            let mut objects = self.objects.borrow_mut();
            objects.json_ids += 1;
            let json_id = objects.json_ids;
            let index = numbered.then(|| {
                objects.numbered.push(Object {
                    message: id,
                    json_id,
                    read: false,
                });
                objects.numbered.len() - 1
            });
            (json_id, index)
        };
        let fields = self.message(id, None, first_key, decoder, path)?;
        if let Some(index) = index
            && let Some(object) = self.objects.borrow_mut().numbered.get_mut(index)
        {
            object.read = true;
        }
        Ok(Json::Object(with_id(json_id, fields)))
    }

    /// One element of a packed list: a number without a key.
    fn packed_element(
        &self,
        ty: ValueType,
        decoder: &mut Decoder<'_>,
    ) -> Result<Json, TranscodeError> {
        let wire_type = match ty {
            ValueType::Scalar(scalar) => with_codec(scalar, WireTypeOf),
            _ => WireType::Varint,
        };
        // A packed element reads like a field of its own wire type.
        let (value, _) = match ty {
            ValueType::Scalar(scalar) => with_codec(
                scalar,
                ReadScalar {
                    wire_type,
                    decoder,
                    earlier: None,
                },
            )?,
            ValueType::Enum(id) => {
                let number = decoder.read_varint()? as i32;
                (self.enum_json(id, number), false)
            }
            ValueType::Message(_) | ValueType::WellKnown(_) | ValueType::Ref(..) => {
                return Err(
                    DecodeError::invalid("messages are never packed", decoder.offset()).into(),
                );
            }
        };
        Ok(value)
    }

    /// A map entry's key, as JSON object keys are strings, and its value;
    /// a missing key or value is the default.
    fn map_entry(
        &self,
        key: crate::model::Scalar,
        ty: ValueType,
        decoder: &mut Decoder<'_>,
        path: &Path,
    ) -> Result<(String, Json), TranscodeError> {
        let mut key_text = None;
        let mut value = None;
        // A key or value under another wire type is an unknown field of the
        // entry, skipped.
        let key_wire_type = wire_type_named(ValueType::Scalar(key).wire_class().wire_type());
        let value_wire_type = wire_type_named(ty.wire_class().wire_type());
        while decoder.has_remaining() {
            match decoder.read_key()? {
                (1, wire_type) if Some(wire_type) == key_wire_type => {
                    let read = with_key_codec(
                        key,
                        ReadKey {
                            wire_type,
                            decoder: &mut *decoder,
                        },
                    );
                    key_text =
                        Some(read.unwrap_or_else(|| {
                            Err(DecodeError::invalid("invalid map key type", 0))
                        })?);
                }
                (2, wire_type) if Some(wire_type) == value_wire_type => {
                    value = Some(self.value(ty, value.take(), wire_type, decoder, path)?.0);
                }
                (_, wire_type) => decoder.skip(wire_type)?,
            }
        }
        let key_text = match key_text {
            Some(text) => text,
            None => with_key_codec(key, DefaultKey).unwrap_or_default(),
        };
        let value = match value {
            Some(value) => value,
            None => self.default_json(ty),
        };
        Ok((key_text, value))
    }

    /// The JSON of a value's default, as a map holding it writes it.
    fn default_json(&self, ty: ValueType) -> Json {
        match ty {
            ValueType::Scalar(scalar) => with_codec(scalar, DefaultJson),
            ValueType::Enum(id) => self.enum_json(id, 0),
            ValueType::WellKnown(known) => with_well_known(known, DefaultJson),
            ValueType::Message(_) => Json::Object(Map::new()),
            // A fresh empty object, or a dead `weak`.
            ValueType::Ref(..) => Json::Object(Map::new()),
        }
    }

    /// An enum value by name, or by number when the schema does not name it.
    fn enum_json(&self, id: EnumId, number: i32) -> Json {
        let enumeration = self.schema.enumeration(id);
        match enumeration
            .values
            .iter()
            .find(|value| value.number == i64::from(number))
        {
            Some(value) => Json::String(value.name.clone()),
            None => Json::from(number),
        }
    }
}

/// Reads how the bytes of one occurrence of a reference begin: the number
/// in [`REFERENCE_FIELD`](super::REFERENCE_FIELD) if they begin with its
/// canonical key (any other spelling of it is an unknown field of the
/// object), or else the key of the object's first field, if it has one.
fn read_head(decoder: &mut Decoder<'_>) -> Result<Head, TranscodeError> {
    if !decoder.has_remaining() {
        return Ok(Head::Fields(None));
    }
    let start = decoder.offset();
    let key = decoder.read_key()?;
    let canonical = decoder.offset() - start == wire::key_len(super::REFERENCE_FIELD);
    if key != (super::REFERENCE_FIELD, WireType::Varint) || !canonical {
        return Ok(Head::Fields(Some(key)));
    }
    let number = decoder.read_varint()?;
    u32::try_from(number)
        .map(Head::Number)
        .map_err(|_| invalid("an object's number is larger than 2^32 - 1", start))
}

/// The error of bytes that are not a valid reference, at `offset`.
fn invalid(reason: &'static str, offset: usize) -> TranscodeError {
    DecodeError::invalid(reason, offset).into()
}

/// The error of a reference, at `offset`, to a number that no object has
/// taken yet: numbers are taken in order.
fn not_seen_yet(offset: usize) -> TranscodeError {
    invalid(
        "a reference to an object not seen yet (objects take the numbers 2, 3, … in order)",
        offset,
    )
}

/// Reads one scalar with its codec, checking the wire type, into the JSON
/// of an earlier occurrence of the field if there is one.
struct ReadScalar<'a, 'b> {
    wire_type: WireType,
    decoder: &'a mut Decoder<'b>,
    earlier: Option<Json>,
}

impl CodecVisitor for ReadScalar<'_, '_> {
    type Output = Result<(Json, bool), DecodeError>;

    fn visit<C: JsonCodec>(self) -> Self::Output {
        let mut value = match self.earlier {
            // Only a `value` merges (a list or map read twice); any other
            // codec replaces what it reads into.
            Some(earlier) => C::deserialize(earlier).map_err(|_| {
                DecodeError::invalid("an earlier value has no JSON form", self.decoder.offset())
            })?,
            None => C::Value::default(),
        };
        field::merge::<C>(self.wire_type, &mut value, self.decoder)?;
        let json = serde_json::to_value(Ser::<C>(&value))
            .map_err(|_| DecodeError::invalid("value has no JSON form", self.decoder.offset()))?;
        Ok((json, C::is_default(&value)))
    }
}

/// The wire type of a scalar's codec.
struct WireTypeOf;

impl CodecVisitor for WireTypeOf {
    type Output = WireType;

    fn visit<C: JsonCodec>(self) -> WireType {
        C::WIRE_TYPE
    }
}

/// The JSON of a scalar's default.
struct DefaultJson;

impl CodecVisitor for DefaultJson {
    type Output = Json;

    fn visit<C: JsonCodec>(self) -> Json {
        serde_json::to_value(Ser::<C>(&C::Value::default())).unwrap_or(Json::Null)
    }
}

/// Reads a map key and gives its string form.
struct ReadKey<'a, 'b> {
    wire_type: WireType,
    decoder: &'a mut Decoder<'b>,
}

impl KeyVisitor for ReadKey<'_, '_> {
    type Output = Result<String, DecodeError>;

    fn visit<C: JsonCodec + JsonKey>(self) -> Self::Output
    where
        C::Value: Ord,
    {
        let mut value = C::Value::default();
        field::merge::<C>(self.wire_type, &mut value, self.decoder)?;
        Ok(C::to_key(&value))
    }
}

/// A map's entries, whose keys `ReadKey` wrote, in the order of their
/// keys, as a `BTreeMap` holds them: the order generated code writes them
/// in, and `encode` reads them in.
struct SortEntries(Map<String, Json>);

impl KeyVisitor for SortEntries {
    type Output = Map<String, Json>;

    fn visit<C: JsonCodec + JsonKey>(self) -> Map<String, Json>
    where
        C::Value: Ord,
    {
        let mut entries: Vec<(Option<C::Value>, String, Json)> = (self.0.into_iter())
            .map(|(key, value)| (C::from_key(&key).ok(), key, value))
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries
            .into_iter()
            .map(|(_, key, value)| (key, value))
            .collect()
    }
}

/// The string form of a key type's default.
struct DefaultKey;

impl KeyVisitor for DefaultKey {
    type Output = String;

    fn visit<C: JsonCodec + JsonKey>(self) -> String
    where
        C::Value: Ord,
    {
        C::to_key(&C::Value::default())
    }
}
