//! Graph mode in JSON: the `$id` and `$ref` of docs/graph.md, for generated
//! serde impls.
//!
//! An object at its first occurrence is written with its fields, led by
//! its id under `"$id"`; every later occurrence is `{"$ref": id}`, and a
//! dead `weak` is `{}`. The top-level message is object 1, and carries
//! `"$id": 1` when a reference can point at its type
//! ([`JsonMessage::REF_TARGET`]); the others are numbered 2, 3, … in the
//! order they are written, which for a graph message is the order the
//! bytes hold its fields.
//!
//! serde's `Serialize` and `Deserialize` carry no state from one value to
//! the next, while a graph needs one table of objects for the whole call.
//! The table is a thread-local, open for one call: the first graph message
//! (or reference) that a serialize or a deserialize meets opens it, and
//! closes it when that message ends, even on an error or a panic. So each
//! top-level call has an id space of its own, as each encode has.
//!
//! Reading takes the labels in the order of the text: a `$ref` names a
//! label that an object earlier in the text took, and a `$id` is the first
//! member of its object, read before the object is made, so that a back
//! reference inside the object can point at it.

use core::any::Any;
use core::cell::RefCell;
use core::fmt;
use core::marker::PhantomData;

use alloc::borrow::Cow;
use alloc::rc::Rc;
use alloc::sync::Arc;
use hashbrown::HashMap;
use hashbrown::hash_map::Entry;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};

use super::{JsonCodec, JsonMessage, read_members};
use crate::graph::{self, Ref, Shareable, SharedPointer, Slot, Unresolved, WeakPointer, WeakRef};
use crate::message::Message;

/// The member that labels an object.
pub(crate) const ID_KEY: &str = "$id";

/// The member of a reference to an object written earlier.
pub(crate) const REF_KEY: &str = "$ref";

/// The id of the top-level message.
const ROOT_ID: u64 = 1;

/// The key of an object's member read already, if there is one.
type Key<'de> = Option<Cow<'de, str>>;

thread_local! {
    /// The objects written so far by the serialize under way on this
    /// thread, if one is.
    static WRITING: RefCell<Option<Written>> = const { RefCell::new(None) };

    /// The objects read so far by the deserialize under way on this
    /// thread, if one is.
    static READING: RefCell<Option<Labels>> = const { RefCell::new(None) };
}

/// The objects of one serialize: ids by address.
#[derive(Default)]
struct Written {
    ids: HashMap<usize, u64>,
    next_id: u64,
    /// The objects first reached through `weak` fields, held alive until
    /// the call ends, so that no other object takes their address.
    alive: Vec<Box<dyn Any>>,
}

/// The table of the serialize that opened it, closed when dropped.
pub(crate) struct WriteScope(());

impl WriteScope {
    /// Opens the table for a serialize whose top-level message is at
    /// `root`; `None`, and nothing done, when a serialize on this thread
    /// has one open already.
    pub(crate) fn open(root: usize) -> Option<Self> {
        WRITING.with(|writing| {
            let mut writing = writing.borrow_mut();
            if writing.is_some() {
                return None;
            }
            let mut written = Written {
                next_id: ROOT_ID + 1,
                ..Written::default()
            };
            written.ids.insert(root, ROOT_ID);
            *writing = Some(written);
            Some(Self(()))
        })
    }
}

impl Drop for WriteScope {
    fn drop(&mut self) {
        // The objects held alive are dropped outside the borrow.
        let written = WRITING.with(|writing| writing.borrow_mut().take());
        drop(written);
    }
}

/// The id of the object at `address`, if this serialize has written it.
fn written_id(address: usize) -> Option<u64> {
    WRITING.with(|writing| writing.borrow().as_ref()?.ids.get(&address).copied())
}

/// Numbers the object at `address`, written now for the first time;
/// `alive` holds it until the call ends. `None` outside a serialize of a
/// graph message, where nothing can refer to it.
fn number(address: usize, alive: Option<Box<dyn Any>>) -> Option<u64> {
    WRITING.with(|writing| {
        let mut writing = writing.borrow_mut();
        let written = writing.as_mut()?;
        let id = written.next_id;
        written.next_id += 1;
        written.ids.insert(address, id);
        written.alive.extend(alive);
        Some(id)
    })
}

/// Writes `{"$ref": id}`.
fn write_ref<S: Serializer>(id: u64, serializer: S) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry(REF_KEY, &id)?;
    map.end()
}

/// Writes the first occurrence of `object`: its fields, led by its id.
fn write_object<T: JsonMessage, S: Serializer>(
    id: Option<u64>,
    object: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    if let Some(id) = id {
        map.serialize_entry(ID_KEY, &id)?;
    }
    object.serialize_fields(&mut map)?;
    map.end()
}

/// The top-level message's `"$id": 1`, written by `map` when a reference
/// can point at `M`.
pub(crate) fn write_root_id<M: JsonMessage, S: SerializeMap>(map: &mut S) -> Result<(), S::Error> {
    match M::REF_TARGET {
        true => map.serialize_entry(ID_KEY, &ROOT_ID),
        false => Ok(()),
    }
}

impl<P: SharedPointer<Target: JsonMessage>> JsonCodec for Ref<P> {
    fn serialize<S: Serializer>(value: &P, serializer: S) -> Result<S::Ok, S::Error> {
        let address = P::address(value);
        match written_id(address) {
            Some(id) => write_ref(id, serializer),
            None => write_object(number(address, None), &**value, serializer),
        }
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<P, D::Error> {
        let _scope = ReadScope::open();
        match deserializer.deserialize_map(ReferenceVisitor(PhantomData))? {
            // `{}`: an object without fields that nothing else names.
            Reference::Empty => Ok(P::default()),
            Reference::Object(object) => Ok(object),
            Reference::To(label) => resolve(label, Slot::strong, |unresolved| match unresolved {
                Unresolved::AnotherType => another_type(label),
                Unresolved::BeingRead => format!(
                    "`{{\"$ref\": {label}}}` is a strong reference to an object that holds it: \
                     a cycle through a strong reference (cycles go through `weak`)"
                ),
            }),
        }
    }
}

impl<W: WeakPointer<Shared: SharedPointer<Target: JsonMessage>>> JsonCodec for WeakRef<W> {
    fn serialize<S: Serializer>(value: &W, serializer: S) -> Result<S::Ok, S::Error> {
        // Looked up by address without upgrading.
        let address = W::address(value);
        if let Some(id) = written_id(address) {
            return write_ref(id, serializer);
        }
        match W::upgrade(value) {
            Some(object) => {
                let id = number(address, Some(Box::new(object.clone())));
                write_object(id, &*object, serializer)
            }
            None => serializer.serialize_map(Some(0))?.end(),
        }
    }

    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<W, D::Error> {
        let _scope = ReadScope::open();
        let reference: Reference<W::Shared> =
            deserializer.deserialize_map(ReferenceVisitor(PhantomData))?;
        match reference {
            // `{}`: a dead back reference.
            Reference::Empty => Ok(W::default()),
            // Alive while something else holds it.
            Reference::Object(object) => Ok(SharedPointer::downgrade(&object)),
            Reference::To(label) => resolve(label, Slot::weak, |unresolved| {
                match (unresolved, top_level_by_value(label)) {
                    (Unresolved::BeingRead, true) => format!(
                        "`{{\"$ref\": {label}}}` is a back reference to the top-level message, \
                         which is read by value: read it with \
                         `schemac_runtime::json::deserialize_arc` (or `deserialize_rc`)"
                    ),
                    _ => another_type(label),
                }
            }),
        }
    }
}

/// The error of a `$ref` to an object of a type other than the field's.
fn another_type(label: u64) -> String {
    format!("`{{\"$ref\": {label}}}` names an object of another type than the field's")
}

/// The objects of one deserialize, by label.
#[derive(Default)]
struct Labels {
    slots: HashMap<u64, Slot>,
    /// The label of the top-level message read by value, which no shared
    /// pointer holds.
    top_level_by_value: Option<u64>,
}

/// The table of the deserialize that opened it, closed when dropped.
pub(crate) struct ReadScope(());

impl ReadScope {
    /// Opens the table for a deserialize; `None`, and nothing done, when
    /// a deserialize on this thread has one open already.
    pub(crate) fn open() -> Option<Self> {
        READING.with(|reading| {
            let mut reading = reading.borrow_mut();
            if reading.is_some() {
                return None;
            }
            *reading = Some(Labels::default());
            Some(Self(()))
        })
    }
}

impl Drop for ReadScope {
    fn drop(&mut self) {
        // The objects are dropped outside the borrow.
        let labels = READING.with(|reading| reading.borrow_mut().take());
        drop(labels);
    }
}

/// Runs `f` on the open table of labels; `None` when none is open.
fn with_labels<R>(f: impl FnOnce(&mut Labels) -> R) -> Option<R> {
    READING.with(|reading| reading.borrow_mut().as_mut().map(f))
}

/// Takes `label` for an object about to be read; a label taken before is
/// an error.
fn take_label<E: de::Error>(label: u64) -> Result<(), E> {
    let taken = with_labels(|labels| match labels.slots.entry(label) {
        Entry::Occupied(_) => false,
        Entry::Vacant(entry) => {
            entry.insert(Slot::default());
            true
        }
    });
    match taken {
        Some(false) => Err(E::custom(format_args!(
            "`\"$id\": {label}` labels a second object; each label is used once"
        ))),
        _ => Ok(()),
    }
}

/// Marks `label` as the top-level message's, read by value.
fn label_top_level_by_value(label: u64) {
    with_labels(|labels| labels.top_level_by_value = Some(label));
}

/// Whether `label` is the top-level message's, read by value.
fn top_level_by_value(label: u64) -> bool {
    with_labels(|labels| labels.top_level_by_value == Some(label)).unwrap_or(false)
}

/// Runs `f` on the slot of `label`, if it has one.
fn with_slot<R>(label: u64, f: impl FnOnce(&mut Slot) -> R) -> Option<R> {
    with_labels(|labels| labels.slots.get_mut(&label).map(f)).flatten()
}

/// The object that `{"$ref": label}` names, taken from its slot by `take`;
/// `why` says why it cannot be taken.
fn resolve<V, E: de::Error>(
    label: u64,
    take: impl FnOnce(&Slot) -> Result<V, Unresolved>,
    why: impl FnOnce(Unresolved) -> String,
) -> Result<V, E> {
    match with_slot(label, |slot| take(slot)) {
        Some(Ok(object)) => Ok(object),
        Some(Err(unresolved)) => Err(E::custom(why(unresolved))),
        None => Err(E::custom(format_args!(
            "`{{\"$ref\": {label}}}` names a label that no object before it took"
        ))),
    }
}

/// What one reference's JSON holds.
enum Reference<P> {
    /// `{}`.
    Empty,
    /// An object, at its first occurrence.
    Object(P),
    /// `{"$ref": label}`.
    To(u64),
}

struct ReferenceVisitor<P>(PhantomData<P>);

impl<'de, P: SharedPointer<Target: JsonMessage>> Visitor<'de> for ReferenceVisitor<P> {
    type Value = Reference<P>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a JSON object for message {}, or {{\"$ref\": id}}",
            P::Target::NAME
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Reference<P>, A::Error> {
        let first = access.next_key::<Cow<'de, str>>()?;
        match first.as_deref() {
            None => Ok(Reference::Empty),
            Some(REF_KEY) => {
                let label = access.next_value::<u64>()?;
                if let Some(key) = access.next_key::<Cow<'de, str>>()? {
                    return Err(de::Error::custom(format_args!(
                        "`{key}` beside `$ref`: a reference to an object written earlier \
                         is `{{\"$ref\": id}}` alone"
                    )));
                }
                Ok(Reference::To(label))
            }
            Some(ID_KEY) => {
                let label = access.next_value::<u64>()?;
                let first = access.next_key()?;
                read_object(Some(label), first, &mut access).map(Reference::Object)
            }
            Some(_) => read_object(None, first, &mut access).map(Reference::Object),
        }
    }
}

/// Reads an object whose `$id` is `label`, if it has one, from its first
/// member after that, `first`: in its shared pointer, and, when a `weak`
/// field can point at its type, with its weak pointer in the table before
/// its fields are read.
fn read_object<'de, P: SharedPointer<Target: JsonMessage>, A: MapAccess<'de>>(
    label: Option<u64>,
    first: Key<'de>,
    access: &mut A,
) -> Result<P, A::Error> {
    if let Some(label) = label {
        take_label::<A::Error>(label)?;
    }
    let object = match P::Target::WEAK_TARGET {
        true => graph::build_cyclic::<P, _>(|weak, object| {
            if let Some(label) = label {
                with_slot(label, |slot| slot.hold_weak(weak));
            }
            read_members(object, first, access)
        })?,
        false => {
            let mut object = P::Target::default();
            read_members(&mut object, first, access)?;
            P::new(object)
        }
    };
    if let Some(label) = label {
        with_slot(label, |slot| slot.hold(object.clone()));
    }
    Ok(object)
}

/// Reads the top-level message's `$id`, the first member `first` of its
/// object, when a reference can point at `M`: the label, and the member
/// after it. `first` unchanged otherwise, which makes a `$id` an unknown
/// field.
fn read_root_id<'de, M: JsonMessage, A: MapAccess<'de>>(
    first: Key<'de>,
    access: &mut A,
) -> Result<(Option<u64>, Key<'de>), A::Error> {
    if !(M::REF_TARGET && first.as_deref() == Some(ID_KEY)) {
        return Ok((None, first));
    }
    let label = access.next_value::<u64>()?;
    Ok((Some(label), access.next_key()?))
}

/// Reads the top-level message of a deserialize by value, from its first
/// member `first`: its `$id`, if it has one, labels an object that
/// nothing can hold, so a back reference to it is an error.
pub(crate) fn read_top_level<'de, M: JsonMessage, A: MapAccess<'de>>(
    first: Key<'de>,
    access: &mut A,
) -> Result<M, A::Error> {
    let (label, first) = read_root_id::<M, A>(first, access)?;
    if let Some(label) = label {
        take_label::<A::Error>(label)?;
        label_top_level_by_value(label);
    }
    let mut message = M::default();
    read_members(&mut message, first, access)?;
    Ok(message)
}

/// Reads a graph message into an `Arc`, so that `weak` fields inside it
/// may point back at it, as [`graph::decode_arc`] does for bytes. With
/// `Deserialize`, which returns the message by value, such a back
/// reference is an error.
///
/// For a generated message `Order`: `let order: Arc<Order> =
/// deserialize_arc(&mut serde_json::Deserializer::from_str(text))?;`.
pub fn deserialize_arc<'de, M, D>(deserializer: D) -> Result<Arc<M>, D::Error>
where
    M: Shareable + JsonMessage,
    D: Deserializer<'de>,
{
    deserialize_shared(deserializer)
}

/// [`deserialize_arc`] for code generated with `Rc` pointers: reads a
/// graph message into an `Rc`.
pub fn deserialize_rc<'de, M, D>(deserializer: D) -> Result<Rc<M>, D::Error>
where
    M: Shareable + JsonMessage,
    D: Deserializer<'de>,
{
    deserialize_shared(deserializer)
}

/// Reads a graph message into the shared pointer `P`, as object 1.
fn deserialize_shared<'de, P, D>(deserializer: D) -> Result<P, D::Error>
where
    P: SharedPointer<Target: JsonMessage>,
    D: Deserializer<'de>,
{
    struct TopLevelVisitor<P>(PhantomData<P>);

    impl<'de, P: SharedPointer<Target: JsonMessage>> Visitor<'de> for TopLevelVisitor<P> {
        type Value = P;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a JSON object for message {}", P::Target::NAME)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<P, A::Error> {
            let first = access.next_key()?;
            let (label, first) = read_root_id::<P::Target, A>(first, &mut access)?;
            read_object(label, first, &mut access)
        }
    }

    let _scope = ReadScope::open();
    deserializer.deserialize_map(TopLevelVisitor(PhantomData))
}

/// The error of a graph's `$id` or `$ref` that a message's fields come
/// before, or that a message no reference holds has: `None` for any other
/// key, or outside a deserialize of a graph.
pub(crate) fn misplaced(key: &str) -> Option<&'static str> {
    let reading = READING.with(|reading| reading.borrow().is_some());
    match key {
        ID_KEY if reading => Some(
            "a misplaced `$id`: it labels an object that a `ref` or `weak` field holds, \
             or the top-level message, as the object's first member",
        ),
        REF_KEY if reading => Some(
            "a misplaced `$ref`: a reference to an object written earlier is \
             `{\"$ref\": id}` alone, in a `ref` or `weak` field",
        ),
        _ => None,
    }
}
