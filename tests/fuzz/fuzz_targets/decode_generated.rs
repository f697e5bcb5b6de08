//! Decodes the input as each generated message of `schemas/scalars.schema`,
//! `shapes.schema` (oneofs, recursion), `money.schema` (decimal and value),
//! the `evolution` packages (unknown fields kept), the `world` packages and
//! `school.schema` (closed enums, in the message that drops what it does
//! not know).
//! Floats may decode to NaN, which is not equal to itself, so the oracle
//! compares bytes: a decoded value encodes, every way of encoding writes
//! the same bytes, and that encoding decodes and encodes to the same bytes,
//! and reads back with its fields in other orders (`reads_in_any_order`).
//! A smaller recursion limit may only refuse more. The borrowed view must
//! read what the owned type reads, or fail alike. The types of
//! schemac-options' `representations` (strings as `Box<str>`, `Arc<str>` or
//! `CompactString`, bytes as `Bytes`), decoded with `decode_shared` from a
//! `Bytes`, must read what the default types read and encode it alike,
//! every way; so must the types of its `lite` module, whose maps are
//! `LiteMap`s (sorted vectors), whatever the order of the keys. Decoded in
//! place of another message (`decode_in_place`), the input reads as it
//! does afresh, or fails alike.

#![no_main]

use std::fmt::Debug;

use libfuzzer_sys::fuzz_target;
use schemac_generated::evolution::{v1, v2};
use schemac_generated::kitchen::{Interleaved, Lists, Maps, OptionalScalars, Scalars};
use schemac_generated::money::{Amounts, Entry, Values};
use schemac_generated::school::Summary;
use schemac_generated::shapes::{Drawing, Keywords, Ping, Pong, Tree};
use schemac_generated::world::travel::Trip;
use schemac_runtime::bytes::Bytes;
use schemac_runtime::view::HasView;
use schemac_runtime::DecodeOptions;
use schemac_tests::reads_as_default;

fuzz_target!(|data: &[u8]| {
    check::<Scalars>(data);
    check::<OptionalScalars>(data);
    check::<Lists>(data);
    check::<Maps>(data);
    check::<Interleaved>(data);
    check::<Drawing>(data);
    check::<Tree>(data);
    check::<Ping>(data);
    check::<Pong>(data);
    check::<Keywords>(data);
    check::<Trip>(data);
    check::<Amounts>(data);
    check::<Values>(data);
    check::<Entry>(data);
    check::<v1::Profile>(data);
    check::<v1::PlainProfile>(data);
    check::<v2::Profile>(data);
    check::<Summary>(data);

    use schemac_options::representations::{kitchen, shapes};
    let shared = Bytes::copy_from_slice(data);
    reads_as_default::<kitchen::Scalars, Scalars>(&shared);
    reads_as_default::<kitchen::OptionalScalars, OptionalScalars>(&shared);
    reads_as_default::<kitchen::Lists, Lists>(&shared);
    reads_as_default::<kitchen::Maps, Maps>(&shared);
    reads_as_default::<shapes::Drawing, Drawing>(&shared);
    reads_as_default::<shapes::Tree, Tree>(&shared);

    use schemac_options::lite;
    reads_as_default::<lite::kitchen::Maps, Maps>(&shared);
    reads_as_default::<lite::money::Amounts, Amounts>(&shared);
    reads_as_default::<lite::money::Values, Values>(&shared);
});

fn check<M: HasView + PartialEq + Debug>(data: &[u8]) {
    let decoded = M::decode(data);
    schemac_fuzz::check_view(data, &decoded);
    // Decoded in place of the message the input twice gives (its lists
    // twice as long, for the decode to cut), it reads as afresh, or fails
    // with the same error.
    let mut in_place = M::decode(&[data, data].concat()).unwrap_or_default();
    match (in_place.decode_in_place(data), &decoded) {
        (Ok(()), Ok(fresh)) => {
            assert_eq!(in_place.try_encode_to_vec(), fresh.try_encode_to_vec());
        }
        (Err(error), Err(fresh)) => assert_eq!(error.to_string(), fresh.to_string()),
        (read, fresh) => panic!("in place {read:?}, afresh {fresh:?}"),
    }
    let shallow = M::decode_with(data, &DecodeOptions::new().recursion_limit(3));
    match (&decoded, &shallow) {
        (Err(_), Ok(_)) => panic!("a lower recursion limit accepted what the default refused"),
        (Ok(_), Err(error)) => assert!(error.is_recursion_limit(), "{error}"),
        _ => {}
    }
    let value = match decoded {
        Ok(value) => value,
        Err(error) => {
            assert!(error.path().starts_with(M::NAME), "{error}");
            assert!(error.offset() <= data.len(), "{error}");
            return;
        }
    };
    let bytes = value.try_encode_to_vec().expect("a decoded message encodes");
    schemac_tests::encodes_every_way(&value, &bytes);
    if let Ok(shallow) = shallow {
        assert_eq!(shallow.try_encode_to_vec().as_ref(), Ok(&bytes));
    }
    let again = M::decode(&bytes).expect("an encoded message decodes");
    assert_eq!(again.try_encode_to_vec().as_ref(), Ok(&bytes), "not canonical");
    schemac_tests::reads_in_any_order(&again, &bytes, data.len() as u64);

    let mut merged = again;
    merged.merge(data).expect("input that decoded merges");
    let twice = M::decode(&[data, data].concat()).expect("input twice decodes");
    assert_eq!(merged.try_encode_to_vec(), twice.try_encode_to_vec());
}
