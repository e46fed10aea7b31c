import Testing
@testable import History
import Rules
@testable import ScanEngine
import TestSupport

/// The memo's binary form: every shape the facts and analyses use, optionals that are absent
/// in the middle of a struct, and the errors a damaged entry gives.
@Suite struct BinaryCodingTests {
    enum Shape: String, Codable, Equatable { case square, circle }
    enum Byte: UInt8, Codable, Equatable { case zero = 0, two = 2 }
    indirect enum Tree: Codable, Equatable { case leaf(Int), node(Tree, Tree), empty }

    struct Everything: Codable, Equatable {
        var int = -42, int8: Int8 = -8, int32: Int32 = .min, int64: Int64 = .max, uint8: UInt8 = 255, uint16: UInt16 = 65_535
        var uint32: UInt32 = .max, uint64: UInt64 = .max, double = -0.125, float: Float = 3.5, flag = true
        var text = "UIScreen.main.bounds — 屏幕 🙂"
        var empty = ""
        var first: String? = "present"
        var middle: Int? = nil
        var last: [Int]? = [1, 2]
        var list = [3, 1, 2]
        var nested = [["a"], [], ["b", "c"]]
        var set: Set<String> = ["x", "y"]
        var byShape = [Shape.square: 1]  // keys other than String and Int go as a key, value list
        var shape = Shape.circle
        var byte = Byte.two
        var range = 3..<9
    }

    @Test func everyShapeRoundTrips() throws {
        let value = Everything()
        #expect(try BinaryCoding.decode(Everything.self, from: BinaryCoding.encode(value)) == value)
        var sparse = Everything()
        sparse.first = nil
        sparse.last = nil
        sparse.middle = 7
        #expect(try BinaryCoding.decode(Everything.self, from: BinaryCoding.encode(sparse)) == sparse)
    }

    @Test func encodingIsDeterministic() throws {
        // Memo keys and fact signatures hash these bytes: the same value, the same bytes.
        #expect(try BinaryCoding.encode(Everything()) == BinaryCoding.encode(Everything()))
    }

    @Test func anEnumStoredAsAByteIsTheByte() throws {
        #expect(try BinaryCoding.encode(Byte.two) == BinaryCoding.encode(UInt8(2)))
        #expect(try BinaryCoding.decode(MemoRecord.Kind.self, from: BinaryCoding.encode(UInt8(1))) == .skipped)
        #expect(throws: (any Error).self) { try BinaryCoding.decode(MemoRecord.Kind.self, from: BinaryCoding.encode(UInt8(9))) }
    }

    @Test func damagedEntriesAreErrorsNotValues() throws {
        let bytes = try BinaryCoding.encode(Everything())
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: (any Error).self, "cut at \(cut)") { try BinaryCoding.decode(Everything.self, from: Array(bytes.prefix(cut))) }
        }
        #expect(throws: BinaryCodingError.self) { try BinaryCoding.decode(Everything.self, from: bytes + [0]) }
        #expect(throws: (any Error).self) { try BinaryCoding.decode([String].self, from: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) }
    }

    /// Keys are stored as hashes, so what decodes by listing its keys — a dictionary keyed by
    /// strings or integers, an enum with associated values — cannot:
    /// it decodes as an error (an entry analysed again), never as a wrong value. No memo type
    /// holds one.
    @Test func aStringKeyedDictionaryIsAnErrorNotAWrongValue() throws {
        struct Keyed: Codable, Equatable { var map = ["k": 1]; var after = 5 }
        #expect(throws: (any Error).self) { try BinaryCoding.decode(Keyed.self, from: BinaryCoding.encode(Keyed())) }
        #expect(throws: (any Error).self) { try BinaryCoding.decode([String: Int].self, from: BinaryCoding.encode(["k": 1])) }
        // Enums with associated values decode through allKeys too.
        #expect(throws: (any Error).self) { try BinaryCoding.decode(Tree.self, from: BinaryCoding.encode(Tree.node(.leaf(1), .empty))) }
        struct ByNumber: Codable, Equatable { var map = [3: "c"]; var after = 5 }
        #expect(throws: (any Error).self) { try BinaryCoding.decode(ByNumber.self, from: BinaryCoding.encode(ByNumber())) }
    }

    @Test func aBareNilCannotBeEncoded() {
        #expect(throws: BinaryCodingError.self) { try BinaryCoding.encode([Int?.none]) }
    }

    @Test func memoEntriesRoundTrip() throws {
        let scan = try PathScan.prepare([repositoryRoot + "/Fixtures/SampleApp"])
        var checked = 0
        for file in scan.files {
            guard case .analyzed(let a) = TreeScan.firstPass(file, analyzer: Analyzer()) else { continue }
            let record = try #require(MemoRecord(.analyzed(a)))
            let back = try BinaryCoding.decode(MemoRecord.self, from: BinaryCoding.encode(record))
            #expect(back.analysis == a)
            checked += 1
        }
        #expect(checked >= 5)
        #expect(throws: BinaryCodingError.self) { try BinaryCoding.decode(MemoRecord.self, from: [1, 2, 3]) }
    }
}
