//! How schema names become protobuf's: the names enum values are exported
//! under, which protobuf's JSON also reads.
//!
//! protobuf scopes enum value names at the enum's parent, so two enums in
//! one package may not share a value name. A `.schema` enum one of whose
//! values would clash there is exported with the enum's name as a prefix
//! on each value (`Status.PENDING` → `STATUS_PENDING`) unless it has it
//! already; prost strips that prefix again, so prost's Rust variants are
//! the same as schemac's. Every other enum keeps its values' names, so
//! that protobuf's JSON names are schemac's and `import-proto` gets them
//! back. Export writes these names and generated JSON reads them.

use std::collections::HashMap;

use heck::ToShoutySnakeCase;

use crate::language::Dialect;
use crate::model::{Enum, EnumId, MessageId, Schema};

/// The exported name of enum value `value` of `enumeration`: as written,
/// unless the enum's values must be prefixed (see [`prefixes_values`]).
pub fn value_name(schema: &Schema, enumeration: &Enum, value: &str) -> String {
    exported_value_name(enumeration, prefixes_values(schema, enumeration), value)
}

/// The exported name of enum value `value` of `enumeration`, whose values
/// are prefixed when `prefixed` is set ([`prefixed_enums`]): what
/// [`value_name`] gives, without looking at the enum's scope again.
pub fn exported_value_name(enumeration: &Enum, prefixed: bool, value: &str) -> String {
    if !prefixed {
        return value.to_owned();
    }
    let prefix = format!("{}_", enumeration.name.to_shouty_snake_case());
    if value.to_shouty_snake_case().starts_with(&prefix) {
        value.to_owned()
    } else {
        format!("{prefix}{value}")
    }
}

/// Whether the values of `enumeration` are exported with the enum's name
/// as a prefix: a `.schema` enum's values are scoped to the enum, but
/// protobuf scopes them at the enum's parent, so when one of them has the
/// name of something else there (another enum's value, a type, a field)
/// every value of the enum gets the prefix. A `.proto` enum's values keep
/// their names: protobuf's rule held for them already.
pub fn prefixes_values(schema: &Schema, enumeration: &Enum) -> bool {
    if !from_schema(schema, enumeration) {
        return false;
    }
    let scope = Scope::of(enumeration);
    let names = ScopeNames::of(schema, &scope);
    let own = scope
        .enums(schema)
        .into_iter()
        .find(|&id| std::ptr::eq(schema.enumeration(id), enumeration));
    names.takes_any(enumeration, own)
}

/// One mark per enum of [`Schema::enums`]: whether its values are
/// exported with the enum's name as a prefix ([`prefixes_values`]), for
/// every enum at once, in time linear in the schema.
pub fn prefixed_enums(schema: &Schema) -> Vec<bool> {
    let mut scopes: HashMap<Scope<'_>, ScopeNames<'_>> = HashMap::new();
    schema
        .enum_ids()
        .map(|(id, enumeration)| {
            if !from_schema(schema, enumeration) {
                return false;
            }
            let scope = Scope::of(enumeration);
            let names = scopes
                .entry(scope)
                .or_insert_with_key(|scope| ScopeNames::of(schema, scope));
            names.takes_any(enumeration, Some(id))
        })
        .collect()
}

/// Whether `enumeration` is declared in a `.schema` file.
fn from_schema(schema: &Schema, enumeration: &Enum) -> bool {
    schema
        .files
        .get(enumeration.file.0 as usize)
        .is_some_and(|file| file.dialect == Dialect::Schema)
}

/// Where protobuf scopes the values of an enum: its parent message, or
/// its package for a top-level enum.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Scope<'a> {
    Message(MessageId),
    Package(&'a [String]),
}

impl<'a> Scope<'a> {
    fn of(enumeration: &'a Enum) -> Self {
        match enumeration.parent {
            Some(parent) => Scope::Message(parent),
            None => Scope::Package(&enumeration.package),
        }
    }

    /// The messages and enums declared in the scope.
    fn types(&self, schema: &'a Schema) -> (Vec<MessageId>, Vec<EnumId>) {
        match *self {
            Scope::Message(parent) => {
                let parent = schema.message(parent);
                (parent.messages.clone(), parent.enums.clone())
            }
            Scope::Package(package) => {
                let files = schema.files.iter().filter(|file| file.package == package);
                let (messages, enums): (Vec<_>, Vec<_>) = files
                    .map(|file| (file.messages.clone(), file.enums.clone()))
                    .unzip();
                (messages.concat(), enums.concat())
            }
        }
    }

    fn enums(&self, schema: &'a Schema) -> Vec<EnumId> {
        self.types(schema).1
    }
}

/// What has a name in a scope, for the values of its enums.
#[derive(Clone, Copy)]
enum Holder {
    /// A field, oneof, message or enum, which every value of the scope's
    /// enums would clash with.
    Declaration,
    /// Values of the enum `first` and, when `more` is set, of others.
    Values { first: EnumId, more: bool },
}

/// The names in one scope, with what has each.
struct ScopeNames<'a> {
    holders: HashMap<&'a str, Holder>,
}

impl<'a> ScopeNames<'a> {
    fn of(schema: &'a Schema, scope: &Scope<'a>) -> Self {
        let mut holders = HashMap::new();
        let mut declare = |name: &'a str| {
            holders.insert(name, Holder::Declaration);
        };
        if let Scope::Message(parent) = *scope {
            let parent = schema.message(parent);
            parent.fields.iter().for_each(|field| declare(&field.name));
            parent.oneofs.iter().for_each(|oneof| declare(&oneof.name));
        }
        let (messages, enums) = scope.types(schema);
        for id in messages {
            declare(&schema.message(id).name);
        }
        for &id in &enums {
            declare(&schema.enumeration(id).name);
        }
        for id in enums {
            for value in &schema.enumeration(id).values {
                let holder = holders
                    .entry(value.name.as_str())
                    .or_insert(Holder::Values {
                        first: id,
                        more: false,
                    });
                if let Holder::Values { first, more } = holder
                    && *first != id
                {
                    *more = true;
                }
            }
        }
        ScopeNames { holders }
    }

    /// Whether a value of `enumeration`, whose id in the scope is `own`,
    /// has the name of something else in the scope: a declaration, or a
    /// value of another enum.
    fn takes_any(&self, enumeration: &Enum, own: Option<EnumId>) -> bool {
        enumeration
            .values
            .iter()
            .any(|value| match self.holders.get(value.name.as_str()) {
                None => false,
                Some(Holder::Declaration) => true,
                Some(&Holder::Values { first, more }) => more || Some(first) != own,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::{prefixed_enums, prefixes_values};
    use crate::ast::Member;
    use crate::model::{Enum, EnumId, MessageId, Schema};
    use crate::resolve::test_helpers::{Ast, World};

    /// [`prefixes_values`] as it was first written, comparing each value
    /// with a list of every name in its scope.
    fn prefixes_values_pairwise(schema: &Schema, enumeration: &Enum) -> bool {
        if !super::from_schema(schema, enumeration) {
            return false;
        }
        let (messages, enums, fields): (Vec<MessageId>, Vec<EnumId>, Vec<&str>) =
            match enumeration.parent {
                Some(parent) => {
                    let parent = schema.message(parent);
                    let fields = (parent.fields.iter().map(|field| field.name.as_str()))
                        .chain(parent.oneofs.iter().map(|oneof| oneof.name.as_str()))
                        .collect();
                    (parent.messages.clone(), parent.enums.clone(), fields)
                }
                None => {
                    let files =
                        (schema.files.iter()).filter(|file| file.package == enumeration.package);
                    let (messages, enums): (Vec<_>, Vec<_>) = files
                        .map(|file| (file.messages.clone(), file.enums.clone()))
                        .unzip();
                    (messages.concat(), enums.concat(), Vec::new())
                }
            };
        let mut taken: Vec<&str> = fields;
        taken.extend(messages.iter().map(|&id| schema.message(id).name.as_str()));
        for &id in &enums {
            let other = schema.enumeration(id);
            taken.push(&other.name);
            if !std::ptr::eq(other, enumeration) {
                taken.extend(other.values.iter().map(|value| value.name.as_str()));
            }
        }
        (enumeration.values.iter()).any(|value| taken.contains(&value.name.as_str()))
    }

    #[test]
    fn prefixed_enums_are_those_of_the_pairwise_comparison() {
        // Few names, so that values meet types, fields and each other.
        let names = ["A", "B", "E", "M", "a"];
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |limit: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % limit as u64) as usize
        };
        let mut prefixed_seen = [0, 0];
        for _ in 0..200 {
            // Enums with a few values each; `pick` chooses each name.
            let enumeration = |a: &Ast, name: &str, pick: &mut dyn FnMut(usize) -> usize| {
                let values: Vec<(&str, i64)> = (0..1 + pick(3))
                    .map(|number| (names[pick(names.len())], number as i64))
                    .collect();
                a.enumeration(name, &values)
            };
            // A type's own name, or now and then one of the values'.
            let type_name = |own: &str, pick: &mut dyn FnMut(usize) -> usize| match pick(3) {
                0 => names[pick(names.len())].to_owned(),
                _ => own.to_owned(),
            };
            let mut world = World::new();
            for file in 0..2 {
                world.file(&format!("f{file}.schema"), "p", &[], |a| {
                    let mut members: Vec<Member> = Vec::new();
                    for index in 0..next(3) {
                        let mut nested: Vec<Member> = Vec::new();
                        for field in 0..next(3) {
                            let name = names[next(names.len())];
                            nested.push(a.field(name, a.ty("i32"), field as i64 + 1));
                        }
                        for inner in 0..next(3) {
                            let name = type_name(&format!("N{inner}"), &mut next);
                            nested.push(enumeration(a, &name, &mut next));
                        }
                        let name = type_name(&format!("M{file}{index}"), &mut next);
                        members.push(a.message(&name, nested));
                    }
                    for index in 0..next(3) {
                        let name = type_name(&format!("E{file}{index}"), &mut next);
                        members.push(enumeration(a, &name, &mut next));
                    }
                    members
                });
            }
            let (schema, _) = world.resolve();
            let marks = prefixed_enums(&schema);
            for (enumeration, mark) in schema.enums.iter().zip(marks) {
                let expected = prefixes_values_pairwise(&schema, enumeration);
                assert_eq!(mark, expected, "{}", enumeration.full_name);
                assert_eq!(prefixes_values(&schema, enumeration), expected);
                prefixed_seen[usize::from(expected)] += 1;
            }
        }
        assert!(
            prefixed_seen.iter().all(|&seen| seen > 50),
            "{prefixed_seen:?}"
        );
    }
}
