//! The syntax tree of one `.schema` or `.proto` file, as written.
//!
//! Plain data with spans; the syntax stage builds it, from either language,
//! and resolve reads it. Nothing here knows about either parser, and
//! nothing is resolved yet: type names are still text. A `.proto` file's
//! tree spells its types as the `.schema` language does (`int32` is `i32`,
//! `repeated T` is `list<T>`), so resolve reads both alike; [`Dialect`] says
//! which rules of presence and packing apply.
//! Services are beside the types: [`SchemaFile::services`].

pub use crate::language::{Dialect, Docs, Edition, RefKind, Visibility};
use crate::source::{FileId, Span};

/// One parsed schema file.
#[derive(Clone, Debug, PartialEq)]
pub struct SchemaFile {
    /// The file it came from.
    pub file: FileId,
    /// The language and version it is written in.
    pub dialect: Dialect,
    /// The comments at the head of the file that document no declaration,
    /// as lines (a licence, a description of the file), with an empty line
    /// between paragraphs. Only the `.proto` front end reads them.
    pub header: Docs,
    /// The `package` declaration, if any.
    pub package: Option<Package>,
    /// The `import` declarations, in order.
    pub imports: Vec<Import>,
    /// The file's options: `option java_package = "...";`.
    pub options: Vec<OptionDecl>,
    /// Top-level messages, enums and `extend` blocks, in order.
    pub items: Vec<Item>,
    /// The services, in order.
    pub services: Vec<ServiceDecl>,
}

/// `package shop.v1;`
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    /// The dotted name's segments: `["shop", "v1"]`.
    pub segments: Vec<String>,
    /// The name's span.
    pub span: Span,
}

/// `import "common.schema";`
#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    /// The path as written, without quotes.
    pub path: String,
    /// `import public`: a file that imports this one sees the imported
    /// file's types too.
    pub public: bool,
    /// `import option` (edition 2024): only the imported file's
    /// extensions are seen, and only in option names.
    pub option: bool,
    /// The span of the quoted path.
    pub span: Span,
}

/// A top-level or nested declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `message Name { ... }`
    Message(MessageDecl),
    /// `enum Name { ... }`
    Enum(EnumDecl),
    /// `extend Name { ... }`
    Extend(ExtendDecl),
}

/// `extend google.protobuf.FieldOptions { fields }`: fields of another
/// message, declared in this file's scope (or a message's, when nested).
#[derive(Clone, Debug, PartialEq)]
pub struct ExtendDecl {
    /// The message extended, as written.
    pub extendee: TypeName,
    /// The extension fields, in order; each is written like a field.
    pub fields: Vec<FieldDecl>,
    /// The whole declaration.
    pub span: Span,
}

/// A name with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// An integer literal; enum values may be negative.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IntLit {
    /// The value.
    pub value: i64,
    /// Where it is written.
    pub span: Span,
}

/// `message Name { members }`
#[derive(Clone, Debug, PartialEq)]
pub struct MessageDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The message's name.
    pub name: Ident,
    /// `export` or `local` before `message` (edition 2024), if written.
    pub visibility: Option<Visibility>,
    /// Fields, oneofs, reserved declarations, options and nested types, in
    /// order.
    pub members: Vec<Member>,
    /// The whole declaration.
    pub span: Span,
}

/// One member of a message body.
#[derive(Clone, Debug, PartialEq)]
pub enum Member {
    /// `name: type = number;`
    Field(FieldDecl),
    /// `oneof name { ... }`
    Oneof(OneofDecl),
    /// `reserved 4, 8 to 10, old_name;`
    Reserved(Reserved),
    /// `option keep_unknown_fields = true;`
    Option(OptionDecl),
    /// `extensions 100 to 199;`: numbers kept for extensions, which no
    /// field may use.
    Extensions(ExtensionRanges),
    /// A nested message.
    Message(MessageDecl),
    /// A nested enum.
    Enum(EnumDecl),
    /// A nested `extend` block: extensions named in the message's scope.
    Extend(ExtendDecl),
}

/// `extensions 100 to 199, 1000 to max [verification = UNVERIFIED];`
#[derive(Clone, Debug, PartialEq)]
pub struct ExtensionRanges {
    /// The ranges, as a `reserved` declaration writes them.
    pub ranges: Reserved,
    /// The options in brackets after the ranges, which each range gets.
    pub options: Vec<OptionDecl>,
}

/// `name: optional type = number [options];`
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The field's name.
    pub name: Ident,
    /// `optional` or `required`, if written.
    pub label: Option<Label>,
    /// The field's type.
    pub ty: TypeExpr,
    /// The field number.
    pub number: IntLit,
    /// The options in brackets after the number: `[default = 3]`.
    pub options: Vec<OptionDecl>,
    /// Whether it is a proto2 `group`: its type is the message declared
    /// with it (nested beside it, under the capitalized name), and its
    /// value is delimited by start and end tags on the wire rather than
    /// by a length.
    pub group: bool,
    /// The whole declaration.
    pub span: Span,
}

/// A field's label, which gives it presence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// Which label.
    pub kind: LabelKind,
    /// The span of the keyword.
    pub span: Span,
}

/// The labels a field may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelKind {
    /// `optional`: explicit presence.
    Optional,
    /// `required`: presence, and decoding fails without it.
    Required,
}

/// `option name = value;` in a body, or `name = value` in a field's
/// brackets.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionDecl {
    /// The option's name.
    pub name: OptionName,
    /// Its value.
    pub value: OptionValue,
    /// The whole declaration.
    pub span: Span,
}

/// An option's name: `deprecated`, `(google.api.http)`,
/// `(validate.rules).string.min_len`. Each part names a field of the
/// message the part before it is, the first one of the element's options
/// message; a part in parentheses names an extension.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionName {
    /// The parts, in order; never empty.
    pub parts: Vec<OptionNamePart>,
    /// The whole name.
    pub span: Span,
}

impl OptionName {
    /// A name of one plain part, as schemac's own options are: `packed`.
    pub fn simple(name: &str, span: Span) -> Self {
        OptionName {
            parts: vec![OptionNamePart {
                name: name.to_owned(),
                extension: false,
                span,
            }],
            span,
        }
    }

    /// The name, when it is one plain part (`packed`, `java_package`);
    /// `None` for a custom option or a path.
    pub fn as_simple(&self) -> Option<&str> {
        match &self.parts[..] {
            [part] if !part.extension => Some(&part.name),
            _ => None,
        }
    }
}

impl std::fmt::Display for OptionName {
    /// The name as protobuf writes it: `(validate.rules).string`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (index, part) in self.parts.iter().enumerate() {
            if index > 0 {
                f.write_str(".")?;
            }
            match part.extension {
                true => write!(f, "({})", part.name)?,
                false => f.write_str(&part.name)?,
            }
        }
        Ok(())
    }
}

/// One part of an option's name.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionNamePart {
    /// A field's name, or an extension's name as written in the
    /// parentheses, dots included (`google.api.http`, `.foo.bar`).
    pub name: String,
    /// Whether it is in parentheses: an extension.
    pub extension: bool,
    /// Where it is written, parentheses included.
    pub span: Span,
}

/// The value of an option, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// `true` or `false`.
    Bool(bool, Span),
    /// An integer, possibly negative, that fits in 64 bits.
    Integer(IntLit),
    /// Any other number, as written: a float (`1.5`, `-2e10`), `inf`,
    /// `-inf`, `nan`, or an integer too large for [`IntLit`].
    Number(String, Span),
    /// A string, unescaped.
    String(String, Span),
    /// Bytes that need not be UTF-8: a `.proto` file's `bytes` default.
    Bytes(Vec<u8>, Span),
    /// Any other name.
    Name(Ident),
    /// A message in protobuf's text format: `{ get: "/v1/{name}" }`.
    Aggregate(MessageLiteral),
}

impl OptionValue {
    /// Where the value is written.
    pub fn span(&self) -> Span {
        match self {
            OptionValue::Bool(_, span)
            | OptionValue::Number(_, span)
            | OptionValue::String(_, span)
            | OptionValue::Bytes(_, span) => *span,
            OptionValue::Integer(int) => int.span,
            OptionValue::Name(name) => name.span,
            OptionValue::Aggregate(message) => message.span,
        }
    }
}

/// A message written in protobuf's text format, as an aggregate option
/// value is: `{ get: "/v1/{name=*}" additional_bindings { post: "/v1" } }`.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageLiteral {
    /// The fields, in the order written; a repeated field may be written
    /// more than once.
    pub fields: Vec<LiteralField>,
    /// The whole literal, braces included.
    pub span: Span,
}

/// `name: value` in a [`MessageLiteral`].
#[derive(Clone, Debug, PartialEq)]
pub struct LiteralField {
    /// The field's name.
    pub name: LiteralName,
    /// Its value, or values when written as a list.
    pub value: LiteralValue,
    /// The whole field.
    pub span: Span,
}

/// The name of a field in a [`MessageLiteral`].
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralName {
    /// A field by its name, or a group by its message's name.
    Field(Ident),
    /// `[pkg.ext]`: an extension.
    Extension(TypeName),
    /// `[type.googleapis.com/pkg.Message]`: the message an `Any` holds,
    /// written out.
    Any {
        /// The part before the last `/`: `type.googleapis.com`.
        prefix: String,
        /// The message's full name.
        type_name: TypeName,
    },
}

/// A value in a [`MessageLiteral`].
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralValue {
    /// A scalar or an enum value's name; never [`OptionValue::Aggregate`].
    Scalar(OptionValue),
    /// A message: `{ ... }` or `< ... >`.
    Message(MessageLiteral),
    /// `[a, b]`: the values of a repeated field.
    List(Vec<LiteralValue>, Span),
}

impl LiteralValue {
    /// Where the value is written.
    pub fn span(&self) -> Span {
        match self {
            LiteralValue::Scalar(value) => value.span(),
            LiteralValue::Message(message) => message.span,
            LiteralValue::List(_, span) => *span,
        }
    }
}

/// A type as written.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeExpr {
    /// A scalar, message or enum name: `i64`, `Customer`, `shop.Customer`.
    Named(TypeName),
    /// `list<element>`
    List {
        /// The element type.
        element: Box<TypeExpr>,
        /// The whole `list<...>`.
        span: Span,
    },
    /// `map<key, value>`
    Map {
        /// The key type.
        key: Box<TypeExpr>,
        /// The value type.
        value: Box<TypeExpr>,
        /// The whole `map<...>`.
        span: Span,
    },
    /// `ref T` or `weak T`: a reference to a shared message (graph mode,
    /// docs/graph.md). The grammar takes any type after the keyword;
    /// resolve insists on a message.
    Ref {
        /// `ref` or `weak`.
        kind: RefKind,
        /// The type it points at.
        target: Box<TypeExpr>,
        /// The whole `ref T`.
        span: Span,
    },
}

impl TypeExpr {
    /// The span of the whole type.
    pub fn span(&self) -> Span {
        match self {
            TypeExpr::Named(name) => name.span,
            TypeExpr::List { span, .. }
            | TypeExpr::Map { span, .. }
            | TypeExpr::Ref { span, .. } => *span,
        }
    }
}

/// A possibly dotted type name: `Customer`, `shop.Customer`, `.shop.Customer`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName {
    /// Whether it starts with a dot, making it fully qualified.
    pub absolute: bool,
    /// The dotted segments.
    pub segments: Vec<String>,
    /// Where it is written.
    pub span: Span,
}

/// `oneof name { members }`
#[derive(Clone, Debug, PartialEq)]
pub struct OneofDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The oneof's name.
    pub name: Ident,
    /// Its members; each is written like a field.
    pub fields: Vec<FieldDecl>,
    /// Its options: `option (my.option) = 1;`.
    pub options: Vec<OptionDecl>,
    /// The whole declaration.
    pub span: Span,
}

/// `reserved 4, 8 to 10, 100 to max, old_name;`
#[derive(Clone, Debug, PartialEq)]
pub struct Reserved {
    /// The items, in order.
    pub items: Vec<ReservedItem>,
    /// The whole declaration.
    pub span: Span,
}

/// One item of a `reserved` declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum ReservedItem {
    /// A single number.
    Number(IntLit),
    /// `start to end`, both included; `end` is `None` for `max`.
    Range {
        /// The first number.
        start: IntLit,
        /// The last number, or `None` for `max`.
        end: Option<IntLit>,
        /// The whole range.
        span: Span,
    },
    /// A name that no field or value may use.
    Name(Ident),
}

/// `enum Name { values }`
#[derive(Clone, Debug, PartialEq)]
pub struct EnumDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The enum's name.
    pub name: Ident,
    /// `export` or `local` before `enum` (edition 2024), if written.
    pub visibility: Option<Visibility>,
    /// Its values, in order.
    pub values: Vec<EnumValueDecl>,
    /// Its `reserved` declarations.
    pub reserved: Vec<Reserved>,
    /// Its options: `option allow_alias = true;`.
    pub options: Vec<OptionDecl>,
    /// The whole declaration.
    pub span: Span,
}

/// `NAME = number;`
#[derive(Clone, Debug, PartialEq)]
pub struct EnumValueDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The value's name.
    pub name: Ident,
    /// Its number.
    pub number: IntLit,
    /// The options in brackets after the number: `[deprecated = true]`.
    pub options: Vec<OptionDecl>,
    /// The whole declaration.
    pub span: Span,
}

/// `service Name { rpc ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct ServiceDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The service's name.
    pub name: Ident,
    /// Its methods, in order.
    pub methods: Vec<MethodDecl>,
    /// Its options: `option deprecated = true;`.
    pub options: Vec<OptionDecl>,
    /// The whole declaration.
    pub span: Span,
}

/// `rpc Name(Request) returns (stream Response);`
#[derive(Clone, Debug, PartialEq)]
pub struct MethodDecl {
    /// Doc comment lines.
    pub docs: Docs,
    /// The method's name.
    pub name: Ident,
    /// What the client sends.
    pub input: MethodType,
    /// What the server answers.
    pub output: MethodType,
    /// The options in its body: `option (google.api.http) = { ... };`.
    pub options: Vec<OptionDecl>,
    /// Whether it has a body, `{ ... }`, rather than a `;`: protoc gives
    /// a method with a body options, empty ones if the body is.
    pub body: bool,
    /// The whole declaration.
    pub span: Span,
}

/// The request or response of a method: a message name, streamed or not.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodType {
    /// The span of `stream`, when the messages are streamed.
    pub stream: Option<Span>,
    /// The message's name.
    pub name: TypeName,
}

/// The options of the `.schema` language that are schemac's own rather
/// than protobuf's, which only a `.schema` file may set: they choose what
/// the Rust code is and are no field of protobuf's options messages.
pub const SCHEMAC_OPTIONS: &[&str] = &[
    "keep_unknown_fields",
    "rust_attribute",
    "allow",
    "closed",
    "delimited",
];

/// What a field's brackets may hold that is no option in protobuf's
/// descriptors but a field of the field's own: `[default = 3,
/// json_name = "n"]`.
pub const FIELD_PROPERTIES: &[&str] = &["default", "json_name"];

/// The options of `schemac/options.proto`, by which a `.proto` file says
/// what a field means in schemac beyond protobuf: `[(schemac.reference) =
/// WEAK]`. Resolve reads them as what they mean (a reference, implicit
/// presence), as it reads `packed`, and they are no option of the model.
pub const MEANING_OPTIONS: &[&str] = &["schemac.reference", "schemac.implicit_presence"];

impl OptionDecl {
    /// Which of [`MEANING_OPTIONS`] it sets in a file of `dialect`, if one:
    /// a `.proto` file's `(schemac.reference)` or `(.schemac.reference)`,
    /// as a whole name.
    pub fn meaning_option(&self, dialect: Dialect) -> Option<&'static str> {
        let [part] = &self.name.parts[..] else {
            return None;
        };
        let name = part.name.strip_prefix('.').unwrap_or(&part.name);
        let meaning = MEANING_OPTIONS.iter().find(|known| **known == name)?;
        (part.extension && dialect != Dialect::Schema).then_some(*meaning)
    }

    /// Whether it sets a field of one of protobuf's options messages, a
    /// standard option (`deprecated`) or a custom one: not a field's
    /// `default` or `json_name`, nor, in a `.schema` file, one of
    /// [`SCHEMAC_OPTIONS`], nor in a `.proto` file one of
    /// [`MEANING_OPTIONS`].
    pub fn is_protobuf_option(&self, dialect: Dialect) -> bool {
        if self.meaning_option(dialect).is_some() {
            return false;
        }
        match self.name.as_simple() {
            Some(name) if FIELD_PROPERTIES.contains(&name) => false,
            Some(name) if dialect == Dialect::Schema => !SCHEMAC_OPTIONS.contains(&name),
            _ => true,
        }
    }
}

impl SchemaFile {
    /// Calls `visit` with every option the file writes, on every element.
    pub fn visit_options(&self, visit: &mut dyn FnMut(&OptionDecl)) {
        self.options.iter().for_each(&mut *visit);
        for item in &self.items {
            match item {
                Item::Message(message) => message.visit_options(visit),
                Item::Enum(enumeration) => enumeration.visit_options(visit),
                Item::Extend(extend) => extend.visit_options(visit),
            }
        }
        for service in &self.services {
            service.options.iter().for_each(&mut *visit);
            for method in &service.methods {
                method.options.iter().for_each(&mut *visit);
            }
        }
    }

    /// Whether the file sets any of protobuf's options, standard or
    /// custom ([`OptionDecl::is_protobuf_option`]).
    pub fn sets_protobuf_options(&self) -> bool {
        let mut sets = false;
        self.visit_options(&mut |option| sets |= option.is_protobuf_option(self.dialect));
        sets
    }
}

impl MessageDecl {
    fn visit_options(&self, visit: &mut dyn FnMut(&OptionDecl)) {
        for member in &self.members {
            match member {
                Member::Field(field) => field.options.iter().for_each(&mut *visit),
                Member::Oneof(oneof) => {
                    oneof.options.iter().for_each(&mut *visit);
                    for field in &oneof.fields {
                        field.options.iter().for_each(&mut *visit);
                    }
                }
                Member::Option(option) => visit(option),
                Member::Extensions(ranges) => ranges.options.iter().for_each(&mut *visit),
                Member::Message(message) => message.visit_options(visit),
                Member::Enum(enumeration) => enumeration.visit_options(visit),
                Member::Extend(extend) => extend.visit_options(visit),
                Member::Reserved(_) => {}
            }
        }
    }
}

impl EnumDecl {
    fn visit_options(&self, visit: &mut dyn FnMut(&OptionDecl)) {
        self.options.iter().for_each(&mut *visit);
        for value in &self.values {
            value.options.iter().for_each(&mut *visit);
        }
    }
}

impl ExtendDecl {
    fn visit_options(&self, visit: &mut dyn FnMut(&OptionDecl)) {
        for field in &self.fields {
            field.options.iter().for_each(&mut *visit);
        }
    }
}
