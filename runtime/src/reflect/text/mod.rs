//! protobuf's text format, as protoc's `--decode` prints it and
//! `--encode` parses it, for dynamic messages.

use crate::prelude::*;

/// The bytes `text` C-escapes, as a descriptor writes a `bytes` field's
/// default (`\n`, `\001`, `\x7f`, `\\`); none if an escape is malformed.
pub(crate) fn unescape_bytes(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes().peekable();
    while let Some(b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        let escaped = bytes.next()?;
        out.push(match escaped {
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'a' => 0x07,
            b'b' => 0x08,
            b'f' => 0x0c,
            b'v' => 0x0b,
            b'\\' | b'\'' | b'"' | b'?' => escaped,
            b'0'..=b'7' => {
                let mut value = u32::from(escaped - b'0');
                for _ in 0..2 {
                    match bytes.peek() {
                        Some(d @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(d - b'0');
                            bytes.next();
                        }
                        _ => break,
                    }
                }
                u8::try_from(value).ok()?
            }
            b'x' | b'X' => {
                let mut value = 0u32;
                let mut digits = 0;
                while digits < 2 {
                    match bytes.peek().and_then(|d| char::from(*d).to_digit(16)) {
                        Some(d) => {
                            value = value * 16 + d;
                            bytes.next();
                            digits += 1;
                        }
                        None => break,
                    }
                }
                if digits == 0 {
                    return None;
                }
                value as u8
            }
            _ => return None,
        });
    }
    Some(out)
}
