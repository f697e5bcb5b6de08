//! Codegen: the model to Rust tokens, one part of a package at a time: the
//! runtime alias and version handshake, a message or an enum with all of
//! its code, or the constants of a file's top-level extensions.
//!
//! Each construct has one `expand_*` function that binds locals and then
//! writes a single `quote!`: [`message`] writes structs and their nested
//! modules, [`message_impl`] their `Message` impls, [`oneof`] the oneof
//! enums and their encoding, [`enumeration`] the enums, [`json`] serde
//! impls when [`Config::json`] asks for them, [`view`] borrowed views
//! when [`Config::views`] does, and [`extensions`] the constants of
//! extensions and what messages with extension ranges hold of them;
//! [`services`] describes the services for a
//! [`ServiceGenerator`](crate::service::ServiceGenerator). [`paths`] and
//! [`types`] name things: relative paths between modules, Rust types and
//! runtime codecs.
//!
//! Generated code names every std item by absolute path, because a schema
//! may declare a message called `Option` or `String`, and names the runtime
//! by the path in [`Config`]. Codegen runs only on models that passed check;
//! it does not panic on any model whose ids are in range.

mod attributes;
mod capabilities;
mod defaults;
mod deprecation;
pub(crate) mod descriptors;
mod enumeration;
mod extensions;
mod graph;
mod json;
mod merge_from;
mod message;
mod message_impl;
mod oneof;
mod paths;
mod recycle;
mod required;
pub(crate) mod services;
mod types;
mod view;

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};

use crate::config::{Config, MapType};
use crate::model::{DeclaredType, Field, FieldType, Message, MessageId, Schema, ValueType};
use crate::names;
use crate::source::FileId;

pub(crate) use paths::message_scope;

/// The version of schemac, which generated code hands the runtime to check.
const GENERATOR_VERSION: &str = env!("CARGO_PKG_VERSION");

/// One package's code, before it is expanded: its parts in order, each of
/// which expands, and is formatted, on its own.
#[derive(Clone, Debug)]
pub struct Package {
    /// The package's segments; empty for files without a package.
    pub package: Vec<String>,
    /// The names of the schema files it is generated from.
    pub sources: Vec<String>,
    /// Those files.
    pub files: Vec<FileId>,
    /// The runtime alias, then each file's top-level messages and enums in
    /// source order and the constants of its top-level extensions, files
    /// in load order; nothing for a package without any.
    pub parts: Vec<Part>,
}

impl Package {
    /// The output file name: `shop.v1.rs`, or `_.rs` without a package.
    pub fn file_name(&self) -> String {
        if self.package.is_empty() {
            "_.rs".to_owned()
        } else {
            format!("{}.rs", self.package.join("."))
        }
    }
}

/// A part of a package's code: what [`expand`] turns into tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// `use ::schemac_runtime::__private as _rt;` and the version
    /// handshake, see
    /// [`Context::runtime_alias`] and [`Context::version_handshake`].
    RuntimeAlias,
    /// A message or an enum with everything generated for it.
    Type(DeclaredType),
    /// The constants of the extensions declared at the top of a file.
    Extensions(FileId),
}

/// The packages of `schema` that `config` generates, in package order: all
/// but those whose every type is under an extern path.
pub fn packages(schema: &Schema, config: &Config) -> Vec<Package> {
    schema
        .packages()
        .into_iter()
        .filter_map(|(package, files)| {
            let declared: Vec<DeclaredType> = files
                .iter()
                .flat_map(|file| schema.declared_types(&file.messages, &file.enums))
                .collect();
            let mut parts = Vec::new();
            for file in &files {
                let types = schema.declared_types(&file.messages, &file.enums);
                parts.extend(
                    (types.into_iter())
                        .filter(|&ty| generates(schema, config, ty))
                        .map(Part::Type),
                );
                let mut extensions = file.extensions.iter().map(|&id| schema.extension(id));
                if extensions.any(|extension| extensions::declared(schema, config, extension)) {
                    parts.push(Part::Extensions(file.id));
                }
            }
            if parts.is_empty() && !declared.is_empty() {
                return None;
            }
            let alias = (!parts.is_empty()).then_some(Part::RuntimeAlias);
            Some(Package {
                package,
                sources: files.iter().map(|file| file.name.clone()).collect(),
                files: files.iter().map(|file| file.id).collect(),
                parts: alias.into_iter().chain(parts).collect(),
            })
        })
        .collect()
}

/// Whether `config` generates the type `ty`: it is under no extern path.
fn generates(schema: &Schema, config: &Config, ty: DeclaredType) -> bool {
    let full_name = match ty {
        DeclaredType::Message(id) => &schema.message(id).full_name,
        DeclaredType::Enum(id) => &schema.enumeration(id).full_name,
    };
    config.extern_path_of(full_name).is_none()
}

/// The code of `part`.
pub fn expand(cx: &Context, part: Part) -> TokenStream {
    match part {
        Part::RuntimeAlias => {
            let alias = cx.runtime_alias();
            let handshake = cx.version_handshake();
            quote!(#alias #handshake)
        }
        Part::Type(ty) => match deprecation::touches(cx.schema, ty) {
            true => deprecation::allowed(expand_declared_type(cx, ty)),
            false => expand_declared_type(cx, ty),
        },
        Part::Extensions(file) => {
            let ids = cx
                .schema
                .file(file)
                .map_or(&[][..], |file| &file.extensions);
            let constants = extensions::expand_constants(cx, ids);
            quote!(#(#constants)*)
        }
    }
}

/// What codegen needs to know of every message at once, worked out once
/// for a schema and lent to each [`Context`].
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// For each message, whether its view holds something borrowed
    /// ([`view::borrowing_views`]); empty when the config has no views.
    view_borrows: Vec<bool>,
    /// For each message, whether it or a message it holds has a
    /// `required` field ([`required::checked_messages`]).
    checks_required: Vec<bool>,
    /// For each message, whether it derives `Eq` and `Hash`
    /// ([`attributes::eq_hash_messages`]).
    eq_hash: Vec<bool>,
    /// For each message, whether it derives `PartialEq`
    /// ([`attributes::partial_eq_messages`]).
    partial_eq: Vec<bool>,
    /// For each message, whether it is a graph message
    /// ([`Schema::graph_messages`](crate::model::Schema::graph_messages)).
    graph: Vec<bool>,
    /// For each message, whether a `ref` or `weak` field points at it
    /// ([`Schema::ref_target_marks`](crate::model::Schema::ref_target_marks)).
    ref_targets: Vec<bool>,
    /// For each message, whether a `weak` field points at it
    /// ([`Schema::weak_target_marks`](crate::model::Schema::weak_target_marks)).
    weak_targets: Vec<bool>,
    /// For each message, whether a group field holds it
    /// ([`Schema::group_marks`](crate::model::Schema::group_marks)).
    groups: Vec<bool>,
    /// For each message, the struct field holding its unknown fields
    /// ([`names::unknown_fields_field`]), when it keeps them.
    unknown_fields: Vec<Option<String>>,
    /// For each message, whether it derives `Copy`
    /// ([`capabilities::copy_messages`]).
    copy: Vec<bool>,
    /// For each message, whether its encoding cannot fail
    /// ([`capabilities::infallible_messages`]).
    infallible_encode: Vec<bool>,
}

impl Facts {
    /// The facts of `schema` generated with `config`.
    pub fn of(schema: &Schema, config: &Config) -> Self {
        let checks_required = required::checked_messages(schema);
        let graph = schema.graph_messages();
        Self {
            copy: capabilities::copy_messages(schema, config),
            infallible_encode: capabilities::infallible_messages(
                schema,
                config,
                &checks_required,
                &graph,
            ),
            view_borrows: match config.views {
                true => view::borrowing_views(schema, config),
                false => Vec::new(),
            },
            checks_required,
            eq_hash: attributes::eq_hash_messages(schema, config),
            partial_eq: attributes::partial_eq_messages(schema),
            graph,
            ref_targets: schema.ref_target_marks(),
            weak_targets: schema.weak_target_marks(),
            groups: schema.group_marks(),
            unknown_fields: (schema.messages.iter())
                .map(|message| {
                    let keeps = config.keeps_unknown_fields(message);
                    keeps.then(|| names::unknown_fields_field(message))
                })
                .collect(),
        }
    }
}

/// What every expansion needs: the schema and how to name the runtime.
///
/// It holds tokens, which cannot cross threads: each thread that expands
/// makes a context of its own.
pub struct Context<'a> {
    /// The schema being generated.
    pub(crate) schema: &'a Schema,
    /// The options of generation.
    pub(crate) config: &'a Config,
    /// How generated code names the runtime crate: `_rt`, which each
    /// generated module declares with [`Context::runtime_alias`].
    pub(crate) runtime: TokenStream,
    /// The path of the runtime crate, such as `::schemac_runtime`.
    runtime_path: TokenStream,
    /// What is known of every message.
    facts: &'a Facts,
}

impl<'a> Context<'a> {
    /// A context for generating `schema` with `config`; `facts` are
    /// [`Facts::of`] the two.
    pub fn new(schema: &'a Schema, config: &'a Config, facts: &'a Facts) -> Self {
        // The builder takes the path as text; one that does not parse falls
        // back to the default rather than producing code that cannot.
        let runtime_path = match syn::parse_str::<syn::Path>(&config.runtime_crate) {
            Ok(path) => path.into_token_stream(),
            Err(_) => quote!(::schemac_runtime),
        };
        Self {
            schema,
            config,
            runtime: quote!(_rt),
            runtime_path,
            facts,
        }
    }

    /// Whether message `id` derives `Copy`.
    pub(crate) fn derives_copy(&self, id: MessageId) -> bool {
        (self.facts.copy.get(id.0 as usize))
            .copied()
            .unwrap_or(false)
    }

    /// Whether the encoding of message `id` cannot fail, so that it
    /// implements `InfallibleEncode`.
    pub(crate) fn infallible_encode(&self, id: MessageId) -> bool {
        (self.facts.infallible_encode.get(id.0 as usize))
            .copied()
            .unwrap_or(false)
    }

    /// Whether message `id` is a graph message, encoded with a pre-pass
    /// over its references.
    pub(crate) fn is_graph(&self, id: MessageId) -> bool {
        self.facts
            .graph
            .get(id.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether a `ref` or `weak` field points at message `id`.
    pub(crate) fn is_ref_target(&self, id: MessageId) -> bool {
        self.facts
            .ref_targets
            .get(id.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether a `weak` field points at message `id`.
    pub(crate) fn is_weak_target(&self, id: MessageId) -> bool {
        self.facts
            .weak_targets
            .get(id.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether a group field holds message `id`, whose `merge_from` then
    /// ends at an end-group key too.
    pub(crate) fn is_group(&self, id: MessageId) -> bool {
        self.facts
            .groups
            .get(id.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether message `id` and its oneofs derive `PartialEq`.
    pub(crate) fn derives_partial_eq(&self, id: MessageId) -> bool {
        (self.facts.partial_eq.get(id.0 as usize))
            .copied()
            .unwrap_or(true)
    }

    pub(crate) fn view_borrows(&self, id: MessageId) -> bool {
        self.facts
            .view_borrows
            .get(id.0 as usize)
            .copied()
            .unwrap_or(true)
    }

    /// Whether message `id` or a message it holds has a `required` field,
    /// so that it checks them after decoding and before encoding.
    pub(crate) fn checks_required(&self, id: MessageId) -> bool {
        self.facts
            .checks_required
            .get(id.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether message `id` derives `Eq` and `Hash`.
    pub(crate) fn eq_hash(&self, id: MessageId) -> bool {
        self.facts
            .eq_hash
            .get(id.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether this code generates the type `ty`, nested or not: it is
    /// under no extern path.
    pub(crate) fn generates(&self, ty: DeclaredType) -> bool {
        generates(self.schema, self.config, ty)
    }

    /// Whether message `id` reads in place in `Message::decode_in_place`
    /// ([`Config::decode_in_place`]): it is under one of its paths.
    pub(crate) fn decodes_in_place(&self, id: MessageId) -> bool {
        let name = &self.schema.message(id).full_name;
        let paths = &self.config.decode_in_place;
        paths
            .iter()
            .any(|path| crate::config::path_matches(path, name))
    }

    /// Whether `field` holds its message without an `Option`
    /// ([`Config::always_present`]): a plain singular message field, not
    /// boxed, under one of its paths.
    pub(crate) fn always_present(&self, field: &Field) -> bool {
        let plain_message = matches!(field.ty, FieldType::Single(ValueType::Message(_)));
        plain_message
            && field.oneof.is_none()
            && !field.boxed
            && self
                .config
                .always_present
                .iter()
                .any(|path| crate::config::path_matches(path, &field.full_name))
    }

    /// The collection of the map field `field`.
    pub(crate) fn map_type(&self, field: &Field) -> &MapType {
        self.config.map_type_of(&field.full_name)
    }

    /// The struct field holding the unknown fields of message `id`, when
    /// it keeps them (its schema, or else the config, says).
    pub(crate) fn unknown_fields(&self, id: MessageId) -> Option<proc_macro2::Ident> {
        let name = self.facts.unknown_fields.get(id.0 as usize)?.as_deref()?;
        Some(ident(name))
    }

    /// `use ::schemac_runtime::__private as _rt;`: a short name for what
    /// generated code uses of the runtime, so that generated calls fit on
    /// a line. No schema name becomes `_rt`, since casing drops leading
    /// underscores.
    fn runtime_alias(&self) -> TokenStream {
        let path = &self.runtime_path;
        quote!(use #path::__private as _rt;)
    }

    /// The version handshake, once at the top of each package: a constant
    /// that fails to compile, with a message that names both versions and
    /// what to change, unless the runtime can run the code of this version
    /// of schemac (`schemac_runtime::__private::check_version`).
    fn version_handshake(&self) -> TokenStream {
        let version = GENERATOR_VERSION;
        quote!(const _: () = _rt::check_version(#version);)
    }
}

/// The code of a message or an enum.
pub(crate) fn expand_declared_type(cx: &Context, ty: DeclaredType) -> TokenStream {
    match ty {
        DeclaredType::Message(id) => message::expand_message(cx, id),
        DeclaredType::Enum(id) => enumeration::expand_enum(cx, id),
    }
}

/// The identifier for a name made by [`crate::names`], which may be raw
/// (`r#type`).
///
/// The names module only makes identifiers; a name it could not make one of
/// is cleaned up here rather than panicking in `Ident::new`.
pub(crate) fn ident(name: &str) -> Ident {
    if let Ok(ident) = syn::parse_str::<Ident>(name) {
        return ident;
    }
    let cleaned: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    syn::parse_str::<Ident>(&format!("_{cleaned}"))
        .unwrap_or_else(|_| Ident::new("__", proc_macro2::Span::call_site()))
}

/// The number of `field` as an unsuffixed literal: `7`.
pub(crate) fn field_number(field: &Field) -> proc_macro2::Literal {
    proc_macro2::Literal::u32_unsuffixed(field.wire_number())
}

/// The identifier of a message, enum or oneof enum named `name` in the schema.
pub(crate) fn type_ident(name: &str) -> Ident {
    ident(&names::type_name(name))
}

/// The struct field that holds oneof `index` of `message`.
pub(crate) fn oneof_field(message: &Message, index: usize) -> Ident {
    let name = message.oneofs.get(index).map_or("", |oneof| &oneof.name);
    ident(&names::field_name(name))
}

/// `#[doc]` attributes for schema doc lines, or for `fallback` when the
/// schema gives none, so that every type and enum value is documented.
pub(crate) fn docs(lines: &[String], fallback: impl FnOnce() -> String) -> TokenStream {
    if lines.is_empty() {
        schema_docs(&[fallback()])
    } else {
        schema_docs(lines)
    }
}

/// `#[doc]` attributes for schema doc lines, and nothing when the schema
/// gives none: a field's name and type say what a made-up line would.
pub(crate) fn schema_docs(lines: &[String]) -> TokenStream {
    let lines = without_doctests(lines);
    // Schema comments are not written as Markdown: a line that reads as a
    // list item would draw clippy's lints on list formatting.
    let lists = lines.iter().any(|line| reads_as_list_item(line));
    let allow = lists.then(
        || quote!(#[allow(clippy::doc_lazy_continuation, clippy::doc_overindented_list_items)]),
    );
    // prettyplease prints `#[doc = " text"]` as `/// text`.
    let lines = lines.iter().map(|line| {
        if line.is_empty() {
            String::new()
        } else {
            format!(" {}", doc_text(line))
        }
    });
    quote! {
        #(#[doc = #lines])*
        #allow
    }
}

/// Whether Markdown reads `line` as an item of a list: `*`, `-` or `+`,
/// or a number and `.` or `)`, then a space.
fn reads_as_list_item(line: &str) -> bool {
    let line = line.trim_start();
    let after_number = line.trim_start_matches(|c: char| c.is_ascii_digit());
    let marker = match after_number.len() < line.len() {
        true => after_number.strip_prefix(['.', ')']),
        false => line.strip_prefix(['*', '-', '+']),
    };
    marker.is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
}

/// `lines` with their code blocks marked as text, so that rustdoc does not
/// run them as doctests of the crate that includes the generated code: an
/// indented block after a blank line becomes a ```` ```text ```` fence, and
/// a fence without a language gets `text`. Schema comments quote `.proto`
/// and JSON, never Rust.
fn without_doctests(lines: &[String]) -> Vec<String> {
    let indented = |line: &str| line.starts_with("    ") || line.starts_with('\t');
    let mut out = Vec::with_capacity(lines.len());
    let mut in_fence = false;
    let mut in_block = false;
    for (index, line) in lines.iter().enumerate() {
        let after_blank = index == 0 || lines[index - 1].trim().is_empty();
        if let Some(info) = line.trim_start().strip_prefix("```") {
            let opening = !in_fence;
            in_fence = !in_fence;
            if opening && info.trim().is_empty() {
                out.push(format!("{line}text"));
                continue;
            }
        } else if !in_fence {
            if !in_block && after_blank && indented(line) {
                in_block = true;
                out.push("```text".to_owned());
            } else if in_block && !indented(line) && !line.trim().is_empty() {
                in_block = false;
                close_block(&mut out);
            }
        }
        out.push(line.clone());
    }
    if in_block {
        close_block(&mut out);
    }
    if in_fence {
        out.push("```".to_owned());
    }
    out
}

/// Closes the text fence of an indented block, before the blank lines
/// that ended it.
fn close_block(out: &mut Vec<String>) {
    let blanks = out
        .iter()
        .rev()
        .take_while(|line| line.trim().is_empty())
        .count();
    out.insert(out.len() - blanks, "```".to_owned());
}

/// A schema doc line made safe for a `///` comment, which rustc refuses
/// when it holds a bare carriage return or a character that changes the
/// direction of text (as in "Trojan Source"). A carriage return becomes a
/// space; a direction character is written as its escape, `\u{202E}`.
fn doc_text(line: &str) -> String {
    const TEXT_DIRECTION: &[char] = &[
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}',
    ];
    let mut text = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '\r' => text.push(' '),
            c if TEXT_DIRECTION.contains(&c) => {
                text.push_str(&format!("\\u{{{:04X}}}", u32::from(c)))
            }
            c => text.push(c),
        }
    }
    text
}

#[cfg(test)]
pub(crate) mod tests;
