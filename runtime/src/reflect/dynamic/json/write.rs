//! Writing a dynamic message as ProtoJSON: its fields in declaration
//! order (a graph message's by number), then its extensions by number; a
//! field with implicit presence left out at its zero, an empty list or map
//! left out; scalars by their codecs, well-known types by their runtime
//! types' codecs, references with graph mode's ids (`graph.rs`).

use crate::prelude::*;

use serde_json::{Map, Value as Json};

use core::cell::RefCell;

use super::graph::{Ids, with_id};
use super::kinds::{self, ScalarCodec, ScalarVisitor};
use super::{ANY, EMPTY, JsonError, JsonOptions, NULL_VALUE, Path};
use crate::graph::{REFERENCE_FIELD, ROOT_ID};
use crate::json::JsonKey;
use crate::reflect::dynamic::{DynamicMessage, MapKey, Value, graph};
use crate::reflect::{EnumDescriptor, FieldDescriptor, Kind};
use crate::wkt::WithCodec;

impl DynamicMessage<'_> {
    /// Its ProtoJSON, with the default [`JsonOptions`]: fields under their
    /// JSON names. An error, naming the field, for a value that has no
    /// JSON: a `Timestamp` out of range, a `Value` holding a NaN, an `Any`
    /// whose type is not in the pool or whose bytes are not its type's.
    pub fn to_json(&self) -> Result<Json, JsonError> {
        self.to_json_with(&JsonOptions::new())
    }

    /// Its ProtoJSON, as `options` say.
    pub fn to_json_with(&self, options: &JsonOptions) -> Result<Json, JsonError> {
        let path = Path::Root(self.descriptor.full_name());
        let message = graph::at_first_occurrences(self);
        let writer = Writer {
            options,
            ids: RefCell::new(Ids::new()),
        };
        match (
            message.descriptor.is_referenced(),
            writer.message(&message, &path)?,
        ) {
            (true, Json::Object(fields)) => Ok(with_id(u64::from(ROOT_ID), fields)),
            (_, json) => Ok(json),
        }
    }

    /// Its ProtoJSON as text, without spaces, with the default
    /// [`JsonOptions`].
    pub fn to_json_string(&self) -> Result<String, JsonError> {
        Ok(self.to_json()?.to_string())
    }
}

struct Writer<'o> {
    options: &'o JsonOptions,
    /// The ids of graph mode's objects written so far.
    ids: RefCell<Ids>,
}

impl Writer<'_> {
    /// The JSON of `message`: an object of its fields, or a well-known
    /// type's own form.
    fn message(&self, message: &DynamicMessage<'_>, path: &Path<'_>) -> Result<Json, JsonError> {
        let descriptor = message.descriptor();
        if descriptor.full_name() == ANY {
            return self.any(message, path);
        }
        let bytes = || message.encode_to_vec();
        if let Some(json) = kinds::with_well_known(descriptor.full_name(), WriteWellKnown(bytes)) {
            return json.map_err(|reason| path.error(reason));
        }
        self.fields(message, path).map(Json::Object)
    }

    /// The members of `message`'s object: its fields, then its extensions.
    fn fields(
        &self,
        message: &DynamicMessage<'_>,
        path: &Path<'_>,
    ) -> Result<Map<String, Json>, JsonError> {
        let mut object = Map::new();
        let descriptor = message.descriptor();
        let mut write = |field: FieldDescriptor<'_>, value: &Value<'_>| {
            // Graph mode's number: the ids stand for it.
            let graph_id = field.number() == REFERENCE_FIELD && descriptor.is_referenced();
            if graph_id || (!field.has_presence() && value.is_zero()) {
                return Ok(());
            }
            let name = match self.options.proto_field_names {
                true => field.name().to_owned(),
                false => field.json_name().into_owned(),
            };
            let json = self.field(field, value, &path.field(&name))?;
            object.insert(name, json);
            Ok::<_, JsonError>(())
        };
        match descriptor.is_graph_message() {
            // By number, as the bytes hold them, in which graph mode's
            // objects take their ids.
            true => {
                for (field, value) in message.fields().filter(|(field, _)| !field.is_extension()) {
                    write(field, value)?;
                }
            }
            false => {
                for field in descriptor.fields() {
                    if let Some(value) = message.fields.get(&field.number()) {
                        write(field, value)?;
                    }
                }
            }
        }
        for (field, value) in message.fields().filter(|(field, _)| field.is_extension()) {
            // A singular extension has presence; a list is left out empty.
            if matches!(value, Value::List(_) | Value::Map(_)) && value.is_zero() {
                continue;
            }
            let json = self.field(field, value, &Path::Extension(path, field.full_name()))?;
            object.insert(format!("[{}]", field.full_name()), json);
        }
        Ok(object)
    }

    /// The JSON of `value`, which `field` holds: an array for a list, an
    /// object for a map.
    fn field(
        &self,
        field: FieldDescriptor<'_>,
        value: &Value<'_>,
        path: &Path<'_>,
    ) -> Result<Json, JsonError> {
        match value {
            Value::List(items) => (items.iter().enumerate())
                .map(|(index, item)| self.element(field, item, &path.index(index)))
                .collect::<Result<Vec<_>, _>>()
                .map(Json::Array),
            Value::Map(entries) => {
                let (key_field, value_field) = (field.map_entry())
                    .ok_or_else(|| path.error("a map in a field that is not a map"))?;
                let mut object = Map::new();
                for (key, value) in entries {
                    let key = map_key(key_field.kind(), key)
                        .ok_or_else(|| path.error("a map key of another type"))?;
                    let json = self.element(value_field, value, &path.key(&key))?;
                    object.insert(key, json);
                }
                Ok(Json::Object(object))
            }
            single => self.element(field, single, path),
        }
    }

    /// The JSON of one value that `field` holds: an occurrence of graph
    /// mode's object if `field` is a reference.
    fn element(
        &self,
        field: FieldDescriptor<'_>,
        value: &Value<'_>,
        path: &Path<'_>,
    ) -> Result<Json, JsonError> {
        match (field.reference(), value) {
            (Some(_), Value::Message(occurrence)) => self.occurrence(occurrence, path),
            _ => self.single(field.kind(), value, path),
        }
    }

    /// The JSON of an occurrence of graph mode's object: `{"$ref": id}`
    /// or `{}` for a later occurrence or a dead `weak`, else the object
    /// led by the id it takes.
    fn occurrence(
        &self,
        occurrence: &DynamicMessage<'_>,
        path: &Path<'_>,
    ) -> Result<Json, JsonError> {
        if let Some(reference) = self.ids.borrow().reference(occurrence) {
            return Ok(reference);
        }
        let id = self.ids.borrow_mut().take(occurrence);
        Ok(with_id(id, self.fields(occurrence, path)?))
    }

    /// The JSON of one value of kind `kind`.
    fn single(
        &self,
        kind: Kind<'_>,
        value: &Value<'_>,
        path: &Path<'_>,
    ) -> Result<Json, JsonError> {
        match (kind, value) {
            (Kind::Message(_), Value::Message(message)) => self.message(message, path),
            (Kind::Enum(enumeration), Value::Enum(number)) => {
                enum_json(enumeration, *number).map_err(|reason| path.error(reason))
            }
            (kind, value) => kinds::with_scalar(kind, WriteScalar(value))
                .flatten()
                .ok_or_else(|| path.error(format_args!("{kind:?} cannot hold {value:?}")))?
                .map_err(|reason| path.error(reason)),
        }
    }

    /// ProtoJSON's `Any`: `{}` when empty; `@type` with the fields of its
    /// message, found in the pool by the name its URL ends with; for a
    /// well-known type, `@type` with its JSON as `"value"` (none for
    /// `Empty`).
    fn any(&self, any: &DynamicMessage<'_>, path: &Path<'_>) -> Result<Json, JsonError> {
        let (type_url, content) = any_parts(any);
        let mut object = Map::new();
        if type_url.is_empty() {
            if content.is_empty() {
                return Ok(Json::Object(object));
            }
            return Err(
                path.error("a google.protobuf.Any with bytes but no type URL has no JSON form")
            );
        }
        object.insert("@type".to_owned(), Json::String(type_url.to_owned()));
        let name = type_url
            .rfind('/')
            .map_or("", |slash| &type_url[slash + 1..]);
        let error = |reason: &dyn core::fmt::Display| {
            path.error(format_args!(
                "the bytes of a google.protobuf.Any are not its type's: {reason}"
            ))
        };
        if name == EMPTY {
            crate::wkt::decode_content::<crate::__private::codec::Empty>(content)
                .map_err(|reason| path.error(reason))?;
            return Ok(Json::Object(object));
        }
        let value = if name == ANY {
            let inner = DynamicMessage::decode(any.descriptor(), content).map_err(|e| error(&e))?;
            Some(self.any(&inner, path)?)
        } else {
            let bytes = || content.to_vec();
            (kinds::with_any_value(name, WriteWellKnown(bytes)))
                .transpose()
                .map_err(|reason| path.error(reason))?
        };
        if let Some(value) = value {
            object.insert("value".to_owned(), value);
            return Ok(Json::Object(object));
        }
        let Some(descriptor) = any.descriptor().pool().message(name) else {
            return Err(path.error(format_args!(
                "google.protobuf.Any holds `{type_url}`, which is no message type of the pool"
            )));
        };
        let message = DynamicMessage::decode(descriptor, content).map_err(|e| error(&e))?;
        if let Json::Object(fields) = self.message(&message, path)? {
            object.extend(fields);
        }
        Ok(Json::Object(object))
    }
}

/// The type URL and the bytes an `Any` holds (fields 1 and 2).
pub(super) fn any_parts<'m>(any: &'m DynamicMessage<'_>) -> (&'m str, &'m [u8]) {
    let type_url = any.fields.get(&1).and_then(Value::as_str);
    let content = any.fields.get(&2).and_then(Value::as_bytes);
    (type_url.unwrap_or_default(), content.unwrap_or_default())
}

/// An enum value's JSON: its name, or its number when the enum does not
/// name it; `null` for `google.protobuf.NullValue`, as its codec writes it.
fn enum_json(enumeration: EnumDescriptor<'_>, number: i32) -> Result<Json, String> {
    if enumeration.full_name() == NULL_VALUE {
        return kinds::null_value_json();
    }
    Ok(match enumeration.value(number) {
        Some(value) => Json::String(value.name().to_owned()),
        None => Json::from(number),
    })
}

/// A map key of kind `kind` as its JSON key codec writes it; none for a
/// key of another kind.
fn map_key(kind: Kind<'_>, key: &MapKey) -> Option<String> {
    kinds::with_scalar(kind, WriteKey(key)).flatten()
}

/// Writes a scalar with its codec; `None` if the value is of another
/// codec.
struct WriteScalar<'v, 'a>(&'v Value<'a>);

impl ScalarVisitor for WriteScalar<'_, '_> {
    type Output = Option<Result<Json, String>>;

    fn visit<C: ScalarCodec>(self) -> Self::Output {
        let value = C::get(self.0)?;
        Some(C::serialize(value, serde_json::value::Serializer).map_err(|error| error.to_string()))
    }
}

/// Writes a map key with its key codec; `None` if the kind cannot be a
/// key or the key is of another codec.
struct WriteKey<'k>(&'k MapKey);

impl ScalarVisitor for WriteKey<'_> {
    type Output = Option<String>;

    fn visit<C: ScalarCodec>(self) -> Option<String> {
        None
    }

    fn visit_key<C: ScalarCodec + JsonKey>(self) -> Option<String> {
        Some(C::to_key(&kinds::key_value::<C>(self.0)?))
    }
}

/// Writes the message whose bytes `bytes` gives as the well-known type
/// of the codec, through the runtime type the codec reads them into.
struct WriteWellKnown<F>(F);

impl<F: FnOnce() -> Vec<u8>> WithCodec for WriteWellKnown<F> {
    type Output = Result<Json, String>;

    fn with<C: crate::json::JsonCodec>(self) -> Result<Json, String> {
        let value = crate::wkt::decode_content::<C>(&(self.0)())?;
        C::serialize(&value, serde_json::value::Serializer).map_err(|error| error.to_string())
    }
}
