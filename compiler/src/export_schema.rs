//! Export: the model of one file as `.schema` text, the mirror of
//! [`export_proto`](crate::export_proto); `schemac import-proto` writes it.
//!
//! The text analyzes to a model that means the same as the file's (the
//! same types, fields, numbers and options; only spans, the dialect and a
//! `json_name` equal to the default may differ), so it generates the same
//! Rust, whichever language the file was written in. What a `.proto`
//! file says in its syntax, the text says field by field and enum by
//! enum: a proto2 file's singular fields have their labels in the model
//! already, its lists are `[packed = false]` unless packed, and its enums
//! are `option closed = true;`.
//!
//! - Types are written by the shortest name that resolves to them from the
//!   field's message in the files analyzed together (`Line`, `geo.Unit`),
//!   with a leading dot when no relative name does. The well-known types
//!   `google.protobuf.Timestamp` and `Duration` are the built-in
//!   `timestamp` and `duration`, and `schemac.Decimal` and `Value` the
//!   built-in `decimal` and `value`, so their files are not imported.
//! - The files converted are the roots and the files they import that
//!   schemac does not ship. An import of a converted file becomes its
//!   `.schema` name (`foo/bar.proto` is `foo/bar.schema`); an import of a
//!   file schemac ships (`google/protobuf/*.proto`) stays as it is, unless
//!   that file is a root. `.schema` has no `import public`: a file imports
//!   every file whose types it uses. Nor `import option`, which is a plain
//!   import here, nor `export` and `local` (edition 2024): which files may
//!   use a type was checked on the `.proto` files, and the types of a
//!   `.schema` file are every file's that imports it; nothing generated
//!   depends on it.
//! - Options are written as the file has them, standard and custom, on
//!   every element ([`options_text`]); besides, a field says what the
//!   model has that `.schema` does not assume: `default`, `packed = false`
//!   on a packable list that its options do not pack, a `json_name`
//!   other than the lowerCamelCase one, and `delimited = true` on a proto2
//!   group, whose message is a nested message of its own. `extend` blocks
//!   are written where they are declared.
//! - Members are written in source order; docs are `///` lines. The
//!   comments at the head of a `.proto` file (a licence) are `//` lines at
//!   the head of the text; other comments that document nothing are not
//!   in the model.
//!
//! Services follow the types, their requests and responses named from the
//! package.
//!
//! Enum values keep their names: a `.proto` enum's names are valid in
//! protobuf's scope, so [`proto_names`](crate::proto_names) exports them
//! unchanged again.

use std::fmt::Write as _;

use crate::builtin::{self, OPTIONS_PROTO_NAME, TYPES_PROTO_NAME};
use crate::export_proto::{quoted_with, ranges};
use crate::indented::Indented;
use crate::language::Docs;
use crate::model::{
    DeclaredType, DefaultValue, Enum, EnumId, ExtensionId, Field, FieldType, File, MAX_ENUM_NUMBER,
    MAX_FIELD_NUMBER, Message, MessageId, MethodType, Options, Reserved, Schema, Service,
    ValueType, WellKnown, lower_camel_case,
};
use crate::options_text;
use crate::resolve::TypeNames;
use crate::source::{FileId, Span};

/// One exported `.schema` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaText {
    /// Its path relative to the export directory, as imports name it: the
    /// file's import name with `.schema` for `.proto`, keeping its folders
    /// (`acme/trace/v1/trace.schema`).
    pub name: String,
    /// Its text.
    pub contents: String,
}

/// The `.schema` text for `file`, of a compilation of `roots`. A file id
/// not in the schema gives an empty text.
pub fn export(schema: &Schema, roots: &[FileId], file: FileId) -> String {
    let Some(file) = schema.file(file) else {
        return String::new();
    };
    let names = TypeNames::of(schema);
    let mut out = Out {
        schema,
        names: &names,
        text: Indented::default(),
    };
    // The file's own head first: a licence stays at the top.
    for line in &file.header {
        match line.is_empty() {
            true => out.text.line("//"),
            false => out.text.line(&format!("// {line}")),
        }
    }
    if !file.header.is_empty() {
        out.text.blank();
    }
    out.text.line(&format!(
        "// Written by schemac from {}: its .schema equivalent.",
        file.import_name
    ));
    if !file.package.is_empty() {
        out.text.blank();
        out.text
            .line(&format!("package {};", file.package.join(".")));
    }
    let imports = imports(schema, roots, file);
    if !imports.is_empty() {
        out.text.blank();
    }
    for import in &imports {
        out.text.line(&format!("import {};", quoted_text(import)));
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

/// The `.schema` files of `root`, one of `roots`, and of every converted
/// file it imports, directly or not; `root` first, then imports in the
/// order written. A file id not in the schema gives nothing.
pub fn export_all(schema: &Schema, roots: &[FileId], root: FileId) -> Vec<SchemaText> {
    let mut order = Vec::new();
    let mut next = vec![root];
    while let Some(id) = next.pop() {
        let Some(file) = schema.file(id) else {
            continue;
        };
        if order.contains(&id) || (id != root && !converted(roots, file)) {
            continue;
        }
        order.push(id);
        // Reversed, so that imports are exported in the order written.
        next.extend(file.imports.iter().chain(&file.option_imports).rev());
    }
    order
        .iter()
        .filter_map(|&id| schema.file(id))
        .map(|file| SchemaText {
            name: schema_file_name(file),
            contents: export(schema, roots, file.id),
        })
        .collect()
}

/// The name an exported file is imported by: the file's import name, with
/// `.schema` for `.proto`, keeping its folders.
pub(crate) fn schema_file_name(file: &File) -> String {
    let name = &file.import_name;
    match name.strip_suffix(".proto") {
        Some(stem) => format!("{stem}.schema"),
        None if name.ends_with(".schema") => name.clone(),
        None => format!("{name}.schema"),
    }
}

/// Whether `file` is converted along with `roots`: it is one of them, or
/// schemac does not ship it. Imports of a file that is not keep its name.
fn converted(roots: &[FileId], file: &File) -> bool {
    roots.contains(&file.id) || builtin::file(&file.import_name).is_none()
}

/// The shipped files whose types `.schema` has built in, which an
/// exported file need not import; and `schemac/options.proto`, whose
/// options `.schema` says with `ref`, `weak` and a field without
/// `optional`.
const BUILT_IN_FILES: [&str; 4] = [
    TYPES_PROTO_NAME,
    OPTIONS_PROTO_NAME,
    WellKnown::Timestamp.file(),
    WellKnown::Duration.file(),
];

/// The paths `file` imports, in order: its own imports (`import option`
/// ones after the others), but those of files
/// whose types are built in, then the files that declare a type it uses
/// and that it sees only through an `import public`.
fn imports(schema: &Schema, roots: &[FileId], file: &File) -> Vec<String> {
    let name_of = |imported: &File| match converted(roots, imported) {
        true => schema_file_name(imported),
        false => imported.import_name.clone(),
    };
    // `.schema` has one kind of import: an `import option` is a plain one.
    let mut imports: Vec<String> = (file.imports.iter().chain(&file.option_imports))
        .filter_map(|&id| schema.file(id))
        .filter(|imported| !BUILT_IN_FILES.contains(&imported.import_name.as_str()))
        .map(name_of)
        .collect();
    let mut used: Vec<String> = Vec::new();
    for ty in used_types(schema, file.id) {
        let declared = match ty {
            ValueType::Message(id) | ValueType::Ref(id, _) => schema.message(id).file,
            ValueType::Enum(id) => schema.enumeration(id).file,
            ValueType::WellKnown(known) => {
                used.push(known.file().to_owned());
                continue;
            }
            ValueType::Scalar(_) => continue,
        };
        if declared != file.id {
            used.extend(schema.file(declared).map(name_of));
        }
    }
    used.retain(|name| !BUILT_IN_FILES.contains(&name.as_str()));
    used.sort();
    used.dedup();
    for name in used {
        if !imports.contains(&name) {
            imports.push(name);
        }
    }
    imports
}

/// The value types of the fields of every message of `file`, and the
/// requests and responses of its services' methods.
fn used_types(schema: &Schema, file: FileId) -> impl Iterator<Item = ValueType> + '_ {
    let fields = schema
        .messages
        .iter()
        .filter(move |message| message.file == file)
        .flat_map(|message| &message.fields)
        .map(|field| field.ty.value());
    let methods = schema
        .file_services(file)
        .flat_map(|service| &service.methods)
        .flat_map(|method| [method.input.ty, method.output.ty]);
    fields.chain(methods)
}

/// The file being written, and what writing it needs.
struct Out<'a> {
    schema: &'a Schema,
    names: &'a TypeNames,
    text: Indented,
}

/// One member of a message body, to be written in source order.
enum Part<'a> {
    Field(&'a Field),
    Oneof(usize),
    ReservedNumbers,
    ReservedNames,
    Extensions,
    Type(DeclaredType),
    /// Consecutive extensions of one message: one `extend` block.
    Extend(Vec<ExtensionId>),
}

impl Part<'_> {
    /// Whether a blank line sets it apart: a nested message, enum or
    /// `extend` block.
    fn is_type(&self) -> bool {
        matches!(self, Part::Type(_) | Part::Extend(_))
    }
}

impl Out<'_> {
    fn docs(&mut self, docs: &Docs) {
        for line in docs {
            match line.is_empty() {
                true => self.text.line("///"),
                false => self.text.line(&format!("/// {line}")),
            }
        }
    }

    /// `option name = value;` for each of `options`.
    fn options(&mut self, options: &Options) {
        let options = written(options);
        for assignment in options_text::assignments(self.schema, &options, quoted_bytes) {
            self.text.line(&format!("option {assignment};"));
        }
    }

    /// ` [name = value, ...]` for the `more` and then `options`, or
    /// nothing.
    fn bracketed(&self, mut more: Vec<String>, options: &Options) -> String {
        more.extend(options_text::assignments(
            self.schema,
            &written(options),
            quoted_bytes,
        ));
        match more.is_empty() {
            true => String::new(),
            false => format!(" [{}]", more.join(", ")),
        }
    }

    /// Top-level messages, enums and `extend` blocks in the order the
    /// file declares them, each after a blank line.
    fn items(&mut self, messages: &[MessageId], enums: &[EnumId], extensions: &[ExtensionId]) {
        for (_, part) in declared(self.schema, messages, enums, extensions) {
            self.text.blank();
            match part {
                Part::Type(item) => self.item(item),
                Part::Extend(block) => self.extend(&block, ""),
                _ => {}
            }
        }
    }

    /// `extend Message { fields }`, declared in the message `scope` (or
    /// the package, for a top-level block).
    fn extend(&mut self, block: &[ExtensionId], scope: &str) {
        let schema = self.schema;
        let Some(first) = block.first().map(|&id| schema.extension(id)) else {
            return;
        };
        let Some(extendee) = first.extendee else {
            return;
        };
        let scope = match scope.is_empty() {
            true => first.package.join("."),
            false => scope.to_owned(),
        };
        let name = self.type_name(ValueType::Message(extendee), &scope);
        self.text.open(&format!("extend {name}"));
        for &id in block {
            self.field(&scope, &schema.extension(id).field);
        }
        self.text.close();
    }

    fn item(&mut self, item: DeclaredType) {
        let schema = self.schema;
        match item {
            DeclaredType::Message(id) => self.message(schema.message(id)),
            DeclaredType::Enum(id) => self.enumeration(schema.enumeration(id)),
        }
    }

    fn message(&mut self, message: &Message) {
        self.docs(&message.docs);
        let parts = parts(self.schema, message);
        if parts.is_empty() && message.keep_unknown_fields.is_none() {
            self.text.line(&format!("message {} {{}}", message.name));
            return;
        }
        self.text.open(&format!("message {}", message.name));
        if let Some(keep) = message.keep_unknown_fields {
            self.text
                .line(&format!("option keep_unknown_fields = {keep};"));
        }
        self.options(&message.options);
        let mut previous: Option<bool> = None;
        for part in &parts {
            if previous.is_some_and(|was_type| was_type || part.is_type()) {
                self.text.blank();
            }
            previous = Some(part.is_type());
            match part {
                Part::Field(field) => self.field(&message.full_name, field),
                Part::Oneof(index) => self.oneof(message, *index),
                Part::ReservedNumbers => {
                    let ranges = ranges(&message.reserved.ranges, MAX_FIELD_NUMBER);
                    self.text.line(&format!("reserved {ranges};"));
                }
                Part::ReservedNames => self.reserved_names(&message.reserved),
                Part::Extensions => self.extension_ranges(message),
                Part::Type(item) => self.item(*item),
                Part::Extend(block) => self.extend(block, &message.full_name),
            }
        }
        self.text.close();
    }

    /// `extensions 100 to 199;`, or a line for each range when they have
    /// options.
    fn extension_ranges(&mut self, message: &Message) {
        let max = match message.options.flag("message_set_wire_format") {
            true => crate::model::MESSAGE_SET_MAX_NUMBER,
            false => MAX_FIELD_NUMBER,
        };
        let with_options = (message.extension_range_options.iter()).any(|o| !o.is_empty());
        if !with_options {
            let ranges = ranges(&message.extension_ranges, max);
            self.text.line(&format!("extensions {ranges};"));
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

    fn oneof(&mut self, message: &Message, index: usize) {
        let Some(oneof) = message.oneofs.get(index) else {
            return;
        };
        self.docs(&oneof.docs);
        self.text.open(&format!("oneof {}", oneof.name));
        self.options(&oneof.options);
        for field in message.fields.iter().filter(|f| f.oneof == Some(index)) {
            self.field(&message.full_name, field);
        }
        self.text.close();
    }

    /// A field, or an extension, whose types are named from `scope`.
    fn field(&mut self, scope: &str, field: &Field) {
        self.docs(&field.docs);
        let name = |ty: ValueType| self.type_name(ty, scope);
        let ty = match field.ty {
            FieldType::Single(ty) => name(ty),
            FieldType::Optional(ty) => format!("optional {}", name(ty)),
            FieldType::Required(ty) => format!("required {}", name(ty)),
            FieldType::List(ty) => format!("list<{}>", name(ty)),
            FieldType::Map(key, value) => format!("map<{}, {}>", key.name(), name(value)),
        };
        let options = self.bracketed(field_properties(field), &field.options);
        self.text.line(&format!(
            "{}: {ty} = {}{options};",
            field.name, field.number
        ));
    }

    /// `service Name { rpc Method(Request) returns (stream Response); }`,
    /// its types named from the package.
    fn service(&mut self, service: &Service) {
        self.docs(&service.docs);
        if service.methods.is_empty() {
            self.text.line(&format!("service {} {{}}", service.name));
            return;
        }
        self.text.open(&format!("service {}", service.name));
        self.options(&service.options);
        let scope = service.package.join(".");
        for method in &service.methods {
            self.docs(&method.docs);
            let side = |ty: &MethodType| {
                let stream = if ty.stream { "stream " } else { "" };
                format!("{stream}{}", self.type_name(ty.ty, &scope))
            };
            let signature = format!(
                "rpc {}({}) returns ({})",
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

    /// `ty` as written inside the message `scope`.
    fn type_name(&self, ty: ValueType, scope: &str) -> String {
        let full_name = match ty {
            ValueType::Scalar(scalar) => return scalar.name().to_owned(),
            ValueType::WellKnown(WellKnown::Timestamp) => return "timestamp".to_owned(),
            ValueType::WellKnown(WellKnown::Duration) => return "duration".to_owned(),
            ValueType::WellKnown(known) => format!("google.protobuf.{}", known.name()),
            ValueType::Enum(id) => self.schema.enumeration(id).full_name.clone(),
            ValueType::Message(id) => self.schema.message(id).full_name.clone(),
            ValueType::Ref(id, kind) => {
                let target = self.type_name(ValueType::Message(id), scope);
                return format!("{} {target}", kind.keyword());
            }
        };
        self.names.shortest(scope, &full_name, ty)
    }

    fn enumeration(&mut self, enumeration: &Enum) {
        self.docs(&enumeration.docs);
        self.text.open(&format!("enum {}", enumeration.name));
        if enumeration.closed {
            self.text.line("option closed = true;");
        }
        self.options(&enumeration.options);
        // Values and reservations in source order.
        let reserved = &enumeration.reserved;
        let mut parts: Vec<(Span, Option<usize>)> = (enumeration.values.iter().enumerate())
            .map(|(index, value)| (value.name_span, Some(index)))
            .collect();
        parts.extend(reserved.ranges.first().map(|range| (range.span, None)));
        parts.sort_by_key(|(span, _)| *span);
        for (_, part) in parts {
            let Some(value) = part.and_then(|index| enumeration.values.get(index)) else {
                let ranges = ranges(&reserved.ranges, MAX_ENUM_NUMBER);
                self.text.line(&format!("reserved {ranges};"));
                continue;
            };
            self.docs(&value.docs);
            let options = self.bracketed(Vec::new(), &value.options);
            self.text
                .line(&format!("{} = {}{options};", value.name, value.number));
        }
        self.reserved_names(reserved);
        self.text.close();
    }

    /// `reserved old_name, legacy;`, if any name is reserved.
    fn reserved_names(&mut self, reserved: &Reserved) {
        if !reserved.names.is_empty() {
            let names: Vec<&str> = reserved.names.iter().map(|(n, _)| n.as_str()).collect();
            self.text.line(&format!("reserved {};", names.join(", ")));
        }
    }
}

/// The members of `message`'s body, but its options, in source order: its
/// fields, each oneof where it is declared, its reserved numbers where the
/// first is and names where the first is, its extension ranges, and its
/// nested messages and enums.
fn parts<'a>(schema: &Schema, message: &'a Message) -> Vec<Part<'a>> {
    let mut parts: Vec<(Span, Part<'a>)> = Vec::new();
    for field in message.fields.iter().filter(|field| field.oneof.is_none()) {
        parts.push((field.name_span, Part::Field(field)));
    }
    for (index, oneof) in message.oneofs.iter().enumerate() {
        parts.push((oneof.span, Part::Oneof(index)));
    }
    let reserved = &message.reserved;
    parts.extend(
        reserved
            .ranges
            .first()
            .map(|r| (r.span, Part::ReservedNumbers)),
    );
    parts.extend(
        reserved
            .names
            .first()
            .map(|(_, s)| (*s, Part::ReservedNames)),
    );
    let extensions = message.extension_ranges.first();
    parts.extend(extensions.map(|range| (range.span, Part::Extensions)));
    parts.extend(declared(
        schema,
        &message.messages,
        &message.enums,
        &message.extensions,
    ));
    // Stable, so that parts without a place keep the order above.
    parts.sort_by_key(|(span, _)| *span);
    parts.into_iter().map(|(_, part)| part).collect()
}

/// The messages, enums and `extend` blocks of a file or message, each
/// with where it is written, in that order; consecutive extensions of one
/// message are one block.
fn declared<'a>(
    schema: &Schema,
    messages: &[MessageId],
    enums: &[EnumId],
    extensions: &[ExtensionId],
) -> Vec<(Span, Part<'a>)> {
    let mut parts: Vec<(Span, Part<'a>)> = (schema.declared_types(messages, enums).into_iter())
        .map(|item| {
            let span = match item {
                DeclaredType::Message(id) => schema.message(id).span,
                DeclaredType::Enum(id) => schema.enumeration(id).span,
            };
            (span, Part::Type(item))
        })
        .collect();
    let mut blocks: Vec<(Span, Vec<ExtensionId>)> = Vec::new();
    for &id in extensions {
        let extension = schema.extension(id);
        match blocks.last_mut() {
            Some((_, block)) if schema.extension(block[0]).extendee == extension.extendee => {
                block.push(id)
            }
            _ => blocks.push((extension.extendee_span, vec![id])),
        }
    }
    parts.extend(
        blocks
            .into_iter()
            .map(|(span, block)| (span, Part::Extend(block))),
    );
    parts.sort_by_key(|(span, _)| *span);
    parts
}

/// What a field says in its brackets besides its options: what the model
/// has that `.schema` does not assume.
fn field_properties(field: &Field) -> Vec<String> {
    let mut properties = Vec::new();
    if let Some(default) = &field.default {
        properties.push(format!("default = {}", default_text(default)));
    }
    let packable = field.ty.is_packable();
    if packable && !field.packed && field.options.get("packed").is_none() {
        properties.push("packed = false".to_owned());
    }
    if let Some(json_name) = &field.json_name
        && *json_name != lower_camel_case(&field.name)
    {
        properties.push(format!("json_name = {}", quoted_text(json_name)));
    }
    if field.delimited {
        properties.push("delimited = true".to_owned());
    }
    properties
}

/// A default as `.schema` writes it; it reads back as the same value.
fn default_text(default: &DefaultValue) -> String {
    match default {
        DefaultValue::Int(value) => value.to_string(),
        DefaultValue::Uint(value) => value.to_string(),
        DefaultValue::Float(value) if value.is_nan() => "nan".to_owned(),
        DefaultValue::Float(value) if value.is_infinite() => {
            if *value > 0.0 { "inf" } else { "-inf" }.to_owned()
        }
        // Debug is the shortest text that parses back to the same f64,
        // with a point or an exponent: `0.5`, `9000000000.0`, `7e22`.
        DefaultValue::Float(value) => format!("{value:?}"),
        DefaultValue::Bool(value) => value.to_string(),
        DefaultValue::String(text) => quoted_text(text),
        DefaultValue::Bytes(bytes) => quoted_bytes(bytes),
        DefaultValue::Enum(name) => name.clone(),
    }
}

/// `text` as a `.schema` string literal: printable characters as they are,
/// `\"`, `\\`, `\n`, `\r` and `\t`, and other control characters as the
/// `\xHH` escapes of their UTF-8 bytes.
fn quoted_text(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            c if c.is_control() => {
                for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                    let _ = write!(quoted, "\\x{byte:02x}");
                }
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// The options a `.schema` file writes of `options`: all but an editions
/// file's `features`, which the model holds as what the `.schema` language
/// says of them (`optional`, `option closed = true;`, `delimited = true`,
/// `packed = false`).
fn written(options: &Options) -> Options {
    options.without("features")
}

/// `bytes` as a `.schema` string literal: printable ASCII as it is, the
/// other bytes as escapes.
fn quoted_bytes(bytes: &[u8]) -> String {
    quoted_with(bytes, |text, byte| {
        let _ = write!(text, "\\x{byte:02x}");
    })
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::Analysis;

    /// Analyzes in-memory files, the first as root and imported as named.
    fn analyze(files: &[(&str, &str)]) -> Analysis {
        let mut read = |path: &Path| {
            let found = files.iter().find(|(name, _)| Path::new(name) == path);
            found
                .map(|(_, text)| (*text).to_owned())
                .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
        };
        // Included from "", roots keep their folders in their import names.
        let (root, include) = (PathBuf::from(files[0].0), [PathBuf::new()]);
        crate::analyze(&[root], &include, &mut read).unwrap_or_else(|error| panic!("{error}"))
    }

    /// The `.schema` of the root of `files`.
    fn exported(files: &[(&str, &str)]) -> String {
        let analysis = analyze(files);
        analysis.export_schema(analysis.roots[0])
    }

    fn assert_contains(text: &str, expected: &[&str]) {
        for expected in expected {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
    }

    #[test]
    fn proto3_fields_and_docs() {
        let text = exported(&[(
            "shop/v1/order.proto",
            "syntax = \"proto3\";\npackage shop.v1;\n\n// An order.\n//\n//  Indented.\n\
             message Order {\n  int64 id = 1; // Its id.\n  optional string note = 2;\n  \
             repeated Line lines = 3;\n  map<string, sfixed64> totals = 4;\n  \
             message Line { uint32 quantity = 1; }\n  oneof payment {\n    string card = 5;\n  }\n}\n",
        )]);
        assert_contains(
            &text,
            &[
                "// Written by schemac from shop/v1/order.proto: its .schema equivalent.\n\n\
                 package shop.v1;\n\n/// An order.\n///\n///  Indented.\nmessage Order {\n",
                "  /// Its id.\n  id: i64 = 1;\n  note: optional string = 2;\n",
                "  lines: list<Line> = 3;\n  totals: map<string, sfixed64> = 4;\n\n",
                "  message Line {\n    quantity: u32 = 1;\n  }\n\n  oneof payment {\n    card: string = 5;\n  }\n}\n",
            ],
        );
    }

    #[test]
    fn the_head_comments_of_a_proto_file_stay_at_the_head() {
        let text = exported(&[(
            "h.proto",
            "// Copyright someone.\n//\n//   Licence terms.\n\n// A second paragraph.\n\n\
             // About the file.\nsyntax = \"proto3\";\n\n// The package.\npackage h;\n\n\
             // Detached from M.\n\n// M.\nmessage M {}\n",
        )]);
        assert!(
            text.starts_with(
                "// Copyright someone.\n//\n//   Licence terms.\n//\n// A second paragraph.\n//\n\
                 // About the file.\n//\n// The package.\n\n\
                 // Written by schemac from h.proto: its .schema equivalent.\n\npackage h;\n\n\
                 /// M.\nmessage M {}\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn types_are_named_shortest_with_a_dot_when_nothing_shorter_resolves() {
        let text = exported(&[(
            "a.proto",
            "syntax = \"proto3\";\npackage a.b;\nmessage X {}\nmessage M {\n  \
             message X {}\n  message a {}\n  message b {}\n  .a.b.X outer = 1;\n  X inner = 2;\n}\n\
             message N { M.X deep = 1; X top = 2; }\n",
        )]);
        assert_contains(
            &text,
            &[
                "outer: .a.b.X = 1;",
                "inner: X = 2;",
                "deep: M.X = 1;",
                "top: X = 2;",
            ],
        );
        // It reads back to the same types.
        let back = crate::analyze_text("a.schema", &text).unwrap_or_else(|e| panic!("{e}"));
        let m = back.schema.messages.iter().find(|m| m.full_name == "a.b.M");
        let outer = m.map(|m| m.fields[0].ty);
        let top = back
            .schema
            .messages
            .iter()
            .position(|m| m.full_name == "a.b.X");
        assert_eq!(
            outer,
            top.map(|id| FieldType::Single(ValueType::Message(MessageId(id as u32))))
        );
    }

    #[test]
    fn builtin_and_well_known_types_need_no_import_but_the_others_do() {
        let text = exported(&[(
            "w.proto",
            "syntax = \"proto3\";\npackage w;\nimport \"google/protobuf/timestamp.proto\";\n\
             import \"google/protobuf/duration.proto\";\nimport \"google/protobuf/any.proto\";\n\
             import \"schemac/types.proto\";\nmessage W {\n  google.protobuf.Timestamp at = 1;\n  \
             repeated google.protobuf.Duration took = 2;\n  google.protobuf.Any any = 3;\n  \
             map<string, schemac.Decimal> prices = 4;\n  schemac.Value extra = 5;\n}\n",
        )]);
        assert_contains(
            &text,
            &[
                "package w;\n\nimport \"google/protobuf/any.proto\";\n\nmessage W {\n",
                "  at: timestamp = 1;\n  took: list<duration> = 2;\n  any: google.protobuf.Any = 3;\n",
                "  prices: map<string, decimal> = 4;\n  extra: value = 5;\n",
            ],
        );
    }

    #[test]
    fn imports_of_converted_files_become_schema_files_and_public_ones_direct() {
        let files = [
            (
                "app/main.proto",
                "syntax = \"proto3\";\npackage app;\nimport \"lib/all.proto\";\n\
                 import \"google/protobuf/api.proto\";\n\
                 message Main { lib.Point at = 1; google.protobuf.Api api = 2; }\n",
            ),
            (
                "lib/all.proto",
                "syntax = \"proto3\";\npackage lib;\nimport public \"lib/point.proto\";\n",
            ),
            (
                "lib/point.proto",
                "syntax = \"proto3\";\npackage lib;\nmessage Point { int32 x = 1; }\n",
            ),
        ];
        let analysis = analyze(&files);
        let exported = analysis.export_schema_files(analysis.roots[0]);
        let names: Vec<&str> = exported.iter().map(|file| file.name.as_str()).collect();
        // Google's api.proto is shipped: it is not converted.
        assert_eq!(
            names,
            ["app/main.schema", "lib/all.schema", "lib/point.schema"]
        );
        assert_contains(
            &exported[0].contents,
            &[
                "import \"lib/all.schema\";\nimport \"google/protobuf/api.proto\";\n\
                 import \"lib/point.schema\";\n",
                "  at: lib.Point = 1;\n  api: google.protobuf.Api = 2;\n",
            ],
        );
        assert_contains(&exported[1].contents, &["import \"lib/point.schema\";\n"]);
    }

    #[test]
    fn proto2_labels_defaults_packing_and_closed_enums() {
        let text = exported(&[(
            "p2.proto",
            "syntax = \"proto2\";\nenum Level { option allow_alias = true; LOW = 1; BOTTOM = 1; }\n\
             message R {\n  required string id = 1;\n  optional Level level = 2 [default = LOW];\n  \
             repeated int32 loose = 3;\n  repeated int32 tight = 4 [packed = true];\n  \
             optional string s = 5 [default = \"a\\\"b\\\\c\\nd\"];\n  \
             optional bytes b = 6 [default = \"\\000\\377\"];\n  optional float f = 7 [default = -inf];\n  \
             optional double d = 8 [default = 1e22, json_name = \"dee\"];\n  \
             optional int32 j = 9 [json_name = \"j\"];\n  extensions 100 to max;\n  \
             reserved 10, 20 to 30;\n  reserved \"old\";\n}\n",
        )]);
        assert_contains(
            &text,
            &[
                "enum Level {\n  option closed = true;\n  option allow_alias = true;\n  LOW = 1;\n  BOTTOM = 1;\n}",
                "  id: required string = 1;\n  level: optional Level = 2 [default = LOW];\n",
                "  loose: list<i32> = 3 [packed = false];\n  tight: list<i32> = 4 [packed = true];\n",
                "  s: optional string = 5 [default = \"a\\\"b\\\\c\\nd\"];\n",
                "  b: optional bytes = 6 [default = \"\\x00\\xff\"];\n",
                "  f: optional f32 = 7 [default = -inf];\n",
                "  d: optional f64 = 8 [default = 1e22, json_name = \"dee\"];\n",
                // The lowerCamelCase name is not written.
                "  j: optional i32 = 9;\n",
                "  extensions 100 to max;\n  reserved 10, 20 to 30;\n  reserved old;\n}",
            ],
        );
    }

    #[test]
    fn schema_sources_keep_their_options() {
        let text = exported(&[(
            "k.schema",
            "message K {\n  option keep_unknown_fields = true;\n  id: u64 = 1;\n}\n\
             enum E { option closed = true; ONE = 1; }\n",
        )]);
        assert_contains(
            &text,
            &[
                "message K {\n  option keep_unknown_fields = true;\n  id: u64 = 1;\n}",
                "enum E {\n  option closed = true;\n  ONE = 1;\n}",
            ],
        );
    }

    #[test]
    fn strings_escape_what_a_schema_string_cannot_hold() {
        assert_eq!(
            quoted_text("a\"\\\n\r\t\u{1}\u{85}é"),
            "\"a\\\"\\\\\\n\\r\\t\\x01\\xc2\\x85é\""
        );
        assert_eq!(
            quoted_bytes("a\0\u{ff}\"é".as_bytes()),
            "\"a\\x00\\xc3\\xbf\\\"\\xc3\\xa9\""
        );
    }

    #[test]
    fn exported_files_keep_the_folders_of_their_import_names() {
        let mut file = analyze(&[("x.schema", "")]).schema.files[0].clone();
        for (import_name, exported) in [
            ("acme/trace/v1/trace.proto", "acme/trace/v1/trace.schema"),
            ("world_geo.schema", "world_geo.schema"),
            ("odd", "odd.schema"),
        ] {
            file.import_name = import_name.to_owned();
            assert_eq!(schema_file_name(&file), exported);
        }
    }
}
