# Boomerang: `make run` serves on 127.0.0.1:8080, `make test` runs every test.
# Both install what is missing on a fresh Debian machine first.

SWIFT ?= swift
DEBIAN_PACKAGES := libevent-dev pkg-config curl python3 python3-venv libcurl4 libxml2 binutils zlib1g-dev libbrotli-dev libzstd-dev brotli zstd \
  chromium chromium-driver
BROWSER_VENV := .build/browser-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release test run bench bench-compare bench-record clean container-check k8s-validate browser-deps

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

release: deps
	$(SWIFT) build -c release --product boomerang
	$(SWIFT) build -c release --product boomerang-client

test: deps k8s-validate browser-deps
	$(SWIFT) test

# Selenium (PyPI) in .build/ for the page's test in headless Chromium (Debian's chromium and driver).
browser-deps: deps
	@$(BROWSER_VENV)/bin/python -c 'import selenium' 2> /dev/null || { \
	  python3 -m venv $(BROWSER_VENV) && \
	  $(BROWSER_VENV)/bin/pip install -q --disable-pip-version-check --retries 5 --timeout 60 'selenium==4.51.0'; }

# deploy/kubernetes.yaml against the Kubernetes schemas (kubernetes-validate from PyPI, in .build/).
k8s-validate: deps
	scripts/container/validate-k8s.sh

# The Dockerfile's runtime stage rebuilt with debootstrap and run in a chroot, without Docker.
container-check: deps
	scripts/container/runtime-check.sh

# Serves on 127.0.0.1:8080 with the shipped settings (config/server.yaml); Ctrl-C stops it.
run: release
	.build/release/boomerang serve --config config/server.yaml

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
