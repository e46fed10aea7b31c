/// What a CocoaPods spec ships: the `source_files` patterns of a `.podspec` (Ruby, read as text
/// and never run) or a `.podspec.json`, its subspecs' included, relative to the spec's folder,
/// with `{h,m}` alternatives expanded (`Kit/**/*.{h,m}` → `Kit/**/*.h`, `Kit/**/*.m`).
/// A pattern built by Ruby interpolation (`"#{s.name}/**/*"`) cannot be known without running
/// the spec and is left out: the files it names keep the scope their targets give them.
public enum Podspec {
    public static func sourceFiles(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        let key = Array("source_files".utf8)
        var i = 0
        while let at = find(key, in: bytes, from: i) {
            i = at + key.count
            // `s.source_files = …` or `"source_files": …`, the key a whole word.
            if at > 0, isWord(bytes[at - 1]) || (i < bytes.count && isWord(bytes[i])) { continue }
            if commented(at, in: bytes) { continue }
            var j = i
            if j < bytes.count, bytes[j] == UInt8(ascii: "\"") { j += 1 }
            while j < bytes.count, bytes[j] == 32 || bytes[j] == 9 { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") || bytes[j] == UInt8(ascii: ":") else { continue }
            j += 1
            // The value: quoted strings to the end of the line, or of the array it opens.
            var depth = 0
            while j < bytes.count {
                let b = bytes[j]
                if b == UInt8(ascii: "[") { depth += 1 }
                if b == UInt8(ascii: "]") { depth -= 1; if depth <= 0 { break } }
                if b == 10, depth <= 0 { break }
                if b == UInt8(ascii: "#"), j + 1 < bytes.count, bytes[j + 1] != UInt8(ascii: "{") { while j < bytes.count, bytes[j] != 10 { j += 1 }; continue }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    var e = j + 1
                    while e < bytes.count, bytes[e] != b, bytes[e] != 10 { e += 1 }
                    guard e < bytes.count, bytes[e] == b else { break }
                    let text = String(decoding: bytes[(j + 1)..<e], as: UTF8.self)
                    if !text.contains("#{"), !text.isEmpty { out += expanded(text) }
                    j = e + 1
                    continue
                }
                j += 1
            }
            i = j
        }
        return out
    }

    /// The platforms a spec names in its `platform`, `platforms` or `<os>.deployment_target`
    /// lines (`s.platform = :ios, '9.0'`, `s.ios.deployment_target = '12.0'`, JSON
    /// `"platforms": {"ios": "12.0"}`); empty when it names none — CocoaPods then builds the pod
    /// for every platform.
    public static func platforms(_ bytes: [UInt8]) -> Set<Platform> {
        var found: Set<Platform> = []
        var inPlatforms = false
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            var text = String(decoding: line, as: UTF8.self)
            if let hash = text.firstIndex(of: "#"), !text[hash...].hasPrefix("#{") { text = String(text[..<hash]) }
            var lower = text.lowercased()
            // A JSON spec's `"platforms": {` names them on the lines that follow, to its `}`.
            let names = lower.contains("platform") || lower.contains("deployment_target") || inPlatforms
            if lower.contains("\"platforms\"") && lower.contains("{") {
                inPlatforms = !lower.contains("}")
            } else if inPlatforms, let close = lower.firstIndex(of: "}") {
                lower = String(lower[..<close])
                inPlatforms = false
            }
            guard names else { continue }
            var word = ""
            for c in lower + " " {
                if c.isLetter || c.isNumber || c == "_" { word.append(c); continue }
                switch word {
                case "ios": found.insert(.iOS)
                case "osx", "macos": found.insert(.macOS)
                case "tvos": found.insert(.tvOS)
                case "watchos": found.insert(.watchOS)
                case "visionos": found.insert(.visionOS)
                default: break
                }
                word = ""
            }
        }
        return found
    }

    /// Whether the spec is an old release kept in a folder named for its version
    /// (`podspecs/0.9.1/TSMessages.podspec.json`, a specs repository's `Specs/Kit/1.2.0/`): its
    /// `source_files` are that release's, relative to a root that is not there, so it is no
    /// target of this revision.
    public static func isArchived(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { part in
            part.contains(".") && part.allSatisfy { $0.isNumber || $0 == "." } && part.first?.isNumber == true
        }
    }

    /// The pod's name: the spec's file name without `.podspec` or `.podspec.json`.
    public static func name(ofSpecAt path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".podspec.json", ".podspec"] where file.hasSuffix(suffix) { return String(file.dropLast(suffix.count)) }
        return file
    }

    /// `a.{h,m}` → `a.h`, `a.m`, every group in turn.
    static func expanded(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let head = pattern[..<open], tail = pattern[pattern.index(after: close)...]
        return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            .flatMap { expanded(String(head) + $0.trimmingSpaces + String(tail)) }
    }

    /// Whether a Ruby `#` comment (not a `#{` interpolation) starts on the line before `at`.
    static func commented(_ at: Int, in bytes: [UInt8]) -> Bool {
        var start = at
        while start > 0, bytes[start - 1] != 10 { start -= 1 }
        var quote: UInt8? = nil
        for j in start..<at {
            let b = bytes[j]
            if let q = quote { if b == q { quote = nil }; continue }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b; continue }
            if b == UInt8(ascii: "#"), j + 1 >= bytes.count || bytes[j + 1] != UInt8(ascii: "{") { return true }
        }
        return false
    }

    static func isWord(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        ByteSearch.firstIndex(of: needle, in: bytes, from: start)
    }
}
