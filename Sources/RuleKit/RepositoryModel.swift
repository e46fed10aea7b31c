import ProjectFiles
import SourceLexing

/// A type declared in the repository (each extension, category and implementation too).
public struct TypeDeclaration: Sendable, Equatable, Codable {
    public var name: String
    public var kind: TypeKind
    public var inherits: [String]
    public var path: String
    /// Byte offset of the declaration in its file.
    public var offset: Int
    /// Its members that its initializers, awakeFromNib, viewDidLoad… call (`FactExtractor.earlyCalls`):
    /// they run before the view is in a window, and so does a subclass's override of one.
    public var earlyMembers: [String] = []
    /// Early members one declaration records at most.
    public static let maximumEarlyMembers = 32

    public init(name: String, kind: TypeKind, inherits: [String], path: String, offset: Int, earlyMembers: [String] = []) {
        self.name = name
        self.kind = kind
        self.inherits = inherits
        self.path = path
        self.offset = offset
        self.earlyMembers = earlyMembers
    }
}

/// Where a repository-wide name is defined.
public struct DefinitionSite: Sendable, Equatable, Hashable, Codable {
    public var path: String
    public var line: Int
    /// Column in UTF-8 bytes, and in UTF-16 code units.
    public var column: Int
    public var column16: Int
    public var offset: Int

    public init(path: String, line: Int, column: Int, column16: Int? = nil, offset: Int) {
        self.path = path
        self.line = line
        self.column = column
        self.column16 = column16 ?? column
        self.offset = offset
    }

    /// The language of the defining file.
    public var language: Language { Language(path: path) ?? .swift }
}

/// A name whose value reads screen geometry: `#define SCREEN_WIDTH …`, `let kScale = …`,
/// `static var screenScale: CGFloat { … }`, `+ (CGFloat)screenWidth { return …; }`.
public struct GeometryAlias: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// `#define NAME value`
        case macro
        /// `#define NAME(x) value`
        case functionMacro
        /// A file-scope or static constant or computed property.
        case constant
        /// A parameterless global or static function, or C function.
        case function
        /// A parameterless Objective-C class method.
        case classMethod
        /// An instance member of an extension of `UIDevice` or `UITraitCollection` (a computed
        /// `var` or parameterless `func`), used as `UIDevice.current.isPad` or
        /// `traitCollection.isPad`: an idiom helper in all but name.
        case member
        /// The same as a parameterless `func`: `UIDevice.current.isiPad()`.
        case memberFunction
    }
    public var name: String
    public var kind: Kind
    /// The type that owns a static member or class method; nil for globals and macros.
    public var owner: String?
    public var site: DefinitionSite
    /// Languages whose files can use it: Swift globals are invisible to Objective-C, and
    /// Swift imports no macro but a plain number.
    public var languages: Set<Language>
    /// Only the defining file can use it: a macro or constant in a `.m` file, a `private` Swift global.
    public var fileLocal: Bool
    /// The rule a read of the value gets: `main-screen-bounds`, `main-screen-scale`,
    /// `main-screen` or `screen-size-device-check`.
    public var rule: RuleID
    public var facet: Facet
    /// Whether the value is a screen dimension (so comparing it with a number is a device check).
    public var isDimension: Bool
    /// What the value reads, for messages: `UIScreen.main.bounds`, or another alias's name.
    public var reads: String
    /// Bytes of the definition whose reads its own finding replaces.
    public var subsumed: Range<Int>
    /// An idiom helper that reads the interface orientation too: it answers portrait or landscape
    /// by device (`interfaceOrientation.isPortrait || idiom != .phone`).
    public var readsOrientation: Bool
    /// An idiom helper answering "a phone in landscape" (`isLandscape && idiom == .phone`): a
    /// window short in height, which the vertical size class says.
    public var landscapePhone: Bool

    public init(name: String, kind: Kind, owner: String?, site: DefinitionSite, languages: Set<Language>, fileLocal: Bool,
                rule: RuleID, facet: Facet, isDimension: Bool, reads: String, subsumed: Range<Int>, readsOrientation: Bool = false,
                landscapePhone: Bool = false) {
        self.readsOrientation = readsOrientation
        self.landscapePhone = landscapePhone
        self.subsumed = subsumed
        self.fileLocal = fileLocal
        self.languages = languages
        self.name = name
        self.kind = kind
        self.owner = owner
        self.site = site
        self.rule = rule
        self.facet = facet
        self.isDimension = isDimension
        self.reads = reads
    }
}

/// A constant that hard-codes a bar height or safe-area inset (`kNavBarHeight = 64`).
public struct BarHeightConstant: Sendable, Equatable {
    public var name: String
    public var owner: String?
    public var site: DefinitionSite
    /// Languages whose files can use it.
    public var languages: Set<Language>
    /// Only the defining file can use it.
    public var fileLocal: Bool

    public init(name: String, owner: String?, site: DefinitionSite, languages: Set<Language>, fileLocal: Bool) {
        self.fileLocal = fileLocal
        self.name = name
        self.owner = owner
        self.site = site
        self.languages = languages
    }
}

/// What rules may know about the repository beyond the file they read: types and their
/// ancestry, geometry aliases, bar-height constants, window subclasses. Immutable once built.
public struct RepositoryModel: Sendable {
    /// What the repository says about one type name, over all its declarations.
    public struct TypeEntry: Sendable, Equatable {
        /// Superclass and protocols, each once, in the order declarations first name them (10,000
        /// files declaring one class would otherwise make every ancestry walk 10,000 steps long).
        public private(set) var parents: [String] = []
        /// Declared here (not merely extended).
        public var declared = false
        /// A file that declares or extends it.
        public var path = ""
        /// Members its declarations call before the view is in a window (`TypeDeclaration.earlyMembers`), each once.
        public private(set) var earlyMembers: [String] = []

        public init(parents: [String] = [], declared: Bool = false, path: String = "") {
            add(parents)
            self.declared = declared
            self.path = path
        }

        /// The entry of a type from its declarations in repository order (files in path order).
        public init(_ declarations: some Sequence<TypeDeclaration>) {
            for t in declarations {
                if path.isEmpty { path = t.path }
                add(t.inherits)
                addEarly(t.earlyMembers)
                if !t.kind.extendsExisting { declared = true }
            }
        }

        /// Adds the early members not there yet.
        public mutating func addEarly(_ names: [String]) {
            for name in names where !earlyMembers.contains(name) { earlyMembers.append(name) }
        }

        /// Adds the names not there yet.
        public mutating func add(_ names: [String]) {
            for name in names where !parents.contains(name) { parents.append(name) }
        }
    }
    public private(set) var types: [String: TypeEntry] = [:]
    public private(set) var aliases: [String: [GeometryAlias]] = [:]
    public private(set) var barConstants: [String: [BarHeightConstant]] = [:]
    /// Types declared here whose ancestry reaches `UIWindow`.
    public private(set) var windowTypes: Set<String> = []
    /// Hash of every alias, bar-constant and window-type name → the paths defining it.
    public private(set) var definingPaths: [UInt32: Set<String>] = [:]
    /// Per path, the alias definitions whose findings replace those of the reads inside them:
    /// disjoint ranges in order, searched by halving (a file of 80,000 definitions asks once
    /// per read).
    private var subsumed: [String: [Range<Int>]] = [:]
    /// The project files' view of the repository, set once they are read.
    public var project = ProjectModel()
    /// Objective-C macros defined as conditions, by name (the first definition in path order).
    public var platformMacros: [String: String] = [:]
    /// Names Swift code assigns anywhere: a stored `var` of such a name is no alias.
    public var assignedNames: Set<String> = []
    /// Every type name the repository declares (set once all files are read).
    public var declaredTypeNames: Set<String> = []
    /// Objective-C classes whose `@interface` says `API_AVAILABLE(ios(N))`, and methods and
    /// properties (`Type selector`) whose declaration in an `@interface` or category says so,
    /// with N: code of their implementations (in any file) runs only from N on.
    public var classAvailability: [String: OSVersion] = [:]
    /// Hashes of file-local names (they never make another file need a second pass).
    private var localNames: Set<UInt32> = []
    /// One bit per (hash mod 2^16) of every name above: most identifiers are answered by one
    /// load. Empty when there are no names.
    private var nameFilter: [UInt64] = []

    public init() {}

    /// Builds the model; `types` is called with a function that records one declaration.
    public init(types: ((TypeDeclaration) -> Void) -> Void, aliases: [GeometryAlias], barConstants: [BarHeightConstant]) {
        var entries: [String: TypeEntry] = [:]
        types { t in
            entries[t.name, default: TypeEntry(path: t.path)].add(t.inherits)
            entries[t.name]!.addEarly(t.earlyMembers)
            if !t.kind.extendsExisting { entries[t.name]!.declared = true }
        }
        self.init(typeEntries: entries, windowTypes: Self.descendants(of: "UIWindow", in: entries), aliases: aliases,
                  barConstants: barConstants)
    }

    /// Builds the model from type entries already aggregated (and the window subclasses among
    /// them): what history keeps up to date file by file instead of rebuilding.
    public init(typeEntries entries: [String: TypeEntry], windowTypes: Set<String>, aliases: [GeometryAlias],
                barConstants: [BarHeightConstant]) {
        self.types = entries
        self.windowTypes = windowTypes
        for a in aliases { self.aliases[a.name, default: []].append(a) }
        for b in barConstants { self.barConstants[b.name, default: []].append(b) }
        for a in aliases {
            if !a.fileLocal { definingPaths[identifierHash(a.name), default: []].insert(a.site.path) }
            if !a.subsumed.isEmpty { subsumed[a.site.path, default: []].append(a.subsumed) }
        }
        for (path, ranges) in subsumed { subsumed[path] = Self.disjoint(ranges) }
        for b in barConstants where !b.fileLocal { definingPaths[identifierHash(b.name), default: []].insert(b.site.path) }
        for a in aliases where a.fileLocal { localNames.insert(identifierHash(a.name)) }
        for b in barConstants where b.fileLocal { localNames.insert(identifierHash(b.name)) }
        for name in windowTypes { definingPaths[identifierHash(name), default: []].insert(entries[name]!.path) }
        if !definingPaths.isEmpty || !localNames.isEmpty { nameFilter = [UInt64](repeating: 0, count: 1024) }
        for h in definingPaths.keys { nameFilter[Int(h & 0xFFFF) >> 6] |= 1 << (h & 63) }
        for h in localNames { nameFilter[Int(h & 0xFFFF) >> 6] |= 1 << (h & 63) }
    }

    /// Convenience for tests and small inputs.
    public init(types: [TypeDeclaration], aliases: [GeometryAlias], barConstants: [BarHeightConstant]) {
        self.init(types: { record in types.forEach(record) }, aliases: aliases, barConstants: barConstants)
    }

    /// Whether `offset` in `path` lies in an alias definition whose own finding replaces the
    /// findings of the reads inside it.
    public func subsumes(path: String, offset: Int) -> Bool {
        guard let ranges = subsumed[path] else { return false }
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(offset)
    }

    /// Sorted, overlapping and touching ranges joined.
    static func disjoint(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Whether the model knows any name worth re-reading a file for.
    public var hasNames: Bool { !definingPaths.isEmpty || !localNames.isEmpty }

    @inline(__always) func filtered(_ hash: UInt32) -> Bool {
        !nameFilter.isEmpty && nameFilter[Int(hash & 0xFFFF) >> 6] & (1 << (hash & 63)) != 0
    }

    /// Whether `hash` may be a name the model defines (in any file, file-local ones included).
    @inline(__always) public func mayDefine(hash: UInt32) -> Bool {
        filtered(hash) && (definingPaths[hash] != nil || localNames.contains(hash))
    }

    // MARK: Roles and contexts

    /// What a type is, from its ancestry.
    public struct TypeRoles: OptionSet, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let view = TypeRoles(rawValue: 1)
        public static let viewController = TypeRoles(rawValue: 2)
        public static let appDelegate = TypeRoles(rawValue: 4)
        public static let sceneDelegate = TypeRoles(rawValue: 8)
        public static let swiftUIView = TypeRoles(rawValue: 16)
        public static let window = TypeRoles(rawValue: 32)
        public static let swiftUIApp = TypeRoles(rawValue: 64)
        /// A `UIPresentationController`: it lays out in its `containerView`.
        public static let presentationController = TypeRoles(rawValue: 128)
        /// A table or collection view cell: sized by its list, and by its content when it sizes itself.
        public static let cell = TypeRoles(rawValue: 256)
        /// A SwiftUI `ViewModifier`: a view's code with no view of its own (mlem's keyboard padding).
        public static let viewModifier = TypeRoles(rawValue: 512)
        /// An `ObservableObject`: state SwiftUI views read (ExyteChat's keyboard state).
        public static let observableObject = TypeRoles(rawValue: 1024)
    }

    /// Whether a superclass (or any ancestor) of `name` declared here calls one of `members`
    /// before its view is in a window (Material's `View.init` calling `prepare()`): an override
    /// of it in `name` runs that early too.
    public func callsEarly(_ name: String, anyOf members: Set<String>) -> Bool {
        guard !members.isEmpty else { return false }
        var seen: Set<String> = [name]
        var queue = types[name]?.parents ?? []
        while let current = queue.popLast() {
            guard seen.insert(current).inserted, seen.count < 64, let entry = types[current] else { continue }
            if entry.earlyMembers.contains(where: members.contains) { return true }
            queue.append(contentsOf: entry.parents)
        }
        return false
    }

    /// The roles of a type name: from its declarations here, else from UIKit's own names.
    /// Computed on demand: only types that have findings need them.
    public func roles(of name: String) -> TypeRoles {
        computeRoles(name)
    }

    /// Whether some type the repository holds has the scene-delegate role: what `roles(of:)`
    /// of each says. Only UIKit's scene-delegate protocols give that role, so without a type
    /// that is one or lists one among its parents no ancestry can reach them, and none is
    /// walked (a repository without scenes walked every type's at every model).
    public var hasSceneDelegate: Bool {
        let protocols = KnownTypes.sceneDelegateProtocols
        guard types.contains(where: { protocols.contains($0.key) || $0.value.parents.contains(where: protocols.contains) }) else { return false }
        return types.keys.contains { roles(of: $0).contains(.sceneDelegate) }
    }

    /// Every declared type whose ancestry reaches `root`, found by walking down a children index.
    public static func descendants(of root: String, in types: [String: TypeEntry]) -> Set<String> {
        descendants(of: [root], in: types)
    }

    /// Every declared type whose ancestry reaches one of `roots`.
    public static func descendants(of roots: [String], in types: [String: TypeEntry]) -> Set<String> {
        var children: [String: [String]] = [:]
        for (name, entry) in types { for parent in entry.parents where parent != name { children[parent, default: []].append(name) } }
        var found: Set<String> = []
        var queue = roots.flatMap { children[$0] ?? [] }
        while let name = queue.popLast() {
            guard found.insert(name).inserted else { continue }
            queue.append(contentsOf: children[name] ?? [])
        }
        return found
    }

    private func computeRoles(_ name: String) -> TypeRoles {
        var result: TypeRoles = []
        var seen: Set<String> = []
        var queue = [name]
        while let current = queue.popLast() {
            guard seen.insert(current).inserted, seen.count < 64 else { continue }
            // A name the repository declares itself (not merely extends) is the repository's:
            // a VIPER `protocol View` is not SwiftUI's View. Apple's own prefixes stay Apple's: a
            // vendored UIKit for the Mac (iCarousel's Chameleon demo) declares `UIView` and
            // `UIApplicationDelegate`, and the iOS code beside it still means UIKit's.
            let entry = types[current]
            if !(entry?.declared ?? false) || current.hasPrefix("UI") || current.hasPrefix("NS") {
                result.formUnion(KnownTypes.roles(of: current))
            }
            queue.append(contentsOf: entry?.parents ?? [])
        }
        return result
    }

    /// Whether code in `type` is in an extension of SwiftUI's `View` protocol: `View`, unless the
    /// repository declares a `View` of its own (Material's `open class View: UIView`).
    public func extendsSwiftUIView(_ type: String?) -> Bool {
        type == "View" && types["View"]?.declared != true
    }

    /// The context of code in `type` (and, for a type that is both, in `function`).
    public func context(ofType type: String?, function: String?) -> Context {
        // An extension of SwiftUI's `View` protocol is code every view gets, with no view of its own.
        guard let type, !extendsSwiftUIView(type) else { return .other }
        let r = roles(of: type)
        if r.contains(.sceneDelegate), r.contains(.appDelegate) {
            let f = (function ?? "").lowercased()
            return f.hasPrefix("scene") || f.hasPrefix("window") ? .sceneDelegate : .appDelegate
        }
        if r.contains(.sceneDelegate) { return .sceneDelegate }
        if r.contains(.appDelegate) { return .appDelegate }
        if r.contains(.viewController) { return .viewController }
        if r.contains(.view) || r.contains(.swiftUIView) { return .view }
        return .other
    }

    /// Whether `type` is a SwiftUI view (its fixes differ from UIKit views').
    public func isSwiftUIView(_ type: String?) -> Bool {
        // `extension View { func edgePadding() … }`: a modifier of any view, with no environment
        // or offered size of its own to read (Swiftfin); it takes what it needs as a parameter.
        guard let type, !extendsSwiftUIView(type) else { return false }
        let r = roles(of: type)
        return r.contains(.swiftUIView) && !r.contains(.view)
    }

    /// Whether a name used in `path` is defined in another file: the test for re-reading
    /// a file with the whole repository's facts.
    public func isDefinedElsewhere(hash: UInt32, than path: String) -> Bool {
        guard filtered(hash), let paths = definingPaths[hash] else { return false }
        return paths.count > 1 || !paths.contains(path)
    }
}

/// UIKit and SwiftUI names whose role is known without a declaration in the repository.
public enum KnownTypes {
    public static let viewControllers: Set<String> = [
        "UIViewController", "UINavigationController", "UITabBarController", "UITableViewController",
        "UICollectionViewController", "UISplitViewController", "UIPageViewController", "UIHostingController",
        "UIAlertController", "UISearchController", "UIImagePickerController", "UIActivityViewController",
        "UIDocumentPickerViewController", "UIDocumentBrowserViewController", "UIInputViewController",
        "UIReferenceLibraryViewController", "UIVideoEditorController", "UICloudSharingController",
        "UIFontPickerViewController", "UIColorPickerViewController", "AVPlayerViewController",
        "SFSafariViewController", "MFMailComposeViewController", "MFMessageComposeViewController",
        "PHPickerViewController", "QLPreviewController", "CNContactViewController", "GKGameCenterViewController",
        "SKStoreProductViewController",
    ]
    public static let views: Set<String> = [
        "UIView", "UIControl", "UIButton", "UILabel", "UIImageView", "UIScrollView", "UITableView",
        "UICollectionView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView",
        "UITableViewHeaderFooterView", "UIStackView", "UITextField", "UITextView", "UIVisualEffectView",
        "UINavigationBar", "UITabBar", "UIToolbar", "UISearchBar", "UISwitch", "UISlider", "UISegmentedControl",
        "UIActivityIndicatorView", "UIProgressView", "UIPickerView", "UIDatePicker", "UIPageControl", "UIStepper",
        "UIWindow", "UIInputView", "UIRefreshControl", "UIColorWell", "UIContentUnavailableView",
        "UICalendarView", "UIListContentView", "WKWebView", "MKMapView",
        "MKAnnotationView", "MKMarkerAnnotationView", "SKView", "SCNView", "ARSCNView", "ARView", "MTKView",
        "GLKView", "PDFView", "PHLivePhotoView", "AVRoutePickerView",
    ]
    /// A representable is a SwiftUI view too: its `@Environment` values are its own (HXPhotoPicker's picker).
    public static let swiftUIViews: Set<String> = ["View", "UIViewRepresentable", "UIViewControllerRepresentable"]
    /// The only names that give the scene-delegate role (`RepositoryModel.hasSceneDelegate`).
    public static let sceneDelegateProtocols = ["UIWindowSceneDelegate", "UISceneDelegate"]

    public static func roles(of name: String) -> RepositoryModel.TypeRoles {
        var r: RepositoryModel.TypeRoles = []
        if viewControllers.contains(name) { r.insert(.viewController) }
        if views.contains(name) { r.insert(.view) }
        if swiftUIViews.contains(name) { r.insert(.swiftUIView) }
        if name == "UIWindow" { r.insert(.window) }
        if name == "UIApplicationDelegate" { r.insert(.appDelegate) }
        if sceneDelegateProtocols.contains(name) { r.insert(.sceneDelegate) }
        if name == "App" { r.insert(.swiftUIApp) }
        if name == "UIPresentationController" { r.insert(.presentationController) }
        if name == "UITableViewCell" || name == "UICollectionViewCell" { r.insert(.cell) }
        if name == "ViewModifier" { r.insert(.viewModifier) }
        if name == "ObservableObject" { r.insert(.observableObject) }
        if r.isEmpty { r = byName(name) }
        return r
    }

    /// The role a class name says it has, for a superclass the repository does not declare — one
    /// from a pod or package it does not hold (`KINWebBrowserViewController`, `StyledTextView`):
    /// view controllers are named so, and so are views. Without it their subclasses' code had no
    /// view to ask, and was told to take its size class "as a parameter".
    static func byName(_ name: String) -> RepositoryModel.TypeRoles {
        if ["ViewController", "NavigationController", "TabBarController"].contains(where: name.hasSuffix) { return [.viewController] }
        if name.hasSuffix("Cell"), name.count > 4 { return [.view, .cell] }
        if ["View", "Button", "Label"].contains(where: name.hasSuffix), name.count > 4 { return [.view] }
        return []
    }
}
