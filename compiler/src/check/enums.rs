//! The rules for the values of one enum: at least one value, the first
//! numbered 0, every number in the `i32` range, not reserved and not
//! repeated unless the enum allows aliases, and every name not reserved
//! and not repeated.

use super::{check_reserved, describe_range, repeats, reserved_name, reserved_range};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Enum, EnumValue};
use crate::resolve::MAX_ENUM_NUMBER;

/// Reports every violation in the values of `enumeration`.
pub(super) fn check(enumeration: &Enum, diagnostics: &mut Vec<Diagnostic>) {
    check_reserved(
        &enumeration.full_name,
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
    for value in &enumeration.values {
        check_value(enumeration, value, diagnostics);
    }
    check_duplicates(enumeration, diagnostics);
}

fn check_value(enumeration: &Enum, value: &EnumValue, diagnostics: &mut Vec<Diagnostic>) {
    let (name, number, owner) = (&value.name, value.number, &enumeration.full_name);
    if i32::try_from(number).is_err() {
        diagnostics.push(Diagnostic::new(
            Code::EnumNumberOutOfRange,
            value.number_span,
            format!("the value `{name}` of `{owner}` is {number}, outside the range of `i32`"),
        ));
    }
    if let Some(range) = reserved_range(&enumeration.reserved, number) {
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
    if let Some(span) = reserved_name(&enumeration.reserved, name) {
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
