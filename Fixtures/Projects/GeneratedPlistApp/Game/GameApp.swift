import SwiftUI

@main
struct GameApp: App {
    var body: some Scene {
        WindowGroup { GameView() }
    }
}

struct GameView: View {
    var body: some View {
        Text("Play").frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
