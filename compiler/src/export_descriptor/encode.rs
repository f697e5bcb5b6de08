//! A `FileDescriptorSet` as bytes, with every option: the standard ones
//! and the custom ones, which `prost_types`' options messages cannot hold
//! (they have no extensions).
//!
//! Each descriptor message is written as protoc writes it, its fields by
//! number; the options of an element are the bytes [`OptionsTable`] holds
//! for its path (the path source info uses), or else those of its
//! `prost_types` options, which only synthesized elements such as map
//! entries have.

use std::collections::HashMap;

use prost::Message as _;
use prost::encoding::{WireType, bool, encode_key, encode_varint, int32, string};
use prost_types::{
    DescriptorProto, EnumDescriptorProto, EnumValueDescriptorProto, FieldDescriptorProto,
    FileDescriptorProto, MethodDescriptorProto, OneofDescriptorProto, ServiceDescriptorProto,
    descriptor_proto::ExtensionRange,
};

/// The encoded options of each element, by its path in its file's
/// descriptor.
pub(super) type OptionsTable = HashMap<Vec<i32>, Vec<u8>>;

/// The `SymbolVisibility` of each message and enum marked `export` or
/// `local`, by its path in its file's descriptor.
pub(super) type VisibilityTable = HashMap<Vec<i32>, i32>;

/// A file's descriptor, with what `prost_types`' cannot hold.
pub(super) struct Described {
    pub descriptor: FileDescriptorProto,
    /// Every element's options, encoded.
    pub options: OptionsTable,
    /// `FileDescriptorProto.edition`, a `google.protobuf.Edition`: an
    /// editions file's.
    pub edition: Option<i32>,
    /// `FileDescriptorProto.option_dependency`: the files of `import
    /// option` (edition 2024).
    pub option_dependency: Vec<String>,
    /// `DescriptorProto.visibility` and `EnumDescriptorProto.visibility`.
    pub visibility: VisibilityTable,
}

impl Described {
    /// A file whose options `prost_types` holds, in proto2 or proto3.
    pub fn plain(descriptor: FileDescriptorProto) -> Self {
        Described {
            descriptor,
            options: OptionsTable::new(),
            edition: None,
            option_dependency: Vec::new(),
            visibility: VisibilityTable::new(),
        }
    }
}

/// The set of `files`, each with its options.
pub(super) fn set(files: &[Described]) -> Vec<u8> {
    let mut out = Vec::new();
    for file in files {
        let encoder = Encoder {
            options: &file.options,
            visibility: &file.visibility,
        };
        let mut bytes = encoder.file(&file.descriptor, file.edition);
        string::encode_repeated(15, &file.option_dependency, &mut bytes);
        nested(1, &bytes, &mut out);
    }
    out
}

struct Encoder<'a> {
    options: &'a OptionsTable,
    visibility: &'a VisibilityTable,
}

/// A length-delimited field `tag` holding `bytes`.
fn nested(tag: u32, bytes: &[u8], out: &mut Vec<u8>) {
    encode_key(tag, WireType::LengthDelimited, out);
    encode_varint(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

fn opt_string(tag: u32, value: &Option<String>, out: &mut Vec<u8>) {
    if let Some(value) = value {
        string::encode(tag, value, out);
    }
}

fn opt_int32(tag: u32, value: Option<i32>, out: &mut Vec<u8>) {
    if let Some(value) = value {
        int32::encode(tag, &value, out);
    }
}

fn opt_bool(tag: u32, value: Option<bool>, out: &mut Vec<u8>) {
    if let Some(value) = value {
        bool::encode(tag, &value, out);
    }
}

/// `path` with `more` after it.
fn at(path: &[i32], more: &[i32]) -> Vec<i32> {
    [path, more].concat()
}

impl Encoder<'_> {
    /// Writes the options of the element at `path`, as field `tag`.
    fn options(&self, tag: u32, path: &[i32], fallback: Option<Vec<u8>>, out: &mut Vec<u8>) {
        match self.options.get(path) {
            Some(bytes) => nested(tag, bytes, out),
            None => {
                if let Some(bytes) = fallback {
                    nested(tag, &bytes, out);
                }
            }
        }
    }

    fn file(&self, file: &FileDescriptorProto, edition: Option<i32>) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &file.name, &mut out);
        opt_string(2, &file.package, &mut out);
        string::encode_repeated(3, &file.dependency, &mut out);
        for (index, message) in file.message_type.iter().enumerate() {
            nested(4, &self.message(message, &[4, index as i32]), &mut out);
        }
        for (index, enumeration) in file.enum_type.iter().enumerate() {
            nested(
                5,
                &self.enumeration(enumeration, &[5, index as i32]),
                &mut out,
            );
        }
        for (index, service) in file.service.iter().enumerate() {
            nested(6, &self.service(service, &[6, index as i32]), &mut out);
        }
        for (index, extension) in file.extension.iter().enumerate() {
            nested(7, &self.field(extension, &[7, index as i32]), &mut out);
        }
        let fallback = file.options.as_ref().map(|options| options.encode_to_vec());
        self.options(8, &[8], fallback, &mut out);
        if let Some(info) = &file.source_code_info {
            nested(9, &info.encode_to_vec(), &mut out);
        }
        for dependency in &file.public_dependency {
            int32::encode(10, dependency, &mut out);
        }
        for dependency in &file.weak_dependency {
            int32::encode(11, dependency, &mut out);
        }
        opt_string(12, &file.syntax, &mut out);
        opt_int32(14, edition, &mut out);
        out
    }

    fn message(&self, message: &DescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &message.name, &mut out);
        for (index, field) in message.field.iter().enumerate() {
            nested(
                2,
                &self.field(field, &at(path, &[2, index as i32])),
                &mut out,
            );
        }
        for (index, nested_message) in message.nested_type.iter().enumerate() {
            let bytes = self.message(nested_message, &at(path, &[3, index as i32]));
            nested(3, &bytes, &mut out);
        }
        for (index, enumeration) in message.enum_type.iter().enumerate() {
            let bytes = self.enumeration(enumeration, &at(path, &[4, index as i32]));
            nested(4, &bytes, &mut out);
        }
        for (index, range) in message.extension_range.iter().enumerate() {
            let bytes = self.extension_range(range, &at(path, &[5, index as i32]));
            nested(5, &bytes, &mut out);
        }
        for (index, extension) in message.extension.iter().enumerate() {
            nested(
                6,
                &self.field(extension, &at(path, &[6, index as i32])),
                &mut out,
            );
        }
        let fallback = message
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(7, &at(path, &[7]), fallback, &mut out);
        for (index, oneof) in message.oneof_decl.iter().enumerate() {
            nested(
                8,
                &self.oneof(oneof, &at(path, &[8, index as i32])),
                &mut out,
            );
        }
        for range in &message.reserved_range {
            nested(9, &range.encode_to_vec(), &mut out);
        }
        string::encode_repeated(10, &message.reserved_name, &mut out);
        opt_int32(11, self.visibility.get(path).copied(), &mut out);
        out
    }

    fn extension_range(&self, range: &ExtensionRange, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_int32(1, range.start, &mut out);
        opt_int32(2, range.end, &mut out);
        let fallback = range
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(3, &at(path, &[3]), fallback, &mut out);
        out
    }

    fn field(&self, field: &FieldDescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &field.name, &mut out);
        opt_string(2, &field.extendee, &mut out);
        opt_int32(3, field.number, &mut out);
        opt_int32(4, field.label, &mut out);
        opt_int32(5, field.r#type, &mut out);
        opt_string(6, &field.type_name, &mut out);
        opt_string(7, &field.default_value, &mut out);
        let fallback = field
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(8, &at(path, &[8]), fallback, &mut out);
        opt_int32(9, field.oneof_index, &mut out);
        opt_string(10, &field.json_name, &mut out);
        opt_bool(17, field.proto3_optional, &mut out);
        out
    }

    fn oneof(&self, oneof: &OneofDescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &oneof.name, &mut out);
        let fallback = oneof
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(2, &at(path, &[2]), fallback, &mut out);
        out
    }

    fn enumeration(&self, enumeration: &EnumDescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &enumeration.name, &mut out);
        for (index, value) in enumeration.value.iter().enumerate() {
            nested(
                2,
                &self.value(value, &at(path, &[2, index as i32])),
                &mut out,
            );
        }
        let fallback = enumeration
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(3, &at(path, &[3]), fallback, &mut out);
        for range in &enumeration.reserved_range {
            nested(4, &range.encode_to_vec(), &mut out);
        }
        string::encode_repeated(5, &enumeration.reserved_name, &mut out);
        opt_int32(6, self.visibility.get(path).copied(), &mut out);
        out
    }

    fn value(&self, value: &EnumValueDescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &value.name, &mut out);
        opt_int32(2, value.number, &mut out);
        let fallback = value
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(3, &at(path, &[3]), fallback, &mut out);
        out
    }

    fn service(&self, service: &ServiceDescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &service.name, &mut out);
        for (index, method) in service.method.iter().enumerate() {
            nested(
                2,
                &self.method(method, &at(path, &[2, index as i32])),
                &mut out,
            );
        }
        let fallback = service
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(3, &at(path, &[3]), fallback, &mut out);
        out
    }

    fn method(&self, method: &MethodDescriptorProto, path: &[i32]) -> Vec<u8> {
        let mut out = Vec::new();
        opt_string(1, &method.name, &mut out);
        opt_string(2, &method.input_type, &mut out);
        opt_string(3, &method.output_type, &mut out);
        let fallback = method
            .options
            .as_ref()
            .map(|options| options.encode_to_vec());
        self.options(4, &at(path, &[4]), fallback, &mut out);
        opt_bool(5, method.client_streaming, &mut out);
        opt_bool(6, method.server_streaming, &mut out);
        out
    }
}
