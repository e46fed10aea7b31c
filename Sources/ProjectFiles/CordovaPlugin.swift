/// What a Cordova plugin ships to iOS: the `<source-file>` and `<header-file>` of its
/// `plugin.xml`'s `<platform name="ios">`, relative to the manifest's folder (cordova-plugin-statusbar's
/// `src/ios/CDVStatusBar.m`). A plugin is a library every Cordova app links, as a pod is; it has
/// no project of its own. Read as text: a tag scan, not an XML parser, as the podspec reader is.
public enum CordovaPlugin {
    /// The iOS files the plugin declares, or nil when the file is no Cordova plugin for iOS
    /// (an Eclipse `plugin.xml`, a plugin's `tests/plugin.xml` that ships only JavaScript).
    public static func iosSources(_ bytes: [UInt8]) -> [String]? {
        guard Podspec.find(Array("<plugin".utf8), in: bytes, from: 0) != nil else { return nil }
        var sources: [String] = []
        var found = false
        var at = 0
        while let open = Podspec.find(Array("<platform".utf8), in: bytes, from: at) {
            let close = Podspec.find(Array("</platform>".utf8), in: bytes, from: open) ?? bytes.count
            at = close
            guard let tagEnd = bytes[open...].firstIndex(of: UInt8(ascii: ">")),
                  attribute("name", in: bytes[open..<tagEnd]) == "ios" else { continue }
            found = true
            var tag = tagEnd
            while tag < close, let start = bytes[tag..<close].firstIndex(of: UInt8(ascii: "<")) {
                let end = bytes[start..<close].firstIndex(of: UInt8(ascii: ">")) ?? close
                let element = bytes[start..<end]
                if element.starts(with: "<source-file".utf8) || element.starts(with: "<header-file".utf8),
                   let src = attribute("src", in: element) {
                    sources.append(src.hasPrefix("./") ? String(src.dropFirst(2)) : src)
                }
                tag = end
            }
        }
        return found ? sources : nil
    }

    /// The plugin's `id` (`cordova-plugin-statusbar`), or nil when it names none.
    public static func id(_ bytes: [UInt8]) -> String? {
        guard let open = Podspec.find(Array("<plugin".utf8), in: bytes, from: 0),
              let end = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        return attribute("id", in: bytes[open..<end])
    }

    /// The value of `name="…"` (or `'…'`) in a tag's bytes.
    static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
        let key = Array((name + "=").utf8)
        var i = tag.startIndex
        while i + key.count < tag.endIndex {
            if tag[i..<(i + key.count)].elementsEqual(key), i == tag.startIndex || !Podspec.isWord(tag[i - 1]) && tag[i - 1] != UInt8(ascii: "-") && tag[i - 1] != UInt8(ascii: ":") {
                let quote = tag[i + key.count]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
                let start = i + key.count + 1
                guard let stop = tag[start...].firstIndex(of: quote) else { return nil }
                return String(decoding: tag[start..<stop], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }
}
