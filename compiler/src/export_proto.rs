//! Export: the model of one file as an equivalent proto3 `.proto`.
//!
//! Any protobuf implementation that reads the exported file reads schemac's
//! bytes as the same values. Types are referred to by full name with a
//! leading dot, so no scoping rule of protobuf can pick another type.
//!
//! protobuf scopes enum value names at the enum's parent, so two enums in
//! one package may not share a value name. Each value is therefore exported
//! with the enum's name as a prefix (`Status.PENDING` → `STATUS_PENDING`)
//! unless it has it already; prost strips that prefix again, so prost's
//! Rust variants are the same as schemac's.
//!
//! `decimal` and `value` become the messages `schemac.Decimal` and
//! `schemac.Value` of a fixed file, [`TYPES_PROTO`], which an exported file
//! that uses them imports as [`TYPES_PROTO_NAME`].

use std::fmt::Write as _;
use std::path::Path;

use heck::ToShoutySnakeCase;

use crate::ast::Docs;
use crate::codegen::{Item, in_source_order};
use crate::model::{
    Enum, EnumId, Field, FieldType, Message, MessageId, Reserved, Schema, ValueType,
};
use crate::source::FileId;

/// The name by which exported files import the built-in types file.
pub const TYPES_PROTO_NAME: &str = "schemac/types.proto";

/// The package of the built-in types file, which a schema may not declare.
pub const TYPES_PACKAGE: &str = "schemac";

/// The built-in types file: `schemac.Decimal` for `decimal`, and
/// `schemac.Value` with its helpers for `value`, in package `schemac`.
pub const TYPES_PROTO: &str = include_str!("schemac/types.proto");

/// One exported `.proto` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtoFile {
    /// Its path relative to the export directory, as imports name it:
    /// `order.proto`, or [`TYPES_PROTO_NAME`].
    pub name: String,
    /// Its text.
    pub contents: String,
}

/// The largest field number, which `max` stands for in a message's
/// reserved ranges.
const MAX_FIELD_NUMBER: i64 = (1 << 29) - 1;

/// The `.proto` text for `file`. A file id not in the schema gives an
/// empty file.
pub fn export(schema: &Schema, file: FileId) -> String {
    let mut out = Out {
        schema,
        text: String::new(),
        depth: 0,
    };
    let Some(file) = schema.files.iter().find(|f| f.id == file) else {
        return out.text;
    };
    out.line(&format!(
        "// Exported by schemac from {}: the proto3 equivalent of the schema.",
        file.name
    ));
    out.line("syntax = \"proto3\";");
    if !file.package.is_empty() {
        out.blank();
        out.line(&format!("package {};", file.package.join(".")));
    }
    if !file.imports.is_empty() {
        out.blank();
    }
    for &import in &file.imports {
        if let Some(imported) = schema.files.iter().find(|f| f.id == import) {
            out.line(&format!("import \"{}\";", proto_file_name(&imported.name)));
        }
    }
    if uses_builtin_messages(schema, file.id) {
        if file.imports.is_empty() {
            out.blank();
        }
        out.line(&format!("import \"{TYPES_PROTO_NAME}\";"));
    }
    out.items(&file.messages, &file.enums);
    out.text
}

/// Every `.proto` file that `root` needs: its own, then those of the files
/// it imports, directly or not, then [`TYPES_PROTO`] if any of them uses
/// `decimal` or `value`. A file id not in the schema gives nothing.
pub fn export_all(schema: &Schema, root: FileId) -> Vec<ProtoFile> {
    let mut order = Vec::new();
    let mut next = vec![root];
    while let Some(id) = next.pop() {
        let Some(file) = schema.files.iter().find(|f| f.id == id) else {
            continue;
        };
        if order.contains(&id) {
            continue;
        }
        order.push(id);
        // Reversed, so that imports are exported in the order written.
        next.extend(file.imports.iter().rev());
    }
    let mut files: Vec<ProtoFile> = order
        .iter()
        .filter_map(|&id| schema.files.iter().find(|f| f.id == id))
        .map(|file| ProtoFile {
            name: proto_file_name(&file.name),
            contents: export(schema, file.id),
        })
        .collect();
    if order.iter().any(|&id| uses_builtin_messages(schema, id)) {
        files.push(ProtoFile {
            name: TYPES_PROTO_NAME.to_owned(),
            contents: TYPES_PROTO.to_owned(),
        });
    }
    files
}

/// Whether a field of a message declared in `file`, nested ones included,
/// is or holds a `decimal` or `value`.
fn uses_builtin_messages(schema: &Schema, file: FileId) -> bool {
    let builtin = |ty: ValueType| matches!(ty, ValueType::Scalar(s) if s.is_builtin_message());
    schema
        .messages
        .iter()
        .filter(|message| message.file == file)
        .flat_map(|message| &message.fields)
        .any(|field| match field.ty {
            FieldType::Single(ty) | FieldType::Optional(ty) | FieldType::List(ty) => builtin(ty),
            FieldType::Map(key, value) => key.is_builtin_message() || builtin(value),
        })
}

/// The name an exported file is imported by: the schema file's base name
/// with `.proto` for `.schema`, so that all exported files sit side by side.
pub(crate) fn proto_file_name(schema_file: &str) -> String {
    let base = Path::new(schema_file)
        .file_name()
        .map_or_else(|| schema_file.into(), |name| name.to_string_lossy());
    let stem = base.strip_suffix(".schema").unwrap_or(&base);
    format!("{stem}.proto")
}

/// The exported name of enum value `value` of `enumeration`.
pub(crate) fn value_name(enumeration: &Enum, value: &str) -> String {
    let prefix = format!("{}_", enumeration.name.to_shouty_snake_case());
    if value.to_shouty_snake_case().starts_with(&prefix) {
        value.to_owned()
    } else {
        format!("{prefix}{value}")
    }
}

/// A schema doc line made safe for a `//` comment. protoc's tokenizer ends
/// a comment at a NUL character, then refuses the character ("Invalid
/// control characters encountered in text"), so NUL is written as its
/// escape, `\u{0000}`, as codegen writes what rustc refuses in a comment.
fn comment_text(line: &str) -> String {
    line.replace('\0', "\\u{0000}")
}

/// The text being written, at an indentation depth.
struct Out<'a> {
    schema: &'a Schema,
    text: String,
    depth: usize,
}

impl Out<'_> {
    fn line(&mut self, line: &str) {
        for _ in 0..self.depth {
            self.text.push_str("  ");
        }
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn blank(&mut self) {
        self.text.push('\n');
    }

    fn docs(&mut self, docs: &Docs) {
        for line in docs {
            if line.is_empty() {
                self.line("//");
            } else {
                self.line(&format!("// {}", comment_text(line)));
            }
        }
    }

    /// Messages and enums in the order the schema declares them, each after
    /// a blank line.
    fn items(&mut self, messages: &[MessageId], enums: &[EnumId]) {
        let schema = self.schema;
        for item in in_source_order(schema, messages, enums) {
            self.blank();
            match item {
                Item::Message(id) => self.message(schema.message(id)),
                Item::Enum(id) => self.enumeration(schema.enumeration(id)),
            }
        }
    }

    fn message(&mut self, message: &Message) {
        self.docs(&message.docs);
        let reserved = &message.reserved;
        if message.fields.is_empty()
            && message.messages.is_empty()
            && message.enums.is_empty()
            && reserved.ranges.is_empty()
            && reserved.names.is_empty()
        {
            self.line(&format!("message {} {{}}", message.name));
            return;
        }
        self.line(&format!("message {} {{", message.name));
        self.depth += 1;
        let mut written = vec![false; message.oneofs.len()];
        for field in &message.fields {
            match field.oneof {
                None => self.field(field),
                Some(index) => {
                    if let Some(done @ false) = written.get_mut(index) {
                        *done = true;
                        self.oneof(message, index);
                    }
                }
            }
        }
        self.reserved(&message.reserved, MAX_FIELD_NUMBER, |name| name.to_owned());
        self.items(&message.messages, &message.enums);
        self.depth -= 1;
        self.line("}");
    }

    fn oneof(&mut self, message: &Message, index: usize) {
        let Some(oneof) = message.oneofs.get(index) else {
            return;
        };
        self.docs(&oneof.docs);
        self.line(&format!("oneof {} {{", oneof.name));
        self.depth += 1;
        for field in message.fields.iter().filter(|f| f.oneof == Some(index)) {
            self.field(field);
        }
        self.depth -= 1;
        self.line("}");
    }

    fn field(&mut self, field: &Field) {
        self.docs(&field.docs);
        let ty = match field.ty {
            FieldType::Single(ty) => self.type_name(ty),
            FieldType::Optional(ty) => format!("optional {}", self.type_name(ty)),
            FieldType::List(ty) => format!("repeated {}", self.type_name(ty)),
            FieldType::Map(key, value) => {
                format!("map<{}, {}>", key.proto_name(), self.type_name(value))
            }
        };
        self.line(&format!("{ty} {} = {};", field.name, field.number));
    }

    fn type_name(&self, ty: ValueType) -> String {
        match ty {
            ValueType::Scalar(scalar) => scalar.proto_name().to_owned(),
            ValueType::Enum(id) => format!(".{}", self.schema.enumeration(id).full_name),
            ValueType::Message(id) => format!(".{}", self.schema.message(id).full_name),
        }
    }

    fn enumeration(&mut self, enumeration: &Enum) {
        self.docs(&enumeration.docs);
        self.line(&format!("enum {} {{", enumeration.name));
        self.depth += 1;
        for value in &enumeration.values {
            self.docs(&value.docs);
            let name = value_name(enumeration, &value.name);
            self.line(&format!("{name} = {};", value.number));
        }
        self.reserved(&enumeration.reserved, i64::from(i32::MAX), |name| {
            value_name(enumeration, name)
        });
        self.depth -= 1;
        self.line("}");
    }

    /// `reserved 8, 10 to 12;` and `reserved "name";`, with `max` for a
    /// range that ends at `max`; names are exported by `rename`.
    fn reserved(&mut self, reserved: &Reserved, max: i64, rename: impl Fn(&str) -> String) {
        if !reserved.ranges.is_empty() {
            let mut line = String::from("reserved ");
            for (position, range) in reserved.ranges.iter().enumerate() {
                if position > 0 {
                    line.push_str(", ");
                }
                let _ = match range.end {
                    end if end == range.start => write!(line, "{end}"),
                    end if end == max => write!(line, "{} to max", range.start),
                    end => write!(line, "{} to {end}", range.start),
                };
            }
            line.push(';');
            self.line(&line);
        }
        if !reserved.names.is_empty() {
            let names: Vec<String> = reserved
                .names
                .iter()
                .map(|(name, _)| format!("\"{}\"", rename(name)))
                .collect();
            self.line(&format!("reserved {};", names.join(", ")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::tests::{Build, analyzed, shapes, shop};

    /// A schema that uses no built-in type.
    fn geo() -> Build {
        analyzed(include_str!("../../schemas/world_geo.schema"))
    }

    #[test]
    fn the_types_file_declares_the_reserved_package() {
        assert!(TYPES_PROTO.contains(&format!("\npackage {TYPES_PACKAGE};\n")));
    }

    #[test]
    fn enum_values_get_the_enum_prefix_once() {
        let status = &shop().schema.enums[0];
        assert_eq!(value_name(status, "PENDING"), "STATUS_PENDING");
        assert_eq!(value_name(status, "STATUS_PAID"), "STATUS_PAID");
        assert_eq!(value_name(status, "status_paid"), "status_paid");
    }

    #[test]
    fn shop_exports_as_proto3() {
        let text = export(&shop().schema, FileId(0));
        for expected in [
            "syntax = \"proto3\";\n\npackage shop;\n",
            "message Customer {\n  int64 id = 1;\n  string name = 2;\n  // Left out when the customer gave none.\n  optional string email = 3;\n}",
            "  repeated .shop.OrderLine order_lines = 4;\n  .shop.Customer customer = 5;\n",
            "enum Status {\n  // Placed, not yet paid.\n  STATUS_PENDING = 0;\n  STATUS_PAID = 1;\n  STATUS_SHIPPED = 2;\n}",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
    }

    #[test]
    fn oneofs_maps_and_reserved_export_in_place() {
        let text = export(&shapes().schema, FileId(0));
        for expected in [
            "  reserved 4 to 9, 100 to max, 12;\n  reserved \"legacy_name\";\n",
            "  oneof kind {\n    .shapes.Shape.Circle circle = 1;\n",
            "    double scale_only = 5;\n  }\n  optional string note = 6;\n",
            "  map<string, .shapes.Tree> by_name = 5;\n",
            "  repeated .shapes.Layer.Kind crate = 6;\n",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
    }

    #[test]
    fn builtin_types_are_messages_of_the_types_file() {
        let money = crate::codegen::tests::analyzed(include_str!("../../schemas/money.schema"));
        let text = export(&money.schema, FileId(0));
        for expected in [
            "package money;\n\nimport \"schemac/types.proto\";\n",
            "  optional .schemac.Decimal discount = 2;\n",
            "  map<uint32, .schemac.Decimal> by_day = 5;\n",
            "  repeated .schemac.Value history = 3;\n",
            "    .schemac.Value other = 3;\n",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
        // Only files that use them import the types file.
        assert!(!export(&geo().schema, FileId(0)).contains("types.proto"));
    }

    #[test]
    fn export_all_follows_imports_and_adds_the_types_file_when_used() {
        let names = |schema: &Schema, root: FileId| -> Vec<String> {
            let files = export_all(schema, root);
            files.into_iter().map(|file| file.name).collect()
        };
        let money = crate::codegen::tests::analyzed(include_str!("../../schemas/money.schema"));
        assert_eq!(
            names(&money.schema, FileId(0)),
            ["test.proto", TYPES_PROTO_NAME]
        );
        assert_eq!(names(&geo().schema, FileId(0)), ["test.proto"]);
        assert!(names(&geo().schema, FileId(9)).is_empty());
        let types = export_all(&money.schema, FileId(0)).pop().unwrap();
        assert_eq!(types.contents, TYPES_PROTO);
        assert!(TYPES_PROTO.contains("package schemac;"));
    }

    /// Found by the smoke test, which runs protoc on every export: a doc
    /// comment holding a NUL made protoc refuse the file.
    #[test]
    fn a_nul_in_a_doc_comment_is_escaped() {
        let build = analyzed("package p;\n/// a\0b\nmessage M {\n  /// c\0\n  x: i32 = 1;\n}\n");
        let text = export(&build.schema, FileId(0));
        assert!(!text.contains('\0'), "{text:?}");
        assert!(
            text.contains("// a\\u{0000}b\nmessage M {\n  // c\\u{0000}\n"),
            "{text}"
        );
    }

    #[test]
    fn imports_name_proto_files_side_by_side() {
        assert_eq!(
            proto_file_name("schemas/world_geo.schema"),
            "world_geo.proto"
        );
        assert_eq!(proto_file_name("geo.schema"), "geo.proto");
        assert_eq!(proto_file_name("odd"), "odd.proto");
    }
}
