//! schemac: a schema-first IDL compiler for Rust.
//!
//! The library is the whole pipeline; the `schemac` binary and the build.rs
//! [`Builder`] are thin faces over it.
//!
//! ```text
//! text ─syntax→ ast::SchemaFile ─resolve→ model::Schema ─check→ diagnostics
//!                                          model::Schema ─codegen→ TokenStream ─render→ String
//!                                              (part by part, on several threads)
//! ```
//!
//! [`analyze`] runs the front end (loading imports, syntax, resolve, check)
//! and returns an [`Analysis`]; [`Analysis::generate`] runs the back end.
//! Nothing here prints; reading files goes through the caller's function, so
//! the pipeline itself does no I/O.
//!
//! ```
//! let analysis = schemac::analyze_text(
//!     "geo.schema",
//!     "package geo; message Point { x: i32 = 1; y: i32 = 2; }",
//! )?;
//! let files = analysis.generate(&schemac::Config::new());
//! assert_eq!(files[0].name, "geo.rs");
//! assert!(files[0].contents.contains("pub struct Point {"));
//! # Ok::<(), schemac::Error>(())
//! ```
//!
//! From a build script, the [`Builder`] does the same with files, and
//! writes the code into `OUT_DIR`, for the crate to `include!`:
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     schemac::Builder::new()
//!         .include("schemas")
//!         .include_file("schemas.rs")
//!         .compile(&["schemas/order.schema"])?;
//!     Ok(())
//! }
//! ```
//!
//! The generated code needs the crate `schemac-runtime`, of this version's
//! semver series.
//!
//! # Features
//!
//! - `cli`, on by default: the `schemac` binary. A build script does not
//!   need it: depend on schemac with `default-features = false`, and
//!   neither clap nor the transcoding is built.
//! - `transcode`, part of `cli`: the module `transcode`, JSON to the binary
//!   format and back with nothing but a schema.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod ast;
mod builder;
mod builtin;
mod check;
mod codegen;
mod config;
mod descriptor_input;
pub mod diagnostic;
pub mod evolution;
mod export_descriptor;
mod export_proto;
mod export_schema;
mod indented;
mod language;
mod lint;
mod load;
pub mod model;
mod module_tree;
pub mod names;
mod options_text;
pub mod plugin;
mod proto_names;
mod render;
mod resolve;
pub mod service;
pub mod source;
mod syntax;
#[cfg(feature = "transcode")]
pub mod transcode;
mod view_borrows;

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

pub use builder::Builder;
pub use builtin::{OPTIONS_PROTO, OPTIONS_PROTO_NAME, TYPES_PROTO, TYPES_PROTO_NAME};
pub use config::{BytesType, Config, JsonNames, MapType, PointerType, Services, StringType};
use diagnostic::Diagnostic;
pub use export_proto::ProtoFile;
pub use export_schema::SchemaText;
pub use service::ServerTrait;
use source::{FileId, SourceMap};

/// A checked schema and the sources it came from.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The text of every file read, roots and imports.
    pub sources: SourceMap,
    /// The resolved, checked schema.
    pub schema: model::Schema,
    /// The files named as roots, in order.
    pub roots: Vec<FileId>,
    /// The lints of the root `.schema` files, in source order: warnings
    /// (`W0001`…) that do not stop code generation; `schemac check` prints
    /// them (docs/language.md#lints).
    pub warnings: Vec<Diagnostic>,
}

/// One generated Rust file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedFile {
    /// The file name: the package and `.rs`, such as `shop.rs`, or `_.rs`
    /// for files without a package.
    pub name: String,
    /// The formatted Rust code, headed by an `@generated` comment.
    pub contents: String,
}

/// Why a compilation stopped. Its `Debug` is its rendered text, so that a
/// build script returning it (`fn main() -> Result<(), Box<dyn Error>>`)
/// shows the diagnostics with their snippets, not the sources they point
/// into.
pub enum Error {
    /// A file named as a root could not be read, or was not found as
    /// given nor in an include directory.
    Read {
        /// The path as given, or the include directory's file it names.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },
    /// A root file lies below an include directory, but an earlier one
    /// holds another file of the same import name, which imports of that
    /// name would find instead; protoc refuses such a root too.
    Shadowed {
        /// The root, as given.
        path: PathBuf,
        /// The import name both files have.
        name: String,
        /// The other file, in the earlier include directory.
        shadowing: PathBuf,
    },
    /// A generated file could not be written.
    Write {
        /// The file's path.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },
    /// The schema has errors.
    Schema {
        /// The sources, for rendering.
        sources: SourceMap,
        /// Every problem found, in source order.
        diagnostics: Vec<Diagnostic>,
    },
    /// Descriptors could not be read (a descriptor set or a plugin request
    /// that does not decode, a file named that is not among them), or
    /// their files do not check: then the message holds a line per
    /// diagnostic, placed `file:line:col` in the `.proto` source where the
    /// descriptors' source info says where.
    Descriptor {
        /// What is wrong.
        message: String,
    },
    /// A path option of the [`Config`] is wrong: its path does not start
    /// with `.`, its attribute does not parse as outer attributes, or its
    /// extern Rust path does not start at a crate root.
    Config {
        /// The option, as the `Config` method is named: `type_attribute`.
        option: &'static str,
        /// The path as given.
        path: String,
        /// The attribute or Rust path as given, for the options with one.
        value: Option<String>,
        /// What is wrong.
        reason: String,
    },
}

impl Error {
    /// The error as text: diagnostics with `file:line:col` and caret
    /// snippets, colored with ANSI codes when `color` is set.
    pub fn render(&self, color: bool) -> String {
        match self {
            Error::Read { path, source } => {
                format!("error: cannot read {}: {source}\n", path.display())
            }
            Error::Shadowed {
                path,
                name,
                shadowing,
            } => format!(
                "error: {} is shadowed by {}: both are named `{name}`, and imports of \
                 `{name}` find the latter, whose include directory comes first\n\
                 help: give {} instead, or put the include directory that holds {} first\n",
                path.display(),
                shadowing.display(),
                shadowing.display(),
                path.display(),
            ),
            Error::Write { path, source } => {
                format!("error: cannot write {}: {source}\n", path.display())
            }
            Error::Schema {
                sources,
                diagnostics,
            } => diagnostic::render(diagnostics, sources, color),
            Error::Descriptor { message } => format!("error: {message}\n"),
            Error::Config {
                option,
                path,
                value: Some(value),
                reason,
            } => format!("error: the {option} `{value}` for `{path}` is not valid: {reason}\n"),
            Error::Config {
                option,
                path,
                value: None,
                reason,
            } => format!("error: the {option} path `{path}` is not valid: {reason}\n"),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Read { source, .. } | Error::Write { source, .. } => Some(source),
            Error::Shadowed { .. }
            | Error::Schema { .. }
            | Error::Descriptor { .. }
            | Error::Config { .. } => None,
        }
    }
}

/// Loads `roots` and everything they import, then parses, resolves and
/// checks them, reporting every error found rather than the first.
///
/// Imports are looked up next to the importing file, then in each of
/// `include_dirs`. Files are read with `read`. A relative path is compared
/// with relative paths only, since the directory it is relative to is not
/// known here: [`analyze_in`] compares it with absolute ones too, as the
/// CLI and the builder do.
pub fn analyze(
    roots: &[PathBuf],
    include_dirs: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> io::Result<String>,
) -> Result<Analysis, Error> {
    analyze_in(Path::new(""), roots, include_dirs, read)
}

/// [`analyze`], with relative paths relative to `working_dir`: the
/// absolute directory `read` takes them from, the current directory for
/// `std::fs::read_to_string`, which the CLI and the builder give. `read`
/// still gets the paths as spelled.
///
/// Each file is named as protoc names it, by its path below the include
/// directory that holds it, however the directory and the file are spelled
/// (`/abs/root`, `root/`, `./root`, `a/../root`). The working directory
/// is what lets an absolute spelling be compared with a relative one; the
/// paths are compared as spelled, never resolved through the file system,
/// which keeps the pipeline free of I/O. A root that does not exist as
/// given is looked up as protoc's virtual paths are, in each include
/// directory in turn. See `docs/proto.md#file-names`.
pub fn analyze_in(
    working_dir: &Path,
    roots: &[PathBuf],
    include_dirs: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> io::Result<String>,
) -> Result<Analysis, Error> {
    let loaded = load::load(working_dir, roots, include_dirs, read)?;
    if !loaded.diagnostics.is_empty() {
        return Err(schema_error(loaded.sources, loaded.diagnostics));
    }
    let (schema, mut diagnostics) = resolve::resolve(&loaded);
    diagnostics.extend(check::check(&schema));
    if !diagnostics.is_empty() {
        return Err(schema_error(loaded.sources, diagnostics));
    }
    let warnings = lint::lint(&loaded, &schema);
    Ok(Analysis {
        sources: loaded.sources,
        schema,
        roots: loaded.roots,
        warnings,
    })
}

/// Analyzes the files of `descriptor_set`, an encoded
/// `FileDescriptorSet` (protoc's `--descriptor_set_out`, best with
/// `--include_imports --include_source_info`), instead of `.proto` text:
/// the Rust generated is that of the `.proto` files it was made from.
/// `files` names the files to generate, by their names in the set
/// (`google/pubsub/v1/pubsub.proto`); none names every file of the set
/// but those schemac ships (`google/protobuf/*.proto`), as prost-build's
/// `compile_fds` does. Every file they import must be in the set.
///
/// Each file is printed as `.proto` text and read by the `.proto` front
/// end (docs/proto.md, "Descriptor sets and protoc plugins"). Custom
/// options are not kept: the analysis's exported descriptors
/// ([`Analysis::encode_descriptor_set`]) lack them, and are not protoc's.
/// Errors are [`Error::Descriptor`].
pub fn analyze_descriptor_set(
    descriptor_set: &[u8],
    files: &[impl AsRef<str>],
) -> Result<Analysis, Error> {
    let set = descriptor_input::decode_set(descriptor_set)?;
    let files: Vec<String> = files.iter().map(|file| file.as_ref().to_owned()).collect();
    descriptor_input::analyze(&set, &files)
}

pub use descriptor_input::{PrintedFile, print_descriptor_set};

/// The include file of `files`: a module per package, each including
/// its file, named `name` ([`Builder::include_file`]).
pub fn include_file(name: &str, files: &[GeneratedFile]) -> GeneratedFile {
    GeneratedFile {
        name: name.to_owned(),
        contents: module_tree::render(files),
    }
}

/// Analyzes one schema given as text, with no imports possible; for tests,
/// fuzzing and tools that hold schemas in memory.
pub fn analyze_text(name: &str, text: &str) -> Result<Analysis, Error> {
    let root = PathBuf::from(name);
    let mut read = |path: &Path| {
        if path == root {
            Ok(text.to_owned())
        } else {
            Err(io::Error::new(io::ErrorKind::NotFound, "in-memory schema"))
        }
    };
    analyze(std::slice::from_ref(&root), &[], &mut read)
}

impl Analysis {
    /// Checks the rules that generating with `config` adds: with views,
    /// no view may have the Rust name of a type beside it. Before those, the path options: every path
    /// starts with `.` and every attribute parses as outer attributes;
    /// the first that does not is the error ([`Error::Config`]).
    /// [`Analysis::generate`] assumes this passed; it leaves out an
    /// attribute that does not parse.
    pub fn check_config(&self, config: &Config) -> Result<(), Error> {
        if let Some(error) = config.path_errors().into_iter().next() {
            return Err(error);
        }
        let mut diagnostics = Vec::new();
        if config.views {
            diagnostics.extend(check::check_views(&self.schema));
        }
        if diagnostics.is_empty() {
            return Ok(());
        }
        Err(schema_error(self.sources.clone(), diagnostics))
    }

    /// Generates Rust code: one file per package.
    pub fn generate(&self, config: &Config) -> Vec<GeneratedFile> {
        generate(&self.schema, &self.sources, config)
    }

    /// The path of the struct generated for message `id`, from the module
    /// that holds the packages (the one [`Builder::include_file`] writes,
    /// or the crate root of `schemac compile -o`): `google::pubsub::v1::Topic`.
    /// `None` for a message whose type the runtime provides (a well-known
    /// type), for which nothing is generated. An
    /// [`extern_path`](Config::extern_path) is not applied.
    pub fn rust_path(&self, id: model::MessageId) -> Option<String> {
        let message = self.schema.message(id);
        if self
            .schema
            .file(message.file)
            .is_none_or(|file| file.provided)
        {
            return None;
        }
        let mut path = codegen::message_scope(&self.schema, id);
        path.push(names::type_name(&message.name));
        Some(path.join("::"))
    }

    /// The proto3 `.proto` equivalent of the file `file`.
    pub fn export_proto(&self, file: FileId) -> String {
        export_proto::export(&self.schema, file)
    }

    /// Every `.proto` file that `file` needs, its own first: those of the
    /// files it imports, directly or not, and [`TYPES_PROTO`] when any of
    /// them uses `decimal` or `value`. Written side by side in one
    /// directory, under their names, they compile with protoc.
    pub fn export_proto_files(&self, file: FileId) -> Vec<ProtoFile> {
        export_proto::export_all(&self.schema, file)
    }

    /// The protobuf descriptors of the files `roots`, with source info, as
    /// a `FileDescriptorSet`: what protoc makes of their exported `.proto`
    /// files ([`Analysis::export_proto`]), with locations and comments
    /// from the schema text. With `include_imports`, every file they
    /// import, directly or not, and the provided `schemac/types.proto` and
    /// well-known types they use, too, each before the files that import
    /// it. An id of no file is skipped. `prost_types`' options messages
    /// hold no extensions, so the options here are the standard ones;
    /// [`Analysis::encode_descriptor_set`] has them all.
    pub fn export_descriptor_set(
        &self,
        roots: &[FileId],
        include_imports: bool,
    ) -> prost_types::FileDescriptorSet {
        export_descriptor::descriptor_set(&self.schema, &self.sources, roots, include_imports)
    }

    /// The [`Analysis::export_descriptor_set`] encoded as protoc writes
    /// it, with every option, standard and custom (custom options are
    /// extensions of the options messages, which `prost_types` cannot
    /// hold), and without the options of source retention, as protoc
    /// leaves them out.
    pub fn encode_descriptor_set(&self, roots: &[FileId], include_imports: bool) -> Vec<u8> {
        export_descriptor::encoded_descriptor_set(
            &self.schema,
            &self.sources,
            roots,
            include_imports,
        )
    }

    /// Every breaking change from `old`, an earlier version of this
    /// schema, to this one, at every level: types matched by full name,
    /// fields by number (docs/evolution.md). The report's sources hold
    /// `old`'s files, their names prefixed with `old_prefix` (such as
    /// `HEAD:`, or nothing), then this analysis's; select a level with
    /// [`evolution::Breaking::at`].
    pub fn breaking_since(&self, old: &Analysis, old_prefix: &str) -> evolution::Breaking {
        evolution::compare(
            (&old.schema, &old.sources),
            (&self.schema, &self.sources),
            old_prefix,
        )
    }

    /// The `.schema` equivalent of the file `file`, which may be a `.proto`
    /// file: it analyzes to the same model and generates the same Rust.
    /// Imports of the roots and of files schemac does not ship name their
    /// `.schema` equivalents; imports of shipped files (`google/protobuf/*`)
    /// stay as they are.
    pub fn export_schema(&self, file: FileId) -> String {
        export_schema::export(&self.schema, &self.roots, file)
    }

    /// The `.schema` equivalent of `file` and of every file it imports,
    /// directly or not, that is a root or that schemac does not ship, its
    /// own first. Written under their names into one directory, they
    /// analyze with `-I` that directory.
    pub fn export_schema_files(&self, file: FileId) -> Vec<SchemaText> {
        export_schema::export_all(&self.schema, &self.roots, file)
    }
}

/// One file per package of `schema`: codegen, then render, of each part of
/// a package (a message or an enum with all its code) on its own, on as
/// many threads as rayon gives, and the parts put together in order, then
/// the code the config's service generator writes for the package's
/// services, if it has one. The text does not depend on the number of
/// threads.
fn generate(schema: &model::Schema, sources: &SourceMap, config: &Config) -> Vec<GeneratedFile> {
    // `Config::boxed` marks fields as resolve marks recursive ones, so that
    // codegen reads one flag.
    let boxed;
    let schema = match config.boxed.is_empty() {
        true => schema,
        false => {
            boxed = config::box_fields(schema, config);
            &boxed
        }
    };
    let facts = codegen::Facts::of(schema, config);
    codegen::packages(schema, config)
        .into_iter()
        .map(|package| {
            let mut parts: Vec<String> = package
                .parts
                .par_iter()
                .map_init(
                    || codegen::Context::new(schema, config, &facts),
                    |cx, &part| render::format_part(codegen::expand(cx, part)),
                )
                .collect();
            if config.embed_descriptors && !package.parts.is_empty() {
                let set =
                    export_descriptor::embedded_descriptor_set(schema, sources, &package.files);
                let cx = codegen::Context::new(schema, config, &facts);
                parts.push(render::format_part(codegen::descriptors::expand(
                    &cx, &package, &set,
                )));
            }
            if let Some(generator) = &config.service_generator {
                let services = codegen::services::describe(schema, config, &package.package);
                parts.extend(
                    services.iter().map(|service| {
                        render::format_generated(&generator.generate(config, service))
                    }),
                );
            }
            GeneratedFile {
                name: package.file_name(),
                contents: render::file(&package.sources, &parts),
            }
        })
        .collect()
}

fn schema_error(sources: SourceMap, mut diagnostics: Vec<Diagnostic>) -> Error {
    diagnostics.sort_by_key(|diagnostic| diagnostic.primary.span);
    Error::Schema {
        sources,
        diagnostics,
    }
}
