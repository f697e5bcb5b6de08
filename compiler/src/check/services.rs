//! The rules of services: each method's request and response is a
//! message, and no two methods of a service share a name. Names that clash
//! in Rust after casing are [`super::rust_names`]'s; a service named like a
//! type is a duplicate full name, which resolve reports.

use super::repeats;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{MethodType, Schema, Service, ValueType};

/// Reports every method with a request or response that is not a message,
/// and every method named like an earlier one of its service.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for service in &schema.services {
        for method in &service.methods {
            for (side, ty) in [("request", &method.input), ("response", &method.output)] {
                check_type(schema, service, &method.name, side, ty, diagnostics);
            }
        }
        for (first, later) in repeats(&service.methods, |method| method.name.as_str()) {
            diagnostics.push(
                Diagnostic::new(
                    Code::DuplicateMethodName,
                    later.span,
                    format!(
                        "the method `{}` is declared twice in `{}`",
                        later.name, service.full_name
                    ),
                )
                .with_secondary(first.span, "first declared here"),
            );
        }
    }
}

fn check_type(
    schema: &Schema,
    service: &Service,
    method: &str,
    side: &str,
    ty: &MethodType,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if ty.ty.is_rpc_message() {
        return;
    }
    let (what, help) = match ty.ty {
        ValueType::Scalar(scalar) => (format!("the scalar `{}`", scalar.name()), None),
        ValueType::Ref(id, kind) => (
            format!(
                "a `{}` reference to `{}`",
                kind.keyword(),
                schema.message(id).full_name
            ),
            None,
        ),
        ValueType::Enum(id) => (
            format!("the enum `{}`", schema.enumeration(id).full_name),
            None,
        ),
        ValueType::WellKnown(known) if known.is_enum() => {
            (format!("the enum `google.protobuf.{}`", known.name()), None)
        }
        ValueType::WellKnown(known) => (
            format!("the wrapper type `google.protobuf.{}`", known.name()),
            Some(
                "schemac holds a wrapper type as the Rust scalar it wraps, which is no \
                 message; declare a message with one field of that scalar",
            ),
        ),
        ValueType::Message(_) => return,
    };
    let diagnostic = Diagnostic::new(
        Code::InvalidRpcType,
        ty.span,
        format!(
            "the {side} of `{}.{method}` is {what}, not a message",
            service.full_name
        ),
    );
    diagnostics.push(match help {
        Some(help) => diagnostic.with_help(help),
        None => diagnostic,
    });
}
