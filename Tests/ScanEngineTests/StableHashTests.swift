import Testing
import ScanEngine
import StableHashing

/// The values are stored (fingerprints in baselines, memo keys, mirror folder names) and
/// compared across processes: pinned here, they cannot change by accident.
@Suite struct StableHashTests {
    @Test func valuesArePinned() {
        #expect(StableHash.of("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.of("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.of32("a") == 0xe40c_292c)
        #expect(StableHash.hex(0xab) == "00000000000000ab")
        #expect(Fingerprint.of("main-screen-bounds\u{0}A.swift") == "414c2570c7148d45d0cf6c4e8cb23b5b")
    }
}
