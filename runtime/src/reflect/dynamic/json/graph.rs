//! Graph mode's JSON for dynamic messages (docs/graph.md, "JSON: `$id`
//! and `$ref`"), as `schemac decode` writes it and `schemac encode` reads
//! it: in a field that `(schemac.reference)` marks, an object at its first
//! occurrence leads with its id under `"$id"`, every later occurrence is
//! `{"$ref": id}`, and a dead `weak` is `{}`. The top-level message is
//! object 1, with `"$id": 1` when a reference can point at its type;
//! the others take 2, 3, … in the order they are written, which for a
//! graph message is the order the bytes hold its fields.
//!
//! Reading takes the labels in that same order, field number order: a
//! `$id` labels an object (any non-negative integer, used once), a `$ref`
//! names one labelled before it; an object without a `$id` is one that
//! nothing else names. What is read is settled as what the binary format
//! reads is (`dynamic/graph.rs`).

use crate::prelude::*;
use alloc::collections::BTreeMap;

use serde_json::{Map, Value as Json};

use crate::graph::{DEAD, ROOT_ID};
use crate::json::{ID_KEY, REF_KEY};
use crate::reflect::dynamic::DynamicMessage;
use crate::reflect::dynamic::graph::{is_later_occurrence, later_occurrence, number_of};
use crate::reflect::{MessageDescriptor, Reference};

/// The ids written so far, by the number each object holds in the message.
pub(super) struct Ids {
    next: u64,
    by_number: BTreeMap<u32, u64>,
}

impl Ids {
    pub(super) fn new() -> Self {
        Ids {
            next: u64::from(ROOT_ID) + 1,
            by_number: BTreeMap::new(),
        }
    }

    /// How an occurrence is written: as `{"$ref": id}` or `{}` if it is a
    /// later occurrence or a dead `weak`; otherwise `None`, and the id the
    /// object takes is in [`Ids::take`].
    pub(super) fn reference(&self, occurrence: &DynamicMessage<'_>) -> Option<Json> {
        let number = number_of(occurrence)?;
        match number {
            DEAD => Some(Json::Object(Map::new())),
            ROOT_ID => Some(reference_to(u64::from(ROOT_ID))),
            _ if is_later_occurrence(occurrence) => {
                self.by_number.get(&number).map(|&id| reference_to(id))
            }
            _ => None,
        }
    }

    /// The id that `occurrence`, an object at its first occurrence, takes.
    pub(super) fn take(&mut self, occurrence: &DynamicMessage<'_>) -> u64 {
        let id = self.next;
        self.next += 1;
        if let Some(number) = number_of(occurrence) {
            self.by_number.insert(number, id);
        }
        id
    }
}

/// `{"$ref": id}`.
fn reference_to(id: u64) -> Json {
    let mut object = Map::new();
    object.insert(REF_KEY.to_owned(), Json::from(id));
    Json::Object(object)
}

/// `object` led by `"$id": id`.
pub(super) fn with_id(id: u64, object: Map<String, Json>) -> Json {
    let mut labelled = Map::new();
    labelled.insert(ID_KEY.to_owned(), Json::from(id));
    labelled.extend(object);
    Json::Object(labelled)
}

/// The labels read so far: for each, the object's type, its number in the
/// message, and whether it has been read whole.
#[derive(Default)]
pub(super) struct Labels<'a> {
    labelled: BTreeMap<u64, Label<'a>>,
    /// The number the object labelled last took; none (0) before the
    /// first, which takes 2, after the top-level message.
    last: u32,
    /// Whether any reference has been read.
    pub(super) met: bool,
}

/// The object a label labels.
struct Label<'a> {
    descriptor: MessageDescriptor<'a>,
    /// Its number in the message.
    number: u32,
    /// Whether it has been read whole: a `ref` to an object still being
    /// read would be a cycle through strong references.
    read: bool,
}

/// How a reference's JSON begins.
pub(super) enum Head {
    /// `{"$ref": label}`: a later occurrence of the object `label`
    /// labels.
    Later(u64),
    /// `{}` in a `weak` field: dead.
    Dead,
    /// An object, labelled if it has a `$id`, which is no field of it.
    Object(Option<u64>),
    /// Not a JSON object.
    NotAnObject,
}

/// How `json`, a reference's JSON, begins; an error for a `$ref` beside
/// other members or a label that is not a non-negative integer.
pub(super) fn read_head(reference: Reference, json: &Json) -> Result<Head, String> {
    let Json::Object(object) = json else {
        return Ok(Head::NotAnObject);
    };
    if reference == Reference::Weak && object.is_empty() {
        return Ok(Head::Dead);
    }
    if let Some(label) = object.get(REF_KEY) {
        if object.len() > 1 {
            return Err(format!(
                "a `{REF_KEY}` holds nothing else: a reference to an object written earlier is `{{\"{REF_KEY}\": id}}` alone"
            ));
        }
        return label_of(label).map(Head::Later);
    }
    let label = object.get(ID_KEY).map(label_of).transpose()?;
    Ok(Head::Object(label))
}

/// The label a `$id` or `$ref` holds: a non-negative integer.
pub(super) fn label_of(json: &Json) -> Result<u64, String> {
    json.as_u64()
        .ok_or_else(|| format!("an object's label is a non-negative integer, not {json}"))
}

impl<'a> Labels<'a> {
    /// Labels the top-level message, of type `descriptor`, with `label`.
    pub(super) fn label_root(&mut self, label: u64, descriptor: MessageDescriptor<'a>) {
        let root = Label {
            descriptor,
            number: ROOT_ID,
            read: false,
        };
        self.labelled.insert(label, root);
    }

    /// Labels an object of type `descriptor` about to be read with
    /// `label`, and gives it its number in the message; an error if an
    /// object took the label before.
    pub(super) fn label(
        &mut self,
        label: u64,
        descriptor: MessageDescriptor<'a>,
    ) -> Result<u32, String> {
        if self.labelled.contains_key(&label) {
            return Err(format!("`{ID_KEY}` {label} labels two objects"));
        }
        let number = self.last.max(ROOT_ID).saturating_add(1);
        self.last = number;
        let object = Label {
            descriptor,
            number,
            read: false,
        };
        self.labelled.insert(label, object);
        Ok(number)
    }

    /// Marks the object `label` labels as read whole.
    pub(super) fn read(&mut self, label: u64) {
        if let Some(object) = self.labelled.get_mut(&label) {
            object.read = true;
        }
    }

    /// The later occurrence that `{"$ref": label}` is, in a field of type
    /// `descriptor` that `reference` marks; an error for a label that no
    /// object before it took, an object of another type, or one that holds
    /// a `ref` to it.
    pub(super) fn later(
        &self,
        label: u64,
        descriptor: MessageDescriptor<'a>,
        reference: Reference,
    ) -> Result<DynamicMessage<'a>, String> {
        let Some(named) = self.labelled.get(&label) else {
            return Err(format!(
                "`{REF_KEY}` {label} names no object written before it (a `{ID_KEY}` comes before the references to it, in field number order)"
            ));
        };
        if named.descriptor != descriptor {
            return Err(format!(
                "`{REF_KEY}` {label} names an object of type {}, not {}",
                named.descriptor.full_name(),
                descriptor.full_name()
            ));
        }
        if reference == Reference::Ref && !named.read {
            return Err(format!(
                "`{REF_KEY}` {label} names an object that holds it: a cycle through a strong reference (cycles go through `weak`)"
            ));
        }
        Ok(later_occurrence(descriptor, named.number))
    }
}

/// A dead `weak`'s occurrence, of type `descriptor`.
pub(super) fn dead<'a>(descriptor: MessageDescriptor<'a>) -> DynamicMessage<'a> {
    later_occurrence(descriptor, DEAD)
}
