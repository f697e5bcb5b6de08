//! Shared material for the integration tests and the fuzz targets: fixture
//! values of the generated types, the paths of the workspace, a seeded
//! generator ([`rng`]), the representation oracle [`repr`], the encoding
//! oracles [`encodes_every_way`] and [`reads_as_default`], the decoding
//! oracle [`reads_in_any_order`], and the text format's, [`text`].

pub mod fixtures;
pub mod rng;
pub mod text;

use std::fmt::{Debug, Display};
use std::path::{Path, PathBuf};

use schemac_runtime::bytes::{Bytes, BytesMut};
use schemac_runtime::view::{HasView, MessageView};
use schemac_runtime::{DecodeOptions, Decoder, Message, WireType};

use rng::Rng;

/// `value`'s `Debug` text: what the tests compare when a value must come
/// back as it was, not merely equal to it.
///
/// `==` hides differences that the wire format and JSON keep: a `Decimal`
/// compares by number (`1.50 == 1.5`), a float says `-0.0 == 0.0`, and a
/// generated enum compares by number (`Status::Paid ==
/// Status::Unrecognized(1)`). `Debug` shows all three: a decimal with its
/// scale (`1.50`), a float with its sign and the shortest digits that read
/// back as its bits (`-0.0`), an enum by its variant (`Unrecognized(1)`),
/// in the generated messages and everything they hold. So comparing `Debug`
/// texts compares representations, more simply and more completely than a
/// hand-written comparison per type could; the suite's
/// `repr_sees_what_eq_hides` checks the three cases. The exceptions: every
/// NaN prints as `NaN`, so NaNs compare equal whatever their payload, and
/// a `HashMap` prints in no fixed order, so it must not be compared so.
pub fn repr<T: Debug + ?Sized>(value: &T) -> String {
    format!("{value:?}")
}

/// Asserts that `actual` has the representation of `expected` ([`repr`]),
/// naming `context` when it does not.
#[track_caller]
pub fn assert_same_repr<T: Debug + ?Sized>(actual: &T, expected: &T, context: impl Display) {
    let (actual, expected) = (repr(actual), repr(expected));
    assert!(
        actual == expected,
        "{context}: another representation\n  actual: {actual}\nexpected: {expected}"
    );
}

/// The workspace root, where `schemas/` and `generated/` live.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The top-level schemas, as paths relative to the workspace root, sorted:
/// the same list `make generate` passes to `schemac compile`.
pub fn schema_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(workspace_root().join("schemas"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "schema"))
        .filter_map(|path| path.file_name().map(|name| Path::new("schemas").join(name)))
        .collect();
    paths.sort();
    paths
}

/// Bytes as lines of 16 hex pairs, with the length first: the form wire
/// snapshots take.
pub fn hex_dump(bytes: &[u8]) -> String {
    let mut text = format!("{} bytes\n", bytes.len());
    for line in bytes.chunks(16) {
        let pairs: Vec<String> = line.iter().map(|byte| format!("{byte:02x}")).collect();
        text.push_str(&pairs.join(" "));
        text.push('\n');
    }
    text
}

/// Checks that every way of encoding `message` writes `bytes`, its
/// `encode_to_vec`: into an empty vector or after bytes one holds (fewer
/// than the encoding, or more), into a `BufMut`, framed by its length, and
/// into a buffer one byte too small, which gets an error and nothing
/// written.
///
/// The ways differ where a payload of 16 KiB or more is left out of an
/// encode's first walk, to be placed by a second or shared
/// (`runtime/src/encode.rs`): each puts it into its output in its own way.
pub fn encodes_every_way<M: Message>(message: &M, bytes: &[u8]) {
    let name = M::NAME;
    assert_eq!(message.encoded_len(), bytes.len(), "{name}: encoded_len");
    let mut frame = Vec::new();
    schemac_runtime::wire::put_varint(&mut frame, bytes.len() as u64);
    frame.extend_from_slice(bytes);
    for held in [0, 4, bytes.len() + 1] {
        let head: Vec<u8> = (0..held).map(|index| index as u8).collect();
        let mut appended = head.clone();
        message.encode(&mut appended).expect("a message encodes");
        assert!(
            appended[..held] == head[..] && appended[held..] == *bytes,
            "{name}: encode after {held} bytes"
        );
        let mut framed = head.clone();
        message
            .encode_length_delimited(&mut framed)
            .expect("a message encodes");
        assert!(
            framed[..held] == head[..] && framed[held..] == frame[..],
            "{name}: encode_length_delimited after {held} bytes"
        );
    }
    let framed = message
        .try_encode_length_delimited_to_vec()
        .expect("a message encodes");
    assert!(framed == frame, "{name}: encode_length_delimited_to_vec");
    let mut buf = BytesMut::new();
    message.encode_to_buf(&mut buf).expect("a message encodes");
    assert!(buf == bytes, "{name}: encode_to_buf");
    let mut buf = BytesMut::new();
    message
        .encode_length_delimited_to_buf(&mut buf)
        .expect("a message encodes");
    assert!(buf == frame, "{name}: encode_length_delimited_to_buf");
    if let Some(short) = bytes.len().checked_sub(1) {
        let mut small = vec![0; short];
        assert!(
            message.encode_to_buf(&mut &mut small[..]).is_err(),
            "{name}: encode_to_buf into too small a buffer"
        );
        assert!(
            small.iter().all(|&byte| byte == 0),
            "{name}: encode_to_buf wrote into too small a buffer"
        );
    }
}

/// Checks that `value`, encoded as `bytes`, reads back as `value` whatever
/// order its fields come in, and with unknown fields between them, owned
/// and as a view ([`assert_same_repr`]). Writers put fields in the order of
/// their numbers, which a generated `merge_from` expects (the compiler's
/// `codegen/merge_from.rs`), but protobuf lets them come in any order. The
/// fields come reversed, and shuffled by `seed`; the occurrences of one
/// field (a list's elements, a map's entries, the parts of a message
/// merged) keep their order among themselves, on which the value depends.
/// Unknown fields, with a one-byte key where a number below 16 is free and
/// with a two-byte key, go between them unless `M` keeps unknown fields;
/// the fields of `bytes` that `M` does not know stay last, in their order.
pub fn reads_in_any_order<M>(value: &M, bytes: &[u8], seed: u64)
where
    M: HasView + PartialEq + Debug,
{
    let name = M::NAME;
    let (known, kept): (Vec<_>, Vec<_>) = occurrences(bytes)
        .into_iter()
        .partition(|(number, occurrence)| reads_as_known::<M>(*number, occurrence));
    let mut fields: Vec<(u32, Vec<&[u8]>)> = Vec::new();
    for (number, occurrence) in known {
        match fields.iter_mut().find(|(field, _)| *field == number) {
            Some((_, occurrences)) => occurrences.push(occurrence),
            None => fields.push((number, vec![occurrence])),
        }
    }
    let unknown = unknown_fields::<M>();
    let mut orders = Vec::new();
    fields.reverse();
    orders.push(("reversed", fields.clone()));
    let mut rng = Rng::new(seed);
    for index in (1..fields.len()).rev() {
        fields.swap(index, rng.below(index + 1));
    }
    orders.push(("shuffled", fields));
    for (order, fields) in orders {
        let mut input = Vec::new();
        for (index, (_, occurrences)) in fields.iter().enumerate() {
            if let Some(unknown) = unknown.get(index % unknown.len().max(1)) {
                input.extend_from_slice(unknown);
            }
            occurrences
                .iter()
                .for_each(|bytes| input.extend_from_slice(bytes));
        }
        kept.iter()
            .for_each(|(_, bytes)| input.extend_from_slice(bytes));
        let context = format!("{name}, its fields {order}: {}", hex_dump(&input));
        match M::decode(&input) {
            Ok(decoded) => assert_same_repr(&decoded, value, format!("{context}, owned")),
            Err(error) => panic!("{context}: {error}"),
        }
        match M::View::decode(&input) {
            Ok(view) => assert_same_repr(&view.to_message(), value, format!("{context}, view")),
            Err(error) => panic!("{context}, view: {error}"),
        }
    }
}

/// The fields of the encoding `bytes` in order: each occurrence's number,
/// and its bytes, key and value.
fn occurrences(bytes: &[u8]) -> Vec<(u32, &[u8])> {
    let mut occurrences = Vec::new();
    let mut decoder = Decoder::new(bytes, &DecodeOptions::default()).expect("default options");
    while decoder.has_remaining() {
        let start = decoder.offset();
        let (number, wire_type) = decoder.read_key().expect("an encoding's key");
        decoder.skip(wire_type).expect("an encoding's field");
        occurrences.push((number, &bytes[start..decoder.offset()]));
    }
    occurrences
}

/// Whether `occurrence`, a field of number `number`, is one of `M`'s
/// known fields. A number `M` does not declare is not; nor, in a message
/// that keeps unknown fields, is a declared number under another wire type
/// than the field's, which is kept as an unknown field, whose order is the
/// message's value. Such a wire type is told by where `M` writes back the
/// smallest value of it under `number`, read after an unknown field: after
/// that field, where a known field's value is written before it, or not at
/// all.
fn reads_as_known<M: Message>(number: u32, occurrence: &[u8]) -> bool {
    const MARKER: [u8; 3] = [0xf8, 0x7f, 0x01]; // number 2047, varint 1
    if M::field_name(number).is_none() {
        return false;
    }
    if M::field_name(2047).is_some() {
        return true;
    }
    let mut decoder = Decoder::new(occurrence, &DecodeOptions::default()).expect("default options");
    let (_, wire_type) = decoder.read_key().expect("an encoding's key");
    let mut input = MARKER.to_vec();
    input.extend_from_slice(&occurrence[..decoder.offset()]);
    match wire_type {
        WireType::Varint | WireType::Len => input.push(0),
        WireType::Fixed32 => input.extend([0; 4]),
        WireType::Fixed64 => input.extend([0; 8]),
        WireType::StartGroup | WireType::EndGroup => {
            let end = u64::from(number) << 3 | 4;
            schemac_runtime::wire::put_varint(&mut input, end);
        }
    }
    let written = M::decode(&input).map(|read| read.try_encode_to_vec().ok());
    written != Ok(Some(input))
}

/// Unknown fields of `M` to put between its fields, or none when `M`
/// keeps unknown fields, which would then read as another value: a varint
/// under the first number below 16 that `M` lacks, if any, and bytes under
/// number 2047, whose key takes two bytes.
fn unknown_fields<M: Message + PartialEq>() -> Vec<Vec<u8>> {
    let free = (1..16).find(|&number| M::field_name(number).is_none());
    let mut fields: Vec<Vec<u8>> = free
        .map(|number| vec![(number << 3) as u8, 0x96, 0x01])
        .into_iter()
        .collect();
    if M::field_name(2047).is_none() {
        fields.push(vec![0xfa, 0x7f, 0x02, 0xab, 0xcd]);
    }
    let skipped = fields
        .iter()
        .all(|field| M::decode(field).is_ok_and(|decoded| decoded == M::default()));
    if skipped { fields } else { Vec::new() }
}

/// Checks that `input` decodes as a `Shared`, a type whose strings or
/// bytes are held otherwise (by `decode_shared`, sharing a `Bytes` input),
/// exactly when it decodes as a `Default`, with the same error, or to a
/// value that encodes to the same bytes, every way
/// ([`encodes_every_way`]).
pub fn reads_as_default<Shared: Message, Default: Message>(input: &Bytes) {
    match (Shared::decode_shared(input), Default::decode(input)) {
        (Ok(shared), Ok(default)) => {
            let bytes = default
                .try_encode_to_vec()
                .expect("a decoded message encodes");
            assert!(
                shared.try_encode_to_vec().as_ref() == Ok(&bytes),
                "{}: the representations read another value",
                Shared::NAME
            );
            encodes_every_way(&shared, &bytes);
        }
        (Err(shared), Err(default)) => assert_eq!(shared, default, "{}", Shared::NAME),
        (shared, default) => panic!(
            "{}: shared {:?}, default {:?}",
            Shared::NAME,
            shared.err(),
            default.err()
        ),
    }
}
