//! protobuf's text format for dynamic messages
//! (`runtime/src/reflect/text/`): the first byte picks the message
//! (`schemac_fuzz::message_for`), whose descriptor schemac exports; the
//! rest, where it is UTF-8, is read as text. Whatever the text, it is read
//! or refused, never a panic, a hang or a stack overflow, and what is read
//! prints to texts that read back the same (`schemac_tests::text::reads_back`).
//! The smoke test's `mutated_texts_are_read_or_refused` runs the same check.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let descriptor = schemac_fuzz::descriptor(schemac_fuzz::message_for(selector));
    schemac_tests::text::reads_back(descriptor, text);
});
