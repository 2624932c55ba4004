# Boomerang: `make run` serves on 127.0.0.1:8080, `make test` runs every test.
# Both install what is missing on a fresh Debian machine first.

SWIFT ?= swift
# libcurl4-openssl-dev and libxml2-dev: `release` links Foundation statically, against libcurl and libxml2.
# libssl-dev: the certificate authority writes PKCS#12 files with libcrypto (COpenSSL); openssl and
# libnss3-tools (certutil, vfychain): its tests check the chains with OpenSSL's and NSS's verifiers.
# libnghttp2-dev: HTTP/2's framing, HPACK and stream states (BoomerangHTTP2Wire); nghttp2-client: nghttp, a client its tests use.
# openjdk-17-jdk-headless: the JDK's HTTP client and keytool, a Java app's view of both ports (JavaClientTests).
DEBIAN_PACKAGES := libevent-dev pkg-config curl python3 python3-venv libcurl4 libcurl4-openssl-dev libxml2 libxml2-dev binutils zlib1g-dev libbrotli-dev libzstd-dev brotli zstd \
  libssl-dev openssl libnss3-tools libnghttp2-dev nghttp2-client openjdk-17-jdk-headless \
  chromium chromium-driver
DEBIAN_PACKAGES += slowhttptest iproute2
BROWSER_VENV := .build/browser-venv
WEBSOCKET_VENV := .build/websocket-venv
HTTP2_VENV := .build/http2-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release test run docs bench bench-compare bench-record clean container-check k8s-validate browser-deps websocket-deps http2-deps
.PHONY: soak-short soak rows-cpu fuzz fuzz-long sanitize sanitize-address sanitize-thread h2spec

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

# The Swift runtime and Foundation linked in statically, into a non-PIE executable that exports no
# symbols: no relocations of the Swift libraries at start; their functions that start-up runs placed
# side by side (scripts/release/startup-sections.sh), with those of the package and its dependencies,
# which are compiled with a section per function for that. Generic types are instantiated through
# accessors that hand the runtime their conformances, not from mangled names (which the runtime
# demangles and checks, each new conformance a scan of every conformance record in the program).
# needed-first.py then lists libstdc++ and libc first among the libraries, where the dynamic loader
# looks first. No $ORIGIN run path (--disable-local-rpath): nothing is loaded from beside the executable, and the
# loader would look there first for each library. Idle RSS and start-up: docs/performance.md.
# Cross-module optimisation lets the request path inline and specialise across the package's
# layers as it did within one module (GET /get: 29,543 → 27,933 instructions without log and
# history, scripts/bench/instructions.sh). scripts/container/build-release.sh builds the image's
# programs the same way.
RELEASE_FLAGS := --static-swift-stdlib --disable-local-rpath -Xlinker -no-pie -Xlinker --no-export-dynamic \
  -Xswiftc -cross-module-optimization \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xlinker --section-ordering-file=$(CURDIR)/scripts/release/startup-sections.txt

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product boomerang
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product boomerang-client
	scripts/release/needed-first.py .build/release/boomerang .build/release/boomerang-client

test: deps k8s-validate browser-deps websocket-deps http2-deps soak-short
	$(SWIFT) test

# Selenium (PyPI) in .build/ for the page's test in headless Chromium (Debian's chromium and driver).
browser-deps: deps
	@$(BROWSER_VENV)/bin/python -c 'import selenium' 2> /dev/null || { \
	  python3 -m venv $(BROWSER_VENV) && \
	  $(BROWSER_VENV)/bin/pip install -q --disable-pip-version-check --retries 5 --timeout 60 'selenium==4.51.0'; }

# websockets (PyPI) in .build/ for the WebSocket routes' tests with a real client.
websocket-deps: deps
	@$(WEBSOCKET_VENV)/bin/python -c 'import websockets' 2> /dev/null || { \
	  python3 -m venv $(WEBSOCKET_VENV) && \
	  $(WEBSOCKET_VENV)/bin/pip install -q --disable-pip-version-check --retries 5 --timeout 60 'websockets==17.4'; }

# h2 and httpx (PyPI) in .build/ for the HTTP/2 tests at the frame level.
http2-deps: deps
	@$(HTTP2_VENV)/bin/python -c 'import h2, httpx' 2> /dev/null || { \
	  python3 -m venv $(HTTP2_VENV) && \
	  $(HTTP2_VENV)/bin/pip install -q --disable-pip-version-check --retries 5 --timeout 60 'h2==4.4.1' 'httpx[http2]==0.29.0'; }

# deploy/kubernetes.yaml against the Kubernetes schemas (kubernetes-validate from PyPI, in .build/).
k8s-validate: deps
	scripts/container/validate-k8s.sh

# The Dockerfile's runtime stage rebuilt with debootstrap and run in a chroot, without Docker.
container-check: deps
	scripts/container/runtime-check.sh

# Serves on 127.0.0.1:8080 with the shipped settings (config/server.yaml); Ctrl-C stops it.
run: release
	.build/release/boomerang serve --config config/server.yaml

# The settings reference in docs/configuration.md, rewritten from the settings catalogue
# (Sources/BoomerangConfiguration); SettingsReferenceTests fails until it is run after a change there.
docs: deps
	$(SWIFT) build --product boomerang
	.build/debug/boomerang settings --update docs/configuration.md

bench: deps
	scripts/bench/server.sh

# Core micro-benchmarks against the committed figures (scripts/bench/figures.tsv): fails when one
# regresses by more than 15% (same machine only); bench-record rewrites the figures.
bench-compare: deps
	$(SWIFT) build -c release --product BoomerangBenchmarks
	scripts/bench/compare.py

bench-record: deps
	$(SWIFT) build -c release --product BoomerangBenchmarks
	scripts/bench/compare.py --record

clean:
	rm -rf .build

# Robustness (robustness spec §4.3). A 30-second mixed soak and 1,000 uploads cut off at random
# points, against the debug build on loopback; part of make test.
soak-short: deps
	$(SWIFT) build --product boomerang
	BOOMERANG=.build/debug/boomerang python3 scripts/soak/soak.py mixed --seconds 30 --history-entries 100
	BOOMERANG=.build/debug/boomerang python3 scripts/soak/soak.py cutoff --count 1000

# The full soak and fault runs against the release build (about 15 minutes; needs slowhttptest).
soak: release
	python3 scripts/soak/soak.py mixed --seconds 600
	python3 scripts/soak/soak.py cutoff --count 1000
	python3 scripts/soak/soak.py sigterm --uploads 100
	python3 scripts/soak/soak.py slow --seconds 80
	python3 scripts/soak/soak.py idle --count 10000

# Every libFuzzer target (the parsers' and the decompressors') for 10 s; fails on a crash, a hang,
# a leak or a target that runs without coverage counters. CI runs it after make test (.ci/run).
# From a clean state (no .build-fuzz) it took 4 min 7 s on the 2-core development machine with other
# builds running (2026-11-27, `time make fuzz`): 2 min 10 s of building, 10 × 10 s of fuzzing.
# fuzz-long runs each for 10 minutes.
fuzz: deps
	scripts/fuzz/run-all.sh 10

fuzz-long: deps
	scripts/fuzz/run-all.sh 600

# HTTP/2 conformance: h2spec over h2c and h2 (TLS); fails on a failure that is not on the known
# list in scripts/h2spec/check.py, each with its RFC reason. h2spec is not a Debian package: set
# H2SPEC or put it on the path (a release from github.com/summerwind/h2spec, or `go build`).
h2spec: deps
	$(SWIFT) build --product boomerang
	python3 scripts/h2spec/check.py --binary .build/debug/boomerang

# Each hostile row's server CPU (robustness spec §4.3: at most 100 ms), asserted in an optimised
# build of the hostile-row suites; the debug build only prints the figures. The slowest rows last.
rows-cpu: deps
	swift build -c release --build-tests -Xswiftc -enable-testing
	swift test -c release -Xswiftc -enable-testing --skip-build --filter 'HostileInputTests|ConnectionFramingTests|WebSocketHostileFrameTests|MultipartStrictnessTests' > .build/rows-cpu.log 2>&1; \
	status=$$?; grep '^row CPU' .build/rows-cpu.log | sort -k3 -g | tail -8; grep -E 'Suite .*(passed|failed)' .build/rows-cpu.log; exit $$status

# The test suite under AddressSanitizer and ThreadSanitizer, each in its own build folder (slow).
sanitize: sanitize-address sanitize-thread

# Leaks outside Boomerang (XCTest, libcurl, Foundation's property-list errors) are suppressed by
# name in scripts/sanitize/lsan.supp; child processes of the tests get the same options, with the
# symbolizer's path (they run without PATH), so that their reports have names to match. Reports,
# the tests' and their children's, go to files in .build-asan/reports, printed at the end with
# their one-line summaries last, and any report fails the target.
sanitize-address: deps browser-deps websocket-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	rm -rf .build-asan/reports && mkdir -p .build-asan/reports
	ASAN_OPTIONS=log_path=$(CURDIR)/.build-asan/reports/asan:external_symbolizer_path=$(shell command -v llvm-symbolizer) \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitize/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan; \
	status=$$?; reports=$$(ls .build-asan/reports); \
	if [ -n "$$reports" ]; then cat .build-asan/reports/*; echo "AddressSanitizer reports:"; grep -h '^SUMMARY' .build-asan/reports/*; status=1; fi; \
	exit $$status

# No suppressions: every lock is a pthread mutex (BoomerangRuntime's `Locked`), which ThreadSanitizer
# sees. Reports, the tests' and those of the processes they start (which inherit TSAN_OPTIONS and
# run without PATH, so they are told where the symbolizer is), go to files in .build-tsan/reports,
# printed at the end with their one-line summaries last, and any report fails the target.
sanitize-thread: deps browser-deps websocket-deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	rm -rf .build-tsan/reports && mkdir -p .build-tsan/reports
	TSAN_OPTIONS=log_path=$(CURDIR)/.build-tsan/reports/tsan:external_symbolizer_path=$(shell command -v llvm-symbolizer) \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan; \
	status=$$?; reports=$$(ls .build-tsan/reports); \
	if [ -n "$$reports" ]; then cat .build-tsan/reports/*; echo "ThreadSanitizer reports:"; grep -h '^SUMMARY' .build-tsan/reports/*; status=1; fi; \
	exit $$status
