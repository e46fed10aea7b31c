import SwiftUI

@main
struct ObservationApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            ListView().environment(store)
        }
    }
}
