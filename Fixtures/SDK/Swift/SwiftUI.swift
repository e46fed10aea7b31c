// Stand-ins for the SwiftUI API that fleetscan's fix texts name for SwiftUI views, so
// `SDKCheck.swift` can type-check them on Linux (see UIKit.swift). Availability is Apple's
// (developer.apple.com/documentation/swiftui/…); bodies are placeholders: nothing here runs.
import Foundation

public protocol View {
    associatedtype Body: View
    var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public enum UserInterfaceSizeClass: Hashable { case compact, regular }
public enum ColorScheme: Hashable { case light, dark }

public struct EnvironmentValues {
    public var horizontalSizeClass: UserInterfaceSizeClass? { nil }
    public var verticalSizeClass: UserInterfaceSizeClass? { nil }
    public var displayScale: CGFloat { 1 }
    public var colorScheme: ColorScheme { .light }
}

@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
}

public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/viewthatfits: iOS 16.0.
@available(iOS 16.0, *)
public struct ViewThatFits<Content: View>: View {
    public init(in axes: Axis = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/uiviewrepresentable: iOS 13.0.
@available(iOS 13.0, *)
public protocol UIViewRepresentable: View {
    associatedtype UIViewType: UIView
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock<C: View>(_ content: C) -> C { content }
}

public struct Axis: OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = Axis(rawValue: 1), vertical = Axis(rawValue: 2)
}

extension View {
    @available(iOS 17.0, *)
    public func containerRelativeFrame(_ axes: Axis) -> EmptyView { EmptyView() }
}
