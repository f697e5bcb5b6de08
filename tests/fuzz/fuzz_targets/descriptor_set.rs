//! Reads the input as a binary `FileDescriptorSet` and as a protoc plugin
//! request, through the descriptor front end (`compiler/src/descriptor_input/`):
//! decoding, printing each file as `.proto` text, and analyzing the texts.
//! Whatever the bytes, each is an error or a checked model, never a panic;
//! what checks also generates Rust. `compiler`'s unit test
//! `mutated_descriptor_sets_never_panic` is its smoke test.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = schemac::print_descriptor_set(data);
    if let Ok(analysis) = schemac::analyze_descriptor_set(data, &[] as &[&str]) {
        let _ = analysis.generate(&schemac::Config::new());
    }
    if let Ok(request) = schemac::plugin::Request::decode(data) {
        let _ = request.analyze();
    }
});
