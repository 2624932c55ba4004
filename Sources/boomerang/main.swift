// Placeholder until the command-line tool lands (branch `cli`).
import BoomerangServer

print(ServerSettings())
