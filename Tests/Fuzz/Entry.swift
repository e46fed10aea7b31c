import Foundation

// libFuzzer's two entry points (its own `main` calls them). This folder has more than one file,
// so SwiftPM compiles it as a library without a `main` of its own.

nonisolated(unsafe) var selected: (@Sendable ([UInt8]) -> Void)?  // set once, before libFuzzer calls in

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["FLEETSCAN_FUZZ_TARGET"] ?? ""
    guard let target = targets[name] else {
        FileHandle.standardError.write(Data("FLEETSCAN_FUZZ_TARGET must be one of: \(targets.keys.sorted().joined(separator: ", "))\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected?(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
