//! Loading: reads the root files, parses them, and follows their imports.
//!
//! Reading goes through a function the caller passes, so this module does no
//! I/O of its own. Each file is loaded once, however many files import it
//! and however its path is spelled. A file's extension picks its language:
//! `.proto` files go to protobuf's parser, any other to the `.schema`
//! parser, and either may import the other. An import of a file schemac
//! ships ([`builtin`]) gets schemac's copy, unless a file of that name was
//! loaded already, such as a root that is a copy of it: a name is one file.
//!
//! Each file has an import name, the path other files import it by, which
//! is protoc's name of the file: exported `.proto` files and descriptors
//! are named by it, so `opentelemetry/proto/common/v1/common.proto` keeps
//! its folders. It is
//!
//! - for a root that exists as given, its path below the first include
//!   directory that holds it, as protoc names it. protoc refuses such a
//!   root when an earlier include directory holds another file of that
//!   name, which imports of the name would find, and so does schemac
//!   ([`Error::Shadowed`]);
//! - for a root under no include directory, its file name, as if its own
//!   directory were an include directory, as it is for the files it
//!   imports from beside it; but a root whose path as given is the name
//!   of a shipped file (`google/protobuf/type.proto`, given in protobuf's
//!   `src/`) is named so, and is that file for imports. protoc refuses
//!   such a root, or, when an include directory holds a file of its path
//!   as given, reads that one instead: schemac reads the file given;
//! - for a root that does not exist as given, the path itself, looked up
//!   as protoc looks up a virtual path: among the shipped files, then in
//!   each include directory in turn, the first that holds it;
//! - for an import, its path as written, below the directory it was found
//!   in: the importing file's own (joined to the importing file's import
//!   name's folder) or an include directory.
//!
//! Paths are compared as spelled, joined to the working directory the
//! caller gives and freed of `.` and `..` ([`normalize`]), never resolved
//! through the file system: that keeps this module free of I/O, and it is
//! how protoc compares them too, but for protoc's taking neither `..` nor
//! a relative against an absolute spelling. Symbolic links are not
//! followed: a file reached through one and by its own path is read twice.

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
    /// `import option` (edition 2024).
    pub option: bool,
}

/// Loads `roots` and, transitively, every file they import.
///
/// `working_dir` is the directory relative paths are relative to, so that
/// they compare with absolute ones; empty when it is not known, and then a
/// relative path compares with relative ones only. Paths are given to
/// `read` as spelled, normalized, not joined to it.
pub fn load(
    working_dir: &Path,
    roots: &[PathBuf],
    include_dirs: &[PathBuf],
    read: &mut dyn FnMut(&Path) -> io::Result<String>,
) -> Result<Loaded, Error> {
    let mut loader = Loader {
        working_dir,
        include_dirs: include_dirs.iter().map(|dir| normalize(dir)).collect(),
        read,
        paths: Vec::new(),
        keys: Vec::new(),
        loaded: Loaded {
            sources: SourceMap::new(),
            files: Vec::new(),
            roots: Vec::new(),
            diagnostics: Vec::new(),
        },
    };
    for root in roots {
        let id = loader.root(root)?;
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
    working_dir: &'a Path,
    /// The include directories, normalized.
    include_dirs: Vec<PathBuf>,
    read: &'a mut dyn FnMut(&Path) -> io::Result<String>,
    /// The normalized path each file was read from, or a shipped file's
    /// name, indexed by [`FileId`].
    paths: Vec<PathBuf>,
    /// What each file is told apart by, its path joined to the working
    /// directory ([`Loader::key`]); `None` for schemac's copy of a shipped
    /// file, which no path names.
    keys: Vec<Option<PathBuf>>,
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
            // The options of the files whose types the runtime provides are
            // never read: their descriptors are protoc's.
            .filter(|file| !builtin::provides_types(&file.import_name))
            .any(|file| file.ast.sets_protobuf_options());
        // A file may declare the options messages under another name: a
        // descriptor.proto converted to `.schema`.
        let loaded = self.loaded.files.iter().any(|file| {
            let package = file.ast.package.as_ref().map(|p| p.segments.join("."));
            let declares_options = (file.ast.items.iter()).any(|item| {
                matches!(item, crate::ast::Item::Message(message) if message.name.name == "FieldOptions")
            });
            file.import_name == DESCRIPTOR_PROTO
                || (package.as_deref() == Some("google.protobuf") && declares_options)
        });
        if needed
            && !loaded
            && let Some(text) = builtin::file(DESCRIPTOR_PROTO)
        {
            let id = self.shipped(DESCRIPTOR_PROTO, text);
            self.loaded.files[id.0 as usize].implicit = true;
        }
    }

    /// The file the root `root` names (see the module documentation).
    fn root(&mut self, root: &Path) -> Result<FileId, Error> {
        let path = normalize(root);
        if let Some(id) = self.find(&path) {
            return Ok(id);
        }
        match (self.read)(&path) {
            Ok(text) => {
                let import_name = self.root_import_name(root, &path)?;
                Ok(self.add(path, text, import_name))
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                self.virtual_root(root, &path, error)
            }
            Err(source) => Err(Error::Read {
                path: root.to_owned(),
                source,
            }),
        }
    }

    /// The import name of the root `root`, read from `path`: its path
    /// below the first include directory that holds it, unless an earlier
    /// one shadows it; failing that, its name as a shipped file or its
    /// file name.
    fn root_import_name(&mut self, root: &Path, path: &Path) -> Result<String, Error> {
        let key = self.key(path);
        let below = self
            .include_dirs
            .iter()
            .enumerate()
            .find_map(|(index, dir)| {
                let relative = key.strip_prefix(self.key(dir)).ok()?;
                // An empty directory is a prefix of an absolute path too.
                let inside = relative.is_relative() && !relative.as_os_str().is_empty();
                inside.then(|| (index, relative.display().to_string()))
            });
        let Some((index, name)) = below else {
            return Ok(fallback_import_name(path));
        };
        // protoc's check: imports of `name` must find this root, not a
        // file of an earlier include directory. Only comparable spellings
        // are compared, lest a directory given twice shadow itself.
        let earlier: Vec<PathBuf> = self.include_dirs[..index]
            .iter()
            .map(|dir| normalize(&dir.join(&name)))
            .filter(|candidate| self.key(candidate).is_absolute() == key.is_absolute())
            .collect();
        for candidate in earlier {
            if self.find(&candidate).is_some() || (self.read)(&candidate).is_ok() {
                return Err(Error::Shadowed {
                    path: root.to_owned(),
                    name,
                    shadowing: candidate,
                });
            }
        }
        Ok(name)
    }

    /// The root `root`, not found at `path` (`not_found` says so), as a
    /// virtual path: a shipped file, or the first include directory's file
    /// of that path. Only a relative path that stays below the directory
    /// it is looked up in is one.
    fn virtual_root(
        &mut self,
        root: &Path,
        path: &Path,
        not_found: io::Error,
    ) -> Result<FileId, Error> {
        let error = |source| Error::Read {
            path: root.to_owned(),
            source,
        };
        if !matches!(path.components().next(), Some(Component::Normal(_))) {
            return Err(error(not_found));
        }
        let name = path.display().to_string();
        if let Some(text) = builtin::file(&name) {
            return Ok(self.shipped(&name, text));
        }
        let candidates: Vec<(PathBuf, String)> = self
            .include_dirs
            .iter()
            .map(|dir| (normalize(&dir.join(path)), name.clone()))
            .collect();
        match self.open_first(&candidates) {
            Ok(id) => Ok(id),
            Err(Some((path, source))) => Err(Error::Read { path, source }),
            Err(None) if candidates.is_empty() => Err(error(not_found)),
            Err(None) => Err(error(io::Error::new(
                io::ErrorKind::NotFound,
                format!("not found as given, nor as {}", display_list(&candidates)),
            ))),
        }
    }

    /// The file read from `path` (normalized), if it is loaded.
    fn find(&self, path: &Path) -> Option<FileId> {
        let key = self.key(path);
        self.keys
            .iter()
            .position(|known| known.as_ref() == Some(&key))
            .map(|index| FileId(index as u32))
    }

    /// What the file at `path` is told apart by: `path` joined to the
    /// working directory, normalized.
    fn key(&self, path: &Path) -> PathBuf {
        normalize(&self.working_dir.join(path))
    }

    /// Adds the file read from `path`.
    fn add(&mut self, path: PathBuf, text: String, import_name: String) -> FileId {
        let key = self.key(&path);
        self.push(path, Some(key), text, import_name)
    }

    /// Adds a file told apart by `key`; `None` for schemac's copy of a
    /// shipped file, whose path is its name.
    fn push(
        &mut self,
        path: PathBuf,
        key: Option<PathBuf>,
        text: String,
        import_name: String,
    ) -> FileId {
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
        self.keys.push(key);
        id
    }

    fn resolve_imports(&mut self, id: FileId) {
        let index = id.0 as usize;
        // A file whose types the runtime provides is not resolved
        // (`resolve::collect` registers its types as the runtime's), so
        // what it imports is not needed: `schemac/options.proto`'s
        // `descriptor.proto`.
        if builtin::provides_types(&self.loaded.files[index].import_name) {
            return;
        }
        let imports = self.loaded.files[index].ast.imports.clone();
        // A shipped file imports only shipped files; none is beside it.
        let base = self.keys[index]
            .as_ref()
            .and(self.paths[index].parent())
            .map(Path::to_path_buf);
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
                        option: import.option,
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

    /// The shipped file `name`: the file loaded under that name, a root
    /// that is a copy of it, or else schemac's copy, loaded once.
    fn shipped(&mut self, name: &str, text: &str) -> FileId {
        let loaded = (self.loaded.files.iter()).position(|file| file.import_name == name);
        match loaded {
            Some(index) => FileId(index as u32),
            None => self.push(PathBuf::from(name), None, text.to_owned(), name.to_owned()),
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

/// The import name of a root under no include directory, read from
/// `path`: that path, when it is the name of a file schemac ships, so that
/// imports of the name get the root; otherwise its file name.
fn fallback_import_name(path: &Path) -> String {
    let spelled = path.display().to_string();
    if builtin::file(&spelled).is_some() {
        return spelled;
    }
    path.file_name()
        .map_or(spelled, |name| name.to_string_lossy().into_owned())
}

/// Removes `.` and resolvable `..` components, so that one file reached by
/// two spellings of its path is loaded once.
fn normalize(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => match normal.components().next_back() {
                Some(Component::Normal(_)) => {
                    normal.pop();
                }
                // The root's parent is the root.
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => normal.push(".."),
            },
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
        assert_eq!(
            normalize(Path::new("/../w/./x.schema")),
            PathBuf::from("/w/x.schema")
        );
    }

    /// Loads `roots` from the files of `disk`, absolute paths, with
    /// `working_dir` as the directory of relative paths; returns each
    /// file's source name and import name.
    fn names(
        working_dir: &str,
        disk: &[(&str, &str)],
        roots: &[&str],
        include_dirs: &[&str],
    ) -> Result<Vec<(String, String)>, Error> {
        let mut read = |path: &Path| {
            let path = normalize(&Path::new(working_dir).join(path));
            let found = disk.iter().find(|(name, _)| Path::new(name) == path);
            found
                .map(|(_, text)| (*text).to_owned())
                .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not on disk"))
        };
        let paths = |paths: &[&str]| paths.iter().map(PathBuf::from).collect::<Vec<_>>();
        let loaded = load(
            Path::new(working_dir),
            &paths(roots),
            &paths(include_dirs),
            &mut read,
        )?;
        assert_eq!(loaded.diagnostics, [], "{roots:?}");
        let names = loaded.files.iter().enumerate().map(|(index, file)| {
            let name = loaded.sources.get(FileId(index as u32)).name().to_owned();
            (name, file.import_name.clone())
        });
        Ok(names.collect())
    }

    fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        let owned =
            |(name, import_name): &(&str, &str)| ((*name).to_owned(), (*import_name).to_owned());
        pairs.iter().map(owned).collect()
    }

    const A: &str = "syntax = \"proto3\";\nimport \"a/b.proto\";\n";
    const B: &str = "syntax = \"proto3\";\n";

    #[test]
    fn the_working_directory_makes_relative_and_absolute_spellings_one_file() {
        let disk = [("/w/root/a/a.proto", A), ("/w/root/a/b.proto", B)];
        let roots = ["root/a/a.proto", "/w/root/a/b.proto"];
        let loaded = names("/w", &disk, &roots, &["/w/root/"]);
        let one_each = [
            ("root/a/a.proto", "a/a.proto"),
            ("/w/root/a/b.proto", "a/b.proto"),
        ];
        assert_eq!(loaded.unwrap(), pairs(&one_each));

        // Unknown, it leaves relative paths to compare with relative ones:
        // the absolute root is not below the relative include directory.
        let loaded = names("", &disk, &["/w/root/a/b.proto"], &["root"]);
        assert_eq!(loaded.unwrap(), pairs(&[("/w/root/a/b.proto", "b.proto")]));
    }

    #[test]
    fn a_root_named_as_a_shipped_file_is_that_file() {
        // Given from protobuf's `src/`, with no include directory.
        let disk = [
            ("/src/google/protobuf/type.proto", B),
            (
                "/src/api.proto",
                "syntax = \"proto3\";\nimport \"google/protobuf/type.proto\";\n",
            ),
        ];
        let roots = ["google/protobuf/type.proto", "api.proto"];
        let loaded = names("/src", &disk, &roots, &[]);
        let expected = [
            ("google/protobuf/type.proto", "google/protobuf/type.proto"),
            ("api.proto", "api.proto"),
        ];
        assert_eq!(loaded.unwrap(), pairs(&expected));

        // Not on disk, the root is schemac's copy, as the import would be.
        let loaded = names("/src", &[], &["google/protobuf/empty.proto"], &["x"]);
        let shipped = [("google/protobuf/empty.proto", "google/protobuf/empty.proto")];
        assert_eq!(loaded.unwrap(), pairs(&shipped));
    }

    /// A virtual path is relative and stays below the directory it is
    /// looked up in, as protoc's do.
    #[test]
    fn a_path_leaving_its_directory_or_absolute_is_no_virtual_path() {
        let disk = [("/w/sub/a.proto", B), ("/w/nope/a.proto", B)];
        let error = names("/w/sub", &disk, &["../a.proto"], &["/w/sub/inner"]).unwrap_err();
        assert_eq!(
            error.render(false),
            "error: cannot read ../a.proto: not on disk\n"
        );
        let error = names("/w", &disk, &["/nope/a.proto"], &["/w"]).unwrap_err();
        assert_eq!(
            error.render(false),
            "error: cannot read /nope/a.proto: not on disk\n"
        );
    }
}
