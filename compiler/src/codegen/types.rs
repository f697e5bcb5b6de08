//! The Rust type of each field, and the runtime codec that encodes it.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::{Context, paths};
use crate::config::{BytesType, MapType, PointerType, StringType};
use crate::model::{Field, FieldType, MessageId, RefKind, Scalar, ValueType, WellKnown};

/// How a field holds each of its values, where the `Config` or the schema
/// choose: a singular message in a `Box`, a string in a type other than
/// `String`, bytes in `Bytes`; none of these changes the bytes. And
/// whether its messages travel as groups, which does, and whether it holds
/// only the numbers its enum names, which changes how it reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Held {
    /// A singular message field's message is boxed.
    pub(crate) boxed: bool,
    /// Its messages are groups ([`Field::delimited`]): `codec::Group`.
    pub(crate) group: bool,
    /// Its enum is closed ([`Enum::closed`](crate::model::Enum::closed)):
    /// `codec::ClosedEnum`, whose reads move a number the enum does not
    /// name to the message's unknown fields. A map's values' enum counts.
    pub(crate) closed: bool,
    /// The Rust type of the field's string values.
    pub(crate) string: StringType,
    /// The Rust type of the field's bytes values.
    pub(crate) bytes: BytesType,
}

impl Held {
    /// How `field` holds its values.
    pub(crate) fn of(cx: &Context, field: &Field) -> Held {
        let singular = matches!(
            field.ty,
            FieldType::Single(_) | FieldType::Optional(_) | FieldType::Required(_)
        );
        let closed = match field.ty.value() {
            ValueType::Enum(id) => cx.schema.enumeration(id).closed,
            _ => false,
        };
        Held {
            boxed: field.boxed && singular,
            group: field.delimited && matches!(field.ty.value(), ValueType::Message(_)),
            closed,
            string: cx.config.string_type_of(&field.full_name),
            bytes: cx.config.bytes_type_of(&field.full_name),
        }
    }

    /// How a view holds them: a view reads a string as a `&str`, by
    /// `codec::String`, and bytes as a `&[u8]`, by `codec::Bytes`,
    /// whatever the owned type.
    pub(crate) fn in_view(self) -> Held {
        Held {
            string: StringType::String,
            bytes: BytesType::Vec,
            ..self
        }
    }
}

/// How a field meets the wire, which picks the `field::*` functions that
/// encode and decode it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A value left out when it is the default.
    Implicit,
    /// An `Option`, written when it is `Some`.
    Optional,
    /// A list of numbers or enums, written packed.
    Packed,
    /// A list written as one key per element.
    Repeated,
    /// A map, written as one entry message per pair.
    Map,
}

impl Shape {
    /// The shape of `field`. Singular messages always have presence, and
    /// a `required` field is held and written as an `optional` one.
    pub(crate) fn of(cx: &Context, field: &Field) -> Shape {
        match field.ty {
            FieldType::Single(_) if cx.always_present(field) => Shape::Implicit,
            FieldType::Single(ty) if has_presence(ty) => Shape::Optional,
            FieldType::Optional(_) | FieldType::Required(_) => Shape::Optional,
            FieldType::Single(_) => Shape::Implicit,
            FieldType::List(_) if field.packed => Shape::Packed,
            FieldType::List(_) => Shape::Repeated,
            FieldType::Map(..) => Shape::Map,
        }
    }

    /// The codec's associated function that does `action` to a field of
    /// this shape: written out, so that a search finds the callers of
    /// each. Packed and unpacked lists read alike; a map's functions are
    /// those of `codec::Map`, and a map whose order means nothing, a
    /// `HashMap`, is not written backwards.
    pub(crate) fn function(self, action: Action, map_type: &MapType) -> Ident {
        use Shape::{Implicit, Map, Optional, Packed, Repeated};
        let name = match (action, self) {
            (Action::Measure, Implicit) => "measure",
            (Action::Measure, Optional) => "measure_optional",
            (Action::Measure, Packed) => "measure_packed",
            (Action::Measure, Repeated) => "measure_repeated",
            (Action::Measure, Map) => "measure",
            (Action::Write, Implicit) => "write",
            (Action::Write, Optional) => "write_optional",
            (Action::Write, Packed) => "write_packed",
            (Action::Write, Repeated) => "write_repeated",
            (Action::Write, Map) if !map_type.is_sorted() => "write_unordered",
            (Action::Write, Map) => "write",
            (Action::Merge, Implicit) => "merge",
            (Action::Merge, Optional) => "merge_optional",
            (Action::Merge, Packed | Repeated) => "merge_repeated",
            (Action::Merge, Map) => "merge",
            (Action::View, Implicit) => "view",
            (Action::View, Optional) => "view_optional",
            (Action::View, Packed | Repeated) => "view_repeated",
            (Action::View, Map) => "view",
            (Action::Owned, Implicit) => "owned",
            (Action::Owned, Optional) => "owned_optional",
            (Action::Owned, Packed | Repeated) => "owned_repeated",
            (Action::Owned, Map) => "owned",
        };
        Ident::new(name, Span::call_site())
    }
}

/// What generated code does to a field, each with one associated function
/// of the field's codec per [`Shape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// Its encoded length (`measure*`).
    Measure,
    /// Its encoding (`write*`).
    Write,
    /// Reading it into an owned message (`merge*`).
    Merge,
    /// Reading it into a view (`view*`).
    View,
    /// A view's field made owned (`owned*`).
    Owned,
}

/// The call of the codec function that does `action` to `field`, without
/// its arguments: `_rt::codec::Int64::merge`.
pub(crate) fn field_call(
    cx: &Context,
    scope: &[String],
    field: &Field,
    action: Action,
) -> TokenStream {
    let shape = Shape::of(cx, field);
    let mut function = shape.function(action, cx.map_type(field));
    let held = match action {
        Action::View => Held::of(cx, field).in_view(),
        _ => Held::of(cx, field),
    };
    // A closed enum's map reads with the unknown fields too, under names
    // of their own beside those of any map.
    if held.closed && shape == Shape::Map && matches!(action, Action::Merge | Action::View) {
        function = format_ident!("{function}_closed");
    }
    let codec = call_codec(cx, scope, field, held);
    quote!(#codec::#function)
}

/// What the read of `field` of message `id` (or its view) takes last when
/// its enum is closed: where a number the enum does not name goes, the
/// message's unknown fields, or `&mut _rt::Discard` when it keeps none.
/// `None` for any other field.
pub(crate) fn unknown_sink(cx: &Context, id: MessageId, field: &Field) -> Option<TokenStream> {
    if !Held::of(cx, field).closed {
        return None;
    }
    let rt = &cx.runtime;
    Some(match cx.unknown_fields(id) {
        Some(unknown) => quote!(&mut self.#unknown),
        None => quote!(&mut #rt::Discard),
    })
}

/// The codec that `field`'s calls go through: that of its values, or for
/// a map `_rt::codec::Map::<K, V>` of its key's and its value's.
pub(crate) fn call_codec(cx: &Context, scope: &[String], field: &Field, held: Held) -> TokenStream {
    let rt = &cx.runtime;
    let codec = codec_in_module(cx, scope, field, held);
    quote!(#rt::codec::#codec)
}

/// [`call_codec`] as its module, `_rt::codec`, names it: `Int64`, or
/// `Map::<_rt::codec::String, _rt::codec::Int64>`.
pub(crate) fn codec_in_module(
    cx: &Context,
    scope: &[String],
    field: &Field,
    held: Held,
) -> TokenStream {
    match field.ty {
        FieldType::Single(ty)
        | FieldType::Optional(ty)
        | FieldType::Required(ty)
        | FieldType::List(ty) => member_codec_name(ty, held).into_token_stream(),
        FieldType::Map(key, value) => {
            let key = value_codec(cx, scope, ValueType::Scalar(key), held);
            let value = value_codec(cx, scope, value, held);
            quote!(Map::<#key, #value>)
        }
    }
}

/// The codec that the calls for one value of type `ty` go through, as a
/// oneof member's: a message's, a group's, an enum's or a boxed message's
/// without its type parameter, which the Rust type of the value gives
/// (`_rt::codec::Message::merge_optional(..)`), and so is a string's held
/// in another type than `String` (`_rt::codec::StringAs::merge(..)`). A
/// boxed group's is `_rt::codec::BoxedGroup`, since a boxed message's field
/// would fit `_rt::codec::Boxed::<_rt::codec::Group<_>>` too.
pub(crate) fn member_codec(cx: &Context, ty: ValueType, held: Held) -> TokenStream {
    let rt = &cx.runtime;
    let codec = member_codec_name(ty, held);
    quote!(#rt::codec::#codec)
}

/// The name of [`member_codec`] in its module, `_rt::codec`.
pub(crate) fn member_codec_name(ty: ValueType, held: Held) -> Ident {
    let name = match ty {
        ValueType::Scalar(Scalar::String) if held.string != StringType::String => "StringAs",
        ValueType::Scalar(Scalar::Bytes) if held.bytes == BytesType::Bytes => "SharedBytes",
        ValueType::Scalar(scalar) => scalar.codec_name(),
        ValueType::Enum(_) if held.closed => "ClosedEnum",
        ValueType::Enum(_) => "Enum",
        ValueType::Message(_) => match (held.boxed, held.group) {
            (true, true) => "BoxedGroup",
            (true, false) => "Boxed",
            (false, true) => "Group",
            (false, false) => "Message",
        },
        ValueType::WellKnown(known) => return well_known_codec_name(known),
        ValueType::Ref(_, kind) => ref_codec_name(kind),
    };
    Ident::new(name, Span::call_site())
}

/// Whether a singular value of type `ty` has presence without `optional`,
/// as messages and the well-known messages do.
pub(crate) fn has_presence(ty: ValueType) -> bool {
    match ty {
        ValueType::Message(_) | ValueType::Ref(..) => true,
        ValueType::WellKnown(known) => !known.is_enum(),
        ValueType::Scalar(_) | ValueType::Enum(_) => false,
    }
}

/// The Rust type of a struct field.
pub(crate) fn field_type(cx: &Context, scope: &[String], field: &Field) -> TokenStream {
    let rt = &cx.runtime;
    match field.ty {
        FieldType::Single(ty) if has_presence(ty) && !cx.always_present(field) => {
            let ty = held_type(cx, scope, ty, Held::of(cx, field));
            quote!(::core::option::Option<#ty>)
        }
        FieldType::Optional(ty) | FieldType::Required(ty) => {
            let ty = held_type(cx, scope, ty, Held::of(cx, field));
            quote!(::core::option::Option<#ty>)
        }
        FieldType::Single(ty) => value_type(cx, scope, ty, Held::of(cx, field)),
        FieldType::List(ty) => {
            let ty = value_type(cx, scope, ty, Held::of(cx, field));
            quote!(#rt::alloc::vec::Vec<#ty>)
        }
        FieldType::Map(key, value) => {
            let held = Held::of(cx, field);
            let key = value_type(cx, scope, ValueType::Scalar(key), held);
            let value = value_type(cx, scope, value, held);
            match cx.map_type(field) {
                MapType::BTreeMap => quote!(#rt::alloc::collections::BTreeMap<#key, #value>),
                MapType::LiteMap => quote!(#rt::LiteMap<#key, #value>),
                MapType::HashMap => quote!(::std::collections::HashMap<#key, #value>),
                MapType::HashMapWith(hasher) => match syn::parse_str::<syn::Type>(hasher) {
                    Ok(hasher) => quote!(::std::collections::HashMap<#key, #value, #hasher>),
                    // check_config refuses it; unchecked, the map keeps
                    // std's hasher rather than code that cannot compile.
                    Err(_) => quote!(::std::collections::HashMap<#key, #value>),
                },
            }
        }
    }
}

/// The codec of `field`; for a map, the key codec and the value codec,
/// separated by a comma, ready to go between `::<` and `>`.
pub(crate) fn field_codec(cx: &Context, scope: &[String], field: &Field) -> TokenStream {
    let held = Held::of(cx, field);
    match field.ty {
        FieldType::Single(ty)
        | FieldType::Optional(ty)
        | FieldType::Required(ty)
        | FieldType::List(ty) => value_codec(cx, scope, ty, held),
        FieldType::Map(key, value) => {
            let key = value_codec(cx, scope, ValueType::Scalar(key), held);
            let value = value_codec(cx, scope, value, held);
            quote!(#key, #value)
        }
    }
}

/// The type that holds one value of a singular field or oneof member: a
/// message in a `Box` when the field is boxed.
pub(crate) fn held_type(cx: &Context, scope: &[String], ty: ValueType, held: Held) -> TokenStream {
    let rt = &cx.runtime;
    let inner = value_type(cx, scope, ty, held);
    if held.boxed && matches!(ty, ValueType::Message(_)) {
        quote!(#rt::alloc::boxed::Box<#inner>)
    } else {
        inner
    }
}

/// The codec of one value of type `ty`, held like [`held_type`].
pub(crate) fn value_codec(
    cx: &Context,
    scope: &[String],
    ty: ValueType,
    held: Held,
) -> TokenStream {
    let rt = &cx.runtime;
    match ty {
        ValueType::Scalar(Scalar::String) if held.string != StringType::String => {
            let string = string_type(cx, held.string);
            quote!(#rt::codec::StringAs<#string>)
        }
        ValueType::Scalar(Scalar::Bytes) if held.bytes == BytesType::Bytes => {
            quote!(#rt::codec::SharedBytes)
        }
        ValueType::Scalar(scalar) => scalar_codec(cx, scalar),
        ValueType::Enum(id) => {
            let path = paths::enum_path(cx, scope, id);
            match held.closed {
                true => quote!(#rt::codec::ClosedEnum<#path>),
                false => quote!(#rt::codec::Enum<#path>),
            }
        }
        ValueType::Message(id) => {
            let path = paths::message_path(cx, scope, id);
            match (held.boxed, held.group) {
                (true, true) => quote!(#rt::codec::BoxedGroup<#path>),
                (true, false) => quote!(#rt::codec::Boxed<#rt::codec::Message<#path>>),
                (false, true) => quote!(#rt::codec::Group<#path>),
                (false, false) => quote!(#rt::codec::Message<#path>),
            }
        }
        ValueType::WellKnown(known) => well_known_codec(cx, known),
        ValueType::Ref(_, kind) => {
            let codec = ref_codec(cx, kind);
            let pointer = value_type(cx, scope, ty, held);
            quote!(#codec<#pointer>)
        }
    }
}

/// The codec of a `ref` or `weak` value, without its type parameter.
fn ref_codec(cx: &Context, kind: RefKind) -> TokenStream {
    let rt = &cx.runtime;
    let codec = Ident::new(ref_codec_name(kind), Span::call_site());
    quote!(#rt::codec::#codec)
}

/// The name of [`ref_codec`] in `_rt::codec`.
fn ref_codec_name(kind: RefKind) -> &'static str {
    match kind {
        RefKind::Strong => "Ref",
        RefKind::Weak => "WeakRef",
    }
}

/// The Rust type of one value of type `ty`, never boxed.
pub(crate) fn value_type(cx: &Context, scope: &[String], ty: ValueType, held: Held) -> TokenStream {
    match ty {
        ValueType::Scalar(Scalar::String) => string_type(cx, held.string),
        ValueType::Scalar(Scalar::Bytes) if held.bytes == BytesType::Bytes => {
            let rt = &cx.runtime;
            quote!(#rt::Bytes)
        }
        ValueType::Scalar(scalar) => scalar_type(cx, scalar),
        ValueType::Enum(id) => paths::enum_path(cx, scope, id),
        ValueType::Message(id) => paths::message_path(cx, scope, id),
        ValueType::WellKnown(known) => well_known_type(cx, known),
        // Named through the runtime's `alloc`, as `Vec` is, so that the
        // code stays `no_std`.
        ValueType::Ref(id, kind) => {
            let rt = &cx.runtime;
            let path = paths::message_path(cx, scope, id);
            match (cx.config.pointer_type, kind) {
                (PointerType::Arc, RefKind::Strong) => quote!(#rt::alloc::sync::Arc<#path>),
                (PointerType::Arc, RefKind::Weak) => quote!(#rt::alloc::sync::Weak<#path>),
                (PointerType::Rc, RefKind::Strong) => quote!(#rt::alloc::rc::Rc<#path>),
                (PointerType::Rc, RefKind::Weak) => quote!(#rt::alloc::rc::Weak<#path>),
            }
        }
    }
}

/// The runtime's Rust type of a well-known type: a wrapper is the value it
/// wraps, and its field an `Option` of it.
fn well_known_type(cx: &Context, known: WellKnown) -> TokenStream {
    let rt = &cx.runtime;
    match known.wrapped() {
        Some(scalar) => scalar_type(cx, scalar),
        None => {
            let name = quote::format_ident!("{}", known.name());
            quote!(#rt::wkt::#name)
        }
    }
}

/// The runtime's codec of a well-known type ([`well_known_codec_name`]).
fn well_known_codec(cx: &Context, known: WellKnown) -> TokenStream {
    let rt = &cx.runtime;
    let name = well_known_codec_name(known);
    quote!(#rt::codec::#name)
}

/// The name in `_rt::codec` of a well-known type's codec: the type's but
/// for `Value`, which is `StructValue` beside schemac's own `value`.
fn well_known_codec_name(known: WellKnown) -> Ident {
    match known {
        WellKnown::Value => quote::format_ident!("StructValue"),
        _ => quote::format_ident!("{}", known.name()),
    }
}

/// The Rust type of a scalar; `decimal` and `value` are the runtime's.
pub(crate) fn scalar_type(cx: &Context, scalar: Scalar) -> TokenStream {
    let rt = &cx.runtime;
    match scalar {
        Scalar::I32 | Scalar::Sint32 | Scalar::Sfixed32 => quote!(i32),
        Scalar::I64 | Scalar::Sint64 | Scalar::Sfixed64 => quote!(i64),
        Scalar::U32 | Scalar::Fixed32 => quote!(u32),
        Scalar::U64 | Scalar::Fixed64 => quote!(u64),
        Scalar::F32 => quote!(f32),
        Scalar::F64 => quote!(f64),
        Scalar::Bool => quote!(bool),
        Scalar::String => quote!(#rt::alloc::string::String),
        Scalar::Bytes => quote!(#rt::alloc::vec::Vec<u8>),
        Scalar::Decimal => quote!(#rt::Decimal),
        Scalar::Value => quote!(#rt::DynamicValue),
    }
}

/// The Rust type of a string held as `string_type` says.
fn string_type(cx: &Context, string_type: StringType) -> TokenStream {
    let rt = &cx.runtime;
    match string_type {
        StringType::String => quote!(#rt::alloc::string::String),
        StringType::BoxStr => quote!(#rt::alloc::boxed::Box<str>),
        StringType::ArcStr => quote!(#rt::alloc::sync::Arc<str>),
        StringType::CompactString => quote!(#rt::CompactString),
    }
}

/// The runtime's codec of a scalar, named by [`Scalar::codec_name`].
fn scalar_codec(cx: &Context, scalar: Scalar) -> TokenStream {
    let rt = &cx.runtime;
    let codec = Ident::new(scalar.codec_name(), Span::call_site());
    quote!(#rt::codec::#codec)
}
