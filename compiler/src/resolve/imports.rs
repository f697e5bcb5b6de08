//! Import cycles.
//!
//! A depth-first walk over the import graph, from each file in
//! [`FileId`] order, finds every import that leads back to a file still being
//! walked. That import closes a cycle, and is reported once, naming the
//! chain of files.

use crate::diagnostic::{Code, Diagnostic};
use crate::load::Loaded;
use crate::source::FileId;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unvisited,
    /// On the current path of the walk.
    Open,
    Done,
}

/// Reports each import that closes a cycle.
pub(super) fn report_cycles(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let mut state = vec![State::Unvisited; loaded.files.len()];
    for start in 0..loaded.files.len() {
        if state.get(start) != Some(&State::Unvisited) {
            continue;
        }
        walk(loaded, start, &mut state, diagnostics);
    }
}

/// Walks every file reachable from `start`, without recursion so that a long
/// chain of imports cannot overflow the stack.
fn walk(loaded: &Loaded, start: usize, state: &mut [State], diagnostics: &mut Vec<Diagnostic>) {
    // Each entry is a file on the current path and the index of the next of
    // its imports to follow.
    let mut path: Vec<(usize, usize)> = vec![(start, 0)];
    set(state, start, State::Open);
    while let Some((file, next)) = path.last_mut() {
        let file = *file;
        let import = loaded
            .files
            .get(file)
            .and_then(|loaded_file| loaded_file.imports.get(*next));
        let Some(&(target, span)) = import else {
            set(state, file, State::Done);
            path.pop();
            continue;
        };
        *next += 1;
        let target = target.0 as usize;
        match state.get(target) {
            Some(State::Unvisited) => {
                set(state, target, State::Open);
                path.push((target, 0));
            }
            Some(State::Open) => {
                let chain = chain(loaded, &path, target);
                diagnostics.push(Diagnostic::new(
                    Code::ImportCycle,
                    span,
                    format!("import cycle: {chain}"),
                ));
            }
            Some(State::Done) | None => {}
        }
    }
}

fn set(state: &mut [State], file: usize, value: State) {
    if let Some(slot) = state.get_mut(file) {
        *slot = value;
    }
}

/// `a.schema → b.schema → a.schema`: the files of `path` from `target` on,
/// then `target` again.
fn chain(loaded: &Loaded, path: &[(usize, usize)], target: usize) -> String {
    let from = path
        .iter()
        .position(|&(file, _)| file == target)
        .unwrap_or(0);
    let name = |file: usize| loaded.sources.get(FileId(file as u32)).name().to_owned();
    path.get(from..)
        .unwrap_or_default()
        .iter()
        .map(|&(file, _)| name(file))
        .chain(std::iter::once(name(target)))
        .collect::<Vec<_>>()
        .join(" → ")
}
