//! Decodes the input as each message of `schemas/order.schema`, with the
//! generated types. A decoded value must encode, the same every way,
//! decode back to itself and encode to the same bytes again; merging must
//! agree with decoding the concatenation; a smaller recursion limit may
//! only refuse more. The borrowed view must read what the owned type
//! reads, or fail alike.
//!
//! An order's attributes are `value`s, which may hold a NaN, unequal to
//! itself; values are compared by their encodings, which keep its bits.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac_generated::shop::{Customer, Order, OrderLine};
use schemac_runtime::view::HasView;
use schemac_runtime::{DecodeError, DecodeOptions, Message};

fuzz_target!(|data: &[u8]| {
    check::<Order>(data);
    check::<OrderLine>(data);
    check::<Customer>(data);
});

fn check<M: HasView + Clone>(data: &[u8]) {
    let decoded = M::decode(data);
    schemac_fuzz::check_view(data, &decoded);
    for limit in [0, 1] {
        let shallow = M::decode_with(data, &DecodeOptions::new().recursion_limit(limit));
        match (&decoded, shallow) {
            (_, Ok(value)) => assert_eq!(
                decoded.as_ref().map(encode).ok(),
                Some(encode(&value)),
                "limit {limit}"
            ),
            (Ok(_), Err(error)) => assert!(error.is_recursion_limit(), "limit {limit}: {error}"),
            (Err(_), Err(error)) => check_error::<M>(&error, data),
        }
    }
    let value = match decoded {
        Ok(value) => value,
        Err(error) => return check_error::<M>(&error, data),
    };

    let bytes = encode(&value);
    schemac_tests::encodes_every_way(&value, &bytes);
    let again = M::decode(&bytes).expect("an encoded message decodes");
    assert_eq!(encode(&again), bytes, "not canonical");

    // Merging the input into what it decoded to reads like the input twice.
    let mut merged = value.clone();
    merged.merge(data).expect("input that decoded merges");
    let twice = M::decode(&[data, data].concat()).expect("input twice decodes");
    assert_eq!(encode(&twice), encode(&merged));

    // An input longer than the maximum is refused, one at the maximum is not.
    let max = DecodeOptions::new().max_input_len(data.len());
    let at_max = M::decode_with(data, &max).expect("input at the maximum decodes");
    assert_eq!(encode(&at_max), bytes);
    if let Some(max) = data.len().checked_sub(1) {
        let max = DecodeOptions::new().max_input_len(max);
        match M::decode_with(data, &max) {
            Ok(_) => panic!("an input over the maximum length decoded"),
            Err(error) => check_error::<M>(&error, data),
        }
    }
}

fn encode<M: Message>(value: &M) -> Vec<u8> {
    value.try_encode_to_vec().expect("a decoded message encodes")
}

/// An error names the message it started from and an offset in the input.
fn check_error<M: Message>(error: &DecodeError, data: &[u8]) {
    assert!(error.path().starts_with(M::NAME), "{error}");
    assert!(error.offset() <= data.len(), "{error}");
    assert!(!error.to_string().is_empty());
}
