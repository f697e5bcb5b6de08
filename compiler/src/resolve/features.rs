//! Features: what protobuf's editions let a file choose element by
//! element, and what proto2 and proto3 fix for a whole file.
//!
//! An editions file sets them with options, `option features.field_presence
//! = IMPLICIT;` or `[features.message_encoding = DELIMITED]`, or as a
//! message literal, `option features = { enum_type: CLOSED };`. Each
//! element's features are resolved as protoc resolves them: the edition's
//! defaults, then what the file sets, each enclosing message, the oneof
//! (for its fields) and the element itself. A proto2 or proto3 file has
//! the features its syntax stands for (`EDITION_LEGACY` and
//! `EDITION_PROTO3` in `descriptor.proto`), and a `.schema` file proto3's;
//! only an editions file may set them.
//!
//! Resolve lowers them into the model, so that nothing after it needs to
//! know about editions: `field_presence` is a field's [`FieldType`]
//! (`Optional`, `Single` or `Required`), `repeated_field_encoding` its
//! `packed`, `message_encoding` its `delimited`, `enum_type` an enum's
//! `closed`. Check reads what it needs of the rest from
//! [`Features`], through the model's files. The values of the options are
//! interpreted and checked against `descriptor.proto`'s `FeatureSet` as
//! every option is ([`super::interpret`]); a value that is not one of a
//! feature's is left to it to report, and resolved here as not set.
//!
//! [`FieldType`]: crate::model::FieldType

use crate::ast::{Dialect, Edition, LiteralName, LiteralValue, OptionDecl, OptionValue};
use crate::model::{Constant, Options};

/// The features of one element, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// `field_presence`: whether a singular field without a label has
    /// presence.
    pub presence: Presence,
    /// `enum_type = CLOSED`: a number the enum does not name is not one of
    /// its values.
    pub closed_enums: bool,
    /// `repeated_field_encoding = PACKED`: lists of numbers, bools and
    /// enums are written packed.
    pub packed: bool,
    /// `utf8_validation = VERIFY`: strings must be UTF-8 on the wire.
    pub verify_utf8: bool,
    /// `message_encoding = DELIMITED`: message fields are written between
    /// start and end group keys, as proto2's groups are.
    pub delimited: bool,
    /// `json_format = LEGACY_BEST_EFFORT`: JSON is not held to be
    /// well-formed (fields may share a JSON name).
    pub legacy_json: bool,
    /// `enforce_naming_style` (edition 2024): which of protobuf's naming
    /// rules names follow (`check::naming`).
    pub naming_style: NamingStyle,
    /// `default_symbol_visibility`, set on a file only: which of its
    /// messages and enums without `export` or `local` other files may use.
    pub default_visibility: DefaultVisibility,
}

/// `enforce_naming_style`: the rules of names that are enforced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NamingStyle {
    /// `STYLE_LEGACY`: none (before edition 2024).
    Legacy,
    /// `STYLE2024`: types, services and methods in TitleCase, fields,
    /// oneofs and packages in lower_snake_case, enum values in
    /// UPPER_SNAKE_CASE (edition 2024's default).
    Style2024,
    /// `STYLE2026`: 2024's, and no field or oneof name that generated
    /// code confuses with another's accessors (`has_x` beside `x`,
    /// `x_value` beside `x`, `descriptor`).
    Style2026,
}

/// `default_symbol_visibility`: the visibility of a message or enum that
/// neither `export` nor `local` marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultVisibility {
    /// `EXPORT_ALL`: every type is exported (before edition 2024).
    ExportAll,
    /// `EXPORT_TOP_LEVEL`: top-level types are exported, nested ones
    /// local (edition 2024's default).
    ExportTopLevel,
    /// `LOCAL_ALL`: every type is local.
    LocalAll,
    /// `STRICT`: every type is local, and a nested one cannot be
    /// exported, but for an enum in a local message that reserves every
    /// field number (`local message Ns { export enum E {...} reserved 1 to
    /// max; }`).
    Strict,
}

impl DefaultVisibility {
    /// Its name in `descriptor.proto`.
    pub fn name(self) -> &'static str {
        match self {
            DefaultVisibility::ExportAll => "EXPORT_ALL",
            DefaultVisibility::ExportTopLevel => "EXPORT_TOP_LEVEL",
            DefaultVisibility::LocalAll => "LOCAL_ALL",
            DefaultVisibility::Strict => "STRICT",
        }
    }

    /// Whether a type without a keyword is local: every one under
    /// `LOCAL_ALL` and `STRICT`, a nested one under `EXPORT_TOP_LEVEL`.
    pub fn local(self, nested: bool) -> bool {
        match self {
            DefaultVisibility::ExportAll => false,
            DefaultVisibility::ExportTopLevel => nested,
            DefaultVisibility::LocalAll | DefaultVisibility::Strict => true,
        }
    }
}

/// `field_presence`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// `EXPLICIT`: a field has presence (`optional`).
    Explicit,
    /// `IMPLICIT`: a field is absent when it holds its default.
    Implicit,
    /// `LEGACY_REQUIRED`: a field is `required`.
    LegacyRequired,
}

impl Features {
    /// The features of a file of `dialect` before it sets any: those of
    /// its edition, or those its syntax stands for.
    pub fn of(dialect: Dialect) -> Features {
        match dialect {
            Dialect::Proto2 => Features {
                presence: Presence::Explicit,
                closed_enums: true,
                packed: false,
                verify_utf8: false,
                delimited: false,
                legacy_json: true,
                naming_style: NamingStyle::Legacy,
                default_visibility: DefaultVisibility::ExportAll,
            },
            Dialect::Proto3 | Dialect::Schema => Features {
                presence: Presence::Implicit,
                closed_enums: false,
                packed: true,
                verify_utf8: true,
                delimited: false,
                legacy_json: false,
                naming_style: NamingStyle::Legacy,
                default_visibility: DefaultVisibility::ExportAll,
            },
            Dialect::Editions(Edition::E2023) => Features {
                presence: Presence::Explicit,
                closed_enums: false,
                packed: true,
                verify_utf8: true,
                delimited: false,
                legacy_json: false,
                naming_style: NamingStyle::Legacy,
                default_visibility: DefaultVisibility::ExportAll,
            },
            // What 2024 changes of the base features; of the languages'
            // features (`pb.cpp`, `pb.java`, `pb.go`), whose defaults
            // generate nothing here, docs/proto.md has the table.
            Dialect::Editions(Edition::E2024) => Features {
                naming_style: NamingStyle::Style2024,
                default_visibility: DefaultVisibility::ExportTopLevel,
                ..Features::of(Dialect::Editions(Edition::E2023))
            },
        }
    }

    /// The features of `file` as a later stage reads them from the model:
    /// its edition's, with what its own options set.
    pub fn of_file(file: &crate::model::File) -> Features {
        Features::of(file.dialect).with_interpreted(file.dialect, &file.options)
    }

    /// These features, with what `options`, an element's, set; only an
    /// editions file's options set any.
    pub fn with<'o>(
        mut self,
        dialect: Dialect,
        options: impl IntoIterator<Item = &'o OptionDecl>,
    ) -> Features {
        if !matches!(dialect, Dialect::Editions(_)) {
            return self;
        }
        for option in options {
            let parts = &option.name.parts;
            let (Some(first), rest) = (parts.first(), parts.get(1..).unwrap_or_default()) else {
                continue;
            };
            if first.extension || first.name != "features" {
                continue;
            }
            match (rest, &option.value) {
                ([feature], OptionValue::Name(value)) if !feature.extension => {
                    self.set(&feature.name, &value.name);
                }
                ([], OptionValue::Aggregate(literal)) => {
                    for field in &literal.fields {
                        if let (
                            LiteralName::Field(feature),
                            LiteralValue::Scalar(OptionValue::Name(value)),
                        ) = (&field.name, &field.value)
                        {
                            self.set(&feature.name, &value.name);
                        }
                    }
                }
                _ => {}
            }
        }
        self
    }

    /// These features, with what `options`, an element's options as
    /// interpreted into the model, set: for a later stage, which reads the
    /// model, to resolve a feature that nothing lowers into it
    /// (`enforce_naming_style`, `default_symbol_visibility`).
    pub fn with_interpreted(mut self, dialect: Dialect, options: &Options) -> Features {
        if !matches!(dialect, Dialect::Editions(_)) {
            return self;
        }
        let Some(features) = options.get("features") else {
            return self;
        };
        for value in &features.values {
            let Constant::Message(set) = value else {
                continue;
            };
            for feature in &set.fields {
                if let Some(Constant::Enum(_, value)) = feature.values.first() {
                    self.set(&feature.name, value);
                }
            }
        }
        self
    }

    /// Sets `feature` to `value`, when it is one of its values.
    fn set(&mut self, feature: &str, value: &str) {
        match (feature, value) {
            ("field_presence", "EXPLICIT") => self.presence = Presence::Explicit,
            ("field_presence", "IMPLICIT") => self.presence = Presence::Implicit,
            ("field_presence", "LEGACY_REQUIRED") => self.presence = Presence::LegacyRequired,
            ("enum_type", "OPEN") => self.closed_enums = false,
            ("enum_type", "CLOSED") => self.closed_enums = true,
            ("repeated_field_encoding", "PACKED") => self.packed = true,
            ("repeated_field_encoding", "EXPANDED") => self.packed = false,
            ("utf8_validation", "VERIFY") => self.verify_utf8 = true,
            ("utf8_validation", "NONE") => self.verify_utf8 = false,
            ("message_encoding", "LENGTH_PREFIXED") => self.delimited = false,
            ("message_encoding", "DELIMITED") => self.delimited = true,
            ("json_format", "ALLOW") => self.legacy_json = false,
            ("json_format", "LEGACY_BEST_EFFORT") => self.legacy_json = true,
            ("enforce_naming_style", "STYLE_LEGACY") => self.naming_style = NamingStyle::Legacy,
            ("enforce_naming_style", "STYLE2024") => self.naming_style = NamingStyle::Style2024,
            ("enforce_naming_style", "STYLE2026") => self.naming_style = NamingStyle::Style2026,
            ("default_symbol_visibility", value) => {
                self.default_visibility = match value {
                    "EXPORT_ALL" => DefaultVisibility::ExportAll,
                    "EXPORT_TOP_LEVEL" => DefaultVisibility::ExportTopLevel,
                    "LOCAL_ALL" => DefaultVisibility::LocalAll,
                    "STRICT" => DefaultVisibility::Strict,
                    _ => return,
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Features, Presence};
    use crate::ast::{Dialect, Edition, Item, Member, SchemaFile};
    use crate::source::FileId;

    /// The `.proto` file `text`, parsed.
    fn parse(text: &str) -> SchemaFile {
        let (file, diagnostics) = crate::syntax::proto::parse(FileId(0), "f.proto", text);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        file
    }

    /// The features of the file `text`'s first message's first field.
    fn first_field(text: &str) -> Features {
        let file = parse(text);
        let Some(Item::Message(message)) = file.items.first() else {
            panic!("no message");
        };
        let field = message.members.iter().find_map(|member| match member {
            Member::Field(field) => Some(field),
            _ => None,
        });
        let message_options = message.members.iter().filter_map(|member| match member {
            Member::Option(option) => Some(option),
            _ => None,
        });
        Features::of(file.dialect)
            .with(file.dialect, &file.options)
            .with(file.dialect, message_options)
            .with(file.dialect, &field.expect("a field").options)
    }

    #[test]
    fn each_syntax_and_edition_has_its_defaults() {
        let proto2 = Features::of(Dialect::Proto2);
        assert_eq!(proto2.presence, Presence::Explicit);
        assert!(proto2.closed_enums && !proto2.packed && proto2.legacy_json);
        let proto3 = Features::of(Dialect::Proto3);
        assert_eq!(proto3.presence, Presence::Implicit);
        assert!(!proto3.closed_enums && proto3.packed && proto3.verify_utf8);
        let edition = Features::of(Dialect::Editions(Edition::E2023));
        assert_eq!(edition.presence, Presence::Explicit);
        assert!(!edition.closed_enums && edition.packed && !edition.delimited);
    }

    #[test]
    fn the_file_then_the_message_then_the_field_decide() {
        let features = first_field(
            "edition = \"2023\";
             option features.field_presence = IMPLICIT;
             option features = { enum_type: CLOSED repeated_field_encoding: EXPANDED };
             message M {
               option features.json_format = LEGACY_BEST_EFFORT;
               int32 a = 1 [features.field_presence = LEGACY_REQUIRED];
             }",
        );
        assert_eq!(features.presence, Presence::LegacyRequired);
        assert!(features.closed_enums && !features.packed && features.legacy_json);
        let features = first_field(
            "edition = \"2023\";
             option features.field_presence = IMPLICIT;
             message M { M a = 1 [features.message_encoding = DELIMITED]; }",
        );
        assert_eq!(features.presence, Presence::Implicit);
        assert!(features.delimited);
    }

    /// `tests/grammar/editions.proto` lowered into the model: each field's
    /// features are what its type, `packed` and `delimited` say.
    #[test]
    fn the_model_holds_what_features_say() {
        use crate::model::{FieldType, Scalar, ValueType};

        let text = include_str!("../../../tests/grammar/editions.proto");
        let analysis =
            crate::analyze_text("editions.proto", text).unwrap_or_else(|e| panic!("{e}"));
        let schema = &analysis.schema;
        let item = schema.messages.iter().find(|m| m.name == "Item").unwrap();
        let field = |name: &str| item.fields.iter().find(|f| f.name == name).unwrap();
        // The file's IMPLICIT, and each field's own.
        assert!(matches!(
            field("id").ty,
            FieldType::Optional(ValueType::Scalar(Scalar::I32))
        ));
        assert!(field("id").default.is_some());
        assert!(matches!(field("code").ty, FieldType::Required(_)));
        assert!(matches!(
            field("kind").ty,
            FieldType::Optional(ValueType::Enum(_))
        ));
        assert!(
            matches!(field("label").ty, FieldType::Single(_)),
            "a oneof's member"
        );
        // A message field has presence whatever `field_presence` says.
        assert!(matches!(
            field("child").ty,
            FieldType::Single(ValueType::Message(_))
        ));
        assert!(field("child").delimited && field("note").delimited);
        assert!(!field("other").delimited && !field("notes").delimited);
        // The file's EXPANDED, and a field's PACKED.
        assert!(field("sizes").packed);
        let marks = schema
            .extensions
            .iter()
            .find(|e| e.field.name == "marks")
            .unwrap();
        assert!(!marks.field.packed);
        let extra = schema
            .extensions
            .iter()
            .find(|e| e.field.name == "extra")
            .unwrap();
        assert!(extra.field.delimited);
        let kind = schema.enums.iter().find(|e| e.name == "Kind").unwrap();
        assert!(kind.closed);
    }

    #[test]
    fn only_editions_set_features_and_unknown_values_change_nothing() {
        let proto3 = first_field(
            "syntax = \"proto3\";
             option features.field_presence = EXPLICIT;
             message M { int32 a = 1; }",
        );
        assert_eq!(proto3, Features::of(Dialect::Proto3));
        let edition = first_field(
            "edition = \"2023\";
             option features.field_presence = SOMETIMES;
             option features.(pb.cpp).legacy_closed_enum = true;
             message M { int32 a = 1; }",
        );
        assert_eq!(edition, Features::of(Dialect::Editions(Edition::E2023)));
    }
}
