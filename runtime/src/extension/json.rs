//! Extensions in ProtoJSON: each set extension a member of its message's
//! object under `"[its.full.name]"`, its value as a field's of its type.
//! Generated serde impls write and read the extensions of the message
//! that the compilation declares, through these methods of their
//! identifiers.

use serde::de::MapAccess;
use serde::ser::{self, SerializeMap};

use super::{
    Extension, ExtensionOf, ExtensionSet, RepeatedExtension, read_repeated, read_singular,
};
use crate::json::{self, FieldAccess, JsonCodec, Ser};
use crate::prelude::*;

/// The JSON key of the extension named `full_name`: `[shop.shelf]`.
fn key(full_name: &str) -> String {
    format!("[{full_name}]")
}

impl<M, C: JsonCodec> Extension<M, C> {
    /// Writes the extension under its key when `set` holds it. Records
    /// that do not decode as its type are an error.
    #[doc(hidden)]
    pub fn write_json<S: SerializeMap>(
        &self,
        map: &mut S,
        set: &ExtensionSet,
    ) -> Result<(), S::Error> {
        let value = read_singular::<C>(self.number, &mut set.records(self.number))
            .map_err(|error| ser::Error::custom(error.in_extension(self.full_name)))?;
        match value {
            Some(value) => map.serialize_entry(&key(self.full_name), &Ser::<C>(&value)),
            None => Ok(()),
        }
    }

    /// Reads the extension's value, the value of the key just read, into
    /// `set`; `null` leaves it as it was. An error if the object gave it
    /// before.
    #[doc(hidden)]
    pub fn read_json<'de, A: MapAccess<'de>>(
        &self,
        map: &mut FieldAccess<A>,
        set: &mut ExtensionSet,
    ) -> Result<(), A::Error> {
        let map = map.field(self.number)?;
        if let Some(value) = json::read_optional::<C, A>(map)? {
            ExtensionOf::<M>::write(self, value, set);
        }
        Ok(())
    }
}

impl<M, C: JsonCodec> RepeatedExtension<M, C> {
    /// Writes the extension as an array under its key when `set` holds
    /// it. Records that do not decode as its type are an error.
    #[doc(hidden)]
    pub fn write_json<S: SerializeMap>(
        &self,
        map: &mut S,
        set: &ExtensionSet,
    ) -> Result<(), S::Error> {
        let values = read_repeated::<C>(self.number, &mut set.records(self.number))
            .map_err(|error| ser::Error::custom(error.in_extension(self.full_name)))?;
        json::list::<C, S>(map, &key(self.full_name), &values)
    }

    /// Reads the extension's array, the value of the key just read, into
    /// `set`; `null` and `[]` leave it unset. An error if the object gave
    /// it before.
    #[doc(hidden)]
    pub fn read_json<'de, A: MapAccess<'de>>(
        &self,
        map: &mut FieldAccess<A>,
        set: &mut ExtensionSet,
    ) -> Result<(), A::Error> {
        let values = json::read_list::<C, A>(map.field(self.number)?)?;
        ExtensionOf::<M>::write(self, values, set);
        Ok(())
    }
}
