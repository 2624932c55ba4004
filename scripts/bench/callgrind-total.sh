# Sourced by instructions.sh and post_instructions.sh: runs one server under callgrind, sends it
# COUNT requests on one keep-alive connection (keepalive.py, with the KEEPALIVE_EXTRA arguments:
# a body file and its boundary, or none for GET /get) and prints the program's instruction total.
# CG_WORK is a scratch folder; with CG_KEEP set the profile is copied there as NAME-COUNT.callgrind.

cg_total() { # NAME PORT COUNT COMMAND...
    local name=$1 port=$2 count=$3 out
    shift 3
    out="$CG_WORK/$name-$count.callgrind"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2>&1 &
    local pid=$!
    for _ in $(seq 150); do curl -s -o /dev/null "http://127.0.0.1:$port/get" && break; sleep 0.2; done
    python3 scripts/bench/keepalive.py "$port" "$count" ${KEEPALIVE_EXTRA[@]+"${KEEPALIVE_EXTRA[@]}"}
    kill -TERM "$pid"
    wait "$pid" || true
    [ -n "${CG_KEEP:-}" ] && cp "$out" "$CG_KEEP/"
    callgrind_annotate "$out" 2> /dev/null | awk '/PROGRAM TOTALS/ && !done { gsub(",", "", $1); print $1; done = 1 }'
}
