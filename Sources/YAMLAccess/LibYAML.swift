import CLibYAML
#if canImport(Glibc)
import Glibc
#endif

/// libyaml, loaded when a YAML document is first parsed rather than linked: a process that
/// reads no XcodeGen project or YAML configuration never loads it. CLibYAML's shim lists the
/// functions YAMLAccess calls and looks them all up at once; a missing library or function is a
/// `YAMLError` from `YAML.parse` naming the Debian package.
enum LibYAML {
    /// The library's file names: Debian's libyaml-0-2 installs `libyaml-0.so.2`; `libyaml.so`
    /// is the -dev package's link.
    static let names = ["libyaml-0.so.2", "libyaml.so"]

    /// The files tried, in order: the one `FLEETSCAN_LIBYAML` names, or `names`.
    static var candidates: [String] { getenv("FLEETSCAN_LIBYAML").map { [String(cString: $0)] } ?? names }

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_libyaml, YAMLError> = load(candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libyaml, YAMLError> {
        guard let library = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(YAMLError(line: 0, message: "dlopen: libyaml is not installed (\(reason)); install Debian's libyaml-0-2 package (apt-get install libyaml-0-2)"))
        }
        let table = UnsafeMutablePointer<fleetscan_libyaml>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = fleetscan_libyaml_load(library, table) {
            return .failure(YAMLError(line: 0, message: "dlsym: libyaml has no \(String(cString: missing)); install a current libyaml-0-2 (apt-get install libyaml-0-2)"))
        }
        return .success(table.pointee)
    }
}
