//! Pass 2 of resolve: the fields and oneofs of every message, and the
//! requests and responses of every service's methods.
//!
//! Each type name is looked up and checked for visibility, and each field's
//! shape is checked: map keys, lists and maps nested in each other,
//! `optional` on a list or map, and oneof members that are not single
//! values. Every problem is reported once; the field then gets a placeholder
//! type so that the model stays complete.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::collect::{Collected, Symbols, qualify};
use super::features::{DefaultVisibility, Features, Presence};
use super::hints::Hints;
use super::lookup::{self, Failure};
use super::options::{self, written};
use crate::ast::{
    self, Dialect, FieldDecl, LabelKind, Member, MessageDecl, OptionDecl, OptionValue, RefKind,
    ServiceDecl, TypeExpr, TypeName,
};
use crate::builtin;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{
    DefaultValue, EnumId, Field, FieldType, Method, MethodType, Oneof, Options, Scalar, Schema,
    ValueType, Visibility, WellKnown,
};
use crate::source::FileId;

/// The value type given to a field whose type is in error.
const PLACEHOLDER: ValueType = ValueType::Scalar(Scalar::Bytes);

/// The type given to a method's request or response whose name is in
/// error: a message, so that check finds nothing wrong with it.
const PLACEHOLDER_MESSAGE: ValueType = ValueType::WellKnown(WellKnown::Empty);

/// The key type given to a map whose key is in error.
const PLACEHOLDER_KEY: Scalar = Scalar::String;

/// Lowers the fields and oneofs of every collected message, the methods
/// of every service and the fields of every extension; returns the model
/// and the symbol table.
pub(super) fn lower(
    collected: Collected<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Schema, Symbols) {
    let Collected {
        mut schema,
        symbols,
        bodies,
        services,
        extensions,
        message_features,
        file_features,
    } = collected;
    let features_of = |features: &[Features], index: u32| {
        features
            .get(index as usize)
            .copied()
            .unwrap_or(Features::of(Dialect::Schema))
    };
    let mut hints = Hints::new(&symbols);
    let mut memo = Memo::default();
    for (id, decl) in bodies {
        let Some(message) = schema.messages.get(id.0 as usize) else {
            continue;
        };
        let dialect = schema.dialect(message.file);
        let mut lowerer = Lowerer {
            schema: &schema,
            symbols: &symbols,
            scope: &message.full_name,
            file: message.file,
            dialect,
            features: features_of(&message_features, id.0),
            hints: &mut hints,
            memo: &mut memo,
            file_features: &file_features,
            diagnostics,
        };
        let (fields, oneofs) = lowerer.body(decl);
        if let Some(message) = schema.messages.get_mut(id.0 as usize) {
            message.fields = fields;
            message.oneofs = oneofs;
        }
    }
    for (index, decl) in services {
        let Some(service) = schema.services.get(index) else {
            continue;
        };
        let scope = service.package.join(".");
        let mut lowerer = Lowerer {
            schema: &schema,
            symbols: &symbols,
            scope: &scope,
            file: service.file,
            dialect: schema.dialect(service.file),
            features: features_of(&file_features, service.file.0),
            hints: &mut hints,
            memo: &mut memo,
            file_features: &file_features,
            diagnostics,
        };
        let methods = lowerer.methods(decl);
        if let Some(service) = schema.services.get_mut(index) {
            service.methods = methods;
        }
    }
    for (id, extend, decl) in extensions {
        let Some(extension) = schema.extensions.get(id.0 as usize) else {
            continue;
        };
        let scope = match extension.parent {
            Some(parent) => schema.message(parent).full_name.clone(),
            None => extension.package.join("."),
        };
        let mut lowerer = Lowerer {
            schema: &schema,
            symbols: &symbols,
            scope: &scope,
            file: extension.file,
            dialect: schema.dialect(extension.file),
            features: match extension.parent {
                Some(parent) => features_of(&message_features, parent.0),
                None => features_of(&file_features, extension.file.0),
            },
            hints: &mut hints,
            memo: &mut memo,
            file_features: &file_features,
            diagnostics,
        };
        let field = lowerer.extension_field(decl);
        let extendee = lowerer.extendee(&extend.extendee);
        if let Some(extension) = schema.extensions.get_mut(id.0 as usize) {
            extension.field = field;
            extension.extendee = extendee;
        }
    }
    (schema, symbols)
}

/// Whether features make a field of type `ty` delimited: a message field
/// (not a map's value) under `message_encoding = DELIMITED`, which protoc
/// then reads as a group.
fn delimited_by(features: Features, ty: FieldType) -> bool {
    let message = match ty {
        FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty) => ty,
        FieldType::List(ty) => ty,
        FieldType::Map(..) => return false,
    };
    features.delimited && matches!(message, ValueType::Message(_) | ValueType::WellKnown(_))
}

/// Lowers the body of one message, or the methods of one service. `'a` is
/// the message's borrow of the model; `'s` is the symbol table's, which
/// outlives every message.
struct Lowerer<'a, 's> {
    schema: &'a Schema,
    symbols: &'s Symbols,
    /// The full name of the message whose fields these are, or the
    /// package of the service whose methods these are.
    scope: &'a str,
    /// The file that declares the message.
    file: FileId,
    /// That file's dialect.
    dialect: Dialect,
    /// The features of the message, or of the file for a top-level
    /// extension or a service.
    features: Features,
    hints: &'a mut Hints<'s>,
    memo: &'a mut Memo,
    /// The features of each file, by id: what its types' visibility is
    /// when no keyword says.
    file_features: &'a [Features],
    diagnostics: &'a mut Vec<Diagnostic>,
}

/// What lowering asks about again and again, found once: so that a
/// message of many fields is lowered in time linear in its fields.
#[derive(Default)]
struct Memo {
    /// The names of the values of each enum a default has named a value of.
    value_names: HashMap<EnumId, HashSet<String>>,
    /// For each file, the files whose types it sees: those it imports,
    /// and those that a chain of `import public` in them reaches.
    imported: HashMap<FileId, HashSet<FileId>>,
}

impl Lowerer<'_, '_> {
    fn body(&mut self, decl: &MessageDecl) -> (Vec<Field>, Vec<Oneof>) {
        let mut fields = Vec::new();
        let mut oneofs = Vec::new();
        for member in &decl.members {
            match member {
                Member::Field(field) => fields.push(self.field(field, None, self.features)),
                Member::Oneof(oneof) => {
                    let index = oneofs.len();
                    oneofs.push(Oneof {
                        name: oneof.name.name.clone(),
                        docs: oneof.docs.clone(),
                        options: Options::default(),
                        span: oneof.name.span,
                    });
                    let features = self.features.with(self.dialect, &oneof.options);
                    for field in &oneof.fields {
                        fields.push(self.field(field, Some(index), features));
                    }
                }
                Member::Reserved(_)
                | Member::Extensions(_)
                | Member::Option(_)
                | Member::Message(_)
                | Member::Enum(_)
                | Member::Extend(_) => {}
            }
        }
        (fields, oneofs)
    }

    /// The methods of a service, their types resolved as fields' are. A
    /// type that is not a message is left to check, which says why.
    fn methods(&mut self, decl: &ServiceDecl) -> Vec<Method> {
        decl.methods
            .iter()
            .map(|method| Method {
                name: method.name.name.clone(),
                docs: method.docs.clone(),
                input: self.method_type(&method.input),
                output: self.method_type(&method.output),
                options: Options::default(),
                body: method.body,
                span: method.name.span,
            })
            .collect()
    }

    fn method_type(&mut self, decl: &ast::MethodType) -> MethodType {
        MethodType {
            ty: self.value_type(&decl.name).unwrap_or(PLACEHOLDER_MESSAGE),
            stream: decl.stream.is_some(),
            span: decl.name.span,
        }
    }

    /// The field `decl`, a member of the oneof `oneof` when it is one;
    /// `scope` are the features of its message or oneof.
    fn field(&mut self, decl: &FieldDecl, oneof: Option<usize>, scope: Features) -> Field {
        let features = scope.with(self.dialect, &decl.options);
        let ty = match oneof {
            Some(_) => self.oneof_member_type(decl),
            None => self.field_type(decl, features.presence),
        };
        let full_name = qualify(self.scope, &decl.name.name);
        let options =
            options::field_options(&decl.options, self.dialect, &full_name, self.diagnostics);
        let ty = self.meaning(decl, ty, &options.meaning);
        let packed = self.packed(decl, ty, options.packed.unwrap_or(features.packed));
        let default = options
            .default
            .and_then(|option| self.default_value(decl, ty, oneof.is_some(), option));
        Field {
            name: decl.name.name.clone(),
            full_name,
            number: decl.number.value,
            docs: decl.docs.clone(),
            ty,
            oneof,
            boxed: false,
            default,
            packed,
            json_name: options.json_name,
            rust_attributes: options.rust_attributes,
            delimited: decl.group || options.delimited || delimited_by(features, ty),
            options: Options::default(),
            name_span: decl.name.span,
            number_span: decl.number.span,
            type_span: decl.ty.span(),
        }
    }

    /// The field of an extension.
    fn extension_field(&mut self, decl: &FieldDecl) -> Field {
        self.field(decl, None, self.features)
    }

    /// The message an `extend` block names; `None` after a diagnostic
    /// when it names anything else.
    fn extendee(&mut self, name: &TypeName) -> Option<crate::model::MessageId> {
        let ty = self.value_type(name)?;
        if let ValueType::Message(id) = ty {
            return Some(id);
        }
        let what = self.describe(ty);
        self.diagnostics.push(
            Diagnostic::new(
                Code::InvalidExtendee,
                name.span,
                format!("`extend` names {what}, which is not a message of the schema"),
            )
            .with_label("not a message with extension ranges"),
        );
        None
    }

    /// The type of the field `decl`, outside any oneof; without a label,
    /// a singular field has `presence`, as its features say.
    fn field_type(&mut self, decl: &FieldDecl, presence: Presence) -> FieldType {
        match &decl.ty {
            TypeExpr::Named(name) => {
                let value = self.value_type(name).unwrap_or(PLACEHOLDER);
                match decl.label.map(|label| label.kind) {
                    Some(LabelKind::Optional) => FieldType::Optional(value),
                    Some(LabelKind::Required) => FieldType::Required(value),
                    // A proto2 field has a label; proto3's and `.schema`'s
                    // without one have implicit presence.
                    None => match presence {
                        Presence::Implicit => FieldType::Single(value),
                        Presence::Explicit => FieldType::Optional(value),
                        Presence::LegacyRequired => FieldType::Required(value),
                    },
                }
            }
            TypeExpr::List { element, .. } => {
                self.forbid_label(decl, "list");
                FieldType::List(self.element(element, "list"))
            }
            TypeExpr::Map { key, value, .. } => {
                self.forbid_label(decl, "map");
                FieldType::Map(self.map_key(key), self.element(value, "map"))
            }
            TypeExpr::Ref { kind, target, .. } => {
                if let Some(label) = decl.label {
                    let word = label_word(label.kind);
                    let keyword = kind.keyword();
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::InvalidReference,
                            label.span,
                            format!("the reference field `{}` cannot be {word}", decl.name.name),
                        )
                        .with_label(format!("`{word}` cannot apply to `{keyword}`"))
                        .with_help(format!(
                            "a `{keyword}` field is an `Option` already, and absent is `None`; \
                             remove `{word}`"
                        )),
                    );
                }
                FieldType::Single(self.reference(*kind, target))
            }
        }
    }

    /// The type of `ref target` or `weak target`: a reference to a message,
    /// or a placeholder after a diagnostic when `target` is anything else.
    fn reference(&mut self, kind: RefKind, target: &TypeExpr) -> ValueType {
        let keyword = kind.keyword();
        let what = match target {
            TypeExpr::Named(name) => match self.value_type(name) {
                None => return PLACEHOLDER,
                Some(ValueType::Message(id)) => return ValueType::Ref(id, kind),
                Some(other) => self.describe(other),
            },
            TypeExpr::List { .. } => "a list".to_owned(),
            TypeExpr::Map { .. } => "a map".to_owned(),
            TypeExpr::Ref { kind: inner, .. } => format!("`{}`", inner.keyword()),
        };
        self.diagnostics.push(
            Diagnostic::new(
                Code::InvalidReference,
                target.span(),
                format!("`{keyword}` must point at a message of the schema, not at {what}"),
            )
            .with_help(format!(
                "only messages are shared by reference: `{keyword} Customer`, \
                 `list<{keyword} Customer>`, `map<string, {keyword} Customer>`; \
                 to share a scalar or an enum, wrap it in a message"
            )),
        );
        PLACEHOLDER
    }

    /// Reports `optional` or `required` on a list or map field.
    fn forbid_label(&mut self, decl: &FieldDecl, container: &str) {
        if let Some(label) = decl.label {
            let word = label_word(label.kind);
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidNesting,
                    label.span,
                    format!(
                        "the {container} field `{}` cannot be {word}",
                        decl.name.name
                    ),
                )
                .with_label(format!("`{word}` cannot apply to a {container}"))
                .with_help(format!(
                    "an empty {container} already stands for \"none\"; remove `{word}`"
                )),
            );
        }
    }

    /// Whether the list field `decl` of type `ty` is written packed, as its
    /// `packed` option or, without one, its features say (`packed`).
    /// `packed` on any other field is reported.
    fn packed(&mut self, decl: &FieldDecl, ty: FieldType, packed: bool) -> bool {
        let packable = ty.is_packable();
        if !packable {
            // protoc takes `[packed = false]` on any field.
            let packed_true = decl.options.iter().find(|o| {
                o.name.as_simple() == Some("packed")
                    && matches!(o.value, OptionValue::Bool(true, _))
            });
            if let Some(option) = packed_true {
                self.diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidOption,
                        option.name.span,
                        format!(
                            "`packed` applies to lists of numbers, bools and enums, not to `{}`",
                            decl.name.name
                        ),
                    )
                    .with_help("remove the option"),
                );
            }
            return false;
        }
        packed
    }

    /// The value of `[default = ...]` on `decl`, a field of type `ty`
    /// (a oneof's member when `in_oneof`), or `None` with a diagnostic
    /// when it does not fit the field.
    fn default_value(
        &mut self,
        decl: &FieldDecl,
        ty: FieldType,
        in_oneof: bool,
        option: &OptionDecl,
    ) -> Option<DefaultValue> {
        let name = &decl.name.name;
        let value_type = match ty {
            FieldType::Optional(ty) | FieldType::Required(ty) => ty,
            // A oneof's member has presence too.
            FieldType::Single(ty) if in_oneof => ty,
            _ => {
                self.diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidOption,
                        option.name.span,
                        format!("the field `{name}` has no presence, so it cannot have a default"),
                    )
                    .with_label("needs `optional` or `required`")
                    .with_help(format!(
                        "write `{name}: optional ...` for a field that reads as its default when \
                         absent; a field without `optional` always reads as its type's zero"
                    )),
                );
                return None;
            }
        };
        let value = match value_type {
            ValueType::Scalar(scalar) => scalar_default(scalar, &option.value),
            ValueType::Enum(id) => match &option.value {
                OptionValue::Name(value) => {
                    let enumeration = self.schema.enumeration(id);
                    let names = self.memo.value_names.entry(id).or_insert_with(|| {
                        let values = enumeration.values.iter();
                        values.map(|value| value.name.clone()).collect()
                    });
                    match names.contains(&value.name) {
                        true => Ok(DefaultValue::Enum(value.name.clone())),
                        false => Err(format!("a value of `{}`", enumeration.full_name)),
                    }
                }
                _ => Err("the name of one of its values".to_owned()),
            },
            ValueType::Message(_) | ValueType::WellKnown(_) | ValueType::Ref(..) => {
                Err("nothing: a message field has no default".to_owned())
            }
        };
        match value {
            Ok(value) => Some(value),
            Err(wanted) => {
                self.diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidOption,
                        option.value.span(),
                        format!(
                            "the default of `{name}` must be {wanted}, not `{}`",
                            written(&option.value)
                        ),
                    )
                    .with_label("does not fit the field's type"),
                );
                None
            }
        }
    }

    /// The type of a oneof member, which must be a single value. Names inside
    /// a list or map member are still resolved, so that their errors show.
    fn oneof_member_type(&mut self, decl: &FieldDecl) -> FieldType {
        let name = &decl.name.name;
        if let Some(label) = decl.label {
            let word = label_word(label.kind);
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOneofField,
                    label.span,
                    format!("the oneof member `{name}` cannot be {word}"),
                )
                .with_help(format!(
                    "a oneof member already has presence; remove `{word}`"
                )),
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
            TypeExpr::Ref { kind, target, .. } => {
                return FieldType::Single(self.reference(*kind, target));
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
            TypeExpr::Ref { kind, target, .. } => return self.reference(*kind, target),
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
                Some(other) => self.describe(other),
            },
            TypeExpr::List { .. } => "a list".to_owned(),
            TypeExpr::Map { .. } => "a map".to_owned(),
            TypeExpr::Ref { kind, .. } => format!("a `{}` reference", kind.keyword()),
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
    /// How a diagnostic names a type that a field cannot take where it
    /// stands: "`double`", "the enum `shop.Status`", and so on.
    fn describe(&self, value_type: ValueType) -> String {
        match value_type {
            ValueType::Scalar(scalar) => format!("`{}`", scalar.name()),
            ValueType::Enum(id) => (self.schema.enums.get(id.0 as usize))
                .map_or_else(String::new, |e| format!("the enum `{}`", e.full_name)),
            ValueType::Message(id) => (self.schema.messages.get(id.0 as usize))
                .map_or_else(String::new, |m| format!("the message `{}`", m.full_name)),
            ValueType::WellKnown(known) => {
                format!("the well-known type `google.protobuf.{}`", known.name())
            }
            ValueType::Ref(_, kind) => format!("a `{}` reference", kind.keyword()),
        }
    }

    fn value_type(&mut self, name: &TypeName) -> Option<ValueType> {
        match lookup::lookup(self.symbols, self.scope, name, self.dialect) {
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
            Failure::Service(service) => {
                return Diagnostic::new(
                    Code::UnknownType,
                    name.span,
                    format!("`{written}` is the service `{service}`, not a type"),
                )
                .with_label("a service, not a type")
                .with_help("a field or a method names a message or an enum, never a service");
            }
            Failure::Extension(extension) => {
                return Diagnostic::new(
                    Code::UnknownType,
                    name.span,
                    format!("`{written}` is the extension `{extension}`, not a type"),
                )
                .with_label("an extension, not a type");
            }
            Failure::Type(full_name) => format!("`{written}` is the type `{full_name}`"),
        };
        let diagnostic = Diagnostic::new(Code::UnknownType, name.span, message);
        match self.hints.hint(self.scope, name) {
            Some(help) => diagnostic.with_help(help),
            None => diagnostic,
        }
    }

    /// Reports a type declared in a file that this file does not import,
    /// directly or through an `import public`, and a type local to
    /// another file (edition 2024).
    fn check_visible(&mut self, ty: ValueType, name: &TypeName) {
        let declared = match ty {
            ValueType::Scalar(_) | ValueType::WellKnown(_) => None,
            ValueType::Message(id) | ValueType::Ref(id, _) => (self.schema.messages)
                .get(id.0 as usize)
                .map(|m| (m.file, m.full_name.as_str(), m.visibility, m.parent, m.span)),
            ValueType::Enum(id) => (self.schema.enums)
                .get(id.0 as usize)
                .map(|e| (e.file, e.full_name.as_str(), e.visibility, e.parent, e.span)),
        };
        let Some((file, full_name, visibility, parent, declaration)) = declared else {
            return;
        };
        if file == self.file {
            return;
        }
        let here = self.schema.files.get(self.file.0 as usize);
        let here_file = here.map_or("", |here| here.name.as_str());
        let there = self.schema.files.get(file.0 as usize);
        let there_file = there.map_or("", |there| there.name.as_str());
        if !self.imports(file) {
            let option_imported =
                here.is_some_and(|here| option_imported_files(self.schema, here).contains(&file));
            let help = match (option_imported, import_path(here_file, there_file)) {
                (true, _) => format!(
                    "`{here_file}` imports `{there_file}` with `import option`, which makes its \
                     extensions seen in options and nothing else: import it with a plain \
                     `import` to use its types"
                ),
                (false, Some(path)) => format!("add `import \"{path}\";` to `{here_file}`"),
                (false, None) => format!("add an import of `{there_file}` to `{here_file}`"),
            };
            self.diagnostics.push(
                Diagnostic::new(
                    Code::TypeNotImported,
                    name.span,
                    format!(
                        "`{full_name}` is declared in `{there_file}`, which `{here_file}` does \
                         not import"
                    ),
                )
                .with_help(help),
            );
            return;
        }
        let default = (self.file_features.get(file.0 as usize))
            .map_or(DefaultVisibility::ExportAll, |f| f.default_visibility);
        let why = match visibility {
            Some(Visibility::Export) => return,
            Some(Visibility::Local) => format!("it is marked `local` in `{there_file}`"),
            None if default.local(parent.is_some()) => format!(
                "`{there_file}` makes its {}types local (`default_symbol_visibility = {}`)",
                if default == DefaultVisibility::ExportTopLevel {
                    "nested "
                } else {
                    ""
                },
                default.name()
            ),
            None => return,
        };
        self.diagnostics.push(
            Diagnostic::new(
                Code::LocalType,
                name.span,
                format!(
                    "`{full_name}` is local to `{there_file}`, and cannot be used in `{here_file}`"
                ),
            )
            .with_secondary(declaration, "declared here")
            .with_help(format!(
                "{why}: mark it `export` there to use it from other files"
            )),
        );
    }
}

impl Lowerer<'_, '_> {
    /// The type of the field `decl`, of type `ty` as written, with what
    /// its options of `schemac/options.proto` say: a message held by
    /// reference, a `decimal` or `value` without presence. Each is
    /// reported where the file does not import that file, or where the
    /// field's type cannot mean it.
    fn meaning(
        &mut self,
        decl: &FieldDecl,
        ty: FieldType,
        meaning: &options::Meaning<'_>,
    ) -> FieldType {
        let Some(first) = meaning.first() else {
            return ty;
        };
        let options_file = (self.schema.files.iter())
            .find(|file| file.import_name == builtin::OPTIONS_PROTO_NAME)
            .map(|file| file.id);
        if !options_file.is_some_and(|file| self.imports(file)) {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::UnknownOption,
                    first.name.span,
                    format!(
                        "`{}` is declared in `{}`, which this file does not import",
                        first.name,
                        builtin::OPTIONS_PROTO_NAME
                    ),
                )
                .with_label("not imported")
                .with_help(format!("add `import \"{}\";`", builtin::OPTIONS_PROTO_NAME)),
            );
            return ty;
        }
        if let Some((kind, option)) = meaning.reference {
            // A reference holds a message, which implicit presence is not for.
            if let Some(implicit) = meaning.implicit_presence {
                let what = "a singular `schemac.Decimal` or `schemac.Value` field";
                self.cannot_mean(decl, implicit, what);
            }
            let referenced = match ty {
                // proto2 writes `optional` on a reference, which has no
                // label of its own.
                FieldType::Single(ValueType::Message(id))
                | FieldType::Optional(ValueType::Message(id)) => {
                    Some(FieldType::Single(ValueType::Ref(id, kind)))
                }
                FieldType::List(ValueType::Message(id)) => {
                    Some(FieldType::List(ValueType::Ref(id, kind)))
                }
                FieldType::Map(key, ValueType::Message(id)) => {
                    Some(FieldType::Map(key, ValueType::Ref(id, kind)))
                }
                _ => None,
            };
            return referenced.unwrap_or_else(|| {
                self.cannot_mean(decl, option, "a message field, a list or a map of messages");
                ty
            });
        }
        if let Some(option) = meaning.implicit_presence {
            return match ty {
                FieldType::Single(ValueType::Scalar(scalar))
                | FieldType::Optional(ValueType::Scalar(scalar))
                    if scalar.is_builtin_message() =>
                {
                    FieldType::Single(ValueType::Scalar(scalar))
                }
                _ => {
                    self.cannot_mean(
                        decl,
                        option,
                        "a singular `schemac.Decimal` or `schemac.Value` field",
                    );
                    ty
                }
            };
        }
        ty
    }

    /// Reports `option`, of `schemac/options.proto`, on the field `decl`,
    /// which is not `what` it applies to.
    fn cannot_mean(&mut self, decl: &FieldDecl, option: &OptionDecl, what: &str) {
        self.diagnostics.push(
            Diagnostic::new(
                Code::InvalidOption,
                option.name.span,
                format!(
                    "`{}` applies to {what}, not to `{}`",
                    option.name, decl.name.name
                ),
            )
            .with_label("cannot apply here")
            .with_help("remove the option"),
        );
    }

    /// Whether this file imports `file`: directly, or through a chain of
    /// `import public` in the files it imports.
    fn imports(&mut self, file: FileId) -> bool {
        let (schema, here) = (self.schema, self.file);
        let imported = (self.memo.imported)
            .entry(here)
            .or_insert_with(|| imported_files(schema, here));
        imported.contains(&file)
    }
}

/// The files whose extensions the file `here` sees in options alone:
/// those it imports with `import option`, and those that a chain of
/// `import public` in them reaches.
pub(super) fn option_imported_files(schema: &Schema, here: &crate::model::File) -> HashSet<FileId> {
    let mut seen = HashSet::new();
    let mut next = here.option_imports.clone();
    while let Some(imported) = next.pop() {
        if seen.insert(imported)
            && let Some(imported) = schema.files.get(imported.0 as usize)
        {
            next.extend(&imported.public_imports);
        }
    }
    seen
}

/// The files whose types the file `here` sees: those it imports, and
/// those that a chain of `import public` in them reaches.
pub(super) fn imported_files(schema: &Schema, here: FileId) -> HashSet<FileId> {
    let mut seen = HashSet::new();
    let mut next = match schema.files.get(here.0 as usize) {
        Some(here) => here.imports.clone(),
        None => Vec::new(),
    };
    while let Some(imported) = next.pop() {
        if seen.insert(imported)
            && let Some(imported) = schema.files.get(imported.0 as usize)
        {
            next.extend(&imported.public_imports);
        }
    }
    seen
}

fn label_word(kind: LabelKind) -> &'static str {
    match kind {
        LabelKind::Optional => "optional",
        LabelKind::Required => "required",
    }
}

/// The default `value` of a field of type `scalar`, or what it should
/// have been.
fn scalar_default(scalar: Scalar, value: &OptionValue) -> Result<DefaultValue, String> {
    let integer = |low: i128, high: i128, wanted: &str| {
        let number = match value {
            OptionValue::Integer(int) => Some(i128::from(int.value)),
            OptionValue::Number(text, _) => text.parse::<i128>().ok(),
            _ => None,
        };
        match number {
            Some(number) if (low..=high).contains(&number) => Ok(number),
            _ => Err(wanted.to_owned()),
        }
    };
    let signed = |low: i128, high: i128, wanted: &str| {
        integer(low, high, wanted).map(|number| DefaultValue::Int(number as i64))
    };
    let unsigned = |high: i128, wanted: &str| {
        integer(0, high, wanted).map(|number| DefaultValue::Uint(number as u64))
    };
    match scalar {
        Scalar::I32 | Scalar::Sint32 | Scalar::Sfixed32 => signed(
            i32::MIN.into(),
            i32::MAX.into(),
            "an integer that fits in 32 bits",
        ),
        Scalar::I64 | Scalar::Sint64 | Scalar::Sfixed64 => signed(
            i64::MIN.into(),
            i64::MAX.into(),
            "an integer that fits in 64 bits",
        ),
        Scalar::U32 | Scalar::Fixed32 => unsigned(u32::MAX.into(), "a 32-bit unsigned integer"),
        Scalar::U64 | Scalar::Fixed64 => unsigned(u64::MAX.into(), "a 64-bit unsigned integer"),
        Scalar::F32 | Scalar::F64 => match value {
            OptionValue::Integer(int) => Ok(DefaultValue::Float(int.value as f64)),
            OptionValue::Number(text, _) => parse_float(text)
                .map(DefaultValue::Float)
                .ok_or_else(|| "a number".to_owned()),
            OptionValue::Name(name) => parse_float(&name.name)
                .map(DefaultValue::Float)
                .ok_or_else(|| "a number".to_owned()),
            _ => Err("a number".to_owned()),
        },
        Scalar::Bool => match value {
            OptionValue::Bool(value, _) => Ok(DefaultValue::Bool(*value)),
            _ => Err("`true` or `false`".to_owned()),
        },
        Scalar::String => match value {
            OptionValue::String(text, _) => Ok(DefaultValue::String(text.clone())),
            _ => Err("a string".to_owned()),
        },
        Scalar::Bytes => match value {
            OptionValue::String(text, _) => Ok(DefaultValue::Bytes(text.clone().into_bytes())),
            OptionValue::Bytes(bytes, _) => Ok(DefaultValue::Bytes(bytes.clone())),
            _ => Err("a string".to_owned()),
        },
        Scalar::Decimal | Scalar::Value => {
            Err("nothing: `decimal` and `value` fields have no default".to_owned())
        }
    }
}

/// A float as a default writes it: a number, `inf`, `-inf` or `nan`.
fn parse_float(text: &str) -> Option<f64> {
    match text {
        "inf" | "infinity" => Some(f64::INFINITY),
        "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
        "nan" | "-nan" => Some(f64::NAN),
        _ => text.parse::<f64>().ok().filter(|value| value.is_finite()),
    }
}

/// The path by which the file `here` can import the file `there`, when
/// `there` is in the directory of `here` or below it.
fn import_path(here: &str, there: &str) -> Option<String> {
    let directory = Path::new(here).parent()?;
    let relative = Path::new(there).strip_prefix(directory).ok()?;
    Some(relative.display().to_string())
}
