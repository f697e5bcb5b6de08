//! Options and features held to the editions they live in, as protoc 35
//! holds them (`ValidateFeatureLifetimes`): an option field or a feature
//! whose definition's `feature_support` says `edition_introduced` cannot
//! be set in an earlier edition, nor in its `edition_removed` or later
//! (`java_multiple_files` in edition 2024, a feature of 2024 in edition
//! 2023), and the same of the enum value it is set to. A proto2 file is of
//! `EDITION_PROTO2`, a proto3 file of `EDITION_PROTO3`.
//!
//! protoc also warns of what is deprecated (`edition_deprecated`); schemac
//! does not: check reports errors only.
//!
//! And edition 2024 refuses `ctype`, whose work the feature
//! `(pb.cpp).string_type` does.

use crate::diagnostic::{Code, Diagnostic};
use crate::language::{Dialect, Edition};
use crate::model::{Constant, FieldDefinition, OptionField, OptionType, Options, Schema};
use crate::source::FileId;

/// Reports every option and feature set outside the editions that have
/// it.
pub(super) fn check(schema: &Schema, diagnostics: &mut Vec<Diagnostic>) {
    let mut checker = Checker {
        schema,
        diagnostics,
    };
    for file in schema.files.iter().filter(|file| !file.implicit) {
        checker.options(file.id, &file.options);
    }
    for message in &schema.messages {
        checker.options(message.file, &message.options);
        for options in &message.extension_range_options {
            checker.options(message.file, options);
        }
        for oneof in &message.oneofs {
            checker.options(message.file, &oneof.options);
        }
        for field in &message.fields {
            checker.options(message.file, &field.options);
            checker.ctype(message.file, &field.options);
        }
    }
    for extension in &schema.extensions {
        checker.options(extension.file, &extension.field.options);
        checker.ctype(extension.file, &extension.field.options);
    }
    for enumeration in &schema.enums {
        checker.options(enumeration.file, &enumeration.options);
        for value in &enumeration.values {
            checker.options(enumeration.file, &value.options);
        }
    }
    for service in &schema.services {
        checker.options(service.file, &service.options);
        for method in &service.methods {
            checker.options(service.file, &method.options);
        }
    }
}

struct Checker<'a> {
    schema: &'a Schema,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Checker<'_> {
    /// Reports what `options`, set in `file`, hold outside its edition;
    /// nothing in a `.schema` file.
    fn options(&mut self, file: FileId, options: &Options) {
        let dialect = self.schema.dialect(file);
        if dialect.edition_number().is_some() {
            self.walk(dialect, options);
        }
    }

    fn walk(&mut self, dialect: Dialect, options: &Options) {
        for field in &options.fields {
            let definition = match field.definition {
                FieldDefinition::Field(message, index) => {
                    self.schema.message(message).fields.get(index)
                }
                FieldDefinition::Extension(id) => Some(&self.schema.extension(id).field),
                FieldDefinition::Fixed => None,
            };
            if let Some(definition) = definition {
                self.lifetime(dialect, &definition.full_name, &definition.options, field);
            }
            for value in &field.values {
                match (field.ty, value) {
                    (_, Constant::Message(inner)) => self.walk(dialect, inner),
                    (OptionType::Enum(id), Constant::Enum(number, _)) => {
                        let enumeration = self.schema.enumeration(id);
                        let Some(value) = (enumeration.values.iter())
                            .find(|value| value.number == i64::from(*number))
                        else {
                            continue;
                        };
                        // protoc names an enum value beside its enum.
                        let full_name = match enumeration.full_name.rsplit_once('.') {
                            Some((scope, _)) => format!("{scope}.{}", value.name),
                            None => value.name.clone(),
                        };
                        self.lifetime(dialect, &full_name, &value.options, field);
                    }
                    _ => {}
                }
            }
        }
    }

    /// Reports `field`, set in a file of `dialect`, when the
    /// `feature_support` among `definition` (the options of what it sets,
    /// named `full_name`) does not have it in that edition.
    fn lifetime(
        &mut self,
        dialect: Dialect,
        full_name: &str,
        definition: &Options,
        field: &OptionField,
    ) {
        let Some(Constant::Message(support)) = definition
            .get("feature_support")
            .and_then(|support| support.values.first())
        else {
            return;
        };
        let edition_of = |name: &str| match support.get(name).map(|f| &f.values[..]) {
            Some([Constant::Enum(number, name)]) => Some((*number, edition_name(name))),
            _ => None,
        };
        let Some(edition) = dialect.edition_number() else {
            return;
        };
        let here = dialect.describe();
        if let Some((introduced, name)) = edition_of("edition_introduced")
            && edition < introduced
        {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    field.span,
                    format!("`{full_name}` came in edition {name}, and cannot be set in {here}"),
                )
                .with_label(format!("not in {here}"))
                .with_help(format!(
                    "remove it, or write the file in edition {name} or later"
                )),
            );
        }
        if let Some((removed, name)) = edition_of("edition_removed")
            && edition >= removed
        {
            let error = match support.get("removal_error").and_then(|f| f.values.first()) {
                Some(Constant::String(error)) => format!(": {error}"),
                _ => String::new(),
            };
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidOption,
                    field.span,
                    format!("`{full_name}` has been removed in edition {name}{error}"),
                )
                .with_label(format!("not in {here}"))
                .with_help("remove it; protoc refuses it from that edition on"),
            );
        }
    }

    /// Reports `ctype` among a field's `options` in edition 2024 or later.
    fn ctype(&mut self, file: FileId, options: &Options) {
        let Some(ctype) = options.get("ctype") else {
            return;
        };
        if !matches!(self.schema.dialect(file), Dialect::Editions(edition) if edition >= Edition::E2024)
        {
            return;
        }
        self.diagnostics.push(
            Diagnostic::new(
                Code::InvalidOption,
                ctype.span,
                "`ctype` in edition 2024: the option is not allowed from edition 2024 on",
            )
            .with_label("not in edition 2024")
            .with_help(
                "set the feature `(pb.cpp).string_type` (VIEW, CORD or STRING) instead, \
                 importing `google/protobuf/cpp_features.proto`",
            ),
        );
    }
}

/// An edition's name without `EDITION_`: `2024`, `PROTO2`.
fn edition_name(name: &str) -> String {
    name.strip_prefix("EDITION_").unwrap_or(name).to_owned()
}
