//! What proto2, proto3 and the editions make of a field or an enum: the
//! features protobuf resolves from the edition's defaults, then the file's,
//! each enclosing message's and the element's own `features` options.
//! proto2 and proto3 files set no `features`; their syntax fixes them.

use super::descriptor::feature_set::{
    EnumType, FieldPresence, MessageEncoding, RepeatedFieldEncoding,
};
use super::descriptor::field_descriptor_proto::{Label, Type};
use super::descriptor::{Edition, FeatureSet, FieldDescriptorProto, FileDescriptorProto};

/// The features that change how a field reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Features {
    presence: FieldPresence,
    enum_type: EnumType,
    repeated: RepeatedFieldEncoding,
    message_encoding: MessageEncoding,
}

/// `set`, where it is set to a value other than the unknown one (each
/// feature's default), else `old`.
fn pick<T: PartialEq + Default>(set: Option<T>, old: T) -> T {
    match set {
        Some(value) if value != T::default() => value,
        _ => old,
    }
}

/// The language a file is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Syntax {
    Proto2,
    Proto3,
    Editions,
}

impl Syntax {
    pub(super) fn of(file: &FileDescriptorProto) -> Syntax {
        match file.syntax.as_deref() {
            Some("proto3") => Syntax::Proto3,
            Some("editions") => Syntax::Editions,
            _ => Syntax::Proto2,
        }
    }
}

impl Features {
    /// The defaults of `file`'s syntax or edition (2023 and 2024 alike in
    /// these features), with the file's own `features` over them.
    pub(super) fn of_file(file: &FileDescriptorProto) -> Features {
        let defaults = match (Syntax::of(file), file.edition) {
            (Syntax::Proto2, _) | (_, Some(Edition::Proto2)) => Features {
                presence: FieldPresence::Explicit,
                enum_type: EnumType::Closed,
                repeated: RepeatedFieldEncoding::Expanded,
                message_encoding: MessageEncoding::LengthPrefixed,
            },
            (Syntax::Proto3, _) | (_, Some(Edition::Proto3)) => Features {
                presence: FieldPresence::Implicit,
                enum_type: EnumType::Open,
                repeated: RepeatedFieldEncoding::Packed,
                message_encoding: MessageEncoding::LengthPrefixed,
            },
            (Syntax::Editions, _) => Features {
                presence: FieldPresence::Explicit,
                enum_type: EnumType::Open,
                repeated: RepeatedFieldEncoding::Packed,
                message_encoding: MessageEncoding::LengthPrefixed,
            },
        };
        let own = file.options.as_ref().and_then(|o| o.features.as_ref());
        defaults.with(own)
    }

    /// These features with those `set` sets over them.
    pub(super) fn with(self, set: Option<&FeatureSet>) -> Features {
        let Some(set) = set else {
            return self;
        };
        Features {
            presence: pick(set.field_presence, self.presence),
            enum_type: pick(set.enum_type, self.enum_type),
            repeated: pick(set.repeated_field_encoding, self.repeated),
            message_encoding: pick(set.message_encoding, self.message_encoding),
        }
    }

    /// Whether an enum under these features is closed: a number it does
    /// not name is not one of its values.
    pub(super) fn closed(self) -> bool {
        self.enum_type == EnumType::Closed
    }
}

/// How a field reads and writes, resolved once as it joins the pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct FieldShape {
    pub(super) required: bool,
    pub(super) presence: bool,
    pub(super) packed: bool,
    pub(super) delimited: bool,
}

impl FieldShape {
    /// The shape of `field` of a file in `syntax`, under `features` (its
    /// own `features` included), in a oneof or not, a message or not.
    pub(super) fn of(
        field: &FieldDescriptorProto,
        syntax: Syntax,
        features: Features,
        in_oneof: bool,
        is_message: bool,
    ) -> FieldShape {
        let ty = field.r#type;
        let repeated = field.label == Some(Label::Repeated);
        let packable = !matches!(
            ty,
            Some(Type::String | Type::Bytes | Type::Message | Type::Group) | None
        );
        let packed_option = field.options.as_ref().and_then(|o| o.packed);
        let required = field.label == Some(Label::Required)
            || (syntax == Syntax::Editions
                && !repeated
                && features.presence == FieldPresence::LegacyRequired);
        let presence = !repeated
            && match syntax {
                Syntax::Proto2 => true,
                // An extension has presence, in proto3 too (custom options).
                Syntax::Proto3 => {
                    is_message
                        || in_oneof
                        || field.extendee.is_some()
                        || field.proto3_optional == Some(true)
                }
                Syntax::Editions => {
                    is_message
                        || in_oneof
                        || field.extendee.is_some()
                        || features.presence != FieldPresence::Implicit
                }
            };
        let packed = repeated
            && packable
            && match syntax {
                Syntax::Proto2 => packed_option == Some(true),
                Syntax::Proto3 => packed_option != Some(false),
                Syntax::Editions => {
                    packed_option.unwrap_or(features.repeated == RepeatedFieldEncoding::Packed)
                }
            };
        let delimited = ty == Some(Type::Group)
            || (syntax == Syntax::Editions
                && ty == Some(Type::Message)
                && features.message_encoding == MessageEncoding::Delimited);
        FieldShape {
            required,
            presence,
            packed,
            delimited,
        }
    }
}
