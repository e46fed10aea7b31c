import SwiftUI

@main
struct GlucoseApp: App {
    var body: some Scene { WindowGroup { Text("Glucose") } }
}
