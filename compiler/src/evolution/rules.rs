//! The rules: each old type against its partner, fields matched by number
//! and enum values by number and name. docs/evolution.md lists every rule
//! with its code, level and an example.

use crate::diagnostic::Code;
use crate::language::Dialect;
use crate::model::{
    DefaultValue, Enum, EnumId, Field, FieldType, Message, MessageId, RefKind, Reserved, Scalar,
    Schema, ValueType, WellKnown, WireClass,
};
use crate::source::Span;

use super::matching::How;
use super::{Finding, Pair};

/// Every breaking change from `pair.old` to `pair.new`, at any level.
pub(super) fn compare(pair: &Pair) -> Vec<Finding> {
    let mut findings = Vec::new();
    let old_messages = (pair.old.message_ids()).filter(|(_, m)| !pair.old.is_implicit(m.file));
    for (old_id, old_message) in old_messages {
        match pair.types.messages.get(&old_id) {
            Some(&(new_id, how)) => {
                let new_message = pair.new.message(new_id);
                type_place(
                    pair,
                    how,
                    "message",
                    old_message,
                    new_message,
                    &mut findings,
                );
                message(pair, old_message, new_message, &mut findings);
            }
            None => findings.push(type_deleted(
                pair,
                "message",
                &old_message.full_name,
                old_message.span,
                old_message.parent,
            )),
        }
    }
    let old_enums = (pair.old.enum_ids()).filter(|(_, e)| !pair.old.is_implicit(e.file));
    for (old_id, old_enum) in old_enums {
        match pair.types.enums.get(&old_id) {
            Some(&(new_id, how)) => {
                let new_enum = pair.new.enumeration(new_id);
                type_place(pair, how, "enum", old_enum, new_enum, &mut findings);
                enumeration(pair, old_enum, new_enum, &mut findings);
            }
            None => findings.push(type_deleted(
                pair,
                "enum",
                &old_enum.full_name,
                old_enum.span,
                old_enum.parent,
            )),
        }
    }
    findings
}

/// What a message and an enum share, for the rules on types.
trait Named {
    fn full_name(&self) -> &str;
    fn span(&self) -> Span;
}

impl Named for Message {
    fn full_name(&self) -> &str {
        &self.full_name
    }
    fn span(&self) -> Span {
        self.span
    }
}

impl Named for Enum {
    fn full_name(&self) -> &str {
        &self.full_name
    }
    fn span(&self) -> Span {
        self.span
    }
}

/// A type that was renamed (JSON) or moved (Rust).
fn type_place(
    pair: &Pair,
    how: How,
    kind: &str,
    old: &impl Named,
    new: &impl Named,
    findings: &mut Vec<Finding>,
) {
    let (code, verb) = match how {
        How::Same => return,
        How::Renamed => (Code::TypeRenamed, "renamed"),
        How::Moved => (Code::TypeMoved, "moved"),
    };
    let message = format!(
        "{kind} {} was {verb} to {}",
        old.full_name(),
        new.full_name()
    );
    findings.push(pair.changed(code, new.span(), old.span(), message));
}

/// A deleted message or enum, pointing at its parent in the new version
/// when that is still there.
fn type_deleted(
    pair: &Pair,
    kind: &str,
    full_name: &str,
    span: Span,
    parent: Option<MessageId>,
) -> Finding {
    let new_parent = parent
        .and_then(|parent| pair.types.messages.get(&parent))
        .map(|&(id, _)| pair.new.message(id));
    let place = new_parent.map(|parent| {
        (
            parent.span,
            format!("{} no longer declares it", parent.name),
        )
    });
    pair.removed(
        Code::TypeDeleted,
        span,
        place,
        format!("{kind} {full_name} was deleted"),
    )
}

/// The rules on one message and its partner.
fn message(pair: &Pair, old: &Message, new: &Message, findings: &mut Vec<Finding>) {
    for old_field in &old.fields {
        match new
            .fields
            .iter()
            .find(|field| field.number == old_field.number)
        {
            Some(new_field) => field(pair, (old, old_field), (new, new_field), findings),
            None => field_deleted(pair, old, old_field, new, findings),
        }
    }
    for new_field in &new.fields {
        if old
            .fields
            .iter()
            .any(|field| field.number == new_field.number)
        {
            continue;
        }
        reuse(
            pair,
            &old.reserved,
            &old.full_name,
            (new_field.number, new_field.number_span),
            (&new_field.name, new_field.name_span),
            findings,
        );
    }
    oneof_names(pair, old, new, findings);
}

/// A field of `old` that `new` has no field with the number of.
fn field_deleted(
    pair: &Pair,
    old: &Message,
    old_field: &Field,
    new: &Message,
    findings: &mut Vec<Finding>,
) {
    let number_reserved = reserves_number(&new.reserved, old_field.number);
    let name_reserved = reserves_name(&new.reserved, &old_field.name);
    let place = old_field.name_span.to(old_field.number_span);
    let what = format!(
        "field {} ({}) of {}",
        old_field.number, old_field.name, old.full_name
    );
    let (code, message, label) = match (number_reserved, name_reserved) {
        (true, true) => return,
        (false, _) => (
            Code::FieldDeleted,
            format!("{what} was deleted without reserving its number"),
            format!("{} has no field {}", new.name, old_field.number),
        ),
        (true, false) => (
            Code::NameNotReserved,
            format!("{what} was deleted with its number reserved, but not its name"),
            format!("{} reserves {} only", new.name, old_field.number),
        ),
    };
    let help = reserve_help(
        pair.new,
        new.file,
        (!number_reserved).then_some(old_field.number),
        &old_field.name,
        &new.name,
    );
    findings.push(
        pair.removed(code, place, Some((new.span, label)), message)
            .with_help(help),
    );
}

/// Whether `file` is a `.proto` file, whose diagnostics spell things as
/// protobuf does.
fn is_proto(schema: &Schema, file: crate::source::FileId) -> bool {
    (schema.files.iter())
        .find(|f| f.id == file)
        .is_some_and(|f| f.dialect != Dialect::Schema)
}

/// "reserve 2 and "description" in Order: `reserved 2, description;`",
/// in the syntax of the file that declares the new type.
fn reserve_help(
    schema: &Schema,
    file: crate::source::FileId,
    number: Option<i64>,
    name: &str,
    owner: &str,
) -> String {
    let syntax = match (number, is_proto(schema, file)) {
        (Some(number), false) => format!("reserved {number}, {name};"),
        (None, false) => format!("reserved {name};"),
        (Some(number), true) => format!("reserved {number}; reserved \"{name}\";"),
        (None, true) => format!("reserved \"{name}\";"),
    };
    match number {
        Some(number) => format!("reserve {number} and \"{name}\" in {owner}: `{syntax}`"),
        None => format!("reserve \"{name}\" in {owner} too: `{syntax}`"),
    }
}

fn reserves_number(reserved: &Reserved, number: i64) -> bool {
    reserved.ranges.iter().any(|range| range.contains(number))
}

fn reserves_name(reserved: &Reserved, name: &str) -> bool {
    reserved.names.iter().any(|(reserved, _)| reserved == name)
}

/// A field or value new in `new` that takes a number or name the old
/// version reserved.
fn reuse(
    pair: &Pair,
    old_reserved: &Reserved,
    owner: &str,
    (number, number_span): (i64, Span),
    (name, name_span): (&str, Span),
    findings: &mut Vec<Finding>,
) {
    if let Some(range) = old_reserved
        .ranges
        .iter()
        .find(|range| range.contains(number))
    {
        let message = format!("number {number} was reserved in {owner} and is used again");
        findings.push(pair.changed(Code::ReservedNumberReused, number_span, range.span, message));
    }
    if let Some((_, span)) = old_reserved
        .names
        .iter()
        .find(|(reserved, _)| reserved == name)
    {
        let message = format!("name {name} was reserved in {owner} and is used again");
        findings.push(pair.changed(Code::ReservedNameReused, name_span, *span, message));
    }
}

/// The rules on one field, matched by number, in its old and new message.
fn field(
    pair: &Pair,
    (old_message, old): (&Message, &Field),
    (new_message, new): (&Message, &Field),
    findings: &mut Vec<Finding>,
) {
    let what = format!(
        "field {} ({}) of {}",
        old.number, old.name, new_message.full_name
    );
    let files = (old_message.file, new_message.file);
    if let Some(finding) = field_type(pair, &what, (old, new), files) {
        findings.push(finding);
    }
    let old_oneof = old
        .oneof
        .map(|index| old_message.oneofs[index].name.as_str());
    let new_oneof = new
        .oneof
        .map(|index| new_message.oneofs[index].name.as_str());
    if paired_oneof(old_message, new_message, old.oneof) != new.oneof {
        let describe = |oneof: Option<&str>| match oneof {
            Some(name) => format!("in oneof {name}"),
            None => "outside any oneof".to_owned(),
        };
        let message = format!(
            "{what} moved from {} to {}",
            describe(old_oneof),
            describe(new_oneof)
        );
        findings.push(pair.changed(Code::OneofChanged, new.name_span, old.name_span, message));
    }
    if !matches!(old.ty, FieldType::Required(_)) && matches!(new.ty, FieldType::Required(_)) {
        let message = format!("{what} became required");
        findings.push(pair.changed(
            Code::FieldMadeRequired,
            new.type_span,
            old.type_span,
            message,
        ));
    }
    if absent_reads(pair.old, old) != absent_reads(pair.new, new) {
        let message = format!(
            "{what} changed its default from {} to {}: old data without the field reads as another value",
            default_text(old.default.as_ref()),
            default_text(new.default.as_ref()),
        );
        findings.push(pair.changed(Code::DefaultChanged, new.name_span, old.name_span, message));
    }
    if old.name != new.name {
        let message = format!("{what} was renamed to {}", new.name);
        findings.push(
            pair.changed(Code::FieldRenamed, new.name_span, old.name_span, message)
                .with_help(format!(
                    "JSON carries field names and Rust code names the field; call it {} again",
                    old.name
                )),
        );
    } else if old.json_name() != new.json_name() {
        let message = format!(
            "{what} changed its JSON name from {} to {}",
            old.json_name(),
            new.json_name()
        );
        findings.push(
            pair.changed(Code::FieldRenamed, new.name_span, old.name_span, message)
                .with_help(format!(
                    "JSON readers that know only one name miss the other; keep json_name \"{}\"",
                    old.json_name()
                )),
        );
    }
}

/// What `field` of `schema` reads as when it is absent, where its
/// `default` says: an enum's value as its number, so that renaming the
/// value changes nothing, and a float as its bits, so that `nan` is itself.
fn absent_reads(schema: &Schema, field: &Field) -> Option<DefaultValue> {
    Some(match field.default.clone()? {
        DefaultValue::Enum(name) => match field.ty.value() {
            ValueType::Enum(id) => {
                let values = &schema.enumeration(id).values;
                let value = values.iter().find(|value| value.name == name);
                DefaultValue::Int(value.map_or(0, |value| value.number))
            }
            _ => DefaultValue::Enum(name),
        },
        DefaultValue::Float(float) => DefaultValue::Uint(float.to_bits()),
        default => default,
    })
}

/// A default as a finding's message shows it.
fn default_text(default: Option<&DefaultValue>) -> String {
    match default {
        None => "none".to_owned(),
        Some(DefaultValue::Int(value)) => value.to_string(),
        Some(DefaultValue::Uint(value)) => value.to_string(),
        Some(DefaultValue::Float(value)) => value.to_string(),
        Some(DefaultValue::Bool(value)) => value.to_string(),
        Some(DefaultValue::String(text)) => format!("{text:?}"),
        Some(DefaultValue::Bytes(bytes)) => format!("{:?}", String::from_utf8_lossy(bytes)),
        Some(DefaultValue::Enum(name)) => name.clone(),
    }
}

/// The new oneof (an index into `new`'s) that old oneof `index` of `old`
/// pairs with: the one of the same name, or else the one that holds its
/// members.
fn paired_oneof(old: &Message, new: &Message, index: Option<usize>) -> Option<usize> {
    let index = index?;
    let name = &old.oneofs[index].name;
    if let Some(same) = new.oneofs.iter().position(|oneof| &oneof.name == name) {
        return Some(same);
    }
    let members = old.fields.iter().filter(|field| field.oneof == Some(index));
    let mut holders = members.filter_map(|member| {
        new.fields
            .iter()
            .find(|field| field.number == member.number)
            .and_then(|field| field.oneof)
    });
    let holder = holders.next()?;
    // A oneof that keeps its name is its own, not a renamed one.
    let taken = old
        .oneofs
        .iter()
        .any(|oneof| oneof.name == new.oneofs[holder].name);
    (!taken).then_some(holder)
}

/// Oneofs that keep their members under another name.
fn oneof_names(pair: &Pair, old: &Message, new: &Message, findings: &mut Vec<Finding>) {
    for (index, oneof) in old.oneofs.iter().enumerate() {
        let Some(partner) = paired_oneof(old, new, Some(index)) else {
            continue;
        };
        let renamed = &new.oneofs[partner];
        if renamed.name != oneof.name {
            let message = format!(
                "oneof {} of {} was renamed to {}",
                oneof.name, new.full_name, renamed.name
            );
            findings.push(pair.changed(Code::OneofRenamed, renamed.span, oneof.span, message));
        }
    }
}

/// The shape of a field: one value, a list or a map.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Single,
    List,
    Map,
}

fn shape(ty: FieldType) -> Shape {
    match ty {
        FieldType::Single(_) | FieldType::Optional(_) | FieldType::Required(_) => Shape::Single,
        FieldType::List(_) => Shape::List,
        FieldType::Map(..) => Shape::Map,
    }
}

/// The rules on a field's type: its shape, then its value types, then its
/// presence.
fn field_type(
    pair: &Pair,
    what: &str,
    (old, new): (&Field, &Field),
    (old_file, new_file): (crate::source::FileId, crate::source::FileId),
) -> Option<Finding> {
    let changed = |code: Code, message: String| {
        Some(pair.changed(code, new.type_span, old.type_span, message))
    };
    let (old_shape, new_shape) = (shape(old.ty), shape(new.ty));
    if old_shape != new_shape {
        let name = |shape| match shape {
            Shape::Single => "a single value",
            Shape::List => "a list",
            Shape::Map => "a map",
        };
        return changed(
            Code::CardinalityChanged,
            format!(
                "{what} changed from {} to {}",
                name(old_shape),
                name(new_shape)
            ),
        );
    }
    let values = match (old.ty, new.ty) {
        (FieldType::Map(old_key, old_value), FieldType::Map(new_key, new_value)) => vec![
            (ValueType::Scalar(old_key), ValueType::Scalar(new_key)),
            (old_value, new_value),
        ],
        _ => vec![(old.ty.value(), new.ty.value())],
    };
    for &(old_value, new_value) in &values {
        if let Some((code, why)) = value_change(pair, old_value, new_value) {
            let message = format!(
                "{what} changed type from {} to {}: {why}",
                type_name(pair.old, old_value, is_proto(pair.old, old_file)),
                type_name(pair.new, new_value, is_proto(pair.new, new_file))
            );
            return changed(code, message);
        }
    }
    if old.delimited != new.delimited {
        let form = |delimited| match delimited {
            true => "a group, between start and end keys",
            false => "after its length",
        };
        let message = format!(
            "{what} changed from a message written {} to one written {}: \
             neither reads the other's bytes",
            form(old.delimited),
            form(new.delimited)
        );
        return changed(Code::WireTypeChanged, message);
    }
    for (old_value, new_value) in values {
        if let (ValueType::Ref(_, old_kind), ValueType::Ref(_, new_kind)) = (old_value, new_value)
            && old_kind != new_kind
        {
            let rust = |kind| match kind {
                RefKind::Strong => "Arc<T>",
                RefKind::Weak => "Weak<T>",
            };
            let message = format!(
                "{what} changed from `{}` to `{}`: its Rust type goes from {} to {}",
                old_kind.keyword(),
                new_kind.keyword(),
                rust(old_kind),
                rust(new_kind)
            );
            return changed(Code::ReferenceKindChanged, message);
        }
    }
    let made_required =
        !matches!(old.ty, FieldType::Required(_)) && matches!(new.ty, FieldType::Required(_));
    // A field made required has its own, stronger rule.
    if explicit_presence(old.ty) != explicit_presence(new.ty) && !made_required {
        let (from, to) = if explicit_presence(new.ty) {
            ("T", "Option<T>")
        } else {
            ("Option<T>", "T")
        };
        return changed(
            Code::PresenceChanged,
            format!("{what} changed presence: its Rust type goes from {from} to {to}"),
        );
    }
    None
}

/// Whether the generated Rust field is an `Option`: for `optional` and
/// `required` fields, and for every single message, which has presence
/// anyway.
fn explicit_presence(ty: FieldType) -> bool {
    match ty {
        FieldType::Optional(_) | FieldType::Required(_) => true,
        FieldType::Single(value) => match value {
            ValueType::Message(_) | ValueType::Ref(..) => true,
            ValueType::WellKnown(known) => !known.is_enum(),
            ValueType::Scalar(_) | ValueType::Enum(_) => false,
        },
        FieldType::List(_) | FieldType::Map(..) => false,
    }
}

/// Whether the value types differ in a way a rule names: the code and
/// why, or `None` when `new` reads and writes what `old` did.
fn value_change(pair: &Pair, old: ValueType, new: ValueType) -> Option<(Code, String)> {
    if same_type(pair, old, new) {
        return None;
    }
    let builtin = |ty| matches!(ty, ValueType::Scalar(Scalar::Decimal | Scalar::Value));
    if builtin(old) || builtin(new) {
        return Some((
            Code::BuiltinTypeChanged,
            "decimal and value are messages of their own on the wire".to_owned(),
        ));
    }
    if (old, new)
        == (
            ValueType::Scalar(Scalar::String),
            ValueType::Scalar(Scalar::Bytes),
        )
    {
        return Some((
            Code::JsonTypeChanged,
            "every string reads as its UTF-8 bytes, but JSON writes bytes in base64".to_owned(),
        ));
    }
    let (old_class, new_class) = (old.wire_class(), new.wire_class());
    if old_class != new_class {
        return Some((
            Code::WireTypeChanged,
            format!(
                "{} and {} do not read each other's bytes",
                class_name(old_class),
                class_name(new_class)
            ),
        ));
    }
    if matches!(old, ValueType::Ref(..)) != matches!(new, ValueType::Ref(..)) {
        return Some((
            Code::MessageTypeChanged,
            "a shared object's later occurrences hold only its number, which a plain field reads as an empty message"
                .to_owned(),
        ));
    }
    if old_class == WireClass::Message {
        return Some((
            Code::MessageTypeChanged,
            "old bytes hold the other message's fields".to_owned(),
        ));
    }
    let float = |ty| matches!(ty, ValueType::Scalar(Scalar::F32 | Scalar::F64));
    if float(old) != float(new) {
        return Some((
            Code::FloatBitsReinterpreted,
            "the bytes still read, but their bits mean another number: every value but 0 changes"
                .to_owned(),
        ));
    }
    if let Some(change) = reinterpretation(pair, old, new) {
        return Some((
            Code::NumbersReinterpreted,
            format!("the bytes still read, but {change}"),
        ));
    }
    let json = if matches!(old, ValueType::Enum(_)) || matches!(new, ValueType::Enum(_)) {
        "the bytes read as the same numbers, but JSON writes enum values by name and integers as numbers"
    } else {
        "the bytes read as the same numbers, but their JSON form differs"
    };
    Some((Code::JsonTypeChanged, json.to_owned()))
}

/// The integers a type of the varint, zigzag or fixed-width integer classes
/// holds: whether negative ones, and how many bits (`bool` holds 0 and 1,
/// an enum its `int32` numbers).
fn integer_range(ty: ValueType) -> Option<(bool, u32)> {
    use Scalar::*;
    match ty {
        ValueType::Scalar(Bool) => Some((false, 1)),
        ValueType::Scalar(I32 | Sint32 | Sfixed32) => Some((true, 32)),
        ValueType::Scalar(I64 | Sint64 | Sfixed64) => Some((true, 64)),
        ValueType::Scalar(U32 | Fixed32) => Some((false, 32)),
        ValueType::Scalar(U64 | Fixed64) => Some((false, 64)),
        ValueType::Enum(_) | ValueType::WellKnown(WellKnown::NullValue) => Some((true, 32)),
        _ => None,
    }
}

/// How `new`, an integer type of `old`'s wire class, reads some of the
/// numbers `old` wrote as other numbers, or as none; `None` when it holds
/// every one of them and reads each as itself (`int32` → `int64`: protobuf
/// writes a negative `int32` sign-extended to 64 bits).
fn reinterpretation(pair: &Pair, old: ValueType, new: ValueType) -> Option<String> {
    let ((old_signed, old_bits), (new_signed, new_bits)) =
        (integer_range(old)?, integer_range(new)?);
    let change = if new_bits == 1 && old_bits > 1 {
        "values other than 0 and 1 read as true"
    } else if new_bits < old_bits {
        "values past 32 bits are truncated"
    } else if old_signed && !new_signed {
        "negative values read as large positive ones"
    } else if !old_signed && new_signed && new_bits == old_bits {
        "values past the signed range read as negative ones"
    } else if let ValueType::Enum(closed) = new
        && pair.new.enumeration(closed).closed
        && !names_every_number(pair, old, closed)
    {
        "the numbers the closed enum does not name read as unknown fields"
    } else {
        return None;
    };
    Some(change.to_owned())
}

/// Whether the new version's enum `closed` names every number a field of
/// type `old` holds: a closed old enum's numbers, or `bool`'s 0 and 1 (an
/// open enum holds any `int32`).
fn names_every_number(pair: &Pair, old: ValueType, closed: EnumId) -> bool {
    let named = &pair.new.enumeration(closed).values;
    let names = |number: i64| named.iter().any(|value| value.number == number);
    match old {
        ValueType::Enum(old) => {
            let old = pair.old.enumeration(old);
            old.closed && old.values.iter().all(|value| names(value.number))
        }
        ValueType::Scalar(Scalar::Bool) => names(0) && names(1),
        _ => false,
    }
}

/// Whether `old` and `new` are the same type, a renamed or moved one
/// included.
fn same_type(pair: &Pair, old: ValueType, new: ValueType) -> bool {
    match (old, new) {
        (ValueType::Message(old), ValueType::Message(new)) => {
            pair.types.messages.get(&old).map(|&(id, _)| id) == Some(new)
        }
        // `ref` and `weak` write the same bytes; the Rust type differs.
        (ValueType::Ref(old, _), ValueType::Ref(new, _)) => {
            pair.types.messages.get(&old).map(|&(id, _)| id) == Some(new)
        }
        (ValueType::Enum(old), ValueType::Enum(new)) => {
            pair.types.enums.get(&old).map(|&(id, _)| id) == Some(new)
        }
        _ => old == new,
    }
}

fn class_name(class: WireClass) -> &'static str {
    match class {
        WireClass::Varint => "varints",
        WireClass::Zigzag => "zigzag varints",
        WireClass::Fixed32 => "four-byte values",
        WireClass::Fixed64 => "eight-byte values",
        WireClass::String => "strings",
        WireClass::Bytes => "bytes",
        WireClass::Message => "messages",
    }
}

/// A value type as a schema spells it (`.proto` files as protobuf does:
/// `int64`), with full names for types.
fn type_name(schema: &Schema, ty: ValueType, proto: bool) -> String {
    match ty {
        ValueType::Scalar(scalar) if proto => {
            scalar.proto_name().trim_start_matches('.').to_owned()
        }
        ValueType::Scalar(scalar) => scalar.name().to_owned(),
        ValueType::Enum(id) => schema.enumeration(id).full_name.clone(),
        ValueType::Message(id) => schema.message(id).full_name.clone(),
        ValueType::WellKnown(known) => format!("google.protobuf.{}", known.name()),
        ValueType::Ref(id, kind) => format!("{} {}", kind.keyword(), schema.message(id).full_name),
    }
}

/// The rules on one enum and its partner.
fn enumeration(pair: &Pair, old: &Enum, new: &Enum, findings: &mut Vec<Finding>) {
    for value in &old.values {
        let by_name = new.values.iter().find(|v| v.name == value.name);
        let by_number = new.values.iter().find(|v| v.number == value.number);
        let what = format!(
            "value {} ({}) of {}",
            value.name, value.number, new.full_name
        );
        match (by_name, by_number) {
            (Some(same), _) if same.number == value.number => {}
            (Some(renumbered), _) => {
                let message = format!("{what} was renumbered to {}", renumbered.number);
                findings.push(pair.changed(
                    Code::EnumValueRenumbered,
                    renumbered.number_span,
                    value.number_span,
                    message,
                ));
            }
            (None, Some(renamed)) => {
                let message = format!("{what} was renamed to {}", renamed.name);
                findings.push(pair.changed(
                    Code::EnumValueRenamed,
                    renamed.name_span,
                    value.name_span,
                    message,
                ));
            }
            (None, None) => enum_value_deleted(pair, new, value, &what, findings),
        }
    }
    for value in &new.values {
        let known = old
            .values
            .iter()
            .any(|old_value| old_value.number == value.number || old_value.name == value.name);
        if !known {
            reuse(
                pair,
                &old.reserved,
                &old.full_name,
                (value.number, value.number_span),
                (&value.name, value.name_span),
                findings,
            );
        }
    }
}

fn enum_value_deleted(
    pair: &Pair,
    new: &Enum,
    value: &crate::model::EnumValue,
    what: &str,
    findings: &mut Vec<Finding>,
) {
    let number_reserved = reserves_number(&new.reserved, value.number);
    let name_reserved = reserves_name(&new.reserved, &value.name);
    let (code, message) = match (number_reserved, name_reserved) {
        (true, true) => return,
        (false, _) => (
            Code::EnumValueDeleted,
            format!("{what} was deleted without reserving its number"),
        ),
        (true, false) => (
            Code::NameNotReserved,
            format!("{what} was deleted with its number reserved, but not its name"),
        ),
    };
    let help = reserve_help(
        pair.new,
        new.file,
        (!number_reserved).then_some(value.number),
        &value.name,
        &new.name,
    );
    let place = value.name_span.to(value.number_span);
    let label = format!("{} has no value {}", new.name, value.number);
    findings.push(
        pair.removed(code, place, Some((new.span, label)), message)
            .with_help(help),
    );
}

impl Finding {
    /// Replaces the help line.
    fn with_help(mut self, help: String) -> Self {
        self.diagnostic.help = help;
        self
    }
}
