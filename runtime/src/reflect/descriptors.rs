//! The descriptors: handles into a [`DescriptorPool`], each a reference to
//! the pool and an index, `Copy`, and equal when they name one element of
//! one pool.

use crate::prelude::*;
use alloc::borrow::Cow;
use core::fmt;

use super::descriptor::field_descriptor_proto::Type;
use super::descriptor::{
    DescriptorProto, EnumDescriptorProto, EnumOptions, EnumValueDescriptorProto, EnumValueOptions,
    FieldDescriptorProto, FieldOptions, FileDescriptorProto, FileOptions, MessageOptions,
    MethodDescriptorProto, MethodOptions, OneofDescriptorProto, OneofOptions,
    ServiceDescriptorProto, ServiceOptions,
};
use super::pool::KindEntry;
use super::{DescriptorPool, Reference};

/// A handle's equality, debug form and constructor: the pool and an index.
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $($what:ident).+) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name<'a> {
            pool: &'a DescriptorPool,
            id: usize,
        }

        impl<'a> $name<'a> {
            pub(super) fn new(pool: &'a DescriptorPool, id: usize) -> Self {
                $name { pool, id }
            }

            /// The pool it is in.
            pub fn pool(&self) -> &'a DescriptorPool {
                self.pool
            }
        }

        impl PartialEq for $name<'_> {
            fn eq(&self, other: &Self) -> bool {
                core::ptr::eq(self.pool, other.pool) && self.id == other.id
            }
        }

        impl Eq for $name<'_> {}

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($name)).field(&self.$($what).+()).finish()
            }
        }
    };
}

handle!(
    /// A `.proto` file of a pool.
    FileDescriptor, name
);
handle!(
    /// A message of a pool, nested ones and map entries included.
    MessageDescriptor, full_name
);
handle!(
    /// A field of a message, or an extension.
    FieldDescriptor, full_name
);
handle!(
    /// An enum of a pool.
    EnumDescriptor, full_name
);
handle!(
    /// A service of a pool.
    ServiceDescriptor, full_name
);

impl<'a> FileDescriptor<'a> {
    /// Its name, the path it is imported by (`google/api/http.proto`).
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its package; empty where it declares none.
    pub fn package(&self) -> &'a str {
        self.proto().package.as_deref().unwrap_or_default()
    }

    /// Its descriptor, as it joined the pool.
    pub fn proto(&self) -> &'a FileDescriptorProto {
        &self.pool.files[self.id].proto
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a FileOptions> {
        self.proto().options.as_ref()
    }

    /// The files it imports.
    pub fn dependencies(&self) -> impl Iterator<Item = FileDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (self.proto().dependency.iter()).filter_map(move |name| pool.file(name))
    }

    /// Its top-level messages.
    pub fn messages(&self) -> impl ExactSizeIterator<Item = MessageDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.files[self.id].messages.iter()).map(move |&id| MessageDescriptor::new(pool, id))
    }

    /// Its top-level enums.
    pub fn enums(&self) -> impl ExactSizeIterator<Item = EnumDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.files[self.id].enums.iter()).map(move |&id| EnumDescriptor::new(pool, id))
    }

    /// Its services.
    pub fn services(&self) -> impl ExactSizeIterator<Item = ServiceDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.files[self.id].services.iter()).map(move |&id| ServiceDescriptor::new(pool, id))
    }

    /// The extensions it declares at its top level.
    pub fn extensions(&self) -> impl ExactSizeIterator<Item = FieldDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.files[self.id].extensions.iter()).map(move |&id| FieldDescriptor::new(pool, id))
    }
}

impl<'a> MessageDescriptor<'a> {
    pub(super) fn id(&self) -> usize {
        self.id
    }

    /// Its name with its package and enclosing messages
    /// (`google.protobuf.DescriptorProto.ExtensionRange`).
    pub fn full_name(&self) -> &'a str {
        &self.pool.messages[self.id].full_name
    }

    /// Its name as declared.
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a DescriptorProto {
        self.pool.message_proto(self.id)
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a MessageOptions> {
        self.proto().options.as_ref()
    }

    /// The file that declares it.
    pub fn file(&self) -> FileDescriptor<'a> {
        FileDescriptor::new(self.pool, self.pool.messages[self.id].file)
    }

    /// The message it is nested in, if any.
    pub fn parent(&self) -> Option<MessageDescriptor<'a>> {
        (self.pool.messages[self.id].parent).map(|id| MessageDescriptor::new(self.pool, id))
    }

    /// Its fields in declaration order (extensions not included).
    pub fn fields(&self) -> impl ExactSizeIterator<Item = FieldDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.messages[self.id].fields.iter()).map(move |&id| FieldDescriptor::new(pool, id))
    }

    /// Its field of number `number`.
    pub fn field(&self, number: u32) -> Option<FieldDescriptor<'a>> {
        let field = FieldDescriptor::new(self.pool, self.pool.numbered(self.id, number)?);
        (!field.is_extension()).then_some(field)
    }

    /// The extension of it numbered `number` that the pool holds.
    pub fn extension(&self, number: u32) -> Option<FieldDescriptor<'a>> {
        let field = FieldDescriptor::new(self.pool, self.pool.numbered(self.id, number)?);
        field.is_extension().then_some(field)
    }

    /// Its field named `name` in the schema.
    pub fn field_by_name(&self, name: &str) -> Option<FieldDescriptor<'a>> {
        self.fields().find(|field| field.name() == name)
    }

    /// Its field whose JSON name is `name`.
    pub fn field_by_json_name(&self, name: &str) -> Option<FieldDescriptor<'a>> {
        self.fields().find(|field| field.json_name() == name)
    }

    /// Its oneofs, synthetic ones (of proto3's `optional` fields) included.
    pub fn oneofs(&self) -> impl ExactSizeIterator<Item = OneofDescriptor<'a>> + use<'a> {
        let message = *self;
        (0..self.proto().oneof_decl.len()).map(move |index| OneofDescriptor { message, index })
    }

    /// The messages nested in it.
    pub fn messages(&self) -> impl ExactSizeIterator<Item = MessageDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.messages[self.id].nested.iter()).map(move |&id| MessageDescriptor::new(pool, id))
    }

    /// The enums nested in it.
    pub fn enums(&self) -> impl ExactSizeIterator<Item = EnumDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.messages[self.id].enums.iter()).map(move |&id| EnumDescriptor::new(pool, id))
    }

    /// The extensions declared in it (of any message).
    pub fn nested_extensions(
        &self,
    ) -> impl ExactSizeIterator<Item = FieldDescriptor<'a>> + use<'a> {
        let pool = self.pool;
        (pool.messages[self.id].extensions.iter()).map(move |&id| FieldDescriptor::new(pool, id))
    }

    /// The extensions of it that the pool holds.
    pub fn extensions(&self) -> impl Iterator<Item = FieldDescriptor<'a>> + use<'a> {
        self.pool.extensions_of(*self)
    }

    /// Whether it is the entry message of a map field (`option map_entry`):
    /// `key` is field 1, `value` field 2.
    pub fn is_map_entry(&self) -> bool {
        self.options().and_then(|o| o.map_entry) == Some(true)
    }

    /// Whether it is a message set (`option message_set_wire_format`):
    /// its extensions are written as items of a group numbered 1, each the
    /// extension's number and its message's bytes.
    pub fn is_message_set(&self) -> bool {
        self.options().and_then(|o| o.message_set_wire_format) == Some(true)
    }

    /// Whether a field that `(schemac.reference)` marks holds it (as
    /// elements or values too): graph mode numbers its objects in its
    /// field [`REFERENCE_FIELD`](crate::graph::REFERENCE_FIELD).
    pub(crate) fn is_referenced(&self) -> bool {
        self.pool.messages[self.id].referenced
    }

    /// Whether it reaches a field that `(schemac.reference)` marks,
    /// through its fields: a graph message, whose JSON numbers its objects
    /// and is written in field number order.
    pub(crate) fn is_graph_message(&self) -> bool {
        self.pool.messages[self.id].graph
    }
}

/// A field's type; a group is a `Message` whose field
/// [`is_group`](FieldDescriptor::is_group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Kind<'a> {
    Double,
    Float,
    Int32,
    Int64,
    Uint32,
    Uint64,
    Sint32,
    Sint64,
    Fixed32,
    Fixed64,
    Sfixed32,
    Sfixed64,
    Bool,
    String,
    Bytes,
    Message(MessageDescriptor<'a>),
    Enum(EnumDescriptor<'a>),
}

/// Whether a field holds one value, a required one, or a list (maps
/// included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cardinality {
    /// One value, which may be absent.
    Optional,
    /// One value, which must be present (proto2's `required`, editions'
    /// `LEGACY_REQUIRED`).
    Required,
    /// A list, or a map.
    Repeated,
}

impl<'a> FieldDescriptor<'a> {
    fn entry(&self) -> &'a super::pool::FieldEntry {
        &self.pool.fields[self.id]
    }

    /// Its name as declared (`display_name`).
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its name with its message's, or for an extension with the scope it
    /// is declared in (`google.api.http`).
    pub fn full_name(&self) -> &'a str {
        &self.entry().full_name
    }

    /// Its number.
    pub fn number(&self) -> u32 {
        self.proto()
            .number
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(0)
    }

    /// Its name in JSON: its `json_name`, or protobuf's lowerCamelCase of
    /// its name (`display_name` → `displayName`).
    pub fn json_name(&self) -> Cow<'a, str> {
        match self.proto().json_name.as_deref() {
            Some(json_name) => Cow::Borrowed(json_name),
            None => Cow::Owned(json_name(self.name())),
        }
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a FieldDescriptorProto {
        self.pool.field_proto(self.id)
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a FieldOptions> {
        self.proto().options.as_ref()
    }

    /// Its type.
    pub fn kind(&self) -> Kind<'a> {
        match self.entry().kind {
            KindEntry::Message(id) => Kind::Message(MessageDescriptor::new(self.pool, id)),
            KindEntry::Enum(id) => Kind::Enum(EnumDescriptor::new(self.pool, id)),
            KindEntry::Scalar(scalar) => match scalar {
                Type::Double => Kind::Double,
                Type::Float => Kind::Float,
                Type::Int32 => Kind::Int32,
                Type::Int64 => Kind::Int64,
                Type::Uint32 => Kind::Uint32,
                Type::Uint64 => Kind::Uint64,
                Type::Sint32 => Kind::Sint32,
                Type::Sint64 => Kind::Sint64,
                Type::Fixed32 => Kind::Fixed32,
                Type::Fixed64 => Kind::Fixed64,
                Type::Sfixed32 => Kind::Sfixed32,
                Type::Sfixed64 => Kind::Sfixed64,
                Type::Bool => Kind::Bool,
                Type::String => Kind::String,
                // The pool holds no other scalar: messages and enums are
                // found as the field joins, and unknown types refused.
                _ => Kind::Bytes,
            },
        }
    }

    /// Whether it holds one value, a required one, or a list.
    pub fn cardinality(&self) -> Cardinality {
        use super::descriptor::field_descriptor_proto::Label;
        match (self.proto().label, self.entry().shape.required) {
            (Some(Label::Repeated), _) => Cardinality::Repeated,
            (_, true) => Cardinality::Required,
            _ => Cardinality::Optional,
        }
    }

    /// Whether it is a list: repeated, and not a map.
    pub fn is_list(&self) -> bool {
        self.cardinality() == Cardinality::Repeated && !self.is_map()
    }

    /// Whether it is a map: repeated, of a map entry message.
    pub fn is_map(&self) -> bool {
        self.cardinality() == Cardinality::Repeated
            && matches!(self.kind(), Kind::Message(entry) if entry.is_map_entry())
    }

    /// A map's key and value fields: those of its entry message.
    pub fn map_entry(&self) -> Option<(FieldDescriptor<'a>, FieldDescriptor<'a>)> {
        match self.kind() {
            Kind::Message(entry) if self.is_map() => Some((entry.field(1)?, entry.field(2)?)),
            _ => None,
        }
    }

    /// Whether it tells "absent" from its default: a message, a member of
    /// a oneof, proto2's singular fields, proto3's `optional` ones, and
    /// editions' fields of explicit presence; but not a `schemac.Decimal`
    /// or `schemac.Value` where generated code's `decimal` or `value` has
    /// none (in proto3 without `optional`, or marked
    /// `[(schemac.implicit_presence) = true]`).
    pub fn has_presence(&self) -> bool {
        self.entry().shape.presence
    }

    /// What graph mode's `(schemac.reference)` marks it as (docs/graph.md):
    /// a message field, list or map whose messages are shared objects,
    /// numbered on the wire by their `schemac_graph_id` field. `None` for
    /// any other field.
    pub fn reference(&self) -> Option<Reference> {
        self.entry().reference
    }

    /// Whether it is a list written packed.
    pub fn is_packed(&self) -> bool {
        self.entry().shape.packed
    }

    /// Whether its message is written delimited, between a start and an
    /// end key: a proto2 group, or editions' `DELIMITED` encoding.
    pub fn is_group(&self) -> bool {
        self.entry().shape.delimited
    }

    /// Whether it is an extension.
    pub fn is_extension(&self) -> bool {
        self.entry().is_extension
    }

    /// The message it is a field of: for an extension, the extended one.
    pub fn containing_message(&self) -> MessageDescriptor<'a> {
        MessageDescriptor::new(self.pool, self.entry().message)
    }

    /// The oneof it is a member of, synthetic ones included; never for an
    /// extension.
    pub fn containing_oneof(&self) -> Option<OneofDescriptor<'a>> {
        if self.is_extension() {
            return None;
        }
        let index = usize::try_from(self.proto().oneof_index?).ok()?;
        Some(OneofDescriptor {
            message: self.containing_message(),
            index,
        })
    }

    /// Its default as the descriptor writes it (`[default = ...]`), if it
    /// has one.
    pub fn default_value(&self) -> Option<&'a str> {
        self.proto().default_value.as_deref()
    }
}

/// protobuf's JSON name of a field named `name` (protoc's `ToJsonName`):
/// underscores dropped, the ASCII letter after each made upper case.
fn json_name(name: &str) -> String {
    let mut json = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                json.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => json.push(c),
        }
    }
    json
}

/// A oneof of a message.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct OneofDescriptor<'a> {
    message: MessageDescriptor<'a>,
    index: usize,
}

impl<'a> OneofDescriptor<'a> {
    /// Its name as declared.
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a OneofDescriptorProto {
        &self.message.proto().oneof_decl[self.index]
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a OneofOptions> {
        self.proto().options.as_ref()
    }

    /// The message it is a oneof of.
    pub fn message(&self) -> MessageDescriptor<'a> {
        self.message
    }

    /// Its members.
    pub fn fields(&self) -> impl Iterator<Item = FieldDescriptor<'a>> + use<'a> {
        let index = self.index;
        (self.message.fields()).filter(move |f| {
            f.proto().oneof_index.and_then(|i| usize::try_from(i).ok()) == Some(index)
        })
    }

    /// Whether it is the oneof proto3 makes of one `optional` field.
    pub fn is_synthetic(&self) -> bool {
        let mut fields = self.fields();
        fields
            .next()
            .is_some_and(|f| f.proto().proto3_optional == Some(true))
            && fields.next().is_none()
    }
}

impl fmt::Debug for OneofDescriptor<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("OneofDescriptor")
            .field(&self.message.full_name())
            .field(&self.name())
            .finish()
    }
}

impl<'a> EnumDescriptor<'a> {
    /// Its name with its package and enclosing messages.
    pub fn full_name(&self) -> &'a str {
        &self.pool.enums[self.id].full_name
    }

    /// Its name as declared.
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a EnumDescriptorProto {
        self.pool.enum_proto(self.id)
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a EnumOptions> {
        self.proto().options.as_ref()
    }

    /// The file that declares it.
    pub fn file(&self) -> FileDescriptor<'a> {
        FileDescriptor::new(self.pool, self.pool.enums[self.id].file)
    }

    /// The message it is nested in, if any.
    pub fn parent(&self) -> Option<MessageDescriptor<'a>> {
        (self.pool.enums[self.id].parent).map(|id| MessageDescriptor::new(self.pool, id))
    }

    /// Whether it is closed (proto2, editions' `CLOSED`): a number it does
    /// not name is not one of its values, and is kept as an unknown field.
    pub fn is_closed(&self) -> bool {
        self.pool.enums[self.id].closed
    }

    /// Its values in declaration order; the first is the default.
    pub fn values(&self) -> impl ExactSizeIterator<Item = EnumValueDescriptor<'a>> + use<'a> {
        let enumeration = *self;
        (0..self.proto().value.len()).map(move |index| EnumValueDescriptor { enumeration, index })
    }

    /// Its first value of number `number` (the others are its aliases).
    pub fn value(&self, number: i32) -> Option<EnumValueDescriptor<'a>> {
        self.values().find(|value| value.number() == number)
    }

    /// Its value named `name`.
    pub fn value_by_name(&self, name: &str) -> Option<EnumValueDescriptor<'a>> {
        self.values().find(|value| value.name() == name)
    }
}

/// A value of an enum.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EnumValueDescriptor<'a> {
    enumeration: EnumDescriptor<'a>,
    index: usize,
}

impl<'a> EnumValueDescriptor<'a> {
    /// Its name as declared.
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its number.
    pub fn number(&self) -> i32 {
        self.proto().number.unwrap_or_default()
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a EnumValueDescriptorProto {
        &self.enumeration.proto().value[self.index]
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a EnumValueOptions> {
        self.proto().options.as_ref()
    }

    /// The enum it is a value of.
    pub fn enumeration(&self) -> EnumDescriptor<'a> {
        self.enumeration
    }
}

impl fmt::Debug for EnumValueDescriptor<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("EnumValueDescriptor")
            .field(&self.enumeration.full_name())
            .field(&self.name())
            .finish()
    }
}

impl<'a> ServiceDescriptor<'a> {
    /// Its name with its package (`google.pubsub.v1.Publisher`).
    pub fn full_name(&self) -> &'a str {
        &self.pool.services[self.id].full_name
    }

    /// Its name as declared.
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a ServiceDescriptorProto {
        let entry = &self.pool.services[self.id];
        &self.pool.files[entry.file].proto.service[entry.index]
    }

    /// Its options.
    pub fn options(&self) -> Option<&'a ServiceOptions> {
        self.proto().options.as_ref()
    }

    /// The file that declares it.
    pub fn file(&self) -> FileDescriptor<'a> {
        FileDescriptor::new(self.pool, self.pool.services[self.id].file)
    }

    /// Its methods in declaration order.
    pub fn methods(&self) -> impl ExactSizeIterator<Item = MethodDescriptor<'a>> + use<'a> {
        let service = *self;
        (0..self.proto().method.len()).map(move |index| MethodDescriptor { service, index })
    }

    /// Its method named `name`.
    pub fn method(&self, name: &str) -> Option<MethodDescriptor<'a>> {
        self.methods().find(|method| method.name() == name)
    }
}

/// A method of a service.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MethodDescriptor<'a> {
    service: ServiceDescriptor<'a>,
    index: usize,
}

impl<'a> MethodDescriptor<'a> {
    /// Its name as declared.
    pub fn name(&self) -> &'a str {
        self.proto().name.as_deref().unwrap_or_default()
    }

    /// Its descriptor.
    pub fn proto(&self) -> &'a MethodDescriptorProto {
        &self.service.proto().method[self.index]
    }

    /// Its options, where a custom option such as `google.api.http` is an
    /// extension.
    pub fn options(&self) -> Option<&'a MethodOptions> {
        self.proto().options.as_ref()
    }

    /// The service it is a method of.
    pub fn service(&self) -> ServiceDescriptor<'a> {
        self.service
    }

    /// The message it takes.
    pub fn input(&self) -> MessageDescriptor<'a> {
        let (input, _) = self.service.pool.services[self.service.id].methods[self.index];
        MessageDescriptor::new(self.service.pool, input)
    }

    /// The message it returns.
    pub fn output(&self) -> MessageDescriptor<'a> {
        let (_, output) = self.service.pool.services[self.service.id].methods[self.index];
        MessageDescriptor::new(self.service.pool, output)
    }

    /// Whether the client sends a stream of messages.
    pub fn is_client_streaming(&self) -> bool {
        self.proto().client_streaming == Some(true)
    }

    /// Whether the server answers with a stream of messages.
    pub fn is_server_streaming(&self) -> bool {
        self.proto().server_streaming == Some(true)
    }
}

impl fmt::Debug for MethodDescriptor<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("MethodDescriptor")
            .field(&self.service.full_name())
            .field(&self.name())
            .finish()
    }
}
