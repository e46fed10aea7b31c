import Foundation

public struct Library {}
