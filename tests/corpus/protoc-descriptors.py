#!/usr/bin/env python3
"""Writes protoc's descriptor of every file in tests/corpus/files.txt.

    tests/corpus/protoc-descriptors.py [--protoc CMD] [--column N] [--update] OUT_DIR

For each manifest row `<source> <path> <expectations...>` this runs

    CMD -I googleapis -I envoy -I xds -I protoc-gen-validate -I protovalidate \
        -I protobuf -I protobuf-2024 --descriptor_set_out=OUT_DIR/<source>/<path>.pb <source>/<path>

in tests/corpus/: no --include_imports, no --include_source_info, so the
set holds that one file's FileDescriptorProto, which a test can compare byte
for byte with schemac's.  When protoc refuses the file, its diagnostics go to
OUT_DIR/<source>/<path>.err instead.

CMD (default: `protoc`; several words are split on spaces) must find the
well-known types itself: Debian's protoc does, and so does
`python3 -m grpc_tools.protoc`, which adds its package's `_proto` directory.

Each outcome is compared with the manifest's expectation column N (default 3:
the current protoc; 4 is libprotoc 3.21): the script exits with 1 if one
differs, or with --update rewrites that column instead.
"""
import argparse
import concurrent.futures
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Every file is compiled with all of them as import roots: no two of them hold
# the same path, so the order does not matter for resolution.
ROOTS = ["googleapis", "envoy", "xds", "protoc-gen-validate", "protovalidate", "protobuf",
         "protobuf-2024"]


def read_manifest(path):
    lines = open(path).read().splitlines()
    rows = [(i, line.split()) for i, line in enumerate(lines)
            if line.strip() and not line.startswith("#")]
    return lines, rows


def run(protoc, out_dir, source, path):
    base = os.path.join(out_dir, source, path)
    os.makedirs(os.path.dirname(base), exist_ok=True)
    for stale in (base + ".pb", base + ".err"):
        if os.path.exists(stale):
            os.remove(stale)
    args = protoc + [arg for root in ROOTS for arg in ("-I", root)]
    args += ["--descriptor_set_out=" + base + ".pb", os.path.join(source, path)]
    done = subprocess.run(args, cwd=HERE, capture_output=True, text=True)
    if done.returncode != 0:
        if os.path.exists(base + ".pb"):
            os.remove(base + ".pb")
        with open(base + ".err", "w") as f:
            f.write(done.stdout + done.stderr)
        return "error"
    return "ok"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--protoc", default=os.environ.get("PROTOC", "protoc"))
    parser.add_argument("--manifest", default=os.path.join(HERE, "files.txt"))
    parser.add_argument("--column", type=int, default=3,
                        help="the expectation column to check (1-based; default 3)")
    parser.add_argument("--update", action="store_true",
                        help="rewrite the expectation column instead of checking it")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    opts = parser.parse_args()
    protoc = shlex.split(opts.protoc)
    out_dir = os.path.abspath(opts.out_dir)

    version = subprocess.run(protoc + ["--version"], capture_output=True, text=True).stdout.strip()
    print(f"{opts.protoc}: {version}", file=sys.stderr)

    lines, rows = read_manifest(opts.manifest)
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        outcomes = list(pool.map(lambda row: run(protoc, out_dir, row[1][0], row[1][1]), rows))

    col = opts.column - 1
    mismatches = 0
    for (i, fields), outcome in zip(rows, outcomes):
        expected = fields[col] if len(fields) > col else None
        if opts.update:
            fields = fields + ["-"] * (col + 1 - len(fields))
            fields[col] = outcome
            lines[i] = " ".join(fields)
        elif outcome != expected:
            mismatches += 1
            print(f"{fields[0]}/{fields[1]}: protoc says {outcome}, the manifest {expected}",
                  file=sys.stderr)
    if opts.update:
        with open(opts.manifest, "w") as f:
            f.write("\n".join(lines) + "\n")
    accepted = outcomes.count("ok")
    print(f"{accepted} of {len(rows)} files accepted; descriptors in {out_dir}", file=sys.stderr)
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
