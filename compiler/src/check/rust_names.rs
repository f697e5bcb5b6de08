//! Names that differ in the schema but become the same name in Rust.
//!
//! The Rust names come from [`crate::names`], as in codegen, so the two
//! agree. Each namespace of the generated code is checked on its own:
//!
//! - the fields of a message's struct, where a oneof is one field and a
//!   message with extension ranges has one more, holding its extensions
//!   (the field holding unknown fields takes a name no other field has,
//!   [`names::unknown_fields_field`]);
//! - the types of a package's module (its top-level messages and enums,
//!   across every file of the package);
//! - the types of a message's nested module (its nested messages and enums
//!   and the enum of each oneof);
//! - the constants of the extensions declared at the top of a package's
//!   files, and those of each message's nested module (the extensions
//!   declared in its scope), by their SCREAMING_SNAKE_CASE names;
//! - the variants of an enum, the catch-all variant included;
//! - the variants of a oneof's enum;
//! - the module holding a top-level message's nested types, beside the
//!   modules of packages. (Two sibling messages whose modules clash have
//!   clashing type names too, which is reported instead.)
//! - the services of a package, by their UpperCamelCase names, and the
//!   methods of a service, by their snake_case names: what a service
//!   generator names its items after ([`crate::service`]).
//!
//! Names that are equal in the schema too are duplicates, which resolve or
//! the other checks report already, so they are not reported again here.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Enum, ExtensionId, File, Message, Schema, Service};
use crate::names;
use crate::source::Span;
use crate::view_borrows;

/// Reports every Rust name clash in `schema`.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let packages = schema.packages();
    let names: Vec<&[String]> = packages.iter().map(|(name, _)| name.as_slice()).collect();
    for (package, files) in &packages {
        let (messages, enums) = top_level_types(schema, files);
        let place = package_place(package);
        let types = messages.iter().map(|message| Named::message(message));
        let types = types
            .chain(
                enums
                    .iter()
                    .map(|enumeration| Named::enumeration(enumeration)),
            )
            .collect();
        report(types, "type", &place, diagnostics);
        check_package_modules(&names, package, &messages, diagnostics);
        let constants = files.iter().flat_map(|file| &file.extensions);
        report_constants(schema, constants, &place, diagnostics);
    }
    for message in &schema.messages {
        check_message(schema, message, diagnostics);
    }
    for enumeration in &schema.enums {
        check_enum(enumeration, diagnostics);
    }
    check_services(schema, &packages, diagnostics);
}

/// The services of each package by their type names, and the methods of
/// each service by their snake_case names.
fn check_services(
    schema: &Schema,
    packages: &[(Vec<String>, Vec<&File>)],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut by_package: HashMap<&[String], Vec<&Service>> = HashMap::new();
    for service in &schema.services {
        by_package
            .entry(&service.package)
            .or_default()
            .push(service);
    }
    for (package, _) in packages {
        let services = (by_package.get(package.as_slice()).into_iter().flatten())
            .map(|service| Named {
                schema: &service.name,
                rust: names::type_name(&service.name),
                span: service.span,
                kind: Kind::Service,
            })
            .collect();
        let place = format!("the services of {}", package_place(package));
        report(services, "name", &place, diagnostics);
    }
    for service in &schema.services {
        let methods = service
            .methods
            .iter()
            .map(|method| Named {
                schema: &method.name,
                rust: names::field_name(&method.name),
                span: method.span,
                kind: Kind::Method,
            })
            .collect();
        let place = format!("the service `{}`", service.full_name);
        report(methods, "method", &place, diagnostics);
    }
}

/// The top-level messages and enums declared by a package's `files`.
fn top_level_types<'a>(schema: &'a Schema, files: &[&File]) -> (Vec<&'a Message>, Vec<&'a Enum>) {
    let messages = files
        .iter()
        .flat_map(|file| &file.messages)
        .filter_map(|id| schema.messages.get(id.0 as usize))
        .collect();
    let enums = files
        .iter()
        .flat_map(|file| &file.enums)
        .filter_map(|id| schema.enums.get(id.0 as usize))
        .collect();
    (messages, enums)
}

/// How a diagnostic names the package `package`.
fn package_place(package: &[String]) -> String {
    if package.is_empty() {
        "the files without a package".to_owned()
    } else {
        format!("the package `{}`", package.join("."))
    }
}

/// Reports the views that would clash with a type when every message gets
/// a borrowed view (`Config::views`): `OrderView` beside a message `Order`
/// in the package's module, and in each message's module the views of its
/// nested messages and of its oneofs' enums (where one is generated).
pub(super) fn check_views(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    for (package, files) in &schema.packages() {
        let (messages, enums) = top_level_types(schema, files);
        let place = package_place(package);
        let types = messages.iter().map(|message| Named::message(message));
        let views = messages.iter().map(|message| Named::view(message));
        let types = types
            .chain(views)
            .chain(
                enums
                    .iter()
                    .map(|enumeration| Named::enumeration(enumeration)),
            )
            .collect();
        report(types, "type", &place, diagnostics);
    }
    for message in &schema.messages {
        let owner = format!("`{}`", message.full_name);
        let nested_views = nested_messages(schema, message).map(Named::view);
        let oneof_views = message
            .oneofs
            .iter()
            .enumerate()
            .filter(|&(index, _)| view_borrows::oneof(message, index))
            .map(|(_, oneof)| Named {
                schema: &oneof.name,
                rust: names::view_name(&oneof.name),
                span: oneof.span,
                kind: Kind::OneofView,
            });
        let types = module_types(schema, message)
            .chain(nested_views)
            .chain(oneof_views);
        let place = format!("the module of {owner}");
        report(types.collect(), "type", &place, diagnostics);
    }
}

/// What a name belongs to; names are only duplicates of names of the same
/// group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Field,
    Oneof,
    Message,
    Enum,
    OneofEnum,
    Value,
    CatchAll,
    Member,
    Extensions,
    Extension,
    View,
    OneofView,
    Service,
    Method,
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::Field => "field",
            Kind::Oneof | Kind::OneofEnum => "oneof",
            Kind::Message => "message",
            Kind::Enum => "enum",
            Kind::Value | Kind::CatchAll => "value",
            Kind::Member => "member",
            Kind::Extensions => "extensions",
            Kind::Extension => "extension",
            Kind::View => "view of the message",
            Kind::OneofView => "view of the oneof",
            Kind::Service => "service",
            Kind::Method => "method",
        }
    }

    /// Kinds whose equal schema names another rule reports: fields and
    /// oneofs (a duplicate field name), messages and enums (a duplicate type).
    fn group(self) -> Kind {
        match self {
            Kind::Oneof => Kind::Field,
            Kind::Enum => Kind::Message,
            other => other,
        }
    }
}

/// A schema name and the Rust name it becomes.
struct Named<'a> {
    schema: &'a str,
    rust: String,
    span: Span,
    kind: Kind,
}

impl<'a> Named<'a> {
    fn message(message: &'a Message) -> Self {
        Named {
            schema: &message.name,
            rust: names::type_name(&message.name),
            span: message.span,
            kind: Kind::Message,
        }
    }

    /// The module holding the nested types of `message`, if codegen makes
    /// one: when it has nested messages, enums or oneofs, or declares
    /// extensions.
    fn module(message: &'a Message) -> Option<Self> {
        let nested = !message.messages.is_empty()
            || !message.enums.is_empty()
            || !message.oneofs.is_empty()
            || !message.extensions.is_empty();
        nested.then(|| Named {
            schema: &message.name,
            rust: names::module_name(&message.name),
            span: message.span,
            kind: Kind::Message,
        })
    }

    /// The borrowed view of `message`, when views are on.
    fn view(message: &'a Message) -> Self {
        Named {
            schema: &message.name,
            rust: names::view_name(&message.name),
            span: message.span,
            kind: Kind::View,
        }
    }

    fn enumeration(enumeration: &'a Enum) -> Self {
        Named {
            schema: &enumeration.name,
            rust: names::type_name(&enumeration.name),
            span: enumeration.span,
            kind: Kind::Enum,
        }
    }
}

/// Checks the struct fields, the nested module's types and the oneof
/// variants of `message`.
fn check_message(schema: &Schema, message: &Message, diagnostics: &mut Vec<Diagnostic>) {
    let owner = format!("`{}`", message.full_name);
    check_fields(message, &owner, diagnostics);
    check_nested_types(schema, message, &owner, diagnostics);
    let place = format!("the module of {owner}");
    report_constants(schema, &message.extensions, &place, diagnostics);
    let mut members: Vec<Vec<Named<'_>>> = message.oneofs.iter().map(|_| Vec::new()).collect();
    for field in &message.fields {
        if let Some(members) = field.oneof.and_then(|index| members.get_mut(index)) {
            members.push(Named {
                schema: &field.name,
                rust: names::oneof_variant_name(&field.name),
                span: field.name_span,
                kind: Kind::Member,
            });
        }
    }
    for (oneof, members) in message.oneofs.iter().zip(members) {
        let place = format!("the oneof `{}` of {owner}", oneof.name);
        report(members, "variant", &place, diagnostics);
    }
}

/// The struct's fields: the fields outside oneofs, one per oneof, and the
/// one holding extensions when the message has extension ranges.
fn check_fields(message: &Message, owner: &str, diagnostics: &mut Vec<Diagnostic>) {
    let fields = message
        .fields
        .iter()
        .filter(|field| field.oneof.is_none())
        .map(|field| Named {
            schema: &field.name,
            rust: names::field_name(&field.name),
            span: field.name_span,
            kind: Kind::Field,
        });
    let oneof_fields = message.oneofs.iter().map(|oneof| Named {
        schema: &oneof.name,
        rust: names::field_name(&oneof.name),
        span: oneof.span,
        kind: Kind::Oneof,
    });
    // The message's name comes before its fields, so this is reported as
    // the first of any clash.
    let extensions = (!message.extension_ranges.is_empty()).then(|| Named {
        schema: "",
        rust: names::EXTENSIONS_FIELD.to_owned(),
        span: message.span,
        kind: Kind::Extensions,
    });
    let names = extensions
        .into_iter()
        .chain(fields)
        .chain(oneof_fields)
        .collect();
    report(names, "field", owner, diagnostics);
}

/// Reports clashes among the types of the message's module.
fn check_nested_types(
    schema: &Schema,
    message: &Message,
    owner: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let place = format!("the module of {owner}");
    report(
        module_types(schema, message).collect(),
        "type",
        &place,
        diagnostics,
    );
}

/// The types of the message's module without views: nested messages and
/// enums, and the enum of each oneof.
fn module_types<'a>(schema: &'a Schema, message: &'a Message) -> impl Iterator<Item = Named<'a>> {
    let nested_enums = message
        .enums
        .iter()
        .filter_map(|id| schema.enums.get(id.0 as usize).map(Named::enumeration));
    let oneof_enums = message.oneofs.iter().map(|oneof| Named {
        schema: &oneof.name,
        rust: names::type_name(&oneof.name),
        span: oneof.span,
        kind: Kind::OneofEnum,
    });
    nested_messages(schema, message)
        .map(Named::message)
        .chain(nested_enums)
        .chain(oneof_enums)
}

/// Reports the constants of `extensions` that clash in `place`: the
/// extensions declared at the top of a package's files, or in one
/// message's scope.
fn report_constants<'a>(
    schema: &'a Schema,
    extensions: impl IntoIterator<Item = &'a ExtensionId>,
    place: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let constants = extensions
        .into_iter()
        .filter_map(|id| schema.extensions.get(id.0 as usize))
        .map(|extension| Named {
            schema: &extension.field.name,
            rust: names::constant_name(&extension.field.name),
            span: extension.field.name_span,
            kind: Kind::Extension,
        })
        .collect();
    report(constants, "constant", place, diagnostics);
}

/// The messages nested in `message`.
fn nested_messages<'a>(
    schema: &'a Schema,
    message: &'a Message,
) -> impl Iterator<Item = &'a Message> {
    message
        .messages
        .iter()
        .filter_map(|id| schema.messages.get(id.0 as usize))
}

fn check_enum(enumeration: &Enum, diagnostics: &mut Vec<Diagnostic>) {
    let catch_all = Named {
        schema: "",
        rust: names::UNRECOGNIZED_VARIANT.to_owned(),
        span: enumeration.span,
        kind: Kind::CatchAll,
    };
    // An alias has no variant of its own, so its Rust name cannot clash.
    let mut numbers = HashSet::new();
    let values = enumeration
        .values
        .iter()
        .filter(|value| numbers.insert(value.number))
        .map(|value| Named {
            schema: &value.name,
            rust: names::variant_name(&enumeration.name, &value.name),
            span: value.name_span,
            kind: Kind::Value,
        });
    let place = format!("`{}`", enumeration.full_name);
    let names = std::iter::once(catch_all).chain(values).collect();
    report(names, "variant", &place, diagnostics);
}

/// Reports each top-level message of `package` whose module for nested
/// types has the Rust name of the module of a package inside `package`.
fn check_package_modules(
    packages: &[&[String]],
    package: &[String],
    messages: &[&Message],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let children: BTreeSet<&str> = packages
        .iter()
        .filter(|other| other.starts_with(package))
        .filter_map(|other| other.get(package.len()))
        .map(String::as_str)
        .collect();
    // The children by the Rust names of their modules, in order.
    let mut by_module: HashMap<String, Vec<&str>> = HashMap::new();
    for child in children {
        by_module
            .entry(names::package_module(child))
            .or_default()
            .push(child);
    }
    for module in messages.iter().filter_map(|message| Named::module(message)) {
        // A package with the message's own name is a duplicate type already.
        let Some(child) = (by_module.get(&module.rust).into_iter().flatten())
            .find(|child| **child != module.schema)
        else {
            continue;
        };
        let (message, child) = (dotted(package, module.schema), dotted(package, child));
        diagnostics.push(
            Diagnostic::new(
                Code::RustNameClash,
                module.span,
                format!(
                    "the message `{message}` and the package `{child}` both become the Rust module `{}`",
                    module.rust
                ),
            )
            .with_help(
                "rename the message or the package; a message with nested types or oneofs \
                 gets a Rust module of its own",
            ),
        );
    }
}

/// `name` inside `package`, dotted.
fn dotted(package: &[String], name: &str) -> String {
    let mut segments: Vec<&str> = package.iter().map(String::as_str).collect();
    segments.push(name);
    segments.join(".")
}

/// Reports each name whose Rust name an earlier name of `names` has, unless
/// the two are duplicates in the schema already. `what` is the kind of Rust
/// name (`field`, `type`, `variant`); `place` says where they clash.
fn report(mut names: Vec<Named<'_>>, what: &str, place: &str, diagnostics: &mut Vec<Diagnostic>) {
    if names.len() < 2 {
        return;
    }
    names.sort_by_key(|name| name.span);
    // For each Rust name, the first item of each distinct schema name (and
    // group) that has it, in order; a hash map keeps this linear in the
    // number of names.
    let mut seen: HashMap<&str, Vec<&Named<'_>>> = HashMap::new();
    // The Rust names, with the group and schema name of each item in
    // `seen`: a later item of one of them is no new first.
    let mut known: HashSet<(&str, Kind, &str)> = HashSet::new();
    for later in &names {
        let firsts = seen.entry(later.rust.as_str()).or_default();
        let same = |first: &&Named<'_>| {
            first.kind.group() == later.kind.group() && first.schema == later.schema
        };
        // The firsts have distinct groups and schema names, so at most
        // one of them is passed over.
        if let Some(first) = firsts.iter().find(|first| !same(first)) {
            diagnostics.push(clash(first, later, what, place));
        }
        if known.insert((later.rust.as_str(), later.kind.group(), later.schema)) {
            firsts.push(later);
        }
    }
}

fn clash(first: &Named<'_>, later: &Named<'_>, what: &str, place: &str) -> Diagnostic {
    let rust = &later.rust;
    if first.kind == Kind::Extensions {
        return Diagnostic::new(
            Code::RustNameClash,
            later.span,
            format!(
                "the {} `{}` becomes the Rust field `{rust}`, which holds the extensions of {place}",
                later.kind.describe(),
                later.schema
            ),
        )
        .with_secondary(first.span, format!("this message has extension ranges, kept in `{rust}`"))
        .with_help(format!(
            "rename the {}; a message with extension ranges has a Rust field `{rust}` holding its extensions",
            later.kind.describe()
        ));
    }
    if first.kind == Kind::CatchAll {
        return Diagnostic::new(
            Code::RustNameClash,
            later.span,
            format!(
                "the value `{}` becomes the Rust variant `{rust}`, which is the name of the \
                 catch-all variant of {place}",
                later.schema
            ),
        )
        .with_secondary(first.span, format!("this enum gets a variant `{rust}` for numbers it does not name"))
        .with_help(format!(
            "rename the value; every generated enum has a variant `{rust}` holding the numbers the schema does not name"
        ));
    }
    let views = [first.kind, later.kind]
        .iter()
        .any(|kind| matches!(kind, Kind::View | Kind::OneofView));
    let help = views.then_some(
        "with views on, every message `M` gets a view `MView`, and so does the enum of a \
         oneof with a member that borrows; rename the type, or generate without views",
    );
    let diagnostic = Diagnostic::new(
        Code::RustNameClash,
        later.span,
        format!(
            "the {} `{}` and the {} `{}` both become the Rust {what} `{rust}` in {place}",
            first.kind.describe(),
            first.schema,
            later.kind.describe(),
            later.schema
        ),
    )
    .with_secondary(first.span, format!("also becomes `{rust}`"));
    match help {
        Some(help) => diagnostic.with_help(help),
        None => diagnostic,
    }
}
