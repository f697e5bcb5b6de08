//! The descriptor front end: `FileDescriptorProto`s (a `FileDescriptorSet`,
//! or the files of a protoc plugin request) to an [`Analysis`].
//!
//! Each descriptor is printed as the `.proto` text protoc would read back
//! into it ([`print`]), with its comments from `source_code_info` where
//! protoc's attribution finds them again, and the texts go through the
//! `.proto` front end as files would: the same parser, resolve and check,
//! so the model, and the Rust, are those of the `.proto` files the
//! descriptors were made from. Files are named by their names in the set;
//! an import of a file schemac ships (`google/protobuf/*.proto`) gets
//! schemac's copy, as it does from text.
//!
//! What a descriptor cannot give back: custom options (extensions of the
//! options messages, left out and counted in `Printed::dropped_options`),
//! which change nothing in the Rust; the spelling of option values and type names (types are
//! named by their full names); the order of declarations, when the
//! descriptor has no source info (the descriptor's order is used: the
//! generated types may then come in another order).

mod messages;
mod options;
mod print;

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use prost::Message as _;

use crate::diagnostic::Diagnostic;
use crate::source::SourceMap;
use crate::{Analysis, Error, builtin};
pub(crate) use messages::{
    CodeGeneratorRequest, CodeGeneratorResponse, FileDescriptorProto, FileDescriptorSet,
    GeneratedFileProto,
};

/// Decodes a binary `FileDescriptorSet`.
pub(crate) fn decode_set(bytes: &[u8]) -> Result<Vec<FileDescriptorProto>, Error> {
    FileDescriptorSet::decode(bytes)
        .map(|set| set.file)
        .map_err(|error| Error::Descriptor {
            message: format!("the descriptor set is not a valid FileDescriptorSet: {error}"),
        })
}

/// Analyzes `files`, generating `generate` (names of files among them;
/// empty for all but those schemac ships).
pub(crate) fn analyze(
    files: &[FileDescriptorProto],
    generate: &[String],
) -> Result<Analysis, Error> {
    let error = |message: String| Error::Descriptor { message };
    let names: Vec<&str> = files
        .iter()
        .filter_map(|file| file.name.as_deref())
        .collect();
    let known = |name: &str| names.contains(&name) || builtin::file(name).is_some();
    let mut printed = HashMap::new();
    for file in files {
        let name = file.name.clone().unwrap_or_default();
        if name.is_empty() {
            return Err(error("a file of the descriptors has no name".to_owned()));
        }
        let text = print::print(file, &known).map_err(|why| error(format!("{name}: {why}")))?;
        if printed.insert(name.clone(), text).is_some() {
            return Err(error(format!("the descriptors hold `{name}` twice")));
        }
    }
    let roots: Vec<PathBuf> = match generate.is_empty() {
        true => (files.iter())
            .filter_map(|file| file.name.as_deref())
            .filter(|name| builtin::file(name).is_none())
            .map(PathBuf::from)
            .collect(),
        false => {
            if let Some(missing) = generate.iter().find(|name| !printed.contains_key(*name)) {
                return Err(error(format!(
                    "`{missing}` is not among the files of the descriptors"
                )));
            }
            generate.iter().map(PathBuf::from).collect()
        }
    };
    let mut read = |path: &Path| match printed.get(&path.display().to_string()) {
        Some(file) => Ok(file.text.clone()),
        None => Err(io::Error::new(
            io::ErrorKind::NotFound,
            "not in the descriptors",
        )),
    };
    let result = crate::analyze(&roots, &[PathBuf::new()], &mut read);
    match result {
        Err(Error::Schema {
            sources,
            diagnostics,
        }) => Err(error(format!(
            "the files of the descriptors do not check:\n{}",
            placed(&diagnostics, &sources, &printed)
        ))),
        other => other,
    }
}

/// `diagnostics` as `file:line:col: error[code]: message` lines, placed
/// in the original source where the descriptor's source info says where
/// the declaration is, else in the printed text (said so).
fn placed(
    diagnostics: &[Diagnostic],
    sources: &SourceMap,
    printed: &HashMap<String, print::Printed>,
) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        let span = diagnostic.primary.span;
        let name = sources.get(span.file).name();
        let offset = span.range().start;
        let origin = (printed.get(name))
            .and_then(|file| file.origins.iter().rev().find(|(at, ..)| *at <= offset));
        let place = match origin {
            Some((_, line, column)) => {
                format!("{name}:{}:{}", i64::from(*line) + 1, i64::from(*column) + 1)
            }
            None => {
                let (line, column) = sources.line_col(span.file, offset);
                let (line, column) = (line + 1, column + 1);
                format!("{name}:{line}:{column} (in the file as printed from its descriptor)")
            }
        };
        out.push_str(&format!(
            "{place}: error[{}]: {}\n",
            diagnostic.code.as_str(),
            diagnostic.message
        ));
        if !diagnostic.help.is_empty() {
            out.push_str(&format!("  help: {}\n", diagnostic.help));
        }
    }
    out
}

/// A file of a descriptor set printed as `.proto` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintedFile {
    /// Its name in the set.
    pub name: String,
    /// The text, which the `.proto` front end reads back into the model
    /// the descriptor was made from.
    pub text: String,
    /// How many custom options its descriptor had, which are left out.
    pub custom_options_left_out: usize,
}

/// The `.proto` text printed from each file of an encoded
/// `FileDescriptorSet`, which the descriptor front end reads; for seeing
/// what it reads, for tests and for fuzzing.
pub fn print_descriptor_set(bytes: &[u8]) -> Result<Vec<PrintedFile>, Error> {
    let files = decode_set(bytes)?;
    let names: Vec<&str> = files
        .iter()
        .filter_map(|file| file.name.as_deref())
        .collect();
    let known = |name: &str| names.contains(&name) || builtin::file(name).is_some();
    files
        .iter()
        .map(|file| {
            let name = file.name.clone().unwrap_or_default();
            print::print(file, &known)
                .map(|printed| PrintedFile {
                    name: name.clone(),
                    text: printed.text,
                    custom_options_left_out: printed.dropped_options,
                })
                .map_err(|why| Error::Descriptor {
                    message: format!("{name}: {why}"),
                })
        })
        .collect()
}

#[cfg(test)]
mod tests;
