// The one funnel for C calls that can fail: each turns a NULL or negative result into a
// `LibeventError` carrying the function's name and errno. Runs on whichever thread calls it.
#if canImport(Glibc)
import Glibc
#endif

/// Runs a C call that returns a pointer, NULL on failure.
@inline(__always)
func cCall<T>(_ function: String, _ body: () -> T?) throws(LibeventError) -> T {
    errno = 0
    guard let result = body() else { throw LibeventError(function: function, errno: errno) }
    return result
}

/// Runs a C call that returns a status, negative on failure.
@discardableResult
@inline(__always)
func cCall(_ function: String, _ body: () -> Int32) throws(LibeventError) -> Int32 {
    errno = 0
    let status = body()
    guard status >= 0 else { throw LibeventError(function: function, errno: errno) }
    return status
}
