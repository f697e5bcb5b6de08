//! The runtime's public API, pinned: every item a user of
//! `schemac-runtime` can name, read from its source with syn, as a sorted
//! list of paths, one line each, with the features it needs. The public
//! modules' `pub` items are listed, and those of private modules that a
//! `pub use` makes public; a `macro_rules!` that declares items is listed
//! by the first name each invocation gives it (`codec::Int32`), since syn
//! does not expand macros. What is `#[doc(hidden)]` (`__private`, the
//! trait methods only generated code calls) is not API and is left out.
//! A change to the snapshot is a change to the crates' semver surface:
//! read it as such.

use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::TokenTree;
use quote::ToTokens;
use schemac_tests::workspace_root;
use syn::{Attribute, ImplItem, Item, Meta, TraitItem, Type, UseTree, Visibility};

#[test]
fn the_runtime_public_api_is_pinned() {
    let root = workspace_root().join("runtime/src");
    let mut api = Api::default();
    api.module(&root.join("lib.rs"), &root, "schemac_runtime", "", true);
    // An item's own line is API when its module is public or a `pub use`
    // names it. A method or trait impl is API when its type is: the first
    // of its owner's candidates (`|`-separated) that names a type at all.
    let is_api = |owner: &str| {
        for candidate in owner.split('|') {
            let types = || {
                api.found
                    .iter()
                    .filter(|found| !found.item.contains(['*', '|']))
                    .filter(move |found| match candidate.strip_prefix('*') {
                        Some(name) => found.item.ends_with(name),
                        None => found.item == candidate,
                    })
            };
            let reexported = api
                .reexported
                .iter()
                .any(|path| match candidate.strip_prefix('*') {
                    Some(name) => path.ends_with(name),
                    None => path == candidate,
                });
            if reexported || types().next().is_some() {
                return reexported || types().any(|found| found.public);
            }
        }
        false
    };
    let mut lines: Vec<String> = api
        .found
        .iter()
        .filter(|found| match found.item.contains('|') {
            true => is_api(&found.item),
            false => found.public || is_api(&found.item),
        })
        .map(|found| found.line.clone())
        .collect();
    lines.sort();
    lines.dedup();
    insta::assert_snapshot!(lines.join("\n"));
}

/// The lines found so far, and the paths `pub use` makes public.
#[derive(Default)]
struct Api {
    found: Vec<Found>,
    reexported: Vec<String>,
    /// Whether the module being read is public.
    public: bool,
}

/// One line of the list.
struct Found {
    /// The path of the item it belongs to: `schemac_runtime::wkt::Any`
    /// for the item, its fields and variants; for the methods and trait
    /// impls of a type, the `|`-separated paths it may have, where
    /// `*::Any` stands for any type named `Any`.
    item: String,
    line: String,
    /// Whether the item's module is public, so the line is API.
    public: bool,
}

impl Api {
    /// Reads the module in `file`, whose submodules are files in `dir`,
    /// at `path`, under the `cfg` of the modules around it.
    fn module(&mut self, file: &Path, dir: &Path, path: &str, cfg: &str, public: bool) {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        self.items(&parsed.items, dir, path, cfg, public);
    }

    fn items(&mut self, items: &[Item], dir: &Path, path: &str, cfg: &str, public: bool) {
        let outer = std::mem::replace(&mut self.public, public);
        for item in items {
            self.item(item, dir, path, cfg);
        }
        self.public = outer;
    }

    fn push(&mut self, item: String, line: String) {
        let public = self.public;
        self.found.push(Found { item, line, public });
    }

    fn item(&mut self, item: &Item, dir: &Path, path: &str, outer_cfg: &str) {
        let (attrs, public) = match item {
            Item::Const(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Enum(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Fn(i) => (&i.attrs, is_pub(&i.vis)),
            // Private modules too: a `pub use` may make their items public.
            Item::Mod(i) => (&i.attrs, true),
            Item::Static(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Struct(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Trait(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Type(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Use(i) => (&i.attrs, is_pub(&i.vis)),
            Item::Macro(i) => (&i.attrs, i.ident.is_none() || exported(&i.attrs)),
            // Impls are public where their type and trait are.
            Item::Impl(i) => (&i.attrs, true),
            _ => return,
        };
        if !public || hidden(attrs) || test_only(attrs) {
            return;
        }
        let cfg = format!("{outer_cfg}{}", cfg_of(attrs));
        // `owner` is the item a line belongs to, below `path`.
        let mut line = |kind: &str, owner: &str, name: String| {
            let item = format!("{path}::{owner}");
            self.push(item, format!("{kind} {path}::{name}{cfg}"));
        };
        match item {
            Item::Const(i) => line("const", &i.ident.to_string(), i.ident.to_string()),
            Item::Static(i) => line("static", &i.ident.to_string(), i.ident.to_string()),
            Item::Type(i) => line("type", &i.ident.to_string(), i.ident.to_string()),
            Item::Fn(i) => line("fn", &i.sig.ident.to_string(), i.sig.ident.to_string()),
            Item::Macro(i) => match &i.ident {
                Some(name) => line("macro", &name.to_string(), name.to_string()),
                None => {
                    let called = tokens(&i.mac.path);
                    if let Some(declared) = declared_name(&i.mac.tokens)
                        && called != "thread_local"
                    {
                        let what = format!("{declared} (by {called}!)");
                        line("item", &declared, what);
                    }
                }
            },
            Item::Struct(i) => {
                let owner = i.ident.to_string();
                line("struct", &owner, owner.clone());
                for field in i.fields.iter().filter(|field| is_pub(&field.vis)) {
                    let name = field.ident.as_ref().map_or("0".into(), |n| n.to_string());
                    line("field", &owner, format!("{owner}::{name}"));
                }
            }
            Item::Enum(i) => {
                let owner = i.ident.to_string();
                line("enum", &owner, owner.clone());
                for variant in &i.variants {
                    line("variant", &owner, format!("{owner}::{}", variant.ident));
                }
            }
            Item::Trait(i) => {
                let owner = i.ident.to_string();
                line("trait", &owner, owner.clone());
                for member in &i.items {
                    let (kind, name, attrs) = match member {
                        TraitItem::Fn(f) => ("fn", f.sig.ident.to_string(), &f.attrs),
                        TraitItem::Const(c) => ("const", c.ident.to_string(), &c.attrs),
                        TraitItem::Type(t) => ("type", t.ident.to_string(), &t.attrs),
                        _ => continue,
                    };
                    if !hidden(attrs) {
                        line(kind, &owner, format!("{owner}::{name}"));
                    }
                }
            }
            Item::Use(i) => {
                let mut names = Vec::new();
                leaves(&i.tree, String::new(), &mut names);
                for (name, from) in &names {
                    line("use", name, format!("{name} = {from}"));
                }
                let targets = names.iter().map(|(_, from)| absolute(path, from));
                self.reexported.extend(targets);
            }
            Item::Impl(i) => {
                let ty = tokens(&i.self_ty);
                // An impl may sit in another module than its type (as
                // `wkt/any_json.rs` adds to `Any`): it belongs to the type
                // of its module of that name, else to any type of that
                // name, else to any of the name its last segment gives
                // (`std::time::Duration` gets the impls of `Duration`).
                let name = type_name(&i.self_ty);
                let last = name.rsplit("::").next().unwrap_or_default();
                let owner = format!("{path}::{name}|*::{name}|*::{last}");
                if let Some((_, trait_path, _)) = &i.trait_ {
                    let generics = tokens(&i.generics);
                    let trait_path = tokens(trait_path);
                    self.push(
                        owner,
                        format!("impl{generics} {trait_path} for {ty} (in {path}){cfg}"),
                    );
                    return;
                }
                for member in &i.items {
                    if let ImplItem::Fn(f) = member
                        && is_pub(&f.vis)
                        && !hidden(&f.attrs)
                    {
                        let method_cfg = cfg_of(&f.attrs);
                        let name = &f.sig.ident;
                        let line = format!("fn {ty}::{name} (in {path}){cfg}{method_cfg}");
                        self.push(owner.clone(), line);
                    }
                }
            }
            Item::Mod(i) => {
                let name = i.ident.to_string();
                let public = self.public && is_pub(&i.vis);
                let inner = format!("{path}::{name}");
                if public {
                    self.push(inner.clone(), format!("mod {inner}{cfg}"));
                }
                match &i.content {
                    Some((_, items)) => {
                        self.items(items, &dir.join(&name), &inner, &cfg, public);
                    }
                    None => {
                        let (file, sub) = module_file(dir, &name);
                        self.module(&file, &sub, &inner, &cfg, public);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The file of module `name` declared in `dir`, and the folder of its own
/// submodules.
fn module_file(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        (flat, dir.join(name))
    } else {
        (dir.join(name).join("mod.rs"), dir.join(name))
    }
}

/// The names a `pub use` makes public, each with the path it comes from.
fn leaves(tree: &UseTree, prefix: String, out: &mut Vec<(String, String)>) {
    match tree {
        UseTree::Path(p) => leaves(&p.tree, format!("{prefix}{}::", p.ident), out),
        UseTree::Name(n) if n.ident == "self" => {
            let from = prefix.trim_end_matches("::").to_owned();
            let name = from.rsplit("::").next().unwrap_or_default().to_owned();
            out.push((name, from));
        }
        UseTree::Name(n) => out.push((n.ident.to_string(), format!("{prefix}{}", n.ident))),
        UseTree::Rename(r) => out.push((r.rename.to_string(), format!("{prefix}{}", r.ident))),
        UseTree::Glob(_) => out.push(("*".to_owned(), format!("{prefix}*"))),
        UseTree::Group(g) => {
            for tree in &g.items {
                leaves(tree, prefix.clone(), out);
            }
        }
    }
}

fn is_pub(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// Whether an attribute `#[name(...)]` holds `inner`: `#[doc(hidden)]`,
/// but not a doc comment (`#[doc = "..."]`) that says "hidden".
fn has(attrs: &[Attribute], name: &str, inner: &str) -> bool {
    attrs.iter().any(|attr| match &attr.meta {
        Meta::List(list) => list.path.is_ident(name) && tokens(&list.tokens) == inner,
        _ => false,
    })
}

fn hidden(attrs: &[Attribute]) -> bool {
    has(attrs, "doc", "hidden")
}

fn test_only(attrs: &[Attribute]) -> bool {
    has(attrs, "cfg", "test")
}

fn exported(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .any(|attr| attr.path().is_ident("macro_export"))
}

/// ` [cfg(feature = "json")]` for an item behind a `cfg`, or nothing.
fn cfg_of(attrs: &[Attribute]) -> String {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .map(|attr| format!(" [{}]", tokens(&attr.meta)))
        .collect()
}

/// The first name a macro invocation gives, past its doc attributes: the
/// item it declares, for the runtime's declaring macros.
fn declared_name(tokens: &proc_macro2::TokenStream) -> Option<String> {
    let mut trees = tokens.clone().into_iter();
    while let Some(tree) = trees.next() {
        match tree {
            TokenTree::Punct(punct) if punct.as_char() == '#' => {
                trees.next();
            }
            TokenTree::Ident(ident) => return Some(ident.to_string()),
            _ => return None,
        }
    }
    None
}

/// The name of the type an impl is for, without its generics, and with
/// the path it is written with but for `crate`, `self` and `super`:
/// `codec::Message` for `codec::Message<M>`, so that the impls of a
/// private type are not taken for those of a public one of its name.
fn type_name(ty: &Type) -> String {
    match ty {
        Type::Path(path) => {
            let segments: Vec<String> = path
                .path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .skip_while(|name| ["crate", "self", "super"].contains(&name.as_str()))
                .collect();
            segments.join("::")
        }
        other => tokens(other),
    }
}

/// The absolute path of `from`, a `pub use` path written in module `path`.
fn absolute(path: &str, from: &str) -> String {
    match from.strip_prefix("crate::") {
        Some(rest) => format!("schemac_runtime::{rest}"),
        None => match from.strip_prefix("self::") {
            Some(rest) => format!("{path}::{rest}"),
            None => format!("{path}::{from}"),
        },
    }
}

fn tokens(node: &impl ToTokens) -> String {
    node.to_token_stream().to_string()
}
