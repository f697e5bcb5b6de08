//! The forward pre-pass of an encode ([`Visitor`]), as far as it needs
//! no message: its record of the objects met and their numbers, and how
//! the writer is told to write each occurrence. The walk over messages
//! and pointers is in `mod.rs`; the visitor itself sits in the writer's
//! [`State`](crate::state::State) between encodes.

use core::any::Any;

use hashbrown::HashMap;

use crate::prelude::*;

/// The id of the top-level message of an encode.
pub(crate) const ROOT_ID: u32 = 1;

/// The most objects whose room a thread's [`Visitor`] keeps between
/// encodes, as the writer keeps its buffer.
const RETAINED_OBJECTS: usize = 4096;

/// An object that may occur more than once in an encode, because another
/// `Arc` or a `Weak` holds it too, as the pre-pass found it.
#[derive(Clone, Copy, Debug)]
struct Shared {
    /// Its occurrences outside what its first occurrence holds, the first
    /// included: the writer, which meets occurrences from the back, counts
    /// them down to find the first.
    outside: u32,
    /// Whether it occurs more than once, and so takes a number.
    repeated: bool,
    /// Its number once the pre-pass has ended, if it is repeated.
    number: u32,
    /// Whether the pre-pass is inside its first occurrence, where it can
    /// occur again only through a `weak` field pointing back at it.
    visiting: bool,
    /// Whether the writer has met its first occurrence: what it meets of
    /// the object from then on lies inside it, and is a later occurrence.
    written: bool,
}

/// How the writer writes one occurrence of an object.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Occurrence {
    /// The object, led by its number if it has one (not 0): its first
    /// occurrence, or its only one.
    Object { number: u32 },
    /// A later occurrence of the object of this number.
    Later(u32),
}

/// The forward pre-pass of an encode: it finds the objects a graph message
/// reaches more than once and numbers them in the order of their first
/// occurrence in the bytes. Generated code calls [`Visitor::visit_ref`]
/// and [`Visitor::visit_weak`] for each reference, in field number order,
/// list elements and map entries in order, and [`Message::visit_refs`] on
/// each message field that can reach one.
///
/// The writer then asks it how to write each occurrence it meets
/// ([`Visitor::meet`]). A writer keeps its visitor, and the visitor its
/// room, from one encode to the next.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct Visitor {
    /// The address of the top-level message, object 1.
    root: usize,
    /// The objects that may occur more than once, by address. An object
    /// that no other `Arc` and no `Weak` holds has no entry.
    shared: HashMap<usize, Shared>,
    /// The addresses in `shared`, in the order of first occurrence.
    order: Vec<usize>,
    /// The objects first reached through `weak` fields, held alive until
    /// the encode ends, so that the writer finds alive what the pre-pass
    /// did; every other object the pre-pass meets is held by the message
    /// being encoded.
    alive: Vec<Box<dyn Any>>,
}

impl Visitor {
    /// Runs the pre-pass over the top-level message, object 1, at
    /// `root`, whose references `visit_refs` visits, with a visitor that
    /// the encode before left empty ([`Visitor::finish`]), and numbers the
    /// objects that occur more than once: 2, 3, … in the order of their
    /// first occurrence.
    pub(crate) fn visit_top(&mut self, root: usize, visit_refs: impl FnOnce(&mut Self)) {
        self.root = root;
        visit_refs(self);
        let mut number = ROOT_ID;
        for address in &self.order {
            if let Some(shared) = self
                .shared
                .get_mut(address)
                .filter(|shared| shared.repeated)
            {
                number = number.saturating_add(1);
                shared.number = number;
            }
        }
    }

    /// Forgets the encode that ended: its objects, which may be freed now
    /// and their addresses reused.
    pub(crate) fn finish(&mut self) {
        self.shared.clear();
        self.order.clear();
        self.alive.clear();
        self.shared.shrink_to(RETAINED_OBJECTS);
        self.order.shrink_to(RETAINED_OBJECTS);
        self.alive.shrink_to(RETAINED_OBJECTS);
    }

    /// Counts an occurrence of the object at `address` if the pre-pass has
    /// met it before (or it is the top-level message), and says whether it
    /// had.
    #[inline(always)]
    pub(super) fn met_again(&mut self, address: usize) -> bool {
        if address == self.root {
            return true;
        }
        let Some(shared) = self.shared.get_mut(&address) else {
            return false;
        };
        shared.repeated = true;
        if !shared.visiting {
            shared.outside += 1;
        }
        true
    }

    /// Records the first occurrence of the object at `address`, which may
    /// occur again, before what is inside it is visited.
    pub(super) fn enter(&mut self, address: usize) {
        let shared = Shared {
            outside: 1,
            repeated: false,
            number: 0,
            visiting: true,
            written: false,
        };
        self.shared.insert(address, shared);
        self.order.push(address);
    }

    /// Records that what is inside the object at `address` has been
    /// visited.
    pub(super) fn leave(&mut self, address: usize) {
        if let Some(shared) = self.shared.get_mut(&address) {
            shared.visiting = false;
        }
    }

    /// Keeps `object`, first reached through a `weak` field, alive until
    /// the encode ends.
    pub(super) fn keep_alive(&mut self, object: Box<dyn Any>) {
        self.alive.push(object);
    }

    /// How to write the occurrence of the object at `address` that the
    /// writer meets now. The writer meets occurrences from the back, and
    /// decides on one before it writes what is inside it: the first
    /// occurrence is the one that leaves no occurrence outside it unmet.
    #[inline(always)]
    pub(crate) fn meet(&mut self, address: usize) -> Occurrence {
        if address == self.root {
            return Occurrence::Later(ROOT_ID);
        }
        let Some(shared) = self.shared.get_mut(&address) else {
            // The pre-pass met it once.
            return Occurrence::Object { number: 0 };
        };
        if shared.written {
            return Occurrence::Later(shared.number);
        }
        shared.outside = shared.outside.saturating_sub(1);
        if shared.outside > 0 {
            return Occurrence::Later(shared.number);
        }
        shared.written = true;
        Occurrence::Object {
            number: shared.number,
        }
    }
}
