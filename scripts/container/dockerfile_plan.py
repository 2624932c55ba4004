#!/usr/bin/env python3
"""Reads the repository's Dockerfile and prints, one shell command a line, what
runtime-check.sh must do to rebuild its final stage without Docker:

    build_packages <packages>          the build stage's BUILD_PACKAGES
    build_staging <folder>             where the build stage's build-release.sh installs
    base_image <image>                 the final stage's FROM
    run <NAME=value>... -- <command>   a RUN of the final stage, with the ARG and ENV values in scope
    copy_stage <from> <to>             COPY --from=<build stage>
    copy <owner> <mode> <to> <from>... COPY from the build context (owner and mode "-" when not given)
    workdir <path> | user <user> | env <NAME=value> | expose <port> | stopsignal <signal>
    healthcheck_shell <command> | healthcheck_exec <word>...
    entrypoint <word>... | cmd <word>...

An instruction it does not know, or a final stage that runs a command after a COPY, is an error
(exit 2) naming the line, so that the check and the Dockerfile cannot silently drift apart.
"""

import json
import re
import shlex
import sys

KNOWN = {"FROM", "ARG", "ENV", "RUN", "COPY", "WORKDIR", "USER", "EXPOSE", "STOPSIGNAL",
         "HEALTHCHECK", "ENTRYPOINT", "CMD", "LABEL"}


class PlanError(Exception):
    def __init__(self, line, message):
        super().__init__(f"Dockerfile:{line}: {message}")


def instructions(text):
    """(line number, INSTRUCTION, rest) for each instruction, continuations joined."""
    pending, start = "", 0
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if pending and stripped.startswith("#"):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        pending += stripped
        keyword, _, rest = pending.partition(" ")
        yield start, keyword.upper(), rest.strip()
        pending = ""
    if pending:
        raise PlanError(start, "the file ends inside a continued line")


def substitute(text, scope, line):
    """Docker's ${NAME}, ${NAME:-default} and $NAME substitution."""
    def replace(match):
        name = match.group(1) or match.group(3)
        default = match.group(2)
        value = scope.get(name, "")
        if default is not None and value == "":
            return default
        if name not in scope and default is None:
            raise PlanError(line, f"${name} is not declared by ARG or ENV")
        return value
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)", replace, text)


def assignments(rest, line):
    """NAME=value pairs of ARG or ENV (the quoted forms shlex understands)."""
    pairs = []
    for word in shlex.split(rest):
        name, equals, value = word.partition("=")
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise PlanError(line, f"cannot read the assignment {word!r}")
        pairs.append((name, value if equals else None))
    return pairs


def flags(rest):
    """The leading --name=value flags of an instruction, and what follows them."""
    found = {}
    while rest.startswith("--"):
        word, _, rest = rest.partition(" ")
        name, _, value = word[2:].partition("=")
        found[name] = value
        rest = rest.strip()
    return found, rest


def exec_form(rest, line):
    try:
        words = json.loads(rest)
    except json.JSONDecodeError:
        raise PlanError(line, f"expected the exec (JSON) form: {rest}") from None
    if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
        raise PlanError(line, f"expected a JSON list of strings: {rest}")
    return words


def emit(*words):
    print(" ".join(shlex.quote(word) for word in words))


def plan(text):
    stages = []  # (name, image, [(line, keyword, rest)])
    global_args = {}
    for line, keyword, rest in instructions(text):
        if keyword not in KNOWN:
            raise PlanError(line, f"{keyword} is not understood by runtime-check.sh; teach it first")
        if keyword == "FROM":
            words = substitute(rest, global_args, line).split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append((name, words[0], []))
        elif not stages:
            if keyword != "ARG":
                raise PlanError(line, f"{keyword} before the first FROM")
            for name, value in assignments(rest, line):
                global_args[name] = value or ""
        else:
            stages[-1][2].append((line, keyword, rest))
    if len(stages) < 2:
        raise PlanError(1, "expected a build stage and a runtime stage")

    build_names = {name for name, _, _ in stages[:-1] if name}
    for name, _, body in stages[:-1]:
        scope = {}
        for line, keyword, rest in body:
            if keyword == "ARG":
                for arg, value in assignments(rest, line):
                    scope[arg] = value if value is not None else global_args.get(arg, "")
                    if arg == "BUILD_PACKAGES":
                        emit("build_packages", scope[arg])
            elif keyword == "RUN":
                match = re.search(r"scripts/container/build-release\.sh\s+(\S+)", rest)
                if match:
                    emit("build_staging", match.group(1))

    _, image, body = stages[-1]
    emit("base_image", image)
    scope, environment, copied = {}, {}, False
    for line, keyword, rest in body:
        if keyword == "ARG":
            for arg, value in assignments(rest, line):
                scope[arg] = value if value is not None else global_args.get(arg, "")
        elif keyword == "ENV":
            for name, value in assignments(substitute(rest, {**scope, **environment}, line), line):
                environment[name] = value or ""
                emit("env", f"{name}={value or ''}")
        elif keyword == "RUN":
            if copied:
                raise PlanError(line, "the runtime stage runs a command after a COPY; keep every RUN before the COPY lines")
            options, command = flags(rest)
            if options:
                raise PlanError(line, f"RUN flags are not supported in the runtime stage: {sorted(options)}")
            values = {**scope, **environment}
            emit("run", *[f"{name}={value}" for name, value in values.items()], "--", command)
        elif keyword == "COPY":
            copied = True
            options, rest = flags(rest)
            words = shlex.split(substitute(rest, {**scope, **environment}, line))
            if len(words) < 2:
                raise PlanError(line, "COPY needs a source and a destination")
            *sources, destination = words
            if "from" in options:
                if options["from"] not in build_names or len(sources) != 1:
                    raise PlanError(line, f"COPY --from must name a build stage and one path: {rest}")
                emit("copy_stage", sources[0], destination)
            else:
                unknown = set(options) - {"chown", "chmod", "link"}
                if unknown:
                    raise PlanError(line, f"COPY flags not supported: {sorted(unknown)}")
                emit("copy", options.get("chown", "-"), options.get("chmod", "-"), destination, *sources)
        elif keyword in ("WORKDIR", "USER", "EXPOSE", "STOPSIGNAL"):
            emit(keyword.lower(), substitute(rest, {**scope, **environment}, line))
        elif keyword == "HEALTHCHECK":
            _, command = flags(rest)
            kind, _, command = command.partition(" ")
            if kind.upper() != "CMD":
                raise PlanError(line, "HEALTHCHECK must run a CMD")
            command = command.strip()
            if command.startswith("["):
                emit("healthcheck_exec", *exec_form(command, line))
            else:
                emit("healthcheck_shell", command)
        elif keyword in ("ENTRYPOINT", "CMD"):
            emit(keyword.lower(), *exec_form(rest, line))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "Dockerfile"
    try:
        with open(path, encoding="utf-8") as file:
            plan(file.read())
    except PlanError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
