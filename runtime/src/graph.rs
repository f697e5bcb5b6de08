//! Graph mode: `ref T` and `weak T` fields, which share one object between
//! several fields and close cycles (docs/graph.md).
//!
//! The public API is [`decode_arc`], for a graph whose top-level message is
//! the target of back references; the codecs and the [`Visitor`] are what
//! generated code uses.
//!
//! On the wire a reference is a message `{ uint32 id = 1; T object = 2; }`:
//! the first occurrence of an object in the bytes carries a fresh id and
//! the object, every later one the id alone (docs/wire-format.md). The
//! top-level message is object 1; the others are numbered 2, 3, … in the
//! order of their first occurrence.
//!
//! Encoding is back to front (`encode.rs`), so the writer meets the first
//! occurrence of an object *last*. Before writing a graph message
//! ([`Message::GRAPH`]), a forward pre-pass ([`Visitor`], through the
//! generated [`Message::visit_refs`]) walks the references in byte order,
//! descending only into first occurrences, numbers the objects and records
//! each occurrence's id and whether it carries the object, in post-order.
//! The writer decides about an occurrence before it writes what is inside
//! it, and walks the fields in reverse: its order of decisions is exactly
//! the reverse of that post-order, so it pops one record per occurrence.
//!
//! Decoding keeps a table of the objects read so far (`DecodeTable`), one
//! slot per object, each of which took input bytes. The target of a
//! `weak` field ([`Message::WEAK_TARGET`]) is built with `Arc::new_cyclic`,
//! its `Weak` in the table before its fields are read, so that a `weak`
//! inside it can point back at it; other objects are read, then put in
//! their `Arc`. A `ref` to an object still being read is a cycle through a
//! strong reference, and an error.

use core::any::Any;
use core::marker::PhantomData;

use alloc::sync::{Arc, Weak};
use hashbrown::HashMap;

use crate::codec::Codec;
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::Message;
use crate::prelude::*;
use crate::wire::{self, WireType};

/// The id of the top-level message of an encode.
const ROOT_ID: u32 = 1;

/// The field of a reference's id.
const ID_FIELD: u32 = 1;

/// The field of a reference's object.
const OBJECT_FIELD: u32 = 2;

/// What a graph message and every message in it must be to sit in an
/// `Arc` that the id tables hold by type: owned, and shareable between
/// threads, as generated messages are.
pub trait Shareable: Message + Send + Sync + 'static {}

impl<T: Message + Send + Sync + 'static> Shareable for T {}

/// The address an object is known by while it is alive.
pub(crate) fn address<T>(object: &Arc<T>) -> usize {
    Arc::as_ptr(object) as *const () as usize
}

/// The most objects and occurrences whose room a thread's [`Visitor`]
/// keeps between encodes, as the writer keeps its buffer.
const RETAINED_OBJECTS: usize = 4096;

/// One occurrence of a reference, as the pre-pass found it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occurrence {
    id: u32,
    /// Whether it is the first occurrence of its object, which carries it.
    inline: bool,
}

/// The forward pre-pass of an encode: it numbers the objects a graph
/// message reaches in the order of their first occurrence in the bytes.
/// Generated code calls [`Visitor::visit_ref`] and [`Visitor::visit_weak`]
/// for each reference, in field number order, list elements and map
/// entries in order, and [`Message::visit_refs`] on each message field that
/// can reach one.
///
/// The writer then takes the occurrences it recorded, one per reference
/// it writes ([`Visitor::next`]). A writer keeps its visitor, and the
/// visitor its room, from one encode to the next.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct Visitor {
    /// The address of the top-level message, object 1.
    root: usize,
    /// Object ids by address, of the objects that may occur more than
    /// once: those another `Arc` or a `Weak` holds too.
    ids: HashMap<usize, u32>,
    next_id: u32,
    /// The occurrences, in post-order.
    occurrences: Vec<Occurrence>,
    /// The objects first reached through `weak` fields, held alive until
    /// the encode ends, so that the writer finds alive what the pre-pass
    /// did; every other object the pre-pass numbers is held by the message
    /// being encoded.
    alive: Vec<Arc<dyn Any + Send + Sync>>,
}

impl Visitor {
    /// Runs the pre-pass over `message`, the top-level message, object 1,
    /// with a visitor that the encode before left empty ([`Visitor::finish`]).
    pub(crate) fn visit_top<M: Message>(&mut self, message: &M) {
        self.root = message as *const M as *const () as usize;
        self.next_id = ROOT_ID + 1;
        message.visit_refs(self);
    }

    /// Forgets the encode that ended: its objects, which may be freed now
    /// and their addresses reused, and any occurrence not taken.
    pub(crate) fn finish(&mut self) {
        self.ids.clear();
        self.occurrences.clear();
        self.alive.clear();
        self.ids.shrink_to(RETAINED_OBJECTS);
        self.occurrences.shrink_to(RETAINED_OBJECTS);
        self.alive.shrink_to(RETAINED_OBJECTS);
    }

    /// The next occurrence the writer meets: the last one not taken.
    pub(crate) fn next(&mut self) -> Option<Occurrence> {
        self.occurrences.pop()
    }

    /// Visits an occurrence of a `ref` field's object.
    pub fn visit_ref<T: Shareable>(&mut self, object: &Arc<T>) {
        // An object that no other `Arc` and no `Weak` holds occurs here
        // alone: it takes an id, and no room in the table.
        if Arc::strong_count(object) == 1 && Arc::weak_count(object) == 0 {
            let id = self.take_id();
            self.visit_first(id, &**object);
            return;
        }
        let address = address(object);
        match self.seen(address) {
            Some(id) => self.occurrences.push(Occurrence { id, inline: false }),
            None => self.visit_shared(address, &**object),
        }
    }

    /// Visits an occurrence of a `weak` field's object, if it is alive; a
    /// dead one is written without an id and is no occurrence.
    pub fn visit_weak<T: Shareable>(&mut self, object: &Weak<T>) {
        // Compared by address, without upgrading: a `Weak` keeps its
        // object's allocation, dead or not, so no other object has it.
        let address = object.as_ptr() as *const () as usize;
        if let Some(id) = self.seen(address) {
            self.occurrences.push(Occurrence { id, inline: false });
        } else if let Some(object) = object.upgrade() {
            self.visit_shared(address, &*object);
            self.alive.push(object);
        }
    }

    /// The id of the object at `address`, if the pre-pass has met it.
    fn seen(&self, address: usize) -> Option<u32> {
        match address == self.root {
            true => Some(ROOT_ID),
            false => self.ids.get(&address).copied(),
        }
    }

    /// The id of the next object met.
    fn take_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    /// Visits the first occurrence of `object`, at `address`, which may
    /// occur again: numbered in the table.
    fn visit_shared<T: Message>(&mut self, address: usize, object: &T) {
        let id = self.take_id();
        self.ids.insert(address, id);
        self.visit_first(id, object);
    }

    /// Visits the first occurrence of object `id`: what is inside it, then
    /// (post-order) the occurrence itself.
    fn visit_first<T: Message>(&mut self, id: u32, object: &T) {
        object.visit_refs(self);
        self.occurrences.push(Occurrence { id, inline: true });
    }
}

/// The codec of a `ref T` value, an `Arc<T>`; generated code names it
/// `_rt::codec::Ref`.
#[doc(hidden)]
#[derive(Debug)]
pub struct Ref<T>(PhantomData<T>);

/// The codec of a `weak T` value, a `Weak<T>`; generated code names it
/// `_rt::codec::WeakRef`.
#[doc(hidden)]
#[derive(Debug)]
pub struct WeakRef<T>(PhantomData<T>);

/// The occurrence the pre-pass recorded for the reference the writer
/// writes next.
fn next_occurrence(writer: &mut Writer) -> Occurrence {
    // Without a record (only when the hidden `write_fields` is called
    // outside an encode), the object goes inline under id 0, which no
    // reader accepts: wrong bytes are refused rather than misread.
    writer.next_graph_occurrence().unwrap_or(Occurrence {
        id: 0,
        inline: true,
    })
}

/// Writes a reference: `occurrence`'s id, and `object` if the occurrence
/// is its first.
fn write_reference<T: Message>(occurrence: Occurrence, object: Option<&T>, writer: &mut Writer) {
    writer.nested(|writer| {
        if let (true, Some(object)) = (occurrence.inline, object) {
            writer.nested(|writer| object.write_fields(writer));
            writer.key(OBJECT_FIELD, WireType::Len);
        }
        writer.varint(u64::from(occurrence.id));
        writer.key(ID_FIELD, WireType::Varint);
    });
}

/// The length of a reference that carries `object`, with the longest id:
/// the most it takes. Whether a reference carries its object depends on
/// the whole encode, so graph messages measure by encoding
/// ([`Message::encoded_len`]); this is the codec's bound for a value alone.
fn inline_len<T: Message>(object: &T) -> usize {
    let object = object.measure_fields();
    let id = 1 + wire::varint_len(u64::from(u32::MAX));
    let body = id + 1 + wire::varint_len(object as u64) + object;
    wire::varint_len(body as u64) + body
}

impl<T: Shareable> Codec for Ref<T> {
    type Value = Arc<T>;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;
    const READ_WHOLE: bool = true;

    #[inline]
    fn is_default(_value: &Arc<T>) -> bool {
        false
    }

    fn value_len(value: &Arc<T>) -> usize {
        inline_len::<T>(value)
    }

    fn write_value(value: &Arc<T>, writer: &mut Writer) {
        let occurrence = next_occurrence(writer);
        write_reference::<T>(occurrence, Some(value), writer);
    }

    fn merge_value(value: &mut Arc<T>, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        *value = Self::read_value(decoder)?;
        Ok(())
    }

    fn read_value(decoder: &mut Decoder<'_>) -> Result<Arc<T>, DecodeError> {
        decoder.read_nested(read_strong::<T>)
    }
}

impl<T: Shareable> Codec for WeakRef<T> {
    type Value = Weak<T>;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;

    #[inline]
    fn is_default(_value: &Weak<T>) -> bool {
        false
    }

    fn value_len(value: &Weak<T>) -> usize {
        match value.upgrade() {
            Some(object) => inline_len::<T>(&object),
            None => 1,
        }
    }

    fn write_value(value: &Weak<T>, writer: &mut Writer) {
        // Alive now if the pre-pass found it alive, which keeps it so
        // (`Visitor::alive`); dead if it found it dead.
        if value.strong_count() == 0 {
            // A dead back reference: an empty reference, read back dead.
            return writer.nested(|_| {});
        }
        let occurrence = next_occurrence(writer);
        match occurrence.inline {
            true => write_reference::<T>(occurrence, value.upgrade().as_deref(), writer),
            false => write_reference::<T>(occurrence, None, writer),
        }
    }

    fn merge_value(value: &mut Weak<T>, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        *value = decoder.read_nested(read_weak::<T>)?;
        Ok(())
    }
}

/// What one reference holds: its id, if it has one, and the object, if
/// it carries it.
struct Reference<T> {
    id: Option<u32>,
    object: Option<Arc<T>>,
}

/// Reads the fields of one reference, up to the decoder's limit: its one id,
/// then the object if there is one, which is built and put in the table.
/// Other fields are skipped, as unknown fields are.
fn read_reference<T: Shareable>(decoder: &mut Decoder<'_>) -> Result<Reference<T>, DecodeError> {
    let mut id = None;
    let mut object = None;
    while decoder.has_remaining() {
        let start = decoder.offset();
        let (number, wire_type) = decoder.read_key()?;
        match number {
            ID_FIELD => {
                decoder.expect_wire_type(wire_type, WireType::Varint)?;
                if id.is_some() {
                    return Err(DecodeError::invalid("a reference with two ids", start));
                }
                let value = decoder.read_varint()?;
                id = Some(u32::try_from(value).map_err(|_| {
                    DecodeError::invalid("a reference's id is larger than 2^32 - 1", start)
                })?);
            }
            OBJECT_FIELD => {
                decoder.expect_wire_type(wire_type, WireType::Len)?;
                let Some(id) = id else {
                    return Err(DecodeError::invalid(
                        "a reference's object comes before its id",
                        start,
                    ));
                };
                object = Some(read_object::<T>(id, start, decoder)?);
            }
            _ => decoder.skip(wire_type)?,
        }
    }
    Ok(Reference { id, object })
}

/// Reads the object of id `id` (whose reference starts at `offset`), puts
/// it in the table and returns it.
fn read_object<T: Shareable>(
    id: u32,
    offset: usize,
    decoder: &mut Decoder<'_>,
) -> Result<Arc<T>, DecodeError> {
    let table = decoder.graph_table();
    if id != table.next_id() {
        return Err(DecodeError::invalid(
            "a reference carries an object under an id out of order (each object takes the next id)",
            offset,
        ));
    }
    // The objects inside it take the slots after its own.
    let index = table.slots.len();
    table.slots.push(Slot::default());
    let read = |object: &mut T, decoder: &mut Decoder<'_>| {
        decoder.read_nested(|decoder| object.merge_from(decoder))
    };
    let object = match T::WEAK_TARGET {
        true => read_cyclic(index, decoder, read)?,
        false => {
            let mut object = T::default();
            read(&mut object, decoder)?;
            Arc::new(object)
        }
    };
    if let Some(slot) = decoder.graph_table().slots.get_mut(index) {
        slot.hold(object.clone());
    }
    Ok(object)
}

/// Builds a `weak` field's target with `build`, in its `Arc` with
/// `Arc::new_cyclic`, which hands `build` the object's `Weak` before its
/// fields are read, for a back reference from inside it.
pub(crate) fn build_cyclic<T: Default, E>(
    build: impl FnOnce(&Weak<T>, &mut T) -> Result<(), E>,
) -> Result<Arc<T>, E> {
    let mut failure = None;
    let object = Arc::new_cyclic(|weak: &Weak<T>| {
        let mut object = T::default();
        if let Err(error) = build(weak, &mut object) {
            failure = Some(error);
        }
        object
    });
    match failure {
        Some(error) => Err(error),
        None => Ok(object),
    }
}

/// Reads the object of slot `index` with `read`, a `weak` field's target,
/// whose `Weak` is in the slot while `read` runs ([`build_cyclic`]).
fn read_cyclic<T: Shareable>(
    index: usize,
    decoder: &mut Decoder<'_>,
    read: impl FnOnce(&mut T, &mut Decoder<'_>) -> Result<(), DecodeError>,
) -> Result<Arc<T>, DecodeError> {
    build_cyclic(|weak, object| {
        if let Some(slot) = decoder.graph_table().slots.get_mut(index) {
            slot.hold_weak(weak);
        }
        read(object, decoder)
    })
}

/// The error of a reference, at `offset`, to an object of a type other
/// than the field's.
fn another_type(offset: usize) -> DecodeError {
    DecodeError::invalid("a reference to an object of another type", offset)
}

/// Reads a `ref` (strong) reference: the object it carries, or the one of
/// its id read earlier.
fn read_strong<T: Shareable>(decoder: &mut Decoder<'_>) -> Result<Arc<T>, DecodeError> {
    let start = decoder.offset();
    let reference = read_reference::<T>(decoder)?;
    if let Some(object) = reference.object {
        return Ok(object);
    }
    let Some(id) = reference.id else {
        return Err(DecodeError::invalid("a reference without an id", start));
    };
    match decoder.graph_table().slot(id, start)?.strong() {
        Ok(object) => Ok(object),
        Err(Unresolved::AnotherType) => Err(another_type(start)),
        Err(Unresolved::BeingRead) if id == ROOT_ID => Err(DecodeError::invalid(
            "a strong reference to the top-level message, which holds it: a cycle through a strong reference",
            start,
        )),
        Err(Unresolved::BeingRead) => Err(DecodeError::invalid(
            "a strong reference to an object that holds it: a cycle through a strong reference (cycles go through `weak`)",
            start,
        )),
    }
}

/// Reads a `weak` reference: to the object it carries, to the one of its id
/// read earlier or being read, or dead when it has no id.
fn read_weak<T: Shareable>(decoder: &mut Decoder<'_>) -> Result<Weak<T>, DecodeError> {
    let start = decoder.offset();
    let reference = read_reference::<T>(decoder)?;
    if let Some(object) = reference.object {
        return Ok(Arc::downgrade(&object));
    }
    let Some(id) = reference.id else {
        return Ok(Weak::new());
    };
    match decoder.graph_table().slot(id, start)?.weak() {
        Ok(object) => Ok(object),
        Err(Unresolved::BeingRead) if id == ROOT_ID => Err(DecodeError::invalid(
            "a back reference to the top-level message, which `decode` returns by value: \
             decode it with `schemac_runtime::graph::decode_arc`",
            start,
        )),
        // Being read, and of a type no `weak` field points at.
        Err(Unresolved::BeingRead | Unresolved::AnotherType) => Err(another_type(start)),
    }
}

/// One object of a decode (or of a JSON read, `json/graph.rs`): its `Arc`
/// once read, and, if a `weak` field can point at its type
/// ([`Message::WEAK_TARGET`]), its `Weak` from the start of its reading;
/// both type-erased, and checked against the type a reference expects.
/// The top-level message has neither, unless read by [`decode_arc`], which
/// gives it its `Weak`.
#[derive(Debug, Default)]
pub(crate) struct Slot {
    weak: Option<Box<dyn Any>>,
    strong: Option<Arc<dyn Any + Send + Sync>>,
}

/// Why a reference cannot take the object of a slot.
pub(crate) enum Unresolved {
    /// The object is of another type than the reference's.
    AnotherType,
    /// The object is still being read and has no `Weak` of the
    /// reference's type: for a strong reference, a cycle through strong
    /// references.
    BeingRead,
}

impl Slot {
    /// Holds the `Weak` of a `weak` field's target while it is read.
    pub(crate) fn hold_weak<T: Shareable>(&mut self, weak: &Weak<T>) {
        self.weak = Some(Box::new(weak.clone()));
    }

    /// Holds the object, read whole.
    pub(crate) fn hold<T: Shareable>(&mut self, object: Arc<T>) {
        self.strong = Some(object);
    }

    /// The object, for a strong reference of type `T`.
    pub(crate) fn strong<T: Shareable>(&self) -> Result<Arc<T>, Unresolved> {
        let strong = self.strong.as_ref().ok_or(Unresolved::BeingRead)?;
        Arc::clone(strong)
            .downcast::<T>()
            .map_err(|_| Unresolved::AnotherType)
    }

    /// The object, for a `weak` reference of type `T`: its `Weak` from the
    /// start of its reading if it has one, or one made from the object.
    pub(crate) fn weak<T: Shareable>(&self) -> Result<Weak<T>, Unresolved> {
        match &self.weak {
            Some(weak) => weak
                .downcast_ref::<Weak<T>>()
                .cloned()
                .ok_or(Unresolved::AnotherType),
            None => self.strong::<T>().map(|object| Arc::downgrade(&object)),
        }
    }
}

/// The objects of one decode, by id: slot 0 is the top-level message (id
/// 1). It grows by one slot per object read.
#[derive(Debug)]
pub(crate) struct DecodeTable {
    slots: Vec<Slot>,
}

impl DecodeTable {
    /// A table whose top-level message is not shared.
    pub(crate) fn new() -> Self {
        Self {
            slots: alloc::vec![Slot::default()],
        }
    }

    /// The id the next object read takes.
    fn next_id(&self) -> u32 {
        // Ids go up to `u32::MAX`; the table can hold no more objects than
        // the input has bytes.
        (self.slots.len() as u32).saturating_add(ROOT_ID)
    }

    /// The slot of `id`, of a reference at `offset`.
    fn slot(&self, id: u32, offset: usize) -> Result<&Slot, DecodeError> {
        id.checked_sub(ROOT_ID)
            .and_then(|index| self.slots.get(index as usize))
            .ok_or_else(|| DecodeError::invalid("a reference to an id not seen yet", offset))
    }
}

/// Decodes a graph message into an `Arc`, so that `weak` fields inside it
/// may point back at it (the top-level message is object 1); with
/// [`Message::decode`], such a back reference is an error.
pub fn decode_arc<M: Shareable>(bytes: &[u8]) -> Result<Arc<M>, DecodeError> {
    decode_arc_with(bytes, &DecodeOptions::new())
}

/// [`decode_arc`] within the limits of `options`.
pub fn decode_arc_with<M: Shareable>(
    bytes: &[u8],
    options: &DecodeOptions,
) -> Result<Arc<M>, DecodeError> {
    let mut decoder = Decoder::new(bytes, options).map_err(|e| e.in_message(M::NAME))?;
    let message = read_cyclic(0, &mut decoder, M::merge_from).map_err(|e| e.in_message(M::NAME))?;
    message
        .check_required()
        .map_err(|e| e.at_end(bytes.len()).in_message(M::NAME))?;
    Ok(message)
}
