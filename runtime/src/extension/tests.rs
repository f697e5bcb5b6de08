//! The extension set's tests: extensions got, set, tested and cleared
//! through their identifiers, singular and repeated, packed or not, read
//! from several records, written back in place, as message-set items,
//! through views, and the errors of records that are not values of their
//! extension's type.

use super::*;
use crate::__private::codec::{self, Int32, Sint64, String as Str, Uint32};
use crate::__private::field;
use crate::message::Message as _;
use crate::unknown::UnknownFields;
use crate::view::{ExtendableView, ExtensionSetView, MessageView};

/// A message with a field (1), extensions 100 to 199, and the unknown
/// fields it keeps: what schemac generates for a proto2 message with an
/// extension range.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Item {
    sku: alloc::string::String,
    extensions: ExtensionSet,
    unknown_fields: UnknownFields,
}

impl crate::Message for Item {
    const NAME: &'static str = "Item";

    fn measure_fields(&self) -> usize {
        field::measure::<Str>(1, &self.sku) + self.extensions.measure() + self.unknown_fields.len()
    }

    fn write_fields(&self, writer: &mut Writer) {
        self.unknown_fields.write(writer);
        self.extensions.write(writer);
        field::write::<Str>(1, &self.sku, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => field::merge::<Str>(wire, &mut self.sku, decoder),
            100..=199 => self.extensions.merge(number, wire, decoder),
            _ => self.unknown_fields.merge(number, wire, decoder),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        (number == 1).then_some("sku")
    }
}

impl Extendable for Item {
    fn extension_set(&self) -> &ExtensionSet {
        &self.extensions
    }

    fn extension_set_mut(&mut self) -> &mut ExtensionSet {
        &mut self.extensions
    }
}

/// The view of [`Item`].
#[derive(Clone, Debug, Default, PartialEq)]
struct ItemView<'a> {
    sku: &'a str,
    extensions: ExtensionSetView<'a>,
}

impl<'a> MessageView<'a> for ItemView<'a> {
    type Owned = Item;

    fn merge_field(
        &mut self,
        number: u32,
        wire: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => crate::view::field::merge::<Str>(wire, &mut self.sku, decoder),
            100..=199 => self.extensions.merge(number, wire, decoder),
            _ => decoder.skip(wire),
        }
    }

    fn to_message(&self) -> Item {
        Item {
            sku: self.sku.into(),
            extensions: self.extensions.to_owned(),
            unknown_fields: UnknownFields::new(),
        }
    }
}

impl<'a> ExtendableView<'a> for ItemView<'a> {
    fn extension_set(&self) -> &ExtensionSetView<'a> {
        &self.extensions
    }
}

/// A message that extensions hold: a text (1) and a score (2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Note {
    text: alloc::string::String,
    score: i32,
}

impl crate::Message for Note {
    const NAME: &'static str = "Note";

    fn measure_fields(&self) -> usize {
        field::measure::<Str>(1, &self.text) + field::measure::<Int32>(2, &self.score)
    }

    fn write_fields(&self, writer: &mut Writer) {
        field::write::<Int32>(2, &self.score, writer);
        field::write::<Str>(1, &self.text, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => field::merge::<Str>(wire, &mut self.text, decoder),
            2 => field::merge::<Int32>(wire, &mut self.score, decoder),
            _ => decoder.skip(wire),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        ["", "text", "score"].get(number as usize).copied()
    }
}

/// A message that a group extension holds: a text (1). Its `merge_from`
/// ends at an end-group key, as generated code's does in every message a
/// group holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Memo {
    text: alloc::string::String,
}

impl crate::Message for Memo {
    const NAME: &'static str = "Memo";

    fn measure_fields(&self) -> usize {
        field::measure::<Str>(1, &self.text)
    }

    fn write_fields(&self, writer: &mut Writer) {
        field::write::<Str>(1, &self.text, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => field::merge::<Str>(wire, &mut self.text, decoder),
            _ => decoder.skip(wire),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        (number == 1).then_some("text")
    }

    fn merge_from(&mut self, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        while decoder.has_remaining() {
            let (number, wire) = decoder.read_key()?;
            if wire == WireType::EndGroup {
                return decoder.end_group(number);
            }
            self.merge_field(number, wire, decoder)
                .map_err(|error| Self::field_error(error, number))?;
        }
        Ok(())
    }
}

/// A message set (`message_set_wire_format`): extensions only, 4 and up,
/// each written as an item.
#[derive(Clone, Debug, Default, PartialEq)]
struct Set {
    extensions: ExtensionSet,
}

impl crate::Message for Set {
    const NAME: &'static str = "Set";

    fn measure_fields(&self) -> usize {
        self.extensions.measure_message_set()
    }

    fn write_fields(&self, writer: &mut Writer) {
        self.extensions.write_message_set(writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 if wire == WireType::StartGroup => self.extensions.merge_item(decoder),
            4..=2147483646 => self.extensions.merge(number, wire, decoder),
            _ => decoder.skip(wire),
        }
    }

    fn field_name(_number: u32) -> Option<&'static str> {
        None
    }
}

impl Extendable for Set {
    fn extension_set(&self) -> &ExtensionSet {
        &self.extensions
    }

    fn extension_set_mut(&mut self) -> &mut ExtensionSet {
        &mut self.extensions
    }
}

const SHELF: Extension<Item, Int32> = Extension::new(100, "shop.shelf");
const LABEL: Extension<Item, Str> = Extension::new(101, "shop.label");
const NOTE: Extension<Item, codec::Message<Note>> = Extension::new(102, "shop.note");
const TAGS: RepeatedExtension<Item, Str> = RepeatedExtension::new(103, "shop.tags");
const BINS: RepeatedExtension<Item, Uint32> = RepeatedExtension::new(104, "shop.bins");
const SIZES: RepeatedExtension<Item, Sint64> = RepeatedExtension::packed(105, "shop.sizes");
const MEMO: Extension<Item, codec::Group<Memo>> = Extension::new(106, "shop.memo");
const MEMOS: RepeatedExtension<Item, codec::Group<Memo>> =
    RepeatedExtension::new(107, "shop.memos");
const IN_SET: Extension<Set, codec::Message<Note>> = Extension::new(1547769, "shop.Note.in_set");
const FAR_IN_SET: Extension<Set, codec::Message<Note>> =
    Extension::new(i32::MAX as u32 - 1, "shop.Note.far");

fn hex(bytes: &[u8]) -> alloc::string::String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).unwrap())
        .collect()
}

fn note(text: &str, score: i32) -> Note {
    Note {
        text: text.into(),
        score,
    }
}

#[test]
fn extensions_are_set_got_tested_and_cleared() {
    let mut item = Item::default();
    assert!(!item.has_extension(&SHELF));
    assert_eq!(item.extension(&SHELF), Ok(None));
    assert_eq!(item.extension(&TAGS), Ok(Vec::new()));

    item.set_extension(&SHELF, 0);
    item.set_extension(&LABEL, "top".into());
    item.set_extension(&NOTE, note("fragile", 3));
    item.set_extension(&TAGS, vec!["a".into(), "b".into()]);
    // A set singular extension has presence, zero or not.
    assert!(item.has_extension(&SHELF));
    assert_eq!(item.extension(&SHELF), Ok(Some(0)));
    assert_eq!(item.extension(&LABEL), Ok(Some("top".into())));
    assert_eq!(item.extension(&NOTE), Ok(Some(note("fragile", 3))));
    assert_eq!(item.extension(&TAGS), Ok(vec!["a".into(), "b".into()]));
    assert_eq!(
        item.extensions.numbers().collect::<Vec<_>>(),
        [100, 101, 102, 103]
    );

    // Setting replaces.
    item.set_extension(&SHELF, 9);
    item.set_extension(&TAGS, vec!["c".into()]);
    assert_eq!(item.extension(&SHELF), Ok(Some(9)));
    assert_eq!(item.extension(&TAGS), Ok(vec!["c".into()]));

    item.clear_extension(&SHELF);
    assert!(!item.has_extension(&SHELF));
    assert_eq!(item.extension(&SHELF), Ok(None));
    // An empty list clears a repeated extension.
    item.set_extension(&TAGS, Vec::new());
    assert!(!item.has_extension(&TAGS));
    assert_eq!(item.extensions.len(), 2);
}

#[test]
fn extensions_are_written_after_the_fields_and_before_unknown_fields() {
    let mut item = Item {
        sku: "A".into(),
        ..Default::default()
    };
    item.unknown_fields.push(7, WireType::Varint, &[1]);
    item.set_extension(&LABEL, "x".into());
    item.set_extension(&SHELF, 150);
    let bytes = item.try_encode_to_vec().unwrap();
    // sku "A"; shelf (100) 150; label (101) "x"; unknown field 7 = 1.
    assert_eq!(hex(&bytes), "0a0141a0069601aa06017838 01".replace(' ', ""));
    assert_eq!(item.encoded_len(), bytes.len());
    let read = Item::decode(&bytes).unwrap();
    assert_eq!(read, item);
    assert_eq!(read.extension(&SHELF), Ok(Some(150)));
}

#[test]
fn extensions_read_in_any_order_keep_each_numbers_order() {
    // label "a", shelf 1, sku, label "b", shelf 2: each number's records in
    // the order read, written back by number.
    let bytes = unhex("aa060161a006010a0141aa060162a00602");
    let item = Item::decode(&bytes).unwrap();
    assert_eq!(item.extension(&SHELF), Ok(Some(2)));
    assert_eq!(item.extension(&LABEL), Ok(Some("b".into())));
    assert_eq!(
        hex(&item.try_encode_to_vec().unwrap()),
        "0a0141a00601a00602aa060161aa060162"
    );
}

#[test]
fn a_message_extension_read_from_several_records_is_merged() {
    let mut first = Item::default();
    first.set_extension(&NOTE, note("a", 0));
    let mut second = Item::default();
    second.set_extension(&NOTE, note("", 5));
    let mut bytes = first.try_encode_to_vec().unwrap();
    bytes.extend(second.try_encode_to_vec().unwrap());
    let item = Item::decode(&bytes).unwrap();
    assert_eq!(item.extension(&NOTE), Ok(Some(note("a", 5))));
    // Merging a message's bytes into another appends the records alike.
    let mut merged = first.clone();
    merged.merge(&second.try_encode_to_vec().unwrap()).unwrap();
    assert_eq!(merged.extension(&NOTE), Ok(Some(note("a", 5))));
}

#[test]
fn repeated_extensions_are_written_as_declared_and_read_either_way() {
    let mut item = Item::default();
    item.set_extension(&BINS, vec![1, 300]);
    item.set_extension(&SIZES, vec![-1, 2]);
    let bytes = item.try_encode_to_vec().unwrap();
    // bins (104) unpacked, one key each; sizes (105) packed, zigzag.
    assert_eq!(hex(&bytes), "c00601c006ac02ca06020104");

    // Packed where unpacked was declared, and the other way round, in
    // several runs: every element, in order.
    let mut other = Item::default();
    let bins = RepeatedExtension::<Item, Uint32>::packed(104, "shop.bins");
    let sizes = RepeatedExtension::<Item, Sint64>::new(105, "shop.sizes");
    other.set_extension(&bins, vec![1, 300]);
    other.set_extension(&sizes, vec![-1, 2]);
    let mut bytes = other.try_encode_to_vec().unwrap();
    bytes.extend(other.try_encode_to_vec().unwrap());
    let read = Item::decode(&bytes).unwrap();
    assert_eq!(read.extension(&BINS), Ok(vec![1, 300, 1, 300]));
    assert_eq!(read.extension(&SIZES), Ok(vec![-1, 2, -1, 2]));
}

#[test]
fn group_extensions_travel_between_their_keys() {
    let memo = |text: &str| Memo { text: text.into() };
    let mut item = Item::default();
    item.set_extension(&MEMO, memo("a"));
    item.set_extension(&MEMOS, vec![memo("b"), memo("")]);
    let bytes = item.try_encode_to_vec().unwrap();
    // Field 106 as a group holding text "a"; field 107 twice, as groups.
    assert_eq!(hex(&bytes), "d3060a0161d406db060a0162dc06db06dc06");
    assert_eq!(item.encoded_len(), bytes.len());
    let read = Item::decode(&bytes).unwrap();
    assert_eq!(read, item);
    assert_eq!(read.extension(&MEMO), Ok(Some(memo("a"))));
    assert_eq!(read.extension(&MEMOS), Ok(vec![memo("b"), memo("")]));
    let view = ItemView::decode(&bytes).unwrap();
    assert_eq!(view.extension(&MEMOS), Ok(vec![memo("b"), memo("")]));
    // A group record is no value of a length-delimited extension, nor the
    // other way round: an unknown field, kept and written back.
    let as_message = Extension::<Item, codec::Message<Memo>>::new(106, "shop.memo");
    assert!(!read.has_extension(&as_message));
    assert_eq!(read.extension(&as_message), Ok(None));
    let mut other = Item::default();
    other.set_extension(&as_message, memo("c"));
    let bytes = other.try_encode_to_vec().unwrap();
    let read = Item::decode(&bytes).unwrap();
    assert!(!read.has_extension(&MEMO));
    assert_eq!(read.extension(&MEMO), Ok(None));
    assert_eq!(read.try_encode_to_vec().unwrap(), bytes);
}

#[test]
fn records_that_are_no_value_of_the_extension_are_errors_with_a_path() {
    // shelf (100) as a fixed32; label (101) as invalid UTF-8; note (102)
    // holding a truncated field; bins (104) holding a bad packed run.
    let item = Item::decode(&unhex("a50601020304aa0601ffb206020a05c2060180")).unwrap();
    // Under another wire type than its own, a record is an unknown field,
    // as protobuf's implementations read it: no value, and no error.
    assert!(!item.has_extension(&SHELF));
    assert_eq!(item.extension(&SHELF), Ok(None));
    assert!(item.has_extension(&LABEL));
    let error = item.extension(&LABEL).unwrap_err();
    assert_eq!(error.path(), "Item.[shop.label]");
    assert!(error.to_string().contains("UTF-8"), "{error}");
    let error = item.extension(&NOTE).unwrap_err();
    assert!(error.is_truncated(), "{error}");
    assert_eq!(error.path(), "Item.[shop.note].text");
    let error = item.extension(&BINS).unwrap_err();
    assert_eq!(error.path(), "Item.[shop.bins][0]");
    // Undecoded, the records are kept and written back as read.
    assert_eq!(
        hex(&item.try_encode_to_vec().unwrap()),
        "a50601020304aa0601ffb206020a05c2060180"
    );
}

#[test]
fn a_truncated_extension_record_fails_the_message() {
    let error = Item::decode(&unhex("aa0605ff")).unwrap_err();
    assert!(error.is_truncated(), "{error}");
    assert_eq!(error.path(), "Item");
}

#[test]
fn message_set_items_are_written_and_read_as_protobuf_does() {
    let mut set = Set::default();
    set.set_extension(&IN_SET, note("hi", 1));
    set.set_extension(&FAR_IN_SET, note("", 2));
    let bytes = set.try_encode_to_vec().unwrap();
    // Each an item: group 1 { type_id (2) = number, message (3) }.
    assert_eq!(
        hex(&bytes),
        "0b10f9bb5e1a060a02686910010c0b10feffffff071a0210020c"
    );
    assert_eq!(set.encoded_len(), bytes.len());
    let read = Set::decode(&bytes).unwrap();
    assert_eq!(read, set);
    assert_eq!(read.extension(&IN_SET), Ok(Some(note("hi", 1))));
    assert_eq!(read.extension(&FAR_IN_SET), Ok(Some(note("", 2))));
}

#[test]
fn message_set_items_read_in_either_order_and_drop_what_is_incomplete() {
    // The message before the type id, with an unknown varint field (4)
    // between them.
    let read = Set::decode(&unhex("0b1a021001200710f9bb5e0c")).unwrap();
    assert_eq!(read.extension(&IN_SET), Ok(Some(note("", 1))));
    // An item without a type id, one without a message, one of type 0.
    let read = Set::decode(&unhex("0b1a0210010c0b10f9bb5e0c0b10001a0210010c")).unwrap();
    assert!(read.extensions.is_empty());
    // A plain field at an extension's number is kept too, and written
    // back as an item.
    let read = Set::decode(&unhex("cadff305021001")).unwrap();
    assert_eq!(read.extension(&IN_SET), Ok(Some(note("", 1))));
    assert_eq!(
        hex(&read.try_encode_to_vec().unwrap()),
        "0b10f9bb5e1a0210010c"
    );
}

#[test]
fn malformed_message_set_items_are_errors() {
    for (input, expected) in [
        ("0b10f9bb5e", "input ends"),
        ("0b10f9bb5e1a", "input ends"),
        ("0b10f9bb5e14", "end-group"),
        ("0b1080808080100c", "type_id is over 32 bits"),
    ] {
        let error = Set::decode(&unhex(input)).unwrap_err();
        assert!(error.to_string().contains(expected), "{input}: {error}");
        assert_eq!(error.path(), "Set", "{input}");
    }
}

#[test]
fn views_keep_the_records_owned_decoding_keeps_and_read_them_alike() {
    let mut item = Item {
        sku: "A".into(),
        ..Default::default()
    };
    item.set_extension(&NOTE, note("n", 4));
    item.set_extension(&SIZES, vec![3, -3]);
    let mut bytes = item.try_encode_to_vec().unwrap();
    bytes.extend(unhex("a50601020304"));
    let view = ItemView::decode(&bytes).unwrap();
    let owned = Item::decode(&bytes).unwrap();
    assert_eq!(view.to_message(), owned);
    assert!(view.has_extension(&NOTE));
    assert!(!view.has_extension(&LABEL));
    assert_eq!(view.extension(&NOTE), Ok(Some(note("n", 4))));
    assert_eq!(view.extension(&SIZES), Ok(vec![3, -3]));
    // Shelf (100) as a fixed32 is an unknown field to both.
    assert_eq!(view.extension(&SHELF), Ok(None));
    assert_eq!(owned.extension(&SHELF), Ok(None));
    assert!(!view.has_extension(&SHELF));
    assert!(!owned.has_extension(&SHELF));
}

#[test]
fn message_set_items_read_into_a_view_as_into_the_owned_set() {
    let bytes = unhex("0b1a021001200710f9bb5e0c0b10001a0210010c");
    let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
    let mut view = ExtensionSetView::new();
    while decoder.has_remaining() {
        let (number, wire) = decoder.read_key().unwrap();
        assert_eq!((number, wire), (1, WireType::StartGroup));
        view.merge_item(&mut decoder).unwrap();
    }
    assert_eq!(view.to_owned(), Set::decode(&bytes).unwrap().extensions);
    assert!(view.contains(1547769));
}

#[test]
fn identifiers_are_constants_that_say_what_they_are() {
    assert_eq!((SHELF.number(), SHELF.full_name()), (100, "shop.shelf"));
    assert!(SIZES.is_packed() && !TAGS.is_packed());
    assert_eq!(
        format!("{SIZES:?}"),
        "RepeatedExtension { number: 105, full_name: \"shop.sizes\", packed: true }"
    );
}

#[cfg(feature = "json")]
#[test]
fn extensions_are_json_members_under_their_bracketed_names() {
    let mut item = Item::default();
    item.set_extension(&SHELF, 0);
    item.set_extension(&SIZES, vec![1, -2]);
    let mut out = Vec::new();
    crate::json::serialize_message(&item, &mut serde_json::Serializer::new(&mut out)).unwrap();
    let text = alloc::string::String::from_utf8(out).unwrap();
    assert_eq!(text, r#"{"[shop.shelf]":0,"[shop.sizes]":["1","-2"]}"#);

    // Read back, key by key, as a generated `deserialize_field` does.
    let read = |text: &str| -> Result<Item, serde_json::Error> {
        crate::json::deserialize_message(&mut serde_json::Deserializer::from_str(text))
    };
    assert_eq!(read(&text).unwrap(), item);
    assert!(read(r#"{"[shop.shelf]":"x"}"#).is_err());
    let twice = read(r#"{"[shop.shelf]":1,"[shop.shelf]":2}"#).unwrap_err();
    assert!(
        twice
            .to_string()
            .contains("field 100 of message Item is given twice"),
        "{twice}"
    );
}

/// [`Item`]'s JSON, as generated code writes and reads a message's: its
/// extensions through their identifiers.
#[cfg(feature = "json")]
impl crate::json::JsonMessage for Item {
    fn serialize_fields<M: serde::ser::SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        SHELF.write_json(map, &self.extensions)?;
        LABEL.write_json(map, &self.extensions)?;
        SIZES.write_json(map, &self.extensions)
    }

    fn deserialize_field<'de, A: serde::de::MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut crate::json::FieldAccess<A>,
    ) -> Result<bool, A::Error> {
        match key {
            "[shop.shelf]" => SHELF.read_json(map, &mut self.extensions)?,
            "[shop.label]" => LABEL.read_json(map, &mut self.extensions)?,
            "[shop.sizes]" => SIZES.read_json(map, &mut self.extensions)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}
