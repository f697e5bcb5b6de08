//! protoc's plugin protocol: a `CodeGeneratorRequest` in, a
//! `CodeGeneratorResponse` out, as bytes. The `protoc-gen-schemac` binary
//! reads the one from stdin and writes the other to stdout; turning the
//! request's parameter into options is its part too, so that it parses
//! them as `schemac compile` parses its flags.
//!
//! ```
//! let request = schemac::plugin::Request::decode(b"").unwrap();
//! assert!(request.files_to_generate().is_empty());
//! let response = schemac::plugin::response(Err("no files".to_owned()));
//! assert!(!response.is_empty());
//! ```

use prost::Message as _;

use crate::descriptor_input::{
    self, CodeGeneratorRequest, CodeGeneratorResponse, FileDescriptorProto, GeneratedFileProto,
};
use crate::{Analysis, Error, GeneratedFile};

/// `CodeGeneratorResponse.Feature`s schemac supports: proto3 `optional`
/// (`FEATURE_PROTO3_OPTIONAL`) and editions (`FEATURE_SUPPORTS_EDITIONS`).
pub const SUPPORTED_FEATURES: u64 = 1 | 2;

/// The oldest edition schemac reads, as `google.protobuf.Edition`
/// numbers it: `EDITION_PROTO2`.
pub const MINIMUM_EDITION: i32 = 998;

/// The newest edition schemac reads: `EDITION_2024`.
pub const MAXIMUM_EDITION: i32 = 1001;

/// A decoded `CodeGeneratorRequest`.
#[derive(Clone, Debug)]
pub struct Request {
    request: CodeGeneratorRequest,
}

impl Request {
    /// Decodes a request; an error says why the bytes are not one.
    pub fn decode(bytes: &[u8]) -> Result<Request, String> {
        CodeGeneratorRequest::decode(bytes)
            .map(|request| Request { request })
            .map_err(|error| {
                format!("the plugin request is not a valid CodeGeneratorRequest: {error}")
            })
    }

    /// The names of the files to generate code for.
    pub fn files_to_generate(&self) -> &[String] {
        &self.request.file_to_generate
    }

    /// The plugin parameter: what `--schemac_opt=` (or buf's `opt:`) gave,
    /// joined with commas; empty for none.
    pub fn parameter(&self) -> &str {
        self.request.parameter.as_deref().unwrap_or_default()
    }

    /// Analyzes the files to generate, from the request's
    /// `source_file_descriptors` (which keep options of source retention)
    /// and the `proto_file`s of their imports. An error's diagnostics are
    /// placed `file:line:col` in the `.proto` source where the descriptors'
    /// source info says where.
    pub fn analyze(&self) -> Result<Analysis, Error> {
        let request = &self.request;
        if request.file_to_generate.is_empty() {
            return Err(Error::Descriptor {
                message: "the plugin request names no file to generate".to_owned(),
            });
        }
        let files: Vec<FileDescriptorProto> = (request.proto_file.iter())
            .map(|file| {
                (request.source_file_descriptors.iter())
                    .find(|source| source.name == file.name)
                    .unwrap_or(file)
                    .clone()
            })
            .collect();
        descriptor_input::analyze(&files, &request.file_to_generate)
    }
}

/// The encoded `CodeGeneratorResponse` of `result`: the generated files,
/// or the error, with schemac's supported features and editions.
pub fn response(result: Result<Vec<GeneratedFile>, String>) -> Vec<u8> {
    let mut response = CodeGeneratorResponse {
        error: None,
        supported_features: Some(SUPPORTED_FEATURES),
        minimum_edition: Some(MINIMUM_EDITION),
        maximum_edition: Some(MAXIMUM_EDITION),
        file: Vec::new(),
    };
    match result {
        Ok(files) => {
            response.file = (files.into_iter())
                .map(|file| GeneratedFileProto {
                    name: Some(file.name),
                    content: Some(file.contents),
                })
                .collect();
        }
        Err(error) => response.error = Some(error),
    }
    response.encode_to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_request_is_an_error() {
        assert!(Request::decode(&[0x0a, 5, b'a']).is_err());
        assert!(Request::decode(&[0xff]).is_err());
    }

    #[test]
    fn a_request_without_files_is_an_error() {
        let request = Request::decode(&[]).unwrap();
        assert!(request.analyze().is_err());
    }

    #[test]
    fn the_response_says_the_features_and_editions() {
        let bytes = response(Err("wrong".to_owned()));
        let decoded = CodeGeneratorResponse::decode(bytes.as_slice()).unwrap();
        assert_eq!(decoded.error.as_deref(), Some("wrong"));
        assert_eq!(decoded.supported_features, Some(3));
        assert_eq!(decoded.minimum_edition, Some(998));
        assert_eq!(decoded.maximum_edition, Some(1001));
    }
}
