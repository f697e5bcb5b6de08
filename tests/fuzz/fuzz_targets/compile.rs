//! The compiler front end on arbitrary text, as a `.schema` file and as a
//! `.proto` file: syntax, resolve and check, and
//! rendering their diagnostics. What check accepts goes through codegen,
//! with the default `Config` and with JSON and views on (as `make generate`
//! runs it), and the generated Rust must parse and hold nothing that rustc
//! refuses in a comment; its `.proto` export must compile with protox.
//! `schemac breaking`'s checker compares what check accepts with the
//! schemas of `schemas/`, and the two halves of a text split at its first
//! NUL with each other, both ways: findings or none, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use schemac::Config;
use schemac::evolution::Level;

/// The characters that change the direction of text.
const TEXT_DIRECTION: &[char] = &[
    '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}',
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The same text in both languages: the extension picks the parser.
    compile("fuzz.schema", text);
    compile("fuzz.proto", text);
    // Text with a NUL is two versions of a schema, for `schemac breaking`.
    if let Some((old, new)) = text.split_once('\0')
        && let (Ok(old), Ok(new)) = (
            schemac::analyze_text("old.schema", old),
            schemac::analyze_text("new.schema", new),
        )
    {
        breaking_both_ways(&old, &new);
    }
});

/// `schemac breaking`'s checker on two versions, both ways: findings or
/// none, in text and with the places the JSON report gives, at every level,
/// and none from a schema to itself.
fn breaking_both_ways(old: &schemac::Analysis, new: &schemac::Analysis) {
    for (from, to) in [(old, new), (new, old)] {
        let breaking = to.breaking_since(from, "old:");
        for level in [Level::Wire, Level::Json, Level::Rust] {
            let count = breaking.at(level).count();
            assert_eq!(breaking.render(level, false).is_empty(), count == 0);
            for finding in breaking.at(level) {
                for span in [finding.old, finding.new].into_iter().flatten() {
                    let place = breaking.place(span);
                    assert!(place.line >= 1 && place.line <= place.end_line);
                }
            }
        }
    }
    assert!(new.breaking_since(new, "").findings.is_empty());
}

fn compile(name: &str, text: &str) {
    let analysis = match schemac::analyze_text(name, text) {
        Ok(analysis) => analysis,
        Err(error) => {
            assert!(!error.render(false).is_empty());
            return;
        }
    };
    // Against the schemas of `schemas/`, whose types a mutation of one of
    // them shares.
    breaking_both_ways(schemac_fuzz::analysis(), &analysis);
    let mut full = Config::new();
    full.json(true).views(true);
    let mut configs = vec![Config::new()];
    // Views add checks of their own (a view's name may clash).
    if analysis.check_config(&full).is_ok() {
        configs.push(full);
    }
    for config in &configs {
        for file in analysis.generate(config) {
            if let Err(error) = syn::parse_file(&file.contents) {
                panic!(
                    "{}: generated Rust does not parse ({config:?}): {error}\n{}",
                    file.name, file.contents
                );
            }
            // rustc refuses these in comments, though syn does not.
            assert!(
                !file.contents.contains(TEXT_DIRECTION),
                "{}: a text-direction character in generated Rust",
                file.name
            );
        }
    }
    for &root in &analysis.roots {
        let files = analysis.export_proto_files(root);
        if let Err(error) = schemac_fuzz::protox_compiles(&files) {
            panic!(
                "protox refuses the export of an accepted schema: {error}\n{}",
                files[0].contents
            );
        }
    }
}
