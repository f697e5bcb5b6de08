//! Dynamic messages' ProtoJSON (`reflect::DynamicMessage::to_json` and
//! `from_json`) held to the generated serde impls of the same `.proto`
//! files, on random messages of every type of tests/protos/proto and of
//! the editions schemas (`tests/differential/editions`), both ways:
//!
//! - **writing**: a random dynamic message's bytes, decoded by the
//!   generated type and written by its serde impl, give the JSON that the
//!   dynamic message decoded from the same bytes writes;
//! - **reading**: that JSON (under the schema's names and under the JSON
//!   names, as a value and as text) read by both gives the same message;
//! - **refusing**: the JSON changed at one random place (a key added, a
//!   value replaced by one of another type) is refused by both or read by
//!   both into the same message, unknown fields ignored or not.
//!
//! And on the conformance suite's test messages (schemac-conformance),
//! generated with protobuf's JSON names. The descriptors are those the
//! build scripts write beside the generated code. Also held to `schemac
//! encode` and `decode` (over the descriptors schemac exports), and, in an ignored test
//! that needs `.venv-protoc`, to Google's Python `json_format`
//! (`cargo test -p schemac-protos --test dynamic_json -- --ignored`).

use schemac_conformance::protobuf_test_messages;
use schemac_protos::{acme, editions, google, legacy, store, wkt};
use schemac_runtime::json::ignoring_unknown_fields;
use schemac_runtime::json::serde::Serialize;
use schemac_runtime::json::serde::de::DeserializeOwned;
use schemac_runtime::reflect::{
    DescriptorPool, DynamicMessage, FieldDescriptor, JsonOptions, Kind, MapKey, MessageDescriptor,
    Value,
};
use schemac_runtime::{Message, Name};
use serde_json::{Map, Value as Json};

const PROTOS_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/protos.binpb"));
const EDITIONS_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/editions.binpb"));

/// Random messages made of each type of the protos and editions schemas.
const MESSAGES_PER_TYPE: usize = 40;
/// Random messages made of each conformance message, which are larger.
const CONFORMANCE_MESSAGES_PER_TYPE: usize = 60;
/// Random changes made to the JSON of each message.
const CHANGES_PER_MESSAGE: usize = 3;
/// Messages below this depth hold messages of their own.
const MAX_DEPTH: u32 = 3;

/// What a generated type read from JSON, written again as JSON, and its
/// bytes, or why it has none.
type Read = Result<(Json, Result<Vec<u8>, String>), String>;

/// What the generated type of one message does.
struct Generated {
    name: &'static str,
    /// Bytes decoded and written as JSON by the serde impl.
    json_of: fn(&[u8]) -> Result<Json, String>,
    /// JSON read by the serde impl (ignoring unknown fields or not), and
    /// written again; and the message's bytes, or why there are none.
    read: fn(&Json, bool) -> Read,
    /// Registers the type for the JSON of `Any`.
    register: fn(),
}

fn json_of<M: Message + Serialize>(bytes: &[u8]) -> Result<Json, String> {
    let message = M::decode(bytes).map_err(|error| error.to_string())?;
    serde_json::to_value(&message).map_err(|error| error.to_string())
}

fn read<M: Message + Serialize + DeserializeOwned>(json: &Json, ignore: bool) -> Read {
    let parse = || serde_json::from_value::<M>(json.clone());
    let message = match ignore {
        true => ignoring_unknown_fields(parse),
        false => parse(),
    }
    .map_err(|error| error.to_string())?;
    let written = serde_json::to_value(&message).map_err(|error| error.to_string())?;
    let bytes = message.try_encode_to_vec().map_err(|e| e.to_string());
    Ok((written, bytes))
}

macro_rules! table {
    ($table:ident { $($name:literal => $ty:ty,)* }) => {
        const $table: &[Generated] = &[$(Generated {
            name: $name,
            json_of: json_of::<$ty>,
            read: read::<$ty>,
            register: || {
                assert_eq!(<$ty as Name>::FULL_NAME, $name);
                schemac_runtime::wkt::Any::register_json::<$ty>();
            },
        },)*];
    };
}

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
    "google.protobuf.EnumDescriptorProto" => google::protobuf::EnumDescriptorProto,
    "google.protobuf.EnumOptions" => google::protobuf::EnumOptions,
    "google.protobuf.FeatureSet" => google::protobuf::FeatureSet,
    "google.protobuf.FeatureSetDefaults" => google::protobuf::FeatureSetDefaults,
    "google.protobuf.FieldDescriptorProto" => google::protobuf::FieldDescriptorProto,
    "google.protobuf.FieldOptions" => google::protobuf::FieldOptions,
    "google.protobuf.FileDescriptorProto" => google::protobuf::FileDescriptorProto,
    "google.protobuf.FileDescriptorSet" => google::protobuf::FileDescriptorSet,
    "google.protobuf.FileOptions" => google::protobuf::FileOptions,
    "google.protobuf.GeneratedCodeInfo" => google::protobuf::GeneratedCodeInfo,
    "google.protobuf.MessageOptions" => google::protobuf::MessageOptions,
    "google.protobuf.MethodOptions" => google::protobuf::MethodOptions,
    "google.protobuf.ServiceDescriptorProto" => google::protobuf::ServiceDescriptorProto,
    "google.protobuf.SourceCodeInfo" => google::protobuf::SourceCodeInfo,
    "google.protobuf.UninterpretedOption" => google::protobuf::UninterpretedOption,
    "legacy.v1.Item" => legacy::v1::Item,
    "legacy.v1.Stock" => legacy::v1::Stock,
    "legacy.v1.SearchResponse" => legacy::v1::SearchResponse,
    "legacy.v1.SearchResponse.Result" => legacy::v1::search_response::Result,
    "legacy.v1.SearchResponse.Paging" => legacy::v1::search_response::Paging,
    "legacy.v1.SearchResponse.Debug" => legacy::v1::search_response::Debug,
    "wkt.WellKnown" => wkt::WellKnown,
    "wkt.Repeated" => wkt::Repeated,
    "wkt.Mapped" => wkt::Mapped,
    "wkt.OneofWellKnown" => wkt::OneofWellKnown,
});

table!(EDITIONS {
    "editions.encoding_delimited.Delimited" => editions::encoding_delimited::Delimited,
    "editions.encoding_delimited.LengthPrefixed" => editions::encoding_delimited::LengthPrefixed,
    "editions.encoding_length_prefixed.Delimited" => editions::encoding_length_prefixed::Delimited,
    "editions.enum_closed.Closed" => editions::enum_closed::Closed,
    "editions.enum_closed.Open" => editions::enum_closed::Open,
    "editions.enum_open.Closed" => editions::enum_open::Closed,
    "editions.enum_open.Open" => editions::enum_open::Open,
    "editions.expanded.Expanded" => editions::expanded::Expanded,
    "editions.expanded.Packed" => editions::expanded::Packed,
    "editions.json_allow.Allow" => editions::json_allow::Allow,
    "editions.json_best_effort.BestEffort" => editions::json_best_effort::BestEffort,
    "editions.packed.Packed" => editions::packed::Packed,
    "editions.presence_explicit.Explicit" => editions::presence_explicit::Explicit,
    "editions.presence_explicit.Implicit" => editions::presence_explicit::Implicit,
    "editions.presence_explicit.Required" => editions::presence_explicit::Required,
    "editions.presence_implicit.Explicit" => editions::presence_implicit::Explicit,
    "editions.presence_implicit.Implicit" => editions::presence_implicit::Implicit,
    "editions.presence_implicit.Required" => editions::presence_implicit::Required,
    "editions.utf8_verify.Verify" => editions::utf8_verify::Verify,
});

table!(CONFORMANCE {
    "protobuf_test_messages.proto3.TestAllTypesProto3" => protobuf_test_messages::proto3::TestAllTypesProto3,
    "protobuf_test_messages.proto3.ForeignMessage" => protobuf_test_messages::proto3::ForeignMessage,
    "protobuf_test_messages.proto2.TestAllTypesProto2" => protobuf_test_messages::proto2::TestAllTypesProto2,
    "protobuf_test_messages.proto2.ForeignMessageProto2" => protobuf_test_messages::proto2::ForeignMessageProto2,
    "protobuf_test_messages.editions.TestAllTypesEdition2023" => protobuf_test_messages::editions::TestAllTypesEdition2023,
    "protobuf_test_messages.editions.proto2.TestAllTypesProto2" => protobuf_test_messages::editions::proto2::TestAllTypesProto2,
    "protobuf_test_messages.editions.proto3.TestAllTypesProto3" => protobuf_test_messages::editions::proto3::TestAllTypesProto3,
});

/// SplitMix64, seeded, so that a seed names one run.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Random dynamic messages: edge values of every scalar, enum numbers an
/// open enum does not name, unicode, lists and maps, oneofs, extensions,
/// and the well-known types, mostly in range.
struct Random<'p> {
    rng: Rng,
    /// The types an `Any` may hold.
    any_types: Vec<MessageDescriptor<'p>>,
}

impl<'p> Random<'p> {
    fn message(&mut self, descriptor: MessageDescriptor<'p>, depth: u32) -> DynamicMessage<'p> {
        let mut message = DynamicMessage::new(descriptor);
        match descriptor.full_name() {
            "google.protobuf.Timestamp" => return self.seconds(message, 253_402_300_799, false),
            "google.protobuf.Duration" => return self.seconds(message, 315_576_000_000, true),
            "google.protobuf.FieldMask" => {
                // Now and then a path with no JSON form, which both refuse.
                let paths = ["a", "foo_bar", "foo.bar_baz", "x1"];
                let bad = ["Bad", "a__b", "a._b"];
                let count = self.rng.below(3);
                let paths = (0..count)
                    .map(|_| match self.rng.chance(0.05) {
                        true => *self.rng.pick(&bad),
                        false => *self.rng.pick(&paths),
                    })
                    .map(|path| Value::String(path.to_owned()))
                    .collect();
                set(&mut message, "paths", Value::List(paths));
                return message;
            }
            "google.protobuf.Any" => return self.any(message, depth),
            _ => {}
        }
        let shallow = depth < MAX_DEPTH;
        let mut chosen = Vec::new();
        for oneof in descriptor.oneofs().filter(|oneof| !oneof.is_synthetic()) {
            let members: Vec<_> = oneof.fields().collect();
            if shallow && self.rng.chance(0.7) {
                chosen.push(*self.rng.pick(&members));
            }
        }
        for field in descriptor.fields() {
            let in_oneof = field.containing_oneof().is_some_and(|o| !o.is_synthetic());
            let required = field.cardinality() == schemac_runtime::reflect::Cardinality::Required;
            let wanted = match in_oneof {
                true => chosen.contains(&field),
                false => required || (shallow && self.rng.chance(0.6)),
            };
            if wanted && let Some(value) = self.field(field, depth) {
                message.set(field, value).expect("a value of the field");
            }
        }
        if shallow {
            for extension in descriptor.extensions() {
                if self.rng.chance(0.4)
                    && let Some(value) = self.field(extension, depth)
                {
                    message
                        .set(extension, value)
                        .expect("a value of the extension");
                }
            }
        }
        if descriptor.full_name() == "google.protobuf.Value"
            && let Some(number) = message.get_by_name("number_value").and_then(|v| v.as_f64())
            && !number.is_finite()
        {
            // A `Value` holds no NaN or infinity in JSON.
            set(&mut message, "number_value", Value::F64(1.5));
        }
        message
    }

    /// A `Timestamp` or a `Duration`, mostly in range.
    fn seconds(
        &mut self,
        mut message: DynamicMessage<'p>,
        max: i64,
        signed: bool,
    ) -> DynamicMessage<'p> {
        let low = if signed { -max } else { -62_135_596_800 };
        let span = (max - low) as u64 + 1;
        let mut seconds = low + (self.rng.next_u64() % span) as i64;
        if self.rng.chance(0.2) {
            seconds = *self.rng.pick(&[0, 1, -1, low, max]);
        }
        let mut nanos = *self
            .rng
            .pick(&[0, 1, 500_000_000, 999_999_999, 21_000_000, 123_456]);
        if signed && seconds < 0 {
            nanos = -nanos;
        }
        if self.rng.chance(0.05) {
            // Out of range: both sides refuse to write it.
            seconds = max + 1;
        }
        set(&mut message, "seconds", Value::I64(seconds));
        set(&mut message, "nanos", Value::I32(nanos));
        message
    }

    /// An `Any`: empty, or holding a random message of a type of the pool.
    fn any(&mut self, mut any: DynamicMessage<'p>, depth: u32) -> DynamicMessage<'p> {
        if depth >= MAX_DEPTH || self.rng.chance(0.15) {
            return any;
        }
        let inner = *self.rng.pick(&self.any_types.clone());
        let content = self.message(inner, depth + 1).encode_to_vec();
        let url = format!("type.googleapis.com/{}", inner.full_name());
        set(&mut any, "type_url", Value::String(url));
        set(&mut any, "value", Value::Bytes(content));
        any
    }

    /// A value of `field`: a list, a map, or one value; none for a message
    /// too deep.
    fn field(&mut self, field: FieldDescriptor<'p>, depth: u32) -> Option<Value<'p>> {
        if let Some((key, value)) = field.map_entry() {
            let mut entries = std::collections::BTreeMap::new();
            for _ in 0..*self.rng.pick(&[0, 1, 2, 3]) {
                let key = MapKey::try_from(self.scalar(key.kind())).expect("a key");
                if let Some(value) = self.single(value.kind(), depth) {
                    entries.insert(key, value);
                }
            }
            return Some(Value::Map(entries));
        }
        if field.is_list() {
            let count = *self.rng.pick(&[0, 1, 2, 4]);
            return Some(Value::List(
                (0..count)
                    .filter_map(|_| self.single(field.kind(), depth))
                    .collect(),
            ));
        }
        let required = field.cardinality() == schemac_runtime::reflect::Cardinality::Required;
        match (field.kind(), required) {
            (Kind::Message(_), false) if depth >= MAX_DEPTH => None,
            (kind, _) => self.single(kind, depth),
        }
    }

    fn single(&mut self, kind: Kind<'p>, depth: u32) -> Option<Value<'p>> {
        match kind {
            Kind::Message(message) if depth < MAX_DEPTH + 2 => {
                Some(Value::Message(self.message(message, depth + 1)))
            }
            Kind::Message(_) => None,
            Kind::Enum(enumeration) => {
                let named: Vec<i32> = enumeration.values().map(|v| v.number()).collect();
                let number = match !enumeration.is_closed() && self.rng.chance(0.1) {
                    true => *self.rng.pick(&[99, -5, i32::MAX]),
                    false => *self.rng.pick(&named),
                };
                let null_value = enumeration.full_name() == "google.protobuf.NullValue";
                Some(Value::Enum(if null_value { 0 } else { number }))
            }
            kind => Some(self.scalar(kind)),
        }
    }

    fn scalar(&mut self, kind: Kind<'p>) -> Value<'p> {
        let rng = &mut self.rng;
        let wide = rng.next_u64();
        match kind {
            Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
                Value::I32(*rng.pick(&[0, 1, -1, i32::MIN, i32::MAX, wide as i32]))
            }
            Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => {
                Value::I64(*rng.pick(&[0, 1, -1, i64::MIN, i64::MAX, wide as i64, 1 << 53]))
            }
            Kind::Uint32 | Kind::Fixed32 => Value::U32(*rng.pick(&[0, 1, u32::MAX, wide as u32])),
            Kind::Uint64 | Kind::Fixed64 => Value::U64(*rng.pick(&[0, 1, u64::MAX, wide])),
            Kind::Float => Value::F32(*rng.pick(&[
                0.0,
                -0.0,
                0.1,
                -1.5,
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::MAX,
                f32::MIN_POSITIVE,
                1e-45,
                f32::from_bits(wide as u32),
            ])),
            Kind::Double => Value::F64(*rng.pick(&[
                0.0,
                -0.0,
                0.1,
                -1.5,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MAX,
                f64::MIN_POSITIVE,
                5e-324,
                f64::from_bits(wide),
            ])),
            Kind::Bool => Value::Bool(rng.chance(0.5)),
            Kind::String => Value::String(
                (*rng.pick(&["", "a", "héllo", "日本語", "🦀", "\0", "\"quoted\"\n", "1"]))
                    .to_owned(),
            ),
            Kind::Bytes => {
                let count = rng.below(6);
                Value::Bytes((0..count).map(|_| rng.next_u64() as u8).collect())
            }
            Kind::Enum(_) | Kind::Message(_) => unreachable!("not a scalar"),
        }
    }
}

/// Sets the field named `name`, which `message`'s type has.
fn set<'p>(message: &mut DynamicMessage<'p>, name: &str, value: Value<'p>) {
    message
        .set_by_name(name, value)
        .expect("a field of the type");
}

/// Counts of what one table's run checked.
#[derive(Debug, Default)]
struct Counts {
    messages: usize,
    written: usize,
    refused_to_write: usize,
    changes_read: usize,
    changes_refused: usize,
}

/// The JSON of `json` changed at one random place: a key added to an
/// object, or a value replaced by one of another type.
fn change(json: &Json, rng: &mut Rng) -> Json {
    let mut changed = json.clone();
    let mut node = &mut changed;
    loop {
        let children = match node {
            Json::Object(object) => object.len(),
            Json::Array(items) => items.len(),
            _ => 0,
        };
        if children == 0 || rng.chance(0.35) {
            break;
        }
        let index = rng.below(children);
        node = match node {
            Json::Object(object) => object.values_mut().nth(index).expect("a member"),
            Json::Array(items) => &mut items[index],
            _ => unreachable!(),
        };
    }
    match node {
        Json::Object(object) if rng.chance(0.5) => {
            object.insert("zz_unknown".to_owned(), Json::from(1));
        }
        _ => {
            let replacements = [
                Json::Bool(true),
                Json::from("x"),
                Json::Object(Map::new()),
                Json::Array(Vec::new()),
                Json::Null,
                Json::from(1.5),
                Json::from(-1),
                Json::from("NaN"),
                Json::from(1e300),
                Json::from("AAA"),
                Json::from("1"),
            ];
            *node = rng.pick(&replacements).clone();
        }
    }
    changed
}

/// Runs the three checks on random messages of each type of `table`,
/// whose descriptors are in `pool`, and whose generated code writes the
/// names `names` has.
fn check_table(
    pool: &DescriptorPool,
    table: &[Generated],
    names: JsonOptions,
    per_type: usize,
    seed: u64,
) -> Counts {
    for generated in PROTOS.iter().chain(EDITIONS).chain(CONFORMANCE) {
        (generated.register)();
    }
    let types: Vec<_> = (table.iter())
        .map(|generated| pool.message(generated.name).expect("a type of the pool"))
        .collect();
    let mut any_types = types.clone();
    for name in [
        "google.protobuf.Timestamp",
        "google.protobuf.Int32Value",
        "google.protobuf.Empty",
        "google.protobuf.Struct",
        "google.protobuf.Any",
    ] {
        any_types.extend(pool.message(name));
    }
    let mut random = Random {
        rng: Rng(seed),
        any_types,
    };
    let proto_names = names;
    let other_names = JsonOptions::new().proto_field_names(!names.get_proto_field_names());
    let mut counts = Counts::default();
    for (generated, &descriptor) in table.iter().zip(&types) {
        for round in 0..per_type {
            let built = random.message(descriptor, 0);
            let bytes = built.encode_to_vec();
            let context = || format!("{} #{round}: {built:?}\nbytes {bytes:02x?}", generated.name);
            let dynamic = DynamicMessage::decode(descriptor, &bytes)
                .unwrap_or_else(|e| panic!("{}\n{e}", context()));
            counts.messages += 1;
            // Writing.
            let expected = (generated.json_of)(&bytes);
            let written = dynamic
                .to_json_with(&proto_names)
                .map_err(|e| e.to_string());
            let json = match (expected, written) {
                (Ok(expected), Ok(written)) => {
                    assert_eq!(written, expected, "{}", context());
                    expected
                }
                (Err(_), Err(_)) => {
                    counts.refused_to_write += 1;
                    continue;
                }
                (expected, written) => panic!(
                    "{}\ngenerated: {expected:?}\ndynamic: {written:?}",
                    context()
                ),
            };
            counts.written += 1;
            // Reading, under both names, from a value and from text.
            let other = (dynamic.to_json_with(&other_names))
                .unwrap_or_else(|e| panic!("{}\n{e}", context()));
            for input in [&json, &other] {
                let (again, generated_bytes) = (generated.read)(input, false)
                    .unwrap_or_else(|e| panic!("{}\ngenerated reads {input}: {e}", context()));
                assert_eq!(again, json, "{}", context());
                let read = DynamicMessage::from_json(descriptor, input)
                    .unwrap_or_else(|e| panic!("{}\ndynamic reads {input}: {e}", context()));
                let read_json = read.to_json_with(&proto_names).expect("writes");
                assert_eq!(read_json, json, "{}\nread from {input}", context());
                assert_eq!((generated.json_of)(&read.encode_to_vec()), Ok(json.clone()));
                // The same bytes too: generated maps are `BTreeMap`s, in
                // key order, as a dynamic message's.
                // But for a message set, whose items dynamic messages do
                // not write yet (they write its extensions as fields).
                if let Ok(generated_bytes) = generated_bytes
                    && !holds_message_set(&read)
                {
                    let ours = read.encode_to_vec();
                    let at = (ours.iter().zip(&generated_bytes))
                        .take_while(|(a, b)| a == b)
                        .count();
                    assert!(
                        ours == generated_bytes,
                        "{}\n{}\nbytes differ at {at}: ours {:02x?}, generated {:02x?}",
                        context(),
                        wire_diff(&ours, &generated_bytes, String::new()),
                        &ours[at.saturating_sub(8)..(at + 24).min(ours.len())],
                        &generated_bytes
                            [at.saturating_sub(8)..(at + 24).min(generated_bytes.len())],
                    );
                }
                let text = DynamicMessage::from_json_str(
                    descriptor,
                    &input.to_string(),
                    &JsonOptions::new(),
                )
                .unwrap_or_else(|e| panic!("{}\ndynamic reads text {input}: {e}", context()));
                let text_json = text.to_json_with(&proto_names).expect("writes");
                assert_eq!(text_json, json, "{}\nread from text {input}", context());
            }
            // Refusing, or reading alike, what is changed.
            for _ in 0..CHANGES_PER_MESSAGE {
                let changed = change(&json, &mut random.rng);
                for ignore in [false, true] {
                    let options = JsonOptions::new().ignore_unknown_fields(ignore);
                    let expected = (generated.read)(&changed, ignore);
                    let read = DynamicMessage::from_json_with(descriptor, &changed, &options);
                    match (expected, read) {
                        (Ok((expected, bytes)), Ok(read)) => {
                            let written = read.to_json_with(&proto_names);
                            assert_eq!(
                                written.as_ref().ok(),
                                Some(&expected),
                                "{}\nchanged: {changed}\nignore: {ignore}",
                                context()
                            );
                            if let Ok(bytes) = bytes {
                                let theirs = (generated.json_of)(&bytes);
                                let ours = (generated.json_of)(&read.encode_to_vec());
                                assert_eq!(ours, theirs, "{}\nchanged: {changed}", context());
                            }
                            counts.changes_read += 1;
                        }
                        (Err(_), Err(_)) => counts.changes_refused += 1,
                        (expected, read) => panic!(
                            "{}\nchanged: {changed}\nignore: {ignore}\ngenerated: {:?}\ndynamic: {:?}",
                            context(),
                            expected.map(|(json, _)| json),
                            read.map(|read| read.to_json_with(&proto_names)),
                        ),
                    }
                }
            }
        }
    }
    counts
}

#[test]
fn dynamic_json_is_generated_codes_on_the_protos() {
    let pool = DescriptorPool::decode(PROTOS_SET).expect("the descriptor set");
    let names = JsonOptions::new().proto_field_names(true);
    let counts = check_table(&pool, PROTOS, names, MESSAGES_PER_TYPE, 20_261_207);
    println!("protos: {counts:?}");
    assert!(counts.written > counts.messages / 2, "{counts:?}");
}

#[test]
fn dynamic_json_is_generated_codes_on_the_editions_schemas() {
    let pool = DescriptorPool::decode(EDITIONS_SET).expect("the descriptor set");
    let names = JsonOptions::new().proto_field_names(true);
    let counts = check_table(&pool, EDITIONS, names, MESSAGES_PER_TYPE, 20_261_208);
    println!("editions: {counts:?}");
    assert!(counts.written > counts.messages / 2, "{counts:?}");
}

#[test]
fn dynamic_json_is_generated_codes_on_the_conformance_messages() {
    let set = schemac_conformance::FILE_DESCRIPTOR_SET;
    let pool = DescriptorPool::decode(set).expect("the descriptor set");
    // Generated with protobuf's JSON names, as the conformance suite wants.
    let counts = check_table(
        &pool,
        CONFORMANCE,
        JsonOptions::new(),
        CONFORMANCE_MESSAGES_PER_TYPE,
        20_261_209,
    );
    println!("conformance: {counts:?}");
    assert!(counts.written > counts.messages / 2, "{counts:?}");
}

/// The codec of `schemac encode` and `schemac decode`, dynamic messages
/// over the descriptors schemac exports of the files, and dynamic messages
/// over the descriptors the build wrote, write the same JSON of random
/// messages of tests/protos, and the same bytes of that JSON.
#[test]
fn schemac_decode_writes_and_reads_the_json_dynamic_messages_do() {
    use schemac::transcode::{self, Codec};
    let files: Vec<std::path::PathBuf> = [
        "acme/trace/v1/trace.proto",
        "store/v1/orders.proto",
        "legacy/v1/inventory.proto",
        "legacy/v1/retired.proto",
        "legacy/v1/extended.proto",
        "acme/catalog/v1/catalog.proto",
        "legacy/v1/search.proto",
        "wkt.proto",
    ]
    .iter()
    .map(std::path::PathBuf::from)
    .collect();
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proto");
    let analysis = schemac::analyze(&files, std::slice::from_ref(&dir), &mut |path| {
        std::fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{}", error.render(false)));
    let schema = &analysis.schema;
    let codec = Codec::new(&analysis);
    let pool = DescriptorPool::decode(PROTOS_SET).expect("the descriptor set");
    for generated in PROTOS {
        (generated.register)();
    }
    let names = JsonOptions::new().proto_field_names(true);
    let types: Vec<_> = (PROTOS.iter())
        .map(|generated| pool.message(generated.name).expect("a type of the pool"))
        .collect();
    let mut random = Random {
        rng: Rng(20_261_210),
        any_types: types.clone(),
    };
    let mut compared = 0;
    for &descriptor in &types {
        let name = descriptor.full_name();
        let id = transcode::find_message(schema, name).expect("a message of the schema");
        for _ in 0..MESSAGES_PER_TYPE {
            let bytes = random.message(descriptor, 0).encode_to_vec();
            let dynamic = DynamicMessage::decode(descriptor, &bytes).expect("decodes");
            let ours = dynamic.to_json_with(&names).map_err(|e| e.to_string());
            let theirs = (codec.bytes_to_json(id, &bytes, schemac::JsonNames::Schema))
                .map_err(|e| e.to_string());
            let json = match (ours, theirs) {
                (Ok(ours), Ok(theirs)) => {
                    assert_eq!(ours, theirs, "{name}: {bytes:02x?}");
                    ours
                }
                (Err(_), Err(_)) => continue,
                (ours, theirs) => {
                    panic!("{name}: {bytes:02x?}\ndynamic {ours:?}\nschemac decode {theirs:?}")
                }
            };
            let ours = DynamicMessage::from_json(descriptor, &json).expect("reads");
            let theirs = codec.json_to_bytes(id, &json).expect("encodes");
            assert_eq!(ours.encode_to_vec(), theirs, "{name}: {json}");
            compared += 1;
        }
    }
    println!("schemac decode: {compared} messages, the same JSON and the same bytes");
    assert!(compared > types.len() * MESSAGES_PER_TYPE / 2);
}

/// Whether `message`, or a message it holds, is a message set with an
/// extension set.
fn holds_message_set(message: &DynamicMessage<'_>) -> bool {
    let options = message.descriptor().options();
    let message_set = options.and_then(|o| o.message_set_wire_format) == Some(true);
    message.fields().any(|(field, value)| {
        (message_set && field.is_extension())
            || match value {
                Value::Message(message) => holds_message_set(message),
                Value::List(items) => items
                    .iter()
                    .filter_map(Value::as_message)
                    .any(holds_message_set),
                Value::Map(entries) => entries
                    .values()
                    .filter_map(Value::as_message)
                    .any(holds_message_set),
                _ => false,
            }
    })
}

/// The records of `bytes`, each its key and its value (a length-delimited
/// one without its length), for [`wire_diff`]; none if they are not
/// records.
fn records(bytes: &[u8]) -> Option<Vec<(u64, Vec<u8>)>> {
    let mut out = Vec::new();
    let mut i = 0;
    let varint = |i: &mut usize| -> Option<u64> {
        let mut v = 0u64;
        for s in 0..10 {
            let b = *bytes.get(*i)?;
            *i += 1;
            v |= u64::from(b & 0x7f) << (7 * s);
            if b < 0x80 {
                return Some(v);
            }
        }
        None
    };
    while i < bytes.len() {
        let key = varint(&mut i)?;
        let start = i;
        match key & 7 {
            0 => {
                varint(&mut i)?;
            }
            1 => i += 8,
            5 => i += 4,
            2 => {
                let len = varint(&mut i)? as usize;
                let s = i;
                i += len;
                out.push((key, bytes.get(s..i)?.to_vec()));
                continue;
            }
            3 | 4 => {}
            _ => return None,
        }
        out.push((key, bytes.get(start..i)?.to_vec()));
    }
    Some(out)
}

/// Where two encodings first differ, record by record, into the
/// length-delimited records that differ: for failures, which print it.
fn wire_diff(a: &[u8], b: &[u8], path: String) -> String {
    let (Some(ra), Some(rb)) = (records(a), records(b)) else {
        return format!("{path}: not records");
    };
    for (i, (x, y)) in ra.iter().zip(&rb).enumerate() {
        if x != y {
            if x.0 == y.0 && x.0 & 7 == 2 {
                return wire_diff(&x.1, &y.1, format!("{path}.{}[{i}]", x.0 >> 3));
            }
            return format!(
                "{path}: record {i}: ours {:?} generated {:?}",
                (x.0 >> 3, x.0 & 7, &x.1),
                (y.0 >> 3, y.0 & 7, &y.1)
            );
        }
    }
    format!(
        "{path}: {} records vs {}; ours tail {:?} generated tail {:?}",
        ra.len(),
        rb.len(),
        ra.get(rb.len()).map(|r| (r.0 >> 3, r.0 & 7)),
        rb.get(ra.len()).map(|r| (r.0 >> 3, r.0 & 7))
    )
}

/// Google's Python protobuf, as the differential test runs it
/// (`tests/differential/google_peer.py`, one JSON request a line).
struct Google {
    child: std::process::Child,
    out: std::io::BufReader<std::process::ChildStdout>,
}

impl Google {
    /// The peer, on `SCHEMAC_PYTHON` or the workspace's `.venv-protoc`.
    fn start() -> Google {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let python = std::env::var("SCHEMAC_PYTHON")
            .unwrap_or_else(|_| root.join(".venv-protoc/bin/python").display().to_string());
        let mut child = std::process::Command::new(&python)
            .arg(root.join("tests/differential/google_peer.py"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| {
                panic!("{python}: {error} (make .venv-protoc, docs/differential.md)")
            });
        let out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        Google { child, out }
    }

    fn ask(&mut self, request: Json) -> Json {
        use std::io::{BufRead, Write};
        let stdin = self.child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{request}").expect("writes to the peer");
        let mut line = String::new();
        self.out.read_line(&mut line).expect("reads the peer");
        let answer: Json = serde_json::from_str(&line).expect("the peer answers JSON");
        assert!(answer.get("error").is_none(), "{request}: {answer}");
        answer
    }
}

/// Whether two JSON values are equal, numbers as the same `f64` or, for
/// floats that Google's Python writes shorter (`3.4028235e+38` for
/// `f32::MAX`), as the same `f32`.
fn same_json(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => {
            x == y
                || x.as_f64() == y.as_f64()
                || x.as_f64().map(|x| x as f32) == y.as_f64().map(|y| y as f32)
        }
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| same_json(x, y)))
        }
        (x, y) => x == y,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// Dynamic messages' JSON held to Google's `json_format` (protobuf 7.x, on
/// upb), on Google's own random messages of every type of tests/protos
/// and of the conformance messages: Google's JSON read by a dynamic message
/// is Google's message, and a dynamic message's JSON of Google's bytes is
/// read by Google as the same message. Ignored: it needs the workspace's
/// `.venv-protoc` (`make differential` makes it, docs/differential.md).
#[test]
#[ignore = "needs .venv-protoc, Google's Python protobuf"]
fn dynamic_json_is_googles() {
    let mut google = Google::start();
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let mut checked = 0;
    for (set, table, file) in [
        (PROTOS_SET, PROTOS, "dynamic-json-protos.binpb"),
        (
            schemac_conformance::FILE_DESCRIPTOR_SET,
            CONFORMANCE,
            "dynamic-json-conformance.binpb",
        ),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, set).expect("writes the set");
        google.ask(serde_json::json!({"op": "load", "descriptors": path}));
        let pool = DescriptorPool::decode(set).expect("the descriptor set");
        for (index, generated) in table.iter().enumerate() {
            let name = generated.name;
            let descriptor = pool.message(name).expect("a type of the pool");
            let request =
                serde_json::json!({"op": "generate", "type": name, "seed": index, "count": 20});
            let hexes: Vec<String> = (google.ask(request)["messages"]
                .as_array()
                .expect("messages"))
            .iter()
            .map(|m| m["hex"].as_str().expect("hex").to_owned())
            .collect();
            let jsons =
                google.ask(serde_json::json!({"op": "to_json", "type": name, "hexes": hexes}));
            let mut read_pairs = Vec::new();
            let mut ours = Vec::new();
            for (google_hex, text) in hexes.iter().zip(jsons["jsons"].as_array().expect("jsons")) {
                let text = text.as_str().expect("a JSON text");
                // Google's JSON, read.
                let read = DynamicMessage::from_json_str(descriptor, text, &JsonOptions::new())
                    .unwrap_or_else(|e| panic!("{name}: Google's {text}: {e}"));
                read_pairs.push(serde_json::json!([google_hex, hex(&read.encode_to_vec())]));
                // Google's bytes, written.
                let message = DynamicMessage::decode(descriptor, &unhex(google_hex))
                    .unwrap_or_else(|e| panic!("{name}: {google_hex}: {e}"));
                let written = message
                    .to_json_string()
                    .unwrap_or_else(|e| panic!("{name}: {google_hex}: {e}"));
                // The same JSON, but for how a float is spelled.
                let theirs: Json = serde_json::from_str(text).expect("JSON");
                let mine: Json = serde_json::from_str(&written).expect("JSON");
                assert!(
                    same_json(&mine, &theirs),
                    "{name}:\n ours   {mine}\n google {theirs}"
                );
                ours.push(written);
            }
            let compared =
                google.ask(serde_json::json!({"op": "compare", "type": name, "pairs": read_pairs}));
            assert_eq!(
                compared["failures"],
                serde_json::json!([]),
                "{name}: Google's JSON read"
            );
            let parsed =
                google.ask(serde_json::json!({"op": "from_json", "type": name, "texts": ours}));
            let mut back_pairs = Vec::new();
            for ((google_hex, result), text) in hexes
                .iter()
                .zip(parsed["results"].as_array().expect("results"))
                .zip(&ours)
            {
                let back = result["hex"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{name}: Google refused {text}: {result}"));
                back_pairs.push(serde_json::json!([google_hex, back]));
            }
            let compared =
                google.ask(serde_json::json!({"op": "compare", "type": name, "pairs": back_pairs}));
            assert_eq!(
                compared["failures"],
                serde_json::json!([]),
                "{name}: dynamic JSON read by Google"
            );
            checked += hexes.len();
        }
    }
    println!("Google: {checked} messages, both ways");
    drop(google.child.stdin.take());
    let _ = google.child.wait();
}

/// The text format of generated messages (`reflect::TextFormat`, for the
/// conformance messages, whose descriptors are embedded) is dynamic
/// messages': on random messages, a generated message prints the text its
/// dynamic message prints, and reads it back to a message of that text.
#[test]
fn generated_text_is_dynamic_text_on_the_conformance_messages() {
    use protobuf_test_messages::proto2::TestAllTypesProto2;
    use protobuf_test_messages::proto3::TestAllTypesProto3;
    use schemac_runtime::reflect::{TextFormat, TextOptions};

    fn check<'p, M: Message + TextFormat>(
        pool: &'p DescriptorPool,
        name: &str,
        random: &mut Random<'p>,
    ) {
        let descriptor = pool.message(name).expect("a type of the pool");
        for round in 0..CONFORMANCE_MESSAGES_PER_TYPE {
            let bytes = random.message(descriptor, 0).encode_to_vec();
            let generated = M::decode(&bytes).expect("decodes");
            // Of the generated message's own bytes: it holds an empty
            // `google.protobuf.Value` as a null one (docs/json.md).
            let bytes = generated.try_encode_to_vec().expect("encodes");
            let dynamic = DynamicMessage::decode(descriptor, &bytes).expect("decodes");
            let text = dynamic.to_text();
            assert_eq!(generated.to_text(), text, "{name} #{round}");
            let one_line = TextOptions::new().single_line(true);
            assert_eq!(
                generated.to_text_with(&one_line),
                dynamic.to_text_with(&one_line)
            );
            let read =
                M::from_text(&text).unwrap_or_else(|e| panic!("{name} #{round}: {e}\n{text}"));
            assert_eq!(read.to_text(), text, "{name} #{round}: read back");
        }
    }
    let pool = DescriptorPool::decode(schemac_conformance::FILE_DESCRIPTOR_SET).unwrap();
    // An `Any` holds a well-known type, which every package's pool has.
    let any_types = ["google.protobuf.Timestamp", "google.protobuf.Int32Value"];
    let mut random = Random {
        rng: Rng(20_261_207),
        any_types: any_types
            .iter()
            .filter_map(|name| pool.message(name))
            .collect(),
    };
    check::<TestAllTypesProto3>(
        &pool,
        "protobuf_test_messages.proto3.TestAllTypesProto3",
        &mut random,
    );
    check::<TestAllTypesProto2>(
        &pool,
        "protobuf_test_messages.proto2.TestAllTypesProto2",
        &mut random,
    );
}
