//! The build.rs face of the compiler, in the manner of prost-build.
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
//! and in the crate: `include!(concat!(env!("OUT_DIR"), "/schemas.rs"));`.
//!
//! Generating spreads a package's messages and enums over rayon's global
//! thread pool, one thread per core unless `RAYON_NUM_THREADS` says
//! otherwise; the files are the same on any number of threads.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::config::{BytesType, Config, JsonNames, MapType, PointerType, Services, StringType};
use crate::service::ServerTrait;
use crate::service::ServiceGenerator;
use crate::{Analysis, Error, GeneratedFile};

/// Compiles schemas into Rust files in a directory, `OUT_DIR` by default.
///
/// The options of the generated code are a [`Config`]'s: each setter of
/// `Config` is a method of the builder too, with the same docs, and
/// [`Builder::config`] replaces them all at once.
#[derive(Clone, Debug)]
pub struct Builder {
    config: Config,
    include_dirs: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    include_file: Option<String>,
    file_descriptor_set_path: Option<PathBuf>,
    descriptor_set: Option<PathBuf>,
    emit_rerun_if_changed: bool,
}

impl Default for Builder {
    fn default() -> Self {
        Self {
            config: Config::default(),
            include_dirs: Vec::new(),
            out_dir: None,
            include_file: None,
            file_descriptor_set_path: None,
            descriptor_set: None,
            emit_rerun_if_changed: true,
        }
    }
}

impl Builder {
    /// A builder with the defaults: no include directories, output to
    /// `OUT_DIR`, `cargo:rerun-if-changed` lines printed.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a directory in which imports are looked up, after the importing
    /// file's own directory. As with protoc, a file is named by its path
    /// below the first of them that holds it (however either is spelled),
    /// and a file to compile that does not exist as given is looked up in
    /// them in turn: `.include("googleapis")` finds
    /// `google/pubsub/v1/pubsub.proto` (docs/proto.md#file-names).
    pub fn include(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.include_dirs.push(dir.into());
        self
    }

    /// Sets the directory the generated files go to, instead of `OUT_DIR`.
    pub fn out_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Also writes a file named `name` that declares one module per package
    /// and includes its generated file, so that one `include!` brings in
    /// everything.
    pub fn include_file(&mut self, name: impl Into<String>) -> &mut Self {
        self.include_file = Some(name.into());
        self
    }

    /// Also writes the protobuf descriptors of the compiled files and of
    /// everything they import, with source info, to `path` as a binary
    /// `FileDescriptorSet` (see [`Analysis::export_descriptor_set`]), as
    /// prost-build's option of the same name does. A relative path is
    /// relative to the current directory, not to the output directory.
    pub fn file_descriptor_set_path(&mut self, path: impl Into<PathBuf>) -> &mut Self {
        self.file_descriptor_set_path = Some(path.into());
        self
    }

    /// Reads the files from the binary `FileDescriptorSet` at `path`
    /// instead of their text, as prost-build's `compile_fds` does: protoc's
    /// `--descriptor_set_out`, with `--include_imports` (every file
    /// imported must be in the set) and `--include_source_info` (for doc
    /// comments and the order of the generated types). [`Builder::compile`]'s
    /// files are then the names of the set's files to generate
    /// (`google/pubsub/v1/pubsub.proto`), or none for all of them but those
    /// schemac ships; include directories are not used. The Rust is that
    /// of the `.proto` files the set was made from (see
    /// [`analyze_descriptor_set`](crate::analyze_descriptor_set)), and
    /// [`Builder::file_descriptor_set_path`] writes the set read, unchanged.
    pub fn descriptor_set(&mut self, path: impl Into<PathBuf>) -> &mut Self {
        self.descriptor_set = Some(path.into());
        self
    }

    /// Replaces every option of the generated code with those of `config`.
    pub fn config(&mut self, config: Config) -> &mut Self {
        self.config = config;
        self
    }

    /// Whether to print `cargo:rerun-if-changed` for every schema file read;
    /// on by default, for build scripts.
    pub fn emit_rerun_if_changed(&mut self, emit: bool) -> &mut Self {
        self.emit_rerun_if_changed = emit;
        self
    }

    /// Compiles `files` and everything they import, and writes one Rust file
    /// per package, and the descriptor set if asked for (each only if its
    /// content changed). Returns the paths of the files it wrote or found up
    /// to date.
    pub fn compile(&self, files: &[impl AsRef<Path>]) -> Result<Vec<PathBuf>, Error> {
        let roots: Vec<PathBuf> = files.iter().map(|file| file.as_ref().to_owned()).collect();
        let (analysis, set) = match &self.descriptor_set {
            Some(path) => self.analyze_descriptor_set(path, &roots)?,
            None => (self.analyze(&roots)?, None),
        };
        analysis.check_config(&self.config)?;
        let out_dir = self.resolve_out_dir()?;
        let mut generated = analysis.generate(&self.config);
        if let Some(name) = &self.include_file {
            generated.push(GeneratedFile {
                name: name.clone(),
                contents: crate::module_tree::render(&generated),
            });
        }
        let mut outputs: Vec<(PathBuf, Vec<u8>)> = generated
            .into_iter()
            .map(|file| (out_dir.join(&file.name), file.contents.into_bytes()))
            .collect();
        if let Some(path) = &self.file_descriptor_set_path {
            // A set read is written as it was: one exported from its
            // model would lack its custom options.
            let set = set.unwrap_or_else(|| analysis.encode_descriptor_set(&analysis.roots, true));
            outputs.push((path.clone(), set));
        }
        outputs
            .into_iter()
            .map(|(path, contents)| {
                write_if_changed(&path, &contents)
                    .map(|_| path.clone())
                    .map_err(|source| Error::Write { path, source })
            })
            .collect()
    }

    /// The analysis of `roots`, read from files.
    fn analyze(&self, roots: &[PathBuf]) -> Result<Analysis, Error> {
        // Without it (the directory was removed), relative paths are
        // compared with relative ones only.
        let working_dir = std::env::current_dir().unwrap_or_default();
        let analysis = crate::analyze_in(&working_dir, roots, &self.include_dirs, &mut |path| {
            fs::read_to_string(path)
        });
        if self.emit_rerun_if_changed {
            self.print_rerun_lines(roots, analysis.as_ref().ok());
        }
        analysis
    }

    /// The analysis of the files named `roots` of the descriptor set at
    /// `path`, and the set's bytes.
    fn analyze_descriptor_set(
        &self,
        path: &Path,
        roots: &[PathBuf],
    ) -> Result<(Analysis, Option<Vec<u8>>), Error> {
        if self.emit_rerun_if_changed {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        let bytes = fs::read(path).map_err(|source| Error::Read {
            path: path.to_owned(),
            source,
        })?;
        let names: Vec<String> = roots
            .iter()
            .map(|root| root.display().to_string())
            .collect();
        let analysis = crate::analyze_descriptor_set(&bytes, &names)?;
        Ok((analysis, Some(bytes)))
    }

    fn resolve_out_dir(&self) -> Result<PathBuf, Error> {
        match &self.out_dir {
            Some(dir) => Ok(dir.clone()),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| Error::Write {
                    path: PathBuf::from("$OUT_DIR"),
                    source: io::Error::new(
                        io::ErrorKind::NotFound,
                        "OUT_DIR is not set; call out_dir() outside build scripts",
                    ),
                }),
        }
    }

    /// Every file read is a reason to rerun; when analysis failed, the roots
    /// and include directories still are, so that a fix triggers a rebuild.
    fn print_rerun_lines(&self, roots: &[PathBuf], analysis: Option<&Analysis>) {
        for path in self.rerun_paths(roots, analysis) {
            println!("cargo:rerun-if-changed={path}");
        }
    }

    /// The files whose change should rerun the build script: every file
    /// read from disk, or, when analysis failed, the roots and include
    /// directories. The files schemac ships (`google/protobuf/*.proto`,
    /// `schemac/types.proto`) are left out: they are not on disk, and cargo
    /// reruns a build script whenever a file it names is missing.
    fn rerun_paths(&self, roots: &[PathBuf], analysis: Option<&Analysis>) -> Vec<String> {
        match analysis {
            Some(analysis) => analysis
                .sources
                .iter()
                .map(|(_, file)| file.name().to_owned())
                .filter(|name| crate::builtin::file(name).is_none() || Path::new(name).exists())
                .collect(),
            None => roots
                .iter()
                .chain(&self.include_dirs)
                .map(|path| path.display().to_string())
                .collect(),
        }
    }
}

/// The methods of [`Builder`] that set an option of its [`Config`]: one of
/// each name and docs as `Config`'s, from `config::setters`.
macro_rules! builder_setters {
    ($(
        $(#[$attr:meta])*
        fn $name:ident(&mut $self:ident $(, $arg:ident: $ty:ty)* $(,)?) $body:block
    )*) => {
        impl Builder {
            $(
                $(#[$attr])*
                pub fn $name(&mut $self $(, $arg: $ty)*) -> &mut Self {
                    $self.config.$name($($arg),*);
                    $self
                }
            )*
        }
    };
}

crate::config::setters!(builder_setters);

/// Writes `contents` to `path` unless the file already holds exactly that,
/// so that unchanged output does not trigger rebuilds. Creates the parent
/// directory. Returns whether it wrote.
pub(crate) fn write_if_changed(path: &Path, contents: &[u8]) -> io::Result<bool> {
    if fs::read(path).is_ok_and(|existing| existing == contents) {
        return Ok(false);
    }
    if let Some(parent) = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
    {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, contents)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message as _;

    /// Each setter the builder shares with `Config` sets its `Config` as
    /// `Config`'s own does.
    #[test]
    fn the_builders_setters_set_its_config() {
        let mut builder = Builder::new();
        builder
            .json(true)
            .views(true)
            .map_type(".", MapType::HashMap)
            .string_type(".a", StringType::ArcStr)
            .type_attribute(".a.B", "#[derive(Hash)]")
            .extern_path(".c", "::c");
        let mut config = Config::new();
        config
            .json(true)
            .views(true)
            .map_type(".", MapType::HashMap)
            .string_type(".a", StringType::ArcStr)
            .type_attribute(".a.B", "#[derive(Hash)]")
            .extern_path(".c", "::c");
        assert_eq!(builder.config, config);
        assert_ne!(builder.config, Config::new());
    }

    /// A file that imports well-known types names only itself: a shipped
    /// file named for `rerun-if-changed` is missing on disk, which made
    /// cargo rerun the build script, and rebuild its crate, every time
    /// (found by the conformance testee's build).
    #[test]
    fn rerun_lines_name_the_files_on_disk_not_the_shipped_ones() {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let roots = [workspace.join("tests/protos/proto/wkt.proto")];
        let analysis = crate::analyze(&roots, &[], &mut |path| fs::read_to_string(path))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(analysis.sources.iter().count() > 1, "wkt.proto imports");
        let paths = Builder::new().rerun_paths(&roots, Some(&analysis));
        assert_eq!(paths.len(), 1, "{paths:?}");
        assert!(
            paths[0].ends_with("tests/protos/proto/wkt.proto"),
            "{paths:?}"
        );
    }

    #[test]
    fn the_descriptor_set_is_written_with_imports_and_only_when_changed() {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let out = workspace.join("target/builder-descriptors");
        let _ = fs::remove_dir_all(&out);
        let set_path = out.join("descriptors/set.binpb");
        let mut builder = Builder::new();
        builder
            .out_dir(&out)
            .file_descriptor_set_path(&set_path)
            .emit_rerun_if_changed(false);
        let roots = [workspace.join("schemas/order.schema")];
        let written = builder.compile(&roots).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written, [out.join("shop.rs"), set_path.clone()]);
        let bytes = fs::read(&set_path).unwrap();
        let set = prost_types::FileDescriptorSet::decode(bytes.as_slice()).unwrap();
        let names: Vec<&str> = set.file.iter().map(|file| file.name()).collect();
        assert_eq!(names, ["schemac/types.proto", "order.proto"]);

        // A second run leaves the file as it was.
        let modified = fs::metadata(&set_path).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        builder.compile(&roots).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            fs::metadata(&set_path).unwrap().modified().unwrap(),
            modified
        );
    }

    #[test]
    fn a_descriptor_set_read_generates_and_is_written_unchanged() {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let out = workspace.join("target/builder-descriptor-input");
        let _ = fs::remove_dir_all(&out);
        // The exported set of order.schema, read back as descriptors. (The
        // Rust of descriptors is held to that of their .proto files, made
        // by protoc, in compiler/tests/plugin.rs.)
        let exported = out.join("exported.binpb");
        let roots = [workspace.join("schemas/order.schema")];
        (Builder::new().out_dir(out.join("text")))
            .file_descriptor_set_path(&exported)
            .emit_rerun_if_changed(false)
            .compile(&roots)
            .unwrap_or_else(|e| panic!("{e}"));
        let from_set = out.join("set");
        let copied = out.join("copied.binpb");
        let written = (Builder::new().out_dir(&from_set))
            .descriptor_set(&exported)
            .file_descriptor_set_path(&copied)
            .emit_rerun_if_changed(false)
            .compile(&["order.proto"])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(written.contains(&from_set.join("shop.rs")), "{written:?}");
        assert_eq!(written.last(), Some(&copied));
        assert_eq!(fs::read(&copied).unwrap(), fs::read(&exported).unwrap());
        let rust = fs::read_to_string(from_set.join("shop.rs")).unwrap();
        assert!(rust.starts_with("// @generated by schemac from order.proto."));

        // A file not in the set is an error.
        let error = (Builder::new().out_dir(&from_set))
            .descriptor_set(&exported)
            .emit_rerun_if_changed(false)
            .compile(&["missing.proto"])
            .unwrap_err();
        assert!(matches!(error, Error::Descriptor { .. }), "{error}");
    }
}
