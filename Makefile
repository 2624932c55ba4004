# Boomerang: `make run` serves on 127.0.0.1:8080, `make test` runs every test.
# Both install what is missing on a fresh Debian machine first.

SWIFT ?= swift
DEBIAN_PACKAGES := libevent-dev pkg-config curl python3 python3-venv libcurl4 libxml2 binutils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release test run bench clean

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

test: deps
	$(SWIFT) test

# Serves on 127.0.0.1:8080 with the shipped settings (config/server.yaml); Ctrl-C stops it.
run: release
	.build/release/boomerang serve --config config/server.yaml

bench: deps
	scripts/bench/server.sh

clean:
	rm -rf .build
