//! Oneofs: an enum with one variant per member in the message's nested
//! module, one `Option` field of it in the struct, and its encoding.
//!
//! A oneof has explicit presence: the member that is set is written even
//! when its value is the default.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::attributes::ItemKind;
use super::deprecation::deprecated;
use super::{
    Context, docs, ident, merge_from, oneof_field, paths, recycle, schema_docs, type_ident, types,
};
#[cfg(doc)]
use crate::model::EncodingStep;
use crate::model::{Field, Message, MessageId, RefKind, ValueType};
use crate::names;
use types::Held;

/// The struct field of oneof `index` of message `id`:
/// `pub kind: Option<shape::Kind>`.
pub(crate) fn expand_oneof_field(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
) -> TokenStream {
    let message = cx.schema.message(id);
    let Some(oneof) = message.oneofs.get(index) else {
        return TokenStream::new();
    };
    let docs = docs(&oneof.docs, || {
        format!("Which field of `{}` is set.", oneof.name)
    });
    let full_name = format!("{}.{}", message.full_name, oneof.name);
    let attributes = cx.attributes(ItemKind::Field, &full_name, &[]);
    let field = ident(&names::field_name(&oneof.name));
    let ty = enum_path(cx, scope, id, index);
    quote! {
        #docs
        #attributes
        pub #field: ::core::option::Option<#ty>,
    }
}

/// The enum of oneof `index` of message `id`, for its nested module.
pub(crate) fn expand_oneof_enum(cx: &Context, id: MessageId, index: usize) -> TokenStream {
    let message = cx.schema.message(id);
    let Some(oneof) = message.oneofs.get(index) else {
        return TokenStream::new();
    };
    let scope = paths::nested_scope(cx.schema, id);
    let doc = docs(&oneof.docs, || format!("The oneof `{}`.", oneof.name));
    let name = type_ident(&oneof.name);
    let variants = members(message, index).into_iter().map(|(field, ty)| {
        let docs = schema_docs(&field.docs);
        let full_name = format!("{}.{}", message.full_name, field.name);
        let attributes = cx.attributes(ItemKind::Field, &full_name, &field.rust_attributes);
        let deprecated = deprecated(&field.options);
        let variant = ident(&names::oneof_variant_name(&field.name));
        let ty = types::held_type(cx, &scope, ty, Held::of(cx, field));
        quote! {
            #docs
            #deprecated
            #attributes
            #variant(#ty),
        }
    });
    let derives = cx.message_derives(id, ItemKind::Oneof);
    let full_name = format!("{}.{}", message.full_name, oneof.name);
    let attributes = cx.attributes(ItemKind::Oneof, &full_name, &[]);
    // Members differ in size as the schema pleases, and their names may
    // share a word; neither is worth a warning in generated code.
    quote! {
        #doc
        #[allow(clippy::large_enum_variant, clippy::enum_variant_names)]
        #derives
        #attributes
        pub enum #name {
            #(#variants)*
        }
    }
}

/// The term of `measure_fields` for `run`, members of oneof `index` (see
/// [`EncodingStep::Oneof`]): a `match` that measures whichever of them is
/// set.
pub(crate) fn expand_oneof_measure(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    run: &[&Field],
) -> TokenStream {
    let message = cx.schema.message(id);
    let field = oneof_field(message, index);
    let members = run_members(message, index, run);
    let others = others_pattern(message, index, &members);
    let arms = members.into_iter().map(|(member, ty)| {
        let pattern = variant_path(cx, scope, id, index, member);
        let codec = types::member_codec(cx, ty, Held::of(cx, member));
        let number = Literal::u32_unsuffixed(member.wire_number());
        quote! {
            Some(#pattern(value)) => #codec::measure_present(#number, value),
        }
    });
    quote! {
        match &self.#field {
            #(#arms)*
            #others => 0,
        }
    }
}

/// The statement of `write_fields` for `run`, members of oneof `index`:
/// it writes whichever of them is set.
pub(crate) fn expand_oneof_write(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    run: &[&Field],
) -> TokenStream {
    let members = run_members(cx.schema.message(id), index, run);
    expand_for_set_member(cx, scope, id, index, &members, |member, codec| {
        let number = Literal::u32_unsuffixed(member.wire_number());
        quote!(#codec::write_present(#number, value, writer))
    })
}

/// A statement that runs the statement `each` makes for whichever of
/// `members`, members of oneof `index` with their types, is set, with that
/// member's value bound to `value`; `each` gets the member and its codec.
/// A `match`, or an `if let` for one member.
pub(crate) fn expand_for_set_member(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    members: &[(&Field, ValueType)],
    each: impl Fn(&Field, TokenStream) -> TokenStream,
) -> TokenStream {
    let message = cx.schema.message(id);
    let field = oneof_field(message, index);
    let others = others_pattern(message, index, members);
    let arms: Vec<(TokenStream, TokenStream)> = members
        .iter()
        .map(|&(member, ty)| {
            let pattern = variant_path(cx, scope, id, index, member);
            let codec = types::member_codec(cx, ty, Held::of(cx, member));
            (quote!(Some(#pattern(value))), each(member, codec))
        })
        .collect();
    // A `match` with one arm besides the rest reads better as `if let`.
    if let [(pattern, statement)] = &arms[..] {
        return quote! {
            if let #pattern = &self.#field {
                #statement;
            }
        };
    }
    let (patterns, statements): (Vec<_>, Vec<_>) = arms.into_iter().unzip();
    quote! {
        match &self.#field {
            #(#patterns => #statements,)*
            #others => {}
        }
    }
}

/// The members of oneof `index` that are in `run`, with their types.
fn run_members<'a>(
    message: &'a Message,
    index: usize,
    run: &[&Field],
) -> Vec<(&'a Field, ValueType)> {
    members(message, index)
        .into_iter()
        .filter(|(member, _)| run.iter().any(|field| std::ptr::eq(*field, *member)))
        .collect()
}

/// The pattern of a `match` on oneof `index` for what `members` leave:
/// `None` when they are all its members, `_` when other members remain.
fn others_pattern(message: &Message, index: usize, members: &[(&Field, ValueType)]) -> TokenStream {
    if members.len() == self::members(message, index).len() {
        quote!(None)
    } else {
        quote!(_)
    }
}

/// What the reads of a oneof's member name: the oneof's index and struct
/// field, the member's variant, its type and its codec.
struct Member {
    index: usize,
    field: proc_macro2::Ident,
    variant: TokenStream,
    ty: ValueType,
    codec: TokenStream,
}

impl Member {
    /// Those of `member` of message `id`; `None` outside a oneof.
    fn of(cx: &Context, scope: &[String], id: MessageId, member: &Field) -> Option<Member> {
        let index = member.oneof?;
        let ty = member.ty.value();
        Some(Member {
            index,
            field: oneof_field(cx.schema.message(id), index),
            variant: variant_path(cx, scope, id, index, member),
            ty,
            codec: types::member_codec(cx, ty, Held::of(cx, member)),
        })
    }
}

/// The arm of `merge_field` for `member` of oneof `index`: it merges into
/// the member's value if that member is set, and sets it; a `ref` member
/// is replaced instead.
pub(crate) fn expand_oneof_merge_arm(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    member: &Field,
) -> TokenStream {
    let Some(Member {
        field,
        variant,
        ty,
        codec,
        ..
    }) = Member::of(cx, scope, id, member)
    else {
        return TokenStream::new();
    };
    let pattern = merge_from::field_pattern(cx, member);
    if let ValueType::Ref(_, RefKind::Strong) = ty {
        return replace_arm(cx, pattern, &field, variant, codec);
    }
    if let Some(unknown) = types::unknown_sink(cx, id, member) {
        return closed_member_arm(
            pattern,
            &field,
            variant,
            quote!(#codec::merge_member),
            unknown,
        );
    }
    merge_arm(cx, pattern, &field, variant, quote!(#codec::merge))
}

/// The read of `member` of a oneof that keeps its member for a recycled
/// decode ([`recycle::oneof_keeps`]), for an entry of `merge_from`, which
/// has the oneof's `kept` local: the first member read in a recycled
/// decode goes in place of the kept member if it is the same member
/// (`merge_member!` with `kept`). A closed enum or a `ref`, which keep
/// nothing, first drop the kept member (`forget_kept`), and then read as
/// in `merge_field`.
pub(crate) fn expand_kept_member_read(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    member: &Field,
) -> TokenStream {
    let rt = &cx.runtime;
    let Some(Member {
        index,
        field,
        variant,
        ty,
        codec,
    }) = Member::of(cx, scope, id, member)
    else {
        return TokenStream::new();
    };
    let oneofs = &cx.schema.message(id).oneofs;
    let kept = recycle::kept(oneofs.get(index).map_or("", |oneof| &oneof.name));
    let forget = quote!(#rt::recycle::forget_kept(&mut #kept, &mut self.#field););
    if let ValueType::Ref(_, RefKind::Strong) = ty {
        let read = replace_read(cx, &field, variant, codec);
        return quote!({ #forget #read });
    }
    if let Some(unknown) = types::unknown_sink(cx, id, member) {
        let read = closed_member_read(&field, variant, quote!(#codec::merge_member), unknown);
        return quote!({ #forget #read });
    }
    quote! {
        #rt::merge_member!(
            self.#field, #variant, kept #kept,
            |value| #codec::merge(wire, &mut value, decoder),
            reuse #codec::prepare_in_place(&mut value, decoder)
        )
    }
}

/// The arm of `merge_field` matching `pattern`, a member's
/// ([`merge_from::field_pattern`]), a closed enum, held in the oneof
/// field `field` as `variant`, of an owned message or a view: `merge`, a
/// runtime function, sets the member unless the enum does not name the
/// number read, which goes to `unknown` and leaves the oneof as it was.
pub(crate) fn closed_member_arm(
    pattern: TokenStream,
    field: &proc_macro2::Ident,
    variant: TokenStream,
    merge: TokenStream,
    unknown: TokenStream,
) -> TokenStream {
    let read = closed_member_read(field, variant, merge, unknown);
    quote!(#pattern => #read,)
}

/// The read of [`closed_member_arm`].
fn closed_member_read(
    field: &proc_macro2::Ident,
    variant: TokenStream,
    merge: TokenStream,
    unknown: TokenStream,
) -> TokenStream {
    quote!(#merge(wire, &mut self.#field, #variant, decoder, #unknown))
}

/// The arm of `merge_field` matching `pattern`, a member's, a `ref`, held
/// in the oneof field `field` as `variant` (`_rt::merge_member!(replace
/// ..)`): an occurrence replaces the pointer, and is read without a
/// default pointer to merge into, which would be an allocation of its
/// own. After an error the oneof holds what it held before.
fn replace_arm(
    cx: &Context,
    pattern: TokenStream,
    field: &proc_macro2::Ident,
    variant: TokenStream,
    codec: TokenStream,
) -> TokenStream {
    let read = replace_read(cx, field, variant, codec);
    quote!(#pattern => #read,)
}

/// The read of [`replace_arm`].
fn replace_read(
    cx: &Context,
    field: &proc_macro2::Ident,
    variant: TokenStream,
    codec: TokenStream,
) -> TokenStream {
    let rt = &cx.runtime;
    quote! {
        #rt::merge_member!(
            replace self.#field, #variant,
            |value| #codec::merge_optional(wire, &mut value, decoder)
        )
    }
}

/// The arm of `merge_field` matching `pattern`, a member's, held in the
/// oneof field `field` as `variant`, of an owned message or a view
/// (`_rt::merge_member!`): `merge`, a runtime function, reads into the
/// member's value if that member is set, and sets it.
pub(crate) fn merge_arm(
    cx: &Context,
    pattern: TokenStream,
    field: &proc_macro2::Ident,
    variant: TokenStream,
    merge: TokenStream,
) -> TokenStream {
    let rt = &cx.runtime;
    quote! {
        #pattern => #rt::merge_member!(
            self.#field, #variant,
            |value| #merge(wire, &mut value, decoder)
        ),
    }
}

/// The members of oneof `index` in declaration order, each with its type:
/// a single value, since check refuses lists and maps in a oneof.
pub(crate) fn members(message: &Message, index: usize) -> Vec<(&Field, ValueType)> {
    message
        .oneof_members(index)
        .map(|field| (field, field.ty.value()))
        .collect()
}

/// The path from `scope` to the enum of oneof `index` of message `id`.
fn enum_path(cx: &Context, scope: &[String], id: MessageId, index: usize) -> TokenStream {
    let message = cx.schema.message(id);
    let name = message.oneofs.get(index).map_or("", |oneof| &oneof.name);
    let to = paths::nested_scope(cx.schema, id);
    paths::relative(scope, &to, &type_ident(name))
}

/// The path from `scope` to the variant of `member` in its oneof's enum.
pub(crate) fn variant_path(
    cx: &Context,
    scope: &[String],
    id: MessageId,
    index: usize,
    member: &Field,
) -> TokenStream {
    let path = enum_path(cx, scope, id, index);
    let variant = ident(&names::oneof_variant_name(&member.name));
    quote!(#path::#variant)
}
