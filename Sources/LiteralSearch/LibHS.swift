import CVectorscan
import DynamicLibrary

/// Hyperscan (Vectorscan), loaded when a pattern set is first compiled rather than linked: a
/// process that scans nothing (`rules`, `--version`, a report) starts without relocating it and
/// the C++ runtime it needs. CVectorscan's shim lists the functions LiteralSearch calls and
/// looks them all up at once; a missing library or function is a `LiteralSearchError` from
/// `LiteralSet.init` naming the Debian package (and `platformSupported` is false).
enum LibHS {
    /// The library's file names: Debian's libvectorscan5 installs `libhs.so.5`; `libhs.so` is
    /// the -dev package's link.
    static let library = DynamicLibrary(name: "Hyperscan", files: ["libhs.so.5", "libhs.so"], variable: "FLEETSCAN_LIBHS", package: "libvectorscan5")

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_libhs, LiteralSearchError> = load(library.candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libhs, LiteralSearchError> {
        library.load(candidates, fill: { fleetscan_libhs_load($0, $1) }).mapError { failure in
            LiteralSearchError(message: failure.function + ": " + library.message(failure))
        }
    }
}

/// Hyperscan's functions (`lib.hs_scan(…)`), for code that runs on a compiled `LiteralSet`:
/// compiling one loads the library first.
var lib: fleetscan_libhs {
    guard case .success(let table) = LibHS.loaded else { preconditionFailure("Hyperscan called before a pattern set was compiled") }
    return table
}
