//! The generated types of `schemas/` and of `tests/proto`, by full name,
//! for the differential test: each reads Google's bytes and writes them
//! back, and reads a random value as JSON (through its serde impls) and
//! encodes it.

use schemac_generated::evolution::{v1, v2};
use schemac_generated::world::{geo, travel};
use schemac_generated::{kitchen, money, shapes, shop};
use schemac_protos::{acme, legacy, store, wkt};
use schemac_runtime::Message;
use schemac_runtime::json::serde::Serialize;
use schemac_runtime::json::serde::de::DeserializeOwned;
use serde_json::Value as Json;

/// Bytes or JSON written out as a message's bytes, or why not; `None` for a
/// message the table does not have.
pub type Written = Option<Result<Vec<u8>, String>>;

/// Bytes written out as a message's JSON, or why not; `None` for a message
/// the table does not have.
pub type WrittenJson = Option<Result<String, String>>;

/// The generated types of one corpus, by full name.
#[derive(Clone, Copy)]
pub struct Table {
    /// The full name of every message in the table.
    pub names: &'static [&'static str],
    /// Google's bytes decoded as message `name` and encoded again; `None`
    /// for a name that is not in the table.
    pub round_trip: fn(&str, &[u8]) -> Written,
    /// The JSON of a message `name` read by its serde impls, encoded.
    pub encode_json: fn(&str, &Json) -> Written,
    /// Bytes of a message `name` decoded and written as JSON by its serde
    /// impls.
    pub json_of: fn(&str, &[u8]) -> WrittenJson,
}

/// A [`Table`] named `$table` of the messages listed, each as its full
/// name and its Rust type.
macro_rules! table {
    ($table:ident { $($name:literal => $ty:ty,)* }) => {
        pub const $table: Table = Table {
            names: &[$($name),*],
            round_trip: |name, bytes| match name {
                $($name => Some(round_trip_as::<$ty>(bytes)),)*
                _ => None,
            },
            encode_json: |name, json| match name {
                $($name => Some(encode_json_as::<$ty>(json)),)*
                _ => None,
            },
            json_of: |name, bytes| match name {
                $($name => Some(json_of_as::<$ty>(bytes)),)*
                _ => None,
            },
        };
    };
}

table!(SCHEMAS {
    "evolution.v1.Profile" => v1::Profile,
    "evolution.v1.PlainProfile" => v1::PlainProfile,
    "evolution.v2.Profile" => v2::Profile,
    "evolution.v2.Address" => v2::Address,
    "kitchen.Scalars" => kitchen::Scalars,
    "kitchen.OptionalScalars" => kitchen::OptionalScalars,
    "kitchen.Lists" => kitchen::Lists,
    "kitchen.Maps" => kitchen::Maps,
    "kitchen.Interleaved" => kitchen::Interleaved,
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
});

table!(PROTOS {
    "acme.common.v1.AnyValue" => acme::common::v1::AnyValue,
    "acme.common.v1.ArrayValue" => acme::common::v1::ArrayValue,
    "acme.common.v1.KeyValueList" => acme::common::v1::KeyValueList,
    "acme.common.v1.KeyValue" => acme::common::v1::KeyValue,
    "acme.common.v1.InstrumentationScope" => acme::common::v1::InstrumentationScope,
    "acme.resource.v1.Resource" => acme::resource::v1::Resource,
    "acme.trace.v1.TracesData" => acme::trace::v1::TracesData,
    "acme.trace.v1.ResourceSpans" => acme::trace::v1::ResourceSpans,
    "acme.trace.v1.ScopeSpans" => acme::trace::v1::ScopeSpans,
    "acme.trace.v1.Span" => acme::trace::v1::Span,
    "acme.trace.v1.Span.Event" => acme::trace::v1::span::Event,
    "acme.trace.v1.Span.Link" => acme::trace::v1::span::Link,
    "acme.trace.v1.Status" => acme::trace::v1::Status,
    "store.v1.Money" => store::v1::Money,
    "store.v1.Product" => store::v1::Product,
    "store.v1.Product.Variant" => store::v1::product::Variant,
    "store.v1.Category" => store::v1::Category,
    "store.v1.UpdateProductRequest" => store::v1::UpdateProductRequest,
    "store.v1.OrderLine" => store::v1::OrderLine,
    "store.v1.Order" => store::v1::Order,
    "store.v1.Address" => store::v1::Address,
    "store.v1.ListOrdersResponse" => store::v1::ListOrdersResponse,
    "legacy.v1.Item" => legacy::v1::Item,
    "legacy.v1.Stock" => legacy::v1::Stock,
    "legacy.v1.SearchResponse" => legacy::v1::SearchResponse,
    "legacy.v1.SearchResponse.Result" => legacy::v1::search_response::Result,
    "legacy.v1.SearchResponse.Result.Location" => legacy::v1::search_response::result::Location,
    "legacy.v1.SearchResponse.Paging" => legacy::v1::search_response::Paging,
    "legacy.v1.SearchResponse.Token" => legacy::v1::search_response::Token,
    "legacy.v1.SearchResponse.Debug" => legacy::v1::search_response::Debug,
    "wkt.WellKnown" => wkt::WellKnown,
    "wkt.Repeated" => wkt::Repeated,
    "wkt.Mapped" => wkt::Mapped,
    "wkt.OneofWellKnown" => wkt::OneofWellKnown,
});

fn round_trip_as<M: Message>(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let message = M::decode(bytes).map_err(|error| error.to_string())?;
    message.encode_to_vec().map_err(|error| error.to_string())
}

fn json_of_as<M: Message + Serialize>(bytes: &[u8]) -> Result<String, String> {
    let message = M::decode(bytes).map_err(|error| error.to_string())?;
    serde_json::to_string(&message).map_err(|error| error.to_string())
}

fn encode_json_as<M: Message + DeserializeOwned>(json: &Json) -> Result<Vec<u8>, String> {
    let message: M = serde_json::from_value(json.clone()).map_err(|error| error.to_string())?;
    message.encode_to_vec().map_err(|error| error.to_string())
}
