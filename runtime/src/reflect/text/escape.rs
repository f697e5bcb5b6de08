//! C escapes, as protobuf writes strings and bytes in the text format and
//! in descriptors' defaults.

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

/// `bytes` C-escaped as protoc prints strings and bytes, without quotes:
/// `\n`, `\r`, `\t`, `\"`, `\'` and `\\`, the other printable ASCII
/// characters as they are, every other byte (UTF-8's among them) as
/// three octal digits (`\303\251`).
pub(super) fn escape_bytes(bytes: &[u8], out: &mut String) {
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'"' => out.push_str("\\\""),
            b'\'' => out.push_str("\\'"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => {
                out.push('\\');
                for shift in [6, 3, 0] {
                    out.push(char::from(b'0' + ((b >> shift) & 7)));
                }
            }
        }
    }
}
