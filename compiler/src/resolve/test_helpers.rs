//! Hand-built syntax trees for the unit tests of resolve and check.
//!
//! [`World`] assembles files into a [`Loaded`] as the load stage would, and
//! [`Ast`] builds declarations with distinct spans, so that tests can say
//! where a diagnostic points without parsing any text.

use std::cell::Cell;

use crate::ast::{
    Dialect, EnumDecl, EnumValueDecl, FieldDecl, Ident, Import, IntLit, Item, Label, LabelKind,
    Member, MessageDecl, OneofDecl, Package, Reserved, ReservedItem, SchemaFile, TypeExpr,
    TypeName,
};
use crate::diagnostic::{Code, Diagnostic};
use crate::load::{Loaded, LoadedFile, LoadedImport};
use crate::model::{Enum, Message, Schema};
use crate::source::{FileId, SourceMap, Span};

/// Files under construction.
#[derive(Default)]
pub(crate) struct World {
    sources: SourceMap,
    files: Vec<LoadedFile>,
}

impl World {
    /// An empty world.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Adds the file `name` in `package` (dotted, or empty for none),
    /// importing the files with ids `imports`, holding the top-level
    /// messages and enums `build` makes.
    pub(crate) fn file(
        &mut self,
        name: &str,
        package: &str,
        imports: &[u32],
        build: impl FnOnce(&Ast) -> Vec<Member>,
    ) -> FileId {
        let file = self.sources.add(name, "");
        let ast = Ast {
            file,
            next: Cell::new(0),
        };
        let package = (!package.is_empty()).then(|| Package {
            segments: package.split('.').map(str::to_owned).collect(),
            span: ast.span(),
        });
        let imports: Vec<LoadedImport> = imports
            .iter()
            .map(|&target| LoadedImport {
                file: FileId(target),
                span: ast.span(),
                public: false,
                option: false,
            })
            .collect();
        let items = build(&ast)
            .into_iter()
            .filter_map(|member| match member {
                Member::Message(decl) => Some(Item::Message(decl)),
                Member::Enum(decl) => Some(Item::Enum(decl)),
                _ => None,
            })
            .collect();
        self.files.push(LoadedFile {
            ast: SchemaFile {
                file,
                dialect: Dialect::Schema,
                header: Vec::new(),
                options: Vec::new(),
                package,
                imports: imports
                    .iter()
                    .map(|import| Import {
                        path: format!("file{}.schema", import.file.0),
                        public: false,
                        option: false,
                        span: import.span,
                    })
                    .collect(),
                items,
                services: Vec::new(),
            },
            import_name: name.to_owned(),
            imports,
            implicit: false,
        });
        file
    }

    /// The files as the load stage would hand them over, the first as root.
    pub(crate) fn loaded(self) -> Loaded {
        Loaded {
            sources: self.sources,
            files: self.files,
            roots: vec![FileId(0)],
            diagnostics: Vec::new(),
        }
    }

    /// Resolves the files.
    pub(crate) fn resolve(self) -> (Schema, Vec<Diagnostic>) {
        crate::resolve::resolve(&self.loaded())
    }

    /// Resolves and checks the files, as the pipeline does.
    pub(crate) fn analyze(self) -> (Schema, Vec<Diagnostic>) {
        let (schema, mut diagnostics) = self.resolve();
        diagnostics.extend(crate::check::check(&schema));
        (schema, diagnostics)
    }
}

/// Builds the declarations of one file, each span distinct.
pub(crate) struct Ast {
    file: FileId,
    next: Cell<u32>,
}

impl Ast {
    /// A fresh span.
    pub(crate) fn span(&self) -> Span {
        let start = self.next.get();
        self.next.set(start + 10);
        Span {
            file: self.file,
            start,
            end: start + 5,
        }
    }

    /// A name.
    pub(crate) fn ident(&self, name: &str) -> Ident {
        Ident {
            name: name.to_owned(),
            span: self.span(),
        }
    }

    fn int(&self, value: i64) -> IntLit {
        IntLit {
            value,
            span: self.span(),
        }
    }

    /// `message name { members }`
    pub(crate) fn message(&self, name: &str, members: Vec<Member>) -> Member {
        Member::Message(MessageDecl {
            docs: Vec::new(),
            name: self.ident(name),
            visibility: None,
            members,
            span: self.span(),
        })
    }

    /// `enum name { values }`
    pub(crate) fn enumeration(&self, name: &str, values: &[(&str, i64)]) -> Member {
        self.enum_reserved(name, values, Vec::new())
    }

    /// `enum name { values reserved items; }`
    pub(crate) fn enum_reserved(
        &self,
        name: &str,
        values: &[(&str, i64)],
        reserved: Vec<ReservedItem>,
    ) -> Member {
        let name = self.ident(name);
        let values = values
            .iter()
            .map(|&(value, number)| EnumValueDecl {
                docs: Vec::new(),
                name: self.ident(value),
                number: self.int(number),
                options: Vec::new(),
                span: self.span(),
            })
            .collect();
        let reserved = if reserved.is_empty() {
            Vec::new()
        } else {
            vec![Reserved {
                items: reserved,
                span: self.span(),
            }]
        };
        Member::Enum(EnumDecl {
            docs: Vec::new(),
            name,
            visibility: None,
            values,
            reserved,
            options: Vec::new(),
            span: self.span(),
        })
    }

    /// `name: ty = number;` as a declaration, for oneofs.
    pub(crate) fn field_decl(&self, name: &str, ty: TypeExpr, number: i64) -> FieldDecl {
        FieldDecl {
            docs: Vec::new(),
            name: self.ident(name),
            label: None,
            ty,
            number: self.int(number),
            options: Vec::new(),
            group: false,
            span: self.span(),
        }
    }

    /// `name: optional ty = number;` as a declaration, for oneofs.
    pub(crate) fn optional_decl(&self, name: &str, ty: TypeExpr, number: i64) -> FieldDecl {
        let name = self.ident(name);
        let label = Some(Label {
            kind: LabelKind::Optional,
            span: self.span(),
        });
        FieldDecl {
            docs: Vec::new(),
            name,
            label,
            ty,
            number: self.int(number),
            options: Vec::new(),
            group: false,
            span: self.span(),
        }
    }

    /// `name: ty = number;`
    pub(crate) fn field(&self, name: &str, ty: TypeExpr, number: i64) -> Member {
        Member::Field(self.field_decl(name, ty, number))
    }

    /// `name: optional ty = number;`
    pub(crate) fn optional(&self, name: &str, ty: TypeExpr, number: i64) -> Member {
        Member::Field(self.optional_decl(name, ty, number))
    }

    /// `oneof name { fields }`
    pub(crate) fn oneof(&self, name: &str, fields: Vec<FieldDecl>) -> Member {
        Member::Oneof(OneofDecl {
            docs: Vec::new(),
            name: self.ident(name),
            fields,
            options: Vec::new(),
            span: self.span(),
        })
    }

    /// `reserved items;`
    pub(crate) fn reserved(&self, items: Vec<ReservedItem>) -> Member {
        Member::Reserved(Reserved {
            items,
            span: self.span(),
        })
    }

    /// A reserved number.
    pub(crate) fn number(&self, number: i64) -> ReservedItem {
        ReservedItem::Number(self.int(number))
    }

    /// `start to end`, or `start to max` when `end` is `None`.
    pub(crate) fn range(&self, start: i64, end: Option<i64>) -> ReservedItem {
        ReservedItem::Range {
            start: self.int(start),
            end: end.map(|end| self.int(end)),
            span: self.span(),
        }
    }

    /// A reserved name.
    pub(crate) fn name(&self, name: &str) -> ReservedItem {
        ReservedItem::Name(self.ident(name))
    }

    /// A type name: `i64`, `geo.Unit`, or `.world.geo.Unit` (absolute).
    pub(crate) fn ty(&self, name: &str) -> TypeExpr {
        let absolute = name.starts_with('.');
        TypeExpr::Named(TypeName {
            absolute,
            segments: name
                .trim_start_matches('.')
                .split('.')
                .map(str::to_owned)
                .collect(),
            span: self.span(),
        })
    }

    /// `list<element>`
    pub(crate) fn list(&self, element: TypeExpr) -> TypeExpr {
        TypeExpr::List {
            element: Box::new(element),
            span: self.span(),
        }
    }

    /// `map<key, value>`
    pub(crate) fn map(&self, key: TypeExpr, value: TypeExpr) -> TypeExpr {
        TypeExpr::Map {
            key: Box::new(key),
            value: Box::new(value),
            span: self.span(),
        }
    }
}

/// The codes of `diagnostics`, in order.
pub(crate) fn codes(diagnostics: &[Diagnostic]) -> Vec<Code> {
    diagnostics
        .iter()
        .map(|diagnostic| diagnostic.code)
        .collect()
}

/// The message named `full_name`.
pub(crate) fn message<'s>(schema: &'s Schema, full_name: &str) -> &'s Message {
    schema
        .messages
        .iter()
        .find(|message| message.full_name == full_name)
        .unwrap_or_else(|| panic!("no message `{full_name}`"))
}

/// The enum named `full_name`.
pub(crate) fn enumeration<'s>(schema: &'s Schema, full_name: &str) -> &'s Enum {
    schema
        .enums
        .iter()
        .find(|enumeration| enumeration.full_name == full_name)
        .unwrap_or_else(|| panic!("no enum `{full_name}`"))
}
