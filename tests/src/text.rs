//! The oracle of the text format (`schemac_runtime::reflect`'s
//! `DynamicMessage::parse_text` and `to_text`), shared by the smoke test
//! and the `text_format` fuzz target.

use schemac_runtime::reflect::{DynamicMessage, MessageDescriptor, TextOptions};

/// Reads `text` as a message of type `descriptor`, and whether it was
/// read. Whatever the text, it is read or refused, never a panic; and
/// what is read prints, on several lines and on one, to texts that read
/// back to a message printing the same text; its binary encoding decodes
/// to a message printing the same text too. Merging the text into an
/// empty message succeeds when parsing does.
pub fn reads_back(descriptor: MessageDescriptor<'_>, text: &str) -> bool {
    let name = descriptor.full_name();
    let parsed = DynamicMessage::parse_text(descriptor, text);
    let mut merged = DynamicMessage::new(descriptor);
    let merge = merged.merge_text(text);
    let Ok(message) = parsed else {
        return false;
    };
    assert!(
        merge.is_ok(),
        "{name}: {text:?} parses but does not merge: {merge:?}"
    );
    let printed = message.to_text();
    let again = DynamicMessage::parse_text(descriptor, &printed)
        .unwrap_or_else(|error| panic!("{name}: {printed:?} does not read back: {error}"));
    assert_eq!(again.to_text(), printed, "{name}: {text:?}");
    let line = message.to_text_with(&TextOptions::new().single_line(true));
    let from_line = DynamicMessage::parse_text(descriptor, &line)
        .unwrap_or_else(|error| panic!("{name}: {line:?} does not read back: {error}"));
    assert_eq!(from_line.to_text(), printed, "{name}: {line:?}");
    let bytes = message.encode_to_vec();
    let decoded = DynamicMessage::decode(descriptor, &bytes).unwrap_or_else(|error| {
        panic!("{name}: {printed:?} encodes to bytes that do not decode: {error}")
    });
    assert_eq!(decoded.to_text(), printed, "{name}: {text:?}");
    true
}
