//! The runtime's public API, pinned: every item a user of
//! `schemac-runtime` can name, by the paths a user types, read from its
//! source with syn, as a sorted list of lines with the features each
//! needs.
//!
//! An item is listed at each path it can be reached by from the crate's
//! root: through public modules, and through `pub use`s in them
//! (`schemac_runtime::DynamicValue`, not the private module it is defined in);
//! its fields, variants, trait members, methods and trait impls are
//! listed once, under the shortest of those paths. What is
//! `#[doc(hidden)]` (`__private`, the trait methods and codecs only
//! generated code calls) is not API and is left out, and so is what only
//! a hidden path reaches. syn does not expand macros: a `macro_rules!`
//! invocation that implements a trait is listed by the first name it
//! gives (`item ... (by seconds_and_nanos!)`). A change to the snapshot is
//! a change to the crate's semver surface: read it as such.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::TokenTree;
use quote::ToTokens;
use schemac_tests::workspace_root;
use syn::punctuated::Punctuated;
use syn::{Attribute, ImplItem, Item, Meta, Token, TraitItem, Type, UseTree, Visibility};

/// The crate's root path.
const ROOT: &str = "schemac_runtime";

#[test]
fn the_runtime_public_api_is_pinned() {
    let root = workspace_root().join("runtime/src");
    let mut source = Source::default();
    source.module(&root.join("lib.rs"), &root, ROOT, "");
    let api = Reach::of(&source);
    let lines = api.lines(&source);
    insta::assert_snapshot!(lines.join("\n"));
}

/// What the crate's source declares, private or not, but for what is
/// hidden or only compiled for tests.
#[derive(Default)]
struct Source {
    /// Each module by its path, with whether it is declared `pub`.
    modules: BTreeMap<String, bool>,
    /// The items that define a name, by their path.
    defs: BTreeMap<String, Def>,
    /// Each module's `use`s, `pub` or not.
    uses: Vec<Use>,
    impls: Vec<Impl>,
    /// Item-level macro invocations, as (module, first name, macro, cfg).
    invocations: Vec<(String, String, String, String)>,
}

struct Def {
    kind: &'static str,
    public: bool,
    cfg: String,
    /// The lines of its fields, variants or trait members, each with what
    /// follows the item's path: `field ::name`, as (kind, `::name` and cfg).
    members: Vec<(&'static str, String)>,
}

struct Use {
    module: String,
    public: bool,
    /// The name it gives, or `*` for a glob.
    name: String,
    /// The absolute path it names, and the path as written.
    target: String,
    written: String,
    cfg: String,
}

struct Impl {
    module: String,
    /// The self type's path as written, without generics (`Codec`,
    /// `compact_str::CompactString`).
    ty: String,
    /// The trait's path as written, and the trait as text, for a trait
    /// impl.
    trait_: Option<(String, String)>,
    generics: String,
    /// The public methods of an inherent impl, with their cfg.
    methods: Vec<(String, String)>,
    cfg: String,
}

impl Source {
    /// Reads the module in `file`, whose submodules are files in `dir`, at
    /// `path`, under the `cfg` of the modules around it.
    fn module(&mut self, file: &Path, dir: &Path, path: &str, cfg: &str) {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        self.items(&parsed.items, dir, path, cfg);
    }

    fn items(&mut self, items: &[Item], dir: &Path, path: &str, cfg: &str) {
        for item in items {
            self.item(item, dir, path, cfg);
        }
    }

    fn def(&mut self, path: &str, name: String, kind: &'static str, public: bool, cfg: &str) {
        let def = Def {
            kind,
            public,
            cfg: cfg.to_owned(),
            members: Vec::new(),
        };
        self.defs.insert(format!("{path}::{name}"), def);
    }

    fn item(&mut self, item: &Item, dir: &Path, path: &str, outer_cfg: &str) {
        let attrs = match item {
            Item::Const(i) => &i.attrs,
            Item::Enum(i) => &i.attrs,
            Item::Fn(i) => &i.attrs,
            Item::Mod(i) => &i.attrs,
            Item::Static(i) => &i.attrs,
            Item::Struct(i) => &i.attrs,
            Item::Trait(i) => &i.attrs,
            Item::Type(i) => &i.attrs,
            Item::Use(i) => &i.attrs,
            Item::Macro(i) => &i.attrs,
            Item::Impl(i) => &i.attrs,
            _ => return,
        };
        if hidden(attrs) || test_only(attrs) {
            return;
        }
        let cfg = format!("{outer_cfg}{}", cfg_of(attrs));
        match item {
            Item::Const(i) => self.def(path, i.ident.to_string(), "const", is_pub(&i.vis), &cfg),
            Item::Static(i) => self.def(path, i.ident.to_string(), "static", is_pub(&i.vis), &cfg),
            Item::Type(i) => self.def(path, i.ident.to_string(), "type", is_pub(&i.vis), &cfg),
            Item::Fn(i) => self.def(path, i.sig.ident.to_string(), "fn", is_pub(&i.vis), &cfg),
            Item::Macro(i) => match &i.ident {
                // `#[macro_export]` puts a macro at the crate's root.
                Some(name) if exported(&i.attrs) => {
                    self.def(ROOT, name.to_string(), "macro", true, &cfg)
                }
                Some(_) => {}
                None => {
                    let called = tokens(&i.mac.path);
                    if let Some(declared) = declared_name(&i.mac.tokens) {
                        self.invocations
                            .push((path.to_owned(), declared, called, cfg));
                    }
                }
            },
            Item::Struct(i) => {
                let name = i.ident.to_string();
                self.def(path, name.clone(), "struct", is_pub(&i.vis), &cfg);
                let members = i
                    .fields
                    .iter()
                    .filter(|field| is_pub(&field.vis))
                    .map(|field| {
                        let name = field.ident.as_ref().map_or("0".into(), |n| n.to_string());
                        ("field", format!("::{name}"))
                    });
                self.members(path, &name, members);
            }
            Item::Enum(i) => {
                let name = i.ident.to_string();
                self.def(path, name.clone(), "enum", is_pub(&i.vis), &cfg);
                let members = i
                    .variants
                    .iter()
                    .map(|variant| ("variant", format!("::{}", variant.ident)));
                self.members(path, &name, members);
            }
            Item::Trait(i) => {
                let name = i.ident.to_string();
                self.def(path, name.clone(), "trait", is_pub(&i.vis), &cfg);
                let members = i.items.iter().filter_map(|member| {
                    let (kind, name, attrs) = match member {
                        TraitItem::Fn(f) => ("fn", f.sig.ident.to_string(), &f.attrs),
                        TraitItem::Const(c) => ("const", c.ident.to_string(), &c.attrs),
                        TraitItem::Type(t) => ("type", t.ident.to_string(), &t.attrs),
                        _ => return None,
                    };
                    (!hidden(attrs)).then(|| (kind, format!("::{name}")))
                });
                self.members(path, &name, members);
            }
            Item::Use(i) => {
                let mut names = Vec::new();
                leaves(&i.tree, String::new(), &mut names);
                for (name, from) in names {
                    self.uses.push(Use {
                        module: path.to_owned(),
                        public: is_pub(&i.vis),
                        name,
                        target: absolute(path, &from),
                        written: from,
                        cfg: cfg.clone(),
                    });
                }
            }
            Item::Impl(i) => {
                let methods = i
                    .items
                    .iter()
                    .filter_map(|member| match member {
                        ImplItem::Fn(f) if is_pub(&f.vis) && !hidden(&f.attrs) => {
                            Some((f.sig.ident.to_string(), cfg_of(&f.attrs)))
                        }
                        _ => None,
                    })
                    .collect();
                let trait_ = i.trait_.as_ref().map(|(_, trait_path, _)| {
                    let written = trait_path
                        .segments
                        .iter()
                        .map(|segment| segment.ident.to_string())
                        .collect::<Vec<_>>()
                        .join("::");
                    (written, tokens(trait_path))
                });
                self.impls.push(Impl {
                    module: path.to_owned(),
                    ty: type_name(&i.self_ty),
                    trait_,
                    generics: tokens(&i.generics),
                    methods,
                    cfg,
                });
            }
            Item::Mod(i) => {
                let name = i.ident.to_string();
                let inner = format!("{path}::{name}");
                self.modules.insert(inner.clone(), is_pub(&i.vis));
                match &i.content {
                    Some((_, items)) => self.items(items, &dir.join(&name), &inner, &cfg),
                    None => {
                        let (file, sub) = module_file(dir, &name);
                        self.module(&file, &sub, &inner, &cfg);
                    }
                }
            }
            _ => {}
        }
    }

    fn members(
        &mut self,
        path: &str,
        name: &str,
        members: impl Iterator<Item = (&'static str, String)>,
    ) {
        if let Some(def) = self.defs.get_mut(&format!("{path}::{name}")) {
            def.members.extend(members);
        }
    }

    /// The definition or module that `path`, absolute, names: followed
    /// through modules and `use`s, public or not, as the compiler
    /// resolves a path inside the crate.
    fn resolve(&self, path: &str, depth: u32) -> Option<String> {
        if depth > 16 {
            return None;
        }
        if self.defs.contains_key(path) || self.modules.contains_key(path) || path == ROOT {
            return Some(path.to_owned());
        }
        let (parent, name) = path.rsplit_once("::")?;
        let parent = self.resolve(parent, depth + 1)?;
        let here = format!("{parent}::{name}");
        if self.defs.contains_key(&here) || self.modules.contains_key(&here) {
            return Some(here);
        }
        let uses = self.uses.iter().filter(|u| u.module == parent);
        let named = uses.clone().find(|u| u.name == name);
        if let Some(found) = named.and_then(|u| self.resolve(&u.target, depth + 1)) {
            return Some(found);
        }
        uses.filter(|u| u.name == "*").find_map(|u| {
            let glob = u.target.trim_end_matches("::*");
            self.resolve(&format!("{glob}::{name}"), depth + 1)
        })
    }

    /// What `written`, a path as written in `module`, names.
    fn resolve_in(&self, module: &str, written: &str) -> Option<String> {
        self.resolve(&absolute(module, written), 0)
    }
}

/// The paths by which a user reaches each definition.
struct Reach {
    /// The user paths of each definition (and module) by its path.
    paths: BTreeMap<String, BTreeSet<String>>,
    /// `use` lines for what a public `pub use` names outside the crate:
    /// (user path, target, cfg).
    external: BTreeSet<(String, String, String)>,
}

impl Reach {
    fn of(source: &Source) -> Self {
        let mut reach = Reach {
            paths: BTreeMap::new(),
            external: BTreeSet::new(),
        };
        let mut modules = vec![(ROOT.to_owned(), ROOT.to_owned())];
        while let Some((module, at)) = modules.pop() {
            if !reach.add(&module, &at) {
                continue;
            }
            for (path, &public) in &source.modules {
                if public && path.rsplit_once("::").map(|(parent, _)| parent) == Some(&module) {
                    let name = path.rsplit("::").next().unwrap_or_default();
                    modules.push((path.clone(), format!("{at}::{name}")));
                }
            }
            for (path, def) in &source.defs {
                if def.public && path.rsplit_once("::").map(|(parent, _)| parent) == Some(&module) {
                    let name = path.rsplit("::").next().unwrap_or_default();
                    reach.add(path, &format!("{at}::{name}"));
                }
            }
            for u in source
                .uses
                .iter()
                .filter(|u| u.public && u.module == module)
            {
                if u.name == "*" {
                    continue;
                }
                let user = format!("{at}::{}", u.name);
                match source.resolve(&u.target, 0) {
                    Some(target) if source.modules.contains_key(&target) => {
                        modules.push((target, user));
                    }
                    Some(target) => {
                        reach.add(&target, &user);
                    }
                    None => {
                        reach
                            .external
                            .insert((user, u.written.clone(), u.cfg.clone()));
                    }
                }
            }
        }
        reach
    }

    /// Records that `path` is reached at `user`; whether that is new.
    fn add(&mut self, path: &str, user: &str) -> bool {
        self.paths
            .entry(path.to_owned())
            .or_default()
            .insert(user.to_owned())
    }

    /// The path a definition's members are listed under: its shortest.
    fn canonical(&self, path: &str) -> Option<&str> {
        let paths = self.paths.get(path)?;
        paths
            .iter()
            .min_by_key(|user| (user.matches("::").count(), user.len(), user.as_str()))
            .map(String::as_str)
    }

    fn lines(&self, source: &Source) -> Vec<String> {
        let mut lines = BTreeSet::new();
        for (path, users) in &self.paths {
            if let Some(&public) = source.modules.get(path) {
                if public || path == ROOT {
                    for user in users.iter().filter(|user| *user != ROOT) {
                        lines.insert(format!("mod {user}"));
                    }
                }
                continue;
            }
            let Some(def) = source.defs.get(path) else {
                continue;
            };
            let cfg = &def.cfg;
            for user in users {
                lines.insert(format!("{} {user}{cfg}", def.kind));
            }
            let Some(canonical) = self.canonical(path) else {
                continue;
            };
            for (kind, member) in &def.members {
                lines.insert(format!("{kind} {canonical}{member}{cfg}"));
            }
        }
        for (user, target, cfg) in &self.external {
            lines.insert(format!("use {user} = {target}{cfg}"));
        }
        for i in &source.impls {
            let reached = |written: &str| {
                let found = source.resolve_in(&i.module, written)?;
                self.canonical(&found)
            };
            let cfg = &i.cfg;
            let generics = match i.generics.as_str() {
                "" => String::new(),
                generics => format!(" with {generics}"),
            };
            match (&i.trait_, reached(&i.ty)) {
                (None, Some(ty)) => {
                    for (method, method_cfg) in &i.methods {
                        lines.insert(format!("fn {ty}::{method}{cfg}{method_cfg}"));
                    }
                }
                // An impl of a trait of this crate that users cannot
                // name is not API.
                (Some((written, trait_)), Some(ty)) => {
                    let hidden_trait = source
                        .resolve_in(&i.module, written)
                        .is_some_and(|found| self.canonical(&found).is_none());
                    if !hidden_trait {
                        lines.insert(format!("impl {trait_} for {ty}{generics}{cfg}"));
                    }
                }
                // An impl for a type of another crate is API where its
                // trait is.
                (Some((written, trait_)), None) => {
                    if reached(written).is_some() {
                        let ty = &i.ty;
                        lines.insert(format!("impl {trait_} for {ty}{generics}{cfg}"));
                    }
                }
                (None, None) => {}
            }
        }
        for (module, declared, called, cfg) in &source.invocations {
            if called == "thread_local" {
                continue;
            }
            if let Some(item) = source.resolve_in(module, declared)
                && let Some(canonical) = self.canonical(&item)
            {
                lines.insert(format!("item {canonical} (by {called}!){cfg}"));
            }
        }
        lines.into_iter().collect()
    }
}

/// The file of module `name` declared in `dir`, and the folder of its
/// own submodules.
fn module_file(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        (flat, dir.join(name))
    } else {
        (dir.join(name).join("mod.rs"), dir.join(name))
    }
}

/// The names a `use` gives, each with the path it comes from.
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

/// Whether an item is `#[doc(hidden)]` (a doc comment that says "hidden",
/// `#[doc = "..."]`, is not).
fn hidden(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| match &attr.meta {
        Meta::List(list) => list.path.is_ident("doc") && tokens(&list.tokens) == "hidden",
        _ => false,
    })
}

/// Whether the item is compiled only for tests: its `cfg` requires
/// `test` (`cfg(test)`, `cfg(all(test, ...))`).
fn test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| match &attr.meta {
        Meta::List(list) if list.path.is_ident("cfg") => list
            .parse_args::<Meta>()
            .is_ok_and(|cfg| requires_test(&cfg)),
        _ => false,
    })
}

/// Whether the `cfg` predicate holds only under `test`.
fn requires_test(cfg: &Meta) -> bool {
    match cfg {
        Meta::Path(path) => path.is_ident("test"),
        Meta::List(list) if list.path.is_ident("all") => list
            .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .is_ok_and(|all| all.iter().any(requires_test)),
        _ => false,
    }
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
/// item it declares or implements for.
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

/// The path of the type an impl is for, as written, without its
/// generics: `codec::Message` for `codec::Message<M>`.
fn type_name(ty: &Type) -> String {
    match ty {
        Type::Path(path) => path
            .path
            .segments
            .iter()
            .map(|segment| segment.ident.to_string())
            .collect::<Vec<_>>()
            .join("::"),
        other => tokens(other),
    }
}

/// The absolute path of `from`, a `use` path written in module `path`:
/// `crate::`, `self::` and `super::` resolved; another path is taken
/// from the module (or, failing that, is another crate's).
fn absolute(path: &str, from: &str) -> String {
    let mut module = path.to_owned();
    let mut rest = from;
    loop {
        if let Some(after) = rest.strip_prefix("crate::") {
            return format!("{ROOT}::{after}");
        } else if let Some(after) = rest.strip_prefix("self::") {
            rest = after;
        } else if let Some(after) = rest.strip_prefix("super::") {
            module = module
                .rsplit_once("::")
                .map_or(module.clone(), |(parent, _)| parent.to_owned());
            rest = after;
        } else {
            return format!("{module}::{rest}");
        }
    }
}

fn tokens(node: &impl ToTokens) -> String {
    node.to_token_stream().to_string()
}
