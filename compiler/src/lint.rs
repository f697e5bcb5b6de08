//! Lints: warnings about root `.schema` files that check accepts but that
//! hold a likely mistake (docs/language.md#lints).
//!
//! The casing lints read the syntax tree, where names are as written and
//! `allow` options sit on their declarations; the unused-import lint also
//! reads the model, for the files that field types resolved to. Neither is
//! changed. An `allow = "W0001"` option (several codes separated by commas)
//! silences the lints it names on its declaration and everything inside
//! it: a field's `[allow = "..."]`, a message's or enum's `option allow =
//! "...";`.

use std::borrow::Cow;
use std::collections::BTreeSet;

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};

use crate::ast::{
    Dialect, EnumDecl, FieldDecl, Ident, Item, Member, MessageDecl, OptionDecl, OptionValue,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::load::Loaded;
use crate::model::{FieldType, Schema, ValueType};
use crate::source::FileId;

/// The lints of the root files of `loaded` that are written in `.schema`,
/// in source order.
pub(crate) fn lint(loaded: &Loaded, schema: &Schema) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    for &root in &loaded.roots {
        let file = &loaded.files[root.0 as usize];
        if file.ast.dialect != Dialect::Schema {
            continue;
        }
        for item in &file.ast.items {
            lint_item(item, &Allowed::default(), &mut warnings);
        }
        unused_imports(loaded, schema, root, &mut warnings);
    }
    warnings.sort_by_key(|warning| warning.primary.span);
    warnings
}

/// The codes that `allow` options of the enclosing declarations silence.
#[derive(Clone, Default)]
struct Allowed(BTreeSet<String>);

impl Allowed {
    /// These codes and those that `options` allow; copied only when
    /// `options` allow any, so that a declaration's many fields do not
    /// copy the codes its `allow` silences.
    fn with(&self, options: &[OptionDecl]) -> Cow<'_, Allowed> {
        let mut allowed = Cow::Borrowed(self);
        for option in options
            .iter()
            .filter(|option| option.name.as_simple() == Some("allow"))
        {
            if let OptionValue::String(codes, _) = &option.value {
                (allowed.to_mut().0).extend(codes.split(',').map(|code| code.trim().to_owned()));
            }
        }
        allowed
    }

    fn allows(&self, code: Code) -> bool {
        self.0.contains(code.as_str())
    }
}

fn lint_item(item: &Item, allowed: &Allowed, warnings: &mut Vec<Diagnostic>) {
    match item {
        Item::Message(message) => lint_message(message, allowed, warnings),
        Item::Enum(enumeration) => lint_enum(enumeration, allowed, warnings),
        Item::Extend(extend) => {
            for field in &extend.fields {
                lint_field(field, allowed, warnings);
            }
        }
    }
}

fn lint_message(message: &MessageDecl, allowed: &Allowed, warnings: &mut Vec<Diagnostic>) {
    let options: Vec<OptionDecl> = (message.members.iter())
        .filter_map(|member| match member {
            Member::Option(option) => Some(option.clone()),
            _ => None,
        })
        .collect();
    let allowed = allowed.with(&options);
    type_name(&message.name, "message", &allowed, warnings);
    for member in &message.members {
        match member {
            Member::Field(field) => lint_field(field, &allowed, warnings),
            Member::Oneof(oneof) => {
                snake_name(&oneof.name, "oneof", &allowed, warnings);
                for field in &oneof.fields {
                    lint_field(field, &allowed, warnings);
                }
            }
            Member::Message(nested) => lint_message(nested, &allowed, warnings),
            Member::Enum(nested) => lint_enum(nested, &allowed, warnings),
            Member::Extend(extend) => {
                for field in &extend.fields {
                    lint_field(field, &allowed, warnings);
                }
            }
            Member::Reserved(_) | Member::Option(_) | Member::Extensions(_) => {}
        }
    }
}

fn lint_field(field: &FieldDecl, allowed: &Allowed, warnings: &mut Vec<Diagnostic>) {
    snake_name(
        &field.name,
        "field",
        &allowed.with(&field.options),
        warnings,
    );
}

fn lint_enum(enumeration: &EnumDecl, allowed: &Allowed, warnings: &mut Vec<Diagnostic>) {
    let allowed = allowed.with(&enumeration.options);
    type_name(&enumeration.name, "enum", &allowed, warnings);
    if allowed.allows(Code::EnumValueNameCase) {
        return;
    }
    for value in &enumeration.values {
        let name = &value.name.name;
        if !is_screaming_snake(name) {
            let message = format!("enum value `{name}` is not SCREAMING_SNAKE_CASE");
            warnings.push(cased(
                Code::EnumValueNameCase,
                &value.name,
                message,
                name.to_shouty_snake_case(),
            ));
        }
    }
}

fn snake_name(name: &Ident, kind: &str, allowed: &Allowed, warnings: &mut Vec<Diagnostic>) {
    if allowed.allows(Code::FieldNameCase) || is_snake(&name.name) {
        return;
    }
    let message = format!("{kind} `{}` is not snake_case", name.name);
    warnings.push(cased(
        Code::FieldNameCase,
        name,
        message,
        name.name.to_snake_case(),
    ));
}

fn type_name(name: &Ident, kind: &str, allowed: &Allowed, warnings: &mut Vec<Diagnostic>) {
    if allowed.allows(Code::TypeNameCase) || is_pascal(&name.name) {
        return;
    }
    let message = format!("{kind} `{}` is not PascalCase", name.name);
    warnings.push(cased(
        Code::TypeNameCase,
        name,
        message,
        name.name.to_upper_camel_case(),
    ));
}

/// A casing warning at `name`, suggesting `suggestion`.
fn cased(code: Code, name: &Ident, message: String, suggestion: String) -> Diagnostic {
    let kinds = match code {
        Code::FieldNameCase => "fields and oneofs",
        Code::TypeNameCase => "messages and enums",
        _ => "enum values",
    };
    let help = format!(
        "write `{suggestion}`, as schemas case {kinds}; or silence this with an `allow = \"{code}\"` option"
    );
    Diagnostic::new(code, name.span, message).with_help(help)
}

/// `a`, `line_number`, `v2`: lowercase words joined by single underscores.
fn is_snake(name: &str) -> bool {
    words(name, |c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// `PENDING`, `NOT_FOUND`: uppercase words joined by single underscores.
fn is_screaming_snake(name: &str) -> bool {
    words(name, |c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// Whether `name` is words of `letter`s, starting with a non-digit, joined
/// by single underscores.
fn words(name: &str, letter: impl Fn(char) -> bool) -> bool {
    !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .split('_')
            .all(|word| !word.is_empty() && word.chars().all(&letter))
}

/// `Order`, `HTTPRequest`, `V2`: an uppercase letter first and no
/// underscores. Runs of capitals are PascalCase enough.
fn is_pascal(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Imports of `root` whose types no field of `root` uses, directly or
/// through the imported file's public imports.
fn unused_imports(loaded: &Loaded, schema: &Schema, root: FileId, warnings: &mut Vec<Diagnostic>) {
    let used = used_files(schema, root);
    for import in &loaded.files[root.0 as usize].imports {
        if import.public
            || reachable(schema, import.file)
                .iter()
                .any(|file| used.contains(file))
        {
            continue;
        }
        let name = loaded.sources.get(import.file).name();
        let message = format!("nothing in this file uses a type of `{name}`");
        warnings.push(Diagnostic::new(Code::UnusedImport, import.span, message));
    }
}

/// The files that declare the types of the fields of `file`'s messages.
fn used_files(schema: &Schema, file: FileId) -> BTreeSet<FileId> {
    let mut used = BTreeSet::new();
    let fields = (schema.messages.iter())
        .filter(|message| message.file == file)
        .flat_map(|message| &message.fields);
    for field in fields {
        let value = match field.ty {
            FieldType::Single(value)
            | FieldType::Optional(value)
            | FieldType::Required(value)
            | FieldType::List(value)
            | FieldType::Map(_, value) => value,
        };
        let declared_in = match value {
            ValueType::Scalar(_) => None,
            ValueType::Message(id) | ValueType::Ref(id, _) => Some(schema.message(id).file),
            ValueType::Enum(id) => Some(schema.enumeration(id).file),
            ValueType::WellKnown(known) => (schema.files.iter())
                .find(|file| file.import_name == known.file())
                .map(|file| file.id),
        };
        used.extend(declared_in);
    }
    used
}

/// `file` and every file its public imports reach.
fn reachable(schema: &Schema, file: FileId) -> Vec<FileId> {
    let mut reached = vec![file];
    let mut next = 0;
    while let Some(&current) = reached.get(next) {
        next += 1;
        let Some(model) = schema
            .files
            .iter()
            .find(|candidate| candidate.id == current)
        else {
            continue;
        };
        for &public in &model.public_imports {
            if !reached.contains(&public) {
                reached.push(public);
            }
        }
    }
    reached
}
