//! The slot in which a layer above the wire core keeps its own state in a
//! [`Writer`](crate::Writer) or a [`Decoder`](crate::Decoder): graph
//! mode's pre-pass in the writer and its table of objects in the decoder
//! (`graph/`). The core carries the slot and never looks inside, so it
//! reads and compiles without knowing what a layer above keeps there.

use core::any::Any;
use core::fmt;

use alloc::boxed::Box;

/// State of one type at a time, made at its first use and kept as long as
/// the writer or decoder that holds the slot.
#[derive(Default)]
pub(crate) struct State(Option<Box<dyn Any>>);

impl State {
    /// An empty slot, in a constant.
    pub(crate) const fn empty() -> Self {
        Self(None)
    }

    /// The state of type `T`, made now if the slot holds none (or, which
    /// no layer does, state of another type).
    #[inline]
    pub(crate) fn get_or_default<T: Any + Default>(&mut self) -> &mut T {
        if !self.0.as_ref().is_some_and(|state| state.is::<T>()) {
            self.0 = Some(Box::new(T::default()));
        }
        match self.0.as_mut().and_then(|state| state.downcast_mut()) {
            Some(state) => state,
            None => unreachable!("the slot holds a `T`, put there above"),
        }
    }

    /// The state of type `T`, if the slot holds it.
    #[inline]
    pub(crate) fn get<T: Any>(&mut self) -> Option<&mut T> {
        self.0.as_mut()?.downcast_mut()
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(_) => f.write_str("State(..)"),
            None => f.write_str("State(empty)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::State;

    #[test]
    fn state_is_made_at_first_use_and_kept() {
        let mut state = State::empty();
        assert_eq!(state.get::<Vec<u32>>(), None);
        state.get_or_default::<Vec<u32>>().push(7);
        state.get_or_default::<Vec<u32>>().push(8);
        assert_eq!(state.get::<Vec<u32>>(), Some(&mut vec![7, 8]));
        // Another type replaces it.
        assert_eq!(*state.get_or_default::<u8>(), 0);
        assert_eq!(state.get::<Vec<u32>>(), None);
    }
}
