//! File names as protoc makes them, whatever the spelling of the include
//! directories and of the files (absolute, relative, `./`, a trailing
//! slash, `..`, a root given by its path below an include directory), in
//! the CLI and the `Builder`: the check passes, and the exported
//! descriptors are named as protoc names the files.
//!
//! The fixtures are in `tests/file_names/` (its README). The protoc test
//! is ignored unless asked for (`make interop`), since protoc is a system
//! package.

use std::path::{Path, PathBuf};
use std::process::Command;

use prost::Message as _;
use prost_types::FileDescriptorSet;

mod common;

use common::{schemac_in, stderr};

/// One way of naming the fixtures' two files, `a/a.proto` and the
/// `a/b/b.proto` it imports, from a working directory.
struct Spelling {
    what: &'static str,
    /// The working directory.
    dir: PathBuf,
    /// The `-I` directories.
    includes: Vec<String>,
    /// The files to compile.
    files: Vec<String>,
    /// Whether protoc takes this spelling. It matches paths by prefix, as
    /// spelled: it takes neither `..` nor a file spelled relative against
    /// an include directory spelled absolute, or the other way round,
    /// unless the file's relative path is also its path below the include
    /// directory.
    protoc_takes_it: bool,
}

/// The fixtures' directory, absolute.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/file_names")
}

fn spelling(
    what: &'static str,
    dir: PathBuf,
    includes: &[&str],
    files: &[&str],
    protoc_takes_it: bool,
) -> Spelling {
    let owned = |paths: &[&str]| paths.iter().map(|path| (*path).to_owned()).collect();
    Spelling {
        what,
        dir,
        includes: owned(includes),
        files: owned(files),
        protoc_takes_it,
    }
}

/// Spellings from the fixtures' directory and from below it.
fn cli_spellings() -> Vec<Spelling> {
    let fixtures = fixtures();
    let root = fixtures.join("root");
    let abs_root = root.to_string_lossy().into_owned();
    let abs_root_slash = format!("{abs_root}/");
    let abs_a = format!("{abs_root}/a/a.proto");
    let abs_b = format!("{abs_root}/a/b/b.proto");
    let [a, b] = ["root/a/a.proto", "root/a/b/b.proto"];
    vec![
        spelling(
            "an absolute include directory, the files relative to it, in it",
            root.clone(),
            &[&abs_root],
            &["a/a.proto", "a/b/b.proto"],
            true,
        ),
        spelling(
            "an absolute include directory with a trailing slash",
            root.clone(),
            &[&abs_root_slash],
            &["a/a.proto", "a/b/b.proto"],
            true,
        ),
        spelling(
            "an absolute include directory, the files relative to its parent",
            fixtures.clone(),
            &[&abs_root],
            &[a, b],
            false,
        ),
        spelling(
            "a relative include directory",
            fixtures.clone(),
            &["root"],
            &[a, b],
            true,
        ),
        spelling(
            "a relative include directory, the files absolute",
            fixtures.clone(),
            &["root"],
            &[&abs_a, &abs_b],
            false,
        ),
        spelling(
            "`./` before the include directory and the files",
            fixtures.clone(),
            &["./root"],
            &["./root/a/a.proto", "./root/a/b/b.proto"],
            true,
        ),
        spelling(
            "a relative include directory with a trailing slash",
            fixtures.clone(),
            &["root/"],
            &[a, b],
            true,
        ),
        spelling(
            "`..` inside the include directory and a file",
            fixtures.clone(),
            &["other/../root"],
            &["root/a/b/../a.proto", b],
            false,
        ),
        spelling(
            "`..` as the include directory, from below it",
            root.join("a"),
            &[".."],
            &["../a/a.proto", "b/b.proto"],
            false,
        ),
        spelling(
            "the roots by their paths below the include directory",
            fixtures.clone(),
            &["root"],
            &["a/a.proto", "a/b/b.proto"],
            true,
        ),
        spelling(
            "a root by its path below the include directory, the one it imports on disk",
            fixtures.clone(),
            &["root"],
            &["a/a.proto", b],
            true,
        ),
        spelling(
            "a root by its path below the first include directory of two that holds it",
            fixtures.clone(),
            &["root", "other"],
            &["a/b/b.proto", "a/a.proto"],
            true,
        ),
        spelling(
            "one root three ways, and the file it imports",
            fixtures.clone(),
            &["root"],
            &[a, "./root/a/a.proto", "a/a.proto", b],
            true,
        ),
    ]
}

/// Spellings from the crate's directory, the working directory of tests
/// and so of the `Builder` in them.
fn builder_spellings() -> Vec<Spelling> {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let abs_root = fixtures().join("root").to_string_lossy().into_owned();
    let abs_b = format!("{abs_root}/a/b/b.proto");
    let root = "tests/file_names/root";
    let [a, b] = [
        "tests/file_names/root/a/a.proto",
        "tests/file_names/root/a/b/b.proto",
    ];
    vec![
        spelling(
            "an absolute include directory, the files relative",
            crate_dir.clone(),
            &[&abs_root],
            &[a, b],
            false,
        ),
        spelling(
            "a relative include directory",
            crate_dir.clone(),
            &[root],
            &[a, b],
            true,
        ),
        spelling(
            "`./` before the include directory and the files",
            crate_dir.clone(),
            &["./tests/file_names/root"],
            &[
                "./tests/file_names/root/a/a.proto",
                "./tests/file_names/root/a/b/b.proto",
            ],
            true,
        ),
        spelling(
            "a trailing slash",
            crate_dir.clone(),
            &["tests/file_names/root/"],
            &[a, b],
            true,
        ),
        spelling(
            "`..` inside the include directory and a file",
            crate_dir.clone(),
            &["tests/file_names/other/../root"],
            &["tests/file_names/root/a/b/../a.proto", b],
            false,
        ),
        spelling(
            "the root by its path below the include directory",
            crate_dir.clone(),
            &[root],
            &["a/a.proto"],
            true,
        ),
        spelling(
            "a root by its path below the include directory, the one it imports absolute",
            crate_dir,
            &[root],
            &["a/a.proto", &abs_b],
            false,
        ),
    ]
}

/// The fixtures' files as protoc names them: each name with the names of
/// its imports and of its fields, imports first.
const PROTOC_NAMES: &[(&str, &[&str], &[&str])] = &[
    ("a/b/b.proto", &[], &["from_root"]),
    ("a/a.proto", &["a/b/b.proto"], &["b"]),
];

/// Each file of `set`: its name, its imports and its messages' fields.
fn described(set: &FileDescriptorSet) -> Vec<(String, Vec<String>, Vec<String>)> {
    set.file
        .iter()
        .map(|file| {
            let fields = (file.message_type.iter())
                .flat_map(|message| message.field.iter().map(|field| field.name().to_owned()))
                .collect();
            (file.name().to_owned(), file.dependency.clone(), fields)
        })
        .collect()
}

fn expected(files: &[(&str, &[&str], &[&str])]) -> Vec<(String, Vec<String>, Vec<String>)> {
    let owned = |names: &[&str]| names.iter().map(|name| (*name).to_owned()).collect();
    files
        .iter()
        .map(|(name, imports, fields)| ((*name).to_owned(), owned(imports), owned(fields)))
        .collect()
}

/// A fresh directory under the target directory, for outputs of one test.
fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `-I DIR` for each directory, then the files.
fn arguments<'a>(includes: &'a [String], files: &'a [String]) -> Vec<&'a str> {
    let includes = includes.iter().flat_map(|dir| ["-I", dir.as_str()]);
    includes.chain(files.iter().map(String::as_str)).collect()
}

/// What `schemac export-descriptor --include-imports` describes, run in
/// `dir`, after `schemac check` passed there.
fn schemac_describes(
    dir: &Path,
    includes: &[String],
    files: &[String],
    out: &Path,
) -> Vec<(String, Vec<String>, Vec<String>)> {
    let arguments = arguments(includes, files);
    let check = schemac_in(dir, &[&["check"][..], &arguments].concat());
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    let set_path = out.join("set.binpb");
    let set_arg = set_path.to_string_lossy().into_owned();
    let export = ["export-descriptor", "--include-imports", "-o", &set_arg];
    let output = schemac_in(dir, &[&export[..], &arguments].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let set = FileDescriptorSet::decode(std::fs::read(&set_path).unwrap().as_slice()).unwrap();
    described(&set)
}

#[test]
fn the_cli_names_files_as_protoc_whatever_the_spelling() {
    let out = tempdir("file_names_cli");
    for spelling in cli_spellings().iter().chain(&builder_spellings()) {
        let described = schemac_describes(&spelling.dir, &spelling.includes, &spelling.files, &out);
        assert_eq!(described, expected(PROTOC_NAMES), "{}", spelling.what);
    }
}

#[test]
fn the_builder_names_files_as_protoc_whatever_the_spelling() {
    let out = tempdir("file_names_builder");
    let set_path = out.join("set.binpb");
    for spelling in builder_spellings() {
        let mut builder = schemac::Builder::new();
        builder
            .out_dir(&out)
            .file_descriptor_set_path(&set_path)
            .emit_rerun_if_changed(false);
        for dir in &spelling.includes {
            builder.include(dir);
        }
        let written = builder
            .compile(&spelling.files)
            .unwrap_or_else(|error| panic!("{}: {error}", spelling.what));
        assert!(written.contains(&out.join("a.b.rs")), "{written:?}");
        let set = FileDescriptorSet::decode(std::fs::read(&set_path).unwrap().as_slice()).unwrap();
        // The set holds the roots and what they import: all of it here.
        assert_eq!(described(&set), expected(PROTOC_NAMES), "{}", spelling.what);
    }
}

/// protoc takes the root's path below an include directory, as
/// `protoc -I googleapis google/pubsub/v1/pubsub.proto` does; the first
/// include directory that holds it has it, and the path names it.
#[test]
fn a_root_not_found_as_given_is_looked_up_in_each_include_directory() {
    let fixtures = fixtures();
    let out = tempdir("file_names_virtual");
    let includes = ["other".to_owned(), "root".to_owned()];
    let files = ["a/a.proto".to_owned(), "a/b/b.proto".to_owned()];
    let described = schemac_describes(&fixtures, &includes, &files, &out);
    // `other` comes first: its `a/b/b.proto` is the one, for the root and
    // for the import alike.
    let from_other = [
        ("a/b/b.proto", &[][..], &["from_other"][..]),
        ("a/a.proto", &["a/b/b.proto"], &["b"]),
    ];
    assert_eq!(described, expected(&from_other));

    // Found nowhere, the error names every place looked in.
    let output = schemac_in(
        &fixtures,
        &["check", "-I", "other", "-I", "root", "a/c.proto"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "error: cannot read a/c.proto: not found as given, nor as other/a/c.proto or \
         root/a/c.proto\n"
    );
    let error = schemac::Builder::new()
        .include(fixtures.join("root"))
        .out_dir(&out)
        .emit_rerun_if_changed(false)
        .compile(&["a/c.proto"])
        .unwrap_err();
    assert!(matches!(error, schemac::Error::Read { .. }), "{error}");
}

/// A root below an include directory that an earlier one shadows, holding
/// another file of its name that imports of the name would find, is
/// refused, as protoc refuses it.
#[test]
fn a_shadowed_root_is_refused() {
    let fixtures = fixtures();
    let output = schemac_in(
        &fixtures,
        &["check", "-I", "other", "-I", "root", "root/a/b/b.proto"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "error: root/a/b/b.proto is shadowed by other/a/b/b.proto: both are named \
         `a/b/b.proto`, and imports of `a/b/b.proto` find the latter, whose include \
         directory comes first\n\
         help: give other/a/b/b.proto instead, or put the include directory that holds \
         root/a/b/b.proto first\n"
    );
    let out = tempdir("file_names_shadowed");
    let error = schemac::Builder::new()
        .include(fixtures.join("other"))
        .include(fixtures.join("root"))
        .out_dir(&out)
        .emit_rerun_if_changed(false)
        .compile(&["tests/file_names/root/a/b/b.proto"])
        .unwrap_err();
    assert!(
        matches!(&error, schemac::Error::Shadowed { name, .. } if name == "a/b/b.proto"),
        "{error}"
    );

    // In the other order, or given as the other file, it is the one.
    for args in [
        &["check", "-I", "root", "-I", "other", "root/a/b/b.proto"][..],
        &["check", "-I", "other", "-I", "root", "other/a/b/b.proto"],
    ] {
        let output = schemac_in(&fixtures, args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

/// Where protoc refuses a root that is under no include directory, schemac
/// names it by its file name, as if its own directory were an include
/// directory, and reads the file given, even where an include directory
/// holds a file of its path (protoc would read that one instead).
#[test]
fn a_root_under_no_include_directory_is_named_by_its_file_name() {
    let out = tempdir("file_names_fallback");
    let root = fixtures().join("root");
    let includes = ["../other".to_owned()];
    let files = ["a/b/b.proto".to_owned()];
    let described = schemac_describes(&root, &includes, &files, &out);
    assert_eq!(
        described,
        expected(&[("b.proto", &[], &["from_root"])]),
        "the file given, not ../other/a/b/b.proto"
    );
    let described = schemac_describes(&root, &[], &files, &out);
    assert_eq!(described, expected(&[("b.proto", &[], &["from_root"])]));
}

/// What protoc writes for each spelling it takes is what schemac writes;
/// protoc refuses the others (it matches paths by prefix, as spelled), and
/// schemac still names them as protoc names the plain spelling.
#[test]
#[ignore = "needs protoc; run with `make interop`"]
fn protoc_names_each_spelling_it_takes_as_schemac_does() {
    let out = tempdir("file_names_protoc");
    let set_path = out.join("protoc.binpb");
    for spelling in cli_spellings().iter().chain(&builder_spellings()) {
        let output = Command::new("protoc")
            .args(arguments(&spelling.includes, &spelling.files))
            .arg("--include_imports")
            .arg(format!("--descriptor_set_out={}", set_path.display()))
            .current_dir(&spelling.dir)
            .output()
            .unwrap_or_else(|error| {
                panic!("cannot run protoc ({error}); install protobuf-compiler")
            });
        let protoc_stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.success(),
            spelling.protoc_takes_it,
            "{}: {protoc_stderr}",
            spelling.what
        );
        let schemac = schemac_describes(&spelling.dir, &spelling.includes, &spelling.files, &out);
        if spelling.protoc_takes_it {
            let bytes = std::fs::read(&set_path).unwrap();
            let protoc = described(&FileDescriptorSet::decode(bytes.as_slice()).unwrap());
            assert_eq!(schemac, protoc, "{}", spelling.what);
        }
        assert_eq!(schemac, expected(PROTOC_NAMES), "{}", spelling.what);
    }
}
