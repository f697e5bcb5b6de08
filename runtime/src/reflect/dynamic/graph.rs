//! Graph mode in dynamic messages (docs/graph.md): the fields that
//! `(schemac.reference)` marks hold shared objects, and a dynamic message
//! holds them as the wire has them, as Google's protobuf reads them. Each
//! object is in full at its first occurrence (in the order fields are
//! written), its number in its `schemac_graph_id` field if it occurs more
//! than once; every later occurrence is a message holding that number
//! alone; a dead `weak` holds number 0, and a `weak` back to the
//! top-level message number 1.
//!
//! Reading checks what generated code checks ([`Objects`]) and puts each
//! object at its first occurrence ([`place_objects`]): the wire may have
//! it elsewhere (a map's entries out of key order, fields out of number
//! order), or in an occurrence a later one replaced, which generated
//! code's later references still name. Writing numbers again, as
//! generated code does ([`Renumbering`]): the objects that occur more than
//! once take 2, 3, … in the order of their first occurrence, each led by
//! its number there; the others are written without one.

use crate::prelude::*;
use alloc::borrow::Cow;
use alloc::collections::{BTreeMap, BTreeSet};

use super::{DynamicMessage, Value};
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::graph::{self, DEAD, Head, REFERENCE_FIELD, ROOT_ID};
use crate::reflect::{FieldDescriptor, MessageDescriptor, Reference};

/// The objects that the references of one decode have read so far.
pub(super) struct Objects<'a> {
    /// The top-level message's type: object 1.
    root: MessageDescriptor<'a>,
    /// The numbered objects, 2, 3, …: one more per numbered object read,
    /// each of which took input bytes.
    numbered: Vec<Object<'a>>,
    /// What reading replaced (a field read again, another member of a
    /// oneof, a map entry of the same key): the objects in it may still be
    /// named by later occurrences.
    replaced: Vec<Value<'a>>,
    /// Whether any occurrence has been read.
    met: bool,
}

/// One numbered object of a decode.
struct Object<'a> {
    descriptor: MessageDescriptor<'a>,
    /// Whether it has been read whole: a `ref` to an object still being
    /// read would be a cycle through strong references.
    read: bool,
}

impl<'a> Objects<'a> {
    /// The objects of a decode of a message of type `root`, object 1.
    pub(super) fn new(root: MessageDescriptor<'a>) -> Self {
        Objects {
            root,
            numbered: Vec::new(),
            replaced: Vec::new(),
            met: false,
        }
    }

    /// Keeps `value`, which reading replaced, for later occurrences of the
    /// objects in it.
    pub(super) fn keep_replaced(&mut self, value: Value<'a>) {
        if matches!(value, Value::Message(_) | Value::List(_) | Value::Map(_)) {
            self.replaced.push(value);
        }
    }

    /// Reads one occurrence of an object of type `descriptor` in a field
    /// that `reference` marks, up to the decoder's limit, as generated code
    /// reads it (`graph::read_head`).
    pub(super) fn read_occurrence(
        &mut self,
        descriptor: MessageDescriptor<'a>,
        reference: Reference,
        decoder: &mut Decoder<'_>,
    ) -> Result<DynamicMessage<'a>, DecodeError> {
        self.met = true;
        let start = decoder.offset();
        let next = u32::try_from(self.numbered.len())
            .unwrap_or(u32::MAX)
            .saturating_add(ROOT_ID + 1);
        let mut message = DynamicMessage::new(descriptor);
        match graph::read_head(decoder, next)? {
            Head::Object(None) => message.merge_fields(decoder, self)?,
            Head::Object(Some(number)) => {
                message.fields.insert(REFERENCE_FIELD, Value::U32(number));
                self.numbered.push(Object {
                    descriptor,
                    read: false,
                });
                message.merge_fields(decoder, self)?;
                if let Some(object) = self.numbered.last_mut() {
                    object.read = true;
                }
            }
            Head::Later(number) => {
                self.check_later(number, descriptor, reference, start)?;
                message.fields.insert(REFERENCE_FIELD, Value::U32(number));
            }
        }
        Ok(message)
    }

    /// Checks a later occurrence of object `number`, at `offset`, in a
    /// field of type `descriptor` that `reference` marks: the errors of
    /// generated code's `read_strong` and `read_weak`.
    fn check_later(
        &self,
        number: u32,
        descriptor: MessageDescriptor<'a>,
        reference: Reference,
        offset: usize,
    ) -> Result<(), DecodeError> {
        let (object, read) = match number {
            DEAD => {
                return match reference {
                    Reference::Weak => Ok(()),
                    Reference::Ref => Err(graph::dead_strong_reference(offset)),
                };
            }
            ROOT_ID => (self.root, false),
            _ => {
                let index = (number - ROOT_ID - 1) as usize;
                let object = self.numbered.get(index).ok_or_else(|| {
                    DecodeError::invalid("a reference to an object not seen yet", offset)
                })?;
                (object.descriptor, object.read)
            }
        };
        match reference {
            Reference::Ref if !read => Err(graph::strong_cycle(number, offset)),
            _ if object != descriptor => Err(graph::another_type(offset)),
            _ => Ok(()),
        }
    }

    /// Settles the objects read into `message`, the top-level message,
    /// once it is read whole ([`settle`]).
    pub(super) fn place(self, message: &mut DynamicMessage<'a>) {
        if self.met {
            settle(message, self.replaced);
        }
    }
}

impl DynamicMessage<'_> {
    /// Settles graph mode's objects in it, a graph message read whole from
    /// the text format, as [`settle`] says; nothing for another message.
    pub(crate) fn settle_graph(&mut self) {
        if self.descriptor.is_graph_message() {
            settle(self, Vec::new());
        }
    }
}

/// Settles the objects of `message`, a top-level message read from the
/// binary format, JSON or text, and of `replaced`, what reading it
/// replaced, as generated code holds them: each object at its first
/// occurrence ([`place_objects`]), numbered as it is written
/// ([`Renumbering`]); an object that no `ref` holds is dropped, and a
/// `weak` to it is dead (number 0).
pub(super) fn settle<'a>(message: &mut DynamicMessage<'a>, replaced: Vec<Value<'a>>) {
    let mut objects = BTreeMap::new();
    take_objects(message, &mut objects);
    for mut value in replaced {
        for held in messages_in(&mut value) {
            take_objects(held, &mut objects);
            take_object(held, &mut objects);
        }
    }
    let mut live = BTreeSet::new();
    mark_live(message, &objects, &mut live);
    objects.retain(|number, _| live.contains(number));
    kill_weak(message, &live);
    for object in objects.values_mut() {
        kill_weak(object, &live);
    }
    place_objects(message, &mut objects, &mut BTreeSet::new());
    let renumbering = Renumbering::counting(&Counts::of(message));
    renumbering.apply(message);
}

/// The number an occurrence holds in its `schemac_graph_id` field, if it
/// holds one.
pub(super) fn number_of(occurrence: &DynamicMessage<'_>) -> Option<u32> {
    match occurrence.fields.get(&REFERENCE_FIELD) {
        Some(Value::U32(number)) if occurrence.descriptor.is_referenced() => Some(*number),
        _ => None,
    }
}

/// Whether an occurrence holds its number and nothing else.
fn is_bare(occurrence: &DynamicMessage<'_>) -> bool {
    occurrence.fields.len() == 1 && occurrence.unknown.is_empty()
}

/// Whether `occurrence` is a later occurrence of an object: its number
/// alone (or a dead `weak`, or a `weak` to the top-level message).
pub(super) fn is_later_occurrence(occurrence: &DynamicMessage<'_>) -> bool {
    number_of(occurrence).is_some() && is_bare(occurrence)
}

/// A later occurrence of object `number`, of type `descriptor`.
pub(super) fn later_occurrence<'a>(
    descriptor: MessageDescriptor<'a>,
    number: u32,
) -> DynamicMessage<'a> {
    let mut occurrence = DynamicMessage::new(descriptor);
    occurrence
        .fields
        .insert(REFERENCE_FIELD, Value::U32(number));
    occurrence
}

/// Takes every numbered object out of the messages `message` holds, and
/// out of those they hold, into `objects` by number, each in place of a
/// later occurrence of it: the first one met for each number that holds
/// more than its number.
fn take_objects<'a>(
    message: &mut DynamicMessage<'a>,
    objects: &mut BTreeMap<u32, DynamicMessage<'a>>,
) {
    for (reference, held) in message.held_messages_mut() {
        take_objects(held, objects);
        if reference.is_some() {
            take_object(held, objects);
        }
    }
}

/// Takes `occurrence` into `objects` if it is a numbered object with
/// more than its number, leaving a later occurrence of it.
fn take_object<'a>(
    occurrence: &mut DynamicMessage<'a>,
    objects: &mut BTreeMap<u32, DynamicMessage<'a>>,
) {
    let Some(number) = number_of(occurrence).filter(|&n| n > ROOT_ID) else {
        return;
    };
    if is_bare(occurrence) {
        return;
    }
    let later = later_occurrence(occurrence.descriptor, number);
    let object = core::mem::replace(occurrence, later);
    objects.entry(number).or_insert(object);
}

/// Marks as `live` the numbered objects of `objects` (taken out of
/// `message`) that a `ref` in `message` holds, and those a `ref` in them
/// holds, and so on: what a `weak` alone reaches is not held.
fn mark_live<'a>(
    message: &DynamicMessage<'a>,
    objects: &BTreeMap<u32, DynamicMessage<'a>>,
    live: &mut BTreeSet<u32>,
) {
    for (reference, held) in message.held_messages() {
        match (reference, number_of(held)) {
            (Some(Reference::Weak), _) => {}
            (Some(Reference::Ref), Some(number)) if number > ROOT_ID => {
                if live.insert(number)
                    && let Some(object) = objects.get(&number)
                {
                    mark_live(object, objects, live);
                }
            }
            _ => mark_live(held, objects, live),
        }
    }
}

/// Makes every `weak` in `message` to an object not `live` dead: one
/// that holds an object of its own, which nothing else holds, and one
/// to a numbered object no `ref` holds.
fn kill_weak(message: &mut DynamicMessage<'_>, live: &BTreeSet<u32>) {
    for (reference, held) in message.held_messages_mut() {
        if reference != Some(Reference::Weak) {
            kill_weak(held, live);
            continue;
        }
        let dead = match number_of(held) {
            None => true,
            Some(number) => number > ROOT_ID && !live.contains(&number),
        };
        if dead {
            *held = later_occurrence(held.descriptor, DEAD);
        }
    }
}

/// Puts each object of `objects` at the first occurrence of its number
/// in `message` and what it holds, in the order they are written; `seen`
/// are the numbers met before.
fn place_objects<'a>(
    message: &mut DynamicMessage<'a>,
    objects: &mut BTreeMap<u32, DynamicMessage<'a>>,
    seen: &mut BTreeSet<u32>,
) {
    for (reference, held) in message.held_messages_mut() {
        if reference.is_some()
            && let Some(number) = number_of(held)
            && seen.insert(number)
            && let Some(object) = objects.remove(&number)
        {
            *held = object;
        }
        place_objects(held, objects, seen);
    }
}

/// The messages that `value` holds: itself, a list's, a map's values.
fn messages_in<'v, 'a>(value: &'v mut Value<'a>) -> Vec<&'v mut DynamicMessage<'a>> {
    match value {
        Value::Message(message) => Vec::from([message]),
        Value::List(items) => items.iter_mut().filter_map(Value::as_message_mut).collect(),
        Value::Map(entries) => (entries.values_mut())
            .filter_map(Value::as_message_mut)
            .collect(),
        _ => Vec::new(),
    }
}

impl<'a> DynamicMessage<'a> {
    /// The messages its fields and extensions hold, in the order they are
    /// written (fields by number, then extensions by number; a list's in
    /// order, a map's values by key), each with the reference its field
    /// marks it as.
    fn held_messages_mut(&mut self) -> Vec<(Option<Reference>, &mut DynamicMessage<'a>)> {
        let descriptor = self.descriptor;
        let field = |number: u32| {
            descriptor
                .field(number)
                .or_else(|| descriptor.extension(number))
        };
        let mut held: Vec<(FieldDescriptor<'a>, &mut Value<'a>)> = (self.fields.iter_mut())
            .filter_map(|(&number, value)| Some((field(number)?, value)))
            .collect();
        held.sort_by_key(|(field, _)| field.is_extension());
        (held.into_iter())
            .flat_map(|(field, value)| {
                let reference = field.reference();
                messages_in(value).into_iter().map(move |m| (reference, m))
            })
            .collect()
    }

    /// The messages its fields and extensions hold, as
    /// [`held_messages_mut`](Self::held_messages_mut) orders them.
    fn held_messages(&self) -> Vec<(Option<Reference>, &DynamicMessage<'a>)> {
        let mut held: Vec<(FieldDescriptor<'a>, &Value<'a>)> = self.fields().collect();
        held.sort_by_key(|(field, _)| field.is_extension());
        let mut messages = Vec::new();
        for (field, value) in held {
            let reference = field.reference();
            match value {
                Value::Message(message) => messages.push((reference, message)),
                Value::List(items) => (items.iter().filter_map(Value::as_message))
                    .for_each(|message| messages.push((reference, message))),
                Value::Map(entries) => (entries.values().filter_map(Value::as_message))
                    .for_each(|message| messages.push((reference, message))),
                _ => {}
            }
        }
        messages
    }
}

/// The numbers a graph message is written with, by the number each
/// object holds in the message: the objects that occur more than once,
/// numbered 2, 3, … in the order of their first occurrence. The writer's
/// state while it writes the message.
#[derive(Default)]
pub(super) struct Renumbering(BTreeMap<u32, u32>);

impl Renumbering {
    /// The numbers `message` is written with, and the message to write:
    /// `message` itself, or a copy with each object at its first
    /// occurrence if `message` has one elsewhere (when it was built so).
    /// `None` if it holds no numbered object.
    pub(super) fn of<'m, 'a>(
        message: &'m DynamicMessage<'a>,
    ) -> Option<(Renumbering, Cow<'m, DynamicMessage<'a>>)> {
        if !message.descriptor.pool().has_references() {
            return None;
        }
        let counted = Counts::of(message);
        if counted.order.is_empty() {
            return None;
        }
        let (counted, message) = match counted.misplaced {
            false => (counted, Cow::Borrowed(message)),
            true => {
                let copy = placed(message);
                (Counts::of(&copy), Cow::Owned(copy))
            }
        };
        Some((Renumbering::counting(&counted), message))
    }

    /// The numbers of the objects `counts` counted.
    fn counting(counts: &Counts) -> Renumbering {
        let shared = (counts.order.iter()).filter(|number| counts.occurrences[number] > 1);
        let numbers = shared.zip(ROOT_ID + 1..).map(|(&old, new)| (old, new));
        Renumbering(numbers.collect())
    }

    /// Gives the occurrences in `message` their new numbers: none to an
    /// object that occurs once.
    fn apply(&self, message: &mut DynamicMessage<'_>) {
        for (reference, held) in message.held_messages_mut() {
            if reference.is_some()
                && let Some(number) = number_of(held).filter(|&n| n > ROOT_ID)
            {
                match self.0.get(&number) {
                    Some(&new) => held.fields.insert(REFERENCE_FIELD, Value::U32(new)),
                    None => held.fields.remove(&REFERENCE_FIELD),
                };
            }
            self.apply(held);
        }
    }
}

/// `message` with each object at its first occurrence: itself if it is
/// so already, as what reading makes is; a copy otherwise (a message built
/// with an object at a later occurrence).
#[cfg(feature = "json")]
pub(super) fn at_first_occurrences<'m, 'a>(
    message: &'m DynamicMessage<'a>,
) -> Cow<'m, DynamicMessage<'a>> {
    if !message.descriptor.pool().has_references() {
        return Cow::Borrowed(message);
    }
    match Counts::of(message).misplaced {
        false => Cow::Borrowed(message),
        true => Cow::Owned(placed(message)),
    }
}

/// A copy of `message` with each object at its first occurrence.
fn placed<'a>(message: &DynamicMessage<'a>) -> DynamicMessage<'a> {
    let mut copy = message.clone();
    let mut objects = BTreeMap::new();
    take_objects(&mut copy, &mut objects);
    place_objects(&mut copy, &mut objects, &mut BTreeSet::new());
    copy
}

/// The numbered objects of a message, counted in the order they are
/// written.
#[derive(Default)]
struct Counts {
    /// Their numbers in the order of their first occurrence.
    order: Vec<u32>,
    /// How often each occurs.
    occurrences: BTreeMap<u32, usize>,
    /// Whether a later occurrence holds more than the number: the object
    /// is not at its first occurrence.
    misplaced: bool,
}

impl Counts {
    fn of(message: &DynamicMessage<'_>) -> Counts {
        let mut counts = Counts::default();
        counts.count(message);
        counts
    }

    fn count(&mut self, message: &DynamicMessage<'_>) {
        for (reference, held) in message.held_messages() {
            if reference.is_some()
                && let Some(number) = number_of(held).filter(|&n| n > ROOT_ID)
            {
                let occurrences = self.occurrences.entry(number).or_insert(0);
                match *occurrences {
                    0 => self.order.push(number),
                    _ => self.misplaced |= !is_bare(held),
                }
                *occurrences += 1;
            }
            self.count(held);
        }
    }
}

/// Writes `occurrence`, in field `number`, as graph mode writes it
/// ([`Renumbering`]): an object that occurs more than once led by its new
/// number at its first occurrence and as the number alone at the others,
/// a dead `weak` or a `weak` to the top-level message as its number, any
/// other object as it is.
pub(super) fn write_occurrence(number: u32, occurrence: &DynamicMessage<'_>, writer: &mut Writer) {
    let held = number_of(occurrence);
    let renumbered = match held {
        Some(held) if held > ROOT_ID => (writer.state.get::<Renumbering>())
            .and_then(|renumbering| renumbering.0.get(&held).copied()),
        held => held,
    };
    writer.nested(|writer| {
        if !(held.is_some_and(|n| n <= ROOT_ID) || is_later_occurrence(occurrence)) {
            occurrence.write(writer);
        }
        if let Some(number) = renumbered {
            graph::write_number_field(number, writer);
        }
    });
    writer.key(number, crate::wire::WireType::Len);
}
