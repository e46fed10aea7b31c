import SwiftUI

@main
struct PreviewApp: App {
    var body: some Scene { WindowGroup { Text("Preview") } }
}
