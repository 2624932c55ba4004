-- wrk script: every request POSTs the same multipart/form-data body, read once from
-- POST_BODY_FILE (bench.py writes it: one 1 MiB text file part) with the boundary POST_BOUNDARY,
-- then reports as report.lua (WRK_REPORT_LUA) does.
local file = assert(io.open(os.getenv("POST_BODY_FILE"), "rb"))
wrk.body = file:read("*a")
file:close()
wrk.method = "POST"
wrk.headers["Content-Type"] = "multipart/form-data; boundary=" .. os.getenv("POST_BOUNDARY")
dofile(os.getenv("WRK_REPORT_LUA"))
