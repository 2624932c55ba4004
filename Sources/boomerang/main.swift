import BoomerangServer
var s = ServerSettings()
s.port = 18080
s.threads = 1
let server = Server(settings: s)
try server.runUntilSignalled { print("listening on \($0)") }
