//! The pool: files, and an index of every element by full name, built as
//! each file joins, with each field's type found and its shape resolved.

use crate::prelude::*;
use alloc::collections::BTreeMap;

use super::DescriptorError;
use super::descriptor::field_descriptor_proto::Type;
use super::descriptor::{
    DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto,
    FileDescriptorSet,
};
use super::features::{Features, FieldShape, Syntax};
use super::schemac::{self, Builtin, Reference};
use crate::Message;

/// Descriptors of `.proto` files, by the full names of their elements.
///
/// Files join by [`add_file`](Self::add_file) or, from a
/// `FileDescriptorSet`'s bytes, [`decode`](Self::decode) and
/// [`add_file_descriptor_set`](Self::add_file_descriptor_set); each after
/// the files it imports, as protoc's `--include_imports` orders them.
#[derive(Clone, Debug, Default)]
pub struct DescriptorPool {
    pub(super) files: Vec<FileEntry>,
    pub(super) messages: Vec<MessageEntry>,
    pub(super) fields: Vec<FieldEntry>,
    pub(super) enums: Vec<EnumEntry>,
    pub(super) services: Vec<ServiceEntry>,
    /// Every named element by its full name, without a leading dot.
    names: BTreeMap<String, Named>,
    /// Every field and extension by its message and its number.
    numbered: BTreeMap<(usize, u32), usize>,
    /// The names the file being added has claimed, taken back if it fails;
    /// empty between two additions.
    claimed: Vec<String>,
    /// Whether a field of it is marked `(schemac.reference)`: whether
    /// its messages may hold graph mode's objects.
    has_references: bool,
}

/// What a full name names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Named {
    Package,
    Message(usize),
    Enum(usize),
    Service(usize),
    /// An extension, by its index in [`DescriptorPool::fields`].
    Extension(usize),
    /// A field, an enum value, a oneof or a method: names a type cannot take.
    Member,
}

#[derive(Clone, Debug)]
pub(super) struct FileEntry {
    pub(super) proto: FileDescriptorProto,
    pub(super) syntax: Syntax,
    /// Its top-level messages, enums, services and extensions.
    pub(super) messages: Vec<usize>,
    pub(super) enums: Vec<usize>,
    pub(super) services: Vec<usize>,
    pub(super) extensions: Vec<usize>,
}

#[derive(Clone, Debug)]
pub(super) struct MessageEntry {
    pub(super) file: usize,
    pub(super) parent: Option<usize>,
    /// Its index among its file's messages, then among each enclosing
    /// message's nested ones.
    pub(super) path: Vec<usize>,
    pub(super) full_name: String,
    /// Its fields in declaration order, as indices into the pool's fields.
    pub(super) fields: Vec<usize>,
    pub(super) nested: Vec<usize>,
    pub(super) enums: Vec<usize>,
    pub(super) extensions: Vec<usize>,
    /// Whether a field that `(schemac.reference)` marks holds it: its
    /// field numbered `REFERENCE_FIELD` is graph mode's
    /// `schemac_graph_id`.
    pub(super) referenced: bool,
    /// Whether it reaches such a field, through its fields and those of
    /// the messages they hold: a graph message, whose JSON numbers its
    /// objects.
    pub(super) graph: bool,
}

#[derive(Clone, Debug)]
pub(super) struct FieldEntry {
    pub(super) file: usize,
    /// The message that declares it: its message, or for an extension the
    /// message it is declared in, if any.
    pub(super) scope: Option<usize>,
    /// Its index in the scope's (or the file's) fields or extensions.
    pub(super) index: usize,
    /// The message it is a field of: the extended one, for an extension.
    pub(super) message: usize,
    pub(super) is_extension: bool,
    pub(super) full_name: String,
    pub(super) kind: KindEntry,
    pub(super) shape: FieldShape,
    /// What `(schemac.reference)` marks it as, on a message field.
    pub(super) reference: Option<Reference>,
}

/// A field's type, with its message or enum found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KindEntry {
    Scalar(Type),
    Message(usize),
    Enum(usize),
}

#[derive(Clone, Debug)]
pub(super) struct EnumEntry {
    pub(super) file: usize,
    pub(super) parent: Option<usize>,
    pub(super) index: usize,
    pub(super) full_name: String,
    pub(super) closed: bool,
}

#[derive(Clone, Debug)]
pub(super) struct ServiceEntry {
    pub(super) file: usize,
    pub(super) index: usize,
    pub(super) full_name: String,
    /// Each method's input and output message.
    pub(super) methods: Vec<(usize, usize)>,
}

impl DescriptorPool {
    /// An empty pool.
    pub fn new() -> DescriptorPool {
        DescriptorPool::default()
    }

    /// Whether a field of it is marked `(schemac.reference)` (graph mode).
    pub(crate) fn has_references(&self) -> bool {
        self.has_references
    }

    /// A pool of the files of the `FileDescriptorSet` in `bytes`.
    pub fn decode(bytes: &[u8]) -> Result<DescriptorPool, DescriptorError> {
        let mut pool = DescriptorPool::new();
        pool.add_file_descriptor_set(bytes)?;
        Ok(pool)
    }

    /// Adds the files of the `FileDescriptorSet` in `bytes`, in order; on
    /// an error, the files before the one at fault stay.
    pub fn add_file_descriptor_set(&mut self, bytes: &[u8]) -> Result<(), DescriptorError> {
        let set = FileDescriptorSet::decode(bytes).map_err(DescriptorError::decode)?;
        set.file
            .into_iter()
            .try_for_each(|file| self.add_file(file))
    }

    /// Adds one file, after the files it imports. A file of a name the
    /// pool holds joins only if it is the same file, and then changes
    /// nothing. On an error the pool is as it was.
    pub fn add_file(&mut self, file: FileDescriptorProto) -> Result<(), DescriptorError> {
        let name = file.name.clone().unwrap_or_default();
        if let Some(held) = self
            .files
            .iter()
            .find(|f| f.proto.name.as_deref() == Some(&name))
        {
            return match held.proto == file {
                true => Ok(()),
                false => Err(DescriptorError::new(
                    &name,
                    "the pool holds another file of this name".to_owned(),
                )),
            };
        }
        let lengths = (
            self.files.len(),
            self.messages.len(),
            self.fields.len(),
            self.enums.len(),
            self.services.len(),
        );
        let added = self.index(file);
        let claimed = core::mem::take(&mut self.claimed);
        if added.is_err() {
            let (files, messages, fields, enums, services) = lengths;
            self.files.truncate(files);
            self.messages.truncate(messages);
            self.fields.truncate(fields);
            self.enums.truncate(enums);
            self.services.truncate(services);
            for name in claimed {
                self.names.remove(&name);
            }
            self.numbered.retain(|_, field| *field < fields);
        }
        added
    }

    /// The field or extension of message `message` numbered `number`.
    pub(super) fn numbered(&self, message: usize, number: u32) -> Option<usize> {
        self.numbered.get(&(message, number)).copied()
    }

    /// What the full name `name` names (a leading dot is allowed).
    pub(super) fn named(&self, name: &str) -> Option<Named> {
        self.names
            .get(name.strip_prefix('.').unwrap_or(name))
            .copied()
    }

    pub(super) fn message_proto(&self, id: usize) -> &DescriptorProto {
        let entry = &self.messages[id];
        let file = &self.files[entry.file].proto;
        let (first, rest) = entry.path.split_first().expect("a message has a path");
        rest.iter().fold(&file.message_type[*first], |message, &i| {
            &message.nested_type[i]
        })
    }

    pub(super) fn enum_proto(&self, id: usize) -> &EnumDescriptorProto {
        let entry = &self.enums[id];
        match entry.parent {
            Some(parent) => &self.message_proto(parent).enum_type[entry.index],
            None => &self.files[entry.file].proto.enum_type[entry.index],
        }
    }

    pub(super) fn field_proto(&self, id: usize) -> &FieldDescriptorProto {
        let entry = &self.fields[id];
        match (entry.scope, entry.is_extension) {
            (Some(scope), false) => &self.message_proto(scope).field[entry.index],
            (Some(scope), true) => &self.message_proto(scope).extension[entry.index],
            (None, _) => &self.files[entry.file].proto.extension[entry.index],
        }
    }

    /// Indexes `file` into the pool: its names, then every field's type
    /// and every method's messages, found among its names and those of
    /// the files it imports (and those they import publicly, and so on).
    fn index(&mut self, proto: FileDescriptorProto) -> Result<(), DescriptorError> {
        let name = proto.name.clone().unwrap_or_default();
        let error = |message: String| DescriptorError::new(&name, message);
        for dependency in &proto.dependency {
            let held = (self.files.iter()).any(|f| f.proto.name.as_deref() == Some(dependency));
            if !held {
                return Err(error(format!(
                    "imports {dependency}, which the pool does not hold: add it first"
                )));
            }
        }
        let file = self.files.len();
        let package = proto.package.clone().unwrap_or_default();
        let mut prefix = String::new();
        for segment in package.split('.').filter(|s| !s.is_empty()) {
            prefix.push_str(segment);
            match self.names.get(&prefix) {
                Some(Named::Package) => {}
                None => {
                    self.names.insert(prefix.clone(), Named::Package);
                    self.claimed.push(prefix.clone());
                }
                Some(_) => return Err(error(format!("package {prefix} is the name of a type"))),
            }
            prefix.push('.');
        }
        let features = Features::of_file(&proto);
        let syntax = Syntax::of(&proto);
        self.files.push(FileEntry {
            proto,
            syntax,
            messages: Vec::new(),
            enums: Vec::new(),
            services: Vec::new(),
            extensions: Vec::new(),
        });
        let mut pending = Vec::new();
        let first_message = self.messages.len();
        let count = self.files[file].proto.message_type.len();
        for index in 0..count {
            let id = self.declare_message(
                file,
                None,
                alloc::vec![index],
                &package,
                features,
                &mut pending,
            )?;
            self.files[file].messages.push(id);
        }
        let count = self.files[file].proto.enum_type.len();
        for index in 0..count {
            let id = self.declare_enum(file, None, index, &package, features)?;
            self.files[file].enums.push(id);
        }
        let count = self.files[file].proto.extension.len();
        for index in 0..count {
            let field = &self.files[file].proto.extension[index];
            let full_name = join(&package, field.name.as_deref().unwrap_or_default());
            let id = self.declare_field(file, None, index, true, full_name)?;
            self.files[file].extensions.push(id);
            pending.push((id, features));
        }
        for &(field, features) in &pending {
            self.resolve_field(field, features)?;
        }
        let count = self.files[file].proto.service.len();
        for index in 0..count {
            let id = self.declare_service(file, index, &package)?;
            self.files[file].services.push(id);
        }
        // Last, once nothing can fail: marks on messages of other files.
        for (field, _) in pending {
            self.mark_referenced(field);
        }
        self.mark_graph_messages(first_message..self.messages.len());
        Ok(())
    }

    fn claim(&mut self, file: usize, full_name: &str, named: Named) -> Result<(), DescriptorError> {
        if self.names.contains_key(full_name) {
            let file = self.files[file].proto.name.clone().unwrap_or_default();
            return Err(DescriptorError::new(
                &file,
                format!("{full_name} is declared twice in the pool"),
            ));
        }
        self.names.insert(full_name.to_owned(), named);
        self.claimed.push(full_name.to_owned());
        Ok(())
    }

    fn declare_message(
        &mut self,
        file: usize,
        parent: Option<usize>,
        path: Vec<usize>,
        scope: &str,
        features: Features,
        pending: &mut Vec<(usize, Features)>,
    ) -> Result<usize, DescriptorError> {
        let id = self.messages.len();
        let proto = match parent {
            Some(parent) => &self.message_proto(parent).nested_type[path[path.len() - 1]],
            None => &self.files[file].proto.message_type[path[0]],
        };
        let full_name = join(scope, proto.name.as_deref().unwrap_or_default());
        let features = features.with(proto.options.as_ref().and_then(|o| o.features.as_ref()));
        let (nested, enums, fields, extensions) = (
            proto.nested_type.len(),
            proto.enum_type.len(),
            proto.field.len(),
            proto.extension.len(),
        );
        self.claim(file, &full_name, Named::Message(id))?;
        self.messages.push(MessageEntry {
            file,
            parent,
            path: path.clone(),
            full_name: full_name.clone(),
            fields: Vec::new(),
            nested: Vec::new(),
            enums: Vec::new(),
            extensions: Vec::new(),
            referenced: false,
            graph: false,
        });
        for index in 0..fields {
            let proto = &self.message_proto(id).field[index];
            let mut field_features = features;
            if let Some(oneof) = proto.oneof_index {
                let oneofs = &self.message_proto(id).oneof_decl;
                let oneof = usize::try_from(oneof).ok().and_then(|i| oneofs.get(i));
                let Some(oneof) = oneof else {
                    return Err(self.field_error(file, &full_name, index, "names no oneof"));
                };
                field_features =
                    field_features.with(oneof.options.as_ref().and_then(|o| o.features.as_ref()));
            }
            let member = join(&full_name, proto.name.as_deref().unwrap_or_default());
            self.claim(file, &member, Named::Member)?;
            let field = self.declare_field(file, Some(id), index, false, member)?;
            self.messages[id].fields.push(field);
            pending.push((field, field_features));
        }
        for oneof in &self.message_proto(id).oneof_decl.clone() {
            let member = join(&full_name, oneof.name.as_deref().unwrap_or_default());
            self.claim(file, &member, Named::Member)?;
        }
        for index in 0..nested {
            let mut path = path.clone();
            path.push(index);
            let nested =
                self.declare_message(file, Some(id), path, &full_name, features, pending)?;
            self.messages[id].nested.push(nested);
        }
        for index in 0..enums {
            let enumeration = self.declare_enum(file, Some(id), index, &full_name, features)?;
            self.messages[id].enums.push(enumeration);
        }
        for index in 0..extensions {
            let name = self.message_proto(id).extension[index]
                .name
                .clone()
                .unwrap_or_default();
            let full = join(&full_name, &name);
            let extension = self.declare_field(file, Some(id), index, true, full)?;
            self.messages[id].extensions.push(extension);
            pending.push((extension, features));
        }
        Ok(id)
    }

    fn field_error(&self, file: usize, message: &str, index: usize, what: &str) -> DescriptorError {
        let file = self.files[file].proto.name.clone().unwrap_or_default();
        DescriptorError::new(&file, format!("field {index} of {message} {what}"))
    }

    /// Declares a field or an extension; its type is found later, by
    /// [`resolve_field`](Self::resolve_field), once every type of the
    /// file is declared.
    fn declare_field(
        &mut self,
        file: usize,
        scope: Option<usize>,
        index: usize,
        is_extension: bool,
        full_name: String,
    ) -> Result<usize, DescriptorError> {
        let id = self.fields.len();
        if is_extension {
            self.claim(file, &full_name, Named::Extension(id))?;
        }
        self.fields.push(FieldEntry {
            file,
            scope,
            index,
            message: scope.unwrap_or(usize::MAX),
            is_extension,
            full_name,
            kind: KindEntry::Scalar(Type::Double),
            shape: FieldShape::default(),
            reference: None,
        });
        Ok(id)
    }

    /// Finds field `id`'s type (and an extension's extended message), and
    /// resolves its shape under `features` and its own.
    fn resolve_field(&mut self, id: usize, features: Features) -> Result<(), DescriptorError> {
        let entry = &self.fields[id];
        let proto = self.field_proto(id);
        let file = entry.file;
        let fail = |what: String| {
            let name = self.files[file].proto.name.clone().unwrap_or_default();
            Err(DescriptorError::new(
                &name,
                format!("{} {what}", entry.full_name),
            ))
        };
        let kind = match (proto.r#type, proto.type_name.as_deref()) {
            (Some(Type::Message | Type::Group) | None, Some(name)) => match self.named(name) {
                Some(Named::Message(message)) => KindEntry::Message(message),
                Some(Named::Enum(enumeration)) if proto.r#type.is_none() => {
                    KindEntry::Enum(enumeration)
                }
                _ => {
                    return fail(format!(
                        "names the message {name}, which the pool does not hold"
                    ));
                }
            },
            (Some(Type::Enum), Some(name)) => match self.named(name) {
                Some(Named::Enum(enumeration)) => KindEntry::Enum(enumeration),
                _ => {
                    return fail(format!(
                        "names the enum {name}, which the pool does not hold"
                    ));
                }
            },
            (Some(Type::Message | Type::Group | Type::Enum) | None, None) => {
                return fail("has no type".to_owned());
            }
            (Some(Type::Unrecognized(number)), _) => {
                return fail(format!("has type {number}, which protobuf does not have"));
            }
            (Some(scalar), _) => KindEntry::Scalar(scalar),
        };
        let message = match (entry.is_extension, proto.extendee.as_deref()) {
            (false, _) => entry.message,
            (true, Some(extendee)) => match self.named(extendee) {
                Some(Named::Message(message)) => message,
                _ => return fail(format!("extends {extendee}, which the pool does not hold")),
            },
            (true, None) => return fail("extends no message".to_owned()),
        };
        let own = proto.options.as_ref().and_then(|o| o.features.as_ref());
        let in_oneof = !entry.is_extension && proto.oneof_index.is_some();
        let mut shape = FieldShape::of(
            proto,
            self.files[file].syntax,
            features.with(own),
            in_oneof,
            matches!(kind, KindEntry::Message(_)),
        );
        // A map, and a map entry's value, is length-prefixed whatever
        // `message_encoding` says, as protoc has it.
        let is_map_entry = |id: usize| {
            let options = self.message_proto(id).options.as_ref();
            options.and_then(|o| o.map_entry) == Some(true)
        };
        if (!entry.is_extension && is_map_entry(entry.message))
            || matches!(kind, KindEntry::Message(m) if is_map_entry(m))
        {
            shape.delimited = proto.r#type == Some(Type::Group);
        }
        // A singular `schemac.Decimal` or `schemac.Value` has presence
        // where generated code's `decimal` or `value` has it.
        let options = proto.options.as_ref();
        let builtin = match kind {
            KindEntry::Message(m) => Builtin::of(&self.messages[m].full_name),
            _ => None,
        };
        if builtin.is_some()
            && shape.presence
            && !shape.required
            && !in_oneof
            && !entry.is_extension
            && !is_map_entry(entry.message)
        {
            let bare_proto3 =
                self.files[file].syntax == Syntax::Proto3 && proto.proto3_optional != Some(true);
            shape.presence = !(bare_proto3 || schemac::implicit_presence(options));
        }
        let reference = match kind {
            KindEntry::Message(_) => schemac::reference(options),
            _ => None,
        };
        let number = proto
            .number
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(0);
        if let Some(&taken) = self.numbered.get(&(message, number)) {
            let (taken, extended) = (&self.fields[taken].full_name, &self.messages[message]);
            return fail(format!(
                "has number {number} of {}, which {taken} has",
                extended.full_name
            ));
        }
        self.numbered.insert((message, number), id);
        let entry = &mut self.fields[id];
        (entry.kind, entry.message, entry.shape) = (kind, message, shape);
        entry.reference = reference;
        Ok(())
    }

    /// Marks the message that field `id` holds as referenced, if
    /// `(schemac.reference)` marks the field; for a map, the reference is
    /// its entries' value's, which it marks too.
    fn mark_referenced(&mut self, id: usize) {
        let (reference, KindEntry::Message(mut target)) =
            (self.fields[id].reference, self.fields[id].kind)
        else {
            return;
        };
        if reference.is_none() {
            return;
        }
        self.has_references = true;
        let options = self.message_proto(target).options.as_ref();
        if options.and_then(|o| o.map_entry) == Some(true) {
            let Some(value) = self.numbered(target, 2) else {
                return;
            };
            self.fields[value].reference = reference;
            match self.fields[value].kind {
                KindEntry::Message(message) => target = message,
                _ => return,
            }
        }
        self.messages[target].referenced = true;
    }

    /// Marks the graph messages among `messages`, those of the file just
    /// indexed: a message that reaches a reference through its fields. The
    /// messages of other files are marked already, and none of them holds
    /// one of these.
    fn mark_graph_messages(&mut self, messages: core::ops::Range<usize>) {
        let mut changed = true;
        while changed {
            changed = false;
            for id in messages.clone() {
                if self.messages[id].graph {
                    continue;
                }
                let reaches = self.messages[id].fields.iter().any(|&field| {
                    let field = &self.fields[field];
                    field.reference.is_some()
                        || matches!(field.kind, KindEntry::Message(m) if self.messages[m].graph)
                });
                if reaches {
                    self.messages[id].graph = true;
                    changed = true;
                }
            }
        }
    }

    fn declare_enum(
        &mut self,
        file: usize,
        parent: Option<usize>,
        index: usize,
        scope: &str,
        features: Features,
    ) -> Result<usize, DescriptorError> {
        let id = self.enums.len();
        let proto = match parent {
            Some(parent) => &self.message_proto(parent).enum_type[index],
            None => &self.files[file].proto.enum_type[index],
        };
        let full_name = join(scope, proto.name.as_deref().unwrap_or_default());
        let features = features.with(proto.options.as_ref().and_then(|o| o.features.as_ref()));
        // Enum values are siblings of their enum in protobuf's scopes.
        let values: Vec<String> = (proto.value.iter())
            .map(|value| join(scope, value.name.as_deref().unwrap_or_default()))
            .collect();
        self.claim(file, &full_name, Named::Enum(id))?;
        for value in values {
            self.claim(file, &value, Named::Member)?;
        }
        self.enums.push(EnumEntry {
            file,
            parent,
            index,
            full_name,
            closed: features.closed(),
        });
        Ok(id)
    }

    fn declare_service(
        &mut self,
        file: usize,
        index: usize,
        package: &str,
    ) -> Result<usize, DescriptorError> {
        let id = self.services.len();
        let proto = &self.files[file].proto.service[index];
        let full_name = join(package, proto.name.as_deref().unwrap_or_default());
        let mut methods = Vec::new();
        let mut members = Vec::new();
        for method in &proto.method {
            let name = method.name.as_deref().unwrap_or_default();
            let find = |ty: Option<&str>| match ty.and_then(|ty| self.named(ty)) {
                Some(Named::Message(message)) => Ok(message),
                _ => Err(DescriptorError::new(
                    self.files[file].proto.name.as_deref().unwrap_or_default(),
                    format!(
                        "method {name} of {full_name} names the message {}, which the pool does not hold",
                        ty.unwrap_or_default()
                    ),
                )),
            };
            methods.push((
                find(method.input_type.as_deref())?,
                find(method.output_type.as_deref())?,
            ));
            members.push(join(&full_name, name));
        }
        self.claim(file, &full_name, Named::Service(id))?;
        for member in members {
            self.claim(file, &member, Named::Member)?;
        }
        self.services.push(ServiceEntry {
            file,
            index,
            full_name,
            methods,
        });
        Ok(id)
    }
}

/// `name` in scope `scope`: `scope.name`, or `name` in the root scope.
fn join(scope: &str, name: &str) -> String {
    match scope {
        "" => name.to_owned(),
        scope => format!("{scope}.{name}"),
    }
}
