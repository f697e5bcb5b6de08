//! The resolved schema: every type name turned into an id, every
//! declaration in one arena.
//!
//! Resolve builds it from the syntax trees; check, codegen and export-proto
//! read it. Services are beside the types, in [`Schema::services`]: they
//! name messages but declare none. It holds nothing of the parsers, and
//! codegen never sees the syntax tree.
//! Spans stay on everything so that check can point at the source.
//!
//! A model that passed check keeps these promises: field numbers are in
//! 1..=536870911 outside 19000..=19999, enum values fit in `i32`, every
//! type reference resolved, and every method's request and response is a
//! message ([`ValueType::is_rpc_message`]).

mod options;

use std::collections::BTreeMap;

pub use crate::language::{Dialect, Docs, Edition, RefKind, Visibility};
use crate::source::{FileId, Span};
pub use options::{Constant, FieldDefinition, OptionField, OptionType, Options};

/// The name of the field that every message a `ref` or `weak` points at
/// carries in the exported `.proto`: graph mode's number of an object that
/// occurs more than once (docs/graph.md). Check keeps the message's
/// own names off it.
pub const GRAPH_ID_FIELD_NAME: &str = "schemac_graph_id";

/// The number of [`GRAPH_ID_FIELD_NAME`], the largest field number: the
/// runtime's `graph::REFERENCE_FIELD`. Check keeps the message's own fields,
/// reservations and extension ranges off it.
pub const GRAPH_ID_FIELD_NUMBER: i64 = MAX_FIELD_NUMBER;

/// Every file, message and enum of one compilation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schema {
    /// The files, in the order they were loaded (roots first).
    pub files: Vec<File>,
    /// Every message, nested ones included; [`MessageId`] indexes this.
    pub messages: Vec<Message>,
    /// Every enum, nested ones included; [`EnumId`] indexes this.
    pub enums: Vec<Enum>,
    /// Every service, in the order of [`Schema::files`], each file's in
    /// source order.
    pub services: Vec<Service>,
    /// Every extension (`extend T { ... }`), in the order of
    /// [`Schema::files`], each file's in source order; [`ExtensionId`]
    /// indexes this.
    pub extensions: Vec<Extension>,
}

impl Schema {
    /// `messages` and `enums` in the order their names appear in the
    /// source. The model keeps the two apart; spans put them back in order.
    pub fn declared_types(&self, messages: &[MessageId], enums: &[EnumId]) -> Vec<DeclaredType> {
        let mut types: Vec<(Span, DeclaredType)> = messages
            .iter()
            .map(|&id| (self.message(id).span, DeclaredType::Message(id)))
            .chain(
                enums
                    .iter()
                    .map(|&id| (self.enumeration(id).span, DeclaredType::Enum(id))),
            )
            .collect();
        types.sort_by_key(|(span, _)| *span);
        types.into_iter().map(|(_, ty)| ty).collect()
    }

    /// The message with id `id`.
    pub fn message(&self, id: MessageId) -> &Message {
        &self.messages[id.0 as usize]
    }

    /// `marks`, one per message, after `mark` has spread from each message
    /// to every message that holds it (in any field, through any number of
    /// messages): a fixed point over the message graph. Codegen spreads
    /// "borrows from the input" (`true`) and "cannot derive `Hash`"
    /// (`false`) this way.
    pub fn spread_to_holders(&self, mut marks: Vec<bool>, mark: bool) -> Vec<bool> {
        // The holders of each message, and a walk from the marked messages
        // up to them: each message is marked and visited once.
        let mut holders: Vec<Vec<usize>> = vec![Vec::new(); self.messages.len()];
        for (index, message) in self.messages.iter().enumerate() {
            for held in message.held_messages() {
                if let Some(holders) = holders.get_mut(held.0 as usize) {
                    holders.push(index);
                }
            }
        }
        let mut next: Vec<usize> = (0..self.messages.len())
            .filter(|&index| marks.get(index) == Some(&mark))
            .collect();
        while let Some(index) = next.pop() {
            for &holder in holders.get(index).into_iter().flatten() {
                if let Some(slot) = marks.get_mut(holder)
                    && *slot != mark
                {
                    *slot = mark;
                    next.push(holder);
                }
            }
        }
        marks
    }

    /// One mark per message: whether it is a graph message, one whose
    /// encoding may meet a `ref` or `weak` field. It has one itself, or
    /// holds (in any field, through any number of messages, references
    /// included) a message that has one. A graph message is encoded and
    /// decoded with an id table (docs/graph.md); every other message is
    /// generated as if graph mode did not exist.
    pub fn graph_messages(&self) -> Vec<bool> {
        let has_refs = self
            .messages
            .iter()
            .map(|message| message.referenced_messages().next().is_some())
            .collect();
        // A reference's target is reached as a held message is, so the
        // marks spread from a referenced message to its referrers too;
        // they have one already, being referrers.
        self.spread_to_holders(has_refs, true)
    }

    /// One mark per message: whether a `ref` or `weak` anywhere in the
    /// schema points at it. The exported `.proto` gives it the field
    /// [`GRAPH_ID_FIELD_NAME`].
    pub fn ref_target_marks(&self) -> Vec<bool> {
        self.target_marks(|_| true)
    }

    /// One mark per message: whether a `weak` anywhere in the schema
    /// points at it. Graph mode's decode keeps the `Weak` of such an
    /// object while it reads it, for a back reference from inside it.
    pub fn weak_target_marks(&self) -> Vec<bool> {
        self.target_marks(|kind| kind == RefKind::Weak)
    }

    /// The message that `field`, of message `holder`, declares as a proto2
    /// group: its type, when it is delimited ([`Field::delimited`]) and its
    /// message is nested in `holder` under the field's name capitalized, as
    /// protoc names a group's field after its message (`group Result`,
    /// `result`). Its exports write the message inside the field.
    pub fn declared_group(&self, holder: MessageId, field: &Field) -> Option<MessageId> {
        self.declared_group_in(Some(holder), field)
    }

    /// The message that `field` declares as a proto2 group in `scope`, a
    /// message or (`None`) the file: [`Schema::declared_group`], for an
    /// extension too, whose group's message is declared in the scope of
    /// its `extend`.
    pub fn declared_group_in(&self, scope: Option<MessageId>, field: &Field) -> Option<MessageId> {
        let (FieldType::Single(ValueType::Message(id))
        | FieldType::Optional(ValueType::Message(id))
        | FieldType::Required(ValueType::Message(id))
        | FieldType::List(ValueType::Message(id))) = field.ty
        else {
            return None;
        };
        let message = self.messages.get(id.0 as usize)?;
        let named = message.name.starts_with(|c: char| c.is_ascii_uppercase())
            && message.name.to_ascii_lowercase() == field.name;
        (field.delimited && message.parent == scope && named).then_some(id)
    }

    /// One mark per message: whether a group field holds it
    /// ([`Field::delimited`]), a message's or an extension: its fields
    /// then end at an end-group key too.
    pub fn group_marks(&self) -> Vec<bool> {
        let mut marks = vec![false; self.messages.len()];
        let fields = self.messages.iter().flat_map(|message| &message.fields);
        let extensions = self.extensions.iter().map(|extension| &extension.field);
        for field in fields.chain(extensions).filter(|field| field.delimited) {
            if let ValueType::Message(id) = field.ty.value()
                && let Some(mark) = marks.get_mut(id.0 as usize)
            {
                *mark = true;
            }
        }
        marks
    }

    /// One mark per message: whether a reference of a kind that `counts`
    /// points at it.
    fn target_marks(&self, counts: impl Fn(RefKind) -> bool) -> Vec<bool> {
        let mut marks = vec![false; self.messages.len()];
        let references = self.messages.iter().flat_map(Message::references);
        for (id, _) in references.filter(|(_, kind)| counts(*kind)) {
            if let Some(mark) = marks.get_mut(id.0 as usize) {
                *mark = true;
            }
        }
        marks
    }

    /// The enum with id `id`.
    pub fn enumeration(&self, id: EnumId) -> &Enum {
        &self.enums[id.0 as usize]
    }

    /// The extension with id `id`.
    pub fn extension(&self, id: ExtensionId) -> &Extension {
        &self.extensions[id.0 as usize]
    }

    /// The extensions of the message `id`, in the order declared.
    pub fn extensions_of(&self, id: MessageId) -> impl Iterator<Item = &Extension> {
        self.extensions
            .iter()
            .filter(move |extension| extension.extendee == Some(id))
    }

    /// The extensions of the message `id` that its JSON holds, by number.
    /// Generated serde impls and transcode read and write these, under
    /// [`Extension::json_key`] and [`Schema::extension_json_alias`].
    pub fn json_extensions_of(&self, id: MessageId) -> Vec<&Extension> {
        let mut extensions: Vec<&Extension> = self.extensions_of(id).collect();
        extensions.sort_by_key(|extension| extension.field.number);
        extensions
    }

    /// The other JSON key that Google's parsers read `extension` from:
    /// `[pkg.Type]`, when it extends a message set and holds the message
    /// `pkg.Type` whose scope declares it, as a message set's extensions
    /// are declared.
    pub fn extension_json_alias(&self, extension: &Extension) -> Option<String> {
        let extends_set =
            (extension.extendee).is_some_and(|extendee| self.message(extendee).is_message_set());
        match extension.field.ty.value() {
            ValueType::Message(value) if extends_set && extension.parent == Some(value) => {
                Some(format!("[{}]", self.message(value).full_name))
            }
            _ => None,
        }
    }

    /// The field that an option field is, where the schema declares it:
    /// a field of a message, or an extension's.
    pub fn option_definition(&self, definition: FieldDefinition) -> Option<&Field> {
        match definition {
            FieldDefinition::Field(message, index) => self.message(message).fields.get(index),
            FieldDefinition::Extension(id) => Some(&self.extension(id).field),
            FieldDefinition::Fixed => None,
        }
    }

    /// The services the file `file` declares, in source order.
    pub fn file_services(&self, file: FileId) -> impl Iterator<Item = &Service> {
        self.services
            .iter()
            .filter(move |service| service.file == file)
    }

    /// The dialect of the file with id `id` (`.schema` if the schema does
    /// not hold it).
    pub fn dialect(&self, id: FileId) -> Dialect {
        self.file(id).map_or(Dialect::Schema, |file| file.dialect)
    }

    /// The file with id `id`, if the schema holds it.
    pub fn file(&self, id: FileId) -> Option<&File> {
        // Resolve puts each file at the index of its id.
        match self.files.get(id.0 as usize) {
            Some(file) if file.id == id => Some(file),
            _ => self.files.iter().find(|file| file.id == id),
        }
    }

    /// Whether the file `id` was loaded only for the options it declares
    /// ([`File::implicit`]): its types are no part of the schema's code,
    /// exports or evolution.
    pub fn is_implicit(&self, id: FileId) -> bool {
        self.file(id).is_some_and(|file| file.implicit)
    }

    /// Every message with its id.
    pub fn message_ids(&self) -> impl Iterator<Item = (MessageId, &Message)> {
        self.messages
            .iter()
            .enumerate()
            .map(|(index, message)| (MessageId(index as u32), message))
    }

    /// Every enum with its id.
    pub fn enum_ids(&self) -> impl Iterator<Item = (EnumId, &Enum)> {
        self.enums
            .iter()
            .enumerate()
            .map(|(index, enumeration)| (EnumId(index as u32), enumeration))
    }

    /// The packages, sorted, each with the files that declare it in load
    /// order. Files without a package form the package `[]`. Files loaded
    /// only for their options ([`File::implicit`]) are left out.
    pub fn packages(&self) -> Vec<(Vec<String>, Vec<&File>)> {
        let mut packages: BTreeMap<&[String], Vec<&File>> = BTreeMap::new();
        for file in self.files.iter().filter(|file| !file.implicit) {
            packages.entry(&file.package).or_default().push(file);
        }
        packages
            .into_iter()
            .map(|(name, files)| (name.to_vec(), files))
            .collect()
    }
}

/// The index of a message in [`Schema::messages`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MessageId(pub u32);

/// The index of an enum in [`Schema::enums`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EnumId(pub u32);

/// The index of an extension in [`Schema::extensions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExtensionId(pub u32);

/// An extension: a field of a message declared outside it, in an
/// `extend` block. A custom option is an extension of an options message
/// (`extend google.protobuf.FieldOptions { ... }`).
#[derive(Clone, Debug, PartialEq)]
pub struct Extension {
    /// The field: its name, its number, its type and its options.
    /// [`Field::full_name`] is the extension's full name, in the scope it
    /// is declared in: `google.api.http`. A singular extension has
    /// presence whatever its label: [`FieldType::Single`] says only that
    /// a proto3 file wrote none. It is never a map.
    pub field: Field,
    /// The message it extends; `None` when the `extend` names no message
    /// (a diagnostic says so), which a model that passed check never has.
    pub extendee: Option<MessageId>,
    /// The file that declares it.
    pub file: FileId,
    /// Its package's segments.
    pub package: Vec<String>,
    /// The message whose scope it is declared in, if any (not the
    /// extendee: `message Foo { extend Bar { ... } }` declares
    /// `Foo.name`).
    pub parent: Option<MessageId>,
    /// The span of the extended message's name in the `extend`.
    pub extendee_span: Span,
}

/// One schema file.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// Its id in the source map.
    pub id: FileId,
    /// The name it is shown by: the path it was read from, as given on the
    /// command line or found for an import.
    pub name: String,
    /// The path other files import it by, below the include directory it
    /// was found in, as protoc names it: exported `.proto` files and
    /// descriptors are named so.
    pub import_name: String,
    /// The package's segments; empty when the file declares none.
    pub package: Vec<String>,
    /// The span of the package's name, when the file declares one.
    pub package_span: Option<Span>,
    /// The language and version it is written in.
    pub dialect: Dialect,
    /// The comments at its head that document no declaration, as lines:
    /// a `.proto` file's licence or description. Empty for `.schema` files.
    pub header: Docs,
    /// The files it imports directly.
    pub imports: Vec<FileId>,
    /// Those of [`File::imports`] imported with `import public`, whose types
    /// the files importing this one see too.
    pub public_imports: Vec<FileId>,
    /// The files it imports with `import option` (edition 2024), whose
    /// extensions alone it sees, and only in option names.
    pub option_imports: Vec<FileId>,
    /// Whether the runtime provides its types, as it does for the files
    /// schemac ships with the built-in and well-known types: nothing is
    /// generated for it, and it declares no messages or enums here.
    pub provided: bool,
    /// Whether it was loaded only for the options its messages define
    /// (`google/protobuf/descriptor.proto`, for a file that sets a
    /// standard option without importing it): no file imports it, and
    /// nothing is generated or exported for it.
    pub implicit: bool,
    /// Its options: `option java_package = "...";`.
    pub options: Options,
    /// Its top-level messages, in order.
    pub messages: Vec<MessageId>,
    /// Its top-level enums, in order.
    pub enums: Vec<EnumId>,
    /// Its top-level extensions, in order.
    pub extensions: Vec<ExtensionId>,
}

impl File {
    /// The edition of an editions file; `None` for proto2, proto3 and
    /// `.schema` files.
    pub fn edition(&self) -> Option<Edition> {
        match self.dialect {
            Dialect::Editions(edition) => Some(edition),
            _ => None,
        }
    }
}

/// A message.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// Its name as written: `OrderLine`.
    pub name: String,
    /// Its name with package and enclosing messages: `shop.Order.Line`.
    pub full_name: String,
    /// The file that declares it.
    pub file: FileId,
    /// Its package's segments.
    pub package: Vec<String>,
    /// The message it is nested in, if any.
    pub parent: Option<MessageId>,
    /// `export` or `local`, as written before it (edition 2024).
    pub visibility: Option<Visibility>,
    /// Doc comment lines.
    pub docs: Docs,
    /// Its fields in declaration order, oneof members included.
    pub fields: Vec<Field>,
    /// Its oneofs, in declaration order; [`Field::oneof`] indexes this.
    pub oneofs: Vec<Oneof>,
    /// Messages declared inside it.
    pub messages: Vec<MessageId>,
    /// Enums declared inside it.
    pub enums: Vec<EnumId>,
    /// Its reserved numbers and names.
    pub reserved: Reserved,
    /// Numbers kept for extensions (`extensions 100 to 199;`), which no
    /// field may use; schemac reads fields there as unknown fields.
    pub extension_ranges: Vec<ReservedRange>,
    /// The options of each of [`Message::extension_ranges`], by index:
    /// `[verification = UNVERIFIED]`.
    pub extension_range_options: Vec<Options>,
    /// The extensions declared in its scope, in order; they may extend
    /// any message.
    pub extensions: Vec<ExtensionId>,
    /// Its options: `option deprecated = true;`.
    pub options: Options,
    /// Whether it keeps the fields it does not know and writes them back,
    /// when its schema says: `option keep_unknown_fields = false;`. `None`
    /// leaves it to the build (`Config::keep_unknown_fields`).
    pub keep_unknown_fields: Option<bool>,
    /// Whether it can contain itself, through a chain of message fields of
    /// any kind, lists and maps too (`ref` and `weak` references aside), so
    /// that decoding it recurses; set by resolve.
    pub recursive: bool,
    /// The attributes its struct gets, each one or more outer attributes
    /// as written in `option rust_attribute = "...";`.
    pub rust_attributes: Vec<String>,
    /// The span of its name.
    pub span: Span,
}

/// `service OrderService { rpc ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct Service {
    /// Its name as written: `OrderService`.
    pub name: String,
    /// Its name with the package: `shop.OrderService`.
    pub full_name: String,
    /// The file that declares it.
    pub file: FileId,
    /// Its package's segments.
    pub package: Vec<String>,
    /// Doc comment lines.
    pub docs: Docs,
    /// Its methods, in declaration order.
    pub methods: Vec<Method>,
    /// Its options.
    pub options: Options,
    /// The span of its name.
    pub span: Span,
}

/// `rpc Place(PlaceOrder) returns (stream OrderEvent);`
#[derive(Clone, Debug, PartialEq)]
pub struct Method {
    /// Its name as written: `Place`.
    pub name: String,
    /// Doc comment lines.
    pub docs: Docs,
    /// What the client sends.
    pub input: MethodType,
    /// What the server answers.
    pub output: MethodType,
    /// Its options: `option (google.api.http) = { get: "/v1" };`.
    pub options: Options,
    /// Whether it is written with a body, `{ ... }`: protoc's descriptor
    /// of such a method has options, empty ones if the body is.
    pub body: bool,
    /// The span of its name.
    pub span: Span,
}

/// A method's request or response.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MethodType {
    /// The message; check promises [`ValueType::is_rpc_message`].
    pub ty: ValueType,
    /// Whether a stream of them travels rather than one.
    pub stream: bool,
    /// The span of the type's name.
    pub span: Span,
}

/// The largest field number, `max` in a message's `reserved`.
pub const MAX_FIELD_NUMBER: i64 = 536_870_911;

/// The largest extension number of a message set
/// (`message_set_wire_format`), `max` in its `extensions`.
pub const MESSAGE_SET_MAX_NUMBER: i64 = i32::MAX as i64 - 1;

/// The largest enum value, `max` in an enum's `reserved`.
pub const MAX_ENUM_NUMBER: i64 = i32::MAX as i64;

/// A message or an enum, declared at the top of a file or in a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclaredType {
    /// A message.
    Message(MessageId),
    /// An enum.
    Enum(EnumId),
}

/// What a message's body holds, in the order its source declares it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FieldOrOneof<'a> {
    /// A field outside any oneof.
    Field(&'a Field),
    /// A oneof, as an index into [`Message::oneofs`], with all its members.
    Oneof(usize),
}

/// One step of writing a message's fields: a field, or members of one
/// oneof that are next to each other in number order.
#[derive(Clone, Debug, PartialEq)]
pub enum EncodingStep<'a> {
    /// A field outside any oneof.
    Field(&'a Field),
    /// Members of oneof `oneof`, by number, with no other field's number
    /// between them: whichever of them is set is written here.
    Oneof {
        /// The oneof, as an index into [`Message::oneofs`].
        oneof: usize,
        /// Its members in this step, by number.
        members: Vec<&'a Field>,
    },
}

impl Extension {
    /// The key ProtoJSON writes it under: `[its.full_name]`.
    pub fn json_key(&self) -> String {
        format!("[{}]", self.field.full_name)
    }
}

impl Message {
    /// Whether it is a message set (`option message_set_wire_format =
    /// true;`): its extensions travel as items, a group of field 1 holding
    /// the extension's number and its message.
    pub fn is_message_set(&self) -> bool {
        self.options.flag("message_set_wire_format")
    }

    /// Its fields outside oneofs and its oneofs, in source order: each
    /// oneof once, where its first member is. Every part of the toolchain
    /// that lays out a message, the generated struct, its JSON and the
    /// exported files, walks it in this order.
    pub fn members(&self) -> Vec<FieldOrOneof<'_>> {
        let mut placed = vec![false; self.oneofs.len()];
        let mut members = Vec::new();
        for field in &self.fields {
            match field.oneof {
                None => members.push(FieldOrOneof::Field(field)),
                Some(index) => {
                    if let Some(placed @ false) = placed.get_mut(index) {
                        *placed = true;
                        members.push(FieldOrOneof::Oneof(index));
                    }
                }
            }
        }
        members
    }

    /// The members of oneof `index`, in declaration order.
    pub fn oneof_members(&self, index: usize) -> impl Iterator<Item = &Field> {
        self.fields
            .iter()
            .filter(move |field| field.oneof == Some(index))
    }

    /// The messages its fields hold, singly, in a list or as map values,
    /// once per field: by value, or shared through a `ref` (whose `Arc<T>`
    /// is `Eq` or `PartialEq` as `T` is); not those of `weak` fields.
    pub fn held_messages(&self) -> impl Iterator<Item = MessageId> + '_ {
        self.fields
            .iter()
            .filter_map(|field| match field.ty.value() {
                ValueType::Message(id) | ValueType::Ref(id, RefKind::Strong) => Some(id),
                _ => None,
            })
    }

    /// The messages its `ref` and `weak` fields point at, once per field.
    pub fn referenced_messages(&self) -> impl Iterator<Item = MessageId> + '_ {
        self.references().map(|(id, _)| id)
    }

    /// The messages its `ref` and `weak` fields point at, once per field,
    /// with the kind of each reference.
    pub fn references(&self) -> impl Iterator<Item = (MessageId, RefKind)> + '_ {
        self.fields
            .iter()
            .filter_map(|field| match field.ty.value() {
                ValueType::Ref(id, kind) => Some((id, kind)),
                _ => None,
            })
    }

    /// Its fields, oneof members among them, by number: the order they are
    /// written in, which [`Message::encoding_order`] groups into steps.
    pub fn fields_by_number(&self) -> Vec<&Field> {
        let mut fields: Vec<&Field> = self.fields.iter().collect();
        fields.sort_by_key(|field| field.number);
        fields
    }

    /// The order the fields are written in: by number, as Google's
    /// protobuf writes them, with the member of a oneof that is set at its
    /// own number. A oneof whose numbers no other field falls between is
    /// one step; one that other fields interleave takes a step per run.
    pub fn encoding_order(&self) -> Vec<EncodingStep<'_>> {
        let mut steps: Vec<EncodingStep<'_>> = Vec::new();
        for field in self.fields_by_number() {
            match (field.oneof, steps.last_mut()) {
                (None, _) => steps.push(EncodingStep::Field(field)),
                (Some(index), Some(EncodingStep::Oneof { oneof, members })) if *oneof == index => {
                    members.push(field)
                }
                (Some(index), _) => steps.push(EncodingStep::Oneof {
                    oneof: index,
                    members: vec![field],
                }),
            }
        }
        steps
    }
}

/// A field, or a member of a oneof.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its name as written.
    pub name: String,
    /// Its message's full name and its name: `shop.Order.id`, what the
    /// `Config`'s paths name it by.
    pub full_name: String,
    /// Its number as written; in range once check has passed.
    pub number: i64,
    /// Doc comment lines.
    pub docs: Docs,
    /// Its type and cardinality.
    pub ty: FieldType,
    /// The oneof it belongs to, as an index into [`Message::oneofs`].
    pub oneof: Option<usize>,
    /// Whether the generated field holds its message in a `Box`, because
    /// the message contains itself through singular fields.
    pub boxed: bool,
    /// `[default = ...]`: what the field reads as when it is absent.
    pub default: Option<DefaultValue>,
    /// For a list of numbers, bools or enums: whether it is written packed,
    /// as proto3 and `.schema` lists are unless `[packed = false]`, and
    /// proto2 lists are only with `[packed = true]`. Readers take both.
    pub packed: bool,
    /// `[json_name = "..."]`, the name JSON uses for the field, if the
    /// schema gives one.
    pub json_name: Option<String>,
    /// The attributes its struct field or oneof variant gets, as written
    /// in `[rust_attribute = "..."]`.
    pub rust_attributes: Vec<String>,
    /// Whether its message value travels between start and end group
    /// tags rather than after a length: a proto2 `group`, whose message
    /// is declared with it.
    pub delimited: bool,
    /// Its options: `[deprecated = true, (validate.rules).string.min_len
    /// = 1]`.
    pub options: Options,
    /// The span of its name.
    pub name_span: Span,
    /// The span of its number.
    pub number_span: Span,
    /// The span of its type.
    pub type_span: Span,
}

impl Field {
    /// The field number as it goes on the wire; meaningful once check has
    /// passed.
    pub fn wire_number(&self) -> u32 {
        self.number as u32
    }

    /// The wire types, as the runtime's `WireType` names them, under which
    /// a key of its number is this field's: the one it is written with
    /// (`StartGroup` when [`delimited`](Self::delimited)), and for a list
    /// of numbers `Len` too, for it may come packed or not. Under any
    /// other, the key is an unknown field's, as protobuf's implementations
    /// read it, not an error.
    pub fn wire_types_read(&self) -> &'static [&'static str] {
        if self.delimited {
            return &["StartGroup"];
        }
        if let FieldType::Map(..) = self.ty {
            return &["Len"];
        }
        match (
            self.ty.value().wire_class().wire_type(),
            self.ty.is_packable(),
        ) {
            ("Varint", true) => &["Varint", "Len"],
            ("Fixed32", true) => &["Fixed32", "Len"],
            ("Fixed64", true) => &["Fixed64", "Len"],
            ("Varint", _) => &["Varint"],
            ("Fixed32", _) => &["Fixed32"],
            ("Fixed64", _) => &["Fixed64"],
            _ => &["Len"],
        }
    }

    /// The field's name in protobuf's JSON: its `json_name`, or its name in
    /// lowerCamelCase as protoc makes it: each `_` dropped and the letter
    /// after it capitalized, `order_lines` → `orderLines`.
    pub fn json_name(&self) -> String {
        match &self.json_name {
            Some(name) => name.clone(),
            None => lower_camel_case(&self.name),
        }
    }
}

/// `name` as protoc's `ToJsonName` writes it.
pub fn lower_camel_case(name: &str) -> String {
    let mut camel = String::with_capacity(name.len());
    let mut capitalize = false;
    for c in name.chars() {
        match c {
            '_' => capitalize = true,
            c if capitalize => {
                camel.push(c.to_ascii_uppercase());
                capitalize = false;
            }
            c => camel.push(c),
        }
    }
    camel
}

impl FieldType {
    /// The type of its values: of the map's values for a map.
    pub fn value(self) -> ValueType {
        match self {
            FieldType::Single(ty)
            | FieldType::Optional(ty)
            | FieldType::Required(ty)
            | FieldType::List(ty)
            | FieldType::Map(_, ty) => ty,
        }
    }

    /// Whether it is a list that may be written packed: of numbers, bools
    /// or enums, which readers take packed and unpacked alike.
    pub fn is_packable(self) -> bool {
        match self {
            FieldType::List(ValueType::Scalar(scalar)) => scalar.is_packable(),
            FieldType::List(ValueType::Enum(_)) => true,
            _ => false,
        }
    }
}

/// A field's type and cardinality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldType {
    /// One value with implicit presence; messages always have presence.
    Single(ValueType),
    /// `optional`: one value with explicit presence.
    Optional(ValueType),
    /// `required`: one value with explicit presence that decoding and
    /// encoding insist on, as proto2's `required`.
    Required(ValueType),
    /// `list<T>`
    List(ValueType),
    /// `map<K, V>`
    Map(Scalar, ValueType),
}

/// The type of one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// A built-in scalar.
    Scalar(Scalar),
    /// An enum of the schema.
    Enum(EnumId),
    /// A message of the schema.
    Message(MessageId),
    /// One of protobuf's well-known types, which the runtime holds.
    WellKnown(WellKnown),
    /// `ref T` or `weak T`: a reference to a message of the schema that
    /// several fields may share, or a back reference; graph mode
    /// (docs/graph.md). Only a field, a list element or a map value, never
    /// a oneof member: check's promise.
    Ref(MessageId, RefKind),
}

impl ValueType {
    /// How a value of this type travels on the wire.
    pub const fn wire_class(self) -> WireClass {
        match self {
            ValueType::Scalar(scalar) => match scalar {
                Scalar::I32 | Scalar::I64 | Scalar::U32 | Scalar::U64 | Scalar::Bool => {
                    WireClass::Varint
                }
                Scalar::Sint32 | Scalar::Sint64 => WireClass::Zigzag,
                Scalar::Fixed32 | Scalar::Sfixed32 | Scalar::F32 => WireClass::Fixed32,
                Scalar::Fixed64 | Scalar::Sfixed64 | Scalar::F64 => WireClass::Fixed64,
                Scalar::String => WireClass::String,
                Scalar::Bytes => WireClass::Bytes,
                Scalar::Decimal | Scalar::Value => WireClass::Message,
            },
            ValueType::Enum(_) | ValueType::WellKnown(WellKnown::NullValue) => WireClass::Varint,
            // A reference travels as a field of its message type.
            ValueType::Message(_) | ValueType::WellKnown(_) | ValueType::Ref(..) => {
                WireClass::Message
            }
        }
    }

    /// Whether it may be a method's request or response: a message of the
    /// schema, or a well-known message that is a message in Rust too
    /// (`Empty`, `Timestamp`; not `NullValue`, an enum, nor the wrappers,
    /// which are Rust scalars).
    pub const fn is_rpc_message(self) -> bool {
        match self {
            ValueType::Message(_) => true,
            ValueType::WellKnown(known) => !known.is_enum() && known.wrapped().is_none(),
            ValueType::Scalar(_) | ValueType::Enum(_) | ValueType::Ref(..) => false,
        }
    }
}

/// How a value travels on the wire: the types of one class read each
/// other's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireClass {
    /// A varint: the unsigned and two's-complement integers, `bool` and
    /// enums.
    Varint,
    /// A zigzag varint: `sint32`, `sint64`.
    Zigzag,
    /// Four little-endian bytes: `fixed32`, `sfixed32`, `f32`.
    Fixed32,
    /// Eight little-endian bytes: `fixed64`, `sfixed64`, `f64`.
    Fixed64,
    /// UTF-8 text after its length.
    String,
    /// Any bytes after their length.
    Bytes,
    /// A message after its length, `decimal`, `value`, the well-known
    /// messages and references included.
    Message,
}

impl WireClass {
    /// The wire type values of this class are written with, as the
    /// runtime's `WireType` names it.
    pub const fn wire_type(self) -> &'static str {
        match self {
            WireClass::Varint | WireClass::Zigzag => "Varint",
            WireClass::Fixed32 => "Fixed32",
            WireClass::Fixed64 => "Fixed64",
            WireClass::String | WireClass::Bytes | WireClass::Message => "Len",
        }
    }
}

/// protobuf's well-known types, from `google/protobuf/*.proto`, which
/// schemac ships and the runtime implements: a field of one of them is a
/// field of the runtime's type, never generated. `timestamp` and
/// `duration` are also built-in types of the `.schema` language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WellKnown {
    /// `google.protobuf.Timestamp`, the `.schema` type `timestamp`.
    Timestamp,
    /// `google.protobuf.Duration`, the `.schema` type `duration`.
    Duration,
    /// `google.protobuf.Empty`
    Empty,
    /// `google.protobuf.FieldMask`
    FieldMask,
    /// `google.protobuf.Struct`
    Struct,
    /// `google.protobuf.Value`
    Value,
    /// `google.protobuf.ListValue`
    ListValue,
    /// `google.protobuf.NullValue`, an enum.
    NullValue,
    /// `google.protobuf.Any`
    Any,
    /// `google.protobuf.DoubleValue`, an `f64` with presence.
    DoubleValue,
    /// `google.protobuf.FloatValue`
    FloatValue,
    /// `google.protobuf.Int64Value`
    Int64Value,
    /// `google.protobuf.UInt64Value`
    UInt64Value,
    /// `google.protobuf.Int32Value`
    Int32Value,
    /// `google.protobuf.UInt32Value`
    UInt32Value,
    /// `google.protobuf.BoolValue`
    BoolValue,
    /// `google.protobuf.StringValue`
    StringValue,
    /// `google.protobuf.BytesValue`
    BytesValue,
}

impl WellKnown {
    /// Every well-known type.
    pub const ALL: [WellKnown; 18] = [
        WellKnown::Timestamp,
        WellKnown::Duration,
        WellKnown::Empty,
        WellKnown::FieldMask,
        WellKnown::Struct,
        WellKnown::Value,
        WellKnown::ListValue,
        WellKnown::NullValue,
        WellKnown::Any,
        WellKnown::DoubleValue,
        WellKnown::FloatValue,
        WellKnown::Int64Value,
        WellKnown::UInt64Value,
        WellKnown::Int32Value,
        WellKnown::UInt32Value,
        WellKnown::BoolValue,
        WellKnown::StringValue,
        WellKnown::BytesValue,
    ];

    /// The type's name in its package: `Timestamp`.
    pub const fn name(self) -> &'static str {
        match self {
            WellKnown::Timestamp => "Timestamp",
            WellKnown::Duration => "Duration",
            WellKnown::Empty => "Empty",
            WellKnown::FieldMask => "FieldMask",
            WellKnown::Struct => "Struct",
            WellKnown::Value => "Value",
            WellKnown::ListValue => "ListValue",
            WellKnown::NullValue => "NullValue",
            WellKnown::Any => "Any",
            WellKnown::DoubleValue => "DoubleValue",
            WellKnown::FloatValue => "FloatValue",
            WellKnown::Int64Value => "Int64Value",
            WellKnown::UInt64Value => "UInt64Value",
            WellKnown::Int32Value => "Int32Value",
            WellKnown::UInt32Value => "UInt32Value",
            WellKnown::BoolValue => "BoolValue",
            WellKnown::StringValue => "StringValue",
            WellKnown::BytesValue => "BytesValue",
        }
    }

    /// The file that declares it, as imports name it.
    pub const fn file(self) -> &'static str {
        match self {
            WellKnown::Timestamp => "google/protobuf/timestamp.proto",
            WellKnown::Duration => "google/protobuf/duration.proto",
            WellKnown::Empty => "google/protobuf/empty.proto",
            WellKnown::FieldMask => "google/protobuf/field_mask.proto",
            WellKnown::Struct | WellKnown::Value | WellKnown::ListValue | WellKnown::NullValue => {
                "google/protobuf/struct.proto"
            }
            WellKnown::Any => "google/protobuf/any.proto",
            WellKnown::DoubleValue
            | WellKnown::FloatValue
            | WellKnown::Int64Value
            | WellKnown::UInt64Value
            | WellKnown::Int32Value
            | WellKnown::UInt32Value
            | WellKnown::BoolValue
            | WellKnown::StringValue
            | WellKnown::BytesValue => "google/protobuf/wrappers.proto",
        }
    }

    /// The well-known type with the full name `full_name`, such as
    /// `google.protobuf.Timestamp`.
    pub fn from_full_name(full_name: &str) -> Option<WellKnown> {
        let name = full_name.strip_prefix("google.protobuf.")?;
        WellKnown::ALL
            .into_iter()
            .find(|known| known.name() == name)
    }

    /// The `.schema` built-in type spelled `name`: `timestamp` or
    /// `duration`.
    pub fn from_schema_name(name: &str) -> Option<WellKnown> {
        match name {
            "timestamp" => Some(WellKnown::Timestamp),
            "duration" => Some(WellKnown::Duration),
            _ => None,
        }
    }

    /// Whether it is an enum (`NullValue`) rather than a message.
    pub const fn is_enum(self) -> bool {
        matches!(self, WellKnown::NullValue)
    }

    /// The scalar a wrapper type wraps, as a field of it holds it in Rust:
    /// `Int32Value` wraps `i32`. `None` for the others.
    pub const fn wrapped(self) -> Option<Scalar> {
        Some(match self {
            WellKnown::DoubleValue => Scalar::F64,
            WellKnown::FloatValue => Scalar::F32,
            WellKnown::Int64Value => Scalar::I64,
            WellKnown::UInt64Value => Scalar::U64,
            WellKnown::Int32Value => Scalar::I32,
            WellKnown::UInt32Value => Scalar::U32,
            WellKnown::BoolValue => Scalar::Bool,
            WellKnown::StringValue => Scalar::String,
            WellKnown::BytesValue => Scalar::Bytes,
            _ => return None,
        })
    }
}

/// A field's default value, `[default = ...]`, checked against its type.
#[derive(Clone, Debug, PartialEq)]
pub enum DefaultValue {
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    Uint(u64),
    /// A float, `inf` and `nan` included.
    Float(f64),
    /// A bool.
    Bool(bool),
    /// A string.
    String(String),
    /// Bytes.
    Bytes(Vec<u8>),
    /// An enum value, by name.
    Enum(String),
}

/// `oneof name { ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct Oneof {
    /// Its name as written.
    pub name: String,
    /// Doc comment lines.
    pub docs: Docs,
    /// Its options.
    pub options: Options,
    /// The span of its name.
    pub span: Span,
}

/// Numbers and names that no field or value may use.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reserved {
    /// Ranges of numbers, both ends included.
    pub ranges: Vec<ReservedRange>,
    /// Names, each with its span.
    pub names: Vec<(String, Span)>,
}

/// `start to end`, both included; a single number has `start == end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReservedRange {
    /// The first number.
    pub start: i64,
    /// The last number; `max` is the largest allowed number.
    pub end: i64,
    /// Where the range is written.
    pub span: Span,
}

impl ReservedRange {
    /// Whether `number` is in the range.
    pub fn contains(&self, number: i64) -> bool {
        self.start <= number && number <= self.end
    }
}

/// An enum.
#[derive(Clone, Debug, PartialEq)]
pub struct Enum {
    /// Whether it is closed, as proto2 enums are and a `.schema` enum with
    /// `option closed = true;` is: a number it does not name is not one of
    /// its values, and its first value, the default, may have any number.
    /// Open enums (proto3, other `.schema` enums) keep such numbers.
    pub closed: bool,
    /// `option allow_alias = true;`: values may share a number, the first
    /// of them being the variant and the others its aliases.
    pub allow_alias: bool,
    /// Its name as written.
    pub name: String,
    /// Its name with package and enclosing messages.
    pub full_name: String,
    /// The file that declares it.
    pub file: FileId,
    /// Its package's segments.
    pub package: Vec<String>,
    /// The message it is nested in, if any.
    pub parent: Option<MessageId>,
    /// `export` or `local`, as written before it (edition 2024).
    pub visibility: Option<Visibility>,
    /// Doc comment lines.
    pub docs: Docs,
    /// Its values in declaration order; the first is the default.
    pub values: Vec<EnumValue>,
    /// Its reserved numbers and names.
    pub reserved: Reserved,
    /// The attributes it gets, as written in `option rust_attribute =
    /// "...";`.
    pub rust_attributes: Vec<String>,
    /// Its options.
    pub options: Options,
    /// The span of its name.
    pub span: Span,
}

impl Enum {
    /// Whether value `index` is an alias: an earlier value has its number,
    /// as `option allow_alias = true;` lets it. An alias has no variant of
    /// its own in Rust; its name reads as the first value's.
    pub fn is_alias(&self, index: usize) -> bool {
        let Some(value) = self.values.get(index) else {
            return false;
        };
        self.values[..index]
            .iter()
            .any(|earlier| earlier.number == value.number)
    }
}

/// One value of an enum.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumValue {
    /// Its name as written: `PENDING`.
    pub name: String,
    /// Its number as written; fits `i32` once check has passed.
    pub number: i64,
    /// Doc comment lines.
    pub docs: Docs,
    /// Its options: `[deprecated = true]`.
    pub options: Options,
    /// The span of its name.
    pub name_span: Span,
    /// The span of its number.
    pub number_span: Span,
}

/// The built-in types: one scalar per protobuf wire encoding, and the
/// runtime's `decimal` and `value`, which travel as messages of
/// `schemac/types.proto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    /// `i32`: varint, sign-extended.
    I32,
    /// `i64`: varint.
    I64,
    /// `u32`: varint.
    U32,
    /// `u64`: varint.
    U64,
    /// `sint32`: zigzag varint.
    Sint32,
    /// `sint64`: zigzag varint.
    Sint64,
    /// `fixed32`: four bytes, unsigned.
    Fixed32,
    /// `fixed64`: eight bytes, unsigned.
    Fixed64,
    /// `sfixed32`: four bytes, signed.
    Sfixed32,
    /// `sfixed64`: eight bytes, signed.
    Sfixed64,
    /// `f32`: four-byte float.
    F32,
    /// `f64`: eight-byte float.
    F64,
    /// `bool`: varint 0 or 1.
    Bool,
    /// `string`: UTF-8, length-delimited.
    String,
    /// `bytes`: length-delimited.
    Bytes,
    /// `decimal`: an exact decimal, the message `schemac.Decimal`.
    Decimal,
    /// `value`: a dynamic value, the message `schemac.Value`.
    Value,
}

impl Scalar {
    /// Every scalar, in the order of the language reference.
    pub const ALL: [Scalar; 17] = [
        Scalar::I32,
        Scalar::I64,
        Scalar::U32,
        Scalar::U64,
        Scalar::Sint32,
        Scalar::Sint64,
        Scalar::Fixed32,
        Scalar::Fixed64,
        Scalar::Sfixed32,
        Scalar::Sfixed64,
        Scalar::F32,
        Scalar::F64,
        Scalar::Bool,
        Scalar::String,
        Scalar::Bytes,
        Scalar::Decimal,
        Scalar::Value,
    ];

    /// The scalar spelled `name` in a schema.
    pub fn from_name(name: &str) -> Option<Scalar> {
        Scalar::ALL.into_iter().find(|scalar| scalar.name() == name)
    }

    /// How the scalar is spelled in a schema.
    pub const fn name(self) -> &'static str {
        match self {
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            Scalar::U32 => "u32",
            Scalar::U64 => "u64",
            Scalar::Sint32 => "sint32",
            Scalar::Sint64 => "sint64",
            Scalar::Fixed32 => "fixed32",
            Scalar::Fixed64 => "fixed64",
            Scalar::Sfixed32 => "sfixed32",
            Scalar::Sfixed64 => "sfixed64",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::Bool => "bool",
            Scalar::String => "string",
            Scalar::Bytes => "bytes",
            Scalar::Decimal => "decimal",
            Scalar::Value => "value",
        }
    }

    /// How the scalar is spelled in a `.proto` file; `decimal` and `value`
    /// are messages of `schemac/types.proto`, named in full.
    pub const fn proto_name(self) -> &'static str {
        match self {
            Scalar::I32 => "int32",
            Scalar::I64 => "int64",
            Scalar::U32 => "uint32",
            Scalar::U64 => "uint64",
            Scalar::Sint32 => "sint32",
            Scalar::Sint64 => "sint64",
            Scalar::Fixed32 => "fixed32",
            Scalar::Fixed64 => "fixed64",
            Scalar::Sfixed32 => "sfixed32",
            Scalar::Sfixed64 => "sfixed64",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::Bool => "bool",
            Scalar::String => "string",
            Scalar::Bytes => "bytes",
            Scalar::Decimal => ".schemac.Decimal",
            Scalar::Value => ".schemac.Value",
        }
    }

    /// The name of the runtime's codec of the scalar
    /// (`schemac_runtime::__private::codec::Int32`), which generated code
    /// calls and transcode reads and writes with.
    pub const fn codec_name(self) -> &'static str {
        match self {
            Scalar::I32 => "Int32",
            Scalar::I64 => "Int64",
            Scalar::U32 => "Uint32",
            Scalar::U64 => "Uint64",
            Scalar::Sint32 => "Sint32",
            Scalar::Sint64 => "Sint64",
            Scalar::Fixed32 => "Fixed32",
            Scalar::Fixed64 => "Fixed64",
            Scalar::Sfixed32 => "Sfixed32",
            Scalar::Sfixed64 => "Sfixed64",
            Scalar::F32 => "Float",
            Scalar::F64 => "Double",
            Scalar::Bool => "Bool",
            Scalar::String => "String",
            Scalar::Bytes => "Bytes",
            Scalar::Decimal => "Decimal",
            Scalar::Value => "Value",
        }
    }

    /// Whether the scalar may be a map key: integers, bool and string.
    pub const fn is_map_key(self) -> bool {
        !matches!(
            self,
            Scalar::F32 | Scalar::F64 | Scalar::Bytes | Scalar::Decimal | Scalar::Value
        )
    }

    /// Whether a list of the scalar is written packed: every number and bool.
    pub const fn is_packable(self) -> bool {
        !matches!(
            self,
            Scalar::String | Scalar::Bytes | Scalar::Decimal | Scalar::Value
        )
    }

    /// Whether the scalar is a message of `schemac/types.proto` in an
    /// exported `.proto`: `decimal` and `value`.
    pub const fn is_builtin_message(self) -> bool {
        matches!(self, Scalar::Decimal | Scalar::Value)
    }
}
