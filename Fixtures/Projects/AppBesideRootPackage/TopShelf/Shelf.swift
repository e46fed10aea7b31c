import Foundation

final class Shelf {}
