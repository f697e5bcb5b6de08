//! The descriptor messages as protoc 35 writes them, decoded with prost.
//!
//! `prost_types` holds an older `descriptor.proto`: no `edition`, no
//! `visibility`, no `option_dependency`, and options messages without
//! features. Here every options message is kept as its encoded bytes,
//! which [`super::options`] reads field by field, so that nothing protoc
//! writes is lost on the way but the custom options no table names.

/// `google.protobuf.FileDescriptorSet`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct FileDescriptorSet {
    /// The files, each after the files it imports when protoc wrote them.
    #[prost(message, repeated, tag = "1")]
    pub file: Vec<FileDescriptorProto>,
}

/// `google.protobuf.FileDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct FileDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub package: Option<String>,
    #[prost(string, repeated, tag = "3")]
    pub dependency: Vec<String>,
    #[prost(int32, repeated, packed = "false", tag = "10")]
    pub public_dependency: Vec<i32>,
    #[prost(int32, repeated, packed = "false", tag = "11")]
    pub weak_dependency: Vec<i32>,
    #[prost(string, repeated, tag = "15")]
    pub option_dependency: Vec<String>,
    #[prost(message, repeated, tag = "4")]
    pub message_type: Vec<DescriptorProto>,
    #[prost(message, repeated, tag = "5")]
    pub enum_type: Vec<EnumDescriptorProto>,
    #[prost(message, repeated, tag = "6")]
    pub service: Vec<ServiceDescriptorProto>,
    #[prost(message, repeated, tag = "7")]
    pub extension: Vec<FieldDescriptorProto>,
    #[prost(bytes = "vec", optional, tag = "8")]
    pub options: Option<Vec<u8>>,
    #[prost(message, optional, tag = "9")]
    pub source_code_info: Option<SourceCodeInfo>,
    #[prost(string, optional, tag = "12")]
    pub syntax: Option<String>,
    #[prost(int32, optional, tag = "14")]
    pub edition: Option<i32>,
}

/// `google.protobuf.DescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct DescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(message, repeated, tag = "2")]
    pub field: Vec<FieldDescriptorProto>,
    #[prost(message, repeated, tag = "6")]
    pub extension: Vec<FieldDescriptorProto>,
    #[prost(message, repeated, tag = "3")]
    pub nested_type: Vec<DescriptorProto>,
    #[prost(message, repeated, tag = "4")]
    pub enum_type: Vec<EnumDescriptorProto>,
    #[prost(message, repeated, tag = "5")]
    pub extension_range: Vec<ExtensionRange>,
    #[prost(message, repeated, tag = "8")]
    pub oneof_decl: Vec<OneofDescriptorProto>,
    #[prost(bytes = "vec", optional, tag = "7")]
    pub options: Option<Vec<u8>>,
    #[prost(message, repeated, tag = "9")]
    pub reserved_range: Vec<ReservedRange>,
    #[prost(string, repeated, tag = "10")]
    pub reserved_name: Vec<String>,
    #[prost(int32, optional, tag = "11")]
    pub visibility: Option<i32>,
}

/// `DescriptorProto.ExtensionRange`: `start` to `end`, exclusive.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ExtensionRange {
    #[prost(int32, optional, tag = "1")]
    pub start: Option<i32>,
    #[prost(int32, optional, tag = "2")]
    pub end: Option<i32>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub options: Option<Vec<u8>>,
}

/// `DescriptorProto.ReservedRange` (`end` exclusive) and
/// `EnumDescriptorProto.EnumReservedRange` (`end` inclusive).
#[derive(Clone, PartialEq, prost::Message)]
pub struct ReservedRange {
    #[prost(int32, optional, tag = "1")]
    pub start: Option<i32>,
    #[prost(int32, optional, tag = "2")]
    pub end: Option<i32>,
}

/// `google.protobuf.FieldDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct FieldDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(int32, optional, tag = "3")]
    pub number: Option<i32>,
    #[prost(int32, optional, tag = "4")]
    pub label: Option<i32>,
    #[prost(int32, optional, tag = "5")]
    pub r#type: Option<i32>,
    #[prost(string, optional, tag = "6")]
    pub type_name: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub extendee: Option<String>,
    #[prost(string, optional, tag = "7")]
    pub default_value: Option<String>,
    #[prost(int32, optional, tag = "9")]
    pub oneof_index: Option<i32>,
    #[prost(string, optional, tag = "10")]
    pub json_name: Option<String>,
    #[prost(bytes = "vec", optional, tag = "8")]
    pub options: Option<Vec<u8>>,
    #[prost(bool, optional, tag = "17")]
    pub proto3_optional: Option<bool>,
}

/// `google.protobuf.OneofDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct OneofDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(bytes = "vec", optional, tag = "2")]
    pub options: Option<Vec<u8>>,
}

/// `google.protobuf.EnumDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct EnumDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(message, repeated, tag = "2")]
    pub value: Vec<EnumValueDescriptorProto>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub options: Option<Vec<u8>>,
    #[prost(message, repeated, tag = "4")]
    pub reserved_range: Vec<ReservedRange>,
    #[prost(string, repeated, tag = "5")]
    pub reserved_name: Vec<String>,
    #[prost(int32, optional, tag = "6")]
    pub visibility: Option<i32>,
}

/// `google.protobuf.EnumValueDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct EnumValueDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(int32, optional, tag = "2")]
    pub number: Option<i32>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub options: Option<Vec<u8>>,
}

/// `google.protobuf.ServiceDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ServiceDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(message, repeated, tag = "2")]
    pub method: Vec<MethodDescriptorProto>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub options: Option<Vec<u8>>,
}

/// `google.protobuf.MethodDescriptorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MethodDescriptorProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub input_type: Option<String>,
    #[prost(string, optional, tag = "3")]
    pub output_type: Option<String>,
    #[prost(bytes = "vec", optional, tag = "4")]
    pub options: Option<Vec<u8>>,
    #[prost(bool, optional, tag = "5")]
    pub client_streaming: Option<bool>,
    #[prost(bool, optional, tag = "6")]
    pub server_streaming: Option<bool>,
}

/// `google.protobuf.SourceCodeInfo`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SourceCodeInfo {
    #[prost(message, repeated, tag = "1")]
    pub location: Vec<Location>,
}

/// `SourceCodeInfo.Location`: an element's place (zero-based line and
/// column) and its comments.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Location {
    #[prost(int32, repeated, tag = "1")]
    pub path: Vec<i32>,
    #[prost(int32, repeated, tag = "2")]
    pub span: Vec<i32>,
    #[prost(string, optional, tag = "3")]
    pub leading_comments: Option<String>,
    #[prost(string, optional, tag = "4")]
    pub trailing_comments: Option<String>,
    #[prost(string, repeated, tag = "6")]
    pub leading_detached_comments: Vec<String>,
}

/// `google.protobuf.compiler.CodeGeneratorRequest`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct CodeGeneratorRequest {
    #[prost(string, repeated, tag = "1")]
    pub file_to_generate: Vec<String>,
    #[prost(string, optional, tag = "2")]
    pub parameter: Option<String>,
    #[prost(message, repeated, tag = "15")]
    pub proto_file: Vec<FileDescriptorProto>,
    #[prost(message, repeated, tag = "17")]
    pub source_file_descriptors: Vec<FileDescriptorProto>,
}

/// `google.protobuf.compiler.CodeGeneratorResponse`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct CodeGeneratorResponse {
    #[prost(string, optional, tag = "1")]
    pub error: Option<String>,
    #[prost(uint64, optional, tag = "2")]
    pub supported_features: Option<u64>,
    #[prost(int32, optional, tag = "3")]
    pub minimum_edition: Option<i32>,
    #[prost(int32, optional, tag = "4")]
    pub maximum_edition: Option<i32>,
    #[prost(message, repeated, tag = "15")]
    pub file: Vec<GeneratedFileProto>,
}

/// `CodeGeneratorResponse.File`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct GeneratedFileProto {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(string, optional, tag = "15")]
    pub content: Option<String>,
}
