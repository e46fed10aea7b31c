import CVectorscan
#if canImport(Glibc)
import Glibc
#endif

/// Hyperscan (Vectorscan), loaded when a pattern set is first compiled rather than linked: a
/// process that scans nothing (`rules`, `--version`, a report) starts without relocating it and
/// the C++ runtime it needs. CVectorscan's shim lists the functions LiteralSearch calls and
/// looks them all up at once; a missing library or function is a `LiteralSearchError` from
/// `LiteralSet.init` naming the Debian package (and `platformSupported` is false).
enum LibHS {
    /// The library's file names: Debian's libvectorscan5 installs `libhs.so.5`; `libhs.so` is
    /// the -dev package's link.
    static let names = ["libhs.so.5", "libhs.so"]

    /// The files tried, in order: the one `FLEETSCAN_LIBHS` names, or `names`.
    static var candidates: [String] { getenv("FLEETSCAN_LIBHS").map { [String(cString: $0)] } ?? names }

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_libhs, LiteralSearchError> = load(candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libhs, LiteralSearchError> {
        guard let library = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(LiteralSearchError(message: "dlopen: Hyperscan is not installed (\(reason)); install Debian's libvectorscan5 package (apt-get install libvectorscan5)"))
        }
        let table = UnsafeMutablePointer<fleetscan_libhs>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = fleetscan_libhs_load(library, table) {
            return .failure(LiteralSearchError(message: "dlsym: Hyperscan has no \(String(cString: missing)); install a current libvectorscan5 (apt-get install libvectorscan5)"))
        }
        return .success(table.pointee)
    }
}

/// Hyperscan's functions (`lib.hs_scan(…)`), for code that runs on a compiled `LiteralSet`:
/// compiling one loads the library first.
var lib: fleetscan_libhs {
    guard case .success(let table) = LibHS.loaded else { preconditionFailure("Hyperscan called before a pattern set was compiled") }
    return table
}
