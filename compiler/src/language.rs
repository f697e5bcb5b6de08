//! What the syntax tree and the model say alike, so that the stages after
//! resolve read it without the syntax tree: the language and version a
//! file is written in ([`Dialect`], [`Edition`]), doc comments ([`Docs`]),
//! edition 2024's [`Visibility`] and the strength of a reference
//! ([`RefKind`]). `ast` and `model` both re-export them.

/// Doc comment lines (`///`), with the marker and one following space removed.
pub type Docs = Vec<String>;

/// The language a file is written in, which decides what a field without
/// a label means and whether lists of numbers are packed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// A `.schema` file: implicit presence, packed lists, open enums.
    #[default]
    Schema,
    /// A `.proto` file with `syntax = "proto2"` (or none): every singular
    /// field has presence, lists are unpacked unless `[packed = true]`,
    /// enums are closed.
    Proto2,
    /// A `.proto` file with `syntax = "proto3"`: as `.schema`.
    Proto3,
    /// A `.proto` file with `edition = "2023";`: what a field without a
    /// label means, and the rest, is what its features say
    /// (`resolve::features`), from the edition's defaults.
    Editions(Edition),
}

impl Dialect {
    /// Its number in `google.protobuf.Edition`, which `feature_support`
    /// compares: `EDITION_PROTO2` is 998, `EDITION_PROTO3` 999, an
    /// edition its own; `None` for a `.schema` file.
    pub fn edition_number(self) -> Option<i32> {
        match self {
            Dialect::Schema => None,
            Dialect::Proto2 => Some(998),
            Dialect::Proto3 => Some(999),
            Dialect::Editions(edition) => Some(edition.number()),
        }
    }

    /// How a message names it: `proto2`, `proto3`, `edition 2024`,
    /// `.schema`.
    pub fn describe(self) -> String {
        match self {
            Dialect::Schema => ".schema".to_owned(),
            Dialect::Proto2 => "proto2".to_owned(),
            Dialect::Proto3 => "proto3".to_owned(),
            Dialect::Editions(edition) => format!("edition {}", edition.name()),
        }
    }
}

/// An edition of protobuf's `.proto` language that schemac reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edition {
    /// `edition = "2023";`
    E2023,
    /// `edition = "2024";`: symbol visibility (`export`, `local`),
    /// `import option` and protobuf's naming style.
    E2024,
}

impl Edition {
    /// The edition a file names, `"2023"`; `None` for one schemac does
    /// not read.
    pub fn from_name(name: &str) -> Option<Edition> {
        match name {
            "2023" => Some(Edition::E2023),
            "2024" => Some(Edition::E2024),
            _ => None,
        }
    }

    /// Its name as a file writes it: `2023`.
    pub fn name(self) -> &'static str {
        match self {
            Edition::E2023 => "2023",
            Edition::E2024 => "2024",
        }
    }

    /// Its number in `google.protobuf.Edition`, which descriptors hold:
    /// `EDITION_2023` is 1000.
    pub fn number(self) -> i32 {
        match self {
            Edition::E2023 => 1000,
            Edition::E2024 => 1001,
        }
    }
}

/// Whether a `.proto` file's message or enum may be used by other files:
/// the keyword before it in edition 2024, `SymbolVisibility` in
/// descriptors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// `local`: only the file that declares it uses it.
    Local,
    /// `export`: any file that imports its file uses it.
    Export,
}

impl Visibility {
    /// The keyword that writes it.
    pub fn keyword(self) -> &'static str {
        match self {
            Visibility::Local => "local",
            Visibility::Export => "export",
        }
    }

    /// Its number in `google.protobuf.SymbolVisibility`.
    pub fn number(self) -> i32 {
        match self {
            Visibility::Local => 1,
            Visibility::Export => 2,
        }
    }
}

/// The strength of a reference to a shared message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefKind {
    /// `ref T`: holds the message alive (`Arc<T>`).
    Strong,
    /// `weak T`: a back reference that does not (`Weak<T>`); the cycles
    /// of a graph go through these.
    Weak,
}

impl RefKind {
    /// The keyword that writes it: `ref` or `weak`.
    pub const fn keyword(self) -> &'static str {
        match self {
            RefKind::Strong => "ref",
            RefKind::Weak => "weak",
        }
    }
}
