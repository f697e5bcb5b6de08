//! The oracle: every `.proto` file of the repository parsed by the old
//! path (protox-parse and its lowering, in `old.rs`) and by the new
//! parser, the trees compared.

use std::path::{Path, PathBuf};

use super::{old, parse};
use crate::ast::{
    EnumDecl, ExtendDecl, FieldDecl, IntLit, Item, Member, MessageDecl, OptionDecl, OptionValue,
    Reserved, ReservedItem, SchemaFile, TypeExpr,
};
use crate::source::FileId;

/// Brings the new parser's tree to the old path's conventions where the
/// old path had less to go by (a descriptor holds no place for them), so
/// that what is left to differ is a difference.
fn as_old(tree: &mut SchemaFile) {
    for item in &mut tree.items {
        match item {
            Item::Message(message) => message_as_old(message),
            Item::Enum(enumeration) => enum_as_old(enumeration),
            Item::Extend(extend) => extend_as_old(extend),
        }
    }
}

fn message_as_old(message: &mut MessageDecl) {
    for member in &mut message.members {
        match member {
            Member::Field(field) => field_as_old(field),
            Member::Oneof(oneof) => oneof.fields.iter_mut().for_each(field_as_old),
            Member::Reserved(reserved) => reserved_as_old(reserved, false),
            Member::Extensions(ranges) => reserved_as_old(&mut ranges.ranges, false),
            Member::Message(nested) => message_as_old(nested),
            Member::Enum(nested) => enum_as_old(nested),
            Member::Extend(extend) => extend_as_old(extend),
            Member::Option(_) => {}
        }
    }
}

fn enum_as_old(enumeration: &mut EnumDecl) {
    for reserved in &mut enumeration.reserved {
        reserved_as_old(reserved, true);
    }
}

/// 1. An `extend` block spans its fields: a descriptor has no place for
///    the block of an extension.
fn extend_as_old(extend: &mut ExtendDecl) {
    extend.fields.iter_mut().for_each(field_as_old);
    if let (Some(first), Some(last)) = (extend.fields.first(), extend.fields.last()) {
        extend.span = first.span.to(last.span);
    }
}

/// 2. A range's ends span the whole range, a range of one number is the
///    number, and an enum's `max` is its number: a descriptor holds a
///    range's numbers and one place for it.
fn reserved_as_old(reserved: &mut Reserved, in_enum: bool) {
    for item in &mut reserved.items {
        let ReservedItem::Range { start, end, span } = item else {
            continue;
        };
        if in_enum && end.is_none() {
            *end = Some(IntLit {
                value: i64::from(i32::MAX),
                span: *span,
            });
        }
        start.span = *span;
        if let Some(end) = end {
            end.span = *span;
            if end.value == start.value {
                *item = ReservedItem::Number(*start);
            }
        }
    }
}

/// 3. A map's key and value span the whole `map<K, V>`: a descriptor has
///    no place for them.
fn field_as_old(field: &mut FieldDecl) {
    if let TypeExpr::Map { key, value, span } = &mut field.ty {
        for part in [key, value] {
            if let TypeExpr::Named(name) = part.as_mut() {
                name.span = *span;
            }
        }
    }
}

/// 4. In both trees, `default` spans its value, `json_name` the end of
///    its value, and a float's default is the number it is: the old path
///    had their values' places and the numbers protox-parse read (`1e-7`
///    was `0.0000001`, `inf` and `0` numbers), and the place of all of
///    `json_name` was the whole option or its value by the luck of an
///    unstable sort.
fn properties_alike(tree: &mut SchemaFile) {
    fn message(decl: &mut MessageDecl) {
        for member in &mut decl.members {
            match member {
                Member::Field(field) => field.options.iter_mut().for_each(property),
                Member::Oneof(oneof) => oneof
                    .fields
                    .iter_mut()
                    .for_each(|field| field.options.iter_mut().for_each(property)),
                Member::Message(nested) => message(nested),
                Member::Extend(extend) => extend
                    .fields
                    .iter_mut()
                    .for_each(|field| field.options.iter_mut().for_each(property)),
                _ => {}
            }
        }
    }
    fn property(option: &mut OptionDecl) {
        if !matches!(option.name.as_simple(), Some("default" | "json_name")) {
            return;
        }
        let mut span = option.value.span();
        if option.name.as_simple() == Some("json_name") {
            span.start = span.end;
        }
        option.span = span;
        option.name.span = span;
        option.name.parts[0].span = span;
        let number = match &option.value {
            OptionValue::Number(text, _) => text.parse::<f64>().ok(),
            OptionValue::Name(name) => name.name.parse::<f64>().ok(),
            OptionValue::Integer(int) => Some(int.value as f64),
            _ => None,
        };
        option.value = match (number, &option.value) {
            (Some(number), _) => OptionValue::Number(format!("{number:?}"), span),
            (None, OptionValue::String(text, _)) => OptionValue::String(text.clone(), span),
            (None, value) => value.clone(),
        };
    }
    for item in &mut tree.items {
        match item {
            Item::Message(decl) => message(decl),
            Item::Extend(extend) => extend
                .fields
                .iter_mut()
                .for_each(|field| field.options.iter_mut().for_each(property)),
            Item::Enum(_) => {}
        }
    }
}

/// The directories whose `.proto` files are compared, below the
/// repository's root.
const DIRS: &[&str] = &["compiler", "schemas", "tests"];

fn proto_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n == "target" || n == "corpus_out")
            {
                continue;
            }
            proto_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            out.push(path);
        }
    }
}

/// The first line where the two trees' debug forms differ, with context.
fn first_difference(old: &SchemaFile, new: &SchemaFile) -> String {
    let old = format!("{old:#?}");
    let new = format!("{new:#?}");
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    let at = old
        .iter()
        .zip(&new)
        .position(|(a, b)| a != b)
        .unwrap_or(old.len().min(new.len()));
    let from = at.saturating_sub(12);
    let context =
        |lines: &[&str]| lines[from.min(lines.len())..(at + 3).min(lines.len())].join("\n");
    format!("old:\n{}\nnew:\n{}", context(&old), context(&new))
}

#[test]
fn the_parser_builds_the_trees_protox_parse_built() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in DIRS {
        proto_files(&root.join(dir), &mut files);
    }
    let mut compared = 0;
    let mut refused = Vec::new();
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let (old_tree, old_diagnostics) = old::parse(FileId(0), &name, &text);
        let (new_tree, new_diagnostics) = parse(FileId(0), &name, &text);
        if !old_diagnostics.is_empty() {
            refused.push(format!(
                "{name}: old: {}; new: {:?}",
                old_diagnostics[0].message,
                new_diagnostics
                    .iter()
                    .map(|d| &d.message)
                    .collect::<Vec<_>>()
            ));
            continue;
        }
        if !new_diagnostics.is_empty() {
            failures.push(format!("{name}: new diagnostics: {new_diagnostics:#?}"));
            continue;
        }
        compared += 1;
        let (mut old_tree, mut new_tree) = (old_tree, new_tree);
        as_old(&mut new_tree);
        properties_alike(&mut old_tree);
        properties_alike(&mut new_tree);
        if old_tree != new_tree {
            failures.push(format!(
                "{name}:\n{}",
                first_difference(&old_tree, &new_tree)
            ));
        }
    }
    eprintln!(
        "{compared} files compared, {} refused by protox-parse:",
        refused.len()
    );
    for line in &refused {
        eprintln!("  {line}");
    }
    for failure in &failures {
        eprintln!("----- {failure}");
    }
    eprintln!("{} of {} files differ", failures.len(), files.len());
    assert!(failures.is_empty());
}

/// Every declaration's docs, and the header, one line each, in the order
/// of the tree.
fn docs_of(tree: &SchemaFile) -> Vec<String> {
    fn field(out: &mut Vec<String>, scope: &str, field: &FieldDecl) {
        out.push(format!("{scope}.{}: {:?}", field.name.name, field.docs));
    }
    fn message(out: &mut Vec<String>, scope: &str, decl: &MessageDecl) {
        let scope = format!("{scope}.{}", decl.name.name);
        out.push(format!("{scope}: {:?}", decl.docs));
        for member in &decl.members {
            match member {
                Member::Field(decl) => field(out, &scope, decl),
                Member::Oneof(oneof) => {
                    out.push(format!("{scope}.{}: {:?}", oneof.name.name, oneof.docs));
                    oneof
                        .fields
                        .iter()
                        .for_each(|decl| field(out, &scope, decl));
                }
                Member::Message(nested) => message(out, &scope, nested),
                Member::Enum(nested) => enumeration(out, &scope, nested),
                Member::Extend(extend) => extend
                    .fields
                    .iter()
                    .for_each(|decl| field(out, &scope, decl)),
                _ => {}
            }
        }
    }
    fn enumeration(out: &mut Vec<String>, scope: &str, decl: &EnumDecl) {
        let scope = format!("{scope}.{}", decl.name.name);
        out.push(format!("{scope}: {:?}", decl.docs));
        for value in &decl.values {
            out.push(format!("{scope}.{}: {:?}", value.name.name, value.docs));
        }
    }
    let mut out = vec![format!("header: {:?}", tree.header)];
    for item in &tree.items {
        match item {
            Item::Message(decl) => message(&mut out, "", decl),
            Item::Enum(decl) => enumeration(&mut out, "", decl),
            Item::Extend(extend) => extend
                .fields
                .iter()
                .for_each(|decl| field(&mut out, "", decl)),
        }
    }
    for service in &tree.services {
        out.push(format!("{}: {:?}", service.name.name, service.docs));
        for method in &service.methods {
            out.push(format!(
                "{}.{}: {:?}",
                service.name.name, method.name.name, method.docs
            ));
        }
    }
    out
}

/// The docs of every declaration of the files of the descriptor sets in
/// `$PROTOC_SOURCE_INFO`, a directory of sets made by protoc with
/// `--include_source_info`, lowered by the old path, against the parser's
/// docs of the same files, found below the directories of
/// `$PROTOC_SOURCE_ROOTS` (separated by `:`): the comments protoc
/// attributes to each declaration are its docs.
#[test]
#[ignore = "needs descriptor sets made by protoc"]
fn docs_are_the_comments_protoc_attributes() {
    use prost::Message as _;
    let sets = std::env::var("PROTOC_SOURCE_INFO").expect("PROTOC_SOURCE_INFO");
    let roots = std::env::var("PROTOC_SOURCE_ROOTS").expect("PROTOC_SOURCE_ROOTS");
    let mut sets: Vec<PathBuf> = std::fs::read_dir(&sets)
        .expect("a directory")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "pb"))
        .collect();
    sets.sort();
    let (mut compared, mut differ) = (0, 0);
    for set in sets {
        let bytes = std::fs::read(&set).expect("readable");
        let set = prost_types::FileDescriptorSet::decode(&bytes[..]).expect("a descriptor set");
        for descriptor in &set.file {
            let name = descriptor.name();
            let text = roots
                .split(':')
                .find_map(|root| std::fs::read_to_string(Path::new(root).join(name)).ok())
                .unwrap_or_else(|| panic!("{name} is below no root"));
            let protoc = old::Lowerer::new(FileId(0), &text, descriptor).file(descriptor);
            let (ours, diagnostics) = parse(FileId(0), name, &text);
            assert!(
                diagnostics.iter().all(|d| d.message.contains("editions")),
                "{name}: {diagnostics:#?}"
            );
            compared += 1;
            let (protoc, ours) = (docs_of(&protoc), docs_of(&ours));
            if protoc != ours {
                differ += 1;
                let at = protoc.iter().zip(&ours).position(|(a, b)| a != b);
                let at = at.unwrap_or(protoc.len().min(ours.len()));
                eprintln!(
                    "----- {name}\nprotoc: {:?}\nours:   {:?}",
                    protoc.get(at),
                    ours.get(at)
                );
            }
        }
    }
    eprintln!("{compared} files compared, {differ} differ");
    assert_eq!(differ, 0);
}
