# syntax=docker/dockerfile:1
#
# Boomerang's container image.
#
#   docker build -t boomerang .
#   docker run --rm -p 8080:8080 boomerang
#   docker buildx build --platform linux/amd64,linux/arm64 -t <registry>/boomerang:<tag> --push .
#
# There is no Docker engine on the development machines: `make container-check`
# (scripts/container/runtime-check.sh) reads this file, builds the programs the same way, installs
# the runtime stage's packages into a Debian root filesystem made with debootstrap, copies what the
# COPY lines copy, and runs the server and the HEALTHCHECK inside it as the image's user. It knows
# FROM, ARG, ENV, RUN (runtime stage: before any COPY), COPY, WORKDIR, USER, EXPOSE, STOPSIGNAL,
# HEALTHCHECK, ENTRYPOINT, CMD and LABEL; anything else makes it fail until it is taught.

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
# The Swift image already has the curl and libxml2 headers; static Foundation links against them.
ARG BUILD_PACKAGES="libevent-dev libcurl4-openssl-dev libxml2-dev zlib1g-dev libbrotli-dev libzstd-dev libssl-dev pkg-config binutils"
# Not pinned to versions, here and below: each build takes bookworm's security updates.
# hadolint ignore=DL3008
RUN apt-get update -q \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ${BUILD_PACKAGES} \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# One cache per platform folder inside .build; `locked` keeps a multi-platform build from sharing it at once.
RUN --mount=type=cache,target=/src/.build,sharing=locked \
    scripts/container/build-release.sh /staging

FROM ${RUNTIME_IMAGE}
# What `readelf -d` lists as NEEDED in the two programs, by Debian package, and what they load:
# boomerang needs libevent_core, libevent_pthreads, libxml2 (FoundationXML), the content codings'
# zlib, brotli and zstd, and loads libssl and libcrypto (libssl3) at its first HTTPS connection;
# boomerang-client needs libcurl (FoundationNetworking) and libxml2, and loads libssl3 for `boomerang
# ca`'s PKCS#12 files; both need libstdc++. ca-certificates lets `boomerang send`/`healthcheck` reach
# https URLs.
ARG RUNTIME_PACKAGES="libevent-core-2.1-7 libevent-pthreads-2.1-7 libxml2 zlib1g libbrotli1 libzstd1 libssl3 libcurl4 libstdc++6 ca-certificates"
# hadolint ignore=DL3008
RUN apt-get update -q \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ${RUNTIME_PACKAGES} \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --gid 10001 boomerang \
    && useradd --uid 10001 --gid 10001 --home-dir /app --no-create-home \
        --shell /usr/sbin/nologin boomerang

# boomerang and boomerang-client stay side by side: `boomerang healthcheck` runs the client beside it.
COPY --from=build /staging/ /
WORKDIR /app
# Owned by root and not writable by the server's user: mount your own config/ over /app/config.
COPY config/ /app/config/
COPY public/ /app/public/

USER 10001:10001
# Listen on every interface of the container; config/server.yaml says 127.0.0.1, and the
# environment wins over the file. PORT is not set here, so a mounted config's port still applies.
ENV HOST=0.0.0.0
# The local certificate authority's folder: the root filesystem may be read-only (deploy/kubernetes.yaml
# mounts an emptyDir on /tmp), so the CA is made anew with each container unless a volume is mounted here.
# A CI job fetches the root from the running container: GET /__admin/tls/root.pem.
ENV TLS_STATE_DIRECTORY=/tmp/boomerang/ca
# HTTP, HTTPS, and the TLS scenarios' own ports (GET /__admin/tls lists which is which).
EXPOSE 8080 8443 8444-8478
# The server drains in-flight exchanges for shutdown_timeout (4 s), well within `docker stop`'s 10 s.
STOPSIGNAL SIGTERM
# The shell form, so that a server moved with `docker run -e PORT=…` is still the one probed.
# hadolint ignore=DL3025
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
    CMD boomerang healthcheck --timeout 4 --url "http://127.0.0.1:${PORT:-8080}/__admin/health"
ENTRYPOINT ["boomerang"]
CMD ["serve"]
