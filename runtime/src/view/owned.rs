//! [`OwnedView`]: a view's input and the right to read it, in one
//! `'static` value that can be sent to a thread or held across `.await`.

use core::fmt;
use core::marker::PhantomData;

use bytes::Bytes;

use crate::decode::DecodeOptions;
use crate::error::DecodeError;
use crate::view::{HasView, MessageView};

/// An input checked to hold a message `M`, kept in a [`Bytes`], from which
/// the view `M::View<'_>` is read on demand.
///
/// A view borrows its input, so it cannot outlive the buffer it was
/// decoded from; an `OwnedView` owns the buffer instead. It is `'static`,
/// `Send` and `Sync`, and cheap to clone (the buffer is shared, not
/// copied), so it can go into a channel, a spawned task or a cache, and
/// [`view`](OwnedView::view) gives the borrowed view wherever it lands.
///
/// [`decode`](OwnedView::decode) decodes the view once, to check the
/// input; [`view`](OwnedView::view) decodes it again each time it is
/// called, without the errors that the check ruled out. A view is the
/// cheapest way to read a message, but not free: take it once per place
/// that reads, not once per field. Inside an `async` block the view may
/// live across `.await` points; the block owns the `OwnedView`, the view
/// borrows from it.
///
/// The design keeps generated code and this crate free of `unsafe`: a
/// view that lives inside the value holding its buffer (with `yoke`,
/// `self_cell` or `ouroboros`) needs an `unsafe` trait implementation or
/// macro-expanded `unsafe` code in the crate that holds the generated
/// views, which `#![forbid(unsafe_code)]` refuses.
///
/// ```
/// # use schemac_runtime::bytes::Bytes;
/// # use schemac_runtime::view::{HasView, OwnedView};
/// # use schemac_runtime::{Message, MessageView};
/// # fn demo<M>(bytes: Bytes) -> Result<(), schemac_runtime::DecodeError>
/// # where M: HasView + PartialEq + core::fmt::Debug + Send + 'static {
/// // With views on, `OwnedView::<Order>::decode(bytes)?` and `owned.view()`.
/// let owned = OwnedView::<M>::decode(bytes.clone())?;
/// // 'static and Send: it can move to another thread, and be read there.
/// let message = std::thread::spawn(move || owned.view().to_message()).join().unwrap();
/// assert_eq!(message, M::decode(&bytes)?);
/// # Ok(()) }
/// ```
pub struct OwnedView<M> {
    bytes: Bytes,
    options: DecodeOptions,
    message: PhantomData<fn() -> M>,
}

impl<M: HasView> OwnedView<M> {
    /// Checks that `bytes` hold an `M`, as [`MessageView::decode`] does,
    /// and keeps them.
    pub fn decode(bytes: Bytes) -> Result<Self, DecodeError> {
        Self::decode_with(bytes, &DecodeOptions::new())
    }

    /// Like [`decode`](OwnedView::decode), within the limits of `options`,
    /// which [`view`](OwnedView::view) decodes with again.
    pub fn decode_with(bytes: Bytes, options: &DecodeOptions) -> Result<Self, DecodeError> {
        M::View::decode_with(&bytes, options)?;
        Ok(Self {
            bytes,
            options: *options,
            message: PhantomData,
        })
    }

    /// The view of the message, decoded from the kept input.
    pub fn view(&self) -> M::View<'_> {
        // The same bytes under the same options decoded in `decode_with`:
        // decoding is a function of the two, so it succeeds again.
        M::View::decode_with(&self.bytes, &self.options)
            .expect("an input that decoded once decodes again")
    }

    /// The owned message, its strings and bytes copied out of the input.
    pub fn to_message(&self) -> M {
        self.view().to_message()
    }
}

impl<M> OwnedView<M> {
    /// The encoded message.
    pub fn bytes(&self) -> &Bytes {
        &self.bytes
    }

    /// The encoded message, giving up the right to read it as an `M`.
    pub fn into_bytes(self) -> Bytes {
        self.bytes
    }
}

impl<M> Clone for OwnedView<M> {
    fn clone(&self) -> Self {
        Self {
            bytes: self.bytes.clone(),
            options: self.options,
            message: PhantomData,
        }
    }
}

impl<M: HasView> fmt::Debug for OwnedView<M>
where
    for<'a> M::View<'a>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("OwnedView").field(&self.view()).finish()
    }
}
