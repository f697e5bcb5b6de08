//! The group codec's tests: groups written between their keys and read
//! back, owned and as views, and every input a group reader must refuse.

use super::*;
use crate::__private::field;
use crate::decode::DecodeOptions;
use crate::message::Message as _;
use crate::view::{HasView, MessageView};

/// A message that group fields hold: a number (1), a group of its own
/// kind (2, boxed) and a name (3). Its `merge_from` ends at an end-group
/// key, as generated code's does in every message a group field holds.
#[derive(Clone, Debug, Default, PartialEq)]
struct Node {
    id: i32,
    child: Option<Box<Node>>,
    name: alloc::string::String,
}

impl crate::Message for Node {
    const NAME: &'static str = "Node";

    fn measure_fields(&self) -> usize {
        field::measure::<Int32>(1, &self.id)
            + field::measure_optional::<BoxedGroup<Node>>(2, self.child.as_ref())
            + field::measure::<String>(3, &self.name)
    }

    fn write_fields(&self, writer: &mut Writer) {
        field::write::<String>(3, &self.name, writer);
        field::write_optional::<BoxedGroup<Node>>(2, self.child.as_ref(), writer);
        field::write::<Int32>(1, &self.id, writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => field::merge::<Int32>(wire_type, &mut self.id, decoder),
            2 => field::merge_optional::<BoxedGroup<Node>>(wire_type, &mut self.child, decoder),
            3 => field::merge::<String>(wire_type, &mut self.name, decoder),
            _ => decoder.skip(wire_type),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        ["", "id", "child", "name"].get(number as usize).copied()
    }

    fn merge_from(&mut self, decoder: &mut Decoder<'_>) -> Result<(), DecodeError> {
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key()?;
            if wire_type == WireType::EndGroup {
                return decoder.end_group(number);
            }
            self.merge_field(number, wire_type, decoder)
                .map_err(|error| Self::field_error(error, number))?;
        }
        Ok(())
    }
}

/// The message holding groups: an optional group (1), a list of groups
/// (2), and the same message as a length-delimited field (3).
#[derive(Clone, Debug, Default, PartialEq)]
struct Tree {
    root: Option<Node>,
    forest: Vec<Node>,
    plain: Option<Node>,
}

impl crate::Message for Tree {
    const NAME: &'static str = "Tree";

    fn measure_fields(&self) -> usize {
        field::measure_optional::<Group<Node>>(1, self.root.as_ref())
            + field::measure_repeated::<Group<Node>>(2, &self.forest)
            + field::measure_optional::<Message<Node>>(3, self.plain.as_ref())
    }

    fn write_fields(&self, writer: &mut Writer) {
        field::write_optional::<Message<Node>>(3, self.plain.as_ref(), writer);
        field::write_repeated::<Group<Node>>(2, &self.forest, writer);
        field::write_optional::<Group<Node>>(1, self.root.as_ref(), writer);
    }

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => field::merge_optional::<Group<Node>>(wire_type, &mut self.root, decoder),
            2 => field::merge_repeated::<Group<Node>>(wire_type, &mut self.forest, decoder),
            3 => field::merge_optional::<Message<Node>>(wire_type, &mut self.plain, decoder),
            _ => decoder.skip(wire_type),
        }
    }

    fn field_name(number: u32) -> Option<&'static str> {
        ["", "root", "forest", "plain"]
            .get(number as usize)
            .copied()
    }
}

/// The view of [`Node`], whose name borrows.
#[derive(Debug, Default, PartialEq)]
struct NodeView<'a> {
    id: i32,
    child: Option<Box<NodeView<'a>>>,
    name: &'a str,
}

impl<'a> MessageView<'a> for NodeView<'a> {
    type Owned = Node;

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => Int32::view(wire_type, &mut self.id, decoder),
            2 => BoxedGroup::view_optional(wire_type, &mut self.child, decoder),
            3 => String::view(wire_type, &mut self.name, decoder),
            _ => decoder.skip(wire_type),
        }
    }

    fn merge_from(&mut self, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        while decoder.has_remaining() {
            let (number, wire_type) = decoder.read_key()?;
            if wire_type == WireType::EndGroup {
                return decoder.end_group(number);
            }
            self.merge_field(number, wire_type, decoder)
                .map_err(|error| Node::field_error(error, number))?;
        }
        Ok(())
    }

    fn to_message(&self) -> Node {
        Node {
            id: self.id,
            child: BoxedGroup::<Node>::owned_optional(&self.child),
            name: self.name.into(),
        }
    }
}

impl HasView for Node {
    type View<'a> = NodeView<'a>;
}

/// The view of [`Tree`].
#[derive(Debug, Default, PartialEq)]
struct TreeView<'a> {
    root: Option<NodeView<'a>>,
    forest: Vec<NodeView<'a>>,
    plain: Option<NodeView<'a>>,
}

impl<'a> MessageView<'a> for TreeView<'a> {
    type Owned = Tree;

    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        match number {
            1 => Group::view_optional(wire_type, &mut self.root, decoder),
            2 => Group::view_repeated(wire_type, &mut self.forest, decoder),
            3 => Message::view_optional(wire_type, &mut self.plain, decoder),
            _ => decoder.skip(wire_type),
        }
    }

    fn to_message(&self) -> Tree {
        Tree {
            root: Group::owned_optional(&self.root),
            forest: Group::owned_repeated(&self.forest),
            plain: Message::owned_optional(&self.plain),
        }
    }
}

fn node(id: i32, name: &str) -> Node {
    Node {
        id,
        child: None,
        name: name.into(),
    }
}

/// Groups nested `depth` deep in field 1 of a `Tree`: `depth` levels of
/// nesting below the top-level message.
fn nested(depth: u32) -> Tree {
    let mut root = node(depth as i32, "");
    for id in (1..depth as i32).rev() {
        root = Node {
            child: Some(Box::new(root)),
            ..node(id, "")
        };
    }
    Tree {
        root: Some(root),
        ..Tree::default()
    }
}

/// Decodes `bytes` as a `Tree`, owned and as a view, and checks that both
/// read alike: the same value, or the same error.
fn decode(bytes: &[u8], options: &DecodeOptions) -> Result<Tree, DecodeError> {
    let owned = Tree::decode_with(bytes, options);
    let view = TreeView::decode_with(bytes, options).map(|view| view.to_message());
    assert_eq!(
        owned, view,
        "owned and view decoding differ on {bytes:02x?}"
    );
    owned
}

#[test]
fn a_group_is_written_between_its_keys_and_read_back() {
    let tree = Tree {
        root: Some(node(1, "a")),
        forest: vec![node(2, ""), Node::default()],
        plain: Some(node(3, "")),
    };
    let bytes = tree.try_encode_to_vec().unwrap();
    assert_eq!(
        bytes,
        [
            0x0b, 0x08, 0x01, 0x1a, 0x01, b'a', 0x0c, // root: start 1, id, name, end 1
            0x13, 0x08, 0x02, 0x14, // forest[0]: start 2, id, end 2
            0x13, 0x14, // forest[1], empty: start 2, end 2
            0x1a, 0x02, 0x08, 0x03, // plain: length-delimited
        ]
    );
    assert_eq!(tree.encoded_len(), bytes.len());
    assert_eq!(decode(&bytes, &DecodeOptions::new()).unwrap(), tree);
}

#[test]
fn a_group_field_read_twice_merges() {
    // root {id: 1}, then root {name: "b"}.
    let bytes = [0x0b, 0x08, 0x01, 0x0c, 0x0b, 0x1a, 0x01, b'b', 0x0c];
    let tree = decode(&bytes, &DecodeOptions::new()).unwrap();
    assert_eq!(tree.root, Some(node(1, "b")));
}

#[test]
fn nested_groups_round_trip_with_keys_of_every_length() {
    // Field numbers of one-byte to five-byte keys, as a nested group's.
    let mut tree = nested(3);
    tree.root.as_mut().unwrap().name = "x".into();
    let bytes = tree.try_encode_to_vec().unwrap();
    assert_eq!(decode(&bytes, &DecodeOptions::new()).unwrap(), tree);
    assert_eq!(tree.encoded_len(), bytes.len());
    for number in [1, 15, 16, 2047, 2048, wire::MAX_FIELD_NUMBER] {
        let mut writer = Writer::new();
        Group::<Node>::write(number, &node(7, "n"), &mut writer);
        assert_eq!(
            writer.written_len(),
            Group::<Node>::measure(number, &node(7, "n"))
        );
        let bytes = writer.into_vec();
        let mut decoder = Decoder::new(&bytes, &DecodeOptions::new()).unwrap();
        let (read, wire_type) = decoder.read_key().unwrap();
        assert_eq!((read, wire_type), (number, WireType::StartGroup));
        let mut value = Node::default();
        Group::<Node>::merge(wire_type, &mut value, &mut decoder).unwrap();
        assert_eq!(value, node(7, "n"));
        assert!(!decoder.has_remaining());
    }
}

#[test]
fn an_end_group_key_of_another_number_is_refused() {
    // root {id: 1} ended by the end-group key of field 2.
    let bytes = [0x0b, 0x08, 0x01, 0x14];
    let error = decode(&bytes, &DecodeOptions::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Tree.root: end-group of field 2 in the group of field 1 at byte 3"
    );
}

#[test]
fn a_nested_group_ended_by_its_parents_key_is_refused() {
    // root {child {id: 2} ended by root's end-group key}, then root's.
    let bytes = [0x0b, 0x13, 0x08, 0x02, 0x0c, 0x0c];
    let error = decode(&bytes, &DecodeOptions::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Tree.root.child: end-group of field 1 in the group of field 2 at byte 4"
    );
}

#[test]
fn a_group_without_its_end_group_key_is_truncated() {
    for bytes in [
        &[0x0b][..],
        &[0x0b, 0x08, 0x01],
        // root {child {id: 2}} without an end-group key.
        &[0x0b, 0x13, 0x08, 0x02],
    ] {
        let error = decode(bytes, &DecodeOptions::new()).unwrap_err();
        assert!(error.is_truncated(), "{error}");
        assert_eq!(error.offset(), bytes.len(), "{error}");
        assert!(error.path().starts_with("Tree.root"), "{error}");
    }
    // A group inside a length-delimited message ends with that message.
    let bytes = [0x1a, 0x03, 0x13, 0x08, 0x02, 0x08, 0x05];
    let error = decode(&bytes, &DecodeOptions::new()).unwrap_err();
    assert!(error.is_truncated(), "{error}");
    assert_eq!(
        (error.offset(), error.path().as_str()),
        (5, "Tree.plain.child")
    );
}

#[test]
fn an_end_group_key_out_of_its_group_is_refused() {
    // At the top level, of a field the message does not know.
    let error = decode(&[0x48, 0x01, 0x4c], &DecodeOptions::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Tree: end-group without a matching start-group at byte 2"
    );
    // Inside a length-delimited run inside a group, with the group's
    // number: only the group's own level ends it.
    let input = [0x01, 0x0c];
    let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
    let error = decoder
        .read_group(1, |decoder| {
            decoder.read_nested(|decoder| {
                let (number, _) = decoder.read_key()?;
                decoder.end_group(number)
            })
        })
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "end-group without a matching start-group at byte 1"
    );
    // A field that is not a group takes no start-group key.
    let error = decode(&[0x1b, 0x08, 0x01, 0x1c], &DecodeOptions::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Tree.plain: wire type start-group where the schema expects length-delimited at byte 1"
    );
}

#[test]
fn groups_nest_up_to_the_recursion_limit_and_no_deeper() {
    let options = DecodeOptions::new().recursion_limit(8);
    let at_limit = nested(8);
    let bytes = at_limit.try_encode_to_vec().unwrap();
    assert_eq!(decode(&bytes, &options).unwrap(), at_limit);
    let past = nested(9).try_encode_to_vec().unwrap();
    let error = decode(&past, &options).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
    // Encoding counts groups' depth as decoding does.
    let too_deep = nested(DecodeOptions::DEFAULT_RECURSION_LIMIT + 1);
    assert!(too_deep.try_encode_to_vec().is_err());
    assert!(
        nested(DecodeOptions::DEFAULT_RECURSION_LIMIT)
            .try_encode_to_vec()
            .is_ok()
    );
    // Start-group keys alone, far past the limit, stop at it.
    let error = decode(&[0x13; 10_000], &DecodeOptions::new()).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
}

#[test]
fn unknown_groups_are_skipped_up_to_the_end_key_of_their_number() {
    // Field 9, a group holding field 1 and a group of field 10, in the
    // Tree, which knows neither.
    let bytes = [0x4b, 0x08, 0x01, 0x53, 0x54, 0x4c];
    assert_eq!(
        decode(&bytes, &DecodeOptions::new()).unwrap(),
        Tree::default()
    );
    // Ended by the end-group key of another number, or not at all.
    for (bytes, offset) in [(&[0x4b, 0x08, 0x01, 0x54][..], 3), (&[0x4b, 0x53, 0x4c], 2)] {
        let error = decode(bytes, &DecodeOptions::new()).unwrap_err();
        assert!(error.to_string().contains("end-group of field"), "{error}");
        assert_eq!(error.offset(), offset, "{error}");
    }
    let error = decode(&[0x4b, 0x53, 0x54], &DecodeOptions::new()).unwrap_err();
    assert!(error.is_truncated(), "{error}");
}

#[test]
fn an_unknown_group_is_kept_whole() {
    let input = [0x4b, 0x08, 0x01, 0x53, 0x54, 0x4c];
    let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
    let (number, wire_type) = decoder.read_key().unwrap();
    let mut unknown = crate::UnknownFields::new();
    unknown.merge(number, wire_type, &mut decoder).unwrap();
    assert_eq!(unknown.as_bytes(), input);
}
