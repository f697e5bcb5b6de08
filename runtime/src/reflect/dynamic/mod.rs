//! Messages of any type of a pool, known only by their descriptor: read
//! from and written to the binary format, ProtoJSON and the text format,
//! their fields reached by name or number.
//!
//! ```
//! use schemac_runtime::reflect::{DescriptorPool, DynamicMessage, Value};
//! # fn demo(set: &[u8], bytes: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
//! let pool = DescriptorPool::decode(set)?;
//! let order = pool.message("shop.Order").ok_or("no shop.Order")?;
//! let mut message = DynamicMessage::decode(order, bytes)?;
//! if let Some(Value::String(id)) = message.get_by_name("id").as_deref() {
//!     println!("order {id}");
//! }
//! message.set_by_name("note", Value::String("checked".into()))?;
//! let again = message.encode_to_vec();
//! # Ok(()) }
//! ```

mod builtin;
mod decode;
mod encode;
mod graph;
#[cfg(feature = "json")]
mod json;
mod value;

use crate::prelude::*;
use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use core::fmt;

use super::{FieldDescriptor, MessageDescriptor};
use crate::unknown::UnknownFields;

#[cfg(feature = "json")]
pub use json::{JsonError, JsonOptions};
pub use value::{MapKey, Value};

/// A message of a type known at run time by its [`MessageDescriptor`]: the
/// fields that are set, by number (extensions among them), and the bytes
/// of the fields its type does not know, kept to be written again.
///
/// A field holds a value as long as it is set: for a field with presence
/// until it is cleared, for one without (proto3's singular scalars) while
/// it is not its zero; a list or a map while it is not empty. Setting one
/// member of a oneof clears the others.
#[derive(Clone)]
pub struct DynamicMessage<'a> {
    descriptor: MessageDescriptor<'a>,
    fields: BTreeMap<u32, Value<'a>>,
    unknown: UnknownFields,
}

/// Why a value cannot be set in a field of a dynamic message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetError {
    message: String,
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl core::error::Error for SetError {}

impl<'a> DynamicMessage<'a> {
    /// An empty message of type `descriptor`: no field set.
    pub fn new(descriptor: MessageDescriptor<'a>) -> Self {
        DynamicMessage {
            descriptor,
            fields: BTreeMap::new(),
            unknown: UnknownFields::new(),
        }
    }

    /// Its type.
    pub fn descriptor(&self) -> MessageDescriptor<'a> {
        self.descriptor
    }

    /// The field or extension of its type numbered `number`.
    fn field_numbered(&self, number: u32) -> Option<FieldDescriptor<'a>> {
        (self.descriptor.field(number)).or_else(|| self.descriptor.extension(number))
    }

    /// Whether `field`, a field or an extension of its type, is set.
    pub fn has(&self, field: FieldDescriptor<'a>) -> bool {
        self.fields.contains_key(&field.number()) && self.owns(field)
    }

    /// Whether `field` is a field or an extension of its type, in its pool.
    fn owns(&self, field: FieldDescriptor<'a>) -> bool {
        self.field_numbered(field.number()) == Some(field)
    }

    /// The value of `field`: the value set, else its default (an empty
    /// list, map or message for those).
    pub fn get(&self, field: FieldDescriptor<'a>) -> Cow<'_, Value<'a>> {
        match self.fields.get(&field.number()) {
            Some(value) if self.has(field) => Cow::Borrowed(value),
            _ => Cow::Owned(Value::default_of(field)),
        }
    }

    /// The value of its field named `name`; none if its type has no such
    /// field.
    pub fn get_by_name(&self, name: &str) -> Option<Cow<'_, Value<'a>>> {
        let field = self.descriptor.field_by_name(name)?;
        Some(self.get(field))
    }

    /// The value of its field or extension numbered `number`; none if its
    /// type has none.
    pub fn get_by_number(&self, number: u32) -> Option<Cow<'_, Value<'a>>> {
        let field = self.field_numbered(number)?;
        Some(self.get(field))
    }

    /// The value of `field` to change in place: set to its default first
    /// if it is not set (which sets it; a oneof's other members are
    /// cleared).
    pub fn get_mut(&mut self, field: FieldDescriptor<'a>) -> &mut Value<'a> {
        if !self.has(field) {
            self.clear_oneof_of(field, drop);
        }
        self.fields
            .entry(field.number())
            .or_insert_with(|| Value::default_of(field))
    }

    /// Sets `field` to `value`, clearing the other members of its oneof.
    /// An error, and nothing changed, if `field` is not a field of its type
    /// or an extension of it, or `value` is not a value `field` holds (see
    /// [`Value::fits`]). A `schemac.Decimal` or `schemac.Value` is held as
    /// generated code holds a `decimal` or `value` (a decimal of a
    /// negative scale as its integer), and one generated code cannot hold
    /// (a decimal of more than 96 bits) is an error.
    pub fn set(&mut self, field: FieldDescriptor<'a>, value: Value<'a>) -> Result<(), SetError> {
        if !self.owns(field) {
            return Err(SetError {
                message: format!(
                    "{} is not a field of {}",
                    field.full_name(),
                    self.descriptor.full_name()
                ),
            });
        }
        if !value.fits(field) {
            return Err(SetError {
                message: format!("{} cannot hold {value:?}", field.full_name()),
            });
        }
        let value = builtin::as_generated(field, value).map_err(|error| SetError {
            message: format!("{} cannot hold it: {error}", field.full_name()),
        })?;
        self.clear_oneof_of(field, drop);
        match !field.has_presence() && value.is_zero() {
            true => self.fields.remove(&field.number()),
            false => self.fields.insert(field.number(), value),
        };
        Ok(())
    }

    /// Sets its field named `name`, as [`set`](Self::set) does.
    pub fn set_by_name(&mut self, name: &str, value: Value<'a>) -> Result<(), SetError> {
        let field = self
            .descriptor
            .field_by_name(name)
            .ok_or_else(|| SetError {
                message: format!("{} has no field {name}", self.descriptor.full_name()),
            })?;
        self.set(field, value)
    }

    /// Sets its field or extension numbered `number`, as [`set`](Self::set)
    /// does.
    pub fn set_by_number(&mut self, number: u32, value: Value<'a>) -> Result<(), SetError> {
        let field = self.field_numbered(number).ok_or_else(|| SetError {
            message: format!("{} has no field {number}", self.descriptor.full_name()),
        })?;
        self.set(field, value)
    }

    /// Clears `field`, returning the value it held.
    pub fn clear_field(&mut self, field: FieldDescriptor<'a>) -> Option<Value<'a>> {
        match self.has(field) {
            true => self.fields.remove(&field.number()),
            false => None,
        }
    }

    /// Clears every field and forgets the unknown fields.
    pub fn clear(&mut self) {
        self.fields.clear();
        self.unknown.clear();
    }

    /// The fields and extensions that are set, by number, with their
    /// values.
    pub fn fields(&self) -> impl Iterator<Item = (FieldDescriptor<'a>, &Value<'a>)> + '_ {
        (self.fields.iter())
            .filter_map(|(&number, value)| Some((self.field_numbered(number)?, value)))
    }

    /// The fields its type does not know, as they were read: keys and
    /// values, back to back.
    pub fn unknown_fields(&self) -> &[u8] {
        self.unknown.as_bytes()
    }

    /// Forgets the fields its type does not know.
    pub fn clear_unknown_fields(&mut self) {
        self.unknown.clear();
    }

    /// Clears the other members of `field`'s oneof (not synthetic ones),
    /// handing what they held to `cleared`.
    fn clear_oneof_of(&mut self, field: FieldDescriptor<'a>, mut cleared: impl FnMut(Value<'a>)) {
        let Some(oneof) = field.containing_oneof() else {
            return;
        };
        for member in oneof.fields().filter(|member| *member != field) {
            if let Some(value) = self.fields.remove(&member.number()) {
                cleared(value);
            }
        }
    }

    /// The fields a required field of which is missing, here or in a
    /// message it holds, as a path (`order.lines[2].sku`); none if every
    /// one is set. Graph mode's shared objects are not checked, as
    /// generated code does not check them.
    pub fn missing_required(&self) -> Option<String> {
        for field in self.descriptor.fields() {
            if field.cardinality() == super::Cardinality::Required && !self.has(field) {
                return Some(field.name().to_owned());
            }
        }
        // A later occurrence of a shared object holds its number alone.
        let fields = self
            .fields()
            .filter(|(field, _)| field.reference().is_none());
        for (field, value) in fields {
            let name = match field.is_extension() {
                true => format!("[{}]", field.full_name()),
                false => field.name().to_owned(),
            };
            let missing = match value {
                Value::Message(message) => {
                    message.missing_required().map(|m| format!("{name}.{m}"))
                }
                Value::List(items) => items.iter().enumerate().find_map(|(i, item)| {
                    let missing = item.as_message()?.missing_required()?;
                    Some(format!("{name}[{i}].{missing}"))
                }),
                Value::Map(entries) => entries.values().find_map(|entry| {
                    let missing = entry.as_message()?.missing_required()?;
                    Some(format!("{name}[..].{missing}"))
                }),
                _ => None,
            };
            if missing.is_some() {
                return missing;
            }
        }
        None
    }
}

impl PartialEq for DynamicMessage<'_> {
    /// Equal when of one type, with the same fields set to equal values
    /// and the same unknown bytes. Floats compare as numbers (`NaN` is
    /// equal to nothing).
    fn eq(&self, other: &Self) -> bool {
        self.descriptor == other.descriptor
            && self.fields == other.fields
            && self.unknown.as_bytes() == other.unknown.as_bytes()
    }
}

impl fmt::Debug for DynamicMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = f.debug_struct(self.descriptor.full_name());
        for (field, value) in self.fields() {
            out.field(field.name(), value);
        }
        if !self.unknown.is_empty() {
            out.field("unknown_fields", &self.unknown.as_bytes());
        }
        out.finish()
    }
}

#[cfg(test)]
mod tests;
