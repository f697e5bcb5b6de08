# Tasks of the schemac workspace. `make help` lists them.
CARGO ?= cargo

.PHONY: help run generate test lint interop corpus descriptors differential differential-corpus grpc-interop conformance doc msrv no-std package review bench bench-build bench-quick ci fuzz fuzz-build fuzz-seeds

# The oldest Rust the two published crates and generated code build with:
# the workspace's rust-version.
MSRV ?= $(shell sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)

help: ## List the tasks.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

run: ## Compile the flagship schema and print the Rust code.
	$(CARGO) run -q -p schemac -- compile schemas/order.schema

generate: ## Regenerate the checked-in generated/ crate from schemas/, and the runtime's descriptor.proto types.
	$(CARGO) run -q -p schemac -- compile --json --views --decode-in-place . -I schemas -o generated/src schemas/*.schema
	SCHEMAC_BLESS=1 $(CARGO) test -q -p schemac-tests --test suite the_runtimes_descriptor_types_match_the_compiler

test: ## Run every test (snapshots are checked, never written).
	INSTA_UPDATE=no $(CARGO) test --workspace

lint: ## Formatting and clippy with warnings denied, also on the library without its command line and on the runtime without std.
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p schemac --no-default-features -- -D warnings
	$(CARGO) clippy -p schemac-runtime --no-default-features --all-targets -- -D warnings

interop: ## Interop with Google's protoc, and extensions with Google's Python protobuf (needs protobuf-compiler, python3-protobuf).
	$(CARGO) test -p schemac-tests --test suite -- --ignored protoc
	$(CARGO) test -p schemac-graph -- --ignored protoc
	$(CARGO) test -p schemac --test file_names -- --ignored protoc
	$(CARGO) test -p schemac-protos --test extensions -- --ignored google

# The current protoc (libprotoc 35, with editions), from PyPI's grpcio-tools,
# and the current Python protobuf (7.x, on upb), in a venv of the checkout:
# `python3 -m venv .venv-protoc && .venv-protoc/bin/pip install grpcio-tools protobuf`.
PYTHON_CURRENT ?= .venv-protoc/bin/python
PROTOC_CURRENT ?= $(PYTHON_CURRENT) -m grpc_tools.protoc
# Both as the tests take them: the commands' paths made absolute.
CURRENT_PROTOBUF = SCHEMAC_PROTOC="$(abspath $(firstword $(PROTOC_CURRENT))) $(wordlist 2,9,$(PROTOC_CURRENT))" \
	SCHEMAC_PYTHON="$(abspath $(PYTHON_CURRENT))"

corpus: ## The real-world .proto corpus (tests/corpus) against the current protoc: the same verdicts and the same descriptors (needs PROTOC_CURRENT).
	SCHEMAC_PROTOC="$(abspath $(firstword $(PROTOC_CURRENT))) $(wordlist 2,9,$(PROTOC_CURRENT))" \
		$(CARGO) test -p schemac-corpus -- --ignored

# The shipped files whose types the runtime provides (builtin::provides_types),
# and descriptor.proto, which schemac/options.proto imports: schemac stores
# protoc's descriptors of them, and `make interop` checks those.
PROVIDED_PROTOS = schemac/types.proto schemac/options.proto google/protobuf/any.proto google/protobuf/descriptor.proto google/protobuf/duration.proto \
	google/protobuf/empty.proto google/protobuf/field_mask.proto google/protobuf/struct.proto \
	google/protobuf/timestamp.proto google/protobuf/wrappers.proto

descriptors: ## Rewrite compiler/proto/provided_descriptors.binpb with protoc after a file it describes changed.
	cd compiler/proto && protoc -I . --include_source_info \
		--descriptor_set_out=provided_descriptors.binpb $(PROVIDED_PROTOS)

# The differential test against Google's protobuf (docs/differential.md):
# SCHEMAS random schemas, MESSAGES random messages a type each way, SEED.
SCHEMAS ?= 40
MESSAGES ?= 20
SEED ?= 20261201

differential: ## Random messages through schemac and Google's protobuf, both ways (needs PROTOC_CURRENT, PYTHON_CURRENT).
	$(CURRENT_PROTOBUF) SCHEMAC_DIFFERENTIAL_SCHEMAS=$(SCHEMAS) SCHEMAC_DIFFERENTIAL_MESSAGES=$(MESSAGES) \
		SCHEMAC_DIFFERENTIAL_SEED=$(SEED) \
		$(CARGO) test -p schemac-tests --test suite -- --ignored --nocapture differential_

differential-corpus: ## The differential test on every message type of the real-world corpus, tests/corpus (needs PROTOC_CURRENT, PYTHON_CURRENT; TYPES=a.B,c.D narrows it).
	$(CURRENT_PROTOBUF) SCHEMAC_DIFFERENTIAL_CORPUS_MESSAGES=$(MESSAGES) \
		SCHEMAC_DIFFERENTIAL_SEED=$(SEED) SCHEMAC_DIFFERENTIAL_TYPES=$(TYPES) \
		$(CARGO) test -p schemac-tests --test suite -- --ignored --nocapture corpus_through_google

grpc-interop: ## The example gRPC service against Python's grpcio, both ways (needs python3-grpcio, python3-grpc-tools).
	$(CARGO) test -p schemac-grpc-example -- --ignored python

# Google's conformance suite (docs/conformance.md): protobuf v33.2's runner,
# fetched by tests/conformance/get-runner.sh, against the testee built in
# release mode, with the editions tests.
CONFORMANCE_DIR = target/conformance-v33.2

conformance: ## Google's protobuf conformance suite v33.2, binary + JSON and text format, with editions (needs npm, apt-get and dpkg-deb to fetch the runner).
	@runner=$$(tests/conformance/get-runner.sh $(CONFORMANCE_DIR) | tail -n 1) && \
		$(CARGO) build -q --release -p schemac-conformance && \
		status=0 && $$runner --enforce_recommended --maximum_edition 2023 --output_dir $(CONFORMANCE_DIR) \
			target/release/schemac-conformance > $(CONFORMANCE_DIR)/output.txt 2>&1 || status=$$?; \
		grep -E '^(ERROR|CONFORMANCE SUITE)' $(CONFORMANCE_DIR)/output.txt; \
		[ $$status = 0 ] || echo "full output: $(CONFORMANCE_DIR)/output.txt"; exit $$status

bench: ## Full benchmarks; writes target/bench-report.{md,json,svg}.
	$(CARGO) run -q --profile bench -p schemac-bench --bin check-speed
	$(CARGO) run -q --profile bench -p schemac-bench --bin compile-speed
	$(CARGO) bench -p schemac-bench --bench formats

bench-build: ## Build time at scale: schemac against protox + prost-build on Kubernetes' 67 files and 483 of googleapis; writes target/bench-build.{md,json}.
	[ -f .tools/googleapis/node_modules/google-proto-files/google/api/annotations.proto ] || npm install --prefix .tools/googleapis --no-save --no-audit --no-fund google-proto-files@6.0.1
	$(CARGO) run -q --profile bench -p schemac-bench --bin build-speed

bench-quick: ## Quick benchmarks (under 3 minutes), same report.
	SCHEMAC_BENCH=quick $(CARGO) run -q --profile bench -p schemac-bench --bin check-speed
	SCHEMAC_BENCH=quick $(CARGO) run -q --profile bench -p schemac-bench --bin compile-speed
	SCHEMAC_BENCH=quick $(CARGO) bench -p schemac-bench --bench formats

doc: ## Both crates' docs with warnings denied, without their features and with all of them (as docs.rs builds them).
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps -p schemac-runtime -p schemac --no-default-features
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps -p schemac-runtime -p schemac --all-features

msrv: ## Check the runtime, the compiler and generated code on the MSRV (installs it with rustup).
	rustup toolchain install $(MSRV) --profile minimal
	$(CARGO) +$(MSRV) check --locked -p schemac-runtime
	$(CARGO) +$(MSRV) check --locked -p schemac -p schemac-generated

# The target without std that tests/no_std builds for (docs/io.md).
NO_STD_TARGET ?= thumbv7em-none-eabihf

no-std: ## Build the runtime and generated code in a no_std crate for a target without std (installs it with rustup).
	rustup target add $(NO_STD_TARGET)
	$(CARGO) build --locked -p schemac-no-std --target $(NO_STD_TARGET)

# Cargo unpacks the packaged runtime into $CARGO_HOME/registry/src/-HASH/, a
# directory named after the local registry's path, and never unpacks it
# again: a copy left by an earlier run of the same checkout would be
# verified against instead of this one. So those copies go first.
CARGO_HOME ?= $(HOME)/.cargo

package: ## Package both crates and build them from their packages, the compiler against the packaged runtime.
	rm -rf $(CARGO_HOME)/registry/src/-*/schemac-* $(CARGO_HOME)/registry/cache/-*/schemac-*
	$(CARGO) publish --dry-run --workspace --locked

review: ## Review changed snapshots.
	cargo insta review

ci: lint test interop corpus differential grpc-interop conformance fuzz-build doc msrv no-std package ## What .ci/run runs.

# Fuzzing with cargo-fuzz on the stable toolchain (docs/fuzzing.md).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= decode_order decode_generated decode_graph decode_dynamic encode_json compile frames descriptor_set reflect_pool text_format
FUZZ = RUSTC_BOOTSTRAP=1 $(CARGO) fuzz

fuzz-build: ## Build the fuzz targets.
	$(FUZZ) build --fuzz-dir tests/fuzz

fuzz: fuzz-build ## Run every fuzz target for FUZZ_SECONDS (default 60) each, one after another.
	@set -e; for target in $(FUZZ_TARGETS); do \
		mkdir -p tests/fuzz/corpus/$$target; \
		dict=; if [ -f tests/fuzz/$$target.dict ]; then dict=-dict=tests/fuzz/$$target.dict; fi; \
		echo "== $$target for $(FUZZ_SECONDS) s"; \
		$(FUZZ) run --fuzz-dir tests/fuzz $$target tests/fuzz/corpus/$$target tests/fuzz/seeds/$$target \
			-- -max_total_time=$(FUZZ_SECONDS) -timeout=10 $$dict; \
	done

fuzz-seeds: ## Rewrite the fuzz targets' seed corpus, tests/fuzz/seeds, from the fixtures.
	$(CARGO) test -p schemac-tests --test suite -- --ignored write_fuzz_seeds
	$(CARGO) test -p schemac-graph -- --ignored write_fuzz_seeds
