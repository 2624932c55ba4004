#!/usr/bin/env bash
# Validates deploy/kubernetes.yaml offline against the Kubernetes API schemas (PyPI's
# kubernetes-validate, strict: unknown fields are errors), proves the validator rejects broken
# copies of it, and checks that the manifest agrees with the Dockerfile (port, user, HOST).
# `make test` runs it through `make k8s-validate`.
#
#   scripts/container/validate-k8s.sh
#   K8S_VERSIONS="1.30.0 1.37.0" scripts/container/validate-k8s.sh
#
# The validator lives in a virtual environment under .build/, made once and reused while its
# version is the one below; the first run downloads it (about 100 MB of schemas unpacked).
set -euo pipefail
cd "$(dirname "$0")/../.."
validator_version=${KUBERNETES_VALIDATE_VERSION:-1.37.0}
versions=${K8S_VERSIONS:-1.30.0 1.37.0}
manifest=deploy/kubernetes.yaml
venv=.build/k8s-validate-venv
stamp=$venv/installed-$validator_version
passed=0; failed=0
pass() { passed=$((passed + 1)); printf '  ok    %s\n' "$1"; }
miss() { failed=$((failed + 1)); printf '  FAIL  %s\n' "$1"; }

if [ ! -f "$stamp" ]; then
    rm -rf "$venv"
    mkdir -p .build
    python3 -m venv "$venv"
    for attempt in 1 2 3; do
        if "$venv/bin/pip" install --quiet --disable-pip-version-check --no-compile --timeout 60 --retries 5 \
            "kubernetes-validate==$validator_version"; then
            touch "$stamp"
            break
        fi
        echo "pip install kubernetes-validate failed (attempt $attempt of 3)" >&2
        sleep $((attempt * 5))
    done
    [ -f "$stamp" ] || { echo "error: could not install kubernetes-validate $validator_version from PyPI" >&2; exit 1; }
fi
validate() { "$venv/bin/kubernetes-validate" --strict --quiet -k "$1" "$2" > "$work/out" 2>&1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "kubernetes-validate $validator_version, strict, $manifest"
for version in $versions; do
    if validate "$version" "$manifest"; then pass "valid against Kubernetes $version"; else miss "invalid against Kubernetes $version: $(cat "$work/out")"; fi
done

# Broken copies must be refused, or the validation above proves nothing.
sed 's/^  replicas: 2$/  replicas: two/' "$manifest" > "$work/wrong-type.yaml"
sed 's/^          readinessProbe:$/          readinessProbes:/' "$manifest" > "$work/unknown-field.yaml"
for broken in wrong-type unknown-field; do
    if cmp -s "$manifest" "$work/$broken.yaml"; then
        miss "the $broken copy is unchanged: update this script's sed to match the manifest"
    elif validate "${versions##* }" "$work/$broken.yaml"; then
        miss "a copy with a $broken error passes validation"
    else
        pass "a copy with a $broken error is refused"
    fi
done

# The manifest and the Dockerfile must describe the same container.
python3 scripts/container/dockerfile_plan.py Dockerfile > "$work/plan"
if "$venv/bin/python" - "$manifest" "$work/plan" > "$work/agree" 2>&1 <<'PY'
import shlex, sys, yaml
plan = {}
for line in open(sys.argv[2]):
    words = shlex.split(line)
    plan.setdefault(words[0], []).append(words[1:])
documents = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
deployment = next(d for d in documents if d["kind"] == "Deployment")
service = next(d for d in documents if d["kind"] == "Service")
pod = deployment["spec"]["template"]["spec"]
container = pod["containers"][0]
problems = []
# EXPOSE lists HTTP, HTTPS, then the TLS scenarios' range; the pod publishes the first two.
exposed = [word.split("/")[0] for word in shlex.split(" ".join(plan["expose"][0]))]
ports = [int(word) for word in exposed if word.isdigit()][:2]
if [p["containerPort"] for p in container["ports"]] != ports:
    problems.append(f"the containerPorts are not the Dockerfile's EXPOSE {ports}")
uid, _, gid = plan["user"][0][0].partition(":")
if (str(pod["securityContext"].get("runAsUser")), str(pod["securityContext"].get("runAsGroup"))) != (uid, gid or uid):
    problems.append(f"runAsUser/runAsGroup are not the Dockerfile's USER {uid}:{gid}")
if {e["name"]: e["value"] for e in container.get("env", [])}.get("HOST") != "0.0.0.0":
    problems.append("HOST is not 0.0.0.0")
for probe in ("readinessProbe", "livenessProbe"):
    if container[probe]["httpGet"]["path"] != "/__admin/health":
        problems.append(f"{probe} does not GET /__admin/health")
if not container["securityContext"].get("readOnlyRootFilesystem") or not pod["securityContext"].get("runAsNonRoot"):
    problems.append("the container is not non-root with a read-only root filesystem")
if deployment["spec"]["replicas"] != 2:
    problems.append("replicas is not 2")
if service["spec"]["selector"] != deployment["spec"]["selector"]["matchLabels"]:
    problems.append("the Service does not select the Deployment's pods")
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
then pass "agrees with the Dockerfile (port, user, HOST) and selects its pods"; else miss "disagrees: $(cat "$work/agree")"; fi

echo "kubernetes: $passed passed, $failed failed"
[ "$failed" = 0 ]
