//! The generated types of `schemas/`, by full name, for the differential
//! test: each reads Google's bytes and writes them back, and reads a
//! random value as JSON (through its serde impls) and encodes it.

use schemac_generated::evolution::{v1, v2};
use schemac_generated::world::{geo, travel};
use schemac_generated::{kitchen, money, shapes, shop};
use schemac_runtime::Message;
use schemac_runtime::json::serde::de::DeserializeOwned;
use serde_json::Value as Json;

macro_rules! generated {
    ($($name:literal => $ty:ty,)*) => {
        /// The full name of every message that `schemas/` declares.
        pub const NAMES: &[&str] = &[$($name),*];

        /// Google's bytes decoded as message `name` and encoded again;
        /// `None` for a name that is not a generated message.
        pub fn round_trip(name: &str, bytes: &[u8]) -> Option<Result<Vec<u8>, String>> {
            match name {
                $($name => Some(round_trip_as::<$ty>(bytes)),)*
                _ => None,
            }
        }

        /// The JSON of a message `name` read by its serde impls, encoded.
        pub fn encode_json(name: &str, json: &Json) -> Option<Result<Vec<u8>, String>> {
            match name {
                $($name => Some(encode_json_as::<$ty>(json)),)*
                _ => None,
            }
        }
    };
}

generated! {
    "evolution.v1.Profile" => v1::Profile,
    "evolution.v1.PlainProfile" => v1::PlainProfile,
    "evolution.v2.Profile" => v2::Profile,
    "evolution.v2.Address" => v2::Address,
    "kitchen.Scalars" => kitchen::Scalars,
    "kitchen.OptionalScalars" => kitchen::OptionalScalars,
    "kitchen.Lists" => kitchen::Lists,
    "kitchen.Maps" => kitchen::Maps,
    "kitchen.Point" => kitchen::Point,
    "money.Amounts" => money::Amounts,
    "money.Values" => money::Values,
    "money.Entry" => money::Entry,
    "shapes.Drawing" => shapes::Drawing,
    "shapes.Shape" => shapes::Shape,
    "shapes.Shape.Circle" => shapes::shape::Circle,
    "shapes.Shape.Polygon" => shapes::shape::Polygon,
    "shapes.Shape.Polygon.Corner" => shapes::shape::polygon::Corner,
    "shapes.Layer" => shapes::Layer,
    "shapes.Tree" => shapes::Tree,
    "shapes.Ping" => shapes::Ping,
    "shapes.Pong" => shapes::Pong,
    "shapes.Pong.Choice" => shapes::pong::Choice,
    "shapes.Keywords" => shapes::Keywords,
    "shapes.Empty" => shapes::Empty,
    "shop.Customer" => shop::Customer,
    "shop.OrderLine" => shop::OrderLine,
    "shop.Order" => shop::Order,
    "world.geo.Coordinates" => geo::Coordinates,
    "world.travel.Trip" => travel::Trip,
}

fn round_trip_as<M: Message>(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let message = M::decode(bytes).map_err(|error| error.to_string())?;
    message.encode_to_vec().map_err(|error| error.to_string())
}

fn encode_json_as<M: Message + DeserializeOwned>(json: &Json) -> Result<Vec<u8>, String> {
    let message: M = serde_json::from_value(json.clone()).map_err(|error| error.to_string())?;
    message.encode_to_vec().map_err(|error| error.to_string())
}
