#!/usr/bin/env bash
# Builds Google's protobuf conformance test runner (protobuf 3.21.12, the
# version Debian 12 ships) from the sources vendored in upstream/ (BSD
# licence, upstream/LICENSE), against Debian's libprotobuf.
# Adapted from ../shared/conformance/build-runner.sh of the schemac team.
# Usage: build-runner.sh [OUT_DIR] (default: target/conformance under the
# current directory). Prints the runner's path last. Installs what it needs
# with apt-get (protobuf-compiler, libprotobuf-dev, libjsoncpp-dev, g++)
# when missing, which takes root or sudo. Does nothing when the runner is
# there and newer than this script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
up=$here/upstream
out=${1:-target/conformance}
mkdir -p "$out"; out=$(cd "$out" && pwd)
runner=$out/conformance_test_runner
if [ ! -x "$runner" ] || [ "$0" -nt "$runner" ]; then
  need=""
  for p in protobuf-compiler libprotobuf-dev libjsoncpp-dev g++; do
    dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
  done
  if [ -n "$need" ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
  fi
  gen=$out/gen; rm -rf "$gen"; mkdir -p "$gen/google/protobuf"
  cp "$up/conformance/conformance.proto" "$gen/"
  cp "$up"/google/protobuf/test_messages_proto{2,3}.proto "$gen/google/protobuf/"
  (cd "$gen" && protoc -I. --cpp_out=. conformance.proto \
    google/protobuf/test_messages_proto3.proto google/protobuf/test_messages_proto2.proto)
  c=$up/conformance
  g++ -std=c++17 -O1 -w -I "$gen" -I "$c" -I /usr/include/jsoncpp -idirafter "$up" -o "$runner.tmp" \
    "$c/conformance_test_main.cc" "$c/conformance_test_runner.cc" "$c/conformance_test.cc" \
    "$c/binary_json_conformance_suite.cc" "$c/text_format_conformance_suite.cc" \
    "$gen/conformance.pb.cc" "$gen/google/protobuf/test_messages_proto3.pb.cc" \
    "$gen/google/protobuf/test_messages_proto2.pb.cc" \
    -lprotobuf -ljsoncpp -lpthread
  mv "$runner.tmp" "$runner"
fi
echo "$runner"
