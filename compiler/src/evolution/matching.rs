//! Pairs the messages and enums of two versions: by full name first; then
//! an old type left without a partner pairs with a new type left without
//! one that has the same shape (the same numbers with the same names),
//! as renamed when it keeps its package and parent but not its name, or
//! as moved when it keeps its name but not its place.

use std::collections::BTreeMap;

use crate::model::{EnumId, MessageId, Schema};

/// How an old type found its new partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// The same full name.
    Same,
    /// Another name in the same package and parent.
    Renamed,
    /// The same name in another package or parent.
    Moved,
}

/// The partner in the new version of every old type that has one.
#[derive(Debug, Default)]
pub(super) struct Types {
    pub messages: BTreeMap<MessageId, (MessageId, How)>,
    pub enums: BTreeMap<EnumId, (EnumId, How)>,
}

/// Where a type is declared and what it holds, for pairing.
struct Facts<'a> {
    name: &'a str,
    full_name: &'a str,
    /// The package and the enclosing messages: the full name without the
    /// type's own name.
    scope: &'a str,
    /// Numbers and names, sorted.
    shape: Vec<(i64, &'a str)>,
}

/// Pairs the types of `old` and `new`.
pub(super) fn match_types(old: &Schema, new: &Schema) -> Types {
    // A file loaded only for its options is no part of either version.
    let messages = |schema: &Schema| -> Vec<_> {
        (schema.message_ids())
            .filter(|(_, message)| !schema.is_implicit(message.file))
            .map(|(id, _)| id)
            .collect()
    };
    let enums = |schema: &Schema| -> Vec<_> {
        (schema.enum_ids())
            .filter(|(_, enumeration)| !schema.is_implicit(enumeration.file))
            .map(|(id, _)| id)
            .collect()
    };
    let (old_messages, new_messages) = (messages(old), messages(new));
    let (old_enums, new_enums) = (enums(old), enums(new));
    Types {
        messages: pair(
            &old_messages,
            &new_messages,
            |id| facts_of_message(old, id),
            |id| facts_of_message(new, id),
        ),
        enums: pair(
            &old_enums,
            &new_enums,
            |id| facts_of_enum(old, id),
            |id| facts_of_enum(new, id),
        ),
    }
}

fn facts_of_message(schema: &Schema, id: MessageId) -> Facts<'_> {
    let message = schema.message(id);
    let shape = message.fields.iter().map(|f| (f.number, f.name.as_str()));
    facts(&message.name, &message.full_name, shape.collect())
}

fn facts_of_enum(schema: &Schema, id: EnumId) -> Facts<'_> {
    let enumeration = schema.enumeration(id);
    let shape = enumeration
        .values
        .iter()
        .map(|v| (v.number, v.name.as_str()));
    facts(&enumeration.name, &enumeration.full_name, shape.collect())
}

fn facts<'a>(name: &'a str, full_name: &'a str, mut shape: Vec<(i64, &'a str)>) -> Facts<'a> {
    shape.sort_unstable();
    let scope = full_name
        .strip_suffix(name)
        .map_or("", |scope| scope.trim_end_matches('.'));
    Facts {
        name,
        full_name,
        scope,
        shape,
    }
}

/// Whether an old type may pair with a new one.
type Fits = fn(&Facts, &Facts) -> bool;

/// Pairs `old` ids with `new` ids: by full name, then renamed, then moved.
fn pair<'a, Id: Copy + Ord>(
    old: &[Id],
    new: &[Id],
    old_facts: impl Fn(Id) -> Facts<'a>,
    new_facts: impl Fn(Id) -> Facts<'a>,
) -> BTreeMap<Id, (Id, How)> {
    let old: Vec<(Id, Facts<'a>)> = old.iter().map(|&id| (id, old_facts(id))).collect();
    let new: Vec<(Id, Facts<'a>)> = new.iter().map(|&id| (id, new_facts(id))).collect();
    let mut pairs = BTreeMap::new();
    let mut taken = vec![false; new.len()];
    let tries: [(How, Fits); 3] = [
        (How::Same, |a, b| a.full_name == b.full_name),
        (How::Renamed, |a, b| {
            a.scope == b.scope && !a.shape.is_empty() && a.shape == b.shape
        }),
        (How::Moved, |a, b| a.name == b.name && a.shape == b.shape),
    ];
    for (how, fits) in tries {
        for (old_id, old_facts) in &old {
            if pairs.contains_key(old_id) {
                continue;
            }
            let partner = new
                .iter()
                .enumerate()
                .find(|(index, (_, facts))| !taken[*index] && fits(old_facts, facts));
            if let Some((index, (new_id, _))) = partner {
                taken[index] = true;
                pairs.insert(*old_id, (*new_id, how));
            }
        }
    }
    pairs
}
