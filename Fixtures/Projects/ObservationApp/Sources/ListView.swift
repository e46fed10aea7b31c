import SwiftUI

struct ListView: View {
    @Environment(Store.self) private var store

    var body: some View {
        List(store.items, id: \.self) { Text($0) }
            .overlay {
                if store.items.isEmpty {
                    ContentUnavailableView("Nothing yet", systemImage: "tray")
                }
            }
            .onChange(of: store.selection) { old, new in
                print(old ?? "", new ?? "")
            }
    }

    @ViewBuilder var guarded: some View {
        if #available(iOS 17.0, *) {
            ContentUnavailableView("Guarded", systemImage: "checkmark")
        }
    }
}
