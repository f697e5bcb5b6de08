//! Reads the input as a `FileDescriptorSet` into the runtime's
//! `DescriptorPool` (feature `reflect`), and, when the pool takes it, the
//! same bytes as a dynamic message of each of its types. Whatever the
//! bytes, the pool is an error or a pool, and each decode an error or a
//! message whose encoding decodes again to the same encoding, never a
//! panic. The runtime's unit test `mutated_descriptor_sets_build_pools_or_errors`
//! is its smoke test.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac_runtime::reflect::{DescriptorPool, DynamicMessage};

fuzz_target!(|data: &[u8]| {
    let Ok(pool) = DescriptorPool::decode(data) else {
        return;
    };
    for message in pool.messages() {
        let Ok(decoded) = DynamicMessage::decode(message, data) else {
            continue;
        };
        let bytes = decoded.encode_to_vec();
        let again = DynamicMessage::decode(message, &bytes)
            .unwrap_or_else(|error| panic!("{}: its own encoding: {error}", message.full_name()));
        assert_eq!(again.encode_to_vec(), bytes, "{}", message.full_name());
    }
});
