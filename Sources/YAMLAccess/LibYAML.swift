import CLibYAML
import DynamicLibrary

/// libyaml, loaded when a YAML document is first parsed rather than linked: a process that
/// reads no XcodeGen project or YAML configuration never loads it. CLibYAML's shim lists the
/// functions YAMLAccess calls and looks them all up at once; a missing library or function is a
/// `YAMLError` from `YAML.parse` naming the Debian package.
enum LibYAML {
    /// The library's file names: Debian's libyaml-0-2 installs `libyaml-0.so.2`; `libyaml.so`
    /// is the -dev package's link.
    static let library = DynamicLibrary(name: "libyaml", files: ["libyaml-0.so.2", "libyaml.so"], variable: "FLEETSCAN_LIBYAML", package: "libyaml-0-2")

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_libyaml, YAMLError> = load(library.candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libyaml, YAMLError> {
        library.load(candidates, fill: { fleetscan_libyaml_load($0, $1) }).mapError { failure in
            YAMLError(line: 0, message: failure.function + ": " + library.message(failure))
        }
    }
}
