//! Pass 2 of resolve: the fields and oneofs of every message.
//!
//! Each type name is looked up and checked for visibility, and each field's
//! shape is checked: map keys, lists and maps nested in each other,
//! `optional` on a list or map, and oneof members that are not single
//! values. Every problem is reported once; the field then gets a placeholder
//! type so that the model stays complete.

use std::path::Path;

use super::collect::{Collected, Symbols};
use super::hints::Hints;
use super::lookup::{self, Failure};
use crate::ast::{FieldDecl, Member, MessageDecl, TypeExpr, TypeName};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{Field, FieldType, Oneof, Scalar, Schema, ValueType};
use crate::source::FileId;

/// The value type given to a field whose type is in error.
const PLACEHOLDER: ValueType = ValueType::Scalar(Scalar::Bytes);

/// The key type given to a map whose key is in error.
const PLACEHOLDER_KEY: Scalar = Scalar::String;

/// Lowers the fields and oneofs of every collected message.
pub(super) fn lower(collected: Collected<'_>, diagnostics: &mut Vec<Diagnostic>) -> Schema {
    let Collected {
        mut schema,
        symbols,
        bodies,
    } = collected;
    let mut hints = Hints::new(&symbols);
    for (id, decl) in bodies {
        let Some(message) = schema.messages.get(id.0 as usize) else {
            continue;
        };
        let mut lowerer = Lowerer {
            schema: &schema,
            symbols: &symbols,
            scope: &message.full_name,
            file: message.file,
            hints: &mut hints,
            diagnostics,
        };
        let (fields, oneofs) = lowerer.body(decl);
        if let Some(message) = schema.messages.get_mut(id.0 as usize) {
            message.fields = fields;
            message.oneofs = oneofs;
        }
    }
    schema
}

/// Lowers the body of one message. `'a` is the message's borrow of the
/// model; `'s` is the symbol table's, which outlives every message.
struct Lowerer<'a, 's> {
    schema: &'a Schema,
    symbols: &'s Symbols,
    /// The full name of the message whose fields these are.
    scope: &'a str,
    /// The file that declares the message.
    file: FileId,
    hints: &'a mut Hints<'s>,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Lowerer<'_, '_> {
    fn body(&mut self, decl: &MessageDecl) -> (Vec<Field>, Vec<Oneof>) {
        let mut fields = Vec::new();
        let mut oneofs = Vec::new();
        for member in &decl.members {
            match member {
                Member::Field(field) => fields.push(self.field(field, None)),
                Member::Oneof(oneof) => {
                    let index = oneofs.len();
                    oneofs.push(Oneof {
                        name: oneof.name.name.clone(),
                        docs: oneof.docs.clone(),
                        span: oneof.name.span,
                    });
                    for field in &oneof.fields {
                        fields.push(self.field(field, Some(index)));
                    }
                }
                Member::Reserved(_) | Member::Option(_) | Member::Message(_) | Member::Enum(_) => {}
            }
        }
        (fields, oneofs)
    }

    fn field(&mut self, decl: &FieldDecl, oneof: Option<usize>) -> Field {
        let ty = match oneof {
            Some(_) => self.oneof_member_type(decl),
            None => self.field_type(decl),
        };
        Field {
            name: decl.name.name.clone(),
            number: decl.number.value,
            docs: decl.docs.clone(),
            ty,
            oneof,
            boxed: false,
            name_span: decl.name.span,
            number_span: decl.number.span,
            type_span: decl.ty.span(),
        }
    }

    fn field_type(&mut self, decl: &FieldDecl) -> FieldType {
        match &decl.ty {
            TypeExpr::Named(name) => {
                let value = self.value_type(name).unwrap_or(PLACEHOLDER);
                match decl.optional {
                    Some(_) => FieldType::Optional(value),
                    None => FieldType::Single(value),
                }
            }
            TypeExpr::List { element, .. } => {
                self.forbid_optional(decl, "list");
                FieldType::List(self.element(element, "list"))
            }
            TypeExpr::Map { key, value, .. } => {
                self.forbid_optional(decl, "map");
                FieldType::Map(self.map_key(key), self.element(value, "map"))
            }
        }
    }

    /// Reports `optional` on a list or map field.
    fn forbid_optional(&mut self, decl: &FieldDecl, container: &str) {
        if let Some(span) = decl.optional {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidNesting,
                    span,
                    format!(
                        "the {container} field `{}` cannot be optional",
                        decl.name.name
                    ),
                )
                .with_label(format!("`optional` cannot apply to a {container}"))
                .with_help(format!(
                    "an empty {container} already stands for \"none\"; remove `optional`"
                )),
            );
        }
    }

    /// The type of a oneof member, which must be a single value. Names inside
    /// a list or map member are still resolved, so that their errors show.
    fn oneof_member_type(&mut self, decl: &FieldDecl) -> FieldType {
        let name = &decl.name.name;
        if let Some(span) = decl.optional {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOneofField,
                    span,
                    format!("the oneof member `{name}` cannot be optional"),
                )
                .with_help("a oneof member already has presence; remove `optional`"),
            );
        }
        let container = match &decl.ty {
            TypeExpr::Named(ty) => {
                return FieldType::Single(self.value_type(ty).unwrap_or(PLACEHOLDER));
            }
            TypeExpr::List { element, .. } => {
                self.element(element, "list");
                "list"
            }
            TypeExpr::Map { key, value, .. } => {
                self.map_key(key);
                self.element(value, "map");
                "map"
            }
        };
        self.diagnostics.push(Diagnostic::new(
            Code::InvalidOneofField,
            decl.ty.span(),
            format!("the oneof member `{name}` cannot be a {container}"),
        ));
        FieldType::Single(PLACEHOLDER)
    }

    /// The element of a list or the value of a map.
    fn element(&mut self, expr: &TypeExpr, container: &str) -> ValueType {
        let inner = match expr {
            TypeExpr::Named(name) => return self.value_type(name).unwrap_or(PLACEHOLDER),
            TypeExpr::List { .. } => "list",
            TypeExpr::Map { .. } => "map",
        };
        let role = if container == "list" {
            "the element of a list"
        } else {
            "the value of a map"
        };
        self.diagnostics.push(Diagnostic::new(
            Code::InvalidNesting,
            expr.span(),
            format!("a {inner} cannot be {role}"),
        ));
        PLACEHOLDER
    }

    fn map_key(&mut self, expr: &TypeExpr) -> Scalar {
        let what = match expr {
            TypeExpr::Named(name) => match self.value_type(name) {
                None => return PLACEHOLDER_KEY,
                Some(ValueType::Scalar(scalar)) if scalar.is_map_key() => return scalar,
                Some(ValueType::Scalar(scalar)) => format!("`{}`", scalar.name()),
                Some(ValueType::Enum(id)) => self
                    .schema
                    .enums
                    .get(id.0 as usize)
                    .map_or_else(String::new, |e| format!("the enum `{}`", e.full_name)),
                Some(ValueType::Message(id)) => self
                    .schema
                    .messages
                    .get(id.0 as usize)
                    .map_or_else(String::new, |m| format!("the message `{}`", m.full_name)),
            },
            TypeExpr::List { .. } => "a list".to_owned(),
            TypeExpr::Map { .. } => "a map".to_owned(),
        };
        self.diagnostics.push(Diagnostic::new(
            Code::InvalidMapKey,
            expr.span(),
            format!("{what} cannot be a map key"),
        ));
        PLACEHOLDER_KEY
    }

    /// Resolves `name`, reporting it when it is unknown or not visible. An
    /// unknown name gives `None`; an invisible one still gives its type, as
    /// nothing else about the field is wrong.
    fn value_type(&mut self, name: &TypeName) -> Option<ValueType> {
        match lookup::lookup(self.symbols, self.scope, name) {
            Ok(ty) => {
                self.check_visible(ty, name);
                Some(ty)
            }
            Err(failure) => {
                let diagnostic = self.unknown(name, failure);
                self.diagnostics.push(diagnostic);
                None
            }
        }
    }

    fn unknown(&mut self, name: &TypeName, failure: Failure) -> Diagnostic {
        let written = lookup::display(name);
        let message = match failure {
            Failure::NotFound => format!("unknown type `{written}`"),
            Failure::NotInside { first } => {
                let head = name.segments.first().map_or("", String::as_str);
                let rest = name.segments.get(1..).unwrap_or_default().join(".");
                format!(
                    "unknown type `{written}`: `{head}` here means `{first}`, which declares no `{rest}`"
                )
            }
            Failure::Package(package) => {
                return Diagnostic::new(
                    Code::UnknownType,
                    name.span,
                    format!("`{written}` is the package `{package}`, not a type"),
                )
                .with_label("a package, not a type");
            }
        };
        let diagnostic = Diagnostic::new(Code::UnknownType, name.span, message);
        match self.hints.hint(self.scope, name) {
            Some(help) => diagnostic.with_help(help),
            None => diagnostic,
        }
    }

    /// Reports a type declared in a file that this file does not import.
    fn check_visible(&mut self, ty: ValueType, name: &TypeName) {
        let declared = match ty {
            ValueType::Scalar(_) => None,
            ValueType::Message(id) => self
                .schema
                .messages
                .get(id.0 as usize)
                .map(|m| (m.file, m.full_name.as_str())),
            ValueType::Enum(id) => self
                .schema
                .enums
                .get(id.0 as usize)
                .map(|e| (e.file, e.full_name.as_str())),
        };
        let Some((file, full_name)) = declared else {
            return;
        };
        let here = self.schema.files.get(self.file.0 as usize);
        if file == self.file || here.is_some_and(|here| here.imports.contains(&file)) {
            return;
        }
        let here = here.map_or("", |here| here.name.as_str());
        let there = self
            .schema
            .files
            .get(file.0 as usize)
            .map_or("", |there| there.name.as_str());
        let help = match import_path(here, there) {
            Some(path) => format!("add `import \"{path}\";` to `{here}`"),
            None => format!("add an import of `{there}` to `{here}`"),
        };
        self.diagnostics.push(
            Diagnostic::new(
                Code::TypeNotImported,
                name.span,
                format!("`{full_name}` is declared in `{there}`, which `{here}` does not import"),
            )
            .with_help(help),
        );
    }
}

/// The path by which the file `here` can import the file `there`, when
/// `there` is in the directory of `here` or below it.
fn import_path(here: &str, there: &str) -> Option<String> {
    let directory = Path::new(here).parent()?;
    let relative = Path::new(there).strip_prefix(directory).ok()?;
    Some(relative.display().to_string())
}
