//! Printing a dynamic message in the text format, as protoc's `--decode`
//! prints one: fields by number, `name: value` or `name {` ... `}`, lists
//! one element a line, map entries as `key` and `value` messages, an
//! `Any` whose type the pool holds expanded, and on request the unknown
//! fields by number.

use crate::prelude::*;

use super::TextOptions;
use super::escape::escape_bytes;
use super::names::{is_any, printed_name};
use crate::reflect::{DynamicMessage, Kind, Value};

/// How deep an `Any` is expanded, and unknown groups read: as deep as
/// the binary decoder nests.
const NESTING_LIMIT: usize = crate::DecodeOptions::DEFAULT_RECURSION_LIMIT as usize;

/// How deep unknown fields are read as messages, as protobuf does
/// (`kUnknownFieldRecursionLimit`); deeper, a length-delimited value is
/// printed as a string.
const UNKNOWN_DEPTH: usize = 10;

/// `message` in the text format.
pub(super) fn print(message: &DynamicMessage<'_>, options: &TextOptions) -> String {
    let mut printer = Printer {
        out: String::new(),
        depth: 0,
        options: *options,
    };
    printer.message(message);
    if options.single_line && printer.out.ends_with(' ') {
        printer.out.pop();
    }
    printer.out
}

struct Printer {
    out: String,
    /// How many messages are open.
    depth: usize,
    options: TextOptions,
}

impl Printer {
    fn line_start(&mut self) {
        if !self.options.single_line {
            for _ in 0..self.depth {
                self.out.push_str("  ");
            }
        }
    }

    fn line_end(&mut self) {
        self.out
            .push(if self.options.single_line { ' ' } else { '\n' });
    }

    /// `name {`, and what follows one level deeper.
    fn open(&mut self, name: &str) {
        self.line_start();
        self.out.push_str(name);
        self.out.push_str(" {");
        self.line_end();
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth -= 1;
        self.line_start();
        self.out.push('}');
        self.line_end();
    }

    /// `name: value`.
    fn scalar(&mut self, name: &str, value: &str) {
        self.line_start();
        self.out.push_str(name);
        self.out.push_str(": ");
        self.out.push_str(value);
        self.line_end();
    }

    fn message(&mut self, message: &DynamicMessage<'_>) {
        if is_any(message.descriptor()) && self.expanded_any(message) {
            return;
        }
        for (field, value) in message.fields() {
            let name = printed_name(field);
            match value {
                Value::List(items) => {
                    for item in items {
                        self.field(&name, field.kind(), item);
                    }
                }
                Value::Map(entries) => {
                    let Some((key, value_field)) = field.map_entry() else {
                        continue;
                    };
                    for (k, v) in entries {
                        self.open(&name);
                        self.field("key", key.kind(), &Value::from(k.clone()));
                        self.field("value", value_field.kind(), v);
                        self.close();
                    }
                }
                single => self.field(&name, field.kind(), single),
            }
        }
        if self.options.unknown_fields {
            let mut bytes = message.unknown_fields();
            if let Some(records) = read_records(&mut bytes, None, NESTING_LIMIT) {
                self.unknown(&records, UNKNOWN_DEPTH);
            }
        }
    }

    /// One value of a field of kind `kind` named `name`.
    fn field(&mut self, name: &str, kind: Kind<'_>, value: &Value<'_>) {
        match value {
            Value::Message(message) => {
                self.open(name);
                self.message(message);
                self.close();
            }
            scalar => self.scalar(name, &scalar_text(kind, scalar)),
        }
    }

    /// Prints an `Any` as `[type_url] { ... }` if its URL is Google's
    /// (`type.googleapis.com/` or `type.googleprod.com/`), the pool holds
    /// its type and its value reads as one; whether it did.
    fn expanded_any(&mut self, any: &DynamicMessage<'_>) -> bool {
        if self.depth >= NESTING_LIMIT {
            return false;
        }
        let (Some(url), Some(bytes)) = (any.get_by_number(1), any.get_by_number(2)) else {
            return false;
        };
        let (Some(url), Some(bytes)) = (url.as_str(), bytes.as_bytes()) else {
            return false;
        };
        // As protobuf's printer, only the URLs its parser reads back.
        let Some(name) = (url.strip_prefix("type.googleapis.com/"))
            .or_else(|| url.strip_prefix("type.googleprod.com/"))
        else {
            return false;
        };
        let Some(descriptor) = any.descriptor().pool().message(name) else {
            return false;
        };
        let Ok(value) = DynamicMessage::decode(descriptor, bytes) else {
            return false;
        };
        self.open(&format!("[{url}]"));
        self.message(&value);
        self.close();
        true
    }

    fn unknown(&mut self, records: &[(u32, Record<'_>)], depth: usize) {
        for (number, record) in records {
            let name = number.to_string();
            match record {
                Record::Varint(v) => self.scalar(&name, &v.to_string()),
                Record::Fixed32(v) => self.scalar(&name, &format!("0x{v:08x}")),
                Record::Fixed64(v) => self.scalar(&name, &format!("0x{v:016x}")),
                Record::Len(bytes) => {
                    let mut inner = *bytes;
                    let nested = match (bytes.is_empty(), depth) {
                        (false, 1..) => read_records(&mut inner, None, depth - 1),
                        _ => None,
                    };
                    match nested {
                        Some(nested) => {
                            self.open(&name);
                            self.unknown(&nested, depth - 1);
                            self.close();
                        }
                        None => self.scalar(&name, &quoted(bytes)),
                    }
                }
                Record::Group(nested) => {
                    self.open(&name);
                    self.unknown(nested, depth.saturating_sub(1));
                    self.close();
                }
            }
        }
    }
}

/// A scalar of kind `kind` as the text format writes it.
fn scalar_text(kind: Kind<'_>, value: &Value<'_>) -> String {
    match value {
        Value::Bool(v) => v.to_string(),
        Value::I32(v) => v.to_string(),
        Value::I64(v) => v.to_string(),
        Value::U32(v) => v.to_string(),
        Value::U64(v) => v.to_string(),
        Value::F32(v) => float_text(*v),
        Value::F64(v) => double_text(*v),
        Value::String(v) => quoted(v.as_bytes()),
        Value::Bytes(v) => quoted(v),
        Value::Enum(number) => match kind {
            Kind::Enum(enumeration) => match enumeration.value(*number) {
                Some(named) => named.name().to_owned(),
                None => number.to_string(),
            },
            _ => number.to_string(),
        },
        Value::Message(_) | Value::List(_) | Value::Map(_) => String::new(),
    }
}

/// A string or bytes between double quotes, C-escaped.
fn quoted(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    escape_bytes(bytes, &mut out);
    out.push('"');
    out
}

/// A `double` as protobuf prints one (`SimpleDtoa`): 15 significant
/// digits where they read back as the same number, else 17, laid out as
/// C's `%g` does (`0.1`, `1e+15`, `1.5e-07`); `inf`, `-inf`, `nan`.
pub(super) fn double_text(value: f64) -> String {
    if let Some(text) = special(value.is_nan(), value.is_infinite(), value < 0.0) {
        return text;
    }
    let short = format!("{value:.14e}");
    if short.parse::<f64>() == Ok(value) {
        return layout(&short, 15);
    }
    layout(&format!("{value:.16e}"), 17)
}

/// A `float` as protobuf prints one (`SimpleFtoa`): 6 significant digits
/// where they read back as the same number, else 9, laid out as `%g`.
pub(super) fn float_text(value: f32) -> String {
    if let Some(text) = special(value.is_nan(), value.is_infinite(), value < 0.0) {
        return text;
    }
    let short = format!("{value:.5e}");
    if short.parse::<f32>() == Ok(value) {
        return layout(&short, 6);
    }
    layout(&format!("{value:.8e}"), 9)
}

fn special(nan: bool, infinite: bool, negative: bool) -> Option<String> {
    match (nan, infinite, negative) {
        (true, _, _) => Some("nan".to_owned()),
        (_, true, false) => Some("inf".to_owned()),
        (_, true, true) => Some("-inf".to_owned()),
        _ => None,
    }
}

/// A number in Rust's `{:e}` form (`-1.25e-7`) laid out as C's `%g` with
/// `precision` does: trailing zeros dropped, in exponent form when the
/// exponent is below -4 or at least `precision`.
fn layout(scientific: &str, precision: usize) -> String {
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = match digits.trim_end_matches('0') {
        "" => "0",
        trimmed => trimmed,
    };
    let mut out = String::from(sign);
    if exponent < -4 || exponent >= precision as i32 {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let sign = if exponent < 0 { '-' } else { '+' };
        out.push_str(&format!("e{sign}{:02}", exponent.unsigned_abs()));
    } else if exponent >= 0 {
        let whole = exponent as usize + 1;
        if digits.len() <= whole {
            out.push_str(digits);
            out.extend(core::iter::repeat_n('0', whole - digits.len()));
        } else {
            out.push_str(&digits[..whole]);
            out.push('.');
            out.push_str(&digits[whole..]);
        }
    } else {
        out.push_str("0.");
        out.extend(core::iter::repeat_n('0', (-exponent - 1) as usize));
        out.push_str(digits);
    }
    out
}

/// An unknown field's value, read from its bytes.
enum Record<'b> {
    Varint(u64),
    Fixed32(u32),
    Fixed64(u64),
    Len(&'b [u8]),
    Group(Vec<(u32, Record<'b>)>),
}

/// Reads unknown fields, up to the end of `input` or, in group `group`,
/// to its end key; groups nest no deeper than `depth`. None if `input` is
/// not fields.
fn read_records<'b>(
    input: &mut &'b [u8],
    group: Option<u32>,
    depth: usize,
) -> Option<Vec<(u32, Record<'b>)>> {
    let mut records = Vec::new();
    loop {
        if input.is_empty() {
            return group.is_none().then_some(records);
        }
        let key = read_varint(input)?;
        let number = u32::try_from(key >> 3)
            .ok()
            .filter(|n| (1..1 << 29).contains(n))?;
        let record = match key & 7 {
            0 => Record::Varint(read_varint(input)?),
            1 => Record::Fixed64(u64::from_le_bytes(take(input, 8)?.try_into().ok()?)),
            2 => {
                let len = usize::try_from(read_varint(input)?).ok()?;
                Record::Len(take(input, len)?)
            }
            3 if depth > 0 => Record::Group(read_records(input, Some(number), depth - 1)?),
            4 => return (group == Some(number)).then_some(records),
            5 => Record::Fixed32(u32::from_le_bytes(take(input, 4)?.try_into().ok()?)),
            _ => return None,
        };
        records.push((number, record));
    }
}

fn take<'b>(input: &mut &'b [u8], len: usize) -> Option<&'b [u8]> {
    if input.len() < len {
        return None;
    }
    let (taken, rest) = input.split_at(len);
    *input = rest;
    Some(taken)
}

fn read_varint(input: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..70).step_by(7) {
        let (&byte, rest) = input.split_first()?;
        *input = rest;
        if shift == 63 && byte > 1 {
            return None;
        }
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}
