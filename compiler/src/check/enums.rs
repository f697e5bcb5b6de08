//! The rules for the values of one enum: at least one value, the first
//! numbered 0, every number in the `i32` range, not reserved and not
//! repeated unless the enum allows aliases, and every name not reserved,
//! not repeated, nor the same name to protobuf.

use std::collections::HashMap;

use super::{check_reserved, describe_range, ranges, repeats, reserved_names};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Enum, EnumValue, MAX_ENUM_NUMBER, ReservedRange};
use crate::names;
use crate::source::Span;

/// Reports every violation in the values of `enumeration`.
pub(super) fn check(enumeration: &Enum, diagnostics: &mut Vec<Diagnostic>) {
    check_reserved(
        &enumeration.full_name,
        "reserved",
        &enumeration.reserved,
        -MAX_ENUM_NUMBER - 1..=MAX_ENUM_NUMBER,
        Code::EnumNumberOutOfRange,
        diagnostics,
    );
    let Some(first) = enumeration.values.first() else {
        diagnostics.push(Diagnostic::new(
            Code::EmptyEnum,
            enumeration.span,
            format!("the enum `{}` has no values", enumeration.full_name),
        ));
        return;
    };
    // proto2 enums may start anywhere: their first value is the default
    // whatever its number. Every other enum's default is 0.
    if first.number != 0 && !enumeration.closed {
        diagnostics.push(Diagnostic::new(
            Code::EnumFirstValueNotZero,
            first.number_span,
            format!(
                "the first value of `{}`, `{}`, is {}; it must be 0",
                enumeration.full_name, first.name, first.number
            ),
        ));
    }
    let numbers = enumeration.values.iter().map(|value| value.number);
    let reserved = ranges::first_holding(&enumeration.reserved.ranges, numbers);
    let names = reserved_names(&enumeration.reserved);
    for (value, reserved) in enumeration.values.iter().zip(reserved) {
        check_value(enumeration, value, reserved, &names, diagnostics);
    }
    check_duplicates(enumeration, diagnostics);
}

/// Checks `value`; `reserved` is the first reserved range that holds its
/// number, if any, and `reserved_names` maps each reserved name to where
/// it is first reserved.
fn check_value(
    enumeration: &Enum,
    value: &EnumValue,
    reserved: Option<&ReservedRange>,
    reserved_names: &HashMap<&str, Span>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (name, number, owner) = (&value.name, value.number, &enumeration.full_name);
    if i32::try_from(number).is_err() {
        diagnostics.push(Diagnostic::new(
            Code::EnumNumberOutOfRange,
            value.number_span,
            format!("the value `{name}` of `{owner}` is {number}, outside the range of `i32`"),
        ));
    }
    if let Some(range) = reserved {
        diagnostics.push(
            Diagnostic::new(
                Code::ReservedNumber,
                value.number_span,
                format!("the value `{name}` has number {number}, which `{owner}` reserves"),
            )
            .with_secondary(
                range.span,
                format!("{} reserved here", describe_range(range)),
            )
            .with_help("reserved numbers belonged to deleted values; reusing them breaks old data"),
        );
    }
    if let Some(&span) = reserved_names.get(name.as_str()) {
        diagnostics.push(
            Diagnostic::new(
                Code::ReservedName,
                value.name_span,
                format!("the value name `{name}` is reserved in `{owner}`"),
            )
            .with_secondary(span, "reserved here")
            .with_help("reserved names belonged to deleted values; pick another name"),
        );
    }
}

fn check_duplicates(enumeration: &Enum, diagnostics: &mut Vec<Diagnostic>) {
    let owner = &enumeration.full_name;
    let shared = repeats(&enumeration.values, |value| value.number);
    if enumeration.allow_alias {
        // protoc refuses the option on an enum that has no alias.
        if shared.is_empty() {
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    enumeration.span,
                    format!("`{owner}` allows aliases but no two of its values share a number"),
                )
                .with_help("remove `option allow_alias = true;`"),
            );
        }
    } else {
        check_shared_numbers(owner, &shared, diagnostics);
    }
    for (first, later) in repeats(&enumeration.values, |value| value.name.as_str()) {
        diagnostics.push(
            Diagnostic::new(
                Code::DuplicateEnumName,
                later.name_span,
                format!("the value name `{}` is used twice in `{owner}`", later.name),
            )
            .with_secondary(first.name_span, "first used here"),
        );
    }
    // protoc refuses an enum two of whose values, as exported, are one
    // name once case, underscores and the enum's name as a prefix are set
    // aside. Values whose Rust variants clash are reported as that clash.
    let label = |value: &EnumValue| {
        // The enum's prefix, which export may add, is set aside anyway.
        protobuf_label(&enumeration.name, &value.name)
    };
    let variant = |value: &EnumValue| names::variant_name(&enumeration.name, &value.name);
    for (first, later) in repeats(&enumeration.values, label) {
        if first.name == later.name
            || first.number == later.number
            || variant(first) == variant(later)
        {
            continue;
        }
        diagnostics.push(
            Diagnostic::new(
                Code::DuplicateEnumName,
                later.name_span,
                format!(
                    "the value names `{}` and `{}` are one name to protobuf in `{owner}`",
                    first.name, later.name
                ),
            )
            .with_secondary(first.name_span, "the same name to protobuf")
            .with_help(
                "protobuf compares value names ignoring case and the enum's name as a \
                 prefix; rename one of the values",
            ),
        );
    }
}

/// The name by which protoc tells apart the values of an enum named
/// `enum_name`: the exported value name `value` without the enum's name as
/// a prefix (compared without case, skipping underscores, and the
/// underscores after it), in PascalCase split at underscores. So
/// `STATUS_PAID` and `STATUS_PAiD` are both `Paid` in enum `Status`.
/// protoc's own rule, in its `CheckEnumValueUniqueness`.
fn protobuf_label(enum_name: &str, value: &str) -> String {
    let prefix: Vec<u8> = enum_name
        .bytes()
        .filter(|&byte| byte != b'_')
        .map(|byte| byte.to_ascii_lowercase())
        .collect();
    let stripped = strip_prefix(&prefix, value);
    let mut label = String::with_capacity(stripped.len());
    let mut upper = true;
    for c in stripped.chars() {
        if c == '_' {
            upper = true;
        } else {
            label.push(if upper {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            });
            upper = false;
        }
    }
    label
}

/// `value` without `prefix` (lower-case, no underscores) and the
/// underscores after it, comparing without case and skipping underscores;
/// `value` itself when it does not start so, or nothing would be left.
fn strip_prefix<'a>(prefix: &[u8], value: &'a str) -> &'a str {
    let bytes = value.as_bytes();
    let (mut at, mut matched) = (0, 0);
    while at < bytes.len() && matched < prefix.len() {
        if bytes[at] != b'_' {
            if bytes[at].to_ascii_lowercase() != prefix[matched] {
                return value;
            }
            matched += 1;
        }
        at += 1;
    }
    while at < bytes.len() && bytes[at] == b'_' {
        at += 1;
    }
    if matched < prefix.len() || at == bytes.len() {
        return value;
    }
    value.get(at..).unwrap_or(value)
}

/// Reports each value that shares its number with an earlier one, in an
/// enum that does not allow aliases.
fn check_shared_numbers(
    owner: &str,
    shared: &[(&EnumValue, &EnumValue)],
    diagnostics: &mut Vec<Diagnostic>,
) {
    for &(first, later) in shared {
        diagnostics.push(
            Diagnostic::new(
                Code::DuplicateEnumNumber,
                later.number_span,
                format!(
                    "number {} is used by both `{}` and `{}` in `{owner}`",
                    later.number, first.name, later.name
                ),
            )
            .with_secondary(first.number_span, format!("first used by `{}`", first.name))
            .with_help(
                "every value of an enum needs its own number: give it a new one, delete one \
                 of the values, or make it an alias with `option allow_alias = true;`",
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::protobuf_label;

    #[test]
    fn protobuf_labels_follow_protoc() {
        assert_eq!(protobuf_label("Status", "STATUS_PAID"), "Paid");
        assert_eq!(protobuf_label("Status", "STATUS_PAiD"), "Paid");
        assert_eq!(protobuf_label("Status", "paid"), "Paid");
        assert_eq!(protobuf_label("MyEnum", "MY_ENUM_FOO"), "Foo");
        assert_eq!(protobuf_label("MyEnum", "MYENUM__FOO_BAR"), "FooBar");
        // Distinct to protoc: the underscore splits words.
        assert_eq!(protobuf_label("Foo", "FOO_BAR_BAZ"), "BarBaz");
        assert_eq!(protobuf_label("Foo", "FOO_BARBAZ"), "Barbaz");
        // No prefix, or nothing after it: the name as it is.
        assert_eq!(protobuf_label("Status", "STAT"), "Stat");
        assert_eq!(protobuf_label("Status", "STATUS_"), "Status");
        assert_eq!(protobuf_label("Status", "STATUSX"), "X");
    }
}
