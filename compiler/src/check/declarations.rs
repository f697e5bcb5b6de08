//! Extension declarations, as protoc checks them when it compiles: an
//! extension range may declare, with `[declaration = { number: 5
//! full_name: ".pkg.ext" type: "string" }]`, which extension takes each of
//! its numbers. Each declaration names a number of its range, once, and
//! both a full name (with a leading dot, unique in the message) and a
//! type, unless it only reserves the number; a range that declares cannot
//! be `UNVERIFIED`. An extension in a range that declares, or that asks
//! for `verification = DECLARATION`, must match its declaration: name,
//! type and whether it repeats. As protoc does, extensions of the messages
//! of `descriptor.proto`, custom options among them, are left out of the
//! second rule.

use std::collections::HashSet;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{
    Constant, Extension, FieldType, Message, OptionField, Options, Scalar, Schema, ValueType,
};
use crate::source::Span;

/// The file whose messages' extensions are not held to declarations.
const DESCRIPTOR_PROTO: &str = "google/protobuf/descriptor.proto";

/// `verification`'s value that asks every extension to be declared.
const DECLARATION: i32 = 0;
/// `verification`'s value that declares nothing.
const UNVERIFIED: i32 = 1;

/// Reports every declaration protoc refuses, and every extension that
/// does not match its range's declarations.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for message in &schema.messages {
        check_ranges(message, diagnostics);
    }
    for extension in &schema.extensions {
        check_extension(schema, extension, diagnostics);
    }
}

/// One `declaration` of an extension range.
struct Declaration<'a> {
    /// Where it is written: its `number`, or else the first of its
    /// fields.
    span: Option<Span>,
    number: Option<i64>,
    full_name: Option<&'a str>,
    ty: Option<&'a str>,
    reserved: bool,
    repeated: bool,
}

impl<'a> Declaration<'a> {
    fn of(options: &'a Options) -> Self {
        let string = |name| match options.get(name)?.values.first()? {
            Constant::String(value) => Some(value.as_str()),
            _ => None,
        };
        let flag = |name| options.flag(name);
        let span = (options.get("number").or(options.fields.first())).map(|field| field.span);
        Declaration {
            span,
            number: options
                .get("number")
                .and_then(|field| match field.values.first()? {
                    Constant::Int(number) => Some(*number),
                    _ => None,
                }),
            full_name: string("full_name"),
            ty: string("type"),
            reserved: flag("reserved"),
            repeated: flag("repeated"),
        }
    }
}

/// A range's `declaration` option, when set, and its declarations.
fn declarations(options: &Options) -> Option<(&OptionField, Vec<Declaration<'_>>)> {
    let field = options.get("declaration")?;
    let declarations = (field.values.iter())
        .filter_map(|value| match value {
            Constant::Message(options) => Some(Declaration::of(options)),
            _ => None,
        })
        .collect();
    Some((field, declarations))
}

/// The range's `verification`, when set: its number.
fn verification(options: &Options) -> Option<(i32, Span)> {
    let field = options.get("verification")?;
    match field.values.first()? {
        Constant::Enum(number, _) => Some((*number, field.span)),
        _ => None,
    }
}

/// The declarations of each of `message`'s extension ranges, against the
/// range and each other.
fn check_ranges(message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    let mut full_names = HashSet::new();
    let ranges = message.extension_ranges.iter();
    for (range, options) in ranges.zip(&message.extension_range_options) {
        let Some((field, declarations)) = declarations(options) else {
            continue;
        };
        if let Some((UNVERIFIED, span)) = verification(options) {
            diagnostics.push(
                Diagnostic::new(
                    Code::ExtensionDeclaration,
                    span,
                    "an extension range that declares its extensions cannot be `UNVERIFIED`",
                )
                .with_secondary(field.span, "declared here")
                .with_help("leave `verification` out, or declare nothing in this range"),
            );
            // protoc looks no further in the message.
            return;
        }
        let mut numbers = HashSet::new();
        for declaration in &declarations {
            let number = declaration.number.unwrap_or(0);
            let span = declaration.span.unwrap_or(field.span);
            let error = |label: &str, message: String| {
                Diagnostic::new(Code::ExtensionDeclaration, span, message).with_label(label)
            };
            if !range.contains(number) {
                diagnostics.push(
                    error("outside the range", format!(
                        "the extension declaration of number {number} is not in its range, {} to {}",
                        range.start, range.end
                    ))
                    .with_help("declare the numbers of this range only"),
                );
            }
            if !numbers.insert(number) {
                diagnostics.push(
                    error(
                        "declared again",
                        format!("number {number} is declared more than once"),
                    )
                    .with_help("declare each number of the range once"),
                );
            }
            let (Some(full_name), Some(ty)) = (declaration.full_name, declaration.ty) else {
                if declaration.full_name.is_some()
                    || declaration.ty.is_some()
                    || !declaration.reserved
                {
                    diagnostics.push(
                        error("incomplete", format!(
                            "the extension declaration of number {number} needs both `full_name` and `type`"
                        ))
                        .with_help(
                            "set both, or neither with `reserved: true` to keep the number unused",
                        ),
                    );
                }
                continue;
            };
            if !full_names.insert(full_name) {
                diagnostics.push(
                    error(
                        "declared again",
                        format!("the extension `{full_name}` is declared more than once"),
                    )
                    .with_help("declare each extension of the message once"),
                );
                // protoc looks no further in this range.
                break;
            }
            let types = (!is_scalar_name(ty)).then_some(ty);
            for name in std::iter::once(full_name).chain(types) {
                if let Some(problem) = symbol_problem(name) {
                    diagnostics.push(
                        error("not a full name", format!("the extension declaration of number {number}: `{name}` {problem}"))
                            .with_help("name declared extensions and types in full, from a leading dot: `.my.pkg.name`"),
                    );
                }
            }
        }
    }
}

/// What is wrong with `name` as a declaration's full name or type, if
/// anything: it is written from a leading dot, as dot-separated words of
/// ASCII letters, digits and underscores.
fn symbol_problem(name: &str) -> Option<&'static str> {
    let Some(rest) = name.strip_prefix('.') else {
        return Some("needs a leading dot, to name it in full");
    };
    let word = |word: &str| {
        !word.is_empty() && (word.bytes()).all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
    };
    match rest.split('.').all(word) {
        true => None,
        false => Some("is not a full name"),
    }
}

/// Whether `ty` names a scalar of the wire format (or `enum`), as protoc
/// takes a declaration's type, rather than a message or enum.
fn is_scalar_name(ty: &str) -> bool {
    ty == "enum"
        || (Scalar::ALL.iter())
            .any(|scalar| !scalar.is_builtin_message() && scalar.proto_name() == ty)
}

/// `extension` against the declarations of the range that holds its
/// number.
fn check_extension(schema: &Schema, extension: &Extension, diagnostics: &mut Vec<Diagnostic>) {
    let Some(extendee) = extension.extendee.map(|id| schema.message(id)) else {
        return;
    };
    if (schema.file(extendee.file)).is_some_and(|file| file.import_name == DESCRIPTOR_PROTO) {
        return;
    }
    let field = &extension.field;
    let holding = (extendee.extension_ranges.iter()).position(|range| range.contains(field.number));
    let Some(options) = holding.and_then(|index| extendee.extension_range_options.get(index))
    else {
        return;
    };
    let declarations =
        declarations(options).map_or_else(Vec::new, |(_, declarations)| declarations);
    let error =
        |span: Span, message: String| Diagnostic::new(Code::ExtensionDeclaration, span, message);
    let Some(declaration) =
        (declarations.iter()).find(|declaration| declaration.number == Some(field.number))
    else {
        if !declarations.is_empty() || matches!(verification(options), Some((DECLARATION, _))) {
            diagnostics.push(
                error(
                    field.number_span,
                    format!(
                        "the extension `{}` has number {}, which the extension declarations of `{}` do not declare",
                        field.full_name, field.number, extendee.full_name
                    ),
                )
                .with_label("not declared")
                .with_help("a range that declares extensions, or asks for `verification = DECLARATION`, declares every one; declare it, or split the range"),
            );
        }
        return;
    };
    if declaration.reserved {
        diagnostics.push(
            error(
                field.number_span,
                format!(
                    "the extension `{}` has number {}, which the extension declarations of `{}` reserve",
                    field.full_name, field.number, extendee.full_name
                ),
            )
            .with_label("reserved")
            .with_help("pick a number the declarations leave to it"),
        );
        return;
    }
    let actual_type = proto_type(schema, field.ty.value());
    if let Some(ty) = declaration.ty {
        let expected = match is_scalar_name(ty) || ty.starts_with('.') {
            true => ty.to_owned(),
            false => format!(".{ty}"),
        };
        if expected != actual_type {
            diagnostics.push(
                error(
                    field.type_span,
                    format!(
                        "the extension `{}` of `{}` is declared of type `{expected}`, not `{actual_type}`",
                        field.full_name, extendee.full_name
                    ),
                )
                .with_label("not the declared type")
                .with_help("give the extension the type its declaration names"),
            );
        }
    }
    let actual_name = format!(".{}", field.full_name);
    if let Some(name) = declaration.full_name
        && name != actual_name
    {
        diagnostics.push(
            error(
                field.name_span,
                format!(
                    "number {} of `{}` is declared for the extension `{name}`, not `{actual_name}`",
                    field.number, extendee.full_name
                ),
            )
            .with_label("not the declared name")
            .with_help("name the extension, in its package and scope, as its declaration does"),
        );
    }
    let repeated = matches!(field.ty, FieldType::List(_));
    if declaration.repeated != repeated {
        let declared = match declaration.repeated {
            true => "repeated",
            false => "optional",
        };
        diagnostics.push(
            error(
                field.type_span,
                format!(
                    "the extension `{}` of `{}` is declared {declared}",
                    field.full_name, extendee.full_name
                ),
            )
            .with_label(format!("not {declared}"))
            .with_help("label the extension as its declaration does (`repeated: true` declares a repeated one)"),
        );
    }
}

/// The type of values of `ty` as a declaration names it: a scalar's
/// `.proto` name, or a message's or enum's full name from a leading dot.
fn proto_type(schema: &Schema, ty: ValueType) -> String {
    match ty {
        ValueType::Scalar(scalar) => scalar.proto_name().to_owned(),
        ValueType::Enum(id) => format!(".{}", schema.enumeration(id).full_name),
        ValueType::Message(id) | ValueType::Ref(id, _) => {
            format!(".{}", schema.message(id).full_name)
        }
        ValueType::WellKnown(known) => format!(".google.protobuf.{}", known.name()),
    }
}
