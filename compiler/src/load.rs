//! Loading: reads the root files, parses them, and follows their imports.
//!
//! Reading goes through a function the caller passes, so this module does no
//! I/O of its own. Each file is loaded once, however many files import it.
//! A file's extension picks its language: `.proto` files go to protobuf's
//! parser, any other to the `.schema` grammar, and either may import the
//! other. An import of a file schemac ships ([`builtin`]) gets schemac's
//! copy.
//!
//! Each file has an import name, the path other files import it by: an
//! import's path as written, below the directory it was found in; for a
//! root, its path below the first include directory that holds it, or its
//! file name. Exported `.proto` files and descriptors are named by it, so
//! `opentelemetry/proto/common/v1/common.proto` keeps its folders.

use std::io;
use std::path::{Component, Path, PathBuf};

use crate::Error;
use crate::ast::SchemaFile;
use crate::builtin;
use crate::diagnostic::{Code, Diagnostic};
use crate::source::{FileId, SourceMap, Span};
use crate::syntax;

/// Every file of a compilation, parsed, with its imports resolved to files.
#[derive(Debug)]
pub struct Loaded {
    /// The text of every file.
    pub sources: SourceMap,
    /// The files, indexed by [`FileId`]: roots first, then imports as found.
    pub files: Vec<LoadedFile>,
    /// The root files, in the order given.
    pub roots: Vec<FileId>,
    /// Syntax errors and import errors.
    pub diagnostics: Vec<Diagnostic>,
}

/// One parsed file and the files its imports name.
#[derive(Debug)]
pub struct LoadedFile {
    /// The syntax tree.
    pub ast: SchemaFile,
    /// The path other files import it by (see the module documentation).
    pub import_name: String,
    /// The imports that resolved to a file; those that did not are left
    /// out (a diagnostic says why).
    pub imports: Vec<LoadedImport>,
    /// Whether it is loaded only for the options it defines: schemac's
    /// `google/protobuf/descriptor.proto`, when a file sets a standard
    /// option (`java_package`, `deprecated`) without importing it.
    pub implicit: bool,
}

/// An import and the file it resolved to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadedImport {
    /// The imported file.
    pub file: FileId,
    /// The span of the import's path.
    pub span: Span,
    /// `import public`.
    pub public: bool,
}

/// Loads `roots` and, transitively, every file they import.
pub fn load(
    roots: &[PathBuf],
    include_dirs: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> io::Result<String>,
) -> Result<Loaded, Error> {
    let mut loader = Loader {
        include_dirs,
        read,
        paths: Vec::new(),
        loaded: Loaded {
            sources: SourceMap::new(),
            files: Vec::new(),
            roots: Vec::new(),
            diagnostics: Vec::new(),
        },
    };
    for root in roots {
        let path = normalize(root);
        let id = match loader.find(&path) {
            Some(id) => id,
            None => {
                let text = (loader.read)(&path).map_err(|source| Error::Read {
                    path: root.clone(),
                    source,
                })?;
                let import_name = root_import_name(&path, include_dirs);
                loader.add(path, text, import_name)
            }
        };
        if !loader.loaded.roots.contains(&id) {
            loader.loaded.roots.push(id);
        }
    }
    // Files are appended as their imports are found, so this walks them all.
    let mut next = 0;
    while next < loader.loaded.files.len() {
        loader.resolve_imports(FileId(next as u32));
        next += 1;
    }
    loader.load_descriptor_options();
    Ok(loader.loaded)
}

/// The shipped file that declares the options messages, whose fields are
/// the standard options.
pub const DESCRIPTOR_PROTO: &str = "google/protobuf/descriptor.proto";

struct Loader<'a> {
    include_dirs: &'a [PathBuf],
    read: &'a mut dyn FnMut(&Path) -> io::Result<String>,
    /// The normalized path of each file, indexed by [`FileId`].
    paths: Vec<PathBuf>,
    loaded: Loaded,
}

impl Loader<'_> {
    /// Loads schemac's `descriptor.proto`, which declares the standard
    /// options, when a file sets one and no file imports it.
    fn load_descriptor_options(&mut self) {
        let needed = self
            .loaded
            .files
            .iter()
            .any(|file| file.ast.sets_protobuf_options());
        let loaded = self
            .loaded
            .files
            .iter()
            .any(|file| file.import_name == DESCRIPTOR_PROTO);
        if needed
            && !loaded
            && let Some(text) = builtin::file(DESCRIPTOR_PROTO)
        {
            let id = self.shipped(DESCRIPTOR_PROTO, text);
            self.loaded.files[id.0 as usize].implicit = true;
        }
    }

    fn find(&self, path: &Path) -> Option<FileId> {
        self.paths
            .iter()
            .position(|known| known == path)
            .map(|index| FileId(index as u32))
    }

    fn add(&mut self, path: PathBuf, text: String, import_name: String) -> FileId {
        let id = self.loaded.sources.add(path.display().to_string(), text);
        let text = self.loaded.sources.get(id).text();
        let (ast, diagnostics) = match Language::of(&path) {
            Language::Proto => syntax::proto::parse(id, &import_name, text),
            Language::Schema => syntax::parse(id, text),
        };
        self.loaded.diagnostics.extend(diagnostics);
        self.loaded.files.push(LoadedFile {
            ast,
            import_name,
            imports: Vec::new(),
            implicit: false,
        });
        self.paths.push(path);
        id
    }

    fn resolve_imports(&mut self, id: FileId) {
        let index = id.0 as usize;
        let imports = self.loaded.files[index].ast.imports.clone();
        let base = self.paths[index].parent().map(Path::to_path_buf);
        // Where the importing file sits among import names, for an import
        // found next to it.
        let base_name = Path::new(&self.loaded.files[index].import_name)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        for import in imports {
            let found = match builtin::file(&import.path) {
                Some(text) => Ok(self.shipped(&import.path, text)),
                None => {
                    let next_to = base.iter().map(|dir| (dir, base_name.join(&import.path)));
                    let included = self
                        .include_dirs
                        .iter()
                        .map(|dir| (dir, PathBuf::from(&import.path)));
                    let candidates: Vec<(PathBuf, String)> = next_to
                        .chain(included)
                        .map(|(dir, name)| {
                            (
                                normalize(&dir.join(&import.path)),
                                normalize(&name).display().to_string(),
                            )
                        })
                        .collect();
                    self.open_first(&candidates)
                        .map_err(|error| (candidates, error))
                }
            };
            let diagnostic = match found {
                Ok(target) => {
                    self.loaded.files[index].imports.push(LoadedImport {
                        file: target,
                        span: import.span,
                        public: import.public,
                    });
                    continue;
                }
                Err((candidates, None)) => Diagnostic::new(
                    Code::MissingImport,
                    import.span,
                    format!("cannot find imported file `{}`", import.path),
                )
                .with_label(format!("not found as {}", display_list(&candidates))),
                Err((_, Some((path, error)))) => Diagnostic::new(
                    Code::UnreadableImport,
                    import.span,
                    format!("cannot read imported file `{}`: {error}", path.display()),
                ),
            };
            self.loaded.diagnostics.push(diagnostic);
        }
    }

    /// The shipped file imported as `name`, loaded once.
    fn shipped(&mut self, name: &str, text: &str) -> FileId {
        let path = PathBuf::from(name);
        match self.find(&path) {
            Some(id) => id,
            None => self.add(path, text.to_owned(), name.to_owned()),
        }
    }

    /// The first candidate, a path with the import name it would have, that
    /// is loaded already or can be read. Failing that, the first read error
    /// other than "not found", if any.
    fn open_first(
        &mut self,
        candidates: &[(PathBuf, String)],
    ) -> Result<FileId, Option<(PathBuf, io::Error)>> {
        let mut unreadable = None;
        for (path, import_name) in candidates {
            if let Some(id) = self.find(path) {
                return Ok(id);
            }
            match (self.read)(path) {
                Ok(text) => return Ok(self.add(path.clone(), text, import_name.clone())),
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                Err(error) => unreadable = unreadable.or(Some((path.clone(), error))),
            }
        }
        Err(unreadable)
    }
}

fn display_list(candidates: &[(PathBuf, String)]) -> String {
    candidates
        .iter()
        .map(|(path, _)| path.display().to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The two languages schemac reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Language {
    Schema,
    Proto,
}

impl Language {
    /// The language of the file at `path`, by its extension.
    fn of(path: &Path) -> Self {
        match path.extension() {
            Some(extension) if extension == "proto" => Language::Proto,
            _ => Language::Schema,
        }
    }
}

/// The import name of the root file at `path`: its path below the first of
/// `include_dirs` that holds it, or its file name.
fn root_import_name(path: &Path, include_dirs: &[PathBuf]) -> String {
    let below = include_dirs
        .iter()
        .find_map(|dir| path.strip_prefix(normalize(dir)).ok());
    match below {
        Some(relative) => relative.display().to_string(),
        None => path.file_name().map_or_else(
            || path.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        ),
    }
}

/// Removes `.` and resolvable `..` components, so that one file reached by
/// two spellings of its path is loaded once.
fn normalize(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(normal.components().next_back(), Some(Component::Normal(_))) {
                    normal.pop();
                } else {
                    normal.push("..");
                }
            }
            other => normal.push(other.as_os_str()),
        }
    }
    normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_removes_dots() {
        assert_eq!(
            normalize(Path::new("a/./b/../c.schema")),
            PathBuf::from("a/c.schema")
        );
        assert_eq!(
            normalize(Path::new("../x.schema")),
            PathBuf::from("../x.schema")
        );
    }
}
