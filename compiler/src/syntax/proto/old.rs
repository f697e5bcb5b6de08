//! The `.proto` front end: protobuf source text to the same syntax tree as
//! a `.schema` file, with protox-parse.
//!
//! protox-parse reads the text into a `FileDescriptorProto` whose names
//! are not resolved yet, with every element's place and comments in its
//! source info; this module turns that into [`ast`](crate::ast) nodes,
//! spelling types as the `.schema` language does (`int32` is `i32`,
//! `repeated T` is `list<T>`, a map field's entry message is `map<K, V>`),
//! with spans back into the text and comments as docs. Resolve then reads
//! both languages alike, by the file's [`Dialect`].
//!
//! Every option is kept, on every element that takes one, as written:
//! protox-parse leaves options uninterpreted, and this module reads each
//! one's text again with [`literal`](super::literal), which the `.schema`
//! front end shares, so that names, values and aggregates have spans.
//! Resolve interprets them. `extend` blocks become [`ExtendDecl`]s, and a
//! group a field marked [`FieldDecl::group`] beside its nested message.
//! Editions are reported here, naming the construct.
//!
//! protox-parse types never leave this module.

use std::collections::HashMap;

use miette::Diagnostic as _;
use prost_types::field_descriptor_proto::{Label as ProtoLabel, Type};
use prost_types::{
    DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto,
    MethodDescriptorProto, ServiceDescriptorProto, UninterpretedOption,
};

use super::super::literal;
use crate::ast::{
    Dialect, Docs, EnumDecl, EnumValueDecl, ExtendDecl, ExtensionRanges, FieldDecl, Ident, Import,
    IntLit, Item, Label, LabelKind, Member, MessageDecl, MethodDecl, MethodType, OneofDecl,
    OptionDecl, OptionName, OptionNamePart, OptionValue, Package, Reserved, ReservedItem,
    SchemaFile, ServiceDecl, TypeExpr, TypeName,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, Span};

/// The field numbers of the descriptor messages, which the paths of
/// source info are made of.
mod tag {
    pub const PACKAGE: i32 = 2;
    pub const DEPENDENCY: i32 = 3;
    pub const MESSAGE: i32 = 4;
    pub const ENUM: i32 = 5;
    pub const SERVICE: i32 = 6;
    pub const EXTENSION: i32 = 7;
    pub const FILE_OPTIONS: i32 = 8;
    pub const SYNTAX: i32 = 12;

    pub const NAME: i32 = 1;

    pub const FIELD: i32 = 2;
    pub const NESTED: i32 = 3;
    pub const NESTED_ENUM: i32 = 4;
    pub const EXTENSION_RANGE: i32 = 5;
    pub const NESTED_EXTENSION: i32 = 6;
    pub const OPTIONS: i32 = 7;
    pub const ONEOF: i32 = 8;
    pub const RESERVED_RANGE: i32 = 9;
    pub const RESERVED_NAME: i32 = 10;

    pub const FIELD_EXTENDEE: i32 = 2;
    pub const FIELD_NUMBER: i32 = 3;
    pub const FIELD_LABEL: i32 = 4;
    pub const FIELD_TYPE: i32 = 5;
    pub const FIELD_TYPE_NAME: i32 = 6;
    pub const FIELD_DEFAULT: i32 = 7;
    pub const FIELD_OPTIONS: i32 = 8;
    pub const FIELD_JSON_NAME: i32 = 10;
    pub const UNINTERPRETED: i32 = 999;

    pub const ONEOF_OPTIONS: i32 = 2;
    pub const RANGE_OPTIONS: i32 = 3;

    pub const VALUE: i32 = 2;
    pub const ENUM_OPTIONS: i32 = 3;
    pub const VALUE_OPTIONS: i32 = 3;
    pub const ENUM_RESERVED_RANGE: i32 = 4;
    pub const ENUM_RESERVED_NAME: i32 = 5;
    pub const VALUE_NUMBER: i32 = 2;

    pub const METHOD: i32 = 2;
    pub const SERVICE_OPTIONS: i32 = 3;
    pub const METHOD_OPTIONS: i32 = 4;
    pub const METHOD_INPUT: i32 = 2;
    pub const METHOD_OUTPUT: i32 = 3;
    pub const METHOD_CLIENT_STREAMING: i32 = 5;
    pub const METHOD_SERVER_STREAMING: i32 = 6;
}

/// The largest field number plus one: a reserved or extension range that
/// reaches `max` ends there in a descriptor, whose ends are exclusive.
const PAST_MAX_FIELD_NUMBER: i32 = 536_870_912;

/// Parses the `.proto` file `file`, imported as `name`. Returns the tree
/// of what the model can hold, and a diagnostic for every syntax error
/// and every construct that is not supported.
pub(super) fn parse(file: FileId, name: &str, text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let empty = SchemaFile {
        file,
        dialect: Dialect::Proto3,
        header: Vec::new(),
        package: None,
        imports: Vec::new(),
        options: Vec::new(),
        items: Vec::new(),
        services: Vec::new(),
    };
    match protox_parse::parse(name, text) {
        Ok(descriptor) => {
            let mut lowerer = Lowerer::new(file, text, &descriptor);
            let tree = lowerer.file(&descriptor);
            (tree, lowerer.diagnostics)
        }
        Err(error) => (empty, parse_errors(file, text, &error)),
    }
}

/// protox-parse's errors, the first and its related ones, as diagnostics.
fn parse_errors(file: FileId, text: &str, error: &protox_parse::ParseError) -> Vec<Diagnostic> {
    let mut errors: Vec<&dyn miette::Diagnostic> = vec![error];
    errors.extend(error.related().into_iter().flatten());
    errors
        .into_iter()
        .map(|error| {
            let label = error.labels().and_then(|mut labels| labels.next());
            let (range, text_under) = match &label {
                Some(label) => {
                    let start = label.offset().min(text.len());
                    let end = (start + label.len()).min(text.len());
                    (start..end, label.label().unwrap_or("here").to_owned())
                }
                None => (0..0, "here".to_owned()),
            };
            let mut diagnostic =
                Diagnostic::new(Code::Syntax, Span::new(file, range), error.to_string())
                    .with_label(text_under);
            diagnostic = match error.help() {
                Some(help) => diagnostic.with_help(help.to_string()),
                None => {
                    diagnostic.with_help("see https://protobuf.dev/reference/protobuf/proto3-spec/")
                }
            };
            diagnostic
        })
        .collect()
}

pub(super) struct Lowerer<'a> {
    file: FileId,
    text: &'a str,
    dialect: Dialect,
    /// The byte offset at which each line starts.
    lines: Vec<usize>,
    /// The source info of each element, by its path.
    locations: HashMap<Vec<i32>, &'a prost_types::source_code_info::Location>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Lowerer<'a> {
    pub(super) fn new(file: FileId, text: &'a str, descriptor: &'a FileDescriptorProto) -> Self {
        let lines = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(index, _)| index + 1))
            .collect();
        let locations = descriptor
            .source_code_info
            .iter()
            .flat_map(|info| &info.location)
            .map(|location| (location.path.clone(), location))
            .collect();
        Self {
            file,
            text,
            dialect: Dialect::Proto3,
            lines,
            locations,
            diagnostics: Vec::new(),
        }
    }

    pub(super) fn file(&mut self, descriptor: &FileDescriptorProto) -> SchemaFile {
        self.dialect = match descriptor.syntax.as_deref() {
            None | Some("proto2") => Dialect::Proto2,
            Some("proto3") => Dialect::Proto3,
            Some(other) => {
                let span = self.span(&[tag::SYNTAX]);
                self.unsupported(span, &format!("`{other}`"), "syntax");
                Dialect::Proto3
            }
        };
        let package = descriptor.package.as_ref().map(|package| Package {
            segments: package.split('.').map(str::to_owned).collect(),
            span: self.span(&[tag::PACKAGE]),
        });
        let imports = descriptor
            .dependency
            .iter()
            .enumerate()
            .map(|(index, path)| Import {
                path: path.clone(),
                public: descriptor.public_dependency.contains(&(index as i32)),
                span: self.span(&[tag::DEPENDENCY, index as i32]),
            })
            .collect();
        let options = self.options(
            &[tag::FILE_OPTIONS],
            descriptor
                .options
                .as_ref()
                .map(|o| &o.uninterpreted_option[..]),
        );
        let mut items: Vec<Item> = self
            .extends(&descriptor.extension, &[tag::EXTENSION])
            .into_iter()
            .map(Item::Extend)
            .collect();
        for (index, message) in descriptor.message_type.iter().enumerate() {
            let decl = self.message(message, vec![tag::MESSAGE, index as i32]);
            items.push(Item::Message(decl));
        }
        for (index, enumeration) in descriptor.enum_type.iter().enumerate() {
            let decl = self.enumeration(enumeration, vec![tag::ENUM, index as i32]);
            items.push(Item::Enum(decl));
        }
        // Declarations in source order, as a `.schema` file has them.
        items.sort_by_key(|item| match item {
            Item::Message(message) => message.span,
            Item::Enum(enumeration) => enumeration.span,
            Item::Extend(extend) => extend.span,
        });
        let services = descriptor
            .service
            .iter()
            .enumerate()
            .map(|(index, service)| self.service(service, &[tag::SERVICE, index as i32]))
            .collect();
        SchemaFile {
            file: self.file,
            dialect: self.dialect,
            header: self.header(),
            package,
            imports,
            options,
            items,
            services,
        }
    }

    /// The `extend` blocks of `fields`, the extensions of a file or a
    /// message at `path`: each run of fields that extend the same message
    /// is one block, as the source writes them.
    fn extends(&mut self, fields: &[FieldDescriptorProto], path: &[i32]) -> Vec<ExtendDecl> {
        let mut blocks: Vec<ExtendDecl> = Vec::new();
        for (index, field) in fields.iter().enumerate() {
            let field_path = [path, &[index as i32]].concat();
            let decl = self.field(field, &HashMap::new(), &field_path);
            let extendee = field.extendee();
            let extendee_span = self.span(&[&field_path[..], &[tag::FIELD_EXTENDEE]].concat());
            match blocks.last_mut() {
                Some(block)
                    if lookup_text(&block.extendee) == extendee
                        && block.extendee.span == extendee_span =>
                {
                    block.span = block.span.to(decl.span);
                    block.fields.push(decl);
                }
                _ => blocks.push(ExtendDecl {
                    extendee: type_name(extendee, extendee_span),
                    span: decl.span,
                    fields: vec![decl],
                }),
            }
        }
        blocks
    }

    /// The options written on an element, `written` being its options
    /// message's uninterpreted ones and `path` the path of that message
    /// in the source info.
    fn options(
        &mut self,
        path: &[i32],
        written: Option<&[UninterpretedOption]>,
    ) -> Vec<OptionDecl> {
        let written = written.unwrap_or_default();
        let mut options = Vec::with_capacity(written.len());
        for (index, uninterpreted) in written.iter().enumerate() {
            let span = self.span(&[path, &[tag::UNINTERPRETED, index as i32]].concat());
            match self.option(uninterpreted, span) {
                Ok(option) => options.push(option),
                Err(diagnostic) => self.diagnostics.push(diagnostic),
            }
        }
        options
    }

    /// One option, read again from its text at `span`: `option name =
    /// value;` in a body, `name = value` in brackets. Without a span, it is
    /// rebuilt from what protox-parse made of it.
    fn option(
        &self,
        uninterpreted: &UninterpretedOption,
        span: Span,
    ) -> Result<OptionDecl, Diagnostic> {
        let range = span.range();
        let written = self.text.get(range.clone()).unwrap_or_default();
        if written.is_empty() {
            return Ok(rebuilt_option(uninterpreted, span));
        }
        let statement = written.strip_prefix("option");
        let body = statement.unwrap_or(written);
        let body = body.strip_suffix(';').unwrap_or(body);
        let base = range.start + (written.len() - statement.map_or(written.len(), str::len));
        let (name, value) = literal::option_assignment(self.file, body, base)?;
        Ok(OptionDecl { name, value, span })
    }

    fn service(&mut self, descriptor: &ServiceDescriptorProto, path: &[i32]) -> ServiceDecl {
        let at = |more: &[i32]| [path, more].concat();
        let methods = descriptor
            .method
            .iter()
            .enumerate()
            .map(|(index, method)| self.method(method, &at(&[tag::METHOD, index as i32])))
            .collect();
        ServiceDecl {
            docs: self.docs(path),
            name: self.ident(descriptor.name(), &at(&[tag::NAME])),
            methods,
            options: self.options(
                &at(&[tag::SERVICE_OPTIONS]),
                descriptor
                    .options
                    .as_ref()
                    .map(|o| &o.uninterpreted_option[..]),
            ),
            span: self.span(path),
        }
    }

    fn method(&mut self, descriptor: &MethodDescriptorProto, path: &[i32]) -> MethodDecl {
        let at = |more: &[i32]| [path, more].concat();
        let side = |name: &str, name_tag: i32, streaming: bool, stream_tag: i32| MethodType {
            stream: streaming.then(|| self.span(&at(&[stream_tag]))),
            name: type_name(name, self.span(&at(&[name_tag]))),
        };
        MethodDecl {
            docs: self.docs(path),
            name: self.ident(descriptor.name(), &at(&[tag::NAME])),
            input: side(
                descriptor.input_type(),
                tag::METHOD_INPUT,
                descriptor.client_streaming(),
                tag::METHOD_CLIENT_STREAMING,
            ),
            output: side(
                descriptor.output_type(),
                tag::METHOD_OUTPUT,
                descriptor.server_streaming(),
                tag::METHOD_SERVER_STREAMING,
            ),
            options: self.options(
                &at(&[tag::METHOD_OPTIONS]),
                descriptor
                    .options
                    .as_ref()
                    .map(|o| &o.uninterpreted_option[..]),
            ),
            span: self.span(path),
        }
    }

    fn message(&mut self, descriptor: &DescriptorProto, path: Vec<i32>) -> MessageDecl {
        let at = |more: &[i32]| [&path[..], more].concat();
        let mut members: Vec<Member> = self
            .options(
                &at(&[tag::OPTIONS]),
                descriptor
                    .options
                    .as_ref()
                    .map(|o| &o.uninterpreted_option[..]),
            )
            .into_iter()
            .map(Member::Option)
            .collect();
        // Map entries are nested messages the source never declares: a map
        // field stands for them. A group's message is written with its
        // field, and is kept as a nested message.
        let entries: HashMap<&str, &DescriptorProto> = descriptor
            .nested_type
            .iter()
            .filter(|nested| nested.options.as_ref().is_some_and(|o| o.map_entry()))
            .map(|nested| (nested.name(), nested))
            .collect();
        let oneofs: Vec<OneofDecl> = descriptor
            .oneof_decl
            .iter()
            .enumerate()
            .map(|(index, oneof)| {
                let path = at(&[tag::ONEOF, index as i32]);
                OneofDecl {
                    docs: self.docs(&path),
                    name: self.ident(oneof.name(), &[&path[..], &[tag::NAME]].concat()),
                    fields: Vec::new(),
                    options: self.options(
                        &[&path[..], &[tag::ONEOF_OPTIONS]].concat(),
                        oneof.options.as_ref().map(|o| &o.uninterpreted_option[..]),
                    ),
                    span: self.span(&path),
                }
            })
            .collect();
        // Each oneof goes where its first member is, as in the source; a
        // proto3 `optional` field stands in a oneof of its own, which the
        // source never declares.
        let mut placed: Vec<Option<usize>> = vec![None; oneofs.len()];
        for (index, field) in descriptor.field.iter().enumerate() {
            let path = at(&[tag::FIELD, index as i32]);
            let decl = self.field(field, &entries, &path);
            let oneof = field
                .oneof_index
                .filter(|_| !field.proto3_optional())
                .and_then(|oneof| Some((oneof as usize, oneofs.get(oneof as usize)?)));
            let Some((oneof, declared)) = oneof else {
                members.push(Member::Field(decl));
                continue;
            };
            let position = *placed[oneof].get_or_insert_with(|| {
                members.push(Member::Oneof(declared.clone()));
                members.len() - 1
            });
            if let Some(Member::Oneof(oneof)) = members.get_mut(position) {
                oneof.fields.push(decl);
            }
        }
        let mut reserved = Reserved {
            items: Vec::new(),
            span: self.span(&path),
        };
        for (index, range) in descriptor.reserved_range.iter().enumerate() {
            let path = at(&[tag::RESERVED_RANGE, index as i32]);
            reserved
                .items
                .push(self.range(range.start(), range.end(), true, &path));
        }
        for (index, name) in descriptor.reserved_name.iter().enumerate() {
            let path = at(&[tag::RESERVED_NAME, index as i32]);
            reserved
                .items
                .push(ReservedItem::Name(self.ident(name, &path)));
        }
        if !reserved.items.is_empty() {
            members.push(Member::Reserved(reserved));
        }
        // Each range on its own, with the options of its statement.
        for (index, range) in descriptor.extension_range.iter().enumerate() {
            let path = at(&[tag::EXTENSION_RANGE, index as i32]);
            let item = self.range(range.start(), range.end(), true, &path);
            let options = self.options(
                &[&path[..], &[tag::RANGE_OPTIONS]].concat(),
                range.options.as_ref().map(|o| &o.uninterpreted_option[..]),
            );
            members.push(Member::Extensions(ExtensionRanges {
                ranges: Reserved {
                    items: vec![item],
                    span: self.span(&path),
                },
                options,
            }));
        }
        let extends = self.extends(&descriptor.extension, &at(&[tag::NESTED_EXTENSION]));
        members.extend(extends.into_iter().map(Member::Extend));
        for (index, nested) in descriptor.nested_type.iter().enumerate() {
            if entries.contains_key(nested.name()) {
                continue;
            }
            let decl = self.message(nested, at(&[tag::NESTED, index as i32]));
            members.push(Member::Message(decl));
        }
        for (index, nested) in descriptor.enum_type.iter().enumerate() {
            let decl = self.enumeration(nested, at(&[tag::NESTED_ENUM, index as i32]));
            members.push(Member::Enum(decl));
        }
        MessageDecl {
            docs: self.docs(&path),
            name: self.ident(descriptor.name(), &at(&[tag::NAME])),
            members,
            span: self.span(&path),
        }
    }

    fn field(
        &mut self,
        descriptor: &FieldDescriptorProto,
        entries: &HashMap<&str, &DescriptorProto>,
        path: &[i32],
    ) -> FieldDecl {
        let at = |more: &[i32]| [path, more].concat();
        let type_span = match descriptor.type_name {
            Some(_) => self.span(&at(&[tag::FIELD_TYPE_NAME])),
            None => self.span(&at(&[tag::FIELD_TYPE])),
        };
        let element = self.value_type(descriptor, type_span);
        let entry = descriptor
            .type_name
            .as_deref()
            .and_then(|name| entries.get(name.rsplit('.').next().unwrap_or(name)));
        let repeated = descriptor.label() == ProtoLabel::Repeated;
        let ty = match entry {
            Some(entry) if repeated => {
                let part = |number: i32| {
                    entry
                        .field
                        .iter()
                        .find(|field| field.number() == number)
                        .map(|field| self.value_type(field, type_span))
                };
                match (part(1), part(2)) {
                    (Some(key), Some(value)) => TypeExpr::Map {
                        key: Box::new(key),
                        value: Box::new(value),
                        span: type_span,
                    },
                    _ => element,
                }
            }
            _ if repeated => TypeExpr::List {
                element: Box::new(element),
                span: type_span,
            },
            _ => element,
        };
        let label_span = self.span(&at(&[tag::FIELD_LABEL]));
        let label = match descriptor.label() {
            ProtoLabel::Required => Some(LabelKind::Required),
            ProtoLabel::Optional if descriptor.proto3_optional() => Some(LabelKind::Optional),
            ProtoLabel::Optional
                if self.dialect == Dialect::Proto2 && descriptor.oneof_index.is_none() =>
            {
                Some(LabelKind::Optional)
            }
            _ => None,
        }
        .map(|kind| Label {
            kind,
            span: label_span,
        });
        FieldDecl {
            docs: self.docs(path),
            name: self.ident(descriptor.name(), &at(&[tag::NAME])),
            label,
            ty,
            number: IntLit {
                value: i64::from(descriptor.number()),
                span: self.span(&at(&[tag::FIELD_NUMBER])),
            },
            options: self.field_options(descriptor, path),
            group: descriptor.r#type() == Type::Group,
            span: self.span(path),
        }
    }

    /// The options of a field: `default` and `json_name`, which protox-parse
    /// takes out of the others, and the others as written.
    fn field_options(
        &mut self,
        descriptor: &FieldDescriptorProto,
        path: &[i32],
    ) -> Vec<OptionDecl> {
        let at = |more: &[i32]| [path, more].concat();
        let mut options = Vec::new();
        if let Some(default) = &descriptor.default_value {
            let span = self.span(&at(&[tag::FIELD_DEFAULT]));
            let value = match descriptor.r#type {
                None => OptionValue::Name(Ident {
                    name: default.clone(),
                    span,
                }),
                Some(_) => match descriptor.r#type() {
                    Type::String => OptionValue::String(default.clone(), span),
                    Type::Bytes => OptionValue::Bytes(unescape_bytes(default), span),
                    Type::Bool => OptionValue::Bool(default == "true", span),
                    Type::Enum => OptionValue::Name(Ident {
                        name: default.clone(),
                        span,
                    }),
                    // As text, so that `-0` keeps its sign.
                    Type::Float | Type::Double => OptionValue::Number(default.clone(), span),
                    _ => match default.parse::<i64>() {
                        Ok(value) => OptionValue::Integer(IntLit { value, span }),
                        Err(_) => OptionValue::Number(default.clone(), span),
                    },
                },
            };
            options.push(option("default", value, span));
        }
        if let Some(json_name) = &descriptor.json_name {
            let span = self.span(&at(&[tag::FIELD_JSON_NAME]));
            options.push(option(
                "json_name",
                OptionValue::String(json_name.clone(), span),
                span,
            ));
        }
        let written = descriptor
            .options
            .as_ref()
            .map(|o| &o.uninterpreted_option[..]);
        options.extend(self.options(&at(&[tag::FIELD_OPTIONS]), written));
        options
    }

    /// The type of a field's value, as the `.schema` language spells it.
    fn value_type(&self, descriptor: &FieldDescriptorProto, span: Span) -> TypeExpr {
        let name = match descriptor.r#type {
            Some(_) if descriptor.type_name.is_none() => scalar_name(descriptor.r#type()),
            _ => descriptor.type_name.as_deref().unwrap_or_default(),
        };
        TypeExpr::Named(type_name(name, span))
    }

    fn enumeration(&mut self, descriptor: &EnumDescriptorProto, path: Vec<i32>) -> EnumDecl {
        let at = |more: &[i32]| [&path[..], more].concat();
        let values = descriptor
            .value
            .iter()
            .enumerate()
            .map(|(index, value)| {
                let path = at(&[tag::VALUE, index as i32]);
                EnumValueDecl {
                    docs: self.docs(&path),
                    name: self.ident(value.name(), &[&path[..], &[tag::NAME]].concat()),
                    number: IntLit {
                        value: i64::from(value.number()),
                        span: self.span(&[&path[..], &[tag::VALUE_NUMBER]].concat()),
                    },
                    options: self.options(
                        &[&path[..], &[tag::VALUE_OPTIONS]].concat(),
                        value.options.as_ref().map(|o| &o.uninterpreted_option[..]),
                    ),
                    span: self.span(&path),
                }
            })
            .collect();
        let mut reserved = Reserved {
            items: Vec::new(),
            span: self.span(&path),
        };
        for (index, range) in descriptor.reserved_range.iter().enumerate() {
            let path = at(&[tag::ENUM_RESERVED_RANGE, index as i32]);
            reserved
                .items
                .push(self.range(range.start(), range.end(), false, &path));
        }
        for (index, name) in descriptor.reserved_name.iter().enumerate() {
            let path = at(&[tag::ENUM_RESERVED_NAME, index as i32]);
            reserved
                .items
                .push(ReservedItem::Name(self.ident(name, &path)));
        }
        let options = self.options(
            &at(&[tag::ENUM_OPTIONS]),
            descriptor
                .options
                .as_ref()
                .map(|o| &o.uninterpreted_option[..]),
        );
        EnumDecl {
            docs: self.docs(&path),
            name: self.ident(descriptor.name(), &at(&[tag::NAME])),
            values,
            reserved: if reserved.items.is_empty() {
                Vec::new()
            } else {
                vec![reserved]
            },
            options,
            span: self.span(&path),
        }
    }

    /// A reserved or extension range: a descriptor's message ranges end
    /// before their `end` (`exclusive`), an enum's at it.
    fn range(&mut self, start: i32, end: i32, exclusive: bool, path: &[i32]) -> ReservedItem {
        let span = self.span(path);
        let last = if exclusive { end - 1 } else { end };
        let start = IntLit {
            value: i64::from(start),
            span,
        };
        if start.value == i64::from(last) {
            return ReservedItem::Number(start);
        }
        let end = (!(exclusive && end == PAST_MAX_FIELD_NUMBER)).then_some(IntLit {
            value: i64::from(last),
            span,
        });
        ReservedItem::Range { start, end, span }
    }

    fn ident(&self, name: &str, path: &[i32]) -> Ident {
        Ident {
            name: name.to_owned(),
            span: self.span(path),
        }
    }

    /// Reports `what`, which schemac does not support, at `span`.
    fn unsupported(&mut self, span: Span, what: &str, construct: &str) {
        self.diagnostics.push(
            Diagnostic::new(
                Code::Unsupported,
                span,
                format!("{what} is not supported yet"),
            )
            .with_label(format!("`{construct}` is not supported")),
        );
    }

    /// The span of the element at `path`; the file's start when the source
    /// info has none.
    fn span(&self, path: &[i32]) -> Span {
        let Some(location) = self.locations.get(path) else {
            return Span::new(self.file, 0..0);
        };
        let offset = |line: i32, column: i32| {
            let start = self
                .lines
                .get(line as usize)
                .copied()
                .unwrap_or(self.text.len());
            (start + column.max(0) as usize).min(self.text.len())
        };
        let range = match location.span[..] {
            [line, start, end] => offset(line, start)..offset(line, end),
            [start_line, start, end_line, end] => offset(start_line, start)..offset(end_line, end),
            _ => 0..0,
        };
        Span::new(self.file, range)
    }

    /// The comments around the `syntax` and `package` statements, which
    /// document no declaration, in source order, with an empty line
    /// between comments.
    fn header(&self) -> Docs {
        let mut statements: Vec<_> = [[tag::SYNTAX], [tag::PACKAGE]]
            .iter()
            .filter_map(|path| self.locations.get(&path[..]))
            .collect();
        statements.sort_by_key(|location| location.span.first().copied());
        let comments = statements.into_iter().flat_map(|location| {
            let detached = location.leading_detached_comments.iter();
            detached
                .chain(&location.leading_comments)
                .chain(&location.trailing_comments)
        });
        let mut lines = Docs::new();
        for comment in comments {
            if !lines.is_empty() {
                lines.push(String::new());
            }
            let mut comment = comment_lines(comment);
            // A comment that ends in an empty `//` line needs no second one.
            while comment.last().is_some_and(String::is_empty) {
                comment.pop();
            }
            lines.extend(comment);
        }
        lines
    }

    /// The comments before the element at `path` and after it on its
    /// line, as doc lines.
    fn docs(&self, path: &[i32]) -> Docs {
        let Some(location) = self.locations.get(path) else {
            return Docs::new();
        };
        [&location.leading_comments, &location.trailing_comments]
            .into_iter()
            .flatten()
            .flat_map(|comment| comment_lines(comment))
            .collect()
    }
}

/// A type name as a descriptor writes it: `.shop.Order`, `Order`.
fn type_name(name: &str, span: Span) -> TypeName {
    TypeName {
        absolute: name.starts_with('.'),
        segments: name
            .trim_start_matches('.')
            .split('.')
            .map(str::to_owned)
            .collect(),
        span,
    }
}

/// The text of a type name as written: `.shop.Order`, `Order`.
fn lookup_text(name: &TypeName) -> String {
    let dot = if name.absolute { "." } else { "" };
    format!("{dot}{}", name.segments.join("."))
}

fn option(name: &str, value: OptionValue, span: Span) -> OptionDecl {
    OptionDecl {
        name: OptionName::simple(name, span),
        value,
        span,
    }
}

/// An option as protox-parse read it, at `span`, for an option whose text
/// the source info does not locate.
fn rebuilt_option(uninterpreted: &UninterpretedOption, span: Span) -> OptionDecl {
    let parts = uninterpreted
        .name
        .iter()
        .map(|part| OptionNamePart {
            name: part.name_part.clone(),
            extension: part.is_extension,
            span,
        })
        .collect();
    let value = if let Some(identifier) = &uninterpreted.identifier_value {
        match identifier.as_str() {
            "true" => OptionValue::Bool(true, span),
            "false" => OptionValue::Bool(false, span),
            _ => OptionValue::Name(Ident {
                name: identifier.clone(),
                span,
            }),
        }
    } else if let Some(value) = uninterpreted.positive_int_value {
        match i64::try_from(value) {
            Ok(value) => OptionValue::Integer(IntLit { value, span }),
            Err(_) => OptionValue::Number(value.to_string(), span),
        }
    } else if let Some(value) = uninterpreted.negative_int_value {
        OptionValue::Integer(IntLit { value, span })
    } else if let Some(value) = uninterpreted.double_value {
        OptionValue::Number(value.to_string(), span)
    } else if let Some(bytes) = &uninterpreted.string_value {
        match String::from_utf8(bytes.clone()) {
            Ok(text) => OptionValue::String(text, span),
            Err(error) => OptionValue::Bytes(error.into_bytes(), span),
        }
    } else {
        let text = uninterpreted.aggregate_value.as_deref().unwrap_or_default();
        let literal = format!("{{{text}}}");
        literal::option_value(span.file, &literal, span.start as usize).unwrap_or(
            OptionValue::Name(Ident {
                name: text.to_owned(),
                span,
            }),
        )
    };
    OptionDecl {
        name: OptionName { parts, span },
        value,
        span,
    }
}

/// The `.schema` spelling of a scalar type.
fn scalar_name(ty: Type) -> &'static str {
    match ty {
        Type::Double => "f64",
        Type::Float => "f32",
        Type::Int64 => "i64",
        Type::Uint64 => "u64",
        Type::Int32 => "i32",
        Type::Fixed64 => "fixed64",
        Type::Fixed32 => "fixed32",
        Type::Bool => "bool",
        Type::String => "string",
        Type::Bytes => "bytes",
        Type::Uint32 => "u32",
        Type::Sfixed32 => "sfixed32",
        Type::Sfixed64 => "sfixed64",
        Type::Sint32 => "sint32",
        Type::Sint64 => "sint64",
        // Named types carry a type name; groups are refused before this.
        Type::Group | Type::Message | Type::Enum => "bytes",
    }
}

/// A comment's lines, each without the one space after `//` that protobuf
/// style puts there, and without the empty line after its last newline.
fn comment_lines(comment: &str) -> Vec<String> {
    let comment = comment.strip_suffix('\n').unwrap_or(comment);
    comment
        .split('\n')
        .map(|line| line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned())
        .collect()
}

/// The bytes of a `bytes` default, which protox-parse writes with C
/// escapes: `\n`, `\t`, `\r`, `\\`, `\'`, `\"` and octal `\ooo`.
fn unescape_bytes(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        index += 1;
        if byte != b'\\' || index == bytes.len() {
            out.push(byte);
            continue;
        }
        let escaped = bytes[index];
        index += 1;
        out.push(match escaped {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'0'..=b'7' => {
                let mut value = u32::from(escaped - b'0');
                for _ in 0..2 {
                    match bytes.get(index) {
                        Some(&digit @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(digit - b'0');
                            index += 1;
                        }
                        _ => break,
                    }
                }
                value as u8
            }
            other => other,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_defaults_unescape() {
        assert_eq!(unescape_bytes(r#"a\000\377\n\\\'\""#), b"a\0\xff\n\\'\"");
    }

    #[test]
    fn comments_lose_one_space_and_the_last_newline() {
        assert_eq!(
            comment_lines(" An order.\n  Indented.\n"),
            ["An order.", " Indented."]
        );
    }
}
