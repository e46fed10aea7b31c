import SwiftUI

@main
struct EmulatorApp: App {
    var body: some Scene { WindowGroup { Text("Emulator") } }
}
