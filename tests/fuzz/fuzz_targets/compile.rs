//! The compiler front end on arbitrary text: syntax, resolve and check, and
//! rendering their diagnostics. What check accepts goes through codegen and
//! `.proto` export too, and the generated Rust must parse.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac::Config;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let analysis = match schemac::analyze_text("fuzz.schema", text) {
        Ok(analysis) => analysis,
        Err(error) => {
            assert!(!error.render(false).is_empty());
            return;
        }
    };
    for file in analysis.generate(&Config::new()) {
        if let Err(error) = syn::parse_file(&file.contents) {
            panic!(
                "{}: generated Rust does not parse: {error}\n{}",
                file.name, file.contents
            );
        }
    }
    for &root in &analysis.roots {
        analysis.export_proto(root);
    }
});
