import CZlib

// A heap-allocated z_stream: zlib keeps a pointer back to the stream in its state and checks it
// on every call, so the struct must never move. Owned by one inflater or deflater, used on one
// thread at a time.

/// A `z_stream` at a fixed address, with the helpers both directions share.
final class ZlibStream {
    let pointer: UnsafeMutablePointer<z_stream>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: z_stream())
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Points the stream at `input` and `output`, runs `call`, and reports what it read and wrote.
    func run(
        _ input: UnsafeRawBufferPointer,
        _ output: UnsafeMutableRawBufferPointer,
        _ call: (UnsafeMutablePointer<z_stream>) -> Int32
    ) -> (consumed: Int, produced: Int, status: Int32) {
        let inputCount = UInt32(truncatingIfNeeded: min(input.count, Int(UInt32.max)))
        let outputCount = UInt32(truncatingIfNeeded: min(output.count, Int(UInt32.max)))
        pointer.pointee.next_in = UnsafeMutablePointer(
            mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self)
        )
        pointer.pointee.avail_in = inputCount
        pointer.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        pointer.pointee.avail_out = outputCount
        let status = call(pointer)
        let consumed = Int(inputCount - pointer.pointee.avail_in)
        let produced = Int(outputCount - pointer.pointee.avail_out)
        pointer.pointee.next_in = nil
        pointer.pointee.next_out = nil
        pointer.pointee.avail_in = 0
        pointer.pointee.avail_out = 0
        return (consumed, produced, status)
    }

    /// zlib's message for the last failure, or a description of `status`.
    func message(_ status: Int32) -> String {
        if let message = pointer.pointee.msg {
            return String(cString: message)
        }
        return switch status {
        case Z_MEM_ERROR: "out of memory"
        case Z_STREAM_ERROR: "inconsistent stream state"
        case Z_NEED_DICT: "preset dictionary required"
        case Z_DATA_ERROR: "invalid data"
        case Z_VERSION_ERROR: "incompatible zlib version"
        default: "zlib status \(status)"
        }
    }
}
