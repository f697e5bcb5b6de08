//! The calls generated code makes: each shape function of [`field`],
//! [`view::field`](crate::view::field) and [`json`](crate::json) as an
//! associated function of the codec it is for, so that a field's call
//! names its codec once and fits on a line:
//!
//! ```text
//! 1 => _rt::codec::Int64::merge(wire_type, &mut self.id, decoder),
//! 5 => _rt::codec::Message::merge_optional(wire_type, &mut self.customer, decoder),
//! ```
//!
//! The codec of a message, a group, an enum or a boxed message or group
//! takes its type parameter from the field it is called with, so
//! generated code leaves it out. A map names its two codecs on [`Map`]. Each function only
//! forwards; the shapes are written once, in `field.rs`, `merge.rs` and
//! the JSON module, and those of closed enums, whose reads also take the
//! message's unknown fields, in `closed.rs`:
//!
//! ```text
//! 6 => _rt::codec::ClosedEnum::merge(wire_type, &mut self.grade, decoder, &mut self.unknown_fields),
//! ```

use crate::__private::closed;
use crate::__private::codec::{self, Codec};
use crate::__private::field;
use crate::__private::merge::{Owned, Viewed};
use crate::__private::recycle;
use crate::__private::representations::{SharedBytes, StringAs, StringType};
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::Enumeration;
use crate::prelude::*;
use crate::unknown::UnknownSink;
use crate::view::{self, HasView, MapView, MessageView, ViewCodec};
use crate::wire::WireType;

/// The owned shapes and the JSON ones of each codec, whose values are
/// `<Self as Codec>::Value`: those that encode ([`encode_shapes`]), and
/// those that merge.
macro_rules! owned_shapes {
    ($([$($generics:tt)*] $codec:ty),* $(,)?) => {$(
        encode_shapes!([$($generics)*] $codec);

        impl<$($generics)*> $codec {
            /// [`field::merge`] by this codec.
            #[inline(always)]
            pub fn merge(
                wire_type: WireType,
                value: &mut <Self as Codec>::Value,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                field::merge::<Self>(wire_type, value, decoder)
            }

            /// [`field::merge_optional`] by this codec.
            #[inline(always)]
            pub fn merge_optional(
                wire_type: WireType,
                value: &mut Option<<Self as Codec>::Value>,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                field::merge_optional::<Self>(wire_type, value, decoder)
            }

            /// [`field::merge_repeated`] by this codec.
            #[inline(always)]
            pub fn merge_repeated(
                wire_type: WireType,
                values: &mut Vec<<Self as Codec>::Value>,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                field::merge_repeated::<Self>(wire_type, values, decoder)
            }

            /// [`Codec::prepare_in_place`] by this codec.
            #[inline(always)]
            pub fn prepare_in_place(
                value: &mut <Self as Codec>::Value,
                decoder: &mut Decoder<'_>,
            ) {
                <Self as Codec>::prepare_in_place(value, decoder)
            }

            /// [`recycle::recycle_optional`] by this codec.
            #[inline(always)]
            pub fn recycle_optional(
                wire_type: WireType,
                value: &mut Option<<Self as Codec>::Value>,
                kept: &mut bool,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                recycle::recycle_optional::<Self>(wire_type, value, kept, decoder)
            }

            /// [`recycle::recycle_repeated`] by this codec.
            #[inline(always)]
            pub fn recycle_repeated(
                wire_type: WireType,
                values: &mut Vec<<Self as Codec>::Value>,
                cursor: &mut usize,
                decoder: &mut Decoder<'_>,
            ) -> Result<(), DecodeError> {
                recycle::recycle_repeated::<Self>(wire_type, values, cursor, decoder)
            }
        }
    )*};
}

/// The shapes of a codec that measure and write, and the JSON ones.
macro_rules! encode_shapes {
    ($([$($generics:tt)*] $codec:ty),* $(,)?) => {$(
        impl<$($generics)*> $codec {
            /// [`field::measure`] by this codec.
            #[inline(always)]
            pub fn measure(number: u32, value: &<Self as Codec>::Value) -> usize {
                field::measure::<Self>(number, value)
            }

            /// [`field::write`] by this codec.
            #[inline(always)]
            pub fn write(number: u32, value: &<Self as Codec>::Value, writer: &mut Writer) {
                field::write::<Self>(number, value, writer)
            }

            /// [`field::measure_present`] by this codec.
            #[inline(always)]
            pub fn measure_present(number: u32, value: &<Self as Codec>::Value) -> usize {
                field::measure_present::<Self>(number, value)
            }

            /// [`field::write_present`] by this codec.
            #[inline(always)]
            pub fn write_present(
                number: u32,
                value: &<Self as Codec>::Value,
                writer: &mut Writer,
            ) {
                field::write_present::<Self>(number, value, writer)
            }

            /// [`field::measure_optional`] by this codec.
            #[inline(always)]
            pub fn measure_optional(
                number: u32,
                value: Option<&<Self as Codec>::Value>,
            ) -> usize {
                field::measure_optional::<Self>(number, value)
            }

            /// [`field::write_optional`] by this codec.
            #[inline(always)]
            pub fn write_optional(
                number: u32,
                value: Option<&<Self as Codec>::Value>,
                writer: &mut Writer,
            ) {
                field::write_optional::<Self>(number, value, writer)
            }

            /// [`field::measure_repeated`] by this codec.
            #[inline(always)]
            pub fn measure_repeated(number: u32, values: &[<Self as Codec>::Value]) -> usize {
                field::measure_repeated::<Self>(number, values)
            }

            /// [`field::write_repeated`] by this codec.
            #[inline(always)]
            pub fn write_repeated(
                number: u32,
                values: &[<Self as Codec>::Value],
                writer: &mut Writer,
            ) {
                field::write_repeated::<Self>(number, values, writer)
            }

            /// [`field::measure_packed`] by this codec.
            #[inline(always)]
            pub fn measure_packed(number: u32, values: &[<Self as Codec>::Value]) -> usize {
                field::measure_packed::<Self>(number, values)
            }

            /// [`field::write_packed`] by this codec.
            #[inline(always)]
            pub fn write_packed(
                number: u32,
                values: &[<Self as Codec>::Value],
                writer: &mut Writer,
            ) {
                field::write_packed::<Self>(number, values, writer)
            }

            json_shapes!();
        }
    )*};
}

/// The JSON shapes of a codec, in its `impl` block.
#[cfg(feature = "json")]
macro_rules! json_shapes {
    () => {
        /// [`json::field`](crate::json::field) by this codec.
        #[inline(always)]
        pub fn write_json<S: serde::ser::SerializeMap>(
            map: &mut S,
            name: &'static str,
            value: &<Self as Codec>::Value,
        ) -> Result<(), S::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::field::<Self, S>(map, name, value)
        }

        /// [`json::present`](crate::json::present) by this codec.
        #[inline(always)]
        pub fn write_json_present<S: serde::ser::SerializeMap>(
            map: &mut S,
            name: &'static str,
            value: &<Self as Codec>::Value,
        ) -> Result<(), S::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::present::<Self, S>(map, name, value)
        }

        /// [`json::optional`](crate::json::optional) by this codec.
        #[inline(always)]
        pub fn write_json_optional<S: serde::ser::SerializeMap>(
            map: &mut S,
            name: &'static str,
            value: Option<&<Self as Codec>::Value>,
        ) -> Result<(), S::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::optional::<Self, S>(map, name, value)
        }

        /// [`json::list`](crate::json::list) by this codec.
        #[inline(always)]
        pub fn write_json_list<S: serde::ser::SerializeMap>(
            map: &mut S,
            name: &'static str,
            values: &[<Self as Codec>::Value],
        ) -> Result<(), S::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::list::<Self, S>(map, name, values)
        }

        /// [`json::read`](crate::json::read) by this codec.
        #[inline(always)]
        pub fn read_json<'de, A: serde::de::MapAccess<'de>>(
            map: &mut A,
        ) -> Result<<Self as Codec>::Value, A::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::read::<Self, A>(map)
        }

        /// [`json::read_optional`](crate::json::read_optional) by this codec.
        #[inline(always)]
        pub fn read_json_optional<'de, A: serde::de::MapAccess<'de>>(
            map: &mut A,
        ) -> Result<Option<<Self as Codec>::Value>, A::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::read_optional::<Self, A>(map)
        }

        /// [`json::read_list`](crate::json::read_list) by this codec.
        #[inline(always)]
        pub fn read_json_list<'de, A: serde::de::MapAccess<'de>>(
            map: &mut A,
        ) -> Result<Vec<<Self as Codec>::Value>, A::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::read_list::<Self, A>(map)
        }

        /// [`json::read_member`](crate::json::read_member) by this codec.
        #[inline(always)]
        pub fn read_json_member<'de, A: serde::de::MapAccess<'de>>(
            map: &mut A,
            member: &str,
            oneof: &str,
            set: bool,
        ) -> Result<Option<<Self as Codec>::Value>, A::Error>
        where
            Self: crate::json::JsonCodec,
        {
            crate::json::read_member::<Self, A>(map, member, oneof, set)
        }
    };
}

#[cfg(not(feature = "json"))]
macro_rules! json_shapes {
    () => {};
}

/// The view shapes of each codec whose view names it:
/// `<Self as ViewCodec<'a>>::View`. A message's view names the message's
/// view instead, which the functions on [`codec::Message`] take it from.
macro_rules! view_shapes {
    ($([$($generics:tt)*] $codec:ty),* $(,)?) => {$(
        impl<$($generics)*> $codec {
            /// [`view::field::merge`] by this codec.
            #[inline(always)]
            pub fn view<'a>(
                wire_type: WireType,
                view: &mut <Self as ViewCodec<'a>>::View,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                Self: ViewCodec<'a>,
            {
                view::field::merge::<Self>(wire_type, view, decoder)
            }

            /// [`view::field::merge_optional`] by this codec.
            #[inline(always)]
            pub fn view_optional<'a>(
                wire_type: WireType,
                view: &mut Option<<Self as ViewCodec<'a>>::View>,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                Self: ViewCodec<'a>,
            {
                view::field::merge_optional::<Self>(wire_type, view, decoder)
            }

            /// [`view::field::merge_repeated`] by this codec.
            #[inline(always)]
            pub fn view_repeated<'a>(
                wire_type: WireType,
                views: &mut Vec<<Self as ViewCodec<'a>>::View>,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                Self: ViewCodec<'a>,
            {
                view::field::merge_repeated::<Self>(wire_type, views, decoder)
            }

            /// [`view::field::owned`] by this codec.
            #[inline(always)]
            pub fn owned<'a>(view: &<Self as ViewCodec<'a>>::View) -> <Self as Codec>::Value
            where
                Self: ViewCodec<'a>,
            {
                view::field::owned::<Self>(view)
            }

            /// [`view::field::owned_optional`] by this codec.
            #[inline(always)]
            pub fn owned_optional<'a>(
                view: &Option<<Self as ViewCodec<'a>>::View>,
            ) -> Option<<Self as Codec>::Value>
            where
                Self: ViewCodec<'a>,
            {
                view::field::owned_optional::<Self>(view)
            }

            /// [`view::field::owned_repeated`] by this codec.
            #[inline(always)]
            pub fn owned_repeated<'a>(
                views: &[<Self as ViewCodec<'a>>::View],
            ) -> Vec<<Self as Codec>::Value>
            where
                Self: ViewCodec<'a>,
            {
                view::field::owned_repeated::<Self>(views)
            }
        }
    )*};
}

macro_rules! scalar_codecs {
    ($macro:ident) => {
        $macro!(
            [] codec::Int32,
            [] codec::Int64,
            [] codec::Uint32,
            [] codec::Uint64,
            [] codec::Sint32,
            [] codec::Sint64,
            [] codec::Bool,
            [] codec::Fixed32,
            [] codec::Fixed64,
            [] codec::Sfixed32,
            [] codec::Sfixed64,
            [] codec::Float,
            [] codec::Double,
            [] codec::String,
            [T: StringType] StringAs<T>,
            [] codec::Bytes,
            [] SharedBytes,
            [] codec::Decimal,
            [] codec::Value,
            [E: Enumeration] codec::Enum<E>,
            [] codec::Any,
            [] codec::Duration,
            [] codec::Empty,
            [] codec::FieldMask,
            [] codec::ListValue,
            [] codec::NullValue,
            [] codec::Struct,
            [] codec::StructValue,
            [] codec::Timestamp,
            [C: Codec] codec::Wrapper<C>,
        );
    };
}

scalar_codecs!(owned_shapes);
scalar_codecs!(view_shapes);
owned_shapes!(
    [T: crate::Message] codec::Message<T>,
    [T: crate::Message] codec::Boxed<codec::Message<T>>,
    [T: crate::Message] codec::Group<T>,
    [T: crate::Message] codec::BoxedGroup<T>,
    [P: crate::graph::SharedPointer] codec::Ref<P>,
    [W: crate::graph::WeakPointer] codec::WeakRef<W>,
);

/// The view shapes of the codecs of a message, `codec::Message` and
/// `codec::Group`, and of their boxed codecs: a message's view names the
/// message's view, which these take from the field.
macro_rules! message_view_shapes {
    ($($codec:ty, $boxed:ty);* $(;)?) => {$(
        /// A message's view shapes, which take the view type `V` from the field and
        /// the message from `V`.
        impl<M: HasView> $codec {
            /// [`view::field::merge`] of a message's view.
            #[inline(always)]
            pub fn view<'a, V>(
                wire_type: WireType,
                view: &mut V,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                V: MessageView<'a, Owned = M>,
                M: HasView<View<'a> = V>,
            {
                view::field::merge::<Self>(wire_type, view, decoder)
            }

            /// [`view::field::merge_optional`] of a message's view.
            #[inline(always)]
            pub fn view_optional<'a, V>(
                wire_type: WireType,
                view: &mut Option<V>,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                V: MessageView<'a, Owned = M>,
                M: HasView<View<'a> = V>,
            {
                view::field::merge_optional::<Self>(wire_type, view, decoder)
            }

            /// [`view::field::merge_repeated`] of a message's view.
            #[inline(always)]
            pub fn view_repeated<'a, V>(
                wire_type: WireType,
                views: &mut Vec<V>,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                V: MessageView<'a, Owned = M>,
                M: HasView<View<'a> = V>,
            {
                view::field::merge_repeated::<Self>(wire_type, views, decoder)
            }

            /// The owned message of a view.
            #[inline(always)]
            pub fn owned<'a, V: MessageView<'a, Owned = M>>(view: &V) -> M {
                view.to_message()
            }

            /// The owned message of an optional view.
            #[inline(always)]
            pub fn owned_optional<'a, V: MessageView<'a, Owned = M>>(view: &Option<V>) -> Option<M> {
                view.as_ref().map(V::to_message)
            }

            /// The owned messages of a list of views.
            #[inline(always)]
            pub fn owned_repeated<'a, V: MessageView<'a, Owned = M>>(views: &[V]) -> Vec<M> {
                views.iter().map(V::to_message).collect()
            }
        }

        /// A boxed message's view shapes, as the message's.
        impl<M: HasView> $boxed {
            /// [`view::field::merge`] of a boxed message's view.
            #[inline(always)]
            pub fn view<'a, V>(
                wire_type: WireType,
                view: &mut Box<V>,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                V: MessageView<'a, Owned = M>,
                M: HasView<View<'a> = V>,
            {
                view::field::merge::<Self>(wire_type, view, decoder)
            }

            /// [`view::field::merge_optional`] of a boxed message's view.
            #[inline(always)]
            pub fn view_optional<'a, V>(
                wire_type: WireType,
                view: &mut Option<Box<V>>,
                decoder: &mut Decoder<'a>,
            ) -> Result<(), DecodeError>
            where
                V: MessageView<'a, Owned = M>,
                M: HasView<View<'a> = V>,
            {
                view::field::merge_optional::<Self>(wire_type, view, decoder)
            }

            /// The owned message of a boxed view. It takes the `Box` that the
            /// view's field holds, so that `V` is inferred from it.
            #[allow(clippy::borrowed_box)]
            #[inline(always)]
            pub fn owned<'a, V: MessageView<'a, Owned = M>>(view: &Box<V>) -> Box<M> {
                Box::new(view.to_message())
            }

            /// The owned message of an optional boxed view.
            #[inline(always)]
            pub fn owned_optional<'a, V: MessageView<'a, Owned = M>>(
                view: &Option<Box<V>>,
            ) -> Option<Box<M>> {
                view.as_deref().map(|view| Box::new(view.to_message()))
            }
        }
    )*};
}

message_view_shapes!(
    codec::Message<M>, codec::Boxed<codec::Message<M>>;
    codec::Group<M>, codec::BoxedGroup<M>;
);

impl<K: Codec, V: Codec> codec::Map<K, V> {
    /// [`field::measure_map`] by these codecs.
    #[inline(always)]
    pub fn measure<'v>(
        number: u32,
        entries: impl IntoIterator<Item = (&'v K::Value, &'v V::Value)>,
    ) -> usize
    where
        K::Value: 'v,
        V::Value: 'v,
    {
        field::measure_map::<K, V>(number, entries)
    }

    /// [`field::write_map`] by these codecs: a map in key order.
    #[inline(always)]
    pub fn write<'v>(
        number: u32,
        entries: impl IntoIterator<
            Item = (&'v K::Value, &'v V::Value),
            IntoIter: DoubleEndedIterator + ExactSizeIterator,
        >,
        writer: &mut Writer,
    ) where
        K::Value: 'v,
        V::Value: 'v,
    {
        field::write_map::<K, V>(number, entries, writer)
    }

    /// [`field::write_map_unordered`] by these codecs: a map whose order
    /// means nothing.
    #[inline(always)]
    pub fn write_unordered<'v>(
        number: u32,
        entries: impl IntoIterator<Item = (&'v K::Value, &'v V::Value)>,
        writer: &mut Writer,
    ) where
        K::Value: 'v,
        V::Value: 'v,
    {
        field::write_map_unordered::<K, V>(number, entries, writer)
    }

    /// [`field::merge_map`] by these codecs.
    #[inline(always)]
    pub fn merge(
        wire_type: WireType,
        map: &mut impl Extend<(K::Value, V::Value)>,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        field::merge_map::<K, V>(wire_type, map, decoder)
    }

    /// [`view::field::merge_map`] by these codecs.
    #[inline(always)]
    pub fn view<'a>(
        wire_type: WireType,
        map: &mut MapView<K::View, V::View>,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError>
    where
        K: ViewCodec<'a>,
        V: ViewCodec<'a>,
    {
        view::field::merge_map::<K, V>(wire_type, map, decoder)
    }

    /// [`view::field::owned_map`] by these codecs, into the owned
    /// message's map type `T`.
    #[inline(always)]
    pub fn owned<'a, T>(map: &MapView<K::View, V::View>) -> T
    where
        K: ViewCodec<'a>,
        V: ViewCodec<'a>,
        T: Default + Extend<(K::Value, V::Value)>,
    {
        view::field::owned_map::<K, V, T>(map)
    }

    /// [`json::map`](crate::json::map) by these codecs.
    #[cfg(feature = "json")]
    #[inline(always)]
    pub fn write_json<'v, M, I>(map: &mut M, name: &'static str, entries: I) -> Result<(), M::Error>
    where
        K: crate::json::JsonKey,
        V: crate::json::JsonCodec,
        M: serde::ser::SerializeMap,
        I: IntoIterator<Item = (&'v K::Value, &'v V::Value)> + Clone,
        K::Value: 'v,
        V::Value: 'v,
    {
        crate::json::map::<K, V, M, I>(map, name, entries)
    }

    /// [`json::read_map`](crate::json::read_map) by these codecs, into
    /// the message's map type `T`.
    #[cfg(feature = "json")]
    #[inline(always)]
    pub fn read_json<'de, T, A>(map: &mut A) -> Result<T, A::Error>
    where
        K: crate::json::JsonKey,
        V: crate::json::JsonCodec,
        T: Default + Extend<(K::Value, V::Value)>,
        A: serde::de::MapAccess<'de>,
    {
        crate::json::read_map::<K, V, T, A>(map)
    }
}

encode_shapes!([E: Enumeration] codec::ClosedEnum<E>);

/// A closed enum's reads (`closed.rs`), owned and as views: each takes
/// the message's unknown fields last, where a number the enum does not
/// name goes, or [`Discard`](crate::unknown::Discard) for a message that
/// keeps none.
impl<E: Enumeration> codec::ClosedEnum<E> {
    /// A singular field, left as it was by a number the enum does not name.
    #[inline(always)]
    pub fn merge<'a>(
        wire_type: WireType,
        value: &mut E,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge(wire_type, value, decoder, unknown)
    }

    /// A field with explicit presence, left as it was by a number the enum
    /// does not name.
    #[inline(always)]
    pub fn merge_optional<'a>(
        wire_type: WireType,
        value: &mut Option<E>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_optional(wire_type, value, decoder, unknown)
    }

    /// A list, packed or not, which leaves out the numbers the enum does
    /// not name.
    #[inline(always)]
    pub fn merge_repeated<'a>(
        wire_type: WireType,
        values: &mut Vec<E>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_repeated(wire_type, values, decoder, unknown)
    }

    /// A oneof member, set in `oneof` as `variant`; the oneof is left as it
    /// was by a number the enum does not name.
    #[inline(always)]
    pub fn merge_member<'a, O>(
        wire_type: WireType,
        oneof: &mut Option<O>,
        variant: impl FnOnce(E) -> O,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_member(wire_type, oneof, variant, decoder, unknown)
    }

    /// [`merge`](Self::merge) in a view, whose enum is its value.
    #[inline(always)]
    pub fn view<'a>(
        wire_type: WireType,
        view: &mut E,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge(wire_type, view, decoder, unknown)
    }

    /// [`merge_optional`](Self::merge_optional) in a view.
    #[inline(always)]
    pub fn view_optional<'a>(
        wire_type: WireType,
        view: &mut Option<E>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_optional(wire_type, view, decoder, unknown)
    }

    /// [`merge_repeated`](Self::merge_repeated) in a view.
    #[inline(always)]
    pub fn view_repeated<'a>(
        wire_type: WireType,
        views: &mut Vec<E>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_repeated(wire_type, views, decoder, unknown)
    }

    /// [`merge_member`](Self::merge_member) in a view's oneof.
    #[inline(always)]
    pub fn view_member<'a, O>(
        wire_type: WireType,
        oneof: &mut Option<O>,
        variant: impl FnOnce(E) -> O,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_member(wire_type, oneof, variant, decoder, unknown)
    }
}

/// The reads of a map whose values are a closed enum, which leave out an
/// entry whose value the enum does not name: named apart from
/// [`codec::Map::merge`] and [`codec::Map::view`], which read any map's
/// values as they are, since these take the unknown fields too.
impl<K: Codec, E: Enumeration> codec::Map<K, codec::ClosedEnum<E>> {
    /// [`codec::Map::merge`] of a closed enum's map.
    #[inline(always)]
    pub fn merge_closed<'a>(
        wire_type: WireType,
        map: &mut impl Extend<(K::Value, E)>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError> {
        closed::merge_map::<Owned<K>, E>(wire_type, map, decoder, unknown)
    }

    /// [`codec::Map::view`] of a closed enum's map.
    #[inline(always)]
    pub fn view_closed<'a>(
        wire_type: WireType,
        map: &mut MapView<K::View, E>,
        decoder: &mut Decoder<'a>,
        unknown: &mut impl UnknownSink<'a>,
    ) -> Result<(), DecodeError>
    where
        K: ViewCodec<'a>,
    {
        closed::merge_map::<Viewed<K>, E>(wire_type, map, decoder, unknown)
    }
}
