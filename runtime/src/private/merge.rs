//! The decode core: how each field shape is read, written once for owned
//! messages and views alike.
//!
//! A [`Merge`] is one schema type's reading into whatever holds its value:
//! [`Owned`] reads a [`Codec`]'s owned value, [`Viewed`] a [`ViewCodec`]'s
//! view. The shapes, a singular field, one with explicit presence, a list
//! packed or not, a map entry, and the loop over a message's fields, are
//! generic over it, so [`crate::__private::field`] and [`crate::view::field`] cannot
//! read a shape differently.

use crate::prelude::*;
use core::marker::PhantomData;

use crate::__private::codec::Codec;
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::view::ViewCodec;
use crate::wire::WireType;

/// How the values of one schema type are read from input that lives for
/// `'a`, into the type that holds them.
pub trait Merge<'a> {
    /// What holds one value: the owned value, or a view of it.
    type Target: Default;
    /// The wire type of one value.
    const WIRE_TYPE: WireType;
    /// Whether a list of these values may come packed.
    const PACKABLE: bool;
    /// Whether a value is read whole ([`Merge::read_whole`]) rather than
    /// into a default made first ([`Codec::READ_WHOLE`]).
    const READ_WHOLE: bool = false;

    /// Reads one value into `target`: scalars replace it, messages merge.
    fn merge_into(target: &mut Self::Target, decoder: &mut Decoder<'a>) -> Result<(), DecodeError>;

    /// Reads one value whole, as [`Codec::read_value`].
    #[inline(always)]
    fn read_whole(decoder: &mut Decoder<'a>) -> Result<Self::Target, DecodeError> {
        let mut target = Self::Target::default();
        Self::merge_into(&mut target, decoder)?;
        Ok(target)
    }

    /// Appends a packed run's values at once, or returns `false` with
    /// `targets` as it was ([`Codec::extend_packed`]).
    fn extend_packed(targets: &mut Vec<Self::Target>, run: &'a [u8]) -> bool;

    /// Appends a list's element and the run of elements after it at once,
    /// or returns `false` with nothing read ([`Codec::extend_run`]).
    fn extend_run(targets: &mut Vec<Self::Target>, decoder: &mut Decoder<'a>) -> bool;
}

/// The owned values of codec `C`.
pub struct Owned<C>(PhantomData<C>);

impl<'a, C: Codec> Merge<'a> for Owned<C> {
    type Target = C::Value;
    const WIRE_TYPE: WireType = C::WIRE_TYPE;
    const PACKABLE: bool = C::PACKABLE;
    const READ_WHOLE: bool = C::READ_WHOLE;

    #[inline(always)]
    fn merge_into(target: &mut C::Value, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        C::merge_value(target, decoder)
    }

    #[inline(always)]
    fn read_whole(decoder: &mut Decoder<'a>) -> Result<C::Value, DecodeError> {
        C::read_value(decoder)
    }

    #[inline(always)]
    fn extend_packed(targets: &mut Vec<C::Value>, run: &'a [u8]) -> bool {
        C::extend_packed(targets, run)
    }

    #[inline(always)]
    fn extend_run(targets: &mut Vec<C::Value>, decoder: &mut Decoder<'a>) -> bool {
        C::extend_run(targets, decoder)
    }
}

/// The views of codec `C`'s values.
pub struct Viewed<C>(PhantomData<C>);

impl<'a, C: ViewCodec<'a>> Merge<'a> for Viewed<C> {
    type Target = C::View;
    const WIRE_TYPE: WireType = C::WIRE_TYPE;
    const PACKABLE: bool = C::PACKABLE;

    #[inline(always)]
    fn merge_into(target: &mut C::View, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        C::merge_view(target, decoder)
    }

    #[inline(always)]
    fn extend_packed(targets: &mut Vec<C::View>, run: &'a [u8]) -> bool {
        C::extend_packed_views(targets, run)
    }

    #[inline(always)]
    fn extend_run(targets: &mut Vec<C::View>, decoder: &mut Decoder<'a>) -> bool {
        C::extend_run_views(targets, decoder)
    }
}

/// Reads a singular field into `target`, after checking its wire type.
#[inline]
pub(crate) fn merge<'a, M: Merge<'a>>(
    wire_type: WireType,
    target: &mut M::Target,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    decoder.expect_wire_type(wire_type, M::WIRE_TYPE)?;
    M::merge_into(target, decoder)
}

/// Reads a field with explicit presence into `target`, merging into what
/// is there already.
#[inline]
pub(crate) fn merge_optional<'a, M: Merge<'a>>(
    wire_type: WireType,
    target: &mut Option<M::Target>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    merge_optional_kept::<M>(wire_type, target, false, |_, _| {}, decoder)
}

/// [`merge_optional`], or with `kept` the value there read in place of,
/// made ready for it by `prepare` (decoding in place, `recycle.rs`).
/// Either way the value is read at one place in the code, so that a
/// message's `merge_from` has one call of a nested one's to inline.
#[inline]
pub(crate) fn merge_optional_kept<'a, M: Merge<'a>>(
    wire_type: WireType,
    target: &mut Option<M::Target>,
    kept: bool,
    prepare: impl FnOnce(&mut M::Target, &mut Decoder<'a>),
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    decoder.expect_wire_type(wire_type, M::WIRE_TYPE)?;
    if M::READ_WHOLE {
        *target = Some(M::read_whole(decoder)?);
        return Ok(());
    }
    let kept = kept && target.is_some();
    let value = target.get_or_insert_with(Default::default);
    if kept {
        prepare(value, decoder);
    }
    M::merge_into(value, decoder)
}

/// Reads one element, or a packed run of elements, onto the end of a list.
/// Both forms are accepted for numbers, whichever the writer chose. An
/// error names the element's index.
///
/// A packed run is first given to [`Merge::extend_packed`], which decodes
/// a run of numbers at once; only if it declines (a run with something
/// wrong in it) is the run read element by element, which finds and
/// reports the error.
#[inline]
pub(crate) fn merge_repeated<'a, M: Merge<'a>>(
    wire_type: WireType,
    targets: &mut Vec<M::Target>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    merge_repeated_at::<M>(wire_type, targets, usize::MAX, |_, _| {}, decoder)
}

/// [`merge_repeated`], or with `at` the index of an element of the list,
/// the element read in place of that one, made ready for it by `prepare`
/// (decoding in place, `recycle.rs`); an `at` past the list's end
/// appends. Either way the element is read at one place in the code, so
/// that a message's `merge_from` has one call of its elements' to inline.
#[inline]
pub(crate) fn merge_repeated_at<'a, M: Merge<'a>>(
    wire_type: WireType,
    targets: &mut Vec<M::Target>,
    at: usize,
    prepare: impl FnOnce(&mut M::Target, &mut Decoder<'a>),
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    if M::PACKABLE && wire_type == WireType::Len {
        return decoder.read_delimited(|decoder| {
            if M::extend_packed(targets, decoder.rest()) {
                decoder.advance(decoder.remaining());
                return Ok(());
            }
            while decoder.has_remaining() {
                targets.push(read_element::<M>(targets.len(), decoder)?);
            }
            Ok(())
        });
    }
    decoder.expect_wire_type(wire_type, M::WIRE_TYPE)?;
    let kept = at < targets.len();
    if !kept {
        if M::extend_run(targets, decoder) {
            return Ok(());
        }
        allocate_first(targets);
        if M::READ_WHOLE {
            let element = read_element::<M>(targets.len(), decoder)?;
            targets.push(element);
            return Ok(());
        }
        // Read in place, so that a large element is not moved into the
        // list. The default is made where it goes, after the list has
        // room: `push` takes it made first, on the stack, across its call
        // to grow the list, and then copies it in with loads wider than
        // the stores that made it, which stall the processor (store
        // forwarding fails). Decoding OTLP's views this way is 14% faster
        // in wall time.
        targets.extend(core::iter::once_with(M::Target::default));
    }
    let index = if kept { at } else { targets.len() - 1 };
    let target = &mut targets[index];
    if kept {
        prepare(target, decoder);
    }
    if let Err(error) = M::merge_into(target, decoder) {
        if !kept {
            targets.pop();
        }
        return Err(error.at_index(index));
    }
    Ok(())
}

#[inline]
fn read_element<'a, M: Merge<'a>>(
    index: usize,
    decoder: &mut Decoder<'a>,
) -> Result<M::Target, DecodeError> {
    M::read_whole(decoder).map_err(|error| error.at_index(index))
}

/// Reads one map entry and adds it to `map`: an owned map replaces the
/// value under its key, a view's map appends. A missing key or value reads
/// as the default.
#[inline]
pub(crate) fn merge_map<'a, K: Merge<'a>, V: Merge<'a>>(
    wire_type: WireType,
    map: &mut impl Extend<(K::Target, V::Target)>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    let mut entry = default_entry::<K, V>();
    read_entry::<K, V>(wire_type, decoder, &mut entry.0, &mut entry.1)?;
    map.extend(core::iter::once(entry));
    Ok(())
}

/// A map entry of the default key and value, which reading one starts from.
#[inline]
pub(crate) fn default_entry<'a, K: Merge<'a>, V: Merge<'a>>() -> (K::Target, V::Target) {
    (K::Target::default(), V::Target::default())
}

/// Reads one map entry message into `key` and `value`, which start as
/// the defaults: a missing key or value reads as the default. Written
/// through references rather than returned, which spares moving the pair
/// through a `Result`.
#[inline]
pub(crate) fn read_entry<'a, K: Merge<'a>, V: Merge<'a>>(
    wire_type: WireType,
    decoder: &mut Decoder<'a>,
    key: &mut K::Target,
    value: &mut V::Target,
) -> Result<(), DecodeError> {
    decoder.read_map_entry(
        wire_type,
        (K::WIRE_TYPE, V::WIRE_TYPE),
        (key, value),
        K::merge_into,
        V::merge_into,
    )
}

/// Allocates an empty list's first buffer, with the capacity its first
/// push would take (8 bytes, 4 elements up to 1 KiB, else 1), but through
/// `Vec::with_capacity`: cheaper than push's general growth path, which a
/// short list pays for in full.
#[inline]
pub(crate) fn allocate_first<T>(values: &mut Vec<T>) {
    if values.capacity() == 0 {
        let capacity = match size_of::<T>() {
            1 => 8,
            size if size <= 1024 => 4,
            _ => 1,
        };
        *values = Vec::with_capacity(capacity);
    }
}

/// Codec `C` without its fast paths for lists (`extend_packed`,
/// `extend_run`): the general path alone, which the fast paths' tests
/// compare them with.
#[cfg(test)]
pub(crate) struct General<C>(PhantomData<C>);

#[cfg(test)]
impl<C: Codec> Codec for General<C> {
    type Value = C::Value;
    const WIRE_TYPE: WireType = C::WIRE_TYPE;
    const PACKABLE: bool = C::PACKABLE;

    fn is_default(value: &C::Value) -> bool {
        C::is_default(value)
    }
    fn value_len(value: &C::Value) -> usize {
        C::value_len(value)
    }
    fn write_value(value: &C::Value, writer: &mut crate::encode::Writer) {
        C::write_value(value, writer)
    }
    fn merge_value(value: &mut C::Value, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        C::merge_value(value, decoder)
    }
}
