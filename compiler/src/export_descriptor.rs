//! Export: the model as protobuf descriptors, a `FileDescriptorSet` that
//! grpcurl, buf and prost-reflect read as they read protoc's.
//!
//! A file's descriptor is what protoc makes of the `.proto` that
//! [`export_proto`](crate::export_proto) writes for it, built from the
//! model with the same decisions (file name, imports, proto2 or proto3,
//! enum value names, `packed`), which this module calls rather than
//! repeats: the same fields in the same order, map fields as repeated
//! `XxxEntry` messages, proto3 `optional` fields in the synthetic oneofs
//! protoc adds, every field's `json_name` filled, defaults in protoc's
//! text form. As protoc does, a proto2 file has no `syntax`. Graph mode's
//! `ref T` and `weak T` fields are fields of `T`, and every message that
//! one points at ends its fields with `schemac_graph_id`
//! ([`GRAPH_ID_FIELD_NAME`]). Each field carries the options of
//! schemac's that its exported `.proto` sets
//! ([`Meaning`](crate::export_proto::Meaning)).
//!
//! The files whose types the runtime provides (`schemac/types.proto` and
//! the well-known types) declare nothing in the model; their descriptors
//! are protoc's, stored in [`PROVIDED_DESCRIPTORS`].
//!
//! Source info, against the text the model was read from, is described
//! in [`source_info`].
//!
//! [`PROVIDED_DESCRIPTORS`]: crate::builtin::PROVIDED_DESCRIPTORS

mod encode;
mod source_info;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use prost::Message as _;
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{
    DescriptorProto, EnumDescriptorProto, EnumOptions, EnumValueDescriptorProto, EnumValueOptions,
    ExtensionRangeOptions, FieldDescriptorProto, FieldOptions, FileDescriptorProto,
    FileDescriptorSet, FileOptions, MessageOptions, MethodDescriptorProto, MethodOptions,
    OneofDescriptorProto, OneofOptions, ServiceDescriptorProto, ServiceOptions, descriptor_proto,
    enum_descriptor_proto,
};

use crate::builtin::PROVIDED_DESCRIPTORS;
use crate::export_proto::{
    self, Meaning, default_enum_value, needs_proto2, packed_option, proto_file_name,
};
use crate::language::Edition;
use crate::model::{
    Constant, DeclaredType, DefaultValue, Enum, ExtensionId, Field, FieldOrOneof, FieldType, File,
    GRAPH_ID_FIELD_NAME, GRAPH_ID_FIELD_NUMBER, MAX_FIELD_NUMBER, Message, MessageId, Options,
    ReservedRange, Scalar, Schema, Service, ValueType, lower_camel_case,
};
use crate::model::{FieldDefinition, OptionField, OptionType};
use encode::{Described, OptionsTable, VisibilityTable};

/// The number of `packed` in `google.protobuf.FieldOptions`.
const PACKED_OPTION_NUMBER: u32 = 2;
use crate::proto_names::value_name;
use crate::source::{FileId, SourceMap};
use source_info::Locations;

/// The descriptors of `roots`, in order, with source info; with
/// `include_imports`, every file they import, directly or not, too, each
/// before the files that import it, as `protoc --include_imports` orders
/// them. Ids not in the schema are skipped. Options are the standard
/// ones only, which `prost_types` can hold; [`encoded_descriptor_set`]
/// has every option.
pub fn descriptor_set(
    schema: &Schema,
    sources: &SourceMap,
    roots: &[FileId],
    include_imports: bool,
) -> FileDescriptorSet {
    let files = described(schema, sources, roots, include_imports);
    FileDescriptorSet {
        file: files.into_iter().map(|file| file.descriptor).collect(),
    }
}

/// The [`descriptor_set`] as protoc writes it: bytes, with every option,
/// standard and custom, as protoc encodes it.
pub fn encoded_descriptor_set(
    schema: &Schema,
    sources: &SourceMap,
    roots: &[FileId],
    include_imports: bool,
) -> Vec<u8> {
    encode::set(&described(schema, sources, roots, include_imports))
}

/// The descriptors generated code embeds (`Config::embed_descriptors`):
/// those of `roots` and every file they import, encoded as
/// [`encoded_descriptor_set`] encodes them, without source info.
pub fn embedded_descriptor_set(schema: &Schema, sources: &SourceMap, roots: &[FileId]) -> Vec<u8> {
    let mut files = described(schema, sources, roots, true);
    for file in &mut files {
        file.descriptor.source_code_info = None;
    }
    encode::set(&files)
}

/// The descriptors of [`descriptor_set`], each with its options encoded.
fn described(
    schema: &Schema,
    sources: &SourceMap,
    roots: &[FileId],
    include_imports: bool,
) -> Vec<Described> {
    let mut set = SetBuilder {
        schema,
        sources,
        seen: Vec::new(),
        files: Vec::new(),
    };
    for root in roots {
        let Some(file) = schema.file(*root) else {
            continue;
        };
        let name = proto_file_name(file);
        if include_imports {
            set.visit(&name);
        } else if !set.seen.contains(&name) {
            set.seen.push(name.clone());
            set.files.extend(set.descriptor(&name));
        }
    }
    set.files
}

/// The descriptor of the exported `file`, with source info, and its
/// options encoded.
fn file_descriptor(schema: &Schema, sources: &SourceMap, file: &File) -> Described {
    if file.provided
        && let Some(provided) = provided(&proto_file_name(file))
    {
        return Described::plain(provided);
    }
    FileExporter::new(schema, sources, file).file()
}

/// The stored descriptor of the provided file named `name`.
fn provided(name: &str) -> Option<FileDescriptorProto> {
    static SET: OnceLock<FileDescriptorSet> = OnceLock::new();
    // A test proves that the stored set decodes.
    let set =
        SET.get_or_init(|| FileDescriptorSet::decode(PROVIDED_DESCRIPTORS).unwrap_or_default());
    set.file.iter().find(|file| file.name() == name).cloned()
}

/// A set being put together, file by file.
struct SetBuilder<'a> {
    schema: &'a Schema,
    sources: &'a SourceMap,
    /// The names of the files visited.
    seen: Vec<String>,
    files: Vec<Described>,
}

impl SetBuilder<'_> {
    /// Adds the file named `name` after the files it imports.
    fn visit(&mut self, name: &str) {
        if self.seen.iter().any(|seen| seen == name) {
            return;
        }
        self.seen.push(name.to_owned());
        let Some(descriptor) = self.descriptor(name) else {
            return;
        };
        // protoc includes the files of `import option` too, after the
        // others.
        let dependencies =
            (descriptor.descriptor.dependency.iter()).chain(&descriptor.option_dependency);
        for dependency in dependencies {
            self.visit(dependency);
        }
        self.files.push(descriptor);
    }

    /// The descriptor of the exported file named `name`: of a file of the
    /// model, or a provided one.
    fn descriptor(&self, name: &str) -> Option<Described> {
        let schema = self.schema;
        let file = schema
            .files
            .iter()
            .find(|file| !file.provided && !file.implicit && proto_file_name(file) == name);
        match file {
            Some(file) => Some(file_descriptor(schema, self.sources, file)),
            None => provided(name).map(Described::plain),
        }
    }
}

/// The field numbers of the descriptor messages, which source info paths
/// are made of.
mod tag {
    pub const MESSAGE: i32 = 4;
    pub const ENUM: i32 = 5;
    pub const SERVICE: i32 = 6;
    pub const EXTENSION: i32 = 7;
    pub const FILE_OPTIONS: i32 = 8;

    pub const FIELD: i32 = 2;
    pub const NESTED: i32 = 3;
    pub const NESTED_ENUM: i32 = 4;
    pub const EXTENSION_RANGE: i32 = 5;
    pub const NESTED_EXTENSION: i32 = 6;
    pub const MESSAGE_OPTIONS: i32 = 7;
    pub const ONEOF: i32 = 8;
    pub const RESERVED_RANGE: i32 = 9;
    pub const RESERVED_NAME: i32 = 10;

    pub const NAME: i32 = 1;
    pub const FIELD_NUMBER: i32 = 3;
    pub const FIELD_TYPE: i32 = 5;
    pub const FIELD_TYPE_NAME: i32 = 6;
    pub const FIELD_OPTIONS: i32 = 8;
    pub const ONEOF_OPTIONS: i32 = 2;
    pub const RANGE_OPTIONS: i32 = 3;

    pub const VALUE: i32 = 2;
    pub const VALUE_NUMBER: i32 = 2;
    pub const ENUM_OPTIONS: i32 = 3;
    pub const VALUE_OPTIONS: i32 = 3;
    pub const ENUM_RESERVED_RANGE: i32 = 4;
    pub const ENUM_RESERVED_NAME: i32 = 5;

    pub const METHOD: i32 = 2;
    pub const SERVICE_OPTIONS: i32 = 3;
    pub const METHOD_INPUT: i32 = 2;
    pub const METHOD_OUTPUT: i32 = 3;
    pub const METHOD_OPTIONS: i32 = 4;
}

/// One file being exported.
struct FileExporter<'a> {
    schema: &'a Schema,
    file: &'a File,
    /// Whether the file exports as proto2.
    proto2: bool,
    /// The edition of an editions file, which exports as itself.
    edition: Option<Edition>,
    /// [`Schema::ref_target_marks`](crate::model::Schema::ref_target_marks).
    ref_targets: Vec<bool>,
    locations: Locations<'a>,
    /// The options of each element, encoded, by path.
    options: OptionsTable,
    /// The `export` or `local` of each message and enum that has one,
    /// by path.
    visibility: VisibilityTable,
}

impl<'a> FileExporter<'a> {
    fn new(schema: &'a Schema, sources: &'a SourceMap, file: &'a File) -> Self {
        let text = sources
            .iter()
            .find(|(id, _)| *id == file.id)
            .map_or("", |(_, source)| source.text());
        Self {
            schema,
            file,
            proto2: needs_proto2(schema, file),
            edition: file.edition(),
            ref_targets: schema.ref_target_marks(),
            locations: Locations::new(file.id, text),
            options: OptionsTable::new(),
            visibility: VisibilityTable::new(),
        }
    }

    /// Records `options`, the options of the element whose options
    /// message is at `path`, and returns them decoded as `T`, the
    /// `prost_types` options message, which holds the standard ones;
    /// `None` when no option is set. Options of source retention are left
    /// out, as protoc leaves them out of the descriptors it writes.
    fn options<T: prost::Message + Default>(
        &mut self,
        path: Vec<i32>,
        options: &Options,
    ) -> Option<T> {
        let kept = without_source_retention(self.schema, options);
        if kept.is_empty() {
            return None;
        }
        let bytes = kept.encode_to_vec(self.schema);
        let decoded = T::decode(bytes.as_slice()).unwrap_or_default();
        self.options.insert(path, bytes);
        Some(decoded)
    }

    fn file(mut self) -> Described {
        let schema = self.schema;
        let file = self.file;
        let imports = export_proto::imports(schema, file);
        let mut descriptor = FileDescriptorProto {
            name: Some(proto_file_name(file)),
            package: (!file.package.is_empty()).then(|| file.package.join(".")),
            public_dependency: (imports.iter().enumerate())
                .filter(|(_, import)| import.public)
                .map(|(index, _)| index as i32)
                .collect(),
            dependency: imports.into_iter().map(|import| import.name).collect(),
            syntax: match self.edition {
                Some(_) => Some("editions".to_owned()),
                None => (!self.proto2).then(|| "proto3".to_owned()),
            },
            ..FileDescriptorProto::default()
        };
        for item in schema.declared_types(&file.messages, &file.enums) {
            match item {
                DeclaredType::Message(id) => {
                    let path = vec![tag::MESSAGE, descriptor.message_type.len() as i32];
                    let message = self.message(id, path);
                    descriptor.message_type.push(message);
                }
                DeclaredType::Enum(id) => {
                    let path = vec![tag::ENUM, descriptor.enum_type.len() as i32];
                    let enumeration = self.enumeration(schema.enumeration(id), path);
                    descriptor.enum_type.push(enumeration);
                }
            }
        }
        for service in schema.file_services(file.id) {
            let path = vec![tag::SERVICE, descriptor.service.len() as i32];
            let exported = self.service(service, path);
            descriptor.service.push(exported);
        }
        for &id in &file.extensions {
            let path = vec![tag::EXTENSION, descriptor.extension.len() as i32];
            let exported = self.extension(id, &path);
            descriptor.extension.push(exported);
        }
        descriptor.options = self.options::<FileOptions>(vec![tag::FILE_OPTIONS], &file.options);
        descriptor.source_code_info = Some(self.locations.finish());
        Described {
            descriptor,
            options: self.options,
            edition: self.edition.map(Edition::number),
            option_dependency: export_proto::option_imports(schema, file),
            visibility: self.visibility,
        }
    }

    /// The descriptor of an extension: a field that names the message it
    /// extends.
    fn extension(&mut self, id: ExtensionId, path: &[i32]) -> FieldDescriptorProto {
        let extension = self.schema.extension(id);
        let mut descriptor = self.field(None, &extension.field, None, path);
        descriptor.extendee = (extension.extendee)
            .map(|extendee| format!(".{}", self.schema.message(extendee).full_name));
        descriptor
    }

    /// A service and its methods; protoc fills `client_streaming` and
    /// `server_streaming` only when they are set.
    fn service(&mut self, service: &Service, path: Vec<i32>) -> ServiceDescriptorProto {
        let at = |more: &[i32]| [&path[..], more].concat();
        self.locations.add(&path, &[service.span], &service.docs);
        self.locations
            .add(&at(&[tag::NAME]), &[service.span], &Vec::new());
        let mut descriptor = ServiceDescriptorProto {
            name: Some(service.name.clone()),
            ..ServiceDescriptorProto::default()
        };
        for (index, method) in service.methods.iter().enumerate() {
            let method_path = at(&[tag::METHOD, index as i32]);
            let spans = [method.span, method.output.span];
            self.locations.add(&method_path, &spans, &method.docs);
            let parts = [
                (tag::NAME, method.span),
                (tag::METHOD_INPUT, method.input.span),
                (tag::METHOD_OUTPUT, method.output.span),
            ];
            for (part, span) in parts {
                let part_path = [&method_path[..], &[part]].concat();
                self.locations.add(&part_path, &[span], &Vec::new());
            }
            let options_path = [&method_path[..], &[tag::METHOD_OPTIONS]].concat();
            descriptor.method.push(MethodDescriptorProto {
                name: Some(method.name.clone()),
                input_type: Some(export_proto::type_name(self.schema, method.input.ty)),
                output_type: Some(export_proto::type_name(self.schema, method.output.ty)),
                options: self
                    .options::<MethodOptions>(options_path, &method.options)
                    .or_else(|| method.body.then(MethodOptions::default)),
                client_streaming: method.input.stream.then_some(true),
                server_streaming: method.output.stream.then_some(true),
            });
        }
        descriptor.options =
            self.options::<ServiceOptions>(at(&[tag::SERVICE_OPTIONS]), &service.options);
        descriptor
    }

    fn message(&mut self, id: MessageId, path: Vec<i32>) -> DescriptorProto {
        let message = self.schema.message(id);
        let at = |more: &[i32]| [&path[..], more].concat();
        self.locations.add(&path, &[message.span], &message.docs);
        self.locations
            .add(&at(&[tag::NAME]), &[message.span], &Vec::new());
        let mut descriptor = DescriptorProto {
            name: Some(message.name.clone()),
            ..DescriptorProto::default()
        };
        if let Some(visibility) = message.visibility {
            self.visibility.insert(path.clone(), visibility.number());
        }
        // The fields in the order written, each with its oneof's index.
        let mut fields: Vec<(&Field, Option<i32>)> = Vec::new();
        for member in message.members() {
            match member {
                FieldOrOneof::Field(field) => fields.push((field, None)),
                FieldOrOneof::Oneof(index) => {
                    let oneof = &message.oneofs[index];
                    let position = descriptor.oneof_decl.len() as i32;
                    let oneof_path = at(&[tag::ONEOF, position]);
                    self.locations.add(&oneof_path, &[oneof.span], &oneof.docs);
                    let name_path = [&oneof_path[..], &[tag::NAME]].concat();
                    self.locations.add(&name_path, &[oneof.span], &Vec::new());
                    let options_path = [&oneof_path[..], &[tag::ONEOF_OPTIONS]].concat();
                    let options = self.options::<OneofOptions>(options_path, &oneof.options);
                    descriptor.oneof_decl.push(OneofDescriptorProto {
                        name: Some(oneof.name.clone()),
                        options,
                    });
                    fields.extend(message.oneof_members(index).map(|f| (f, Some(position))));
                }
            }
        }
        // Nested messages in the order protoc makes them: the declared
        // ones and the entries of map fields, each where the source writes
        // it, and a group's message where its field is, which the exported
        // `.proto` writes it in.
        let mut nested: Vec<(crate::source::Span, Nested)> = Vec::new();
        for (index, (field, oneof)) in fields.iter().enumerate() {
            let field_path = at(&[tag::FIELD, index as i32]);
            let exported = self.field(Some(message), field, *oneof, &field_path);
            descriptor.field.push(exported);
            if let FieldType::Map(key, value) = field.ty {
                nested.push((field.name_span, Nested::MapEntry(field, key, value)));
            }
        }
        if self.ref_targets.get(id.0 as usize) == Some(&true) {
            descriptor.field.push(graph_id_field());
        }
        add_synthetic_oneofs(&mut descriptor);
        self.reserved(message, &mut descriptor, &path);
        for item in self
            .schema
            .declared_types(&message.messages, &message.enums)
        {
            match item {
                DeclaredType::Message(nested_id) => {
                    let group = (message.fields.iter())
                        .find(|field| self.schema.declared_group(id, field) == Some(nested_id));
                    let span = match group {
                        Some(field) if self.proto2 && self.edition.is_none() => field.name_span,
                        _ => self.schema.message(nested_id).span,
                    };
                    nested.push((span, Nested::Message(nested_id)));
                }
                DeclaredType::Enum(id) => {
                    let nested = at(&[tag::NESTED_ENUM, descriptor.enum_type.len() as i32]);
                    let nested = self.enumeration(self.schema.enumeration(id), nested);
                    descriptor.enum_type.push(nested);
                }
            }
        }
        nested.sort_by_key(|(span, _)| *span);
        for (_, item) in nested {
            let exported = match item {
                Nested::MapEntry(field, key, value) => self.map_entry(field, key, value),
                Nested::Message(id) => {
                    let path = at(&[tag::NESTED, descriptor.nested_type.len() as i32]);
                    self.message(id, path)
                }
            };
            descriptor.nested_type.push(exported);
        }
        for &extension in &message.extensions {
            let path = at(&[tag::NESTED_EXTENSION, descriptor.extension.len() as i32]);
            let exported = self.extension(extension, &path);
            descriptor.extension.push(exported);
        }
        descriptor.options =
            self.options::<MessageOptions>(at(&[tag::MESSAGE_OPTIONS]), &message.options);
        descriptor
    }

    /// Reserved ranges and names, and extension ranges: a message's ranges
    /// end before their `end` in a descriptor.
    fn reserved(&mut self, message: &Message, descriptor: &mut DescriptorProto, path: &[i32]) {
        let at = |more: &[i32]| [path, more].concat();
        let end = |range: &ReservedRange| range.end.min(MAX_FIELD_NUMBER) as i32 + 1;
        for (index, range) in message.reserved.ranges.iter().enumerate() {
            let range_path = at(&[tag::RESERVED_RANGE, index as i32]);
            self.locations.add(&range_path, &[range.span], &Vec::new());
            descriptor
                .reserved_range
                .push(descriptor_proto::ReservedRange {
                    start: Some(range.start as i32),
                    end: Some(end(range)),
                });
        }
        for (index, (name, span)) in message.reserved.names.iter().enumerate() {
            let name_path = at(&[tag::RESERVED_NAME, index as i32]);
            self.locations.add(&name_path, &[*span], &Vec::new());
            descriptor.reserved_name.push(name.clone());
        }
        // A message set's extension ranges may reach past the largest
        // field number, up to `i32::MAX`.
        let extension_end = |range: &ReservedRange| match range.end > MAX_FIELD_NUMBER {
            true => (range.end + 1).min(i64::from(i32::MAX)) as i32,
            false => end(range),
        };
        let no_options = Options::default();
        for (index, range) in message.extension_ranges.iter().enumerate() {
            let range_path = at(&[tag::EXTENSION_RANGE, index as i32]);
            self.locations.add(&range_path, &[range.span], &Vec::new());
            let options = (message.extension_range_options.get(index)).unwrap_or(&no_options);
            let options_path = [&range_path[..], &[tag::RANGE_OPTIONS]].concat();
            let options = self.options::<ExtensionRangeOptions>(options_path, options);
            descriptor
                .extension_range
                .push(descriptor_proto::ExtensionRange {
                    start: Some(range.start as i32),
                    end: Some(extension_end(range)),
                    options,
                });
        }
    }

    /// The descriptor of `field`, of `message` (`None` for an extension),
    /// member of its oneof number `oneof`.
    fn field(
        &mut self,
        message: Option<&Message>,
        field: &Field,
        oneof: Option<i32>,
        path: &[i32],
    ) -> FieldDescriptorProto {
        let at = |more: &[i32]| [path, more].concat();
        let spans = [field.name_span, field.type_span, field.number_span];
        self.locations.add(path, &spans, &field.docs);
        // An edition's field says with features what labels and groups say
        // in proto2, and its descriptor keeps what the file writes.
        let editions = self.edition.is_some();
        let (label, value) = match field.ty {
            FieldType::Single(ty) | FieldType::Optional(ty) => (Label::Optional, Some(ty)),
            FieldType::Required(ty) if editions => (Label::Optional, Some(ty)),
            FieldType::Required(ty) => (Label::Required, Some(ty)),
            FieldType::List(ty) => (Label::Repeated, Some(ty)),
            FieldType::Map(..) => (Label::Repeated, None),
        };
        let (ty, type_name) = match value {
            Some(_) if field.delimited && !editions => (
                Type::Group,
                value
                    .map(|value| self.value_type(value).1)
                    .unwrap_or_default(),
            ),
            Some(value) => self.value_type(value),
            None => (
                Type::Message,
                Some(format!(
                    ".{}.{}",
                    message.map_or("", |message| &message.full_name),
                    map_entry_name(&field.name)
                )),
            ),
        };
        let type_tag = match type_name {
            Some(_) => tag::FIELD_TYPE_NAME,
            None => tag::FIELD_TYPE,
        };
        self.locations
            .add(&at(&[type_tag]), &[field.type_span], &Vec::new());
        self.locations
            .add(&at(&[tag::NAME]), &[field.name_span], &Vec::new());
        let number_path = at(&[tag::FIELD_NUMBER]);
        self.locations
            .add(&number_path, &[field.number_span], &Vec::new());
        let proto3_optional =
            !self.proto2 && !editions && matches!(field.ty, FieldType::Optional(_));
        // Where the exported file's default packing differs from the
        // schema's (a `.schema` list in a file exported as proto2), the
        // exported field says `packed`.
        let mut options = field.options.clone();
        if let Some(packed) = packed_option(field, self.proto2)
            && !editions
            && options.get("packed").is_none()
        {
            options.insert(OptionField {
                name: "packed".to_owned(),
                number: PACKED_OPTION_NUMBER,
                definition: FieldDefinition::Fixed,
                ty: OptionType::Scalar(Scalar::Bool),
                repeated: false,
                packed: false,
                values: vec![Constant::Bool(packed)],
                span: field.name_span,
            });
        }
        if let Some(meaning) = Meaning::of(field, self.proto2 && !editions) {
            let (name, number) = meaning.option();
            let value = meaning.value();
            let ty = match value {
                Constant::Bool(_) => Scalar::Bool,
                _ => Scalar::I32,
            };
            options.insert(OptionField {
                name: name.to_owned(),
                number,
                definition: FieldDefinition::Fixed,
                ty: OptionType::Scalar(ty),
                repeated: false,
                packed: false,
                values: vec![value],
                span: field.name_span,
            });
        }
        let options = self.options::<FieldOptions>(at(&[tag::FIELD_OPTIONS]), &options);
        FieldDescriptorProto {
            name: Some(field.name.clone()),
            number: Some(field.number as i32),
            label: Some(label as i32),
            r#type: Some(ty as i32),
            type_name,
            default_value: (field.default.as_ref()).map(|default| self.default(field, default)),
            oneof_index: oneof,
            json_name: Some(field.json_name()),
            options,
            proto3_optional: proto3_optional.then_some(true),
            extendee: None,
        }
    }

    /// The entry message protoc makes for a map field: `key = 1` and
    /// `value = 2`, marked `map_entry`.
    fn map_entry(&self, field: &Field, key: Scalar, value: ValueType) -> DescriptorProto {
        let part = |name: &str, number: i32, ty: ValueType| {
            let (ty, type_name) = self.value_type(ty);
            FieldDescriptorProto {
                name: Some(name.to_owned()),
                number: Some(number),
                label: Some(Label::Optional as i32),
                r#type: Some(ty as i32),
                type_name,
                json_name: Some(name.to_owned()),
                ..FieldDescriptorProto::default()
            }
        };
        DescriptorProto {
            name: Some(map_entry_name(&field.name)),
            field: vec![
                part("key", 1, ValueType::Scalar(key)),
                part("value", 2, value),
            ],
            options: Some(MessageOptions {
                map_entry: Some(true),
                ..MessageOptions::default()
            }),
            ..DescriptorProto::default()
        }
    }

    /// A value's type, and the full name of a message or enum.
    fn value_type(&self, ty: ValueType) -> (Type, Option<String>) {
        let named = || Some(export_proto::type_name(self.schema, ty));
        match ty {
            ValueType::Scalar(scalar) if scalar.is_builtin_message() => (Type::Message, named()),
            ValueType::Scalar(scalar) => (scalar_type(scalar), None),
            ValueType::Enum(_) => (Type::Enum, named()),
            ValueType::Message(_) | ValueType::Ref(..) => (Type::Message, named()),
            ValueType::WellKnown(known) if known.is_enum() => (Type::Enum, named()),
            ValueType::WellKnown(_) => (Type::Message, named()),
        }
    }

    /// A default in the text form protoc gives it in descriptors.
    fn default(&self, field: &Field, default: &DefaultValue) -> String {
        match default {
            DefaultValue::Int(value) => value.to_string(),
            DefaultValue::Uint(value) => value.to_string(),
            DefaultValue::Float(value) => match field.ty {
                FieldType::Optional(ValueType::Scalar(Scalar::F32))
                | FieldType::Required(ValueType::Scalar(Scalar::F32)) => {
                    float_text(f64::from(*value as f32), 6, 9, |text| {
                        text.parse::<f32>().ok().map(f64::from)
                    })
                }
                _ => float_text(*value, 15, 17, |text| text.parse::<f64>().ok()),
            },
            DefaultValue::Bool(value) => value.to_string(),
            DefaultValue::String(text) => text.clone(),
            DefaultValue::Bytes(bytes) => c_escape(bytes),
            DefaultValue::Enum(name) => default_enum_value(self.schema, field, name),
        }
    }

    fn enumeration(&mut self, enumeration: &Enum, path: Vec<i32>) -> EnumDescriptorProto {
        let at = |more: &[i32]| [&path[..], more].concat();
        self.locations
            .add(&path, &[enumeration.span], &enumeration.docs);
        let name_path = at(&[tag::NAME]);
        self.locations
            .add(&name_path, &[enumeration.span], &Vec::new());
        let mut descriptor = EnumDescriptorProto {
            name: Some(enumeration.name.clone()),
            ..EnumDescriptorProto::default()
        };
        if let Some(visibility) = enumeration.visibility {
            self.visibility.insert(path.clone(), visibility.number());
        }
        for (index, value) in enumeration.values.iter().enumerate() {
            let value_path = at(&[tag::VALUE, index as i32]);
            let spans = [value.name_span, value.number_span];
            self.locations.add(&value_path, &spans, &value.docs);
            let name_path = [&value_path[..], &[tag::NAME]].concat();
            self.locations
                .add(&name_path, &[value.name_span], &Vec::new());
            let number_path = [&value_path[..], &[tag::VALUE_NUMBER]].concat();
            self.locations
                .add(&number_path, &[value.number_span], &Vec::new());
            let options_path = [&value_path[..], &[tag::VALUE_OPTIONS]].concat();
            let options = self.options::<EnumValueOptions>(options_path, &value.options);
            descriptor.value.push(EnumValueDescriptorProto {
                name: Some(value_name(self.schema, enumeration, &value.name)),
                number: Some(value.number as i32),
                options,
            });
        }
        // An enum's ranges end at their `end`.
        for (index, range) in enumeration.reserved.ranges.iter().enumerate() {
            let range_path = at(&[tag::ENUM_RESERVED_RANGE, index as i32]);
            self.locations.add(&range_path, &[range.span], &Vec::new());
            descriptor
                .reserved_range
                .push(enum_descriptor_proto::EnumReservedRange {
                    start: Some(range.start as i32),
                    end: Some(range.end as i32),
                });
        }
        for (index, (name, span)) in enumeration.reserved.names.iter().enumerate() {
            let name_path = at(&[tag::ENUM_RESERVED_NAME, index as i32]);
            self.locations.add(&name_path, &[*span], &Vec::new());
            let exported = value_name(self.schema, enumeration, name);
            descriptor.reserved_name.push(exported);
        }
        descriptor.options =
            self.options::<EnumOptions>(at(&[tag::ENUM_OPTIONS]), &enumeration.options);
        descriptor
    }
}

/// A nested message of a descriptor: one the schema declares, or the
/// entry of a map field.
enum Nested<'a> {
    Message(MessageId),
    MapEntry(&'a Field, Scalar, ValueType),
}

/// `options` without the fields whose definitions say `retention =
/// RETENTION_SOURCE`, at any depth.
fn without_source_retention(schema: &Schema, options: &Options) -> Options {
    let fields = options.fields.iter().filter_map(|field| {
        let definition = schema.option_definition(field.definition);
        if definition.is_some_and(|definition| source_retention(&definition.options)) {
            return None;
        }
        let mut field = field.clone();
        for value in &mut field.values {
            if let Constant::Message(inner) = value {
                *inner = without_source_retention(schema, inner);
            }
        }
        Some(field)
    });
    Options {
        fields: fields.collect(),
    }
}

/// Whether the options of a field's definition say `retention =
/// RETENTION_SOURCE`.
fn source_retention(options: &Options) -> bool {
    options.get("retention").is_some_and(|retention| {
        matches!(&retention.values[..], [Constant::Enum(_, name)] if name == "RETENTION_SOURCE")
    })
}

/// The field `schemac_graph_id = 536870911` that export_proto writes
/// after the fields of every message a `ref` or `weak` points at: a
/// `uint32`, `optional` in proto2 and without a label in proto3, which
/// protoc describes alike.
fn graph_id_field() -> FieldDescriptorProto {
    FieldDescriptorProto {
        name: Some(GRAPH_ID_FIELD_NAME.to_owned()),
        number: Some(GRAPH_ID_FIELD_NUMBER as i32),
        label: Some(Label::Optional as i32),
        r#type: Some(Type::Uint32 as i32),
        json_name: Some(lower_camel_case(GRAPH_ID_FIELD_NAME)),
        ..FieldDescriptorProto::default()
    }
}

/// The oneofs protoc adds after the declared ones, one for each proto3
/// `optional` field: `_name`, with `X`s in front while that is taken.
fn add_synthetic_oneofs(descriptor: &mut DescriptorProto) {
    let mut taken: Vec<String> = (descriptor.field.iter().map(|field| field.name()))
        .chain(descriptor.oneof_decl.iter().map(|oneof| oneof.name()))
        .map(str::to_owned)
        .collect();
    for index in 0..descriptor.field.len() {
        if !descriptor.field[index].proto3_optional() {
            continue;
        }
        let field_name = descriptor.field[index].name();
        let mut name = match field_name.starts_with('_') {
            true => field_name.to_owned(),
            false => format!("_{field_name}"),
        };
        while taken.contains(&name) {
            name.insert(0, 'X');
        }
        taken.push(name.clone());
        descriptor.field[index].oneof_index = Some(descriptor.oneof_decl.len() as i32);
        descriptor.oneof_decl.push(OneofDescriptorProto {
            name: Some(name),
            options: None,
        });
    }
}

/// The name of a map field's entry message, as protoc makes it: the field
/// name with each `_` dropped and the letter after it, and the first
/// letter, in upper case, then `Entry`: `by_name` → `ByNameEntry`.
fn map_entry_name(field_name: &str) -> String {
    let mut name = String::with_capacity(field_name.len() + 5);
    let mut capitalize = true;
    for c in field_name.chars() {
        match c {
            '_' => capitalize = true,
            c if capitalize => {
                name.push(c.to_ascii_uppercase());
                capitalize = false;
            }
            c => name.push(c),
        }
    }
    name.push_str("Entry");
    name
}

fn scalar_type(scalar: Scalar) -> Type {
    match scalar {
        Scalar::I32 => Type::Int32,
        Scalar::I64 => Type::Int64,
        Scalar::U32 => Type::Uint32,
        Scalar::U64 => Type::Uint64,
        Scalar::Sint32 => Type::Sint32,
        Scalar::Sint64 => Type::Sint64,
        Scalar::Fixed32 => Type::Fixed32,
        Scalar::Fixed64 => Type::Fixed64,
        Scalar::Sfixed32 => Type::Sfixed32,
        Scalar::Sfixed64 => Type::Sfixed64,
        Scalar::F32 => Type::Float,
        Scalar::F64 => Type::Double,
        Scalar::Bool => Type::Bool,
        Scalar::String => Type::String,
        Scalar::Bytes => Type::Bytes,
        // Messages of `schemac/types.proto`; `value_type` names them.
        Scalar::Decimal | Scalar::Value => Type::Message,
    }
}

/// A float as protoc writes defaults (`SimpleDtoa`, `SimpleFtoa`): `inf`,
/// `-inf`, `nan`, or C's `%.{short}g`, or `%.{long}g` when the short form
/// does not `read` back to the same value.
fn float_text(value: f64, short: usize, long: usize, read: impl Fn(&str) -> Option<f64>) -> String {
    if value.is_nan() {
        return "nan".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let text = format_g(value, short);
    match read(&text) {
        Some(back) if back == value => text,
        _ => format_g(value, long),
    }
}

/// C's `printf("%.{precision}g", value)` for a finite `value`.
fn format_g(value: f64, precision: usize) -> String {
    let precision = precision.max(1);
    let scientific = format!("{value:.*e}", precision - 1);
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if exponent < -4 || exponent >= precision as i32 {
        let sign = if exponent < 0 { '-' } else { '+' };
        let mantissa = trim_fraction(mantissa);
        return format!("{mantissa}e{sign}{:02}", exponent.unsigned_abs());
    }
    let decimals = (precision as i32 - 1 - exponent).max(0) as usize;
    trim_fraction(&format!("{value:.decimals$}")).to_owned()
}

/// A number's text without the zeros that end its fraction, nor a point
/// left at the end.
fn trim_fraction(text: &str) -> &str {
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.'),
        false => text,
    }
}

/// Bytes as protoc writes a `bytes` default in a descriptor (`CEscape`):
/// `\n`, `\r`, `\t`, `\"`, `\'` and `\\`, other bytes outside printable
/// ASCII as three octal digits.
fn c_escape(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for &byte in bytes {
        match byte {
            b'\n' => text.push_str("\\n"),
            b'\r' => text.push_str("\\r"),
            b'\t' => text.push_str("\\t"),
            b'"' => text.push_str("\\\""),
            b'\'' => text.push_str("\\'"),
            b'\\' => text.push_str("\\\\"),
            0x20..=0x7e => text.push(char::from(byte)),
            _ => text.push_str(&format!("\\{byte:03o}")),
        }
    }
    text
}
