//! `decimal`, `value` and unknown fields against independent protobuf
//! implementations: prost-reflect reads schemac's bytes through the
//! exported `.proto` and `schemac/types.proto` with nothing left unknown,
//! and writes bytes schemac reads back as the same values; protoc does the
//! same in `make interop`.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::path::Path;

use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, ReflectMessage, Value as Dyn};
use schemac_generated::evolution::{v1, v2};
use schemac_generated::money::{Amounts, Entry, Values, entry};
use schemac_runtime::{Decimal, DynamicValue, Message, UnknownFields};

use crate::protoc::protoc;
use crate::reflect::{descriptor, export_all, pool};

fn decimal(text: &str) -> Decimal {
    text.parse()
        .unwrap_or_else(|error| panic!("{text}: {error}"))
}

pub(crate) fn amounts() -> Amounts {
    Amounts {
        total: decimal("-12.34"),
        discount: Some(Decimal::ZERO),
        line_totals: vec![
            Decimal::MAX,
            Decimal::MIN,
            decimal("0.00"),
            decimal("1E-28"),
        ],
        prices: BTreeMap::from([("cents".to_owned(), decimal("0.01"))]),
        by_day: BTreeMap::from([(7, decimal("100"))]),
        ..Default::default()
    }
}

pub(crate) fn values() -> Values {
    let map = BTreeMap::from([
        ("null".to_owned(), DynamicValue::Null),
        ("n".to_owned(), DynamicValue::U64(u64::MAX)),
    ]);
    Values {
        payload: DynamicValue::I32(-5),
        previous: Some(DynamicValue::Null),
        history: vec![
            DynamicValue::Null,
            DynamicValue::Bool(true),
            DynamicValue::I64(i64::MIN),
            DynamicValue::U32(7),
            DynamicValue::F32(1.5),
            DynamicValue::F64(-0.25),
            DynamicValue::String("π".to_owned()),
            DynamicValue::Bytes(vec![0, 255]),
            DynamicValue::Decimal(decimal("-0.50")),
            DynamicValue::List(vec![
                DynamicValue::List(Vec::new()),
                DynamicValue::Map(map.clone()),
            ]),
        ],
        attributes: BTreeMap::from([("m".to_owned(), DynamicValue::Map(map))]),
        by_id: BTreeMap::from([(-1, DynamicValue::String(String::new()))]),
        ..Default::default()
    }
}

pub(crate) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            memo: "exact".to_owned(),
            amount: Some(entry::Amount::Exact(Decimal::ZERO)),
            amounts: Some(amounts()),
            values: vec![values(), Values::default()],
            ..Default::default()
        },
        Entry {
            amount: Some(entry::Amount::Other(DynamicValue::Null)),
            ..Entry::default()
        },
    ]
}

/// Every field prost-reflect read, nested ones included, is known to it.
fn assert_nothing_unknown(message: &DynamicMessage) {
    let name = message.descriptor().full_name().to_owned();
    assert_eq!(
        message.unknown_fields().count(),
        0,
        "{name} has unknown fields"
    );
    for (_, value) in message.fields() {
        assert_value_known(value);
    }
}

fn assert_value_known(value: &Dyn) {
    match value {
        Dyn::Message(message) => assert_nothing_unknown(message),
        Dyn::List(values) => values.iter().for_each(assert_value_known),
        Dyn::Map(entries) => entries.values().for_each(assert_value_known),
        _ => {}
    }
}

/// prost-reflect reads `value`'s bytes knowing every field, and what it
/// writes back reads in schemac as `value`, every digit of every scale
/// included. Returns what prost-reflect read.
fn through_prost_reflect<M>(pool: &DescriptorPool, full_name: &str, value: &M) -> DynamicMessage
where
    M: Message + PartialEq + Debug,
{
    let ours = value.try_encode_to_vec().unwrap();
    let read = DynamicMessage::decode(descriptor(pool, full_name), ours.as_slice()).unwrap_or_else(
        |error| panic!("{full_name}: prost-reflect rejects schemac's bytes: {error}"),
    );
    assert_nothing_unknown(&read);
    let back = M::decode(&read.encode_to_vec()).unwrap_or_else(|error| {
        panic!("{full_name}: schemac rejects prost-reflect's bytes: {error}")
    });
    assert_eq!(&back, value, "{full_name}");
    assert_eq!(format!("{back:?}"), format!("{value:?}"), "{full_name}");
    read
}

#[test]
fn decimals_and_values_both_ways_with_prost_reflect() {
    let pool = pool();
    let read = through_prost_reflect(&pool, "money.Amounts", &amounts());
    let total = read.get_field_by_name("total").unwrap();
    let total = total.as_message().expect("a schemac.Decimal");
    assert_eq!(total.descriptor().full_name(), "schemac.Decimal");
    // -1234 in two's complement, scale 2.
    let unscaled = total.get_field_by_name("unscaled").unwrap();
    assert_eq!(unscaled.as_bytes().unwrap().as_ref(), [0xfb, 0x2e]);
    assert_eq!(total.get_field_by_name("scale").unwrap().as_i32(), Some(2));

    let read = through_prost_reflect(&pool, "money.Values", &values());
    let payload = read.get_field_by_name("payload").unwrap();
    let payload = payload.as_message().expect("a schemac.Value");
    assert_eq!(
        payload.get_field_by_name("i32_value").unwrap().as_i32(),
        Some(-5)
    );
    let previous = read.get_field_by_name("previous").unwrap();
    let previous = previous.as_message().expect("a schemac.Value");
    assert!(previous.has_field_by_name("null_value"), "{previous:?}");

    through_prost_reflect(&pool, "money.Values", &Values::default());
    for entry in entries() {
        through_prost_reflect(&pool, "money.Entry", &entry);
    }
}

pub(crate) fn full_profile() -> v2::Profile {
    v2::Profile {
        id: 42,
        name: "Ada".to_owned(),
        age: -36,
        address: Some(v2::Address {
            street: "1 Analytical Row".to_owned(),
            city: "London".to_owned(),
            ..Default::default()
        }),
        email: "ada@example.com".to_owned(),
        scores: vec![1, 300],
        balance: decimal("-1234.50"),
        rating: 4.5,
        badge: 7,
        nicknames: vec!["Countess".to_owned()],
        preferences: BTreeMap::from([("zoom".to_owned(), DynamicValue::F32(1.25))]),
        ..Default::default()
    }
}

/// prost-reflect reads what a v1 service passed on as the v2 profile it
/// was given.
#[test]
fn unknown_fields_passed_on_read_the_same_in_prost_reflect() {
    let pool = pool();
    let original = full_profile();
    let bytes = original.try_encode_to_vec().unwrap();
    let passed_on = v1::Profile::decode(&bytes)
        .unwrap()
        .try_encode_to_vec()
        .unwrap();
    let v2 = descriptor(&pool, "evolution.v2.Profile");
    let expected = DynamicMessage::decode(v2.clone(), bytes.as_slice()).unwrap();
    let read = DynamicMessage::decode(v2, passed_on.as_slice()).unwrap();
    assert_nothing_unknown(&read);
    assert_eq!(read, expected);

    // prost-reflect, reading as v1, keeps them too; schemac's v1 reads its
    // bytes with the same unknown fields.
    let v1 = descriptor(&pool, "evolution.v1.Profile");
    let theirs = DynamicMessage::decode(v1, bytes.as_slice())
        .unwrap()
        .encode_to_vec();
    let ours = v1::Profile::decode(&theirs).unwrap();
    assert_eq!(
        v2::Profile::decode(&ours.try_encode_to_vec().unwrap()).unwrap(),
        original
    );
}

#[test]
fn the_new_types_have_the_promised_rust_types() {
    fn is<T>(_value: &T) {}
    let amounts = Amounts::default();
    is::<Decimal>(&amounts.total);
    is::<Option<Decimal>>(&amounts.discount);
    is::<Vec<Decimal>>(&amounts.line_totals);
    is::<BTreeMap<u32, Decimal>>(&amounts.by_day);
    let values = Values::default();
    is::<DynamicValue>(&values.payload);
    is::<BTreeMap<i64, DynamicValue>>(&values.by_id);
    is::<UnknownFields>(&v1::Profile::default().unknown_fields);
}

/// protoc decodes schemac's bytes to text and encodes that text back to
/// bytes schemac reads as the same values.
fn through_protoc<M: Message + PartialEq + Debug>(
    dir: &Path,
    full_name: &str,
    value: &M,
) -> String {
    let decode = format!("--decode={full_name}");
    let text = protoc(
        dir,
        &[&decode, "money.proto"],
        &value.try_encode_to_vec().unwrap(),
    );
    let encode = format!("--encode={full_name}");
    let bytes = protoc(dir, &[&encode, "money.proto"], &text);
    let back = M::decode(&bytes).unwrap_or_else(|error| panic!("{full_name}: {error}"));
    assert_eq!(&back, value, "{full_name}");
    assert_eq!(format!("{back:?}"), format!("{value:?}"), "{full_name}");
    String::from_utf8(text).expect("protoc writes UTF-8 text")
}

#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn decimals_and_values_both_ways_with_protoc() {
    let (dir, _) = export_all();
    let text = through_protoc(&dir, "money.Amounts", &amounts());
    assert!(text.contains("unscaled: \"\\373.\"\n  scale: 2"), "{text}");
    let text = through_protoc(&dir, "money.Values", &values());
    assert!(text.contains("i32_value: -5"), "{text}");
    assert!(text.contains("null_value: NULL_VALUE"), "{text}");
    for entry in entries() {
        through_protoc(&dir, "money.Entry", &entry);
    }
}

/// The generated serde impls of `value` agree with `schemac decode`: the same
/// JSON from the same bytes, and back to the same bytes and value, every
/// scale included.
fn json_agrees<M>(analysis: &schemac::Analysis, full_name: &str, value: &M) -> serde_json::Value
where
    M: Message
        + schemac_runtime::json::serde::Serialize
        + schemac_runtime::json::serde::de::DeserializeOwned
        + PartialEq
        + Debug,
{
    let id = schemac::transcode::find_message(&analysis.schema, full_name).unwrap();
    let json = serde_json::to_value(value).unwrap_or_else(|e| panic!("{full_name}: {e}"));
    let back: M =
        serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{full_name}: {e}"));
    assert_eq!(format!("{back:?}"), format!("{value:?}"), "{full_name}");
    let bytes = value.try_encode_to_vec().unwrap();
    let codec = schemac::transcode::Codec::new(analysis);
    let decoded = (codec.bytes_to_json(id, &bytes, schemac::JsonNames::Schema)).unwrap();
    assert_eq!(
        decoded, json,
        "{full_name}: generated serde vs schemac decode"
    );
    let encoded = codec.json_to_bytes(id, &json).unwrap();
    assert_eq!(encoded, bytes, "{full_name}: schemac encode");
    json
}

#[test]
fn decimals_values_and_kept_fields_in_json() {
    let root = schemac_tests::workspace_root();
    let paths = schemac_tests::schema_paths();
    let includes = [std::path::PathBuf::from("schemas")];
    let analysis = schemac::analyze(&paths, &includes, &mut |path| {
        std::fs::read_to_string(root.join(path))
    })
    .unwrap_or_else(|error| panic!("{error}"));
    let json = json_agrees(&analysis, "money.Amounts", &amounts());
    assert_eq!(json["total"], "-12.34");
    assert_eq!(json["line_totals"][2], "0.00", "{json}");
    let json = json_agrees(&analysis, "money.Values", &values());
    assert_eq!(json["payload"], serde_json::json!({"$i32": -5}));
    for entry in entries() {
        json_agrees(&analysis, "money.Entry", &entry);
    }
    // JSON has no place for unknown fields: they are left out.
    let profile = v1::Profile::decode(&full_profile().try_encode_to_vec().unwrap()).unwrap();
    let json = serde_json::to_value(&profile).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"id": "42", "name": "Ada", "email": "ada@example.com"})
    );
}
