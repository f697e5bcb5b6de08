//! Loading: reads the root files, parses them, and follows their imports.
//!
//! Reading goes through a function the caller passes, so this module does no
//! I/O of its own. Each file is loaded once, however many files import it.

use std::io;
use std::path::{Component, Path, PathBuf};

use crate::Error;
use crate::ast::SchemaFile;
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
    /// The file each import resolved to, with the import's span; imports
    /// that did not resolve are left out (a diagnostic says why).
    pub imports: Vec<(FileId, Span)>,
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
                loader.add(path, text)
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
    Ok(loader.loaded)
}

struct Loader<'a> {
    include_dirs: &'a [PathBuf],
    read: &'a mut dyn FnMut(&Path) -> io::Result<String>,
    /// The normalized path of each file, indexed by [`FileId`].
    paths: Vec<PathBuf>,
    loaded: Loaded,
}

impl Loader<'_> {
    fn find(&self, path: &Path) -> Option<FileId> {
        self.paths
            .iter()
            .position(|known| known == path)
            .map(|index| FileId(index as u32))
    }

    fn add(&mut self, path: PathBuf, text: String) -> FileId {
        let id = self.loaded.sources.add(path.display().to_string(), text);
        let (ast, diagnostics) = syntax::parse(id, self.loaded.sources.get(id).text());
        self.loaded.diagnostics.extend(diagnostics);
        self.loaded.files.push(LoadedFile {
            ast,
            imports: Vec::new(),
        });
        self.paths.push(path);
        id
    }

    fn resolve_imports(&mut self, id: FileId) {
        let index = id.0 as usize;
        let imports = self.loaded.files[index].ast.imports.clone();
        let base = self.paths[index].parent().map(Path::to_path_buf);
        for import in imports {
            let candidates: Vec<PathBuf> = base
                .iter()
                .chain(self.include_dirs)
                .map(|dir| normalize(&dir.join(&import.path)))
                .collect();
            let diagnostic = match self.open_first(&candidates) {
                Ok(target) => {
                    self.loaded.files[index].imports.push((target, import.span));
                    continue;
                }
                Err(None) => Diagnostic::new(
                    Code::MissingImport,
                    import.span,
                    format!("cannot find imported file `{}`", import.path),
                )
                .with_label(format!("not found as {}", display_list(&candidates))),
                Err(Some((path, error))) => Diagnostic::new(
                    Code::UnreadableImport,
                    import.span,
                    format!("cannot read imported file `{}`: {error}", path.display()),
                ),
            };
            self.loaded.diagnostics.push(diagnostic);
        }
    }

    /// The first candidate that is loaded already or can be read. Failing
    /// that, the first read error other than "not found", if any.
    fn open_first(
        &mut self,
        candidates: &[PathBuf],
    ) -> Result<FileId, Option<(PathBuf, io::Error)>> {
        let mut unreadable = None;
        for path in candidates {
            if let Some(id) = self.find(path) {
                return Ok(id);
            }
            match (self.read)(path) {
                Ok(text) => return Ok(self.add(path.clone(), text)),
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                Err(error) => unreadable = unreadable.or(Some((path.clone(), error))),
            }
        }
        Err(unreadable)
    }
}

fn display_list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|path| path.display().to_string())
        .collect::<Vec<_>>()
        .join(" or ")
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
