//! Pass 3 of resolve: protobuf's options, standard and custom, interpreted
//! as protoc interprets them, into each element's [`Options`].
//!
//! An option's name is a path of fields from the element's options message
//! (`google.protobuf.FieldOptions` for a field, from the shipped
//! `descriptor.proto`): a plain part names a field of the message the part
//! before it leaves off at, a part in parentheses an extension of it,
//! looked up from the element's scope outwards as a type name is, and
//! declared in this file or one it imports. Every part but the last is a
//! singular message. The value must fit the last field's type, under
//! protoc's rules: integers in range, floats from any number, `inf` and
//! `nan`, enum values by name, messages in protobuf's text format (fields
//! by name, groups by their message's name, `[pkg.ext]` extensions,
//! `[type.googleapis.com/pkg.T]` expanded `Any`s, `[a, b]` lists).
//! Assignments that share a prefix merge into one message; a singular
//! field set twice, by any two paths, is an error.
//!
//! What resolve reads itself is left alone: schemac's own options
//! ([`ast::SCHEMAC_OPTIONS`]) and a field's `default` and `json_name`.

mod building;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::collect::{Symbol, Symbols, qualify};
use super::fields::{imported_files, option_imported_files};
use super::hints::closest_name;
use super::lookup::{self, Failure};
use super::options::schemac_options;
use crate::ast::{
    self, Dialect, EnumDecl, LiteralName, LiteralValue, Member, MessageDecl, MessageLiteral,
    OptionDecl, OptionNamePart, OptionValue,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::load::Loaded;
use crate::model::{
    Constant, EnumId, ExtensionId, FieldDefinition, FieldType, MessageId, OptionType, Options,
    Scalar, Schema, WellKnown,
};
use crate::source::{FileId, Span};
use building::Building;

/// Interprets the options of every element of `loaded`'s files into
/// `schema`, reporting every option that does not resolve or fit.
pub(super) fn interpret(
    loaded: &Loaded,
    schema: &mut Schema,
    symbols: &Symbols,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut jobs = Jobs {
        schema,
        symbols,
        jobs: Vec::new(),
    };
    for (index, file) in loaded.files.iter().enumerate() {
        jobs.file(FileId(index as u32), &file.ast);
    }
    let jobs = jobs.jobs;
    let mut results = Vec::with_capacity(jobs.len());
    {
        let mut interpreter = Interpreter {
            schema,
            symbols,
            diagnostics,
            field_indices: RefCell::default(),
            imported: HashMap::new(),
            names: HashMap::new(),
            weighings: NAME_WEIGHINGS,
        };
        for job in &jobs {
            results.push((job.target, interpreter.options(job)));
        }
    }
    for (target, options) in results {
        target.set(schema, options);
    }
}

/// The elements that take options, by where their options go.
#[derive(Clone, Copy, Debug)]
enum Target {
    File(FileId),
    Message(MessageId),
    /// Field `index` of the message.
    Field(MessageId, usize),
    /// Oneof `index` of the message.
    Oneof(MessageId, usize),
    /// Extension range `index` of the message.
    Range(MessageId, usize),
    Enum(EnumId),
    /// Value `index` of the enum.
    Value(EnumId, usize),
    /// Service `index` of the schema.
    Service(usize),
    /// Method `method` of service `service`.
    Method(usize, usize),
    Extension(ExtensionId),
}

impl Target {
    /// The options message of such an element, in `google.protobuf`.
    fn options_message(self) -> &'static str {
        match self {
            Target::File(_) => "google.protobuf.FileOptions",
            Target::Message(_) => "google.protobuf.MessageOptions",
            Target::Field(..) | Target::Extension(_) => "google.protobuf.FieldOptions",
            Target::Oneof(..) => "google.protobuf.OneofOptions",
            Target::Range(..) => "google.protobuf.ExtensionRangeOptions",
            Target::Enum(_) => "google.protobuf.EnumOptions",
            Target::Value(..) => "google.protobuf.EnumValueOptions",
            Target::Service(_) => "google.protobuf.ServiceOptions",
            Target::Method(..) => "google.protobuf.MethodOptions",
        }
    }

    /// How a diagnostic names such an element.
    fn word(self) -> &'static str {
        match self {
            Target::File(_) => "file",
            Target::Message(_) => "message",
            Target::Field(..) | Target::Extension(_) => "field",
            Target::Oneof(..) => "oneof",
            Target::Range(..) => "extension range",
            Target::Enum(_) => "enum",
            Target::Value(..) => "enum value",
            Target::Service(_) => "service",
            Target::Method(..) => "method",
        }
    }

    /// [`Target::word`] after `a` or `an`.
    fn word_with_article(self) -> String {
        let word = self.word();
        match word.starts_with(['a', 'e', 'i', 'o', 'u']) {
            true => format!("an {word}"),
            false => format!("a {word}"),
        }
    }

    fn set(self, schema: &mut Schema, options: Options) {
        let slot = match self {
            Target::File(id) => schema.files.get_mut(id.0 as usize).map(|f| &mut f.options),
            Target::Message(id) => schema
                .messages
                .get_mut(id.0 as usize)
                .map(|m| &mut m.options),
            Target::Field(id, index) => (schema.messages.get_mut(id.0 as usize))
                .and_then(|m| m.fields.get_mut(index))
                .map(|f| &mut f.options),
            Target::Oneof(id, index) => (schema.messages.get_mut(id.0 as usize))
                .and_then(|m| m.oneofs.get_mut(index))
                .map(|o| &mut o.options),
            Target::Range(id, index) => (schema.messages.get_mut(id.0 as usize))
                .and_then(|m| m.extension_range_options.get_mut(index)),
            Target::Enum(id) => schema.enums.get_mut(id.0 as usize).map(|e| &mut e.options),
            Target::Value(id, index) => (schema.enums.get_mut(id.0 as usize))
                .and_then(|e| e.values.get_mut(index))
                .map(|v| &mut v.options),
            Target::Service(index) => schema.services.get_mut(index).map(|s| &mut s.options),
            Target::Method(service, method) => (schema.services.get_mut(service))
                .and_then(|s| s.methods.get_mut(method))
                .map(|m| &mut m.options),
            Target::Extension(id) => {
                (schema.extensions.get_mut(id.0 as usize)).map(|e| &mut e.field.options)
            }
        };
        if let Some(slot) = slot {
            *slot = options;
        }
    }
}

/// The options of one element, to interpret.
struct Job<'a> {
    target: Target,
    /// The options as written, protobuf's and schemac's own alike.
    written: Vec<&'a OptionDecl>,
    /// The element's full name, the scope its options' names resolve in.
    scope: String,
    file: FileId,
    dialect: Dialect,
}

/// Walks the syntax trees alongside the model, pairing each element's
/// written options with where they go.
struct Jobs<'a, 's> {
    schema: &'s Schema,
    symbols: &'s Symbols,
    jobs: Vec<Job<'a>>,
}

impl<'a> Jobs<'a, '_> {
    fn push(&mut self, target: Target, written: Vec<&'a OptionDecl>, scope: String, file: FileId) {
        let dialect = self.schema.dialect(file);
        if written
            .iter()
            .any(|option| option.is_protobuf_option(dialect))
        {
            self.jobs.push(Job {
                target,
                written,
                scope,
                file,
                dialect,
            });
        }
    }

    fn file(&mut self, id: FileId, ast: &'a ast::SchemaFile) {
        let Some(file) = self.schema.files.get(id.0 as usize) else {
            return;
        };
        if file.provided {
            return;
        }
        let package = file.package.join(".");
        self.push(
            Target::File(id),
            ast.options.iter().collect(),
            package.clone(),
            id,
        );
        let mut extensions = file.extensions.clone().into_iter();
        for item in &ast.items {
            match item {
                ast::Item::Message(decl) => self.message(decl, &package, id),
                ast::Item::Enum(decl) => self.enumeration(decl, &package, id),
                ast::Item::Extend(decl) => {
                    for field in &decl.fields {
                        if let Some(extension) = extensions.next() {
                            let scope = qualify(&package, &field.name.name);
                            let target = Target::Extension(extension);
                            self.push(target, field.options.iter().collect(), scope, id);
                        }
                    }
                }
            }
        }
        let services = (self.schema.services.iter().enumerate())
            .filter(|(_, service)| service.file == id)
            .map(|(index, service)| (index, service.full_name.clone()));
        let services: Vec<(usize, String)> = services.collect();
        for ((index, full_name), decl) in services.into_iter().zip(&ast.services) {
            self.push(
                Target::Service(index),
                decl.options.iter().collect(),
                full_name.clone(),
                id,
            );
            for (method, decl) in decl.methods.iter().enumerate() {
                let scope = qualify(&full_name, &decl.name.name);
                let target = Target::Method(index, method);
                self.push(target, decl.options.iter().collect(), scope, id);
            }
        }
    }

    /// The message `decl`, declared in `scope`, if the model holds it (a
    /// duplicate's name is another declaration's).
    fn message(&mut self, decl: &'a MessageDecl, scope: &str, file: FileId) {
        let full_name = qualify(scope, &decl.name.name);
        let id = match self.symbols.get(&full_name) {
            Some(&(Symbol::Message(id), span)) if span == decl.name.span => id,
            _ => return,
        };
        let options = decl.members.iter().filter_map(|member| match member {
            Member::Option(option) => Some(option),
            _ => None,
        });
        self.push(
            Target::Message(id),
            options.collect(),
            full_name.clone(),
            file,
        );
        let mut fields = 0;
        let mut oneofs = 0;
        let mut ranges = 0;
        let mut extensions = self.schema.message(id).extensions.clone().into_iter();
        for member in &decl.members {
            match member {
                Member::Field(field) => {
                    let scope = qualify(&full_name, &field.name.name);
                    self.push(
                        Target::Field(id, fields),
                        field.options.iter().collect(),
                        scope,
                        file,
                    );
                    fields += 1;
                }
                Member::Oneof(oneof) => {
                    let scope = qualify(&full_name, &oneof.name.name);
                    let target = Target::Oneof(id, oneofs);
                    self.push(target, oneof.options.iter().collect(), scope, file);
                    oneofs += 1;
                    for field in &oneof.fields {
                        let scope = qualify(&full_name, &field.name.name);
                        let target = Target::Field(id, fields);
                        self.push(target, field.options.iter().collect(), scope, file);
                        fields += 1;
                    }
                }
                Member::Extensions(declared) => {
                    for _ in &declared.ranges.items {
                        let target = Target::Range(id, ranges);
                        self.push(
                            target,
                            declared.options.iter().collect(),
                            full_name.clone(),
                            file,
                        );
                        ranges += 1;
                    }
                }
                Member::Extend(extend) => {
                    for field in &extend.fields {
                        if let Some(extension) = extensions.next() {
                            let scope = qualify(&full_name, &field.name.name);
                            let target = Target::Extension(extension);
                            self.push(target, field.options.iter().collect(), scope, file);
                        }
                    }
                }
                Member::Message(nested) => self.message(nested, &full_name, file),
                Member::Enum(nested) => self.enumeration(nested, &full_name, file),
                Member::Reserved(_) | Member::Option(_) => {}
            }
        }
    }

    fn enumeration(&mut self, decl: &'a EnumDecl, scope: &str, file: FileId) {
        let full_name = qualify(scope, &decl.name.name);
        let id = match self.symbols.get(&full_name) {
            Some(&(Symbol::Enum(id), span)) if span == decl.name.span => id,
            _ => return,
        };
        self.push(
            Target::Enum(id),
            decl.options.iter().collect(),
            full_name,
            file,
        );
        for (index, value) in decl.values.iter().enumerate() {
            // Enum values are in the enum's enclosing scope.
            let scope = qualify(scope, &value.name.name);
            self.push(
                Target::Value(id, index),
                value.options.iter().collect(),
                scope,
                file,
            );
        }
    }
}

/// A message whose fields an option names: one of the schema's, or a
/// well-known one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum MessageType {
    Model(MessageId),
    WellKnown(WellKnown),
}

/// What an option's name or a message literal names: a field of a message,
/// with what its values must be.
#[derive(Clone, Debug)]
struct NamedField {
    name: String,
    /// How a diagnostic writes it: `java_package`, `(google.api.http)`.
    written: String,
    number: u32,
    definition: FieldDefinition,
    ty: OptionType,
    repeated: bool,
    packed: bool,
}

/// That a diagnostic says why an option could not be interpreted.
#[derive(Debug)]
struct Reported;

struct Interpreter<'s> {
    schema: &'s Schema,
    symbols: &'s Symbols,
    diagnostics: &'s mut Vec<Diagnostic>,
    /// The fields of each options message (and message inside one) by
    /// name, the first of a name, indexed the first time a name is looked
    /// up in it: so that setting many fields of a large message costs
    /// each a lookup, not a scan of its fields.
    field_indices: RefCell<HashMap<MessageId, HashMap<&'s str, usize>>>,
    /// The files whose extensions each file sees, found once per file.
    imported: HashMap<FileId, HashSet<FileId>>,
    /// The names of the fields and of the extensions of each message a
    /// suggestion has looked among, listed once.
    names: HashMap<(MessageType, bool), Rc<[String]>>,
    /// How many more names suggestions among more than [`FEW_NAMES`] may
    /// weigh.
    weighings: usize,
}

/// How many names a suggestion ("did you mean …?") may weigh without
/// counting them: more than any options message of `descriptor.proto`
/// has fields.
const FEW_NAMES: usize = 64;

/// How many names the suggestions among more than [`FEW_NAMES`] may weigh
/// in all. An unknown name among more names than are left gets the help
/// without a suggestion, so that many unknown names in a message of many
/// fields, or among many extensions, stay fast.
const NAME_WEIGHINGS: usize = 65_536;

/// What an assignment set, for finding one that sets it again: the path of
/// field numbers, with whether it was set whole (a value) or only passed
/// through (a message a longer path set a field of).
#[derive(Default)]
struct Assigned {
    paths: HashMap<Vec<u32>, (bool, Span)>,
}

impl Interpreter<'_> {
    /// The options of one element.
    fn options(&mut self, job: &Job<'_>) -> Options {
        let mut options = Building::default();
        let Some(root) = self.options_message(job.target) else {
            return Options::default();
        };
        let mut assigned = Assigned::default();
        for option in &job.written {
            if option.is_protobuf_option(job.dialect) {
                // A diagnostic was pushed for an option that failed.
                let _ = self.assign(job, root, option, &mut options, &mut assigned);
            }
        }
        options.finish()
    }

    /// The options message of `target`, from `descriptor.proto`.
    fn options_message(&mut self, target: Target) -> Option<MessageId> {
        match self.symbols.get(target.options_message()) {
            Some(&(Symbol::Message(id), _)) => Some(id),
            _ => None,
        }
    }

    /// Interprets `option` into `options`.
    fn assign(
        &mut self,
        job: &Job<'_>,
        root: MessageId,
        option: &OptionDecl,
        options: &mut Building,
        assigned: &mut Assigned,
    ) -> Result<(), Reported> {
        let mut message = MessageType::Model(root);
        let mut path: Vec<NamedField> = Vec::with_capacity(option.name.parts.len());
        let last = option.name.parts.len() - 1;
        for (index, part) in option.name.parts.iter().enumerate() {
            let field = self.part(job, message, part, index == 0, option)?;
            if index < last {
                message = match field.ty {
                    OptionType::Message { id, .. } if !field.repeated => MessageType::Model(id),
                    OptionType::WellKnown(known) if !field.repeated => {
                        MessageType::WellKnown(known)
                    }
                    _ => {
                        let why = match field.repeated {
                            true => {
                                "is repeated, so its fields can only be set with a whole message: `= { ... }`"
                            }
                            false => "is no message, so it has no fields",
                        };
                        return Err(self.report(
                            Diagnostic::new(
                                Code::UnknownOption,
                                part.span,
                                format!(
                                    "the option `{}` names a field of `{}`, which {why}",
                                    option.name, field.written
                                ),
                            )
                            .with_label("has no fields to set"),
                        ));
                    }
                };
            }
            path.push(field);
        }
        let Some(leaf) = path.last() else {
            return Err(Reported);
        };
        let values = match &option.value {
            OptionValue::Aggregate(literal) => match leaf.ty {
                OptionType::Message { id, .. } => {
                    vec![Constant::Message(self.literal(
                        job,
                        MessageType::Model(id),
                        literal,
                    )?)]
                }
                OptionType::WellKnown(known) => {
                    vec![Constant::Message(self.literal(
                        job,
                        MessageType::WellKnown(known),
                        literal,
                    )?)]
                }
                _ => {
                    let wanted = self.wanted(leaf);
                    return Err(self.report(self.mismatch(leaf, &option.value, &wanted)));
                }
            },
            value => vec![self.scalar(job, leaf, value, false)?],
        };
        let numbers: Vec<u32> = path.iter().map(|field| field.number).collect();
        self.check_assigned(assigned, &numbers, &path, option)?;
        options.insert(&path, values, option.span);
        Ok(())
    }

    /// Reports an assignment that sets what an earlier one set, and
    /// records this one.
    fn check_assigned(
        &mut self,
        assigned: &mut Assigned,
        numbers: &[u32],
        path: &[NamedField],
        option: &OptionDecl,
    ) -> Result<(), Reported> {
        let leaf_repeated = path.last().is_some_and(|field| field.repeated);
        for end in 1..=numbers.len() {
            let prefix = &numbers[..end];
            let whole = end == numbers.len();
            let clash = match assigned.paths.get(prefix) {
                // A value set whole cannot be set again, nor passed through.
                Some(&(true, span)) if !(whole && leaf_repeated) => Some(span),
                // A message passed through cannot then be set whole.
                Some(&(false, span)) if whole && !leaf_repeated => Some(span),
                _ => None,
            };
            if let Some(first) = clash {
                let written: Vec<&str> = path[..end].iter().map(|f| f.written.as_str()).collect();
                return Err(self.report(
                    Diagnostic::new(
                        Code::InvalidOption,
                        option.name.span,
                        format!("the option `{}` is set twice", written.join(".")),
                    )
                    .with_label("set again")
                    .with_secondary(first, "first set here")
                    .with_help("set each option once; set the fields of a message option either all in one `{ ... }` or each on its own"),
                ));
            }
        }
        for end in 1..=numbers.len() {
            let whole = end == numbers.len();
            assigned
                .paths
                .entry(numbers[..end].to_vec())
                .or_insert((whole, option.name.span));
        }
        Ok(())
    }

    /// The field that the name part `part` names in `message`.
    fn part(
        &mut self,
        job: &Job<'_>,
        message: MessageType,
        part: &OptionNamePart,
        first: bool,
        option: &OptionDecl,
    ) -> Result<NamedField, Reported> {
        if part.extension {
            return self.extension(job, message, &part.name, part.span);
        }
        if let Some(field) = self.field_named(message, &part.name, false) {
            if first && field.name == "uninterpreted_option" {
                return Err(self.report(
                    Diagnostic::new(
                        Code::UnknownOption,
                        part.span,
                        "`uninterpreted_option` is where protoc keeps options it has not read yet; it cannot be set",
                    )
                    .with_label("cannot be set"),
                ));
            }
            return Ok(field);
        }
        let names = self.names(message, false);
        let schemac_own = match (first, job.dialect) {
            (true, Dialect::Schema) => schemac_options(job.target.word()),
            _ => Vec::new(),
        };
        let candidates = (names.iter().map(String::as_str)).chain(schemac_own.iter().copied());
        let close = (self.may_weigh(names.len() + schemac_own.len()))
            .then(|| closest_name(&part.name, candidates))
            .flatten();
        let help = match close {
            Some(close) => format!("did you mean `{close}`?"),
            None if first => format!(
                "the options of {} are the fields of `{}`, {}; a custom option is written in \
                 parentheses: `({})`",
                job.target.word_with_article(),
                job.target.options_message(),
                describe_names(&names),
                part.name
            ),
            None => format!(
                "`{}` has the fields {}",
                self.message_name(message),
                describe_names(&names)
            ),
        };
        let what = match first {
            true => format!("unknown {} option `{}`", job.target.word(), part.name),
            false => format!(
                "unknown option `{}`: `{}` has no field `{}`",
                option.name,
                self.message_name(message),
                part.name
            ),
        };
        Err(self.report(
            Diagnostic::new(Code::UnknownOption, part.span, what)
                .with_label("unknown option")
                .with_help(help),
        ))
    }

    /// The extension of `message` named `name` from the job's scope.
    fn extension(
        &mut self,
        job: &Job<'_>,
        message: MessageType,
        name: &str,
        span: Span,
    ) -> Result<NamedField, Reported> {
        let id = match lookup::lookup_extension(self.symbols, &job.scope, name) {
            Ok(id) => id,
            Err(failure) => {
                let what = match failure {
                    Failure::Type(full_name) => {
                        format!("`{name}` is the type `{full_name}`, not an extension")
                    }
                    Failure::Package(full_name) => {
                        format!("`{name}` is the package `{full_name}`, not an extension")
                    }
                    Failure::Service(full_name) => {
                        format!("`{name}` is the service `{full_name}`, not an extension")
                    }
                    _ => format!("unknown option `({name})`: no extension `{name}` is declared"),
                };
                let extensions = self.names(message, true);
                let last = name.rsplit('.').next().unwrap_or(name);
                let simple_names =
                    (extensions.iter()).map(|full| full.rsplit('.').next().unwrap_or(full));
                let close = (self.may_weigh(extensions.len()))
                    .then(|| closest_name(last, simple_names))
                    .flatten()
                    .and_then(|simple| {
                        extensions
                            .iter()
                            .find(|full| full.rsplit('.').next() == Some(simple))
                    });
                let help = match close {
                    Some(full_name) => format!("did you mean `({full_name})`?"),
                    None => format!(
                        "declare it with `extend {} {{ ... }}`, or import the file that does",
                        self.message_name(message)
                    ),
                };
                return Err(self.report(
                    Diagnostic::new(Code::UnknownOption, span, what)
                        .with_label("unknown option")
                        .with_help(help),
                ));
            }
        };
        let extension = self.schema.extension(id);
        let Some(extendee) = extension.extendee else {
            return Err(Reported);
        };
        if MessageType::Model(extendee) != message {
            let extendee = &self.schema.message(extendee).full_name;
            return Err(self.report(
                Diagnostic::new(
                    Code::UnknownOption,
                    span,
                    format!(
                        "`({name})` extends `{extendee}`, not `{}`",
                        self.message_name(message)
                    ),
                )
                .with_label("an option of something else")
                .with_secondary(extension.field.name_span, "declared here")
                .with_help(format!(
                    "`({name})` is set where `{extendee}` holds the options; for this element, \
                     declare an extension of `{}`",
                    self.message_name(message)
                )),
            ));
        }
        let schema = self.schema;
        let imported = (self.imported).entry(job.file).or_insert_with(|| {
            // An option's extension may come from an `import option`.
            let mut seen = imported_files(schema, job.file);
            if let Some(file) = schema.file(job.file) {
                seen.extend(option_imported_files(schema, file));
            }
            seen
        });
        if extension.file != job.file && !imported.contains(&extension.file) {
            let there = self
                .schema
                .file(extension.file)
                .map_or("", |file| file.name.as_str());
            return Err(self.report(
                Diagnostic::new(
                    Code::TypeNotImported,
                    span,
                    format!(
                        "`{}` is declared in `{there}`, which this file does not import",
                        extension.field.full_name
                    ),
                )
                .with_help(format!(
                    "add `import \"{}\";`",
                    self.schema
                        .file(extension.file)
                        .map_or("", |f| f.import_name.as_str())
                )),
            ));
        }
        Ok(self.extension_target(id))
    }

    fn extension_target(&self, id: ExtensionId) -> NamedField {
        let field = &self.schema.extension(id).field;
        let mut target = self.field_target(field, FieldDefinition::Extension(id));
        target.name = field.full_name.clone();
        target.written = format!("({})", field.full_name);
        target
    }

    fn field_target(&self, field: &crate::model::Field, definition: FieldDefinition) -> NamedField {
        let repeated = matches!(field.ty, FieldType::List(_) | FieldType::Map(..));
        NamedField {
            name: field.name.clone(),
            written: field.name.clone(),
            number: field.number as u32,
            definition,
            ty: OptionType::of(field.ty.value(), field.delimited)
                .unwrap_or(OptionType::Scalar(Scalar::Bytes)),
            repeated,
            packed: repeated && field.packed,
        }
    }

    /// The field of `message` named `name`; with `group_names`, a group
    /// also by its message's name, as the text format writes it.
    fn field_named(
        &self,
        message: MessageType,
        name: &str,
        group_names: bool,
    ) -> Option<NamedField> {
        match message {
            MessageType::Model(id) => {
                let fields = &self.schema.message(id).fields;
                let named = (self.field_indices.borrow_mut())
                    .entry(id)
                    .or_insert_with(|| fields_by_name(fields))
                    .get(name)
                    .copied();
                let index = named.or_else(|| {
                    group_names
                        .then(|| {
                            fields.iter().position(|field| {
                                field.delimited
                                    && matches!(field.ty.value(), crate::model::ValueType::Message(m)
                                        if self.schema.message(m).name == name)
                            })
                        })
                        .flatten()
                })?;
                Some(self.field_target(&fields[index], FieldDefinition::Field(id, index)))
            }
            MessageType::WellKnown(known) => {
                let &(name, number, scalar, repeated) = known
                    .option_fields()?
                    .iter()
                    .find(|(field, ..)| *field == name)?;
                Some(NamedField {
                    name: name.to_owned(),
                    written: name.to_owned(),
                    number,
                    definition: FieldDefinition::Fixed,
                    ty: OptionType::Scalar(scalar),
                    repeated,
                    packed: false,
                })
            }
        }
    }

    /// The names of the fields of `message`, or with `extensions` the full
    /// names of its extensions, listed the first time they are asked for.
    fn names(&mut self, message: MessageType, extensions: bool) -> Rc<[String]> {
        let schema = self.schema;
        let list = || -> Rc<[String]> {
            match (message, extensions) {
                (MessageType::Model(id), false) => (schema.message(id).fields.iter())
                    .map(|field| field.name.clone())
                    .collect(),
                (MessageType::WellKnown(known), false) => {
                    (known.option_fields().unwrap_or_default().iter())
                        .map(|(name, ..)| (*name).to_owned())
                        .collect()
                }
                (MessageType::Model(id), true) => (schema.extensions_of(id))
                    .map(|extension| extension.field.full_name.clone())
                    .collect(),
                (MessageType::WellKnown(_), true) => Rc::from([]),
            }
        };
        Rc::clone(self.names.entry((message, extensions)).or_insert_with(list))
    }

    /// Whether a suggestion may weigh `count` names, which it then has.
    fn may_weigh(&mut self, count: usize) -> bool {
        if count <= FEW_NAMES {
            return true;
        }
        match self.weighings.checked_sub(count) {
            Some(left) => {
                self.weighings = left;
                true
            }
            None => false,
        }
    }

    fn message_name(&self, message: MessageType) -> String {
        match message {
            MessageType::Model(id) => self.schema.message(id).full_name.clone(),
            MessageType::WellKnown(known) => format!("google.protobuf.{}", known.name()),
        }
    }

    /// A message written in the text format, as a value of `message`.
    fn literal(
        &mut self,
        job: &Job<'_>,
        message: MessageType,
        literal: &MessageLiteral,
    ) -> Result<Options, Reported> {
        let mut options = Building::default();
        let mut seen: HashMap<u32, Span> = HashMap::new();
        let mut failed = false;
        for field in &literal.fields {
            match self.literal_field(job, message, field, &mut options, &mut seen) {
                Ok(()) => {}
                Err(Reported) => failed = true,
            }
        }
        match failed {
            true => Err(Reported),
            false => Ok(options.finish()),
        }
    }

    fn literal_field(
        &mut self,
        job: &Job<'_>,
        message: MessageType,
        field: &ast::LiteralField,
        options: &mut Building,
        seen: &mut HashMap<u32, Span>,
    ) -> Result<(), Reported> {
        let target = match &field.name {
            LiteralName::Field(ident) => match self.field_named(message, &ident.name, true) {
                Some(target) => target,
                None => {
                    let names = self.names(message, false);
                    let close = (self.may_weigh(names.len()))
                        .then(|| closest_name(&ident.name, names.iter().map(String::as_str)))
                        .flatten();
                    let help = match close {
                        Some(close) => format!("did you mean `{close}`?"),
                        None => format!(
                            "`{}` has the fields {}",
                            self.message_name(message),
                            describe_names(&names)
                        ),
                    };
                    return Err(self.report(
                        Diagnostic::new(
                            Code::UnknownOption,
                            ident.span,
                            format!(
                                "`{}` has no field `{}`",
                                self.message_name(message),
                                ident.name
                            ),
                        )
                        .with_label("no such field")
                        .with_help(help),
                    ));
                }
            },
            LiteralName::Extension(name) => {
                let written = name.segments.join(".");
                self.extension(job, message, &written, name.span)?
            }
            LiteralName::Any { prefix, type_name } => {
                return self.any(job, message, prefix, type_name, field, options, seen);
            }
        };
        let values: Vec<&LiteralValue> = match &field.value {
            LiteralValue::List(values, span) => {
                if !target.repeated {
                    return Err(self.report(
                        Diagnostic::new(
                            Code::InvalidOptionValue,
                            *span,
                            format!(
                                "`{}` is not repeated, so it takes one value, not a list",
                                target.written
                            ),
                        )
                        .with_label("a list"),
                    ));
                }
                values.iter().collect()
            }
            value => vec![value],
        };
        if !target.repeated {
            if let Some(&first) = seen.get(&target.number) {
                return Err(self.report(
                    Diagnostic::new(
                        Code::InvalidOptionValue,
                        field.span,
                        format!("`{}` is not repeated, and is set twice", target.written),
                    )
                    .with_label("set again")
                    .with_secondary(first, "first set here"),
                ));
            }
            seen.insert(target.number, field.span);
        }
        let mut constants = Vec::with_capacity(values.len());
        for value in values {
            let constant = match (value, target.ty) {
                (LiteralValue::Message(literal), OptionType::Message { id, .. }) => {
                    Constant::Message(self.literal(job, MessageType::Model(id), literal)?)
                }
                (LiteralValue::Message(literal), OptionType::WellKnown(known)) => {
                    Constant::Message(self.literal(job, MessageType::WellKnown(known), literal)?)
                }
                (LiteralValue::Scalar(scalar), _) => self.scalar(job, &target, scalar, true)?,
                (other, _) => {
                    let span = other.span();
                    return Err(self.report(
                        Diagnostic::new(
                            Code::InvalidOptionValue,
                            span,
                            format!(
                                "`{}` takes {}, not a message",
                                target.written,
                                self.wanted(&target)
                            ),
                        )
                        .with_label("does not fit the field"),
                    ));
                }
            };
            constants.push(constant);
        }
        options.insert(std::slice::from_ref(&target), constants, field.span);
        Ok(())
    }

    /// `[type.googleapis.com/pkg.T] { ... }` in an `Any`: the message
    /// `pkg.T` written out, which the `Any` holds encoded.
    #[allow(clippy::too_many_arguments)]
    fn any(
        &mut self,
        job: &Job<'_>,
        message: MessageType,
        prefix: &str,
        type_name: &ast::TypeName,
        field: &ast::LiteralField,
        options: &mut Building,
        seen: &mut HashMap<u32, Span>,
    ) -> Result<(), Reported> {
        if message != MessageType::WellKnown(WellKnown::Any) {
            return Err(self.report(
                Diagnostic::new(
                    Code::InvalidOptionValue,
                    type_name.span,
                    format!(
                        "`[{prefix}/...]` writes out the message of an `Any`, and `{}` is no `Any`",
                        self.message_name(message)
                    ),
                )
                .with_label("not in an Any"),
            ));
        }
        let full_name = type_name.segments.join(".");
        let id = match self.symbols.get(&full_name) {
            Some(&(Symbol::Message(id), _)) => id,
            _ => {
                return Err(self.report(
                    Diagnostic::new(
                        Code::UnknownType,
                        type_name.span,
                        format!("unknown message `{full_name}` in an `Any`"),
                    )
                    .with_help("name the message by its full name, after the prefix: `[type.googleapis.com/pkg.Message]`"),
                ));
            }
        };
        let LiteralValue::Message(literal) = &field.value else {
            return Err(self.report(
                Diagnostic::new(
                    Code::InvalidOptionValue,
                    field.value.span(),
                    format!("the `Any` holds a `{full_name}`, written in braces"),
                )
                .with_label("not a message"),
            ));
        };
        if let Some(&first) = seen.get(&1) {
            return Err(self.report(
                Diagnostic::new(
                    Code::InvalidOptionValue,
                    field.span,
                    "the `Any` is set twice",
                )
                .with_secondary(first, "first set here"),
            ));
        }
        seen.insert(1, field.span);
        seen.insert(2, field.span);
        let value = self.literal(job, MessageType::Model(id), literal)?;
        let any =
            |name: &str| self.field_named(MessageType::WellKnown(WellKnown::Any), name, false);
        let (Some(type_url), Some(bytes)) = (any("type_url"), any("value")) else {
            return Err(Reported);
        };
        let url = format!("{prefix}/{full_name}");
        options.insert(&[type_url], vec![Constant::String(url)], field.span);
        let encoded = value.encode_to_vec(self.schema);
        options.insert(&[bytes], vec![Constant::Bytes(encoded)], field.span);
        Ok(())
    }

    /// A scalar `value` of the field `target`; `text_format` for a value in
    /// a message literal, which takes a few more spellings.
    fn scalar(
        &mut self,
        job: &Job<'_>,
        target: &NamedField,
        value: &OptionValue,
        text_format: bool,
    ) -> Result<Constant, Reported> {
        let _ = job;
        let converted = match target.ty {
            OptionType::Scalar(scalar) => scalar_constant(scalar, value, text_format),
            OptionType::Enum(id) => self.enum_constant(id, value, text_format),
            OptionType::Message { .. } | OptionType::WellKnown(_) => None,
        };
        match converted {
            Some(Ok(constant)) => Ok(constant),
            Some(Err(reason)) => Err(self.report(
                Diagnostic::new(
                    Code::InvalidOptionValue,
                    value.span(),
                    format!("`{}` {reason}", target.written),
                )
                .with_label("does not fit the option")
                .with_help(format!("write {}", self.wanted(target))),
            )),
            None => {
                let wanted = self.wanted(target);
                Err(self.report(self.mismatch(target, value, &wanted)))
            }
        }
    }

    fn enum_constant(
        &self,
        id: EnumId,
        value: &OptionValue,
        text_format: bool,
    ) -> Option<Result<Constant, String>> {
        let enumeration = self.schema.enumeration(id);
        match value {
            OptionValue::Name(name) => {
                let found = enumeration.values.iter().find(|v| v.name == name.name);
                Some(match found {
                    Some(value) => Ok(Constant::Enum(value.number as i32, value.name.clone())),
                    None => {
                        let names = enumeration.values.iter().map(|v| v.name.as_str());
                        let hint = match closest_name(&name.name, names) {
                            Some(close) => format!("; did you mean `{close}`?"),
                            None => String::new(),
                        };
                        Err(format!(
                            "takes a value of `{}`, which has no value `{}`{hint}",
                            enumeration.full_name, name.name
                        ))
                    }
                })
            }
            OptionValue::Integer(int) if text_format => {
                let number = i32::try_from(int.value).ok()?;
                let known = enumeration
                    .values
                    .iter()
                    .find(|v| v.number == i64::from(number));
                Some(match (known, enumeration.closed) {
                    (Some(value), _) => Ok(Constant::Enum(number, value.name.clone())),
                    (None, false) => Ok(Constant::Enum(number, number.to_string())),
                    (None, true) => Err(format!(
                        "takes a value of the closed enum `{}`, which has none numbered {number}",
                        enumeration.full_name
                    )),
                })
            }
            _ => None,
        }
    }

    /// What values of `target` are, for a diagnostic.
    fn wanted(&self, target: &NamedField) -> String {
        match target.ty {
            OptionType::Scalar(scalar) => match scalar {
                Scalar::Bool => "`true` or `false`".to_owned(),
                Scalar::String => "a string".to_owned(),
                Scalar::Bytes => "a string of bytes".to_owned(),
                Scalar::F32 | Scalar::F64 => "a number".to_owned(),
                other => format!("an integer (`{}`)", other.proto_name()),
            },
            OptionType::Enum(id) => {
                let enumeration = self.schema.enumeration(id);
                let names: Vec<String> = (enumeration.values.iter())
                    .map(|value| value.name.clone())
                    .collect();
                format!(
                    "a value of the enum `{}` by name: {}",
                    enumeration.full_name,
                    describe_names(&names)
                )
            }
            OptionType::Message { id, .. } => {
                format!(
                    "a `{}` message in braces",
                    self.schema.message(id).full_name
                )
            }
            OptionType::WellKnown(known) => {
                format!("a `google.protobuf.{}` in braces", known.name())
            }
        }
    }

    fn mismatch(&self, target: &NamedField, value: &OptionValue, wanted: &str) -> Diagnostic {
        let help = match target.ty {
            OptionType::Message { .. } | OptionType::WellKnown(_) => format!(
                "set the whole message, `{} = {{ field: value }}`, or one field of it, `{}.field = value`",
                target.written, target.written
            ),
            _ => format!("write {wanted}"),
        };
        Diagnostic::new(
            Code::InvalidOptionValue,
            value.span(),
            format!(
                "`{}` takes {wanted}, not `{}`",
                target.written,
                super::options::written(value)
            ),
        )
        .with_label("does not fit the option")
        .with_help(help)
    }

    fn report(&mut self, diagnostic: Diagnostic) -> Reported {
        self.diagnostics.push(diagnostic);
        Reported
    }
}

/// The index of each of `fields` by its name, the first of a name.
fn fields_by_name(fields: &[crate::model::Field]) -> HashMap<&str, usize> {
    let mut by_name = HashMap::new();
    for (index, field) in fields.iter().enumerate() {
        by_name.entry(field.name.as_str()).or_insert(index);
    }
    by_name
}

/// Field names for a diagnostic: `a`, `b` and 3 more.
fn describe_names(names: &[String]) -> String {
    const SHOWN: usize = 6;
    let quoted: Vec<String> = names
        .iter()
        .take(SHOWN)
        .map(|name| format!("`{name}`"))
        .collect();
    match names.len() {
        0 => "no fields".to_owned(),
        n if n > SHOWN => format!("{} and {} more", quoted.join(", "), n - SHOWN),
        _ => quoted.join(", "),
    }
}

/// The constant `value` of a field of type `scalar`: `None` when the value
/// is of another kind altogether, `Some(Err(reason))` when it is of the
/// right kind but does not fit.
fn scalar_constant(
    scalar: Scalar,
    value: &OptionValue,
    text_format: bool,
) -> Option<Result<Constant, String>> {
    let integer = || -> Option<i128> {
        match value {
            OptionValue::Integer(int) => Some(i128::from(int.value)),
            OptionValue::Number(text, _) => integer_text(text),
            _ => None,
        }
    };
    let ranged = |low: i128, high: i128, name: &str| -> Option<Result<i128, String>> {
        let number = integer()?;
        Some(match (low..=high).contains(&number) {
            true => Ok(number),
            false => Err(format!(
                "takes `{name}` values, from {low} to {high}, and {number} is not one"
            )),
        })
    };
    Some(match scalar {
        Scalar::Bool => match value {
            OptionValue::Bool(value, _) => Ok(Constant::Bool(*value)),
            OptionValue::Name(name) if text_format => match name.name.as_str() {
                "True" | "t" => Ok(Constant::Bool(true)),
                "False" | "f" => Ok(Constant::Bool(false)),
                _ => return None,
            },
            OptionValue::Integer(int) if text_format && (int.value == 0 || int.value == 1) => {
                Ok(Constant::Bool(int.value == 1))
            }
            _ => return None,
        },
        Scalar::I32 | Scalar::Sint32 | Scalar::Sfixed32 => {
            ranged(i32::MIN.into(), i32::MAX.into(), scalar.proto_name())?
                .map(|n| Constant::Int(n as i64))
        }
        Scalar::I64 | Scalar::Sint64 | Scalar::Sfixed64 => {
            ranged(i64::MIN.into(), i64::MAX.into(), scalar.proto_name())?
                .map(|n| Constant::Int(n as i64))
        }
        Scalar::U32 | Scalar::Fixed32 => {
            ranged(0, u32::MAX.into(), scalar.proto_name())?.map(|n| Constant::Uint(n as u64))
        }
        Scalar::U64 | Scalar::Fixed64 => {
            ranged(0, u64::MAX.into(), scalar.proto_name())?.map(|n| Constant::Uint(n as u64))
        }
        Scalar::F32 | Scalar::F64 => {
            let number = match value {
                OptionValue::Integer(int) => int.value as f64,
                OptionValue::Number(text, _) => match integer_text(text) {
                    Some(integer) => integer as f64,
                    None => float_text(text)?,
                },
                OptionValue::Name(name) => float_text(&name.name)?,
                _ => return None,
            };
            Ok(match scalar {
                Scalar::F32 => Constant::Float(number as f32),
                _ => Constant::Double(number),
            })
        }
        Scalar::String => match value {
            OptionValue::String(text, _) => Ok(Constant::String(text.clone())),
            OptionValue::Bytes(..) => Err("is a `string`, and this is not UTF-8".to_owned()),
            _ => return None,
        },
        Scalar::Bytes => match value {
            OptionValue::String(text, _) => Ok(Constant::Bytes(text.clone().into_bytes())),
            OptionValue::Bytes(bytes, _) => Ok(Constant::Bytes(bytes.clone())),
            _ => return None,
        },
        Scalar::Decimal | Scalar::Value => return None,
    })
}

/// The integer `text` (`-`, then decimal, `0x` hexadecimal or `0` octal),
/// if it is one.
fn integer_text(text: &str) -> Option<i128> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text),
    };
    let magnitude = i128::from(crate::syntax::parse_uint(digits)?);
    Some(if negative { -magnitude } else { magnitude })
}

/// The float `text`: a number with an optional `f`, or `inf`, `infinity`
/// and `nan` in any case, each possibly after `-`.
fn float_text(text: &str) -> Option<f64> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = match rest.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => f64::INFINITY,
        // protoc's `-nan` is NaN too, its sign bit clear.
        "nan" => return Some(f64::NAN),
        number => {
            let number = number.strip_suffix('f').unwrap_or(number);
            if !number.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
                return None;
            }
            number.parse::<f64>().ok()?
        }
    };
    Some(if negative { -magnitude } else { magnitude })
}
