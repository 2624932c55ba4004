"""Checks Boomerang's operations routes with the tools their users run.

Usage:
  operations_check.py --venv DIR metrics URL     parse /__admin/metrics with prometheus_client;
                                                 print the samples as JSON lines
  operations_check.py --venv DIR openapi URL     validate /__admin/openapi.json as OpenAPI 3
  operations_check.py --venv DIR fuzz SCHEMA BASE [--exclude REGEX]
                                                 schemathesis against the document: no 5xx

The virtual environment (created on first use, reused after) holds the pinned PyPI packages.
"""
import fcntl, json, os, subprocess, sys, urllib.request

REQUIREMENTS = ["prometheus_client==0.26.0", "openapi-spec-validator==0.9.0", "schemathesis==4.32.5"]


def ensure_venv(venv):
    python = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, "installed-" + "-".join(REQUIREMENTS).replace("==", "_"))
    os.makedirs(os.path.dirname(venv), exist_ok=True)
    # Tests run in parallel: one creates the environment while the others wait for it.
    with open(venv + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(marker):
            subprocess.run([sys.executable, "-m", "venv", "--clear", venv], check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--retries", "5"] + REQUIREMENTS, check=True)
            open(marker, "w").close()
    return python


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def metrics(url):
    from prometheus_client.parser import text_string_to_metric_families
    for family in text_string_to_metric_families(fetch(url)):
        for sample in family.samples:
            print(json.dumps({"family": family.name, "type": family.type, "name": sample.name, "labels": sample.labels, "value": sample.value}))


def openapi(url):
    from openapi_spec_validator import validate
    document = json.loads(fetch(url))
    validate(document)
    operations = sum(len([m for m in item if m != "parameters"]) for item in document["paths"].values())
    print(json.dumps({"valid": True, "paths": len(document["paths"]), "operations": operations}))


def main():
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "--venv":
        sys.exit(__doc__)
    venv, command, rest = args[1], args[2], args[3:]
    python = ensure_venv(venv)
    if os.path.realpath(sys.prefix) != os.path.realpath(venv):
        sys.exit(subprocess.run([python, __file__] + args).returncode)
    if command == "metrics":
        metrics(rest[0])
    elif command == "openapi":
        openapi(rest[0])
    elif command == "fuzz":
        schema, base = rest[0], rest[1]
        exclude = rest[rest.index("--exclude") + 1] if "--exclude" in rest else None
        cli = os.path.join(venv, "bin", "schemathesis")
        command = [cli, "run", schema, "--url", base, "--checks", "not_a_server_error", "--max-examples", "4",
                   "--request-timeout", "5", "--no-color", "--phases", "examples,fuzzing"]
        if exclude:
            command += ["--exclude-path-regex", exclude]
        # schemathesis keeps a cache in its working directory: keep it in the environment's folder.
        sys.exit(subprocess.run(command, cwd=venv).returncode)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
