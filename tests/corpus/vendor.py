#!/usr/bin/env python3
"""Re-creates the corpus under tests/corpus/ from git clones of its sources.

    python3 tests/corpus/vendor.py SRC_DIR

SRC_DIR holds one clone per source, named <owner>+<repo> (for instance
SRC_DIR/googleapis+googleapis).  Each file is read at the commit named in
SOURCES below, not from the clone's work tree.  The script takes every file
an entry point below matches, unless that file or one it imports (directly or
not) uses an edition after 2024 or is missing from the sources, and every file they
import; applies PATCHES; and writes the files, each source's LICENSE, and
files.txt.new: files.txt's first two columns, to compare with files.txt (its
protoc columns come from protoc-descriptors.py --update).

The files of google/protobuf/ that schemac and protoc ship (SHIPPED: the
well-known types, descriptor.proto, the languages' features) are not
vendored.  A path two sources have is taken from the first.
"""
import os
import re
import subprocess
import sys

# (corpus dir, clone, commit, [(subdirectory of the repository that is an
# import root, [entry-point globs relative to it])], licence file)
SOURCES = [
    ("googleapis", "googleapis+googleapis", "f8291d2b89f0017ab078a4c7378069bae5686f6f", [
        ("", [
            "google/api/*.proto",
            "google/api/expr/v1alpha1/*.proto",
            "google/rpc/*.proto",
            "google/rpc/context/*.proto",
            "google/type/*.proto",
            "google/longrunning/*.proto",
            "google/iam/v1/*.proto",
            "google/pubsub/v1/*.proto",
            "google/cloud/tasks/v2/*.proto",
            "google/firestore/v1/*.proto",
        ]),
    ], "LICENSE"),
    ("envoy", "envoyproxy+data-plane-api", "84e84367f2560cdb47b9bb78fd3e615feb80c3e4", [
        ("", [
            "envoy/config/*/v3/*.proto",
            "envoy/service/*/v3/*.proto",
            "envoy/extensions/filters/network/http_connection_manager/v3/*.proto",
            "envoy/extensions/filters/http/router/v3/*.proto",
            "envoy/extensions/transport_sockets/tls/v3/*.proto",
        ]),
    ], "LICENSE"),
    ("xds", "cncf+xds", "5cf4b19495289a9e992ce5e2c3ffb08f2cf387be", [
        ("", ["udpa/**.proto", "xds/**.proto"]),
    ], "LICENSE"),
    ("protoc-gen-validate", "bufbuild+protoc-gen-validate", "92b9a7df69ca9f71bfc492f7a90adf4d36eab569", [
        ("", ["validate/validate.proto"]),
    ], "LICENSE"),
    ("protovalidate", "bufbuild+protovalidate", "ec950f2039c7cf07895f1f83ab565d7fc57628be", [
        ("proto/protovalidate/", ["buf/validate/validate.proto"]),
        ("proto/protovalidate-testing/", [
            "buf/validate/conformance/**.proto",
            "tests/example/v1/*.proto",
        ]),
    ], "LICENSE"),
    # Tag v28.2: the last release whose unittest.proto is proto2 rather than
    # edition 2023.
    ("protobuf", "protocolbuffers+protobuf", "9fff46d7327c699ef970769d5c9fd0e44df08fc7", [
        ("src/", [
            "google/protobuf/unittest*.proto",
            "google/protobuf/map_*unittest.proto",
            "google/protobuf/map_unittest.proto",
            "google/protobuf/test_messages_proto*.proto",
        ]),
    ], "LICENSE"),
    # Tag v35.1, protoc 35's own: its edition 2024 test files whose paths
    # v28.2 does not have, and whose imports are theirs or shipped (the
    # tag's other 2024 files need its later versions of v28.2's files).
    ("protobuf-2024", "protocolbuffers+protobuf", "35cd01f9fe9afbeea38cc7b979a3b6bfcde82c03", [
        ("src/", [
            "google/protobuf/cpp_options.proto",
            "google/protobuf/internal_options.proto",
            "google/protobuf/json_options.proto",
            "google/protobuf/late_loaded_option_user.proto",
            "google/protobuf/only_one_enum_test.proto",
            "google/protobuf/test_protos/abseil_flag_test.proto",
            "google/protobuf/test_protos/forced_micro_string.proto",
            "google/protobuf/test_protos/repeated_field_proxy_import_message.proto",
            "google/protobuf/test_protos/repeated_ptr_field_test.proto",
            "google/protobuf/unittest_custom_features.proto",
            "google/protobuf/unittest_custom_options_unlinked.proto",
            "google/protobuf/unittest_lite_edition_2024.proto",
            "google/protobuf/unittest_redaction.proto",
            "google/protobuf/unittest_utf8_string_extensions.proto",
        ]),
        # The editions/ directory, whose files import each other by their
        # paths in the repository (`editions/codegen_tests/...`): the
        # inputs and golden outputs of protoc's proto2/proto3 to editions
        # transforms and the codegen tests, every syntax and edition 2023
        # and 2024 side by side, at protoc 35's own tag.  Those importing
        # files not in the repository (Google's `net/proto/proto1_features`,
        # a `third_party/golang` path to go_features) are left out.
        ("", ["editions/**.proto"]),
        # No entry point: java_mutable_features.proto, which three golden
        # files of editions/ import and protoc does not ship.
        ("java/core/src/main/resources/", []),
    ], "LICENSE"),
]

# Changes to upstream files, each (path, old text, new text).
PATCHES = [
    # Upstream's own change in protobuf commit d2a42e74b9 (2026-01-15): protoc
    # 34 and later refuse "Extensions cannot be marked as unverified_lazy",
    # and every proto2 release of unittest.proto marks extension 28 so.
    ("google/protobuf/unittest.proto",
     "  optional TestAllTypes.NestedMessage\n"
     "    optional_unverified_lazy_message_extension = 28 [unverified_lazy=true];\n",
     "  // \"unverified_lazy\" is copied from the counterpart field in TestAllTypes.\n"
     "  // An extension can't be labeled as \"unverified_lazy\".\n"
     "  // (schemac's corpus: this comment and the option's removal are protobuf\n"
     "  // commit d2a42e74b9's; see tests/corpus/README.md.)\n"
     "  optional TestAllTypes.NestedMessage\n"
     "    optional_unverified_lazy_message_extension = 28;\n"),
]

IMPORT = re.compile(r'^\s*import\s+(?:public\s+|weak\s+|option\s+)?"([^"]+)"\s*;', re.M)
# An edition other than 2023 and 2024, the ones schemac reads.
EDITION = re.compile(r'^\s*edition\s*=\s*"(?!202[34]")', re.M)

# The files of google/protobuf/ that schemac and protoc ship.
SHIPPED = {f"google/protobuf/{name}.proto" for name in (
    "any", "api", "cpp_features", "descriptor", "duration", "empty", "field_mask",
    "go_features", "java_features", "source_context", "struct", "timestamp", "type",
    "wrappers")}


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def glob_match(path, pattern):
    """`*` matches within one path component, `**` across several."""
    regex = "".join(".*" if part == "**" else "[^/]*" if part == "*" else re.escape(part)
                    for part in re.split(r"(\*\*|\*)", pattern))
    return re.fullmatch(regex, path) is not None


def is_wkt(path):
    return path in SHIPPED


def main(src):
    # virtual path -> (corpus dir, clone, commit, path in repository)
    available = {}
    for corpus, clone, commit, roots, _ in SOURCES:
        repo = os.path.join(src, clone)
        names = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "--name-only", commit],
                               check=True, capture_output=True, text=True).stdout.split("\n")
        for root, _ in roots:
            for name in names:
                if name.startswith(root) and name.endswith(".proto"):
                    available.setdefault(name[len(root):], (corpus, repo, commit, name))

    cache = {}

    def read(path):
        if path not in cache:
            _, repo, commit, name = available[path]
            cache[path] = subprocess.run(["git", "-C", repo, "show", f"{commit}:{name}"],
                                         check=True, capture_output=True).stdout.decode()
        return cache[path]

    def closure(path):
        """The corpus files `path` needs, or None if one is missing or uses editions."""
        seen, stack = set(), [path]
        while stack:
            p = stack.pop()
            if p in seen or is_wkt(p):
                continue
            if p not in available:
                print(f"skipped {path}: imports {p}, not in the corpus", file=sys.stderr)
                return None
            text = strip_comments(read(p))
            if EDITION.search(text):
                print(f"skipped {path}: {p} uses an edition after 2024", file=sys.stderr)
                return None
            seen.add(p)
            stack.extend(IMPORT.findall(text))
        return seen

    chosen = set()
    for corpus, _, _, roots, _ in SOURCES:
        for root, globs in roots:
            for path, (c, _, _, name) in sorted(available.items()):
                if c == corpus and name.startswith(root) and any(glob_match(path, g) for g in globs):
                    files = closure(path)
                    if files is not None:
                        chosen |= files

    here = os.path.dirname(os.path.abspath(__file__))
    for corpus, clone, commit, _, licence in SOURCES:
        os.makedirs(os.path.join(here, corpus), exist_ok=True)
        with open(os.path.join(here, corpus, "LICENSE"), "wb") as f:
            f.write(subprocess.run(["git", "-C", os.path.join(src, clone), "show", f"{commit}:{licence}"],
                                   check=True, capture_output=True).stdout)
    rows = []
    for path in sorted(chosen, key=lambda p: ([s[0] for s in SOURCES].index(available[p][0]), p)):
        corpus = available[path][0]
        out = os.path.join(here, corpus, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        text = read(path)
        for patched, old, new in PATCHES:
            if patched == path:
                assert text.count(old) == 1, (path, old)
                text = text.replace(old, new)
        with open(out, "w") as f:
            f.write(text)
        rows.append(f"{corpus} {path}")
    with open(os.path.join(here, "files.txt.new"), "w") as f:
        f.write("\n".join(rows) + "\n")
    counts = {}
    for r in rows:
        counts[r.split()[0]] = counts.get(r.split()[0], 0) + 1
    print(counts, sum(counts.values()), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
