//! The generated types of `schemas/`, of `tests/protos/proto`, of the editions
//! schemas (`tests/differential/editions`) and of the corpus, by full name, for the differential test: each reads Google's bytes and
//! writes them back, and, but for the corpus's, reads a random value as
//! JSON (through its serde impls) and encodes it.

use schemac_corpus::registry;
use schemac_generated::evolution::{v1, v2};
use schemac_generated::world::{geo, travel};
use schemac_generated::{kitchen, money, school, shapes, shop};
use schemac_protos::{acme, editions, google, legacy, store, wkt};
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
    /// What the types' serde impls do, unless the table leaves them out.
    pub json: Option<JsonTable>,
}

/// What the serde impls of a [`Table`]'s types do.
#[derive(Clone, Copy)]
pub struct JsonTable {
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
            json: Some(JsonTable {
                encode_json: |name, json| match name {
                    $($name => Some(encode_json_as::<$ty>(json)),)*
                    _ => None,
                },
                json_of: |name, bytes| match name {
                    $($name => Some(json_of_as::<$ty>(bytes)),)*
                    _ => None,
                },
            }),
        };
    };
}

/// The corpus of real-world `.proto` files (`tests/corpus`), whose
/// registry its build script writes: bytes only, since its two thousand
/// types would each instantiate serde's code in this crate.
pub const CORPUS: Table = Table {
    names: registry::MESSAGES,
    round_trip: registry::round_trip,
    json: None,
};

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
    "school.ReportCard" => school::ReportCard,
    "school.Summary" => school::Summary,
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
    "google.protobuf.DescriptorProto" => google::protobuf::DescriptorProto,
    "google.protobuf.DescriptorProto.ExtensionRange" => google::protobuf::descriptor_proto::ExtensionRange,
    "google.protobuf.DescriptorProto.ReservedRange" => google::protobuf::descriptor_proto::ReservedRange,
    "google.protobuf.EnumDescriptorProto" => google::protobuf::EnumDescriptorProto,
    "google.protobuf.EnumDescriptorProto.EnumReservedRange" => google::protobuf::enum_descriptor_proto::EnumReservedRange,
    "google.protobuf.EnumOptions" => google::protobuf::EnumOptions,
    "google.protobuf.EnumValueDescriptorProto" => google::protobuf::EnumValueDescriptorProto,
    "google.protobuf.EnumValueOptions" => google::protobuf::EnumValueOptions,
    "google.protobuf.ExtensionRangeOptions" => google::protobuf::ExtensionRangeOptions,
    "google.protobuf.ExtensionRangeOptions.Declaration" => google::protobuf::extension_range_options::Declaration,
    "google.protobuf.FeatureSet" => google::protobuf::FeatureSet,
    "google.protobuf.FeatureSet.VisibilityFeature" => google::protobuf::feature_set::VisibilityFeature,
    "google.protobuf.FeatureSetDefaults" => google::protobuf::FeatureSetDefaults,
    "google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault" => google::protobuf::feature_set_defaults::FeatureSetEditionDefault,
    "google.protobuf.FieldDescriptorProto" => google::protobuf::FieldDescriptorProto,
    "google.protobuf.FieldOptions" => google::protobuf::FieldOptions,
    "google.protobuf.FieldOptions.EditionDefault" => google::protobuf::field_options::EditionDefault,
    "google.protobuf.FieldOptions.FeatureSupport" => google::protobuf::field_options::FeatureSupport,
    "google.protobuf.FileDescriptorProto" => google::protobuf::FileDescriptorProto,
    "google.protobuf.FileDescriptorSet" => google::protobuf::FileDescriptorSet,
    "google.protobuf.FileOptions" => google::protobuf::FileOptions,
    "google.protobuf.GeneratedCodeInfo" => google::protobuf::GeneratedCodeInfo,
    "google.protobuf.GeneratedCodeInfo.Annotation" => google::protobuf::generated_code_info::Annotation,
    "google.protobuf.MessageOptions" => google::protobuf::MessageOptions,
    "google.protobuf.MethodDescriptorProto" => google::protobuf::MethodDescriptorProto,
    "google.protobuf.MethodOptions" => google::protobuf::MethodOptions,
    "google.protobuf.OneofDescriptorProto" => google::protobuf::OneofDescriptorProto,
    "google.protobuf.OneofOptions" => google::protobuf::OneofOptions,
    "google.protobuf.ServiceDescriptorProto" => google::protobuf::ServiceDescriptorProto,
    "google.protobuf.ServiceOptions" => google::protobuf::ServiceOptions,
    "google.protobuf.SourceCodeInfo" => google::protobuf::SourceCodeInfo,
    "google.protobuf.SourceCodeInfo.Location" => google::protobuf::source_code_info::Location,
    "google.protobuf.UninterpretedOption" => google::protobuf::UninterpretedOption,
    "google.protobuf.UninterpretedOption.NamePart" => google::protobuf::uninterpreted_option::NamePart,
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

table!(EDITIONS {
    "editions.encoding_delimited.Delimited" => editions::encoding_delimited::Delimited,
    "editions.encoding_delimited.Item" => editions::encoding_delimited::Item,
    "editions.encoding_delimited.LengthPrefixed" => editions::encoding_delimited::LengthPrefixed,
    "editions.encoding_length_prefixed.Delimited" => editions::encoding_length_prefixed::Delimited,
    "editions.encoding_length_prefixed.Item" => editions::encoding_length_prefixed::Item,
    "editions.encoding_length_prefixed.LengthPrefixed" => editions::encoding_length_prefixed::LengthPrefixed,
    "editions.enum_closed.Closed" => editions::enum_closed::Closed,
    "editions.enum_closed.Open" => editions::enum_closed::Open,
    "editions.enum_open.Closed" => editions::enum_open::Closed,
    "editions.enum_open.Open" => editions::enum_open::Open,
    "editions.expanded.Expanded" => editions::expanded::Expanded,
    "editions.expanded.Packed" => editions::expanded::Packed,
    "editions.json_allow.Allow" => editions::json_allow::Allow,
    "editions.json_allow.BestEffort" => editions::json_allow::BestEffort,
    "editions.json_best_effort.Allow" => editions::json_best_effort::Allow,
    "editions.json_best_effort.BestEffort" => editions::json_best_effort::BestEffort,
    "editions.packed.Expanded" => editions::packed::Expanded,
    "editions.packed.Packed" => editions::packed::Packed,
    "editions.presence_explicit.Explicit" => editions::presence_explicit::Explicit,
    "editions.presence_explicit.Implicit" => editions::presence_explicit::Implicit,
    "editions.presence_explicit.Inner" => editions::presence_explicit::Inner,
    "editions.presence_explicit.Required" => editions::presence_explicit::Required,
    "editions.presence_implicit.Explicit" => editions::presence_implicit::Explicit,
    "editions.presence_implicit.Implicit" => editions::presence_implicit::Implicit,
    "editions.presence_implicit.Inner" => editions::presence_implicit::Inner,
    "editions.presence_implicit.Required" => editions::presence_implicit::Required,
    "editions.utf8_none.Unverified" => editions::utf8_none::Unverified,
    "editions.utf8_none.Verify" => editions::utf8_none::Verify,
    "editions.utf8_verify.Unverified" => editions::utf8_verify::Unverified,
    "editions.utf8_verify.Verify" => editions::utf8_verify::Verify,
});

fn round_trip_as<M: Message>(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let message = M::decode(bytes).map_err(|error| error.to_string())?;
    message
        .try_encode_to_vec()
        .map_err(|error| error.to_string())
}

fn json_of_as<M: Message + Serialize>(bytes: &[u8]) -> Result<String, String> {
    let message = M::decode(bytes).map_err(|error| error.to_string())?;
    serde_json::to_string(&message).map_err(|error| error.to_string())
}

fn encode_json_as<M: Message + DeserializeOwned>(json: &Json) -> Result<Vec<u8>, String> {
    let message: M = serde_json::from_value(json.clone()).map_err(|error| error.to_string())?;
    message
        .try_encode_to_vec()
        .map_err(|error| error.to_string())
}
