//! Import cycles.
//!
//! A depth-first walk over the import graph, from each file in
//! [`FileId`] order, finds every import that leads back to a file still being
//! walked. That import closes a cycle, and is reported once, naming the
//! chain of files.

use std::collections::HashSet;

use crate::diagnostic::{Code, Diagnostic};
use crate::load::{Loaded, LoadedImport};
use crate::source::{FileId, Span};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unvisited,
    /// On the current path of the walk.
    Open,
    Done,
}

/// The walk's progress.
struct Walk<'a> {
    loaded: &'a Loaded,
    state: Vec<State>,
    /// The cycles reported, each rotated to start at its smallest file, so
    /// that a file importing another twice does not report a cycle twice.
    reported: HashSet<Vec<usize>>,
    diagnostics: &'a mut Vec<Diagnostic>,
}

/// Reports each import that closes a cycle.
pub(super) fn report_cycles(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let mut walk = Walk {
        loaded,
        state: vec![State::Unvisited; loaded.files.len()],
        reported: HashSet::new(),
        diagnostics,
    };
    for start in 0..loaded.files.len() {
        if walk.state.get(start) == Some(&State::Unvisited) {
            walk.walk(start);
        }
    }
}

impl Walk<'_> {
    /// Walks every file reachable from `start`, without recursion so that a
    /// long chain of imports cannot overflow the stack.
    fn walk(&mut self, start: usize) {
        // Each entry is a file on the current path and the index of the next
        // of its imports to follow.
        let mut path: Vec<(usize, usize)> = vec![(start, 0)];
        set(&mut self.state, start, State::Open);
        while let Some((file, next)) = path.last_mut() {
            let file = *file;
            let import = self
                .loaded
                .files
                .get(file)
                .and_then(|loaded_file| loaded_file.imports.get(*next));
            let Some(&LoadedImport {
                file: target, span, ..
            }) = import
            else {
                set(&mut self.state, file, State::Done);
                path.pop();
                continue;
            };
            *next += 1;
            let target = target.0 as usize;
            match self.state.get(target) {
                Some(State::Unvisited) => {
                    set(&mut self.state, target, State::Open);
                    path.push((target, 0));
                }
                Some(State::Open) => self.report(&path, target, span),
                Some(State::Done) | None => {}
            }
        }
    }

    /// Reports the cycle that the import at `span` closes by leading back
    /// to `target`, a file on `path`, unless that cycle was reported before.
    fn report(&mut self, path: &[(usize, usize)], target: usize, span: Span) {
        let from = path
            .iter()
            .position(|&(file, _)| file == target)
            .unwrap_or(0);
        let mut cycle: Vec<usize> = path
            .get(from..)
            .unwrap_or_default()
            .iter()
            .map(|&(file, _)| file)
            .collect();
        let name = |file: usize| self.loaded.sources.get(FileId(file as u32)).name();
        let chain = cycle
            .iter()
            .chain([&target])
            .map(|&file| name(file))
            .collect::<Vec<_>>()
            .join(" → ");
        let smallest = (0..cycle.len()).min_by_key(|&index| cycle.get(index));
        cycle.rotate_left(smallest.unwrap_or(0));
        if self.reported.insert(cycle) {
            self.diagnostics.push(Diagnostic::new(
                Code::ImportCycle,
                span,
                format!("import cycle: {chain}"),
            ));
        }
    }
}

fn set(state: &mut [State], file: usize, value: State) {
    if let Some(slot) = state.get_mut(file) {
        *slot = value;
    }
}
