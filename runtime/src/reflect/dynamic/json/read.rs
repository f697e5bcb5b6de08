//! Reading a dynamic message from ProtoJSON, as generated serde impls read
//! one: a field under either of its names, an extension as
//! `"[full.name]"`, a field given twice refused, `null` as no value (but
//! for `google.protobuf.Value` and `NullValue`, of which it is a value),
//! two members of a oneof refused; scalars by their codecs, well-known
//! types by their runtime types' codecs.

use crate::prelude::*;
use alloc::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value as Json};

use core::cell::RefCell;

use super::graph::{Head, Labels, dead, label_of, read_head};
use super::kinds::{self, ScalarCodec, ScalarVisitor};
use super::{ANY, EMPTY, JsonError, JsonOptions, NULL_VALUE, Path, null_is_a_value};
use crate::decode::DecodeOptions;
use crate::graph::REFERENCE_FIELD;
use crate::json::ID_KEY;
use crate::json::JsonKey;
use crate::reflect::dynamic::{DynamicMessage, MapKey, Value, graph};
use crate::reflect::{EnumDescriptor, FieldDescriptor, Kind, MessageDescriptor, Reference};
use crate::wkt::WithCodec;

impl<'a> DynamicMessage<'a> {
    /// Reads a message of type `descriptor` from its ProtoJSON, with the
    /// default [`JsonOptions`]: an unknown key is an error. A `required`
    /// field missing is not, as in generated serde impls
    /// ([`missing_required`](Self::missing_required) tells).
    pub fn from_json(descriptor: MessageDescriptor<'a>, json: &Json) -> Result<Self, JsonError> {
        Self::from_json_with(descriptor, json, &JsonOptions::new())
    }

    /// Reads a message of type `descriptor` from its ProtoJSON, as
    /// `options` say.
    pub fn from_json_with(
        descriptor: MessageDescriptor<'a>,
        json: &Json,
        options: &JsonOptions,
    ) -> Result<Self, JsonError> {
        let read = || {
            let path = Path::Root(descriptor.full_name());
            let reader = Reader {
                options,
                labels: RefCell::new(Labels::default()),
            };
            // The top-level message is object 1, which its `$id` labels
            // when a reference can point at its type.
            let labelled = descriptor.is_referenced();
            if labelled && let Some(label) = json.get(ID_KEY) {
                let label = label_of(label).map_err(|reason| path.error(reason))?;
                reader.labels.borrow_mut().label_root(label, descriptor);
            }
            let mut message = reader.message(descriptor, json, &path, 0, labelled)?;
            if reader.labels.borrow().met {
                graph::settle(&mut message, Vec::new());
            }
            Ok(message)
        };
        // The codecs of the well-known types and the scalars skip what
        // they do not know (a `FieldMask`'s, an `Empty`'s keys) as
        // generated code's do, as this thread's setting says: set to the
        // option's while reading.
        crate::json::with_unknown_fields_ignored(options.ignore_unknown_fields, read)
    }

    /// Reads a message of type `descriptor` from ProtoJSON text, as
    /// `options` say. A key given twice in one object is an error, as in
    /// Google's parsers (a `serde_json::Value` keeps the last).
    pub fn from_json_str(
        descriptor: MessageDescriptor<'a>,
        text: &str,
        options: &JsonOptions,
    ) -> Result<Self, JsonError> {
        let json = crate::json::parse_strict(text.as_bytes()).map_err(|error| JsonError {
            path: String::new(),
            reason: error.to_string(),
        })?;
        Self::from_json_with(descriptor, &json, options)
    }
}

struct Reader<'o, 'a> {
    options: &'o JsonOptions,
    /// The labels of graph mode's objects read so far.
    labels: RefCell<Labels<'a>>,
}

impl<'a> Reader<'_, 'a> {
    /// The message of type `descriptor` that `json` is; with `labelled`,
    /// its `$id` is graph mode's label of it (`graph.rs`), and no field.
    fn message(
        &self,
        descriptor: MessageDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
        labelled: bool,
    ) -> Result<DynamicMessage<'a>, JsonError> {
        let limit = DecodeOptions::DEFAULT_RECURSION_LIMIT;
        if depth > limit {
            return Err(path.error(format_args!(
                "messages nested more than {limit} deep, the recursion limit"
            )));
        }
        let name = descriptor.full_name();
        if name == ANY {
            return self.any(descriptor, json, path, depth);
        }
        if let Some(bytes) = kinds::with_well_known(name, ReadWellKnown(json)) {
            let bytes = bytes.map_err(|reason| path.error(reason))?;
            return DynamicMessage::decode(descriptor, &bytes).map_err(|e| path.error(e));
        }
        let Json::Object(object) = json else {
            return Err(path.error(format_args!(
                "expected a JSON object for message {name}, found {json}"
            )));
        };
        let mut message = DynamicMessage::new(descriptor);
        let mut seen = BTreeSet::new();
        // A graph message's fields are read in the order the bytes hold
        // them, in which a `$ref` comes after its `$id`; another's as the
        // text has them.
        let by_number = descriptor.is_graph_message();
        let mut members = Vec::new();
        for (key, value) in object {
            if labelled && key == ID_KEY {
                continue;
            }
            let Some(field) = find_field(descriptor, key) else {
                if self.options.ignore_unknown_fields {
                    continue;
                }
                return Err(path.error(format_args!("unknown field `{key}` in message {name}")));
            };
            if !seen.insert(field.number()) {
                return Err(path.error(format_args!(
                    "field {} of message {name} is given twice, by one of its names or by both",
                    field.number()
                )));
            }
            match by_number {
                true => members.push((field, key, value)),
                false => self.member(&mut message, field, key, value, path, depth)?,
            }
        }
        members.sort_by_key(|(field, _, _)| (field.is_extension(), field.number()));
        for (field, key, value) in members {
            self.member(&mut message, field, key, value, path, depth)?;
        }
        Ok(message)
    }

    /// Reads `json`, the member `key` of the object of `message`, into
    /// `field`.
    fn member(
        &self,
        message: &mut DynamicMessage<'a>,
        field: FieldDescriptor<'a>,
        key: &str,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<(), JsonError> {
        let path = match field.is_extension() {
            true => Path::Extension(path, field.full_name()),
            false => path.field(key),
        };
        self.field(message, field, json, &path, depth)
    }

    /// Reads `json` into `field` of `message`.
    fn field(
        &self,
        message: &mut DynamicMessage<'a>,
        field: FieldDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<(), JsonError> {
        let value = if let Some((key, value)) = field.map_entry() {
            let entries = self.map(key, value, json, path, depth)?;
            Value::Map(entries)
        } else if field.is_list() {
            let items = self.list(field, json, path, depth)?;
            Value::List(items)
        } else {
            if json.is_null() && !null_is_a_value(field.kind()) {
                return Ok(());
            }
            let Some(value) = self.element(field, json, path, depth)? else {
                return Ok(());
            };
            if let Some(other) = set_member_of_oneof(message, field) {
                return Err(path.error(format_args!(
                    "`{}` is a second member of oneof `{}`, beside `{}`; set one",
                    field.name(),
                    field.containing_oneof().map_or("", |oneof| oneof.name()),
                    other.name(),
                )));
            }
            value
        };
        if field.has_presence() || !value.is_zero() {
            message.fields.insert(field.number(), value);
        }
        Ok(())
    }

    /// A list's elements: `null` is an empty list, an element `null` an
    /// error unless it is a value of the type; an element skipped (an
    /// unknown enum name) is left out.
    fn list(
        &self,
        field: FieldDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<Vec<Value<'a>>, JsonError> {
        let items = match json {
            Json::Null => return Ok(Vec::new()),
            Json::Array(items) => items,
            other => return Err(path.error(format_args!("expected a JSON array, found {other}"))),
        };
        let mut values = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let path = path.index(index);
            values.extend(self.present(field, item, &path, depth)?);
        }
        Ok(values)
    }

    /// A map's entries, keys read by their key codec: `null` is an empty
    /// map, a value `null` an error unless it is a value of the type; an
    /// entry whose value is skipped is left out.
    fn map(
        &self,
        key: FieldDescriptor<'a>,
        value: FieldDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<BTreeMap<MapKey, Value<'a>>, JsonError> {
        let object = match json {
            Json::Null => return Ok(BTreeMap::new()),
            Json::Object(object) => object,
            other => return Err(path.error(format_args!("expected a JSON object, found {other}"))),
        };
        let mut keyed = Vec::with_capacity(object.len());
        for (text, item) in object {
            let key = (kinds::with_scalar(key.kind(), ReadKey(text)).flatten())
                .ok_or_else(|| path.key(text).error("a map key of a type keys cannot have"))?
                .map_err(|reason| path.key(text).error(reason))?;
            keyed.push((key, text, item));
        }
        // References are read in the order the bytes hold them: by key.
        if value.reference().is_some() {
            keyed.sort_by(|(a, _, _), (b, _, _)| a.cmp(b));
        }
        let mut entries = BTreeMap::new();
        for (key, text, item) in keyed {
            if let Some(item) = self.present(value, item, &path.key(text), depth)? {
                entries.insert(key, item);
            }
        }
        Ok(entries)
    }

    /// A value that must be there, an element of a list or a map: `null`
    /// only where it is a value of the type.
    fn present(
        &self,
        field: FieldDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<Option<Value<'a>>, JsonError> {
        let kind = field.kind();
        if json.is_null() && matches!(kind, Kind::Message(_)) && !null_is_a_value(kind) {
            return Err(path.error("null is not a value of a message here"));
        }
        self.element(field, json, path, depth)
    }

    /// One value that `field` holds: an occurrence of graph mode's object
    /// if `field` is a reference.
    fn element(
        &self,
        field: FieldDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<Option<Value<'a>>, JsonError> {
        match (field.reference(), field.kind()) {
            (Some(reference), Kind::Message(descriptor)) => {
                let occurrence = self.occurrence(descriptor, reference, json, path, depth)?;
                Ok(Some(Value::Message(occurrence)))
            }
            (_, kind) => self.single(kind, json, path, depth),
        }
    }

    /// An occurrence of graph mode's object of type `descriptor`, in a
    /// field that `reference` marks (`graph.rs`).
    fn occurrence(
        &self,
        descriptor: MessageDescriptor<'a>,
        reference: Reference,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<DynamicMessage<'a>, JsonError> {
        self.labels.borrow_mut().met = true;
        let error = |reason: String| path.error(reason);
        match read_head(reference, json).map_err(error)? {
            Head::Dead => Ok(dead(descriptor)),
            Head::Later(label) => (self.labels.borrow())
                .later(label, descriptor, reference)
                .map_err(error),
            Head::NotAnObject => Err(path.error(format_args!(
                "expected a JSON object for a reference to {}, found {json}",
                descriptor.full_name()
            ))),
            Head::Object(label) => {
                let number = label
                    .map(|label| self.labels.borrow_mut().label(label, descriptor))
                    .transpose()
                    .map_err(error)?;
                let mut object = self.message(descriptor, json, path, depth + 1, true)?;
                if let (Some(label), Some(number)) = (label, number) {
                    object.fields.insert(REFERENCE_FIELD, Value::U32(number));
                    self.labels.borrow_mut().read(label);
                }
                Ok(object)
            }
        }
    }

    /// One value of kind `kind`; `None` for an enum's name the enum does
    /// not have, when unknown fields are ignored.
    fn single(
        &self,
        kind: Kind<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<Option<Value<'a>>, JsonError> {
        match kind {
            Kind::Message(descriptor) => {
                let message = self.message(descriptor, json, path, depth + 1, false)?;
                Ok(Some(Value::Message(message)))
            }
            Kind::Enum(enumeration) => Ok(self
                .enum_number(enumeration, json)
                .map_err(|reason| path.error(reason))?
                .map(Value::Enum)),
            kind => (kinds::with_scalar(kind, ReadScalar(json)))
                .ok_or_else(|| path.error("not a scalar"))?
                .map(Some)
                .map_err(|reason| path.error(reason)),
        }
    }

    /// The number of the value of `enumeration` that `json` names or is,
    /// as the runtime's enum codec reads it; `None` for a name the enum
    /// does not have, when unknown fields are ignored.
    fn enum_number(
        &self,
        enumeration: EnumDescriptor<'_>,
        json: &Json,
    ) -> Result<Option<i32>, String> {
        let name = enumeration.full_name();
        if name == NULL_VALUE && kinds::null_is_a_null_value() {
            return kinds::read_null_value(json).map(Some);
        }
        match json {
            Json::String(text) => match enumeration.value_by_name(text) {
                Some(value) => Ok(Some(value.number())),
                None if self.options.ignore_unknown_fields => Ok(None),
                None => Err(format!("`{text}` is not a value of enum {name}")),
            },
            Json::Number(number) => {
                let wide = (number.as_i64())
                    .or_else(|| number.as_u64().map(|_| i64::MAX))
                    .ok_or_else(|| format!("invalid type: floating point `{number}`, expected a value name or number of enum {name}"))?;
                let number = i32::try_from(wide)
                    .map_err(|_| format!("{number} is out of range for enum {name}"))?;
                if enumeration.is_closed() && enumeration.value(number).is_none() {
                    return Err(format!(
                        "{number} is not a value of enum {name}, which is closed"
                    ));
                }
                Ok(Some(number))
            }
            other => Err(format!(
                "invalid type: {other}, expected a value name or number of enum {name}"
            )),
        }
    }

    /// ProtoJSON's `Any`: `@type` among the keys in any order, its type
    /// found in the pool by the name the URL ends with, the other keys the
    /// fields of that message; for a well-known type, `"value"` (nothing
    /// for `Empty`). `{}` is the empty `Any`.
    fn any(
        &self,
        descriptor: MessageDescriptor<'a>,
        json: &Json,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<DynamicMessage<'a>, JsonError> {
        let Json::Object(object) = json else {
            return Err(path.error(format_args!(
                "expected a JSON object with an `@type` for google.protobuf.Any, found {json}"
            )));
        };
        let mut any = DynamicMessage::new(descriptor);
        let Some(type_url) = object.get("@type") else {
            if object.is_empty() {
                return Ok(any);
            }
            return Err(path.error("missing `@type` in google.protobuf.Any with fields"));
        };
        let Json::String(type_url) = type_url else {
            return Err(path.error(format_args!(
                "invalid type: {type_url}, expected a type URL string for `@type`"
            )));
        };
        let Some(slash) = type_url.rfind('/') else {
            return Err(path.error(format_args!(
                "the type URL `{type_url}` of a google.protobuf.Any has no `/`"
            )));
        };
        let name = &type_url[slash + 1..];
        let mut rest = object.clone();
        rest.remove("@type");
        let content = match self.wrapped(descriptor, name, &rest, path, depth)? {
            Some(content) => content,
            None => {
                let Some(inner) = descriptor.pool().message(name) else {
                    return Err(path.error(format_args!(
                        "google.protobuf.Any holds `{type_url}`, which is no message type of the pool"
                    )));
                };
                let message = self.message(inner, &Json::Object(rest), path, depth + 1, false)?;
                if let Some(missing) = message.missing_required() {
                    return Err(path.error(format_args!(
                        "in google.protobuf.Any of {name}: required field {missing} is missing"
                    )));
                }
                message.encode_to_vec()
            }
        };
        // Fields 1 and 2 of `Any`, with implicit presence.
        if !type_url.is_empty() {
            any.fields.insert(1, Value::String(type_url.clone()));
        }
        if !content.is_empty() {
            any.fields.insert(2, Value::Bytes(content));
        }
        Ok(any)
    }

    /// The bytes of an `Any` of a well-known type named `name`, from the
    /// keys beside `@type`: only `"value"`, which holds its JSON (nothing
    /// for `Empty`); `None` if `name` is not a well-known type's.
    fn wrapped(
        &self,
        any: MessageDescriptor<'a>,
        name: &str,
        rest: &Map<String, Json>,
        path: &Path<'_>,
        depth: u32,
    ) -> Result<Option<Vec<u8>>, JsonError> {
        let wrapped =
            [ANY, EMPTY].contains(&name) || kinds::with_any_value(name, kinds::Known).is_some();
        if !wrapped {
            return Ok(None);
        }
        if let Some(key) = rest.keys().find(|key| *key != "value" || name == EMPTY) {
            return Err(path.error(format_args!(
                "unknown field `{key}` in google.protobuf.Any of `{name}`"
            )));
        }
        let Some(value) = rest.get("value") else {
            return Ok(Some(Vec::new()));
        };
        if name == ANY {
            let inner = self.any(any, value, path, depth + 1)?;
            return Ok(Some(inner.encode_to_vec()));
        }
        (kinds::with_any_value(name, ReadWellKnown(value)))
            .transpose()
            .map_err(|reason| path.error(reason))
    }
}

/// The field or extension of `message` that the JSON key `key` names: a
/// field by its name or its JSON name, an extension by `[full.name]`, or
/// a message set's extension by `[its.MessageType]`.
fn find_field<'a>(message: MessageDescriptor<'a>, key: &str) -> Option<FieldDescriptor<'a>> {
    let Some(name) = key.strip_prefix('[').and_then(|key| key.strip_suffix(']')) else {
        return (message.fields()).find(|field| field.name() == key || field.json_name() == key);
    };
    let pool = message.pool();
    if let Some(extension) = pool.extension(name) {
        return (extension.containing_message() == message).then_some(extension);
    }
    let message_set = message.options().and_then(|o| o.message_set_wire_format) == Some(true);
    if !message_set {
        return None;
    }
    message.extensions().find(|extension| {
        matches!(extension.kind(), Kind::Message(of) if of.full_name() == name
            && extension.full_name().strip_suffix(extension.name()).and_then(|s| s.strip_suffix('.')) == Some(name))
    })
}

/// A member of `field`'s oneof other than `field` that `message` holds;
/// none for a field in no oneof, or in a synthetic one.
fn set_member_of_oneof<'a>(
    message: &DynamicMessage<'a>,
    field: FieldDescriptor<'a>,
) -> Option<FieldDescriptor<'a>> {
    let oneof = field.containing_oneof()?;
    if oneof.is_synthetic() {
        return None;
    }
    (oneof.fields())
        .find(|member| *member != field && message.fields.contains_key(&member.number()))
}

/// Reads a scalar with its codec.
struct ReadScalar<'j>(&'j Json);

impl ScalarVisitor for ReadScalar<'_> {
    type Output = Result<Value<'static>, String>;

    fn visit<C: ScalarCodec>(self) -> Self::Output {
        C::deserialize(self.0)
            .map(C::wrap)
            .map_err(|error| error.to_string())
    }
}

/// Reads a map key with its key codec; `None` for a kind that cannot be a
/// key.
struct ReadKey<'k>(&'k str);

impl ScalarVisitor for ReadKey<'_> {
    type Output = Option<Result<MapKey, String>>;

    fn visit<C: ScalarCodec>(self) -> Self::Output {
        None
    }

    fn visit_key<C: ScalarCodec + JsonKey>(self) -> Self::Output {
        let key = C::from_key(self.0).map(C::wrap);
        Some(key.and_then(|key| {
            MapKey::try_from(key).map_err(|_| "a map key of a type keys cannot have".to_owned())
        }))
    }
}

/// Reads a well-known type from `json` with its codec into its runtime
/// type, and gives that value's message's bytes.
struct ReadWellKnown<'j>(&'j Json);

impl WithCodec for ReadWellKnown<'_> {
    type Output = Result<Vec<u8>, String>;

    fn with<C: crate::json::JsonCodec>(self) -> Result<Vec<u8>, String> {
        let value = C::deserialize(self.0).map_err(|error| error.to_string())?;
        crate::wkt::encode_content::<C>(&value)
    }
}
