//! Pass 1 of resolve: every declaration into the model's arenas, with each
//! message's options, and the symbol table of full names.
//!
//! Files are walked in [`FileId`] order and declarations in pre-order, so ids
//! are deterministic. Fields and oneofs are left empty here: they need the
//! complete symbol table, which exists only once every file is collected.

use std::collections::BTreeMap;

use super::features::Features;
use super::options;
use crate::ast::{
    self, Dialect, EnumDecl, ExtendDecl, FieldDecl, Item, Member, MessageDecl, ReservedItem,
    ServiceDecl,
};
use crate::builtin::{self, TYPES_PACKAGE};
use crate::diagnostic::{Code, Diagnostic};
use crate::load::{Loaded, LoadedFile};
use crate::model::{
    Enum, EnumId, EnumValue, Extension, ExtensionId, Field, FieldType, File, MAX_ENUM_NUMBER,
    MAX_FIELD_NUMBER, MESSAGE_SET_MAX_NUMBER, Message, MessageId, Options, Reserved, ReservedRange,
    Scalar, Schema, Service, ValueType, WellKnown,
};
use crate::source::{FileId, Span};

/// What a full name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Symbol {
    /// A package or a prefix of one.
    Package,
    /// A message.
    Message(MessageId),
    /// An enum.
    Enum(EnumId),
    /// A type the runtime provides, declared in a file schemac ships:
    /// `schemac.Decimal` is `decimal`, `google.protobuf.Timestamp` the
    /// well-known type.
    Provided(ValueType),
    /// A service, by its index in [`Schema::services`]: a name in the
    /// package's scope, as protobuf has it, but not a type.
    Service(usize),
    /// An extension: a name in the scope it is declared in, not a type.
    Extension(ExtensionId),
}

/// Every full name, packages and their prefixes included, with the span of
/// its first declaration; the first declaration of a name wins.
pub(super) type Symbols = BTreeMap<String, (Symbol, Span)>;

/// The model without fields or oneofs, the symbol table, and the message
/// bodies still to lower.
pub(super) struct Collected<'a> {
    /// The model so far.
    pub schema: Schema,
    /// Every full name.
    pub symbols: Symbols,
    /// Each message with the declaration its fields come from.
    pub bodies: Vec<(MessageId, &'a MessageDecl)>,
    /// Each service, by its index in [`Schema::services`], with the
    /// declaration its methods come from.
    pub services: Vec<(usize, &'a ServiceDecl)>,
    /// Each extension with the declaration its field comes from, and the
    /// `extend` block that names the message it extends.
    pub extensions: Vec<(ExtensionId, &'a ExtendDecl, &'a FieldDecl)>,
    /// The features of each message, by [`MessageId`], which its fields
    /// start from.
    pub message_features: Vec<Features>,
    /// The features of each file, by [`FileId`], which its top-level
    /// extensions start from.
    pub file_features: Vec<Features>,
}

/// Collects every file of `loaded`, reporting duplicate full names and
/// types named like scalars.
pub(super) fn collect<'a>(loaded: &'a Loaded, diagnostics: &mut Vec<Diagnostic>) -> Collected<'a> {
    let mut collector = Collector {
        schema: Schema::default(),
        symbols: Symbols::new(),
        bodies: Vec::new(),
        services: Vec::new(),
        extensions: Vec::new(),
        message_features: Vec::new(),
        file_features: Vec::new(),
        diagnostics,
    };
    // Packages go in first, so that a type clashing with a package is
    // reported whichever file comes first.
    for file in &loaded.files {
        collector.package(file);
    }
    for (index, file) in loaded.files.iter().enumerate() {
        let id = FileId(index as u32);
        collector.file(id, loaded.sources.get(id).name(), file);
    }
    Collected {
        schema: collector.schema,
        symbols: collector.symbols,
        bodies: collector.bodies,
        services: collector.services,
        extensions: collector.extensions,
        message_features: collector.message_features,
        file_features: collector.file_features,
    }
}

/// `name` inside `scope`: `shop` and `Order` give `shop.Order`.
pub(super) fn qualify(scope: &str, name: &str) -> String {
    if scope.is_empty() {
        name.to_owned()
    } else {
        format!("{scope}.{name}")
    }
}

struct Collector<'a, 'd> {
    schema: Schema,
    symbols: Symbols,
    bodies: Vec<(MessageId, &'a MessageDecl)>,
    services: Vec<(usize, &'a ServiceDecl)>,
    extensions: Vec<(ExtensionId, &'a ExtendDecl, &'a FieldDecl)>,
    message_features: Vec<Features>,
    file_features: Vec<Features>,
    diagnostics: &'d mut Vec<Diagnostic>,
}

/// Where a declaration sits.
struct Place<'p> {
    file: FileId,
    package: &'p [String],
    parent: Option<MessageId>,
    /// The full name of the enclosing message, or the package.
    scope: &'p str,
    /// The file's dialect.
    dialect: Dialect,
    /// The features of the enclosing message, or the file's.
    features: Features,
}

impl<'a> Collector<'a, '_> {
    fn package(&mut self, file: &LoadedFile) {
        let Some(package) = &file.ast.package else {
            return;
        };
        let shipped = [builtin::TYPES_PROTO_NAME, builtin::OPTIONS_PROTO_NAME];
        if package.segments == [TYPES_PACKAGE] && !shipped.contains(&file.import_name.as_str()) {
            self.diagnostics.push(Diagnostic::new(
                Code::ReservedPackage,
                package.span,
                format!("the package `{TYPES_PACKAGE}` is reserved for schemac's built-in types"),
            ));
        }
        for end in 1..=package.segments.len() {
            let name = package.segments.get(..end).unwrap_or_default().join(".");
            self.symbols
                .entry(name)
                .or_insert((Symbol::Package, package.span));
        }
    }

    fn file(&mut self, id: FileId, name: &str, loaded: &'a LoadedFile) {
        let package = loaded
            .ast
            .package
            .as_ref()
            .map(|package| package.segments.clone())
            .unwrap_or_default();
        let scope = package.join(".");
        let dialect = loaded.ast.dialect;
        let features = Features::of(dialect).with(dialect, &loaded.ast.options);
        self.file_features.push(features);
        let place = Place {
            file: id,
            package: &package,
            parent: None,
            scope: &scope,
            dialect,
            features,
        };
        let mut messages = Vec::new();
        let mut enums = Vec::new();
        let mut extensions = Vec::new();
        let provided = builtin::provides_types(&loaded.import_name);
        for item in &loaded.ast.items {
            match item {
                _ if provided => self.provided(item, &scope),
                Item::Message(decl) => messages.push(self.message(decl, &place)),
                Item::Enum(decl) => enums.push(self.enumeration(decl, &place)),
                Item::Extend(decl) => extensions.extend(self.extend(decl, &place)),
            }
        }
        if !provided {
            for decl in &loaded.ast.services {
                self.service(decl, &place);
            }
        }
        self.schema.files.push(File {
            id,
            name: name.to_owned(),
            import_name: loaded.import_name.clone(),
            package: package.clone(),
            package_span: loaded.ast.package.as_ref().map(|package| package.span),
            dialect: loaded.ast.dialect,
            header: loaded.ast.header.clone(),
            imports: (loaded.imports.iter())
                .filter(|import| !import.option)
                .map(|import| import.file)
                .collect(),
            public_imports: (loaded.imports.iter())
                .filter(|import| import.public)
                .map(|import| import.file)
                .collect(),
            option_imports: (loaded.imports.iter())
                .filter(|import| import.option)
                .map(|import| import.file)
                .collect(),
            provided,
            implicit: loaded.implicit,
            options: Options::default(),
            messages,
            enums,
            extensions,
        });
    }

    /// Registers a top-level type of a file whose types the runtime
    /// provides as the type it stands for; the others (`schemac.ValueList`)
    /// are not visible.
    fn provided(&mut self, item: &Item, scope: &str) {
        let name = match item {
            Item::Message(decl) => &decl.name,
            Item::Enum(decl) => &decl.name,
            Item::Extend(_) => return,
        };
        let full_name = qualify(scope, &name.name);
        let ty = match full_name.as_str() {
            "schemac.Decimal" => ValueType::Scalar(Scalar::Decimal),
            "schemac.Value" => ValueType::Scalar(Scalar::Value),
            _ => match WellKnown::from_full_name(&full_name) {
                Some(known) => ValueType::WellKnown(known),
                None => return,
            },
        };
        self.register(&full_name, Symbol::Provided(ty), name.span);
    }

    fn message(&mut self, decl: &'a MessageDecl, place: &Place<'_>) -> MessageId {
        let id = MessageId(self.schema.messages.len() as u32);
        let full_name = qualify(place.scope, &decl.name.name);
        self.check_name(&decl.name, "message");
        self.register(&full_name, Symbol::Message(id), decl.name.span);
        self.schema.messages.push(Message {
            name: decl.name.name.clone(),
            full_name: full_name.clone(),
            file: place.file,
            package: place.package.to_vec(),
            parent: place.parent,
            visibility: decl.visibility,
            docs: decl.docs.clone(),
            fields: Vec::new(),
            oneofs: Vec::new(),
            messages: Vec::new(),
            enums: Vec::new(),
            reserved: Reserved::default(),
            extension_ranges: Vec::new(),
            extension_range_options: Vec::new(),
            extensions: Vec::new(),
            options: Options::default(),
            keep_unknown_fields: None,
            recursive: false,
            rust_attributes: Vec::new(),
            span: decl.name.span,
        });
        let options = decl.members.iter().filter_map(|member| match member {
            Member::Option(option) => Some(option),
            _ => None,
        });
        let features = place.features.with(place.dialect, options);
        self.message_features.push(features);
        let inner = Place {
            parent: Some(id),
            scope: &full_name,
            features,
            ..*place
        };
        let mut messages = Vec::new();
        let mut enums = Vec::new();
        let mut reserved = Reserved::default();
        let mut ranges = Reserved::default();
        let mut extensions = Vec::new();
        let options = options::message_options(decl, place.dialect, &full_name, self.diagnostics);
        // A message set's `extensions 4 to max` reach `i32::MAX - 1`, as a
        // `.proto` file's do.
        let extension_max = match options.message_set {
            true => MESSAGE_SET_MAX_NUMBER,
            false => MAX_FIELD_NUMBER,
        };
        for member in &decl.members {
            match member {
                Member::Message(nested) => messages.push(self.message(nested, &inner)),
                Member::Enum(nested) => enums.push(self.enumeration(nested, &inner)),
                Member::Reserved(items) => lower_reserved(items, MAX_FIELD_NUMBER, &mut reserved),
                Member::Extensions(items) => {
                    lower_reserved(&items.ranges, extension_max, &mut ranges)
                }
                Member::Extend(extend) => extensions.extend(self.extend(extend, &inner)),
                Member::Field(_) | Member::Oneof(_) | Member::Option(_) => {}
            }
        }
        if let Some(message) = self.schema.messages.get_mut(id.0 as usize) {
            message.messages = messages;
            message.enums = enums;
            message.reserved = reserved;
            message.extension_range_options = vec![Options::default(); ranges.ranges.len()];
            message.extension_ranges = ranges.ranges;
            message.extensions = extensions;
            message.keep_unknown_fields = options.keep_unknown_fields;
            message.rust_attributes = options.rust_attributes;
        }
        self.bodies.push((id, decl));
        id
    }

    /// Adds the service `decl`, without its methods, which need every type.
    fn service(&mut self, decl: &'a ServiceDecl, place: &Place<'_>) {
        let index = self.schema.services.len();
        let full_name = qualify(place.scope, &decl.name.name);
        self.register(&full_name, Symbol::Service(index), decl.name.span);
        self.schema.services.push(Service {
            name: decl.name.name.clone(),
            full_name,
            file: place.file,
            package: place.package.to_vec(),
            docs: decl.docs.clone(),
            methods: Vec::new(),
            options: Options::default(),
            span: decl.name.span,
        });
        self.services.push((index, decl));
    }

    /// Adds the extensions of the `extend` block `decl`, declared at
    /// `place`, without their types or the message they extend, which
    /// need every type.
    fn extend(&mut self, decl: &'a ExtendDecl, place: &Place<'_>) -> Vec<ExtensionId> {
        let mut ids = Vec::with_capacity(decl.fields.len());
        for field in &decl.fields {
            let id = ExtensionId(self.schema.extensions.len() as u32);
            let full_name = qualify(place.scope, &field.name.name);
            self.register(&full_name, Symbol::Extension(id), field.name.span);
            self.schema.extensions.push(Extension {
                field: Field {
                    name: field.name.name.clone(),
                    full_name,
                    number: field.number.value,
                    docs: field.docs.clone(),
                    ty: FieldType::Optional(ValueType::Scalar(Scalar::Bytes)),
                    oneof: None,
                    boxed: false,
                    default: None,
                    packed: false,
                    json_name: None,
                    rust_attributes: Vec::new(),
                    delimited: field.group,
                    options: Options::default(),
                    name_span: field.name.span,
                    number_span: field.number.span,
                    type_span: field.ty.span(),
                },
                extendee: None,
                file: place.file,
                package: place.package.to_vec(),
                parent: place.parent,
                extendee_span: decl.extendee.span,
            });
            self.extensions.push((id, decl, field));
            ids.push(id);
        }
        ids
    }

    fn enumeration(&mut self, decl: &EnumDecl, place: &Place<'_>) -> EnumId {
        let id = EnumId(self.schema.enums.len() as u32);
        let full_name = qualify(place.scope, &decl.name.name);
        self.check_name(&decl.name, "enum");
        self.register(&full_name, Symbol::Enum(id), decl.name.span);
        let mut reserved = Reserved::default();
        for items in &decl.reserved {
            lower_reserved(items, MAX_ENUM_NUMBER, &mut reserved);
        }
        let values = decl
            .values
            .iter()
            .map(|value| EnumValue {
                name: value.name.name.clone(),
                number: value.number.value,
                docs: value.docs.clone(),
                options: Options::default(),
                name_span: value.name.span,
                number_span: value.number.span,
            })
            .collect();
        let options = options::enum_options(decl, place.dialect, &full_name, self.diagnostics);
        let features = place.features.with(place.dialect, &decl.options);
        self.schema.enums.push(Enum {
            // `option closed = true;` in a `.schema` file.
            closed: features.closed_enums || options.closed,
            allow_alias: options.allow_alias,
            name: decl.name.name.clone(),
            full_name,
            file: place.file,
            package: place.package.to_vec(),
            parent: place.parent,
            visibility: decl.visibility,
            docs: decl.docs.clone(),
            values,
            reserved,
            rust_attributes: options.rust_attributes,
            options: Options::default(),
            span: decl.name.span,
        });
        id
    }

    /// Reports a type named like a scalar.
    fn check_name(&mut self, name: &ast::Ident, kind: &str) {
        if let Some(scalar) = Scalar::from_name(&name.name) {
            let scalar = scalar.name();
            self.diagnostics.push(
                Diagnostic::new(
                    Code::ScalarTypeName,
                    name.span,
                    format!("the {kind} `{scalar}` has the name of a scalar type"),
                )
                .with_help(format!(
                    "a field of type `{scalar}` always means the scalar, never this {kind}; rename the {kind}"
                )),
            );
        }
    }

    /// Adds `full_name` to the symbol table, or reports it as a duplicate.
    fn register(&mut self, full_name: &str, symbol: Symbol, span: Span) {
        let Some(&(existing, first_span)) = self.symbols.get(full_name) else {
            self.symbols.insert(full_name.to_owned(), (symbol, span));
            return;
        };
        let this_kind = kind(symbol);
        let (message, text) = match existing {
            Symbol::Package => (
                format!("the {this_kind} `{full_name}` has the name of a package"),
                "the package is declared here".to_owned(),
            ),
            _ => {
                let first_kind = kind(existing);
                let message = if first_kind == this_kind {
                    format!("the {this_kind} `{full_name}` is declared twice")
                } else {
                    format!(
                        "`{full_name}` is declared as both {} and {}",
                        with_article(first_kind),
                        with_article(this_kind)
                    )
                };
                (message, "first declared here".to_owned())
            }
        };
        self.diagnostics.push(
            Diagnostic::new(Code::DuplicateType, span, message).with_secondary(first_span, text),
        );
    }
}

fn kind(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Package => "package",
        Symbol::Message(_) | Symbol::Provided(_) => "message",
        Symbol::Enum(_) => "enum",
        Symbol::Service(_) => "service",
        Symbol::Extension(_) => "extension",
    }
}

fn with_article(kind: &str) -> String {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {kind}")
    } else {
        format!("a {kind}")
    }
}

/// Adds the items of one `reserved` declaration to `reserved`; `max` stands
/// for `max_number`.
fn lower_reserved(items: &ast::Reserved, max_number: i64, reserved: &mut Reserved) {
    for item in &items.items {
        match item {
            ReservedItem::Number(number) => reserved.ranges.push(ReservedRange {
                start: number.value,
                end: number.value,
                span: number.span,
            }),
            ReservedItem::Range { start, end, span } => reserved.ranges.push(ReservedRange {
                start: start.value,
                end: end.map_or(max_number, |end| end.value),
                span: *span,
            }),
            ReservedItem::Name(name) => reserved.names.push((name.name.clone(), name.span)),
        }
    }
}
