//! The decoding limits, for generated types and for `schemac decode` alike:
//! length prefixes that claim more than the input holds, nesting past the
//! recursion limit, and the maximum input length. Borrowed views fail as
//! their owned types do, with the same errors.

use schemac::{JsonNames, transcode};
use schemac_generated::kitchen::{Lists, Maps};
use schemac_generated::shapes::{Ping, PingView, Tree, TreeView};
use schemac_generated::shop::{Customer, CustomerView, Order};
use schemac_runtime::reflect::DynamicMessage;
use schemac_runtime::view::HasView;
use schemac_runtime::{DecodeOptions, Message, MessageView};

use crate::smoke::{descriptor_pool, schemas};

/// Customer.name (field 2) claims 2^32 bytes; four follow. Ten bytes in all.
const FOUR_GIB_NAME: [u8; 10] = [0x12, 0x80, 0x80, 0x80, 0x80, 0x10, b'a', b'b', b'c', b'd'];

#[test]
fn a_length_prefix_of_gigabytes_fails_before_allocating() {
    let error = Customer::decode(&FOUR_GIB_NAME).unwrap_err();
    assert!(error.is_truncated(), "{error}");
    assert_eq!(
        error.to_string(),
        "Customer.name: length prefix of 4294967296 bytes exceeds the 4 bytes that remain at byte 1"
    );
    assert_eq!(CustomerView::decode(&FOUR_GIB_NAME), Err(error));

    // The largest varint as the length of a message in a list, of a
    // message alone, of a packed list and of a map entry.
    huge_length::<Order>(0x22);
    huge_length::<Order>(0x2a);
    huge_length::<Lists>(0x0a);
    huge_length::<Maps>(0x0a);

    let analysis = schemas();
    let id = transcode::find_message(&analysis.schema, "shop.Customer").unwrap();
    let codec = transcode::Codec::new(&analysis);
    let error = (codec.bytes_to_json(id, &FOUR_GIB_NAME, JsonNames::Schema)).unwrap_err();
    assert_eq!(error.path(), "shop.Customer.name");
    assert!(
        error.to_string().contains("4294967296 bytes exceeds"),
        "{error}"
    );
}

#[test]
fn deep_nesting_is_a_recursion_limit_error_not_a_stack_overflow() {
    // Tree.left (0x12) and Tree.children (0x22), 100,000 deep.
    for key in [0x12, 0x22] {
        let bytes = nested_prefixes(&[key], 100_000);
        let error = Tree::decode(&bytes).unwrap_err();
        assert!(error.is_recursion_limit(), "{error}");
        assert!(error.path().starts_with("Tree."), "{error}");
        assert_eq!(TreeView::decode(&bytes).unwrap_err(), error);
    }
    // Tree.by_name (0x2a) holds entries whose value (0x12) is a tree.
    let bytes = nested_prefixes(&[0x2a, 0x12], 50_000);
    let error = Tree::decode(&bytes).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
    assert_eq!(TreeView::decode(&bytes).unwrap_err(), error);
    // Ping.pong (0x0a) and Pong.ping (0x0a) recurse through each other.
    let bytes = nested_prefixes(&[0x0a], 100_000);
    let error = Ping::decode(&bytes).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
    assert_eq!(PingView::decode(&bytes).unwrap_err(), error);

    let analysis = schemas();
    let tree = transcode::find_message(&analysis.schema, "shapes.Tree").unwrap();
    let codec = transcode::Codec::new(&analysis);
    for bytes in [
        nested_prefixes(&[0x12], 100_000),
        nested_prefixes(&[0x2a, 0x12], 50_000),
    ] {
        let error = (codec.bytes_to_json(tree, &bytes, JsonNames::Schema)).unwrap_err();
        assert!(
            error.to_string().contains("recursion limit of 100"),
            "{error}"
        );
    }
}

#[test]
fn the_recursion_limit_is_exact_and_encode_agrees() {
    // The top-level tree and 100 nested ones decode; 101 do not.
    let at_limit = Tree::decode(&nested_prefixes(&[0x12], 100)).unwrap();
    assert!(Tree::decode(&nested_prefixes(&[0x12], 101)).is_err());
    let hundred = nested_prefixes(&[0x12], 100);
    let view = TreeView::decode(&hundred).unwrap();
    assert_eq!(view.to_owned(), at_limit);
    assert!(TreeView::decode(&nested_prefixes(&[0x12], 101)).is_err());
    // What decoded encodes, and one more level does not.
    let bytes = at_limit.try_encode_to_vec().unwrap();
    assert_eq!(bytes, nested_prefixes(&[0x12], 100));
    let deeper = Tree {
        left: Some(Box::new(at_limit)),
        ..Tree::default()
    };
    let error = deeper.try_encode_to_vec().unwrap_err();
    assert!(error.to_string().contains("101 deep"), "{error}");

    // A limit set at run time holds for dynamic messages too, the codec
    // of `schemac decode`, which reads as deep as generated code.
    let analysis = schemas();
    let pool = descriptor_pool(&analysis);
    let tree = pool.message("shapes.Tree").unwrap();
    let options = DecodeOptions::new().recursion_limit(2);
    let three = nested_prefixes(&[0x12], 3);
    assert!(DynamicMessage::decode_with(tree, &three[2..], &options).is_ok());
    let error = DynamicMessage::decode_with(tree, &three, &options).unwrap_err();
    assert!(
        error.to_string().contains("recursion limit of 2"),
        "{error}"
    );
    let id = transcode::find_message(&analysis.schema, "shapes.Tree").unwrap();
    let codec = transcode::Codec::new(&analysis);
    let json = codec.bytes_to_json(id, &bytes, JsonNames::Schema).unwrap();
    assert_eq!(codec.json_to_bytes(id, &json).unwrap(), bytes);
}

#[test]
fn the_maximum_input_length_holds_for_generated_types_and_dynamic_messages() {
    let bytes = Customer {
        id: 1,
        ..Customer::default()
    }
    .try_encode_to_vec()
    .unwrap();
    assert_eq!(bytes.len(), 2);
    let tight = DecodeOptions::new().max_input_len(2);
    let short = DecodeOptions::new().max_input_len(1);
    assert!(Customer::decode_with(&bytes, &tight).is_ok());
    let error = Customer::decode_with(&bytes, &short).unwrap_err();
    assert!(
        error.to_string().contains("exceeds the maximum of 1"),
        "{error}"
    );
    assert!(CustomerView::decode_with(&bytes, &tight).is_ok());
    assert_eq!(CustomerView::decode_with(&bytes, &short), Err(error));

    let analysis = schemas();
    let pool = descriptor_pool(&analysis);
    let customer = pool.message("shop.Customer").unwrap();
    assert!(DynamicMessage::decode_with(customer, &bytes, &tight).is_ok());
    let error = DynamicMessage::decode_with(customer, &bytes, &short).unwrap_err();
    assert_eq!(error.path(), "shop.Customer");
    assert!(
        error
            .to_string()
            .contains("input of 2 bytes exceeds the maximum of 1"),
        "{error}"
    );
}

/// Decodes key `key` followed by a length prefix of 2^64 - 1.
fn huge_length<M: HasView + std::fmt::Debug>(key: u8) {
    let mut bytes = vec![key];
    bytes.extend([0xff; 9]);
    bytes.push(0x01);
    let error = M::decode(&bytes).unwrap_err();
    assert!(error.is_truncated(), "{error}");
    assert!(
        error.to_string().contains("18446744073709551615"),
        "{error}"
    );
    let view = <M::View<'_> as MessageView<'_>>::decode(&bytes);
    assert_eq!(view.err(), Some(error), "{}: the view", M::NAME);
}

/// `depth` nested levels, each the keys `keys` (outermost first) with a
/// length prefix covering exactly what it holds; built back to front.
fn nested_prefixes(keys: &[u8], depth: usize) -> Vec<u8> {
    let mut reversed = Vec::new();
    for _ in 0..depth {
        for &key in keys.iter().rev() {
            let mut prefix = vec![key];
            schemac_runtime::wire::put_varint(&mut prefix, reversed.len() as u64);
            reversed.extend(prefix.iter().rev());
        }
    }
    reversed.reverse();
    reversed
}
