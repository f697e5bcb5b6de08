//! Decodes the input as each message of `schemas/order.schema`, with the
//! generated types. A decoded value must encode, decode back to itself and
//! encode to the same bytes again; merging must agree with decoding the
//! concatenation; a smaller recursion limit may only refuse more.

#![no_main]

use std::fmt::Debug;

use libfuzzer_sys::fuzz_target;
use schemac_generated::shop::{Customer, Order, OrderLine};
use schemac_runtime::{DecodeError, DecodeOptions, Message};

fuzz_target!(|data: &[u8]| {
    check::<Order>(data);
    check::<OrderLine>(data);
    check::<Customer>(data);
});

fn check<M: Message + Clone + PartialEq + Debug>(data: &[u8]) {
    let decoded = M::decode(data);
    for limit in [0, 1] {
        let shallow = M::decode_with(data, &DecodeOptions::new().recursion_limit(limit));
        match (&decoded, shallow) {
            (_, Ok(value)) => assert_eq!(decoded.as_ref(), Ok(&value), "limit {limit}"),
            (Ok(_), Err(error)) => assert!(error.is_recursion_limit(), "limit {limit}: {error}"),
            (Err(_), Err(error)) => check_error::<M>(&error, data),
        }
    }
    let value = match decoded {
        Ok(value) => value,
        Err(error) => return check_error::<M>(&error, data),
    };

    let bytes = value.encode_to_vec().expect("a decoded message encodes");
    assert_eq!(bytes.len(), value.encoded_len());
    let again = M::decode(&bytes).expect("an encoded message decodes");
    assert_eq!(again, value);
    assert_eq!(again.encode_to_vec().as_ref(), Ok(&bytes), "not canonical");

    // Merging the input into what it decoded to reads like the input twice.
    let mut merged = value.clone();
    merged.merge(data).expect("input that decoded merges");
    assert_eq!(M::decode(&[data, data].concat()), Ok(merged));

    // An input longer than the maximum is refused, one at the maximum is not.
    let max = DecodeOptions::new().max_input_len(data.len());
    assert_eq!(M::decode_with(data, &max), Ok(value));
    if let Some(max) = data.len().checked_sub(1) {
        let max = DecodeOptions::new().max_input_len(max);
        check_error::<M>(&M::decode_with(data, &max).unwrap_err(), data);
    }
}

/// An error names the message it started from and an offset in the input.
fn check_error<M: Message>(error: &DecodeError, data: &[u8]) {
    assert!(error.path().starts_with(M::NAME), "{error}");
    assert!(error.offset() <= data.len(), "{error}");
    assert!(!error.to_string().is_empty());
}
