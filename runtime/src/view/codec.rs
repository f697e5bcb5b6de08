//! How each codec reads its values as views.

use super::{DynamicValueView, HasView, MessageView};
use crate::__private::codec::{self, Codec};
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::message::Enumeration;
use crate::prelude::*;

/// How the values of one schema type are read as views over input that
/// lives for `'a`: the [`Codec`] of the owned field, read without copying.
///
/// Generated views name the same codecs as the owned messages, as in
/// `codec::String::view(..)`, whose view is `&'a str`.
pub trait ViewCodec<'a>: Codec {
    /// The type that holds a value in a view.
    type View: Default;

    /// Reads one value into `view`, with the semantics of
    /// [`Codec::merge_value`]: scalars replace it, messages merge.
    fn merge_view(view: &mut Self::View, decoder: &mut Decoder<'a>) -> Result<(), DecodeError>;

    /// The owned value of `view`.
    fn owned(view: &Self::View) -> Self::Value;

    /// Appends a packed run's views at once, or returns `false` with
    /// `views` as it was, as [`Codec::extend_packed`] does for owned
    /// values: the numbers' views are their owned values, appended by it.
    #[inline(always)]
    fn extend_packed_views(views: &mut Vec<Self::View>, run: &[u8]) -> bool {
        let _ = (views, run);
        false
    }

    /// Appends a list's element and the run after it at once, or returns
    /// `false` with nothing read, as [`Codec::extend_run`] does for owned
    /// values.
    #[inline(always)]
    fn extend_run_views(views: &mut Vec<Self::View>, decoder: &mut Decoder<'a>) -> bool {
        let _ = (views, decoder);
        false
    }
}

/// Codecs whose values hold nothing borrowed: the view is the owned value,
/// read by the owned codec.
macro_rules! copied {
    ($($codec:ty),* $(,)?) => {$(
        impl<'a> ViewCodec<'a> for $codec {
            type View = <$codec as Codec>::Value;

            #[inline]
            fn merge_view(
                view: &mut Self::View,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError> {
                <$codec as Codec>::merge_value(view, decoder)
            }

            #[inline]
            fn owned(view: &Self::View) -> Self::Value {
                *view
            }

            #[inline(always)]
            fn extend_packed_views(views: &mut Vec<Self::View>, run: &[u8]) -> bool {
                <$codec as Codec>::extend_packed(views, run)
            }
        }
    )*};
}

copied!(
    codec::Int32,
    codec::Int64,
    codec::Uint32,
    codec::Uint64,
    codec::Sint32,
    codec::Sint64,
    codec::Bool,
    codec::Fixed32,
    codec::Fixed64,
    codec::Sfixed32,
    codec::Sfixed64,
    codec::Float,
    codec::Double,
    codec::Decimal,
);

impl<'a, E: Enumeration> ViewCodec<'a> for codec::Enum<E> {
    type View = E;

    #[inline]
    fn merge_view(view: &mut E, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        <Self as Codec>::merge_value(view, decoder)
    }

    #[inline]
    fn owned(view: &E) -> E {
        *view
    }

    #[inline(always)]
    fn extend_packed_views(views: &mut Vec<E>, run: &[u8]) -> bool {
        <Self as Codec>::extend_packed(views, run)
    }
}

/// A closed enum's view is its value, as an open enum's is. Its fields
/// are read by the shapes of `closed.rs`, which leave out a number the
/// enum does not name; this reads a number as it is.
impl<'a, E: Enumeration> ViewCodec<'a> for codec::ClosedEnum<E> {
    type View = E;

    #[inline]
    fn merge_view(view: &mut E, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        <Self as Codec>::merge_value(view, decoder)
    }

    #[inline]
    fn owned(view: &E) -> E {
        *view
    }
}

/// `string`: the UTF-8 checked slice of the input.
impl<'a> ViewCodec<'a> for codec::String {
    type View = &'a str;

    #[inline]
    fn merge_view(view: &mut &'a str, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        *view = decoder.read_str()?;
        Ok(())
    }

    #[inline]
    fn owned(view: &&'a str) -> String {
        (*view).to_owned()
    }

    #[inline]
    fn extend_run_views(views: &mut Vec<&'a str>, decoder: &mut Decoder<'a>) -> bool {
        decoder
            .read_string_run()
            .map(|run| views.extend(run))
            .is_some()
    }
}

/// `bytes`: the slice of the input.
impl<'a> ViewCodec<'a> for codec::Bytes {
    type View = &'a [u8];

    #[inline]
    fn merge_view(view: &mut &'a [u8], decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        *view = decoder.read_bytes()?;
        Ok(())
    }

    #[inline]
    fn owned(view: &&'a [u8]) -> Vec<u8> {
        view.to_vec()
    }
}

/// A nested message: its view, one level deeper, merged into the view
/// read so far when the field appears again.
impl<'a, M: HasView> ViewCodec<'a> for codec::Message<M> {
    type View = M::View<'a>;

    #[inline]
    fn merge_view(view: &mut M::View<'a>, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        decoder.read_nested(|decoder| view.merge_from(decoder))
    }

    #[inline]
    fn owned(view: &M::View<'a>) -> M {
        view.to_message()
    }
}

/// A group: its message's view, read up to the end-group key, one level
/// deeper, as [`codec::Group`] reads the owned message.
impl<'a, M: HasView> ViewCodec<'a> for codec::Group<M> {
    type View = M::View<'a>;

    #[inline]
    fn merge_view(view: &mut M::View<'a>, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        let number = decoder.started_group();
        decoder.read_group(number, |decoder| view.merge_from(decoder))
    }

    #[inline]
    fn owned(view: &M::View<'a>) -> M {
        view.to_message()
    }
}

/// A view held in a `Box`, where the owned field is boxed.
impl<'a, C: ViewCodec<'a>> ViewCodec<'a> for codec::Boxed<C> {
    type View = Box<C::View>;

    #[inline]
    fn merge_view(view: &mut Box<C::View>, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        C::merge_view(view, decoder)
    }

    #[inline]
    fn owned(view: &Box<C::View>) -> Box<C::Value> {
        Box::new(C::owned(view))
    }
}

/// A boxed group: the view of [`codec::Boxed`]`<`[`codec::Group`]`<M>>`.
impl<'a, M: HasView> ViewCodec<'a> for codec::BoxedGroup<M> {
    type View = Box<M::View<'a>>;

    #[inline]
    fn merge_view(
        view: &mut Box<M::View<'a>>,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        codec::Boxed::<codec::Group<M>>::merge_view(view, decoder)
    }

    #[inline]
    fn owned(view: &Box<M::View<'a>>) -> Box<M> {
        codec::Boxed::<codec::Group<M>>::owned(view)
    }
}

/// `value`: a [`DynamicValueView`], whose strings and bytes borrow.
impl<'a> ViewCodec<'a> for codec::Value {
    type View = DynamicValueView<'a>;

    #[inline]
    fn merge_view(
        view: &mut DynamicValueView<'a>,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        super::value::merge(view, decoder)
    }

    #[inline]
    fn owned(view: &DynamicValueView<'a>) -> crate::DynamicValue {
        view.to_owned()
    }
}
