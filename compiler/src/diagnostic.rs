//! Diagnostics are values: each has a stable code, a message, a labelled
//! span, and a `help:` line from the catalogue below.
//!
//! Stages collect them and the pipeline stops at a stage boundary when any
//! were raised. Only [`render`] turns them into text, through
//! codespan-reporting, as `file:line:col` with a caret snippet.

use std::fmt;

use codespan_reporting::diagnostic as report;
use codespan_reporting::term::{self, termcolor};

use crate::source::{SourceMap, Span};

/// A problem found in a schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of problem this is.
    pub code: Code,
    /// One sentence saying what is wrong, with the names involved.
    pub message: String,
    /// Where the problem is, with a short label.
    pub primary: Label,
    /// Other places worth seeing, such as an earlier definition.
    pub secondary: Vec<Label>,
    /// How to fix it; the catalogue's help for `code` unless replaced.
    pub help: String,
}

/// A span with a short text shown under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there; may be empty.
    pub text: String,
}

impl Diagnostic {
    /// A diagnostic of kind `code` at `span`, with the catalogue's label and help.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            primary: Label {
                span,
                text: code.label().to_owned(),
            },
            secondary: Vec::new(),
            help: code.help().to_owned(),
        }
    }

    /// Replaces the primary label's text.
    pub fn with_label(mut self, text: impl Into<String>) -> Self {
        self.primary.text = text.into();
        self
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            text: text.into(),
        });
        self
    }

    /// Replaces the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = help.into();
        self
    }
}

macro_rules! catalogue {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $label:literal, $help:literal;)*) => {
        /// The kinds of diagnostic, each with a stable code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[$doc])* $name,)*
        }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The stable code, such as `E0301`.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$name => $code,)* }
            }

            /// The default text under the primary span.
            pub const fn label(self) -> &'static str {
                match self { $(Code::$name => $label,)* }
            }

            /// The default `help:` line.
            pub const fn help(self) -> &'static str {
                match self { $(Code::$name => $help,)* }
            }
        }
    };
}

catalogue! {
    /// The text does not follow the grammar.
    Syntax = "E0001", "unexpected here",
        "see docs/language.md for the grammar";
    /// An integer literal does not fit in 64 bits.
    IntegerTooLarge = "E0002", "too large",
        "field numbers go up to 536870911 and enum values up to 2147483647";
    /// A `.proto` construct that schemac cannot hold yet.
    Unsupported = "E0003", "not supported",
        "schemac reads every proto2, proto3, edition 2023 and edition 2024 file that protoc 35 reads; a later edition is not supported yet";

    /// An imported file cannot be found.
    MissingImport = "E0101", "not found",
        "imports are looked up next to the importing file, then in each -I directory";
    /// Files import each other in a cycle.
    ImportCycle = "E0102", "this import closes a cycle",
        "move the shared types into a file that both can import";
    /// An imported file cannot be read.
    UnreadableImport = "E0103", "cannot be read",
        "check the file's permissions and that it is UTF-8 text";

    /// A type name does not resolve.
    UnknownType = "E0201", "unknown type",
        "declare the type, import the file that declares it, or fix the spelling";
    /// A type is declared in a file that is not imported here.
    TypeNotImported = "E0202", "declared in a file not imported here",
        "add an import of the file that declares it";
    /// Two types share a full name.
    DuplicateType = "E0203", "declared again here",
        "rename one of the types or move it into another package or message";
    /// A map key is not an integer, bool or string.
    InvalidMapKey = "E0204", "not a valid map key",
        "map keys must be an integer type, bool or string; not float, bytes, decimal, value, enum or message";
    /// A list or map nests inside another list or map, or is optional.
    InvalidNesting = "E0205", "cannot nest here",
        "wrap the inner list or map in a message of its own";
    /// A oneof member is optional, a list or a map.
    InvalidOneofField = "E0206", "not allowed in a oneof",
        "a oneof member is a single value; wrap lists and maps in a message";
    /// A message or enum is named like a built-in scalar.
    ScalarTypeName = "E0207", "named like a scalar",
        "a scalar name such as `string` always means the scalar; rename the type";
    /// A file declares the package `schemac`, which holds the built-in types.
    ReservedPackage = "E0208", "reserved for schemac",
        "exported .proto files declare `decimal` and `value` in the package `schemac`; pick another package";
    /// A `ref` or `weak` does not point at a message of the schema, or is
    /// where a reference cannot be.
    InvalidReference = "E0209", "not a reference to a message",
        "`ref T` and `weak T` point at a message `T` of the schema: as a field, a list element or a map value (docs/graph.md)";
    /// A message or enum local to its file (edition 2024: `local`, or
    /// its file's `default_symbol_visibility`) is used in another file,
    /// or a nested one is exported where the file's visibility is
    /// `STRICT`.
    LocalType = "E0210", "local to another file",
        "a `local` message or enum is used only in its own file; mark it `export` to use it from files that import its file";

    /// Two fields of a message share a number.
    DuplicateFieldNumber = "E0301", "number used again",
        "every field of a message, oneof members included, needs its own number";
    /// Two fields of a message share a name.
    DuplicateFieldName = "E0302", "name used again",
        "rename one of the fields";
    /// A field number is outside 1 to 536870911.
    FieldNumberOutOfRange = "E0303", "out of range",
        "field numbers go from 1 to 536870911 (2^29 - 1)";
    /// A field number is in protobuf's own range 19000 to 19999.
    FieldNumberInProtobufRange = "E0304", "reserved by protobuf",
        "numbers 19000 to 19999 are reserved for the protobuf implementation; pick another";
    /// A field uses a number the message reserves.
    ReservedNumber = "E0305", "this number is reserved",
        "reserved numbers belonged to deleted fields; reusing them breaks old data";
    /// A field or enum value uses a name the message or enum reserves.
    ReservedName = "E0306", "this name is reserved",
        "reserved names belonged to deleted fields; pick another name";
    /// An enum's first value is not 0.
    EnumFirstValueNotZero = "E0307", "must be 0",
        "the first value is the default and must be 0; add a value such as UNSPECIFIED = 0";
    /// Two values of an enum share a number.
    DuplicateEnumNumber = "E0308", "number used again",
        "every value of an enum needs its own number";
    /// Two values of an enum share a name.
    DuplicateEnumName = "E0309", "name used again",
        "rename one of the values";
    /// An enum value is outside the 32-bit signed range.
    EnumNumberOutOfRange = "E0310", "out of range",
        "enum values go from -2147483648 to 2147483647";
    /// Two names become the same name in the generated Rust.
    RustNameClash = "E0311", "clashes in Rust",
        "rename one of them; Rust names are cased with heck (snake_case fields, UpperCamelCase types)";
    /// A reserved range ends before it starts.
    EmptyReservedRange = "E0312", "empty range",
        "write the smaller number first, as in `reserved 10 to 12;`";
    /// A oneof has no members.
    EmptyOneof = "E0313", "no members",
        "add at least one member, or remove the oneof";
    /// An enum has no values.
    EmptyEnum = "E0314", "no values",
        "add a first value numbered 0";
    /// Two reserved ranges of a message or enum share a number.
    OverlappingReservedRange = "E0315", "reserved again",
        "reserve each number once: merge the ranges or drop the repeat (protoc refuses overlaps)";
    /// A message or enum reserves one name twice.
    DuplicateReservedName = "E0316", "reserved again",
        "reserve each name once: drop the repeat (protoc refuses it)";
    /// Two fields of a message read the same JSON key.
    JsonNameClash = "E0317", "same JSON name",
        "JSON reads each field by its name and by protobuf's lowerCamelCase name (or its json_name); rename one of the fields or give it a json_name";
    /// A field uses a number its message keeps for extensions.
    ExtensionNumber = "E0318", "kept for extensions",
        "pick a number outside the message's `extensions` ranges";
    /// Two kinds of declaration share a name in one protobuf scope.
    ProtobufScopeClash = "E0319", "name taken in protobuf's scope",
        "protobuf puts a message's fields, oneofs, nested types and nested enums' values in one scope, and a package's types and top-level enums' values in another; rename one";
    /// A field of a proto3 `.proto` file holds a closed (proto2) enum.
    ClosedEnumInProto3 = "E0320", "a closed enum in proto3",
        "proto3 messages hold open enums only (protoc refuses this): declare an enum in a proto3 file, or make this file proto2";
    /// A map's values are an enum whose first value is not 0.
    MapValueEnumNotZero = "E0321", "its first value is not 0",
        "a map's value enum must start at 0, the value an absent entry reads as (protoc refuses others): add a first value numbered 0";
    /// A method's request or response is not a message.
    InvalidRpcType = "E0322", "not a message",
        "a method sends and answers messages; wrap a scalar or an enum in a message of its own";
    /// Two methods of a service share a name.
    DuplicateMethodName = "E0323", "name used again",
        "rename one of the methods; gRPC calls a method by its service's name and its own";
    /// A message that a `ref` or `weak` points at declares a field,
    /// oneof, reservation or extension range that takes the number or a
    /// name of graph mode's `schemac_graph_id = 536870911`.
    GraphIdClash = "E0324", "kept for graph mode",
        "the exported .proto gives every message a `ref` or `weak` points at the field `schemac_graph_id = 536870911`, which numbers graph mode's shared objects (docs/graph.md); renumber or rename this, or end the range at 536870910";

    /// An extension extends what it cannot: a type that is no message of
    /// the schema.
    InvalidExtendee = "E0325", "cannot be extended",
        "`extend` names a message that declares `extensions` ranges, such as `google.protobuf.FieldOptions` for a custom field option";
    /// An extension's number is outside its message's extension ranges.
    ExtensionOutOfRange = "E0326", "not in an extension range",
        "an extension takes a number that its message keeps for extensions with `extensions N to M;`";
    /// Two extensions of one message share a number.
    DuplicateExtensionNumber = "E0327", "number used again",
        "every extension of a message needs its own number, across all files";
    /// An extension is declared where protobuf does not allow it:
    /// `required`, a map, a proto3 extension of a message that is not an
    /// options message.
    InvalidExtension = "E0328", "not a valid extension",
        "an extension is `optional` or `repeated`, of a scalar, an enum or a message";
    /// An extension range's declarations are not what protoc accepts, or
    /// an extension does not match its declaration.
    ExtensionDeclaration = "E0329", "not as declared",
        "an extension range's `declaration`s each name a number of the range once, with the full name and type of its extension; each extension of the range is as declared";
    /// A name breaks protobuf's naming style, which edition 2024
    /// enforces (`features.enforce_naming_style`).
    NamingStyle = "E0330", "not in protobuf's naming style",
        "edition 2024 holds names to protobuf's style guide: TitleCase types, services and methods, lower_snake_case fields, oneofs and packages, UPPER_SNAKE_CASE enum values; `features.enforce_naming_style = STYLE_LEGACY` turns it off";

    /// A message option is unknown, set twice, or has a value of the wrong kind.
    InvalidOption = "E0401", "not a valid option",
        "the message option is `option keep_unknown_fields = true;`";
    /// A `rust_attribute` option does not parse as outer Rust attributes.
    InvalidRustAttribute = "E0402", "not Rust attributes",
        "write one or more outer attributes, such as `#[derive(Hash)]`";
    /// A build's options ask for code that is not generated for this
    /// schema: views or JSON of graph messages.
    NotGenerated = "E0403", "not generated",
        "graph messages (those reaching a `ref` or `weak` field) have no views and no JSON; see docs/graph.md";
    /// An option's name resolves to nothing: no field of the options
    /// message, no extension of it.
    UnknownOption = "E0404", "unknown option",
        "standard options are the fields of google/protobuf/descriptor.proto's options messages; a custom option is an extension of one, named in parentheses: `(my.option)`";
    /// An option's value does not fit the option's type.
    InvalidOptionValue = "E0405", "does not fit the option",
        "write a value of the option's type: a number, a string, `true` or `false`, an enum value's name, or a message in braces";

    // Breaking changes between two versions of a schema (`schemac
    // breaking`, docs/evolution.md): B00xx break the bytes, B01xx the JSON,
    // B02xx the Rust code that uses the generated types.

    /// A field was deleted without reserving its number.
    FieldDeleted = "B0001", "deleted without reserving its number",
        "reserve the field's number and name";
    /// A field uses a number that the old version reserved.
    ReservedNumberReused = "B0002", "reuses a reserved number",
        "pick a fresh number; old data may hold the deleted field's values at this one";
    /// A field or enum value uses a name that the old version reserved.
    ReservedNameReused = "B0003", "reuses a reserved name",
        "pick another name; the reserved one belonged to a deleted field or value";
    /// A field number now has a type of another wire encoding.
    WireTypeChanged = "B0004", "a different wire type",
        "keep the old type, or add a new field with a fresh number and reserve this one";
    /// A field of one message type now has another message type.
    MessageTypeChanged = "B0005", "another message type",
        "keep the old type, or add a new field with a fresh number and reserve this one";
    /// A field changed to or from `decimal` or `value`.
    BuiltinTypeChanged = "B0006", "changed to or from a built-in message",
        "`decimal` and `value` travel as messages of their own; add a new field with a fresh number and reserve this one";
    /// A field changed between singular, list and map.
    CardinalityChanged = "B0007", "singular, list and map do not mix",
        "add a new field with a fresh number and reserve this one";
    /// A field moved into or out of a oneof, or between oneofs.
    OneofChanged = "B0008", "moved into, out of or between oneofs",
        "leave existing fields where they are; add new fields with fresh numbers to the oneof";
    /// An enum value was deleted without reserving its number.
    EnumValueDeleted = "B0009", "deleted without reserving its number",
        "reserve the value's number and name";
    /// An enum value has a new number.
    EnumValueRenumbered = "B0010", "renumbered",
        "give the value its old number back; numbers are what the bytes hold";
    /// A field became `required`.
    FieldMadeRequired = "B0011", "made required",
        "data written without the field no longer decodes; keep it optional";
    /// A field changed between a float and an integer of the same width:
    /// the bytes still read, as another number.
    FloatBitsReinterpreted = "B0012", "bits read as another kind of number",
        "keep the old type, or add a new field with a fresh number and reserve this one";
    /// A field changed between integer types of one wire encoding such
    /// that some old values read as other numbers: narrower, of other
    /// signedness, or `bool`.
    NumbersReinterpreted = "B0013", "some values read as other numbers",
        "keep the old type, or widen it (32 to 64 bits), which reads every old value alike; else add a new field with a fresh number and reserve this one";
    /// A field's default changed: old data without it reads as another
    /// value.
    DefaultChanged = "B0014", "default changed",
        "keep the old default: data written without the field meant it";
    /// A field was renamed: its JSON name changed.
    FieldRenamed = "B0101", "renamed",
        "JSON carries field names; keep the old name";
    /// A field's type reads the same bytes but writes other JSON.
    JsonTypeChanged = "B0102", "another JSON form",
        "keep the old type, or add a new field with a fresh number and reserve this one";
    /// An enum value was renamed: JSON carries value names.
    EnumValueRenamed = "B0103", "renamed",
        "JSON carries enum value names; keep the old name";
    /// A message or enum was renamed in its package.
    TypeRenamed = "B0104", "renamed",
        "type names travel in JSON (`Any`'s `@type`); keep the old name";
    /// A field or enum value was deleted, its number reserved but not its name.
    NameNotReserved = "B0105", "name not reserved",
        "reserve the deleted name too, so that no new field takes the JSON key";
    /// A field gained or lost `optional`: its Rust type changed.
    PresenceChanged = "B0201", "presence changed",
        "the Rust field changes between `T` and `Option<T>`; keep the old label";
    /// A message or enum was deleted.
    TypeDeleted = "B0202", "deleted",
        "code that names the type no longer compiles; keep it, perhaps documented as deprecated";
    /// A message or enum moved to another package or message.
    TypeMoved = "B0203", "moved",
        "code that names the type by its path no longer compiles; keep it where it was";
    /// A oneof was renamed: its Rust enum and field changed names.
    OneofRenamed = "B0204", "renamed",
        "the oneof's Rust field and enum are named after it; keep the old name";
    /// A field changed between `ref` and `weak`: the same bytes, another
    /// Rust type and ownership.
    ReferenceKindChanged = "B0205", "changed between `ref` and `weak`",
        "the Rust field changes between `Arc<T>` and `Weak<T>`, and only `ref` keeps its object alive; keep the old kind";

    // Lints (`schemac check`, docs/language.md#lints): warnings, which an
    // `allow = "W0001"` option on the item or an enclosing one silences.

    /// A field or oneof name is not snake_case.
    FieldNameCase = "W0001", "not snake_case",
        "fields and oneofs are snake_case; or silence this with `[allow = \"W0001\"]`";
    /// A message or enum name is not PascalCase.
    TypeNameCase = "W0002", "not PascalCase",
        "messages and enums are PascalCase; or silence this with `option allow = \"W0002\";`";
    /// An enum value name is not SCREAMING_SNAKE_CASE.
    EnumValueNameCase = "W0003", "not SCREAMING_SNAKE_CASE",
        "enum values are SCREAMING_SNAKE_CASE; or silence this with `option allow = \"W0003\";` in the enum";
    /// A file imports another whose types it never uses.
    UnusedImport = "W0004", "nothing here uses this import",
        "remove the import; a field that names one of its types needs it back";
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Something that must be fixed: schema errors (`E…`) and breaking
    /// changes (`B…`).
    Error,
    /// A lint (`W…`): worth fixing, but the schema still compiles.
    Warning,
}

impl Code {
    /// The severity of the code: a warning for the lints (`W…`), an
    /// error for everything else.
    pub const fn severity(self) -> Severity {
        match self.as_str().as_bytes()[0] {
            b'W' => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Renders `diagnostics` as `error[CODE]: message` (`warning[CODE]` for
/// lints) followed by
/// `file:line:col`, a caret snippet and the help line.
pub fn render(diagnostics: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    let mut buffer = if color {
        termcolor::Buffer::ansi()
    } else {
        termcolor::Buffer::no_color()
    };
    let config = term::Config::default();
    for diagnostic in diagnostics {
        let mut labels = vec![
            report::Label::primary(
                diagnostic.primary.span.file,
                diagnostic.primary.span.range(),
            )
            .with_message(&diagnostic.primary.text),
        ];
        labels.extend(diagnostic.secondary.iter().map(|label| {
            report::Label::secondary(label.span.file, label.span.range()).with_message(&label.text)
        }));
        let severity = match diagnostic.code.severity() {
            Severity::Error => report::Severity::Error,
            Severity::Warning => report::Severity::Warning,
        };
        let report = report::Diagnostic::new(severity)
            .with_code(diagnostic.code.as_str())
            .with_message(&diagnostic.message)
            .with_labels(labels)
            .with_notes(vec![format!("help: {}", diagnostic.help)]);
        // Writing to an in-memory buffer only fails for spans outside their
        // file, which the stages never make; render what we can regardless.
        if term::emit_to_write_style(&mut buffer, &config, sources, &report).is_err() {
            buffer.clear();
        }
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = Code::ALL.iter().map(|code| code.as_str()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), Code::ALL.len());
    }

    #[test]
    fn renders_file_line_col_caret_and_help() {
        let mut sources = SourceMap::new();
        let file = sources.add("shop.schema", "message A {\n  id: i64 = 0;\n}\n");
        let diagnostic = Diagnostic::new(
            Code::FieldNumberOutOfRange,
            Span::new(file, 24..25),
            "field number 0 is out of range",
        );
        let text = render(&[diagnostic], &sources, false);
        assert!(
            text.contains("error[E0303]: field number 0 is out of range"),
            "{text}"
        );
        assert!(text.contains("shop.schema:2:13"), "{text}");
        assert!(text.contains("^ out of range"), "{text}");
        assert!(text.contains("help: field numbers go from 1"), "{text}");
    }
}
