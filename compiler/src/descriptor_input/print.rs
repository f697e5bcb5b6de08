//! A `FileDescriptorProto` printed as the `.proto` text protoc would read
//! back into the same descriptor, comments included.
//!
//! Declarations come in the order of their places in the source
//! (`source_code_info`), which is what orders the generated types, and
//! else in the descriptor's order. Each declaration's comments are
//! written where protoc's (and schemac's) attribution gives them back:
//! its detached blocks, each followed by a blank line, its leading block
//! right before it, and its trailing block on the lines after its `;` or
//! `{`, closed by a blank line. Every declaration is followed by a blank
//! line, so that no comment can attach to the one before.

use std::collections::HashMap;

use super::messages::{
    DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto, Location,
    ServiceDescriptorProto,
};
use super::options::{self, Options, quote};

/// A printed file.
#[derive(Debug)]
pub(super) struct Printed {
    /// The `.proto` text.
    pub text: String,
    /// Where each located declaration starts in `text`, with its zero-based
    /// line and column in the original source, in the order of `text`.
    pub origins: Vec<(usize, i32, i32)>,
    /// How many custom options were left out.
    pub dropped_options: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Proto2,
    Proto3,
    Editions,
}

/// Prints `file`; an error says what in it cannot be printed. Its
/// `import option`s are printed for the files `known` knows, which the
/// set holds or schemac ships.
pub(super) fn print(
    file: &FileDescriptorProto,
    known: &dyn Fn(&str) -> bool,
) -> Result<Printed, String> {
    let locations: HashMap<&[i32], &Location> = (file.source_code_info.iter())
        .flat_map(|info| info.location.iter().rev())
        .map(|location| (location.path.as_slice(), location))
        .collect();
    let syntax = match (file.syntax.as_deref(), file.edition) {
        (Some("editions"), _) => Syntax::Editions,
        (Some("proto3"), _) => Syntax::Proto3,
        (None | Some("" | "proto2"), _) => Syntax::Proto2,
        (Some(other), _) => return Err(format!("unknown syntax `{other}`")),
    };
    let mut printer = Printer {
        out: String::new(),
        indent: 0,
        locations,
        origins: Vec::new(),
        syntax,
        dropped: 0,
    };
    printer.file(file, known)?;
    Ok(Printed {
        text: printer.out,
        origins: printer.origins,
        dropped_options: printer.dropped,
    })
}

struct Printer<'a> {
    out: String,
    indent: usize,
    locations: HashMap<&'a [i32], &'a Location>,
    origins: Vec<(usize, i32, i32)>,
    syntax: Syntax,
    dropped: usize,
}

/// One declaration of a scope, to print in source order.
enum Unit<'a> {
    Field(usize, &'a FieldDescriptorProto),
    Oneof(usize),
    Message(usize, &'a DescriptorProto),
    Enum(usize, &'a EnumDescriptorProto),
    Service(usize, &'a ServiceDescriptorProto),
    /// Consecutive extensions of one message: (index, extension).
    Extend(Vec<(usize, &'a FieldDescriptorProto)>),
}

/// What a message scope is printed with.
struct Scope<'a> {
    /// The scope's full name, with a leading `.`.
    name: String,
    /// Its nested messages (the file's messages for the file).
    nested: &'a [DescriptorProto],
    /// The path of its nested messages in the descriptor.
    nested_path: Vec<i32>,
}

impl<'a> Printer<'a> {
    fn file(
        &mut self,
        file: &'a FileDescriptorProto,
        known: &dyn Fn(&str) -> bool,
    ) -> Result<(), String> {
        let statement = match self.syntax {
            Syntax::Proto2 => "syntax = \"proto2\"".to_owned(),
            Syntax::Proto3 => "syntax = \"proto3\"".to_owned(),
            Syntax::Editions => match file.edition {
                Some(1000) => "edition = \"2023\"".to_owned(),
                Some(1001) => "edition = \"2024\"".to_owned(),
                Some(1002) => "edition = \"2026\"".to_owned(),
                other => return Err(format!("unknown edition {}", other.unwrap_or(0))),
            },
        };
        let syntax_path: &[i32] = if self.locations.contains_key(&[12][..]) {
            &[12]
        } else {
            &[14]
        };
        self.declaration(syntax_path, &statement, ';', None);
        if let Some(package) = &file.package {
            self.declaration(&[2], &format!("package {package}"), ';', None);
        }
        for (index, dependency) in file.dependency.iter().enumerate() {
            let index = index as i32;
            let modifier = if file.public_dependency.contains(&index) {
                "public "
            } else if file.weak_dependency.contains(&index) {
                "weak "
            } else {
                ""
            };
            let text = format!("import {modifier}{}", quote(dependency.as_bytes()));
            self.declaration(&[3, index], &text, ';', None);
        }
        // protoc numbers them after the plain imports.
        let option_imports = file.option_dependency.iter().filter(|name| known(name));
        for (index, dependency) in option_imports.enumerate() {
            let path = [15, index as i32];
            let text = format!("import option {}", quote(dependency.as_bytes()));
            self.declaration(&path, &text, ';', None);
        }
        self.option_statements(Options::File, file.options.as_deref())?;
        let scope = Scope {
            name: file
                .package
                .as_deref()
                .map_or(String::new(), |package| format!(".{package}")),
            nested: &file.message_type,
            nested_path: vec![4],
        };
        let mut units = Vec::new();
        units.extend(
            (file.message_type.iter().enumerate()).map(|(i, message)| Unit::Message(i, message)),
        );
        units.extend((file.enum_type.iter().enumerate()).map(|(i, e)| Unit::Enum(i, e)));
        units.extend((file.service.iter().enumerate()).map(|(i, s)| Unit::Service(i, s)));
        units.extend(self.extends(&file.extension, &[7]));
        let units = self.sorted(units, &[], &[7]);
        let groups = groups_of(&file.message_type, &file.extension, &[], &scope.name);
        for unit in units {
            self.unit(unit, &[], &scope, &groups, &[7])?;
        }
        Ok(())
    }

    /// The extensions `fields` at `path`, consecutive ones of one
    /// extendee together, in source order.
    fn extends(&self, fields: &'a [FieldDescriptorProto], path: &[i32]) -> Vec<Unit<'a>> {
        let mut fields: Vec<(usize, &FieldDescriptorProto)> = fields.iter().enumerate().collect();
        fields.sort_by_key(|(index, _)| self.start(&at(path, &[*index as i32])));
        let mut units: Vec<Unit<'a>> = Vec::new();
        for (index, field) in fields {
            if let Some(Unit::Extend(block)) = units.last_mut()
                && block[0].1.extendee == field.extendee
            {
                block.push((index, field));
                continue;
            }
            units.push(Unit::Extend(vec![(index, field)]));
        }
        units
    }

    /// `units` in source order, those without a place last, in the
    /// order given.
    fn sorted(&self, units: Vec<Unit<'a>>, path: &[i32], extension_path: &[i32]) -> Vec<Unit<'a>> {
        let mut keyed: Vec<((i32, i32), Unit<'a>)> = units
            .into_iter()
            .map(|unit| {
                let key = match &unit {
                    Unit::Field(i, _) => self.start(&at(path, &[2, *i as i32])),
                    Unit::Oneof(i) => self.start(&at(path, &[8, *i as i32])),
                    Unit::Message(i, _) if path.is_empty() => self.start(&[4, *i as i32]),
                    Unit::Message(i, _) => self.start(&at(path, &[3, *i as i32])),
                    Unit::Enum(i, _) if path.is_empty() => self.start(&[5, *i as i32]),
                    Unit::Enum(i, _) => self.start(&at(path, &[4, *i as i32])),
                    Unit::Service(i, _) => self.start(&[6, *i as i32]),
                    Unit::Extend(block) => self.start(&at(extension_path, &[block[0].0 as i32])),
                };
                (key, unit)
            })
            .collect();
        keyed.sort_by_key(|(key, _)| *key);
        keyed.into_iter().map(|(_, unit)| unit).collect()
    }

    /// Where the element at `path` starts, or after everything.
    fn start(&self, path: &[i32]) -> (i32, i32) {
        match self.locations.get(path).map(|location| &location.span[..]) {
            Some([line, column, ..]) => (*line, *column),
            _ => (i32::MAX, i32::MAX),
        }
    }

    /// Prints one declaration of the scope at `path` (empty for the file).
    fn unit(
        &mut self,
        unit: Unit<'a>,
        path: &[i32],
        scope: &Scope<'a>,
        groups: &[usize],
        extension_path: &[i32],
    ) -> Result<(), String> {
        match unit {
            Unit::Field(index, field) => {
                self.field(&at(path, &[2, index as i32]), field, scope, true)
            }
            Unit::Service(index, service) => self.service(index, service),
            // A message prints its oneofs itself.
            Unit::Oneof(_) => Ok(()),
            Unit::Message(index, nested) => {
                if groups.contains(&index) {
                    return Ok(());
                }
                let nested_path = at(&scope.nested_path, &[index as i32]);
                if nested.options.as_deref().is_some_and(options::is_map_entry) && !path.is_empty()
                {
                    return Ok(());
                }
                self.message(&nested_path, nested, &scope.name, None)
            }
            Unit::Enum(index, enumeration) => {
                let enum_path = match path.is_empty() {
                    true => vec![5, index as i32],
                    false => at(path, &[4, index as i32]),
                };
                self.enumeration(&enum_path, enumeration)
            }
            Unit::Extend(block) => {
                let extendee = block[0].1.extendee.clone().unwrap_or_default();
                self.line(&format!("extend {extendee} {{"));
                self.indent += 1;
                for (index, field) in block {
                    self.field(&at(extension_path, &[index as i32]), field, scope, false)?;
                }
                self.indent -= 1;
                self.line("}");
                self.out.push('\n');
                Ok(())
            }
        }
    }

    /// A message (or, with `group`, a group's field and body).
    fn message(
        &mut self,
        path: &[i32],
        message: &'a DescriptorProto,
        parent: &str,
        group: Option<(&[i32], &FieldDescriptorProto)>,
    ) -> Result<(), String> {
        let name = message.name.as_deref().unwrap_or_default();
        match group {
            Some((field_path, field)) => {
                let comments_at = match self.has_comments(field_path) {
                    true => field_path,
                    false => path,
                };
                let head = self.field_head(field, "group ", name, true)?;
                self.declaration(comments_at, &head, '{', None);
            }
            None => {
                let visibility = match message.visibility {
                    Some(1) => "local ",
                    Some(2) => "export ",
                    _ => "",
                };
                self.declaration(
                    path,
                    &format!("{visibility}message {name}"),
                    '{',
                    Some(name),
                );
            }
        }
        self.indent += 1;
        self.option_statements(Options::Message, message.options.as_deref())?;
        let full_name = format!("{parent}.{name}");
        let scope = Scope {
            name: full_name.clone(),
            nested: &message.nested_type,
            nested_path: at(path, &[3]),
        };
        let extension_path = at(path, &[6]);
        let groups = groups_of(
            &message.nested_type,
            &message.field,
            &message.extension,
            &full_name,
        );
        let mut units = Vec::new();
        let mut oneofs_seen = Vec::new();
        for (index, field) in message.field.iter().enumerate() {
            match field.oneof_index {
                Some(oneof) if !field.proto3_optional.unwrap_or(false) => {
                    if !oneofs_seen.contains(&oneof) {
                        oneofs_seen.push(oneof);
                        units.push(Unit::Oneof(oneof as usize));
                    }
                }
                _ => units.push(Unit::Field(index, field)),
            }
        }
        units.extend((message.nested_type.iter().enumerate()).map(|(i, m)| Unit::Message(i, m)));
        units.extend((message.enum_type.iter().enumerate()).map(|(i, e)| Unit::Enum(i, e)));
        units.extend(self.extends(&message.extension, &extension_path));
        for unit in self.sorted(units, path, &extension_path) {
            match unit {
                Unit::Oneof(index) => self.oneof(path, message, index, &scope)?,
                unit => self.unit(unit, path, &scope, &groups, &extension_path)?,
            }
        }
        self.reserved(
            &message.reserved_range,
            &message.reserved_name,
            |start, end| (start, end.saturating_sub(1)),
        );
        for range in &message.extension_range {
            let (start, end) = (
                range.start.unwrap_or(0),
                range.end.unwrap_or(0).saturating_sub(1),
            );
            let options = self.options_list(Options::ExtensionRange, range.options.as_deref())?;
            let text = match start == end {
                true => format!("extensions {start}{options};"),
                false => format!("extensions {start} to {end}{options};"),
            };
            self.line(&text);
        }
        self.indent -= 1;
        self.line("}");
        self.out.push('\n');
        Ok(())
    }

    fn oneof(
        &mut self,
        path: &[i32],
        message: &'a DescriptorProto,
        index: usize,
        scope: &Scope<'a>,
    ) -> Result<(), String> {
        let oneof = message
            .oneof_decl
            .get(index)
            .ok_or_else(|| format!("a field names oneof {index}, which is not declared"))?;
        let name = oneof.name.as_deref().unwrap_or_default();
        self.declaration(
            &at(path, &[8, index as i32]),
            &format!("oneof {name}"),
            '{',
            Some(name),
        );
        self.indent += 1;
        self.option_statements(Options::Oneof, oneof.options.as_deref())?;
        for (field_index, field) in message.field.iter().enumerate() {
            if field.oneof_index == Some(index as i32) {
                self.field(&at(path, &[2, field_index as i32]), field, scope, true)?;
            }
        }
        self.indent -= 1;
        self.line("}");
        self.out.push('\n');
        Ok(())
    }

    /// A field or an extension, at `path`; a group prints its body.
    fn field(
        &mut self,
        path: &[i32],
        field: &'a FieldDescriptorProto,
        scope: &Scope<'a>,
        in_message: bool,
    ) -> Result<(), String> {
        let name = field.name.as_deref().unwrap_or_default();
        if field.r#type == Some(10)
            && self.syntax != Syntax::Editions
            && let Some((index, group)) = find_nested(scope.nested, &scope.name, field)
        {
            let group_path = at(&scope.nested_path, &[index as i32]);
            return self.message(&group_path, group, &scope.name, Some((path, field)));
        }
        let ty = match map_entry(scope.nested, &scope.name, field) {
            Some(entry) => {
                let key = entry.field.iter().find(|f| f.number == Some(1));
                let value = entry.field.iter().find(|f| f.number == Some(2));
                match (key, value) {
                    (Some(key), Some(value)) => {
                        format!("map<{}, {}>", type_name(key)?, type_name(value)?)
                    }
                    _ => return Err(format!("the map entry of `{name}` lacks its key or value")),
                }
            }
            None => type_name(field)?,
        };
        let head = self.field_head(field, &ty, name, in_message)?;
        self.declaration(path, &head, ';', Some(name));
        Ok(())
    }

    /// `label type name = number [options]`, for a group `type` is
    /// `group ` and `name` the group's type.
    fn field_head(
        &mut self,
        field: &FieldDescriptorProto,
        ty: &str,
        name: &str,
        in_message: bool,
    ) -> Result<String, String> {
        let is_map = ty.starts_with("map<");
        let in_oneof = field.oneof_index.is_some() && !field.proto3_optional.unwrap_or(false);
        let label = match (field.label, self.syntax) {
            _ if is_map || (in_oneof && in_message) => "",
            (Some(3), _) => "repeated ",
            (_, Syntax::Editions) => "",
            (Some(2), _) => "required ",
            (_, Syntax::Proto2) => "optional ",
            (_, Syntax::Proto3) if field.proto3_optional == Some(true) => "optional ",
            _ => "",
        };
        let number = field.number.unwrap_or(0);
        let mut options = Vec::new();
        if let Some(default) = &field.default_value {
            let value = match field.r#type {
                Some(9) => quote(default.as_bytes()),
                Some(12) => format!("\"{default}\""),
                _ => default.clone(),
            };
            options.push(format!("default = {value}"));
        }
        if let Some(json_name) = &field.json_name
            && field.extendee.is_none()
            && *json_name != json_name_of(field.name.as_deref().unwrap_or_default())
        {
            options.push(format!("json_name = {}", quote(json_name.as_bytes())));
        }
        let (standard, dropped) = read_options(Options::Field, field.options.as_deref())?;
        self.dropped += dropped;
        options.extend(
            standard
                .into_iter()
                .map(|(name, value)| format!("{name} = {value}")),
        );
        let options = match options.is_empty() {
            true => String::new(),
            false => format!(" [{}]", options.join(", ")),
        };
        Ok(match ty {
            "group " => format!("{label}group {name} = {number}{options}"),
            _ => format!("{label}{ty} {name} = {number}{options}"),
        })
    }

    fn enumeration(
        &mut self,
        path: &[i32],
        enumeration: &EnumDescriptorProto,
    ) -> Result<(), String> {
        let name = enumeration.name.as_deref().unwrap_or_default();
        let visibility = match enumeration.visibility {
            Some(1) => "local ",
            Some(2) => "export ",
            _ => "",
        };
        self.declaration(path, &format!("{visibility}enum {name}"), '{', Some(name));
        self.indent += 1;
        self.option_statements(Options::Enum, enumeration.options.as_deref())?;
        for (index, value) in enumeration.value.iter().enumerate() {
            let options = self.options_list(Options::EnumValue, value.options.as_deref())?;
            let text = format!(
                "{} = {}{options}",
                value.name.as_deref().unwrap_or_default(),
                value.number.unwrap_or(0)
            );
            self.declaration(
                &at(path, &[2, index as i32]),
                &text,
                ';',
                value.name.as_deref(),
            );
        }
        self.reserved(
            &enumeration.reserved_range,
            &enumeration.reserved_name,
            |start, end| (start, end),
        );
        self.indent -= 1;
        self.line("}");
        self.out.push('\n');
        Ok(())
    }

    fn service(&mut self, index: usize, service: &ServiceDescriptorProto) -> Result<(), String> {
        let path = [6, index as i32];
        let name = service.name.as_deref().unwrap_or_default();
        self.declaration(&path, &format!("service {name}"), '{', Some(name));
        self.indent += 1;
        self.option_statements(Options::Service, service.options.as_deref())?;
        for (index, method) in service.method.iter().enumerate() {
            let stream = |yes: Option<bool>| if yes == Some(true) { "stream " } else { "" };
            let text = format!(
                "rpc {}({}{}) returns ({}{})",
                method.name.as_deref().unwrap_or_default(),
                stream(method.client_streaming),
                method.input_type.as_deref().unwrap_or_default(),
                stream(method.server_streaming),
                method.output_type.as_deref().unwrap_or_default(),
            );
            let method_path = at(&path, &[2, index as i32]);
            let (options, dropped) = read_options(Options::Method, method.options.as_deref())?;
            self.dropped += dropped;
            if options.is_empty() {
                self.declaration(&method_path, &text, ';', method.name.as_deref());
            } else {
                self.declaration(&method_path, &text, '{', method.name.as_deref());
                self.indent += 1;
                for (name, value) in options {
                    self.line(&format!("option {name} = {value};"));
                }
                self.indent -= 1;
                self.line("}");
                self.out.push('\n');
            }
        }
        self.indent -= 1;
        self.line("}");
        self.out.push('\n');
        Ok(())
    }

    /// `reserved` statements: each range, `end` turned inclusive by
    /// `inclusive`, then the names.
    fn reserved(
        &mut self,
        ranges: &[super::messages::ReservedRange],
        names: &[String],
        inclusive: impl Fn(i32, i32) -> (i32, i32),
    ) {
        for range in ranges {
            let (start, end) = inclusive(range.start.unwrap_or(0), range.end.unwrap_or(0));
            match start == end {
                true => self.line(&format!("reserved {start};")),
                false => self.line(&format!("reserved {start} to {end};")),
            }
        }
        if !names.is_empty() {
            let names: Vec<String> = match self.syntax {
                Syntax::Editions => names.to_vec(),
                _ => names.iter().map(|name| quote(name.as_bytes())).collect(),
            };
            self.line(&format!("reserved {};", names.join(", ")));
        }
    }

    /// `option name = value;` for each standard option.
    fn option_statements(&mut self, kind: Options, bytes: Option<&[u8]>) -> Result<(), String> {
        let (options, dropped) = read_options(kind, bytes)?;
        self.dropped += dropped;
        for (name, value) in options {
            if kind == Options::Message && name == "map_entry" {
                continue;
            }
            self.line(&format!("option {name} = {value};"));
        }
        Ok(())
    }

    /// ` [name = value, ...]`, or nothing without options.
    fn options_list(&mut self, kind: Options, bytes: Option<&[u8]>) -> Result<String, String> {
        let (options, dropped) = read_options(kind, bytes)?;
        self.dropped += dropped;
        if options.is_empty() {
            return Ok(String::new());
        }
        let options: Vec<String> = (options.into_iter())
            .map(|(name, value)| format!("{name} = {value}"))
            .collect();
        Ok(format!(" [{}]", options.join(", ")))
    }

    fn has_comments(&self, path: &[i32]) -> bool {
        self.locations.get(path).is_some_and(|location| {
            location.leading_comments.is_some()
                || location.trailing_comments.is_some()
                || !location.leading_detached_comments.is_empty()
        })
    }

    /// A declaration `text` ended by `end` (`;` or `{`), with the comments
    /// and place of the element at `path`, and the place of its `name`
    /// in it, so that a diagnostic at the name is placed at the name.
    fn declaration(&mut self, path: &[i32], text: &str, end: char, name: Option<&str>) {
        let location = self.locations.get(path).copied();
        if let Some(location) = location {
            for detached in &location.leading_detached_comments {
                self.comment(detached);
                self.out.push('\n');
            }
            if let Some(leading) = &location.leading_comments {
                self.comment(leading);
            }
            if let [line, column, ..] = location.span[..] {
                let at = self.out.len() + 2 * self.indent;
                self.origins.push((at, line, column));
            }
        }
        let name_path = at(path, &[1]);
        let name_place = name.and_then(|name| Some((name_offset(text, name)?, &name_path)));
        if let Some((offset, name_path)) = name_place
            && let Some(location) = self.locations.get(name_path.as_slice())
            && let [line, column, ..] = location.span[..]
        {
            let at = self.out.len() + 2 * self.indent + offset;
            self.origins.push((at, line, column));
        }
        self.line(&format!("{text}{end}"));
        if let Some(trailing) = location.and_then(|location| location.trailing_comments.as_ref()) {
            self.comment(trailing);
        }
        self.out.push('\n');
    }

    /// A comment's text as line comments, one per line.
    fn comment(&mut self, text: &str) {
        let text = text.strip_suffix('\n').unwrap_or(text);
        for line in text.split('\n') {
            self.line(&format!("//{line}"));
        }
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }
}

fn read_options(
    kind: Options,
    bytes: Option<&[u8]>,
) -> Result<(Vec<(String, String)>, usize), String> {
    match bytes {
        Some(bytes) => options::read(kind, bytes),
        None => Ok((Vec::new(), 0)),
    }
}

/// Where the token `name` is in a declaration's `text`: the last
/// occurrence set apart by a space (or the start) before and a space, a
/// `(` or the end after, before any options.
fn name_offset(text: &str, name: &str) -> Option<usize> {
    let head = text.split_once(" [").map_or(text, |(head, _)| head);
    (head.match_indices(name))
        .map(|(offset, _)| offset)
        .filter(|&offset| {
            let before = head[..offset].chars().next_back();
            let after = head[offset + name.len()..].chars().next();
            matches!(before, None | Some(' ')) && matches!(after, None | Some(' ' | '('))
        })
        .last()
}

/// `path` with `more` after it.
fn at(path: &[i32], more: &[i32]) -> Vec<i32> {
    let mut path = path.to_vec();
    path.extend_from_slice(more);
    path
}

/// The nested message of `nested` that `field` names, by its full name
/// in `scope`.
fn find_nested<'a>(
    nested: &'a [DescriptorProto],
    scope: &str,
    field: &FieldDescriptorProto,
) -> Option<(usize, &'a DescriptorProto)> {
    let type_name = field.type_name.as_deref()?;
    nested.iter().enumerate().find(|(_, message)| {
        format!("{scope}.{}", message.name.as_deref().unwrap_or_default()) == type_name
    })
}

/// The map entry a repeated message field names, if it is a map.
fn map_entry<'a>(
    nested: &'a [DescriptorProto],
    scope: &str,
    field: &FieldDescriptorProto,
) -> Option<&'a DescriptorProto> {
    if field.label != Some(3) || field.r#type != Some(11) {
        return None;
    }
    let (_, entry) = find_nested(nested, scope, field)?;
    entry
        .options
        .as_deref()
        .is_some_and(options::is_map_entry)
        .then_some(entry)
}

/// The indexes of the nested messages of `nested` that are the types of
/// groups among `fields` and `extensions`: printed with their fields.
fn groups_of(
    nested: &[DescriptorProto],
    fields: &[FieldDescriptorProto],
    extensions: &[FieldDescriptorProto],
    scope: &str,
) -> Vec<usize> {
    (fields.iter().chain(extensions))
        .filter(|field| field.r#type == Some(10))
        .filter_map(|field| find_nested(nested, scope, field).map(|(index, _)| index))
        .collect()
}

/// A field's type as written: a scalar's keyword, or the full name of
/// a message or an enum.
fn type_name(field: &FieldDescriptorProto) -> Result<String, String> {
    let scalar = match field.r#type {
        Some(1) => "double",
        Some(2) => "float",
        Some(3) => "int64",
        Some(4) => "uint64",
        Some(5) => "int32",
        Some(6) => "fixed64",
        Some(7) => "fixed32",
        Some(8) => "bool",
        Some(9) => "string",
        Some(12) => "bytes",
        Some(13) => "uint32",
        Some(15) => "sfixed32",
        Some(16) => "sfixed64",
        Some(17) => "sint32",
        Some(18) => "sint64",
        Some(10 | 11 | 14) | None => {
            return field.type_name.clone().ok_or_else(|| {
                format!(
                    "field `{}` has no type",
                    field.name.as_deref().unwrap_or_default()
                )
            });
        }
        Some(other) => return Err(format!("unknown field type {other}")),
    };
    Ok(scalar.to_owned())
}

/// protoc's default JSON name of a field: `_` dropped, the letter after
/// it upper-cased.
fn json_name_of(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::name_offset;

    #[test]
    fn a_name_is_found_as_a_token_before_the_options() {
        assert_eq!(name_offset("message Foo", "Foo"), Some(8));
        assert_eq!(
            name_offset("int32 int32 = 1 [default = 1]", "int32"),
            Some(6)
        );
        assert_eq!(
            name_offset("rpc Get(.a.Get) returns (.a.Get)", "Get"),
            Some(4)
        );
        assert_eq!(
            name_offset("optional .a.B b = 1 [json_name = \"b\"]", "b"),
            Some(14)
        );
        assert_eq!(name_offset("X = 1", "Y"), None);
    }
}
