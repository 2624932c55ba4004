#!/usr/bin/env bash
# Proves the Dockerfile's runtime stage is complete without a Docker engine (`make container-check`).
#
#   scripts/container/runtime-check.sh
#   ROOTFS_CACHE=/var/tmp/rootfs MIRROR=http://<debian mirror>/debian scripts/container/runtime-check.sh
#   DOCKERFILE=<another Dockerfile> scripts/container/runtime-check.sh      # its plan, this repository
#
# It reads the Dockerfile (scripts/container/dockerfile_plan.py), builds the programs with the same
# scripts/container/build-release.sh the build stage runs, makes a Debian root filesystem of the
# runtime stage's release with `debootstrap --variant=minbase`, runs the stage's RUN lines in it (the
# packages it names, its user), copies what its COPY lines copy, then, in a network namespace of its
# own and with the root filesystem read-only, starts ENTRYPOINT + CMD as PID 1 with `chroot
# --userspec` as the image's USER, and checks: no library "not found" by ldd, every copied file
# readable and not writable by that user, the HEALTHCHECK passes, real requests from outside the
# root filesystem get answers, `boomerang send` works inside it, SIGTERM with a request in flight
# lets that request finish and ends the server with status 0 promptly, and the HEALTHCHECK fails
# once it is gone.
#
# The debootstrap result and the root filesystem after the RUN lines are cached as tarballs in
# $ROOTFS_CACHE (default .build/rootfs-cache), the second keyed by the RUN lines, so a second run
# only rebuilds (if sources changed) and runs the checks. Needs root for debootstrap, chroot, mounts
# and the network namespace; the build runs as the calling user, then the script re-runs itself
# with sudo.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
cache=${ROOTFS_CACHE:-$repo/.build/rootfs-cache}
staging=$repo/.build/container-staging
started=$(date +%s.%N)
say() { printf '==> %s\n' "$*"; }
fail() { printf 'runtime-check: FAIL: %s\n' "$*" >&2; exit 1; }
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# --- The Dockerfile's plan -------------------------------------------------------------------
build_packages=""; build_staging=""; base_image=""; runs=(); copies=(); envs=(); user=""; words=()
workdir="/"; port=""; https_port=""; stop_signal="TERM"; health_shell=""; health_exec=(); entrypoint=(); cmd=()
plan_build_packages() { build_packages=$1; }
plan_build_staging() { build_staging=$1; }
plan_base_image() { base_image=$1; }
plan_run() { runs+=("$(printf '%q ' "$@")"); }
plan_copy_stage() { copies+=("$(printf '%q ' stage "$@")"); }
plan_copy() { copies+=("$(printf '%q ' context "$@")"); }
plan_workdir() { workdir=$1; }
plan_user() { user=$1; }
plan_env() { envs+=("$1"); }
# EXPOSE lists HTTP first, then HTTPS and the TLS scenarios' range.
plan_expose() { local words=($*); port=${words[0]%%/*}; https_port=${words[1]:-}; https_port=${https_port%%/*}; }
plan_stopsignal() { stop_signal=${1#SIG}; }
plan_healthcheck_shell() { health_shell=$1; }
plan_healthcheck_exec() { health_exec=("$@"); }
plan_entrypoint() { entrypoint=("$@"); }
plan_cmd() { cmd=("$@"); }
dockerfile=${DOCKERFILE:-Dockerfile}
plan=$(python3 scripts/container/dockerfile_plan.py "$dockerfile") || fail "cannot read $dockerfile (above)"
eval "$(sed 's/^/plan_/' <<< "$plan")"
[ -n "$build_staging" ] || fail "the Dockerfile's build stage does not run scripts/container/build-release.sh"
[ -n "$user" ] || fail "the Dockerfile's runtime stage sets no USER"
[ -n "$port" ] || fail "the Dockerfile's runtime stage EXPOSEs no port"
[ -n "$health_shell" ] || [ ${#health_exec[@]} -gt 0 ] || fail "the Dockerfile has no HEALTHCHECK"
case $base_image in
    debian:*) suite=${base_image#debian:}; suite=${suite%-slim} ;;
    *) fail "the runtime stage's FROM is $base_image; this check knows debian:<release>[-slim] only" ;;
esac
arch=$(dpkg --print-architecture)

# --- Host packages, then the build as the calling user ----------------------------------------
if [ "${1:-}" != --built ]; then
    need=""
    for package in debootstrap curl iproute2 python3 $build_packages; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || need="$need $package"
    done
    if [ -n "$need" ]; then
        say "installing on this machine:$need"
        sudo_if=""; [ "$(id -u)" = 0 ] || sudo_if=sudo
        $sudo_if env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
        $sudo_if env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $need
    fi
    say "building as the Dockerfile does: scripts/container/build-release.sh"
    build_started=$(date +%s.%N)
    rm -rf "$staging"
    scripts/container/build-release.sh "$staging" > "$repo/.build/container-build.log" 2>&1 \
        || { tail -30 "$repo/.build/container-build.log"; fail "the release build failed (.build/container-build.log)"; }
    say "build: $(elapsed "$build_started") s"
    if [ "$(id -u)" != 0 ]; then
        exec sudo ROOTFS_CACHE="$cache" DOCKERFILE="$dockerfile" MIRROR="${MIRROR:-}" SECURITY_MIRROR="${SECURITY_MIRROR:-}" "$0" --built
    fi
fi
[ "$(id -u)" = 0 ] || fail "the root filesystem part needs root"
[ -x "$staging/usr/local/bin/boomerang" ] || fail "nothing built in $staging"

# --- Cleanup of whatever this run mounts or starts --------------------------------------------
mkdir -p "$cache"
run_root=$cache/run
namespace=boomerang-check-$$
server=""
unmount_below() {
    local dir=$1 target
    for target in $(awk -v d="$dir" '$5 == d || index($5, d "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r); do
        umount "$target" 2>/dev/null || umount -l "$target"
    done
}
safe_remove() {
    unmount_below "$1"
    if awk -v d="$1" '$5 == d || index($5, d "/") == 1 { found = 1 } END { exit !found }' /proc/self/mountinfo; then
        fail "$1 still has mounts; not removing it"
    fi
    rm -rf "$1"
}
cleanup() {
    if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    unmount_below "$run_root"
    unmount_below "$cache/prepare"
    ip netns del "$namespace" 2>/dev/null || true
}
trap cleanup EXIT

# --- The Debian mirror this machine's apt uses ------------------------------------------------
mirror_for() { # the first URI whose suites include $1, from deb822 and one-line sources
    local wanted=$1 file
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        awk -v s="$wanted" 'BEGIN { RS = ""; FS = "\n" }
            { uri = ""; ok = 0
              for (i = 1; i <= NF; i++) {
                  if ($i ~ /^URIs:/) { split(substr($i, 6), u, " "); uri = u[1] }
                  if ($i ~ /^Suites:/) { n = split(substr($i, 8), t, " "); for (j = 1; j <= n; j++) if (t[j] == s) ok = 1 }
              }
              if (ok && uri != "") { print uri; exit } }' "$file"
    done
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        sed -e 's/\[[^]]*\]//' "$file" | awk -v s="$wanted" '$1 == "deb" && $3 == s { print $2; exit }'
    done
}
mirror=${MIRROR:-$(mirror_for "$suite" | head -1)}
security=${SECURITY_MIRROR:-$(mirror_for "$suite-security" | head -1)}
[ -n "$mirror" ] || fail "no apt source for $suite in /etc/apt/sources.list*; set MIRROR=<debian mirror URL>"
[ -n "$security" ] || security=${mirror%/debian}/debian-security

# --- The base root filesystem: debootstrap once -----------------------------------------------
base_tar=$cache/debian-$suite-minbase-$arch.tar
if [ -f "$base_tar" ]; then
    say "base root filesystem: cached ($(basename "$base_tar"))"
else
    say "base root filesystem: debootstrap --variant=minbase $suite from $mirror"
    step_started=$(date +%s.%N)
    safe_remove "$cache/prepare"
    debootstrap --variant=minbase --arch="$arch" "$suite" "$cache/prepare" "$mirror" > "$cache/debootstrap.log" 2>&1 \
        || { tail -20 "$cache/debootstrap.log"; fail "debootstrap failed ($cache/debootstrap.log)"; }
    # The apt sources of Debian's own image: the release, its updates and its security updates.
    rm -f "$cache/prepare/etc/apt/sources.list" "$cache/prepare"/var/cache/apt/archives/*.deb
    printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb\nURIs: %s\nSuites: %s-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$mirror" "$suite" "$suite" "$security" "$suite" > "$cache/prepare/etc/apt/sources.list.d/debian.sources"
    tar -C "$cache/prepare" --numeric-owner -cpf "$base_tar.partial" . && mv "$base_tar.partial" "$base_tar"
    safe_remove "$cache/prepare"
    say "debootstrap: $(elapsed "$step_started") s"
fi

# --- The runtime stage's RUN lines, cached by their text --------------------------------------
docker_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
key=$( { basename "$base_tar"; printf '%s\n' "$security" "${runs[@]}"; } | sha256sum | cut -c1-16)
stage_tar=$cache/stage-$key.tar
if [ -f "$stage_tar" ]; then
    say "RUN lines of the runtime stage: cached (stage-$key)"
else
    say "RUN lines of the runtime stage: running ${#runs[@]} in the root filesystem"
    step_started=$(date +%s.%N)
    safe_remove "$cache/prepare"
    mkdir -p "$cache/prepare"
    tar -C "$cache/prepare" --numeric-owner -xpf "$base_tar"
    cp /etc/resolv.conf "$cache/prepare/etc/resolv.conf"
    mount -t proc proc "$cache/prepare/proc"
    for line in "${runs[@]}"; do
        eval "words=($line)"
        assignments=(); command=""
        for ((i = 0; i < ${#words[@]}; i++)); do
            if [ "${words[i]}" = -- ]; then command=${words[i + 1]}; break; fi
            assignments+=("${words[i]}")
        done
        printf '    RUN %s\n' "$command"
        chroot "$cache/prepare" /usr/bin/env -i PATH="$docker_path" HOME=/root "${assignments[@]}" /bin/sh -c "$command" \
            > "$cache/run-step.log" 2>&1 || { tail -20 "$cache/run-step.log"; fail "RUN failed: $command"; }
    done
    umount "$cache/prepare/proc"
    rm -f "$cache"/stage-*.tar
    tar -C "$cache/prepare" --numeric-owner -cpf "$stage_tar.partial" . && mv "$stage_tar.partial" "$stage_tar"
    safe_remove "$cache/prepare"
    say "RUN lines: $(elapsed "$step_started") s"
fi

# --- The final root filesystem: the stage plus the COPY lines ---------------------------------
rootfs=$cache/rootfs
safe_remove "$rootfs"
mkdir -p "$rootfs"
tar -C "$rootfs" --numeric-owner -xpf "$stage_tar"
copied_dirs=(); staged_files=()
for line in "${copies[@]}"; do
    eval "words=($line)"
    if [ "${words[0]}" = stage ]; then
        from=${words[1]}; to=${words[2]}
        case $from in "$build_staging"|"$build_staging"/*) ;; *) fail "COPY --from=build $from is not under $build_staging" ;; esac
        source=$staging${from#"$build_staging"}
        mkdir -p "$rootfs$to"
        cp -a "${source%/}/." "$rootfs$to"
        while IFS= read -r file; do staged_files+=("${to%/}/${file#./}"); done < <(cd "$source" && find . -type f)
        printf '    COPY --from=build %s %s\n' "$from" "$to"
    else
        owner=${words[1]}; mode=${words[2]}; to=${words[3]}
        [ "$owner" = - ] && owner=0:0
        for from in "${words[@]:4}"; do
            [ -e "$from" ] || fail "COPY $from: no such file or folder in the repository"
            if [ -d "$from" ]; then
                mkdir -p "$rootfs$to"; cp -R --no-preserve=ownership "${from%/}/." "$rootfs$to"; target=$rootfs$to
            else
                case $to in */) mkdir -p "$rootfs$to"; target=$rootfs$to$(basename "$from") ;; *) mkdir -p "$(dirname "$rootfs$to")"; target=$rootfs$to ;; esac
                cp --no-preserve=ownership "$from" "$target"
            fi
            chown -R "$owner" "$target"
            [ "$mode" = - ] || chmod -R "$mode" "$target"
            copied_dirs+=("${target#"$rootfs"}")
            printf '    COPY %s %s\n' "$from" "$to"
        done
    fi
done
mkdir -p "$rootfs$workdir"
uid=${user%%:*}; gid=${user#*:}; [ "$gid" != "$user" ] || gid=$(chroot "$rootfs" id -g "$uid")
home=$(chroot "$rootfs" getent passwd "$uid" | cut -d: -f6 || true)
container_env=(PATH="$docker_path" HOSTNAME=boomerang-check HOME="${home:-/}" "${envs[@]}")

# --- Static checks: libraries and files -------------------------------------------------------
say "checking libraries with ldd inside the root filesystem"
missing=""
for file in "${staged_files[@]}"; do
    head -c4 "$rootfs$file" | grep -q 'ELF' || continue
    report=$(chroot "$rootfs" /usr/bin/ldd "$file" 2>&1) || fail "ldd $file failed inside the root filesystem: $report"
    lost=$(printf '%s\n' "$report" | awk '/not found/ { print $1 }' | tr '\n' ' ')
    count=$(printf '%s\n' "$report" | grep -c '=>' || true)
    if [ -n "$lost" ]; then
        missing="$missing$file: $lost; "
        printf '    %s: %s libraries, NOT FOUND: %s\n' "$file" "$count" "$lost"
    else
        printf '    %s: %s libraries, all found\n' "$file" "$count"
    fi
done
[ -z "$missing" ] || fail "libraries not found in the runtime stage: $missing(add their packages to RUNTIME_PACKAGES)"
chroot "$rootfs" /bin/sh -c "command -v '${entrypoint[0]}'" > /dev/null || fail "ENTRYPOINT ${entrypoint[0]} is not on PATH in the image"
say "checking files as user $uid:$gid"
problems=$(chroot --userspec="$uid:$gid" --groups="$gid" "$rootfs" /usr/bin/find "${copied_dirs[@]}" "${staged_files[@]}" \
    \( ! -readable -printf 'not readable: %p\n' \) -o \( -writable -printf 'writable by the server: %p\n' \) 2>&1) \
    || fail "cannot list the copied files as $uid: $problems"
[ -z "$problems" ] || fail "$problems"
for dir in "${copied_dirs[@]}"; do printf '    %s: %s files, readable, read-only\n' "$dir" "$(find "$rootfs$dir" -type f | wc -l)"; done

# --- Running it: read-only root, own network namespace, PID 1 ---------------------------------
in_container() { # in_container <command>...: as the image's user, in its environment and WORKDIR
    ip netns exec "$namespace" chroot --userspec="$uid:$gid" --groups="$gid" "$run_root" \
        /usr/bin/env -i -C "$workdir" "${container_env[@]}" "$@"
}
healthcheck() {
    if [ -n "$health_shell" ]; then in_container /bin/sh -c "$health_shell"; else in_container "${health_exec[@]}"; fi
}
ip netns add "$namespace"
ip -n "$namespace" link set lo up
mkdir -p "$run_root"
mount --bind "$rootfs" "$run_root"
mount -o remount,bind,ro "$run_root"
mount -t proc proc "$run_root/proc"
mount -t tmpfs -o mode=1777,size=64m tmpfs "$run_root/tmp"
mount -t tmpfs -o mode=0755,size=1m tmpfs "$run_root/dev"
for node in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
    IFS=: read -r name major minor <<< "$node"
    mknod -m 0666 "$run_root/dev/$name" c "$major" "$minor"
done

say "starting ${entrypoint[*]} ${cmd[*]} as PID 1, user $uid:$gid, read-only root, in namespace $namespace"
logs=$cache/server
ip netns exec "$namespace" unshare --pid --fork --kill-child \
    chroot --userspec="$uid:$gid" --groups="$gid" "$run_root" \
    /usr/bin/env -i -C "$workdir" "${container_env[@]}" "${entrypoint[@]}" "${cmd[@]}" > "$logs.out" 2> "$logs.err" &
server=$!
url=http://127.0.0.1:$port
ready_started=$(date +%s.%N)
for _ in $(seq 1 300); do
    kill -0 "$server" 2>/dev/null || { cat "$logs.out" "$logs.err"; fail "the server exited before answering"; }
    ip netns exec "$namespace" curl -s -o /dev/null "$url/get" && break
    sleep 0.1
done
ip netns exec "$namespace" curl -s -o /dev/null "$url/get" || { cat "$logs.out" "$logs.err"; fail "no answer on $url within 30 s"; }
pid=$(pgrep -P "$server" | head -1)
[ -n "$pid" ] || fail "cannot find the server process under unshare ($server)"
say "answering after $(elapsed "$ready_started") s: $(head -1 "$logs.out")"
memory() { awk '/^VmRSS|^VmHWM/ { printf "%s %.1f MiB  ", $1, $2 / 1024 }' "/proc/$pid/status"; }
printf '    memory when idle: %s\n' "$(memory)"
grep -q "http://0.0.0.0:$port/" "$logs.out" || fail "the server does not listen on 0.0.0.0:$port as the image's ENV says: $(head -1 "$logs.out")"

say "HEALTHCHECK: ${health_shell:-${health_exec[*]}}"
health_started=$(date +%s.%N)
healthcheck || fail "the HEALTHCHECK failed against the running server"
printf '    passed in %s s\n' "$(elapsed "$health_started")"

say "requests from outside the root filesystem with curl"
answer=$(ip netns exec "$namespace" curl -sS -w '\n%{http_code}' -H 'X-Check: runtime' "$url/get?from=runtime-check")
[ "$(tail -1 <<< "$answer")" = 200 ] || fail "GET /get answered $(tail -1 <<< "$answer")"
grep -q '"runtime-check"' <<< "$answer" || fail "GET /get did not echo the query: $answer"
printf '    GET /get?from=runtime-check: 200, query echoed\n'
body=$(python3 -c 'import json; print(json.dumps({"items": [{"n": i, "text": "x" * 64} for i in range(40000)]}))')
answer=$(printf '%s' "$body" | ip netns exec "$namespace" curl -sS -w '\n%{http_code}' -H 'Content-Type: application/json' --data-binary @- "$url/post")
[ "$(tail -1 <<< "$answer")" = 200 ] || fail "POST /post answered $(tail -1 <<< "$answer")"
grep -q '"kind" *: *"json"' <<< "$answer" || fail "POST /post did not decode the JSON body"
printf '    POST /post, %s bytes of JSON: 200, decoded\n' "${#body}"
ip netns exec "$namespace" curl -sS -o "$cache/page" -w '%{http_code}' -H 'Accept: text/html' "$url/" > "$cache/page.status" \
    || fail "GET / for a browser failed"
[ "$(cat "$cache/page.status")" = 200 ] && cmp -s "$cache/page" public/index.html \
    || fail "GET / for a browser did not serve public/index.html from /app/public (status $(cat "$cache/page.status"))"
printf '    GET / for a browser: 200, public/index.html as copied\n'
many=(); for i in $(seq 1 200); do many+=(-o /dev/null "$url/anything/$i"); done
codes=$(ip netns exec "$namespace" curl -sS -w '%{http_code} %{num_connects}\n' "${many[@]}") || fail "200 keep-alive requests failed"
[ "$(grep -c '^200 ' <<< "$codes")" = 200 ] || fail "not every keep-alive GET answered 200: $(sort <<< "$codes" | uniq -c)"
printf '    200 GETs of /anything/<n> on %s connection(s): all 200\n' "$(awk '{ n += $2 } END { print n }' <<< "$codes")"

if [ -n "$https_port" ]; then
    say "HTTPS on $https_port, trusting the root the server serves over HTTP"
    ip netns exec "$namespace" curl -sS -o "$cache/root.pem" "$url/__admin/tls/root.pem" || fail "GET /__admin/tls/root.pem failed"
    answer=$(ip netns exec "$namespace" curl -sS --cacert "$cache/root.pem" -w '\n%{http_code}' "https://localhost:$https_port/get") \
        || fail "HTTPS GET /get with the container's root failed"
    [ "$(tail -1 <<< "$answer")" = 200 ] && grep -q '"tls"' <<< "$answer" || fail "HTTPS GET /get did not echo its tls object: $answer"
    printf '    https://localhost:%s/get with the root from /__admin/tls/root.pem: 200, tls echoed\n' "$https_port"
    status=$(ip netns exec "$namespace" curl -s -o /dev/null -w '%{exitcode}' --cacert "$cache/root.pem" "https://expired.localhost:$https_port/get" || true)
    [ "$status" = 60 ] || fail "the expired scenario was not refused by name (curl exit $status)"
    printf '    https://expired.localhost:%s/get: refused (curl 60), as the scenario says\n' "$https_port"
fi

say "boomerang send inside the root filesystem"
sent=$(in_container "${entrypoint[0]}" send "127.0.0.1:$port/post" name=Ada 2>&1) || fail "boomerang send failed: $sent"
grep -q '"Ada"' <<< "$sent" || fail "boomerang send did not get its form echoed: $sent"
printf '    boomerang send 127.0.0.1:%s/post name=Ada: exit 0, form echoed\n' "$port"
say "server memory after the requests: $(memory)"

say "SIG$stop_signal to PID 1 while a request delayed by 1 s is in flight"
ip netns exec "$namespace" curl -sS -o /dev/null -w '%{http_code}' "$url/get?x-set-response-delay-ms=1000" > "$cache/in-flight" 2>&1 &
in_flight=$!
sleep 0.3
stop_started=$(date +%s.%N)
kill -s "$stop_signal" "$pid"
status=0; wait "$server" || status=$?
server=""
took=$(elapsed "$stop_started")
[ "$status" = 0 ] || { tail -5 "$logs.err"; fail "the server exited with status $status after SIG$stop_signal"; }
awk -v t="$took" 'BEGIN { exit !(t < 3) }' || fail "the server took $took s to stop after SIG$stop_signal (over 3 s)"
wait "$in_flight" || true
[ "$(cat "$cache/in-flight")" = 200 ] || fail "the in-flight request did not complete during the drain: $(cat "$cache/in-flight")"
printf '    the in-flight request completed (200); exited with status 0 in %s s\n' "$took"
if healthcheck > /dev/null 2>&1; then fail "the HEALTHCHECK passes with no server running: it cannot detect a dead server"; fi
printf '    HEALTHCHECK now fails, as it must with no server\n'

say "runtime check passed in $(elapsed "$started") s (image $base_image, $arch; rootfs $rootfs)"
