import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization
import Dispatch
import Foundation
import Logging
import Synchronization

/// The mock mappings of a server: those of the files in the mappings folder, changed at run time
/// through the admin API, and the scenario states. Thread-safe; every request reads ``current``
/// once (one lock to copy a reference) and keeps that immutable set to its end, so a reload
/// never disturbs an exchange in flight.
///
/// Each mapping of a file loads on its own. On a reload, a broken mapping keeps its last good
/// version (the one with the same id: the id written in it, or the one derived from its file
/// and place) and a file that cannot be parsed keeps all its last good mappings; at start there
/// is no last good version, so they answer nothing. The errors are logged and listed in
/// ``MappingSet/errors`` until the mapping or file loads again.
package final class MappingStore: Sendable {
    /// The folder of mapping files; nil serves only mappings added at run time.
    package let directory: String?
    /// The folder `bodyFileName` reads from.
    package let filesDirectory: String?
    /// The states of the stateful scenarios.
    package let states = ScenarioStates()
    private let log: Logger
    /// Told of every load with its count of errors (the metrics count loads and failed ones).
    private let loaded: (@Sendable (_ errors: Int) -> Void)?
    private let state: Locked<State>
    /// The set requests read: its own lock, held only to copy the reference.
    private let published: Locked<MappingSet>
    /// The published set's mapping count, read without the lock by the router's first question.
    private let publishedCount = Atomic<Int>(0)
    /// Serialises loads (the watcher, SIGHUP and the admin API may ask at once); never taken by requests.
    private let loading = Locked<Void>(())
    private let watcher = Locked<(any DispatchSourceTimer)?>(nil)

    private struct State {
        var current: MappingSet
        /// The last good mappings of each file, by path.
        var files: [String: [MockMapping]] = [:]
        var errors: [MappingError] = []
        /// Run-time changes to file mappings by id: a replacement, or nil for a deletion.
        var overrides: [String: MockMapping?] = [:]
        /// Mappings added at run time, in order.
        var added: [MockMapping] = []
        var fingerprint: [String: String] = [:]
        var generation = 0
        var loadedAt = Date()
    }

    /// A store that reads `directory` now; `filesDirectory` defaults to `files` beside it.
    package init(directory: String?, filesDirectory: String? = nil, log: Logger, loaded: (@Sendable (_ errors: Int) -> Void)? = nil) {
        self.directory = directory
        self.filesDirectory = filesDirectory ?? directory.map { (($0 as NSString).deletingLastPathComponent as NSString).appendingPathComponent("files") }
        self.log = log
        self.loaded = loaded
        let empty = MappingSet(mappings: [], errors: [], loadedAt: Date(), generation: 0)
        state = Locked(State(current: empty))
        published = Locked(empty)
        reload(reason: "start")
    }

    /// The mappings in force now.
    package var current: MappingSet {
        published.withLock { $0 }
    }

    /// Whether no mapping is in force now.
    var isEmpty: Bool {
        publishedCount.load(ordering: .acquiring) == 0
    }

    // MARK: Loading

    /// Reads the files again, keeping run-time changes, and logs every error.
    ///
    /// - Returns: the errors of this load.
    @discardableResult
    package func reload(reason: String) -> [MappingError] {
        loading.withLock { _ in
            let watched = watchedDirectories
            let fingerprint = MappingLoader.fingerprint(watched)
            let results = directory.map { MappingLoader.load(directory: $0, filesDirectory: filesDirectory) } ?? []
            let (set, errors) = state.withLock { state in
                var files: [String: [MockMapping]] = [:]
                var errors: [MappingError] = []
                for result in results {
                    let merged = Self.merge(result, previous: state.files[result.path] ?? [])
                    files[result.path] = merged.mappings
                    errors += merged.errors
                }
                state.files = files
                state.errors = errors
                state.fingerprint = fingerprint
                state.loadedAt = Date()
                rebuild(&state)
                return (state.current, errors)
            }
            for error in errors { log.error("mapping not loaded: \(error)") }
            loaded?(errors.count)
            let message: Logger.Message = "mappings loaded (\(reason)): \(set.mappings.count) in force, \(errors.count) errors"
            if results.isEmpty && set.mappings.isEmpty { log.debug(message) } else { log.info(message) }
            return errors
        }
    }

    /// A file's mappings after a load, given the ones it had before: its good mappings, and each
    /// broken one's last good version (the previous mapping with its id) in its place; a file that
    /// could not be read keeps all its previous mappings. The errors say what was kept.
    package static func merge(_ result: MappingLoader.FileResult, previous: [MockMapping]) -> (mappings: [MockMapping], errors: [MappingError]) {
        guard let fresh = result.mappings else {
            let errors = result.fileErrors.map { error in
                var error = error
                error.isWholeFile = true
                error.keepsPrevious = !previous.isEmpty
                return error
            }
            return (previous, errors)
        }
        var placed = fresh.map { mapping -> (index: Int, mapping: MockMapping) in
            if case .file(_, _, let index) = mapping.source { return (index, mapping) }
            return (Int.max, mapping)
        }
        var errors: [MappingError] = []
        var used = Set(fresh.map(\.id))
        for broken in result.broken {
            var error = broken.error
            if let last = previous.first(where: { $0.id == broken.id }), used.insert(broken.id).inserted {
                placed.append((broken.index, last))
                error.keepsPrevious = true
            }
            errors.append(error)
        }
        // Stable: equal places cannot occur, a place being a mapping's index in its file.
        placed.sort { $0.index < $1.index }
        return (placed.map(\.mapping), errors)
    }

    /// Reloads when a file of the mappings or files folder changed since the last load.
    package func reloadIfChanged() {
        let fingerprint = MappingLoader.fingerprint(watchedDirectories)
        guard state.withLock({ $0.fingerprint != fingerprint }) else { return }
        reload(reason: "files changed")
    }

    private var watchedDirectories: [String] {
        [directory, filesDirectory].compactMap { $0 }
    }

    /// Polls the folders every `interval` seconds on a background queue until ``stopWatching()``.
    package func startWatching(interval: Double = 1) {
        guard directory != nil else { return }
        watcher.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "boomerang.mappings.watch"))
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { [weak self] in self?.reloadIfChanged() }
            source.resume()
            timer = source
        }
    }

    package func stopWatching() {
        watcher.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    deinit {
        watcher.withLock { $0?.cancel() }
    }

    private func rebuild(_ state: inout State) {
        var mappings: [MockMapping] = []
        var errors = state.errors
        var seen: Set<String> = []
        for path in state.files.keys.sorted() {
            for mapping in state.files[path] ?? [] {
                let effective: MockMapping?
                if let override = state.overrides[mapping.id] { effective = override } else { effective = mapping }
                guard let effective else { continue }
                guard seen.insert(effective.id).inserted else {
                    if case .file(let file, let line, _) = mapping.source {
                        errors.append(MappingError(.duplicateID, file: file, line: line, "id \(mapping.id) is used by another mapping; this one is ignored"))
                    }
                    continue
                }
                mappings.append(effective)
            }
        }
        for mapping in state.added where seen.insert(mapping.id).inserted {
            mappings.append(mapping)
        }
        state.generation += 1
        let set = MappingSet(mappings: mappings, errors: errors, loadedAt: state.loadedAt, generation: state.generation)
        state.current = set
        published.withLock { $0 = set }
        publishedCount.store(set.mappings.count, ordering: .releasing)
    }

    // MARK: Run-time changes

    /// Adds a mapping (a new id, or the id it names if unused).
    package func add(_ json: StructuredValue) throws(ServerError) -> MockMapping {
        let mapping = try Self.read(json, id: nil, filesDirectory: filesDirectory)
        return try state.withLock { state throws(ServerError) in
            guard !state.current.mappings.contains(where: { $0.id == mapping.id }) else {
                throw ServerError(.mappingConflict, "a mapping with id \(mapping.id) exists; PUT /__admin/mappings/\(mapping.id) replaces it", value: mapping.id)
            }
            state.added.append(mapping)
            rebuild(&state)
            return mapping
        }
    }

    /// Replaces the mapping with `id`.
    package func replace(id: String, with json: StructuredValue) throws(ServerError) -> MockMapping {
        let mapping = try Self.read(json, id: id, filesDirectory: filesDirectory)
        return try state.withLock { state throws(ServerError) in
            if let index = state.added.firstIndex(where: { $0.id == id }) {
                state.added[index] = mapping
            } else if state.files.values.contains(where: { $0.contains { $0.id == id } }), state.current.mappings.contains(where: { $0.id == id }) {
                state.overrides[id] = .some(mapping)
            } else {
                throw ServerError(.mappingNotFound, "no mapping \(id)", value: id)
            }
            rebuild(&state)
            return mapping
        }
    }

    /// Removes the mapping with `id` until the next reset.
    package func delete(id: String) throws(ServerError) {
        try state.withLock { state throws(ServerError) in
            if let index = state.added.firstIndex(where: { $0.id == id }) {
                state.added.remove(at: index)
            } else if state.current.mappings.contains(where: { $0.id == id }) {
                state.overrides[id] = .some(nil)
            } else {
                throw ServerError(.mappingNotFound, "no mapping \(id)", value: id)
            }
            rebuild(&state)
        }
    }

    /// Drops every run-time change, reads the files again and puts every scenario back to Started.
    @discardableResult
    package func reset() -> [MappingError] {
        state.withLock { state in
            state.overrides = [:]
            state.added = []
        }
        states.reset()
        return reload(reason: "reset")
    }

    /// Writes the run-time changes to the mappings folder: each added mapping to a new JSON file,
    /// and each file whose mappings were replaced or deleted rewritten as JSON (its comments are
    /// lost). Then reloads from the files.
    ///
    /// - Returns: the files written and removed.
    package func save() throws(ServerError) -> (written: [String], removed: [String]) {
        guard let directory else {
            throw ServerError(.noMappingsDirectory, "there is no mappings folder to save to (mappings_directory is empty)")
        }
        let (files, overrides, added, errors) = state.withLock { ($0.files, $0.overrides, $0.added, $0.errors) }
        for path in files.keys.sorted() where (files[path] ?? []).contains(where: { overrides[$0.id] != nil }) {
            // Rewriting it from what loaded would drop the mappings that did not.
            if let error = errors.first(where: { $0.file == path }) {
                throw ServerError(
                    .mappingFileHasErrors, "saving would rewrite a file without its mapping that does not load; fix that first: \(error)",
                    value: path)
            }
        }
        var written: [String] = []
        var removed: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for path in files.keys.sorted() {
                let mappings = files[path] ?? []
                guard mappings.contains(where: { overrides[$0.id] != nil }) else { continue }
                let kept = mappings.compactMap { mapping -> MockMapping? in
                    if let override = overrides[mapping.id] { return override }
                    return mapping
                }
                if kept.isEmpty {
                    try FileManager.default.removeItem(atPath: path)
                    removed.append(path)
                } else {
                    try Self.write(kept, to: path)
                    written.append(path)
                }
            }
            for mapping in added {
                var path = (directory as NSString).appendingPathComponent(Self.fileName(for: mapping) + ".json")
                if FileManager.default.fileExists(atPath: path) {
                    path = (directory as NSString).appendingPathComponent(Self.fileName(for: mapping) + "-" + mapping.id + ".json")
                }
                try Self.write([mapping], to: path)
                written.append(path)
            }
        } catch {
            throw ServerError(.mappingsNotSaved, "the mappings could not be written: \(error)")
        }
        state.withLock { state in
            state.overrides = [:]
            state.added = []
        }
        reload(reason: "save")
        return (written, removed)
    }

    private static func write(_ mappings: [MockMapping], to path: String) throws {
        let value: StructuredValue = mappings.count == 1 ? mappings[0].definition : ["mappings": .array(mappings.map(\.definition))]
        let bytes = try JSONWriter(configuration: .pretty).write(value)
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func fileName(for mapping: MockMapping) -> String {
        let base = (mapping.name ?? mapping.id).map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_") ? character : "-"
        }
        return String(base.prefix(60))
    }

    private static func read(_ json: StructuredValue, id: String?, filesDirectory: String?) throws(ServerError) -> MockMapping {
        var json = json
        if let id, var object = json.objectValue {
            if let named = object["id"]?.stringValue ?? object["uuid"]?.stringValue, named != id {
                throw ServerError(.invalidMapping, "the body's id \(named) is not the id in the path, \(id)", value: named)
            }
            _ = object.updateValue(.string(id), forKey: "id")
            json = .object(object)
        }
        do {
            return try MockMapping(
                json: json, location: .adminAPI, source: .adminAPI, defaultID: id ?? MockMapping.randomID(), filesDirectory: filesDirectory)
        } catch {
            throw ServerError(.invalidMapping, error.message, value: error.file)
        }
    }
}

extension ServerError.Code {
    /// A mapping sent to the admin API that is not a valid mapping.
    public static let invalidMapping = Self("invalidMapping", status: 400)
    /// No mapping has that id.
    public static let mappingNotFound = Self("mappingNotFound", status: 404)
    /// A mapping with that id exists already.
    public static let mappingConflict = Self("mappingConflict", status: 409)
    /// A file with run-time changes to save has mappings that do not load: rewriting it would
    /// drop them.
    public static let mappingFileHasErrors = Self("mappingFileHasErrors", status: 409)
    /// The run-time mappings could not be written to files.
    public static let mappingsNotSaved = Self("mappingsNotSaved", status: 500)
    /// The server runs without a mappings folder, so there is nowhere to save: the request
    /// cannot succeed in this configuration.
    public static let noMappingsDirectory = Self("noMappingsDirectory", status: 409)
    /// There are no mappings (the mappings folder is off).
    public static let mappingsDisabled = Self("mappingsDisabled", status: 404)
}
