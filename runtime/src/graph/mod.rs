//! Graph mode: `ref T` and `weak T` fields, which share one object between
//! several fields and close cycles (docs/graph.md).
//!
//! The public API is [`decode_arc`] and [`decode_rc`], for a graph whose
//! top-level message is the target of back references; the codecs and
//! the [`Visitor`] are what generated code uses. Everything here is
//! written once over [`SharedPointer`] and [`WeakPointer`], which `Arc`
//! and `Rc` with their `Weak`s implement (`pointer.rs`); the text below
//! says `Arc` for either.
//!
//! On the wire a reference field is a field of its message type, and an
//! object that occurs once is written as it would be in a plain field. An
//! object that occurs more than once is numbered: its first occurrence in
//! the bytes is the object led by its number, in field
//! [`REFERENCE_FIELD`], and every later one the number alone
//! (docs/wire-format.md). The top-level message is object 1; the others
//! that occur more than once take 2, 3, … in the order of their first
//! occurrence.
//!
//! Encoding is back to front (`encode.rs`), so the writer meets the first
//! occurrence of an object *last*. Before writing a graph message
//! ([`Message::GRAPH`]), a forward pre-pass ([`Visitor`], through the
//! generated [`Message::visit_refs`]) walks the references in byte order,
//! descending only into first occurrences, finds the objects that occur
//! more than once and numbers them. The writer decides about an
//! occurrence before it writes what is inside it: an object no other `Arc`
//! and no `Weak` holds occurs once, and is written as it is; of the
//! others, it counts the occurrences down to find the first
//! (`Visitor::meet`).
//!
//! Decoding keeps a table of the numbered objects read so far
//! (`DecodeTable`), one slot per object, each of which took input bytes;
//! an object without a number is read as a plain field is. The target of
//! a `weak` field ([`Message::WEAK_TARGET`]) is built with
//! `Arc::new_cyclic`, its `Weak` in the table before its fields are read,
//! so that a `weak` inside it can point back at it; other objects are
//! read, then put in their `Arc`. A `ref` to an object still being read is
//! a cycle through a strong reference, and an error.

mod pointer;
pub(crate) mod visit;

use core::any::Any;
use core::marker::PhantomData;

use alloc::rc::Rc;
use alloc::sync::Arc;

use crate::__private::codec::Codec;
use crate::decode::{DecodeOptions, Decoder};
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::Message;
use crate::prelude::*;
use crate::wire::{self, WireType};

pub use pointer::{Shareable, SharedPointer, WeakPointer};
#[doc(hidden)]
pub use visit::Visitor;

use visit::Occurrence;
pub(crate) use visit::ROOT_ID;

/// The field that holds an object's number, first in its first
/// occurrence and alone in a later one, inside the message of the
/// object's type: the highest field number, which no message a reference
/// points at may take for a field of its own.
pub const REFERENCE_FIELD: u32 = wire::MAX_FIELD_NUMBER;

/// The key of [`REFERENCE_FIELD`], a varint, as writers write it: the bytes
/// a numbered occurrence starts with.
pub(crate) const REFERENCE_KEY: [u8; 5] = [0xf8, 0xff, 0xff, 0xff, 0x0f];

/// The number of a dead `weak` reference's object: none.
pub(crate) const DEAD: u32 = 0;

/// The length of a later occurrence whose number takes one byte: the
/// number field alone.
const LATER_LENGTH: u8 = REFERENCE_KEY.len() as u8 + 1;

/// The bytes a later occurrence whose number takes one byte starts with,
/// after its field's key: its length, then [`REFERENCE_KEY`].
const LATER_PREFIX: [u8; 6] = {
    let [a, b, c, d, e] = REFERENCE_KEY;
    [LATER_LENGTH, a, b, c, d, e]
};

/// The pre-pass's walk over references: generated `visit_refs` calls
/// these for each reference it reaches.
impl Visitor {
    /// Visits an occurrence of a `ref` field's object.
    #[inline(always)]
    pub fn visit_ref<P: SharedPointer>(&mut self, object: &P) {
        if P::is_alone(object) {
            return (**object).visit_refs(self);
        }
        let address = P::address(object);
        if !self.met_again(address) {
            self.visit_first(address, &**object);
        }
    }

    /// Visits an occurrence of a `weak` field's object, if it is alive; a
    /// dead one is written as such and is no occurrence.
    #[inline(always)]
    pub fn visit_weak<W: WeakPointer>(&mut self, object: &W) {
        // Compared by address, without upgrading.
        let address = W::address(object);
        if self.met_again(address) {
            return;
        }
        if let Some(object) = W::upgrade(object) {
            self.visit_first(address, &*object);
            self.keep_alive(Box::new(object));
        }
    }

    /// Visits the first occurrence of `object`, at `address`, which may
    /// occur again, and what is inside it.
    fn visit_first<T: Message>(&mut self, address: usize, object: &T) {
        self.enter(address);
        object.visit_refs(self);
        self.leave(address);
    }
}

/// How `writer` is to write the occurrence of the object at `address` met
/// now in the graph message being written ([`Visitor::meet`]); outside a
/// graph encode (only when the hidden `write_fields` is called alone), the
/// object itself.
#[inline]
fn meet(writer: &mut Writer, address: usize) -> Occurrence {
    match writer.state.get::<Visitor>() {
        Some(visitor) => visitor.meet(address),
        None => Occurrence::Object { number: 0 },
    }
}

/// The objects of the decode `decoder` is in that graph mode's references
/// have read so far.
#[inline]
fn table<'d>(decoder: &'d mut Decoder<'_>) -> &'d mut DecodeTable {
    decoder.state.get_or_default()
}

/// The codec of a `ref T` value, the shared pointer `P` (`Arc<T>` or
/// `Rc<T>`); generated code names it `_rt::codec::Ref`.
#[doc(hidden)]
#[derive(Debug)]
pub struct Ref<P>(PhantomData<P>);

/// The codec of a `weak T` value, the weak pointer `W` (`sync::Weak<T>`
/// or `rc::Weak<T>`); generated code names it `_rt::codec::WeakRef`.
#[doc(hidden)]
#[derive(Debug)]
pub struct WeakRef<W>(PhantomData<W>);

impl<P: SharedPointer> Ref<P> {
    /// Writes an occurrence of `value`'s object, as field `field` when
    /// given.
    #[inline(always)]
    fn write_occurrence(field: Option<u32>, value: &P, writer: &mut Writer) {
        // An object no other pointer holds occurs once. One that occurs
        // twice in a message is held twice for as long as the message is
        // borrowed, so this cannot change while it is encoded.
        let occurrence = match P::is_alone(value) {
            true => Occurrence::Object { number: 0 },
            false => meet(writer, P::address(value)),
        };
        match occurrence {
            Occurrence::Object { number } => write_object(field, &**value, number, writer),
            Occurrence::Later(number) => write_later(field, number, writer),
        }
    }
}

impl<W: WeakPointer> WeakRef<W> {
    /// Writes an occurrence of `value`'s object, or a dead reference, as
    /// field `field` when given.
    #[inline(always)]
    fn write_occurrence(field: Option<u32>, value: &W, writer: &mut Writer) {
        match meet(writer, W::address(value)) {
            Occurrence::Later(number) => write_later(field, number, writer),
            // Alive now if the pre-pass found it alive, which keeps it so
            // (`Visitor::alive`); dead if it found it dead.
            Occurrence::Object { number } => match W::upgrade(value) {
                Some(object) => write_object(field, &*object, number, writer),
                None => write_later(field, DEAD, writer),
            },
        }
    }
}

/// Writes `object` as an occurrence: led by its number, unless that is 0;
/// as field `field` when given, its key before it.
#[inline]
fn write_object<T: Message>(field: Option<u32>, object: &T, number: u32, writer: &mut Writer) {
    writer.nested(|writer| {
        object.write_fields(writer);
        if number != 0 {
            write_number_field(number, writer);
        }
    });
    if let Some(field) = field {
        writer.key(field, WireType::Len);
    }
}

/// Writes a later occurrence of object `number`, or a dead `weak`
/// reference ([`DEAD`]); as field `field` when given, its key before it.
#[inline(always)]
fn write_later(field: Option<u32>, number: u32, writer: &mut Writer) {
    let [a, b, c, d, e] = REFERENCE_KEY;
    let key = field.map(|field| wire::key(field, WireType::Len));
    // Most occurrences, whose number and key take a byte each: all of it
    // at once, key and length first.
    match (key, u8::try_from(number)) {
        (Some(key @ 0..0x80), Ok(number @ 0..0x80)) => {
            writer.nested_bytes(&[key as u8, LATER_LENGTH, a, b, c, d, e, number]);
        }
        (None, Ok(number @ 0..0x80)) => writer.nested_bytes(&[LATER_LENGTH, a, b, c, d, e, number]),
        _ => {
            writer.nested(|writer| write_number_field(number, writer));
            if let Some(key) = key {
                writer.varint(u64::from(key));
            }
        }
    }
}

/// Writes [`REFERENCE_FIELD`] holding `number`.
pub(crate) fn write_number_field(number: u32, writer: &mut Writer) {
    writer.varint(u64::from(number));
    writer.raw(&REFERENCE_KEY);
}

/// The length of [`REFERENCE_FIELD`] with the largest number.
const NUMBER_FIELD_MAX_LEN: usize = REFERENCE_KEY.len() + 5;

/// The length of an occurrence that carries `object`, led by the largest
/// number: the most it takes. Whether an occurrence carries its object
/// depends on the whole encode, so graph messages measure by encoding
/// ([`Message::encoded_len`]); this is the codec's bound for a value alone.
fn occurrence_len<T: Message>(object: &T) -> usize {
    let body = object.measure_fields() + NUMBER_FIELD_MAX_LEN;
    wire::varint_len(body as u64) + body
}

impl<P: SharedPointer> Codec for Ref<P> {
    type Value = P;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;
    const READ_WHOLE: bool = true;

    #[inline]
    fn is_default(_value: &P) -> bool {
        false
    }

    fn value_len(value: &P) -> usize {
        occurrence_len(&**value)
    }

    #[inline(always)]
    fn write_value(value: &P, writer: &mut Writer) {
        Self::write_occurrence(None, value, writer);
    }

    #[inline(always)]
    fn write_field(number: u32, value: &P, writer: &mut Writer) {
        Self::write_occurrence(Some(number), value, writer);
    }

    fn merge_value(value: &mut P, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        *value = Self::read_value(decoder)?;
        Ok(())
    }

    fn read_value(decoder: &mut Decoder<'_>) -> Result<P, DecodeError> {
        decoder.read_nested(read_strong::<P>)
    }
}

impl<W: WeakPointer> Codec for WeakRef<W> {
    type Value = W;
    const WIRE_TYPE: WireType = WireType::Len;
    const IS_MESSAGE: bool = true;

    #[inline]
    fn is_default(_value: &W) -> bool {
        false
    }

    fn value_len(value: &W) -> usize {
        match W::upgrade(value) {
            Some(object) => occurrence_len(&*object),
            None => 1 + NUMBER_FIELD_MAX_LEN,
        }
    }

    #[inline(always)]
    fn write_value(value: &W, writer: &mut Writer) {
        Self::write_occurrence(None, value, writer);
    }

    #[inline(always)]
    fn write_field(number: u32, value: &W, writer: &mut Writer) {
        Self::write_occurrence(Some(number), value, writer);
    }

    #[inline]
    fn merge_value(value: &mut W, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        *value = match read_back_reference::<W>(decoder) {
            Some(weak) => weak,
            None => read_weak_nested::<W>(decoder)?,
        };
        Ok(())
    }
}

/// Reads a `weak` occurrence that [`read_back_reference`] does not take:
/// out of line, so that the common case inlines small.
#[inline(never)]
fn read_weak_nested<W: WeakPointer>(decoder: &mut Decoder<'_>) -> Result<W, DecodeError> {
    decoder.read_nested(read_weak::<W>)
}

/// Reads the commonest `weak` occurrence at once, if it is next: a later
/// occurrence of an object whose number takes one byte, 7 bytes
/// (`[LATER_LENGTH, REFERENCE_KEY, number]`), whose slot holds a weak
/// pointer of the field's type, where a nested message may be read.
/// `None`, and nothing read, for anything else, which the general path
/// reads or refuses: this path only takes what the general one accepts.
#[inline(always)]
fn read_back_reference<W: WeakPointer>(decoder: &mut Decoder<'_>) -> Option<W> {
    let &[ref prefix @ .., number] = decoder.rest().first_chunk::<7>()?;
    if *prefix != LATER_PREFIX || !(1..0x80).contains(&number) || !decoder.can_nest() {
        return None;
    }
    let weak = table(decoder).slot_mut(u32::from(number))?.weak().ok()?;
    decoder.advance(LATER_PREFIX.len() + 1);
    Some(weak)
}

/// One occurrence of an object, as read: the object itself, or the
/// number of one read before or being read.
enum Read<P> {
    Object(P),
    Later(u32),
}

/// How one occurrence begins, as [`read_head`] reads it.
pub(crate) enum Head {
    /// With an object's fields: the object, numbered if it is led by the
    /// next number, which it takes.
    Object(Option<u32>),
    /// With a number taken before, or [`DEAD`], and nothing else.
    Later(u32),
}

/// Reads how one occurrence begins, up to the decoder's limit, `next`
/// being the number the next numbered object takes. One that starts with
/// [`REFERENCE_KEY`] holds a number: the next number, then the object
/// that takes it; a number taken before (or [`DEAD`]), then nothing else.
/// Any other is an object that takes no number.
pub(crate) fn read_head(decoder: &mut Decoder<'_>, next: u32) -> Result<Head, DecodeError> {
    if !decoder.rest().starts_with(&REFERENCE_KEY) {
        return Ok(Head::Object(None));
    }
    let start = decoder.offset();
    decoder.advance(REFERENCE_KEY.len());
    let number = u32::try_from(decoder.read_varint()?)
        .map_err(|_| DecodeError::invalid("an object's number is larger than 2^32 - 1", start))?;
    if number == next {
        return Ok(Head::Object(Some(number)));
    }
    if number > next {
        return Err(DecodeError::invalid(
            "a reference to an object not seen yet (objects take the numbers 2, 3, … in order)",
            start,
        ));
    }
    if decoder.has_remaining() {
        return Err(DecodeError::invalid(
            "a reference holds fields besides its object's number",
            decoder.offset(),
        ));
    }
    Ok(Head::Later(number))
}

/// Reads one occurrence, up to the decoder's limit ([`read_head`]).
fn read_occurrence<P: SharedPointer>(decoder: &mut Decoder<'_>) -> Result<Read<P>, DecodeError> {
    let next = table(decoder).next_number();
    match read_head(decoder, next)? {
        Head::Object(number) => read_object::<P>(number, decoder).map(Read::Object),
        Head::Later(number) => Ok(Read::Later(number)),
    }
}

/// Reads an object up to the decoder's limit, in the table under `number`
/// if it has one, and returns it.
fn read_object<P: SharedPointer>(
    number: Option<u32>,
    decoder: &mut Decoder<'_>,
) -> Result<P, DecodeError> {
    let Some(number) = number else {
        // Nothing can refer to it: read as a plain field is.
        let mut object = P::Target::default();
        object.merge_from(decoder)?;
        return Ok(P::new(object));
    };
    table(decoder).numbered.push(Slot::default());
    let object = match P::Target::WEAK_TARGET {
        true => read_cyclic::<P>(number, decoder, P::Target::merge_from)?,
        false => {
            let mut object = P::Target::default();
            object.merge_from(decoder)?;
            P::new(object)
        }
    };
    if let Some(slot) = table(decoder).slot_mut(number) {
        slot.hold(object.clone());
    }
    Ok(object)
}

/// Builds a `weak` field's target with `build`, in its pointer with
/// [`SharedPointer::new_cyclic`], which hands `build` the object's weak
/// pointer before its fields are read, for a back reference from inside
/// it.
pub(crate) fn build_cyclic<P: SharedPointer, E>(
    build: impl FnOnce(&P::Weak, &mut P::Target) -> Result<(), E>,
) -> Result<P, E> {
    let mut failure = None;
    let object = P::new_cyclic(|weak| {
        let mut object = P::Target::default();
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

/// Reads object `number` with `read`, a `weak` field's target, whose
/// weak pointer is in its slot while `read` runs ([`build_cyclic`]).
fn read_cyclic<P: SharedPointer>(
    number: u32,
    decoder: &mut Decoder<'_>,
    read: impl FnOnce(&mut P::Target, &mut Decoder<'_>) -> Result<(), DecodeError>,
) -> Result<P, DecodeError> {
    build_cyclic::<P, _>(|weak, object| {
        if let Some(slot) = table(decoder).slot_mut(number) {
            slot.hold_weak(weak);
        }
        read(object, decoder)
    })
}

/// The error of a reference, at `offset`, to an object of a type other
/// than the field's.
pub(crate) fn another_type(offset: usize) -> DecodeError {
    DecodeError::invalid("a reference to an object of another type", offset)
}

/// The error of a `ref` field, at `offset`, that holds [`DEAD`].
pub(crate) fn dead_strong_reference(offset: usize) -> DecodeError {
    DecodeError::invalid(
        "a `ref` field holds no object (number 0): only a `weak` one may be dead",
        offset,
    )
}

/// The error of a strong reference, at `offset`, to object `number`,
/// which is still being read: it holds the reference.
pub(crate) fn strong_cycle(number: u32, offset: usize) -> DecodeError {
    match number {
        ROOT_ID => DecodeError::invalid(
            "a strong reference to the top-level message, which holds it: a cycle through a strong reference",
            offset,
        ),
        _ => DecodeError::invalid(
            "a strong reference to an object that holds it: a cycle through a strong reference (cycles go through `weak`)",
            offset,
        ),
    }
}

/// Reads a `ref` (strong) reference: the object it carries, or the one of
/// its number read earlier.
fn read_strong<P: SharedPointer>(decoder: &mut Decoder<'_>) -> Result<P, DecodeError> {
    let start = decoder.offset();
    let number = match read_occurrence::<P>(decoder)? {
        Read::Object(object) => return Ok(object),
        Read::Later(DEAD) => return Err(dead_strong_reference(start)),
        Read::Later(number) => number,
    };
    match table(decoder).slot(number, start)?.strong() {
        Ok(object) => Ok(object),
        Err(Unresolved::AnotherType) => Err(another_type(start)),
        Err(Unresolved::BeingRead) => Err(strong_cycle(number, start)),
    }
}

/// Reads a `weak` reference: to the object it carries, to the one of its
/// number read earlier or being read, or dead ([`DEAD`]).
fn read_weak<W: WeakPointer>(decoder: &mut Decoder<'_>) -> Result<W, DecodeError> {
    let start = decoder.offset();
    let number = match read_occurrence::<W::Shared>(decoder)? {
        Read::Object(object) => return Ok(SharedPointer::downgrade(&object)),
        Read::Later(DEAD) => return Ok(W::default()),
        Read::Later(number) => number,
    };
    match table(decoder).slot(number, start)?.weak() {
        Ok(object) => Ok(object),
        Err(Unresolved::BeingRead) if number == ROOT_ID => Err(DecodeError::invalid(
            "a back reference to the top-level message, which `decode` returns by value: \
             decode it with `schemac_runtime::graph::decode_arc` (or `decode_rc`)",
            start,
        )),
        // Being read, and of a type no `weak` field points at.
        Err(Unresolved::BeingRead | Unresolved::AnotherType) => Err(another_type(start)),
    }
}

/// One object of a decode (or of a JSON read, `json/graph.rs`): its
/// shared pointer once read, and, if a `weak` field can point at its type
/// ([`Message::WEAK_TARGET`]), its weak pointer from the start of its
/// reading; both type-erased, and checked against the type a reference
/// expects. The top-level message has neither, unless read by
/// [`decode_arc`] or [`decode_rc`], which give it its weak pointer.
#[derive(Debug, Default)]
pub(crate) struct Slot {
    weak: Option<Box<dyn Any>>,
    strong: Option<Box<dyn Any>>,
}

/// Why a reference cannot take the object of a slot.
pub(crate) enum Unresolved {
    /// The object is of another type than the reference's.
    AnotherType,
    /// The object is still being read and has no weak pointer of the
    /// reference's type: for a strong reference, a cycle through strong
    /// references.
    BeingRead,
}

impl Slot {
    /// Holds the weak pointer of a `weak` field's target while it is read.
    pub(crate) fn hold_weak<W: WeakPointer>(&mut self, weak: &W) {
        self.weak = Some(Box::new(weak.clone()));
    }

    /// Holds the object, read whole.
    pub(crate) fn hold<P: SharedPointer>(&mut self, object: P) {
        self.strong = Some(Box::new(object));
    }

    /// The object, for a strong reference of type `P`.
    pub(crate) fn strong<P: SharedPointer>(&self) -> Result<P, Unresolved> {
        self.object::<P>().cloned()
    }

    /// The object, for a `weak` reference of type `W`: its weak pointer
    /// from the start of its reading if it has one, or one made from the
    /// object.
    pub(crate) fn weak<W: WeakPointer>(&self) -> Result<W, Unresolved> {
        match &self.weak {
            Some(weak) => weak
                .downcast_ref::<W>()
                .cloned()
                .ok_or(Unresolved::AnotherType),
            None => self.object::<W::Shared>().map(SharedPointer::downgrade),
        }
    }

    /// The object, read whole, in its pointer of type `P`.
    fn object<P: SharedPointer>(&self) -> Result<&P, Unresolved> {
        let strong = self.strong.as_ref().ok_or(Unresolved::BeingRead)?;
        strong.downcast_ref::<P>().ok_or(Unresolved::AnotherType)
    }
}

/// The objects of one decode, by number: the top-level message, 1, and
/// the numbered objects, 2, 3, …, one slot more per numbered object read.
#[derive(Debug, Default)]
pub(crate) struct DecodeTable {
    root: Slot,
    numbered: Vec<Slot>,
}

impl DecodeTable {
    /// The number the next numbered object read takes.
    fn next_number(&self) -> u32 {
        // Numbers go up to `u32::MAX`; the table can hold no more objects
        // than the input has bytes.
        u32::try_from(self.numbered.len())
            .unwrap_or(u32::MAX)
            .saturating_add(ROOT_ID + 1)
    }

    /// The slot of object `number`, if it has been met.
    fn slot_mut(&mut self, number: u32) -> Option<&mut Slot> {
        match number.checked_sub(ROOT_ID + 1) {
            Some(index) => self.numbered.get_mut(index as usize),
            None => (number == ROOT_ID).then_some(&mut self.root),
        }
    }

    /// The slot of object `number`, of a reference at `offset`.
    fn slot(&mut self, number: u32, offset: usize) -> Result<&Slot, DecodeError> {
        self.slot_mut(number)
            .map(|slot| &*slot)
            .ok_or_else(|| DecodeError::invalid("a reference to an object not seen yet", offset))
    }
}

/// Decodes a graph message into an `Arc`, so that `weak` fields inside it
/// may point back at it (the top-level message is object 1); with
/// [`Message::decode`], such a back reference is an error. For code
/// generated with `Rc` pointers, [`decode_rc`].
pub fn decode_arc<M: Shareable>(bytes: &[u8]) -> Result<Arc<M>, DecodeError> {
    decode_shared(bytes, &DecodeOptions::new())
}

/// [`decode_arc`] within the limits of `options`.
pub fn decode_arc_with<M: Shareable>(
    bytes: &[u8],
    options: &DecodeOptions,
) -> Result<Arc<M>, DecodeError> {
    decode_shared(bytes, options)
}

/// [`decode_arc`] for code generated with `Rc` pointers
/// (`Config::pointer_type`): decodes a graph message into an `Rc`.
pub fn decode_rc<M: Shareable>(bytes: &[u8]) -> Result<Rc<M>, DecodeError> {
    decode_shared(bytes, &DecodeOptions::new())
}

/// [`decode_rc`] within the limits of `options`.
pub fn decode_rc_with<M: Shareable>(
    bytes: &[u8],
    options: &DecodeOptions,
) -> Result<Rc<M>, DecodeError> {
    decode_shared(bytes, options)
}

/// Decodes a graph message into the shared pointer `P`, as object 1.
fn decode_shared<P: SharedPointer>(
    bytes: &[u8],
    options: &DecodeOptions,
) -> Result<P, DecodeError> {
    let name = <P::Target as Message>::NAME;
    let mut decoder = Decoder::new(bytes, options).map_err(|e| e.in_message(name))?;
    let message = read_cyclic::<P>(ROOT_ID, &mut decoder, P::Target::merge_from)
        .map_err(|e| e.in_message(name))?;
    message
        .check_required()
        .map_err(|e| e.at_end(bytes.len()).in_message(name))?;
    Ok(message)
}
