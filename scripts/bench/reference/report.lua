-- wrk script: at the end of a run, one line `RESULT {json}` that bench.py reads.
-- Latencies in microseconds, as wrk measures them. Loaded by the other scripts through
-- WRK_REPORT_LUA, or given to wrk alone (-s report.lua) for a plain GET.
done = function(summary, latency, requests)
  local errors = summary.errors
  local fields = {
    string.format('"requests":%d', summary.requests),
    string.format('"duration_us":%d', summary.duration),
    string.format('"bytes":%d', summary.bytes),
    string.format('"err_connect":%d', errors.connect),
    string.format('"err_read":%d', errors.read),
    string.format('"err_write":%d', errors.write),
    string.format('"err_status":%d', errors.status),
    string.format('"err_timeout":%d', errors.timeout),
    string.format('"lat_p50_us":%d', latency:percentile(50)),
    string.format('"lat_p90_us":%d', latency:percentile(90)),
    string.format('"lat_p99_us":%d', latency:percentile(99)),
    string.format('"lat_max_us":%d', latency.max),
    string.format('"lat_mean_us":%.1f', latency.mean),
  }
  io.write("RESULT {" .. table.concat(fields, ",") .. "}\n")
end
