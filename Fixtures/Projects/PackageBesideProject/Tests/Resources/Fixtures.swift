import Foundation

public enum Fixtures {
    public static let bundle = Bundle.module
}
