//! Export: the model of one file as an equivalent `.proto`.
//!
//! Any protobuf implementation that reads the exported file reads schemac's
//! bytes as the same values. Types are referred to by full name with a
//! leading dot, so no scoping rule of protobuf can pick another type.
//!
//! A file exports as proto3 unless it needs proto2: a `.proto` file that
//! was proto2, or a `.schema` file that uses `required`, a `[default]`,
//! `extensions` or a closed enum (`option closed = true;`). Exported as proto2, a field without
//! `optional` is written `optional`, since proto2 has no implicit presence;
//! the bytes stay the same.
//!
//! Enum values are exported under the names [`proto_names`] gives them:
//! their own, or with the enum's name as a prefix where protobuf's scoping
//! needs it.
//!
//! [`proto_names`]: crate::proto_names
//!
//! `decimal` and `value` become the messages `schemac.Decimal` and
//! `schemac.Value` of a fixed file, [`TYPES_PROTO`], which an exported file
//! that uses them imports as [`TYPES_PROTO_NAME`]; the well-known types
//! are Google's, which protoc ships.
//!
//! Services follow the types, as `rpc Name (.pkg.Request) returns (stream
//! .pkg.Response);`.
//!
//! A group of a proto2 file (a field whose message travels between start
//! and end keys, [`Schema::declared_group`]) is written back as protoc
//! reads it, `optional group Result = 1 { ... }`, its message's body
//! inside it and not a second time beside it.
//!
//! Graph mode's `ref T` and `weak T` are exported as `T` (`repeated T` in a
//! list, `map<K, T>` in a map), and every message that one points at gets
//! the field `uint32 schemac_graph_id = 536870911;` ([`GRAPH_ID_FIELD_NAME`],
//! [`GRAPH_ID_FIELD_NUMBER`]), which holds the number of an object that
//! occurs more than once (docs/graph.md): a reader without graph mode reads
//! the bytes as a tree with numbers.
//!
//! What protobuf's syntax cannot say about a field, an option of schemac's
//! says ([`Meaning`]), which the file imports from [`OPTIONS_PROTO`]:
//! `[(.schemac.reference) = REF]` or `WEAK` on a reference, and
//! `[(.schemac.implicit_presence) = true]` on a `decimal` or `value` field
//! without `optional` in a file exported as proto2. Dynamic messages read
//! them; protoc and Google's runtimes keep them as options they do not
//! read.

use std::fmt::Write as _;

use crate::builtin::{
    self, IMPLICIT_PRESENCE_OPTION_NUMBER, OPTIONS_PROTO, OPTIONS_PROTO_NAME,
    REFERENCE_OPTION_NUMBER, TYPES_PROTO, TYPES_PROTO_NAME,
};
use crate::indented::Indented;
use crate::language::{Dialect, Docs, Edition};
use crate::model::{
    Constant, DeclaredType, DefaultValue, Enum, EnumId, ExtensionId, Field, FieldOrOneof,
    FieldType, File, GRAPH_ID_FIELD_NAME, GRAPH_ID_FIELD_NUMBER, MAX_FIELD_NUMBER, Message,
    MessageId, MethodType, Options, RefKind, Reserved, ReservedRange, Schema, Service, ValueType,
};
use crate::options_text;
use crate::proto_names::value_name;
use crate::source::{FileId, Span};

/// The comment above [`GRAPH_ID_FIELD_NAME`] in the exported `.proto`, one
/// line each.
const GRAPH_ID_COMMENT: [&str; 5] = [
    "schemac's graph mode (docs/graph.md): where a `ref` or `weak` field holds",
    "this message, an object that occurs more than once carries its number",
    "here at its first occurrence, and every later occurrence is this number",
    "alone; 0 alone is a dead weak reference. Numbers: 1 is the top-level",
    "message, then 2, 3, ... the shared objects in the order they first occur.",
];

/// One exported `.proto` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtoFile {
    /// Its path relative to the export directory, as imports name it:
    /// `order.proto`, `opentelemetry/proto/common/v1/common.proto`, or
    /// [`TYPES_PROTO_NAME`].
    pub name: String,
    /// Its text.
    pub contents: String,
}

/// The `.proto` text for `file`. A file id not in the schema gives an
/// empty file.
pub fn export(schema: &Schema, file: FileId) -> String {
    let Some(file) = schema.file(file) else {
        return String::new();
    };
    let edition = file.edition();
    let proto2 = edition.is_none() && needs_proto2(schema, file);
    let mut out = Out {
        schema,
        text: Indented::default(),
        proto2,
        edition,
        ref_targets: schema.ref_target_marks(),
    };
    let (syntax, statement) = match (edition, proto2) {
        (Some(edition), _) => (
            format!("edition {}", edition.name()),
            format!("edition = \"{}\";", edition.name()),
        ),
        (None, true) => ("proto2".to_owned(), "syntax = \"proto2\";".to_owned()),
        (None, false) => ("proto3".to_owned(), "syntax = \"proto3\";".to_owned()),
    };
    out.text.line(&format!(
        "// Exported by schemac from {}: the {syntax} equivalent of the schema.",
        file.name
    ));
    out.text.line(&statement);
    if !file.package.is_empty() {
        out.text.blank();
        out.text
            .line(&format!("package {};", file.package.join(".")));
    }
    let imports = imports(schema, file);
    let option_imports = option_imports(schema, file);
    if !imports.is_empty() || !option_imports.is_empty() {
        out.text.blank();
    }
    for import in &imports {
        let public = if import.public { "public " } else { "" };
        out.text
            .line(&format!("import {public}\"{}\";", import.name));
    }
    // protoc wants them after the others.
    for import in &option_imports {
        out.text.line(&format!("import option \"{import}\";"));
    }
    if !file.options.is_empty() {
        out.text.blank();
        out.options(&file.options);
    }
    out.items(&file.messages, &file.enums, &file.extensions);
    for service in schema.file_services(file.id) {
        out.text.blank();
        out.service(service);
    }
    out.text.into_text()
}

/// Every `.proto` file that `root` needs: its own, then those of the files
/// it imports, directly or not (`import option` too), then [`TYPES_PROTO`] if any of them uses
/// `decimal` or `value`. The files of `google/protobuf/` that schemac
/// ships (the well-known types, `descriptor.proto`) are left out, unless
/// `root` is one: protoc has its own. A file id not in the schema gives
/// nothing.
pub fn export_all(schema: &Schema, root: FileId) -> Vec<ProtoFile> {
    let mut order = Vec::new();
    let mut next = vec![root];
    while let Some(id) = next.pop() {
        let Some(file) = schema.file(id) else {
            continue;
        };
        if order.contains(&id) {
            continue;
        }
        order.push(id);
        // Reversed, so that imports are exported in the order written.
        next.extend(file.imports.iter().chain(&file.option_imports).rev());
    }
    let mut files: Vec<ProtoFile> = order
        .iter()
        .filter_map(|&id| schema.file(id))
        .filter(|file| !file.provided && (file.id == root || !protoc_has(file)))
        .map(|file| ProtoFile {
            name: proto_file_name(file),
            contents: export(schema, file.id),
        })
        .collect();
    let uses_types = order.iter().any(|&id| {
        needed_files(schema, id).contains(&TYPES_PROTO_NAME)
            || schema
                .files
                .iter()
                .any(|file| file.id == id && file.import_name == TYPES_PROTO_NAME)
    });
    if uses_types {
        files.push(ProtoFile {
            name: TYPES_PROTO_NAME.to_owned(),
            contents: TYPES_PROTO.to_owned(),
        });
    }
    if (order.iter()).any(|&id| needed_files(schema, id).contains(&OPTIONS_PROTO_NAME)) {
        files.push(ProtoFile {
            name: OPTIONS_PROTO_NAME.to_owned(),
            contents: OPTIONS_PROTO.to_owned(),
        });
    }
    files
}

/// Whether protoc has a file of its own by the name of `file`: one of the
/// files of `google/protobuf/` that schemac ships too.
fn protoc_has(file: &File) -> bool {
    file.import_name != TYPES_PROTO_NAME && builtin::file(&file.import_name).is_some()
}

/// One import of an exported file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProtoImport {
    /// The name of the imported `.proto` file.
    pub name: String,
    /// `import public`.
    pub public: bool,
}

/// The imports of the exported `file`, in the order written: the schema's
/// own, then those its fields' types need ([`needed_files`]) that it does
/// not import already.
pub(crate) fn imports(schema: &Schema, file: &File) -> Vec<ProtoImport> {
    let mut imports: Vec<ProtoImport> = file
        .imports
        .iter()
        .filter_map(|&import| {
            let imported = schema.file(import)?;
            Some(ProtoImport {
                name: proto_file_name(imported),
                public: file.public_imports.contains(&import),
            })
        })
        .collect();
    for needed in needed_files(schema, file.id) {
        if !imports.iter().any(|import| import.name == needed) {
            imports.push(ProtoImport {
                name: needed.to_owned(),
                public: false,
            });
        }
    }
    imports
}

/// `export ` or `local ` before a message or an enum, as written (edition
/// 2024); nothing when neither is.
fn keyword(visibility: Option<crate::model::Visibility>) -> String {
    visibility.map_or_else(String::new, |visibility| {
        format!("{} ", visibility.keyword())
    })
}

/// The names of the files `file` imports with `import option`, in the
/// order written.
pub(crate) fn option_imports(schema: &Schema, file: &File) -> Vec<String> {
    (file.option_imports.iter())
        .filter_map(|&import| Some(proto_file_name(schema.file(import)?)))
        .collect()
}

/// The files that the types of `file`'s fields and methods need imported,
/// besides the schema's own imports: [`TYPES_PROTO_NAME`] for `decimal`
/// and `value`, Google's files for the well-known types,
/// [`OPTIONS_PROTO_NAME`] for the fields that say what they mean with its
/// options ([`Meaning`]); in a fixed order.
fn needed_files(schema: &Schema, file: FileId) -> Vec<&'static str> {
    let fields = || {
        (schema.messages.iter())
            .filter(|message| message.file == file)
            .flat_map(|message| &message.fields)
    };
    let proto2 = schema
        .file(file)
        .is_some_and(|file| file.edition().is_none() && needs_proto2(schema, file));
    let meanings = fields().any(|field| Meaning::of(field, proto2).is_some());
    let field_types = fields().flat_map(|field| match field.ty {
        FieldType::Single(ty)
        | FieldType::Optional(ty)
        | FieldType::Required(ty)
        | FieldType::List(ty) => vec![ty],
        FieldType::Map(key, value) => vec![ValueType::Scalar(key), value],
    });
    let method_types = schema
        .file_services(file)
        .flat_map(|service| &service.methods)
        .flat_map(|method| [method.input.ty, method.output.ty]);
    let mut needed: Vec<&'static str> = field_types
        .chain(method_types)
        .filter_map(|ty| match ty {
            ValueType::Scalar(scalar) if scalar.is_builtin_message() => Some(TYPES_PROTO_NAME),
            ValueType::WellKnown(known) => Some(known.file()),
            _ => None,
        })
        .chain(meanings.then_some(OPTIONS_PROTO_NAME))
        .collect();
    needed.sort_unstable();
    needed.dedup();
    needed
}

/// Whether `file` exports as proto2: it was proto2, it uses what only
/// proto2 has, or its messages hold an enum of a file that exports as
/// proto2, which protoc reads as closed and refuses in a proto3 message.
/// Imports have no cycles, so the question reaches every file at most
/// along each import path.
pub(crate) fn needs_proto2(schema: &Schema, file: &File) -> bool {
    if file.dialect == Dialect::Proto2 {
        return true;
    }
    let mut messages = schema
        .messages
        .iter()
        .filter(|message| message.file == file.id);
    let closed = schema
        .enums
        .iter()
        .any(|enumeration| enumeration.file == file.id && enumeration.closed);
    closed
        || messages.any(|message| {
            !message.extension_ranges.is_empty()
                || message.fields.iter().any(|field| {
                    matches!(field.ty, FieldType::Required(_))
                        || field.default.is_some()
                        || field.delimited
                })
        })
        || holds_proto2_enum(schema, file)
}

/// Whether a message of `file` holds an enum declared in another file that
/// exports as proto2.
fn holds_proto2_enum(schema: &Schema, file: &File) -> bool {
    let mut declaring: Vec<FileId> = schema
        .messages
        .iter()
        .filter(|message| message.file == file.id)
        .flat_map(|message| &message.fields)
        .filter_map(|field| match field.ty.value() {
            ValueType::Enum(id) => Some(schema.enumeration(id).file),
            _ => None,
        })
        .filter(|&declared| declared != file.id)
        .collect();
    declaring.sort_unstable();
    declaring.dedup();
    declaring
        .into_iter()
        .filter_map(|id| schema.file(id))
        .any(|declared| needs_proto2(schema, declared))
}

/// The `packed` option the exported field carries, if any: where it
/// differs from the file's default, which is packed in proto3 and not in
/// proto2.
pub(crate) fn packed_option(field: &Field, proto2: bool) -> Option<bool> {
    (field.ty.is_packable() && field.packed == proto2).then_some(field.packed)
}

/// What an exported field means in schemac beyond protobuf, which an
/// option of [`OPTIONS_PROTO_NAME`] says, since nothing else in a `.proto`
/// file can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// A `ref` or `weak` field, or a list or map of them:
    /// `(schemac.reference)`.
    Reference(RefKind),
    /// A `decimal` or `value` field without presence in a file exported as
    /// proto2, where every singular field is `optional`:
    /// `(schemac.implicit_presence)`.
    ImplicitPresence,
}

impl Meaning {
    /// What `field` means beyond protobuf in a file exported as proto2 or
    /// not, if anything.
    pub(crate) fn of(field: &Field, proto2: bool) -> Option<Meaning> {
        match field.ty {
            FieldType::Single(ValueType::Scalar(scalar))
                if proto2 && field.oneof.is_none() && scalar.is_builtin_message() =>
            {
                Some(Meaning::ImplicitPresence)
            }
            ty => match ty.value() {
                ValueType::Ref(_, kind) => Some(Meaning::Reference(kind)),
                _ => None,
            },
        }
    }

    /// The option's full name (`schemac.reference`) and number in
    /// `google.protobuf.FieldOptions`.
    pub(crate) fn option(self) -> (&'static str, u32) {
        match self {
            Meaning::Reference(_) => ("schemac.reference", REFERENCE_OPTION_NUMBER),
            Meaning::ImplicitPresence => {
                ("schemac.implicit_presence", IMPLICIT_PRESENCE_OPTION_NUMBER)
            }
        }
    }

    /// The option's value: the number of `REF` or `WEAK` of the enum
    /// `schemac.Reference` and its name, or `true`.
    pub(crate) fn value(self) -> Constant {
        match self {
            Meaning::Reference(RefKind::Strong) => Constant::Enum(1, "REF".to_owned()),
            Meaning::Reference(RefKind::Weak) => Constant::Enum(2, "WEAK".to_owned()),
            Meaning::ImplicitPresence => Constant::Bool(true),
        }
    }

    /// The option as a `.proto` file sets it: `(.schemac.reference) = REF`.
    fn assignment(self) -> String {
        let value = match self.value() {
            Constant::Enum(_, name) => name,
            _ => "true".to_owned(),
        };
        format!("(.{}) = {value}", self.option().0)
    }
}

/// How the exported file names a value's type: protobuf's scalar name, or
/// a message or enum by full name with a leading dot. A `ref T` or `weak T`
/// travels as `T`.
pub(crate) fn type_name(schema: &Schema, ty: ValueType) -> String {
    match ty {
        ValueType::Scalar(scalar) => scalar.proto_name().to_owned(),
        ValueType::Enum(id) => format!(".{}", schema.enumeration(id).full_name),
        ValueType::Message(id) | ValueType::Ref(id, _) => {
            format!(".{}", schema.message(id).full_name)
        }
        ValueType::WellKnown(known) => format!(".google.protobuf.{}", known.name()),
    }
}

/// The exported name of the enum value `name` that is the default of
/// `field`.
pub(crate) fn default_enum_value(schema: &Schema, field: &Field, name: &str) -> String {
    match field.ty {
        FieldType::Optional(ValueType::Enum(id)) | FieldType::Required(ValueType::Enum(id)) => {
            value_name(schema, schema.enumeration(id), name)
        }
        _ => name.to_owned(),
    }
}

/// The name an exported file is imported by: the file's import name, with
/// `.proto` for `.schema`, keeping its folders.
pub(crate) fn proto_file_name(file: &File) -> String {
    let name = &file.import_name;
    match name.strip_suffix(".schema") {
        Some(stem) => format!("{stem}.proto"),
        None if name.ends_with(".proto") => name.clone(),
        None => format!("{name}.proto"),
    }
}

/// A schema doc line made safe for a `//` comment. protoc's tokenizer ends
/// a comment at a NUL character, then refuses the character ("Invalid
/// control characters encountered in text"), so NUL is written as its
/// escape, `\u{0000}`, as codegen writes what rustc refuses in a comment.
fn comment_text(line: &str) -> String {
    line.replace('\0', "\\u{0000}")
}

/// The file being written, and what writing it needs.
struct Out<'a> {
    schema: &'a Schema,
    text: Indented,
    /// Whether the file is written as proto2.
    proto2: bool,
    /// The edition of an editions file, which is written as itself: its
    /// fields without labels but `repeated`, what they are told by the
    /// `features` options they keep.
    edition: Option<Edition>,
    /// [`Schema::ref_target_marks`].
    ref_targets: Vec<bool>,
}

impl Out<'_> {
    fn docs(&mut self, docs: &Docs) {
        for line in docs {
            if line.is_empty() {
                self.text.line("//");
            } else {
                self.text.line(&format!("// {}", comment_text(line)));
            }
        }
    }

    /// `option name = value;` for each of `options`.
    fn options(&mut self, options: &Options) {
        for assignment in options_text::assignments(self.schema, options, quoted) {
            self.text.line(&format!("option {assignment};"));
        }
    }

    /// ` [name = value, ...]` for `options` and the `more` that precede
    /// them, or nothing.
    fn bracketed(&self, mut more: Vec<String>, options: &Options) -> String {
        more.extend(options_text::assignments(self.schema, options, quoted));
        match more.is_empty() {
            true => String::new(),
            false => format!(" [{}]", more.join(", ")),
        }
    }

    /// Messages, enums and `extend` blocks in the order the schema
    /// declares them, each after a blank line. Consecutive extensions of
    /// one message are one block.
    fn items(&mut self, messages: &[MessageId], enums: &[EnumId], extensions: &[ExtensionId]) {
        // The messages of the file's extension groups are written with them.
        let groups = self.groups(None, &[], extensions);
        let messages: Vec<MessageId> = (messages.iter().copied())
            .filter(|message| !groups.contains(message))
            .collect();
        for (_, item) in self.declared(&messages, enums, extensions) {
            self.text.blank();
            self.item(item);
        }
    }

    fn item(&mut self, item: Item) {
        let schema = self.schema;
        match item {
            Item::Type(DeclaredType::Message(id)) => self.message(id),
            Item::Type(DeclaredType::Enum(id)) => self.enumeration(schema.enumeration(id)),
            Item::Extend(block) => self.extend(&block),
            Item::Member(_) => {}
        }
    }

    /// The messages, enums and `extend` blocks of a file or a message,
    /// each with where it is written, in that order.
    fn declared(
        &self,
        messages: &[MessageId],
        enums: &[EnumId],
        extensions: &[ExtensionId],
    ) -> Vec<(Span, Item<'static>)> {
        let schema = self.schema;
        let mut items: Vec<(Span, Item)> = schema
            .declared_types(messages, enums)
            .into_iter()
            .map(|ty| match ty {
                DeclaredType::Message(id) => (schema.message(id).span, Item::Type(ty)),
                DeclaredType::Enum(id) => (schema.enumeration(id).span, Item::Type(ty)),
            })
            .collect();
        for &id in extensions {
            let extension = schema.extension(id);
            match items.last_mut() {
                Some((_, Item::Extend(block)))
                    if schema.extension(block[0]).extendee == extension.extendee =>
                {
                    block.push(id);
                }
                _ => items.push((extension.extendee_span, Item::Extend(vec![id]))),
            }
        }
        items.sort_by_key(|(span, _)| *span);
        items
    }

    /// The messages that the `fields` of message `scope` (or `None`, the
    /// file) and the `extensions` declared there declare as groups, which
    /// a proto2 file writes with their fields.
    fn groups(
        &self,
        scope: Option<MessageId>,
        fields: &[Field],
        extensions: &[ExtensionId],
    ) -> Vec<MessageId> {
        if !self.proto2 {
            return Vec::new();
        }
        let extensions = extensions
            .iter()
            .map(|&id| &self.schema.extension(id).field);
        (fields.iter().chain(extensions))
            .filter_map(|field| self.schema.declared_group_in(scope, field))
            .collect()
    }

    /// `extend .pkg.Message { fields }`.
    fn extend(&mut self, block: &[ExtensionId]) {
        let schema = self.schema;
        let Some(extendee) = block.first().and_then(|&id| schema.extension(id).extendee) else {
            return;
        };
        let name = type_name(schema, ValueType::Message(extendee));
        self.text.open(&format!("extend {name}"));
        for &id in block {
            let extension = schema.extension(id);
            self.field(extension.parent, &extension.field);
        }
        self.text.close();
    }

    fn message(&mut self, id: MessageId) {
        let message = self.schema.message(id);
        self.docs(&message.docs);
        let visibility = keyword(message.visibility);
        self.body(&format!("{visibility}message {}", message.name), id);
    }

    /// `head`, then the body of message `id` in braces: its fields, then
    /// its reserved numbers and names, extension ranges, and nested
    /// messages and enums but those its groups declare, which are written
    /// with their fields. An empty body is `{}`, on the line of `head`.
    fn body(&mut self, head: &str, id: MessageId) {
        let message = self.schema.message(id);
        let ref_target = self.ref_targets.get(id.0 as usize) == Some(&true);
        let reserved = &message.reserved;
        if !ref_target
            && message.fields.is_empty()
            && message.messages.is_empty()
            && message.enums.is_empty()
            && message.extensions.is_empty()
            && message.options.is_empty()
            && reserved.ranges.is_empty()
            && reserved.names.is_empty()
            && message.extension_ranges.is_empty()
        {
            self.text.line(&format!("{head} {{}}"));
            return;
        }
        self.text.open(head);
        self.options(&message.options);
        // Fields and nested declarations in the order written: protoc
        // orders the entries of map fields among the nested messages so.
        let members = message.members();
        let groups = self.groups(Some(id), &message.fields, &message.extensions);
        let nested: Vec<MessageId> = (message.messages.iter().copied())
            .filter(|nested| !groups.contains(nested))
            .collect();
        let mut body = self.declared(&nested, &message.enums, &message.extensions);
        body.extend(members.iter().map(|&member| {
            let span = match member {
                FieldOrOneof::Field(field) => field.name_span,
                FieldOrOneof::Oneof(index) => message.oneofs[index].span,
            };
            (span, Item::Member(member))
        }));
        body.sort_by_key(|(span, _)| *span);
        let mut after_item = false;
        let written = !body.is_empty();
        for (_, item) in body {
            let member = match item {
                Item::Member(member) => member,
                item => {
                    self.text.blank();
                    self.item(item);
                    after_item = true;
                    continue;
                }
            };
            if after_item {
                self.text.blank();
                after_item = false;
            }
            match member {
                FieldOrOneof::Field(field) => self.field(Some(id), field),
                FieldOrOneof::Oneof(index) => self.oneof(id, index),
            }
        }
        if ref_target {
            if written {
                self.text.blank();
            }
            self.graph_id_field();
        }
        self.reserved(&message.reserved, MAX_FIELD_NUMBER, |name| name.to_owned());
        self.extension_ranges(message);
        self.text.close();
    }

    /// `extensions 100 to 199, 1000 to max;`, or a line for each range
    /// when they have options: `extensions 1000 to max [verification =
    /// UNVERIFIED];`.
    fn extension_ranges(&mut self, message: &Message) {
        let max = match message.options.flag("message_set_wire_format") {
            true => crate::model::MESSAGE_SET_MAX_NUMBER,
            false => MAX_FIELD_NUMBER,
        };
        let with_options =
            (message.extension_range_options.iter()).any(|options| !options.is_empty());
        if !with_options {
            if !message.extension_ranges.is_empty() {
                let ranges = ranges(&message.extension_ranges, max);
                self.text.line(&format!("extensions {ranges};"));
            }
            return;
        }
        let no_options = Options::default();
        for (index, range) in message.extension_ranges.iter().enumerate() {
            let range = ranges(std::slice::from_ref(range), max);
            let options = message
                .extension_range_options
                .get(index)
                .unwrap_or(&no_options);
            let options = self.bracketed(Vec::new(), options);
            self.text.line(&format!("extensions {range}{options};"));
        }
    }

    /// `uint32 schemac_graph_id = 536870911;` with its comment, in a message
    /// that a `ref` or `weak` points at.
    fn graph_id_field(&mut self) {
        for line in GRAPH_ID_COMMENT {
            self.text.line(&format!("// {line}"));
        }
        let label = if self.proto2 { "optional " } else { "" };
        self.text.line(&format!(
            "{label}uint32 {GRAPH_ID_FIELD_NAME} = {GRAPH_ID_FIELD_NUMBER};"
        ));
    }

    /// `service Name { rpc Method (.pkg.Request) returns (stream .pkg.Response); }`
    fn service(&mut self, service: &Service) {
        self.docs(&service.docs);
        if service.methods.is_empty() {
            self.text.line(&format!("service {} {{}}", service.name));
            return;
        }
        self.text.open(&format!("service {}", service.name));
        self.options(&service.options);
        for method in &service.methods {
            self.docs(&method.docs);
            let side = |ty: &MethodType| {
                let stream = if ty.stream { "stream " } else { "" };
                format!("{stream}{}", type_name(self.schema, ty.ty))
            };
            let signature = format!(
                "rpc {} ({}) returns ({})",
                method.name,
                side(&method.input),
                side(&method.output)
            );
            match method.options.is_empty() {
                true if method.body => self.text.line(&format!("{signature} {{}}")),
                true => self.text.line(&format!("{signature};")),
                false => {
                    self.text.open(&signature);
                    self.options(&method.options);
                    self.text.close();
                }
            }
        }
        self.text.close();
    }

    /// Oneof `index` of message `id`.
    fn oneof(&mut self, id: MessageId, index: usize) {
        let message = self.schema.message(id);
        let Some(oneof) = message.oneofs.get(index) else {
            return;
        };
        self.docs(&oneof.docs);
        self.text.open(&format!("oneof {}", oneof.name));
        self.options(&oneof.options);
        for field in message.oneof_members(index) {
            self.field(Some(id), field);
        }
        self.text.close();
    }

    /// `field`, of message `scope` or (`None`) an extension of the file:
    /// a group, with its message's body, where it declares one.
    fn field(&mut self, scope: Option<MessageId>, field: &Field) {
        let group = self.schema.declared_group_in(scope, field);
        let group = group.filter(|_| self.proto2);
        // A group's comment is its message's, in a `.proto` file.
        match group {
            Some(group) if field.docs.is_empty() => self.docs(&self.schema.message(group).docs),
            _ => self.docs(&field.docs),
        }
        // proto2 has no implicit presence: every singular field outside a
        // oneof has a label there.
        let bare = if self.proto2 && field.oneof.is_none() {
            "optional "
        } else {
            ""
        };
        if let Some(group) = group {
            let label = match field.ty {
                FieldType::Required(_) => "required ",
                FieldType::List(_) => "repeated ",
                FieldType::Optional(_) if field.oneof.is_none() => "optional ",
                _ => bare,
            };
            let name = &self.schema.message(group).name;
            let options = self.field_options(field);
            let head = format!("{label}group {name} = {}{options}", field.number);
            self.body(&head, group);
            return;
        }
        let ty = match field.ty {
            FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::Required(ty)
                if self.edition.is_some() =>
            {
                self.type_name(ty)
            }
            FieldType::Single(ty) => format!("{bare}{}", self.type_name(ty)),
            FieldType::Optional(ty) => format!("optional {}", self.type_name(ty)),
            FieldType::Required(ty) => format!("required {}", self.type_name(ty)),
            FieldType::List(ty) => format!("repeated {}", self.type_name(ty)),
            FieldType::Map(key, value) => {
                format!("map<{}, {}>", key.proto_name(), self.type_name(value))
            }
        };
        let options = self.field_options(field);
        self.text
            .line(&format!("{ty} {} = {}{options};", field.name, field.number));
    }

    /// ` [default = 3, json_name = "n", packed = false, ...]`, or
    /// nothing: the field's default and JSON name, then its options.
    fn field_options(&self, field: &Field) -> String {
        let mut properties = Vec::new();
        if let Some(default) = &field.default {
            properties.push(format!("default = {}", self.default_text(field, default)));
        }
        if let Some(json_name) = &field.json_name {
            properties.push(format!("json_name = {}", quoted(json_name.as_bytes())));
        }
        // Where the exported file packs by another default than the
        // schema's (a `.schema` list in a file exported as proto2), the
        // field says how it is packed.
        if let Some(packed) = packed_option(field, self.proto2)
            && self.edition.is_none()
            && field.options.get("packed").is_none()
        {
            properties.push(format!("packed = {packed}"));
        }
        if let Some(meaning) = Meaning::of(field, self.proto2 && self.edition.is_none()) {
            properties.push(meaning.assignment());
        }
        self.bracketed(properties, &field.options)
    }

    fn default_text(&self, field: &Field, default: &DefaultValue) -> String {
        match default {
            DefaultValue::Int(value) => value.to_string(),
            DefaultValue::Uint(value) => value.to_string(),
            DefaultValue::Float(value) if value.is_nan() => "nan".to_owned(),
            DefaultValue::Float(value) if value.is_infinite() => {
                if *value > 0.0 { "inf" } else { "-inf" }.to_owned()
            }
            DefaultValue::Float(value) => format!("{value:?}"),
            DefaultValue::Bool(value) => value.to_string(),
            DefaultValue::String(text) => quoted(text.as_bytes()),
            DefaultValue::Bytes(bytes) => quoted(bytes),
            DefaultValue::Enum(name) => default_enum_value(self.schema, field, name),
        }
    }

    fn type_name(&self, ty: ValueType) -> String {
        type_name(self.schema, ty)
    }

    fn enumeration(&mut self, enumeration: &Enum) {
        self.docs(&enumeration.docs);
        let visibility = keyword(enumeration.visibility);
        self.text
            .open(&format!("{visibility}enum {}", enumeration.name));
        self.options(&enumeration.options);
        for value in &enumeration.values {
            self.docs(&value.docs);
            let name = value_name(self.schema, enumeration, &value.name);
            let options = self.bracketed(Vec::new(), &value.options);
            self.text
                .line(&format!("{name} = {}{options};", value.number));
        }
        self.reserved(&enumeration.reserved, i64::from(i32::MAX), |name| {
            value_name(self.schema, enumeration, name)
        });
        self.text.close();
    }

    /// `reserved 8, 10 to 12;` and `reserved "name";` (`reserved name;` in
    /// an edition), with `max` for a range that ends at `max`; names are
    /// exported by `rename`.
    fn reserved(&mut self, reserved: &Reserved, max: i64, rename: impl Fn(&str) -> String) {
        if !reserved.ranges.is_empty() {
            self.text
                .line(&format!("reserved {};", ranges(&reserved.ranges, max)));
        }
        if !reserved.names.is_empty() {
            let names: Vec<String> = reserved
                .names
                .iter()
                .map(|(name, _)| match self.edition {
                    // Editions name them without quotes.
                    Some(_) => rename(name),
                    None => format!("\"{}\"", rename(name)),
                })
                .collect();
            self.text.line(&format!("reserved {};", names.join(", ")));
        }
    }
}

/// What a file or a message declares, in the order written.
enum Item<'a> {
    Type(DeclaredType),
    /// Consecutive extensions of one message: one `extend` block.
    Extend(Vec<ExtensionId>),
    /// A field or a oneof of a message.
    Member(FieldOrOneof<'a>),
}

/// `8, 10 to 12, 100 to max`.
pub(crate) fn ranges(ranges: &[ReservedRange], max: i64) -> String {
    let mut line = String::new();
    for (position, range) in ranges.iter().enumerate() {
        if position > 0 {
            line.push_str(", ");
        }
        let _ = match range.end {
            end if end == range.start => write!(line, "{end}"),
            end if end == max => write!(line, "{} to max", range.start),
            end => write!(line, "{} to {end}", range.start),
        };
    }
    line
}

/// `bytes` as a protobuf string literal, with C escapes for what is not
/// printable ASCII.
fn quoted(bytes: &[u8]) -> String {
    quoted_with(bytes, |text, byte| {
        let _ = write!(text, "\\{byte:03o}");
    })
}

/// `bytes` as a string literal: `"` and `\` escaped, newline, return and
/// tab as `\n`, `\r` and `\t`, printable ASCII as it is, and every other
/// byte as `escape` writes it.
pub(crate) fn quoted_with(bytes: &[u8], escape: impl Fn(&mut String, u8)) -> String {
    let mut text = String::from("\"");
    for &byte in bytes {
        match byte {
            b'"' => text.push_str("\\\""),
            b'\\' => text.push_str("\\\\"),
            b'\n' => text.push_str("\\n"),
            b'\r' => text.push_str("\\r"),
            b'\t' => text.push_str("\\t"),
            0x20..=0x7e => text.push(char::from(byte)),
            _ => escape(&mut text, byte),
        }
    }
    text.push('"');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::tests::{Build, analyzed, shapes, shop};

    /// A schema that uses no built-in type.
    fn geo() -> Build {
        analyzed(include_str!("../../schemas/world_geo.schema"))
    }

    use crate::builtin::TYPES_PACKAGE;

    #[test]
    fn the_types_file_declares_the_reserved_package() {
        assert!(TYPES_PROTO.contains(&format!("\npackage {TYPES_PACKAGE};\n")));
    }

    #[test]
    fn enum_values_keep_their_names_unless_they_clash_in_protobuf_scope() {
        let shop = shop();
        let status = &shop.schema.enums[0];
        assert_eq!(value_name(&shop.schema, status, "PENDING"), "PENDING");
        let clashing = analyzed(
            "enum Status { UNKNOWN = 0; PAID = 1; } enum Kind { UNKNOWN = 0; BIG = 1; } \
             enum Lone { Status = 0; ONLY = 1; } enum Fine { FINE = 0; }",
        );
        let schema = &clashing.schema;
        let [status, kind, lone, fine] = [0, 1, 2, 3].map(|index| &schema.enums[index]);
        // Two enums share UNKNOWN: both get their prefixes, once.
        assert_eq!(value_name(schema, status, "UNKNOWN"), "STATUS_UNKNOWN");
        assert_eq!(value_name(schema, status, "STATUS_PAID"), "STATUS_PAID");
        assert_eq!(value_name(schema, kind, "BIG"), "KIND_BIG");
        // A value named like a type of the package clashes too.
        assert_eq!(value_name(schema, lone, "ONLY"), "LONE_ONLY");
        assert_eq!(value_name(schema, fine, "FINE"), "FINE");
    }

    #[test]
    fn shop_exports_as_proto3() {
        let text = export(&shop().schema, FileId(0));
        for expected in [
            "syntax = \"proto3\";\n\npackage shop;\n",
            "message Customer {\n  int64 id = 1;\n  string name = 2;\n  // Left out when the customer gave none.\n  optional string email = 3;\n}",
            "  repeated .shop.OrderLine order_lines = 4;\n  .shop.Customer customer = 5;\n",
            "enum Status {\n  // Placed, not yet paid.\n  PENDING = 0;\n  PAID = 1;\n  SHIPPED = 2;\n}",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
    }

    #[test]
    fn a_closed_enum_exports_as_proto2() {
        let closed = analyzed("enum Kind { option closed = true; ONE = 1; }");
        let text = export(&closed.schema, FileId(0));
        assert!(text.contains("syntax = \"proto2\";"), "{text}");
        assert!(text.contains("enum Kind {\n  ONE = 1;\n}"), "{text}");
    }

    #[test]
    fn oneofs_maps_and_reserved_export_in_place() {
        let text = export(&shapes().schema, FileId(0));
        for expected in [
            "  reserved 4 to 9, 100 to max, 12;\n  reserved \"legacy_name\";\n",
            "  oneof kind {\n    .shapes.Shape.Circle circle = 1;\n",
            "    double scale_only = 5;\n  }\n  optional string note = 6;\n",
            "  map<string, .shapes.Tree> by_name = 5;\n",
            "  repeated .shapes.Layer.Kind crate = 6;\n",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
    }

    /// The field every message a reference points at gets, as exported at
    /// depth 1, with `label` before its type.
    fn graph_id_field(label: &str) -> String {
        let comment: String = GRAPH_ID_COMMENT
            .iter()
            .map(|line| format!("  // {line}\n"))
            .collect();
        format!("{comment}  {label}uint32 schemac_graph_id = 536870911;\n")
    }

    #[test]
    fn references_travel_as_their_targets_which_carry_the_graph_id() {
        let build = analyzed(
            "package shop;
            message Customer {}
            message OrderLine { order: weak Order = 1; }
            message Order {
              customer: ref Customer = 5;
              lines: list<ref OrderLine> = 4;
              by_id: map<u32, ref Customer> = 6;
              notes: list<OrderLine> = 7;
            }
            message Plain { id: i32 = 1; }",
        );
        let text = export(&build.schema, FileId(0));
        let id = graph_id_field("");
        for expected in [
            // A target without fields is no longer empty.
            "package shop;\n\nimport \"schemac/options.proto\";\n".to_owned(),
            format!("message Customer {{\n{id}}}\n"),
            format!(
                "message OrderLine {{\n  .shop.Order order = 1 [(.schemac.reference) = WEAK];\n\n{id}}}\n"
            ),
            "  .shop.Customer customer = 5 [(.schemac.reference) = REF];\n".to_owned(),
            "  repeated .shop.OrderLine lines = 4 [(.schemac.reference) = REF];\n".to_owned(),
            "  map<uint32, .shop.Customer> by_id = 6 [(.schemac.reference) = REF];\n".to_owned(),
            // A plain field of a message that references point at is plain.
            format!("  repeated .shop.OrderLine notes = 7;\n\n{id}}}\n"),
            // A message no reference points at has no graph id.
            "message Plain {\n  int32 id = 1;\n}\n".to_owned(),
        ] {
            assert!(text.contains(&expected), "{expected:?} not in\n{text}");
        }
        assert!(!text.contains("Ref"), "{text}");
    }

    #[test]
    fn the_graph_id_is_optional_in_proto2_and_follows_the_members() {
        let build = analyzed(
            "package p;
            message Node {
              value: optional i32 = 1 [default = 7];
              next: ref Node = 2;
              reserved 9;
              message Inner {}
            }",
        );
        let text = export(&build.schema, FileId(0));
        assert!(text.contains("syntax = \"proto2\";"), "{text}");
        let expected = format!(
            "message Node {{\n  optional int32 value = 1 [default = 7];\n  \
             optional .p.Node next = 2 [(.schemac.reference) = REF];\n\n  \
             message Inner {{}}\n\n{}  reserved 9;\n}}\n",
            graph_id_field("optional ")
        );
        assert!(text.contains(&expected), "{expected:?} not in\n{text}");
    }

    #[test]
    fn builtin_types_are_messages_of_the_types_file() {
        let money = crate::codegen::tests::analyzed(include_str!("../../schemas/money.schema"));
        let text = export(&money.schema, FileId(0));
        for expected in [
            "package money;\n\nimport \"schemac/types.proto\";\n",
            "  optional .schemac.Decimal discount = 2;\n",
            "  map<uint32, .schemac.Decimal> by_day = 5;\n",
            "  repeated .schemac.Value history = 3;\n",
            "    .schemac.Value other = 3;\n",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
        // Only files that use them import the types file.
        assert!(!export(&geo().schema, FileId(0)).contains("types.proto"));
        // proto3 says that a field without `optional` has no presence.
        assert!(!text.contains("schemac.implicit_presence"), "{text}");
    }

    #[test]
    fn a_proto2_export_says_which_decimals_and_values_have_no_presence() {
        let build = analyzed(
            "package p;
            message M {
              id: required i64 = 1;
              amount: decimal = 2;
              maybe: optional decimal = 3;
              extra: value = 4;
              oneof choice { d: decimal = 5; s: string = 6; }
            }",
        );
        let text = export(&build.schema, FileId(0));
        for expected in [
            "syntax = \"proto2\";\n\npackage p;\n\nimport \"schemac/options.proto\";\n\
             import \"schemac/types.proto\";\n",
            "  optional .schemac.Decimal amount = 2 [(.schemac.implicit_presence) = true];\n",
            "  optional .schemac.Decimal maybe = 3;\n",
            "  optional .schemac.Value extra = 4 [(.schemac.implicit_presence) = true];\n",
            "    .schemac.Decimal d = 5;\n",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
    }

    #[test]
    fn export_all_follows_imports_and_adds_the_types_file_when_used() {
        let names = |schema: &Schema, root: FileId| -> Vec<String> {
            let files = export_all(schema, root);
            files.into_iter().map(|file| file.name).collect()
        };
        let money = crate::codegen::tests::analyzed(include_str!("../../schemas/money.schema"));
        assert_eq!(
            names(&money.schema, FileId(0)),
            ["test.proto", TYPES_PROTO_NAME]
        );
        assert_eq!(names(&geo().schema, FileId(0)), ["test.proto"]);
        assert!(names(&geo().schema, FileId(9)).is_empty());
        let types = export_all(&money.schema, FileId(0)).pop().unwrap();
        assert_eq!(types.contents, TYPES_PROTO);
        assert!(TYPES_PROTO.contains("package schemac;"));
    }

    /// Found by the smoke test, which runs protoc on every export: a doc
    /// comment holding a NUL made protoc refuse the file.
    #[test]
    fn a_nul_in_a_doc_comment_is_escaped() {
        let build = analyzed("package p;\n/// a\0b\nmessage M {\n  /// c\0\n  x: i32 = 1;\n}\n");
        let text = export(&build.schema, FileId(0));
        assert!(!text.contains('\0'), "{text:?}");
        assert!(
            text.contains("// a\\u{0000}b\nmessage M {\n  // c\\u{0000}\n"),
            "{text}"
        );
    }

    #[test]
    fn exported_files_keep_the_folders_of_their_import_names() {
        let mut file = geo().schema.files[0].clone();
        for (import_name, exported) in [
            ("world_geo.schema", "world_geo.proto"),
            ("common/v1/money.schema", "common/v1/money.proto"),
            (
                "opentelemetry/proto/common/v1/common.proto",
                "opentelemetry/proto/common/v1/common.proto",
            ),
            ("odd", "odd.proto"),
        ] {
            file.import_name = import_name.to_owned();
            assert_eq!(proto_file_name(&file), exported);
        }
    }
}
