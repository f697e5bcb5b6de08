//! The pointers graph mode holds shared objects in: `Arc` and its `Weak`,
//! the default, which may cross threads, or `Rc` and its `Weak`, whose
//! counts are not atomic (`Config::pointer_type` chooses, for the whole
//! schema; docs/graph.md).
//!
//! The codecs, the encode pre-pass and the decode table are written once,
//! over these two traits. They are sealed: the runtime relies on what
//! the counts of `alloc`'s pointers say, and implements them for those
//! alone.

use core::any::Any;
use core::ops::Deref;

use alloc::rc::{self, Rc};
use alloc::sync::{self, Arc};

use crate::message::Message;

/// What a graph message and every message in it must be to sit in a
/// shared pointer that the id tables hold by type: owned, as generated
/// messages are.
pub trait Shareable: Message + 'static {}

impl<T: Message + 'static> Shareable for T {}

/// A pointer that shares an object: the value of a `ref` field.
pub trait SharedPointer: Clone + Default + Deref<Target: Shareable> + Any + Sealed {
    /// Its weak pointer: the value of a `weak` field.
    type Weak: WeakPointer<Shared = Self>;

    /// `object`, in a pointer of its own.
    fn new(object: Self::Target) -> Self;

    /// The object `build` makes, which is handed the object's weak pointer
    /// before the object exists, as `Arc::new_cyclic` does.
    fn new_cyclic(build: impl FnOnce(&Self::Weak) -> Self::Target) -> Self;

    /// A weak pointer to the object.
    fn downgrade(this: &Self) -> Self::Weak;

    /// Whether no other pointer, strong or weak, holds the object.
    fn is_alone(this: &Self) -> bool;

    /// The address the object is known by while it is alive.
    fn address(this: &Self) -> usize;
}

/// A pointer that does not keep its object alive: the value of a `weak`
/// field.
pub trait WeakPointer: Clone + Default + Any + Sealed {
    /// The pointer that shares the object.
    type Shared: SharedPointer<Weak = Self>;

    /// The object, if it is alive.
    fn upgrade(this: &Self) -> Option<Self::Shared>;

    /// The address of the object, alive or not: a weak pointer keeps its
    /// object's allocation, so no other object has it.
    fn address(this: &Self) -> usize;
}

/// What only this module implements.
mod sealed {
    pub trait Sealed {}
}

use sealed::Sealed;

/// Implements the two traits for a strong and a weak pointer of `alloc`.
macro_rules! pointers {
    ($($shared:ident, $weak:ty;)*) => {$(
        impl<T> Sealed for $shared<T> {}

        impl<T> Sealed for $weak {}

        impl<T: Shareable> SharedPointer for $shared<T> {
            type Weak = $weak;

            #[inline(always)]
            fn new(object: T) -> Self {
                $shared::new(object)
            }

            #[inline]
            fn new_cyclic(build: impl FnOnce(&$weak) -> T) -> Self {
                $shared::new_cyclic(build)
            }

            #[inline(always)]
            fn downgrade(this: &Self) -> $weak {
                $shared::downgrade(this)
            }

            #[inline(always)]
            fn is_alone(this: &Self) -> bool {
                $shared::strong_count(this) == 1 && $shared::weak_count(this) == 0
            }

            #[inline(always)]
            fn address(this: &Self) -> usize {
                $shared::as_ptr(this) as *const () as usize
            }
        }

        impl<T: Shareable> WeakPointer for $weak {
            type Shared = $shared<T>;

            #[inline(always)]
            fn upgrade(this: &Self) -> Option<$shared<T>> {
                this.upgrade()
            }

            #[inline(always)]
            fn address(this: &Self) -> usize {
                this.as_ptr() as *const () as usize
            }
        }
    )*};
}

pointers! {
    Arc, sync::Weak<T>;
    Rc, rc::Weak<T>;
}
