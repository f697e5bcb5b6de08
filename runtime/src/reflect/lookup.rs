//! Finding elements of a [`DescriptorPool`] by full name, and listing
//! them: what hands out the descriptors (`descriptors.rs`) over what the
//! pool holds (`pool.rs`).

use super::DescriptorPool;
use super::descriptors::{
    EnumDescriptor, FieldDescriptor, FileDescriptor, MessageDescriptor, ServiceDescriptor,
};
use super::pool::Named;

impl DescriptorPool {
    /// The files, in the order they joined.
    pub fn files(&self) -> impl ExactSizeIterator<Item = FileDescriptor<'_>> + '_ {
        (0..self.files.len()).map(|id| FileDescriptor::new(self, id))
    }

    /// The file named `name`, as its descriptor names it
    /// (`google/protobuf/timestamp.proto`).
    pub fn file(&self, name: &str) -> Option<FileDescriptor<'_>> {
        let id = (self.files.iter()).position(|f| f.proto.name.as_deref() == Some(name))?;
        Some(FileDescriptor::new(self, id))
    }

    /// Every message, nested ones and map entries included.
    pub fn messages(&self) -> impl ExactSizeIterator<Item = MessageDescriptor<'_>> + '_ {
        (0..self.messages.len()).map(|id| MessageDescriptor::new(self, id))
    }

    /// Every enum, nested ones included.
    pub fn enums(&self) -> impl ExactSizeIterator<Item = EnumDescriptor<'_>> + '_ {
        (0..self.enums.len()).map(|id| EnumDescriptor::new(self, id))
    }

    /// Every service.
    pub fn services(&self) -> impl ExactSizeIterator<Item = ServiceDescriptor<'_>> + '_ {
        (0..self.services.len()).map(|id| ServiceDescriptor::new(self, id))
    }

    /// The message of full name `name` (`google.protobuf.Timestamp`; a
    /// leading dot is allowed).
    pub fn message(&self, name: &str) -> Option<MessageDescriptor<'_>> {
        match self.named(name)? {
            Named::Message(id) => Some(MessageDescriptor::new(self, id)),
            _ => None,
        }
    }

    /// The enum of full name `name`.
    pub fn enumeration(&self, name: &str) -> Option<EnumDescriptor<'_>> {
        match self.named(name)? {
            Named::Enum(id) => Some(EnumDescriptor::new(self, id)),
            _ => None,
        }
    }

    /// The service of full name `name`.
    pub fn service(&self, name: &str) -> Option<ServiceDescriptor<'_>> {
        match self.named(name)? {
            Named::Service(id) => Some(ServiceDescriptor::new(self, id)),
            _ => None,
        }
    }

    /// The extension of full name `name` (`google.api.http`).
    pub fn extension(&self, name: &str) -> Option<FieldDescriptor<'_>> {
        match self.named(name)? {
            Named::Extension(id) => Some(FieldDescriptor::new(self, id)),
            _ => None,
        }
    }

    /// The extensions of `extendee` the pool holds, in the order they
    /// joined.
    pub fn extensions_of<'a>(
        &'a self,
        extendee: MessageDescriptor<'a>,
    ) -> impl Iterator<Item = FieldDescriptor<'a>> + use<'a> {
        let extendee = extendee.id();
        (self.fields.iter().enumerate())
            .filter(move |(_, f)| f.is_extension && f.message == extendee)
            .map(|(id, _)| FieldDescriptor::new(self, id))
    }
}
