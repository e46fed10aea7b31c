import RuleKit
import SourceLexing

/// One place where code reads screen geometry, directly or through an alias, and the rule
/// that owns it. The four screen rules each report the sites whose rule is theirs.
struct GeometrySite {
    var rule: RuleID
    var facet: Facet
    var token: Int
    var message: String
    var shapes: SiteShapes = []
    /// The view the code draws, when a scale is for drawing it (`FixSite.subject`).
    var subject: String? = nil

    /// The geometry site anchored at token `k` (a `UIScreen` or an alias name), if any.
    static func at(_ k: Int, in f: CodeFile, model: RepositoryModel) -> GeometrySite? {
        if f.is(k, .UIScreen) { return direct(k, in: f, model: model) }
        return aliasUse(k, in: f, model: model)
    }

    static func direct(_ k: Int, in f: CodeFile, model: RepositoryModel) -> GeometrySite? {
        guard let read = ScreenRead.at(k, in: f), !model.subsumes(path: f.path, offset: Int(f[k].start)) else { return nil }
        // Put into a User-Agent, a log line or an analytics value, or kept by a telemetry type: data, not layout.
        if Expr.isFormattedIntoText(read.chain.start, in: f) || Expr.inTelemetry(k, in: f) { return nil }
        // Kept in a local that is only ever put into text (a snapshot's reference-image name,
        // `_%.0fx%.0f` of the screen size, `@%.fx` of its scale): data as well.
        if Self.keptOnlyForText(read, in: f) { return nil }
        // The frame of a keyboard's accessory or input view, which the keyboard sizes to its own width.
        if read.kind == .bounds, Self.isKeyboardAccessoryFrame(k, in: f) { return nil }
        // An environment key's default (Blueprint's `DisplayScaleKey.defaultValue`): the value where
        // no view has set one — the view in a window sets its own.
        if Expr.isEnvironmentDefault(k, in: f) { return nil }
        if Expr.isWindowGeometryFallback(read.chain.start, in: f) { return nil }
        let text = Expr.snippet(read.chain.start, read.chain.end, in: f)
        // A dimension kept in a local and compared later (`CGFloat h = [UIScreen mainScreen].bounds.size.height;
        // if (h == 568)`, `BOOL full = self.view.tz_height == h`): one step of data flow, in one function.
        let keptIn = read.isDimension ? Self.localUses(read, in: f) : []
        if read.isDimension {
            let (a, b) = Expr.widenArithmetic(read.chain.start, read.chain.end, in: f)
            if Expr.isComparedWithLiteral(a, b, in: f) || Expr.isComparedWithDeviceSizeName(a, b, in: f)
                || keptIn.contains(where: { u in let (a, b) = Expr.widen(u, u, in: f); return Expr.isComparedWithLiteral(a, b, in: f) || Expr.isComparedWithDeviceSizeName(a, b, in: f) }) {
                return GeometrySite(rule: .screenSizeDeviceCheck, facet: .size, token: k,
                                    message: "`\(text)` is compared with a fixed size to guess the device; windows resize to any size")
            }
        }
        // In a function whose answer is text, what is not compared to guess the device is the text's.
        if Expr.inTextFunction(k, in: f) { return nil }
        var site = Self.direct(read, text: text, keptIn: keptIn, at: k, in: f)
        if site != nil, Self.worksOutOrientation(k, in: f) { site!.shapes.insert(.orientationFromScreen) }
        if site != nil, (f.enclosingFunction(of: k)?.scope.name ?? f.memberDeclared(at: k)?.name) == "intrinsicContentSize" {
            site!.shapes.insert(.intrinsicSize)
        }
        if site != nil, Expr.isAssignedToSharedSetting(read.chain.start, in: f) { site!.shapes.insert(.sharedSetting) }
        if site != nil, GeometryFixes.inScreenWrapper(k, in: f) { site!.shapes.insert(.screenWrapper) }
        if site != nil { site!.shapes.formUnion(Self.defaultArgumentShapes(Expr.widen(read.chain.start, read.chain.end, in: f).0, at: k, in: f)) }
        return site
    }

    /// The finding a main-screen read at `k` makes by what it reads (`screen-size-device-check`
    /// aside).
    static func direct(_ read: ScreenRead, text: String, keptIn: [Int], at k: Int, in f: CodeFile) -> GeometrySite? {
        switch read.kind {
        case .scale:
            return GeometrySite(rule: .mainScreenScale, facet: .scale, token: k,
                                message: "`\(text)` is the main screen's scale, which need not be the scale of the screen the content is shown on",
                                shapes: Expr.isZeroScaleFallback(read.chain.start, in: f) ? .zeroScaleFallback : [],
                                subject: Self.viewDrawn(byScale: read, in: f))
        case .bounds:
            var site = GeometrySite(rule: .mainScreenBounds, facet: .size, token: k,
                                    message: "`\(text)` is the size of the whole screen, not of the window, which resizes")
            if let function = f.enclosingFunction(of: k)?.scope, function.name == "loadView", function.labels.isEmpty || f.language == .objectiveC {
                site.shapes.insert(.inLoadView)
            }
            if Expr.isInitialFrame(read.chain.start, in: f) { site.shapes.insert(.initialFrame) }
            if Self.isConstraintConstant(read.chain.start, in: f) { site.shapes.insert(.constraintConstant) }
            if Self.isWindowFrameAssignment(read, in: f) { site.shapes.insert(.windowFrame) }
            if Expr.isZeroSizeFallback(read.chain.start, in: f) { site.shapes.insert(.zeroSizeFallback) }
            if read.isDimension {
                let (a, b) = Expr.widen(read.chain.start, read.chain.end, in: f)
                if Expr.isComparedWithViewSize(a, b, in: f) || keptIn.contains(where: { u in let (a, b) = Expr.widen(u, u, in: f); return Expr.isComparedWithViewSize(a, b, in: f) }) {
                    site.shapes.insert(.fillsScreenTest)
                    site.message = "`\(text)` compared with the view's own size asks whether the window fills the screen, which resizable windows make meaningless"
                }
            }
            return site
        case .screen:
            // The built-in screen's orientation turned into a camera's (Home Assistant's
            // `currentVideoOrientation()`): the camera is on that device, whatever screen a scene is on.
            if OrientationLayoutRule.servesCaptureOrMotion(k, in: f) { return nil }
            // `(note.object as? UIScreen)?.isCaptured ?? UIScreen.main.isCaptured`: the main screen
            // only where the screen at hand is unknown.
            if f.text(read.chain.start - 1) == "??" { return nil }
            // `return UIScreen.mainScreen;` at the end of a helper that looked through the connected
            // scenes first (FLEX's `FLEXScreen()`): the main screen only where no window scene exists.
            if Self.isLastResort(read, in: f) { return nil }
            // `[[UIScreen mainScreen] respondsToSelector:@selector(scale)]`: asks what the class can do.
            if read.chain.members.contains(where: { Self.capabilityQuestions.contains(f.text($0.token)) }) { return nil }
            let next = read.chain.end + 1
            if f.isPunct(next, ".") && Self.capabilityQuestions.contains(f.text(next + 1))
                || Self.capabilityQuestions.contains(f.text(next)) && f.isPunct(next + 1, ":") { return nil }
            // `window.screen === UIScreen.main`, `[self isEqual:[UIScreen mainScreen]]`: whether a screen
            // is the built-in one — a question only the main screen answers, in place or through a
            // local only compared (blink's external-display checks, YYKit's `UIScreen` category).
            if read.chain.members.count == 1 || read.chain.members.count == 2 && f.text(read.chain.members[1].token) == "isEqual" {
                let (s, e) = Expr.widen(read.chain.start, read.chain.end, in: f)
                if Self.isIdentityCompared(s, e, in: f) || read.chain.members.count == 2 { return nil }
                if let local = LocalFlow.local(initializedBy: s, e, in: f) {
                    let uses = LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f)
                    if !uses.isEmpty, uses.allSatisfy({ Self.isIdentityCompared($0, $0, in: f) }) { return nil }
                    // `UIScreen *screen = UIScreen.mainScreen; if (n.object != nil) screen = n.object;`:
                    // the main screen only until the screen at hand is known, as `?? UIScreen.main` is
                    // (iSH's keyboard notification, whose object is nil before iOS 16.1).
                    if uses.contains(where: { f.isPunct($0 + 1, "=") && !f.isPunct($0 - 1, ".") }) { return nil }
                }
            }
            var site = GeometrySite(rule: .mainScreen, facet: .screen, token: k,
                                    message: "`\(text)` is the main screen, which need not be the screen this scene is on")
            if read.chain.members.count > 1, Self.screenOnlyProperties.contains(f.text(read.chain.members[1].token)) { site.shapes.insert(.screenProperty) }
            if read.chain.members.count > 1, f.text(read.chain.members[1].token) == "traitCollection" {
                site.shapes.insert(.screenTraits)
                if read.chain.members.count > 2, f.text(read.chain.members[2].token) == "userInterfaceStyle" { site.shapes.insert(.appearanceStyle) }
            }
            return site
        }
    }

    /// The uses of the local a screen dimension initializes on its own (`let h = UIScreen.main.bounds.height`),
    /// in its function; none when the read is not a whole initializer.
    /// Whether `k` is in a member named for the orientation it works out (`currentCalendarOrientation`,
    /// `interfaceOrientation`, `isLandscape`, `isPortrait`), not one that responds to a change of it
    /// (`orientationDidChange:`, `updateForOrientation`, `setOrientation:`).
    static func worksOutOrientation(_ k: Int, in f: CodeFile) -> Bool {
        guard let member = f.enclosingFunction(of: k)?.scope ?? f.memberDeclared(at: k) else { return false }
        let words = ScreenRead.camelWords(member.name)
        guard let last = words.last, words.count < 6 else { return false }
        if ["did", "will", "change", "changed", "changes", "set", "update", "handle", "apply", "rotate"].contains(where: words.contains) { return false }
        return last == "orientation" || words.first == "is" && (last == "landscape" || last == "portrait")
    }

    /// Whether the function or initializer whose parameter list holds `k` is `public` or `open`, or
    /// declared in a `public extension`.
    /// For a value starting at `start` that is a parameter's default: `.defaultArgument`, and
    /// `.publicDefault` when the function is public (its clients rely on the default).
    static func defaultArgumentShapes(_ start: Int, at k: Int, in f: CodeFile) -> SiteShapes {
        guard Expr.isDefaultArgument(start, in: f) else { return [] }
        return isPublicDeclaration(at: k, in: f) ? [.defaultArgument, .publicDefault] : .defaultArgument
    }

    static func isPublicDeclaration(at k: Int, in f: CodeFile) -> Bool {
        guard let member = f.memberDeclared(at: k) else { return false }
        /// `public` or `open` on the declaration's line, before or at its first token.
        func modifiers(before start: Int) -> Bool {
            var q = start
            while q > 0, !f[q].isLineStart { q -= 1 }
            return (q...start).contains { ["public", "open"].contains(f.text($0)) }
        }
        if modifiers(before: member.declarationStart) { return true }
        if let type = f.enclosingType(of: k), type.typeKind == .swiftExtension { return modifiers(before: type.declarationStart) }
        return false
    }

    /// Whether `k` is in the frame a keyboard's accessory or input view is made with: in the
    /// initializer of a `UIInputView` subclass (Runestone's `KeyboardToolsView`), or in a function
    /// whose view the file makes an `inputAccessoryView`/`inputView` (Trio's `createToolbar(for:context:)`,
    /// `textField.inputAccessoryView = createToolbar(…)`; or a local given to one in that function).
    /// The keyboard lays such a view out at its own width; only the height given matters.
    static func isKeyboardAccessoryFrame(_ k: Int, in f: CodeFile) -> Bool {
        guard let function = f.enclosingFunction(of: k)?.scope else { return false }
        if function.name == "init" || function.name.hasPrefix("initWith"), f.enclosingType(of: k)?.inherits.contains("UIInputView") == true { return true }
        guard Expr.isInitialFrame(k, in: f) else { return false }
        let accessory: Set<String> = ["inputAccessoryView", "inputView"]
        let hashes = Set(accessory.map(identifierHash))
        // The local the new view is kept in, if any (`let toolbar = UIToolbar(frame: …)`).
        var q = k - 1
        while q > function.open, !f[q].isLineStart, !f.isPunct(q, ";") { q -= 1 }
        let local: String? = (q...k).first { f.is($0, .let) || f.is($0, .var) }.flatMap { f[$0 + 1].kind == .identifier ? f.text($0 + 1) : nil }
            ?? (f.language == .objectiveC && f.isPunct(q + 1, "*") && f[q + 2].kind == .identifier ? f.text(q + 2) : nil)
        for t in f.tokens.indices where f[t].kind == .identifier && hashes.contains(f[t].hash) && f.isPunct(t + 1, "=") && accessory.contains(f.text(t)) {
            var r = t + 2
            while r < f.tokens.count, r - t < 24, !f[r].isLineStart, !f.isPunct(r, ";") {
                if f.text(r) == function.name, f.isPunct(r + 1, "(") || f.isPunct(r + 1, ":") || f.isPunct(r - 1, "[") { return true }
                if let local, f.text(r) == local, t > function.open, t < function.close { return true }
                r += 1
            }
        }
        return false
    }

    /// Whether the read initializes a local whose every use is formatted into text.
    static func keptOnlyForText(_ read: ScreenRead, in f: CodeFile) -> Bool {
        let (s, e) = Expr.widen(read.chain.start, read.chain.end, in: f)
        guard let local = LocalFlow.local(initializedBy: s, e, in: f) else { return false }
        let uses = LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f)
        return !uses.isEmpty && uses.allSatisfy { Expr.isFormattedIntoText($0, in: f) }
    }

    static func localUses(_ read: ScreenRead, in f: CodeFile) -> [Int] {
        let (s, e) = Expr.widen(read.chain.start, read.chain.end, in: f)
        guard let local = LocalFlow.local(initializedBy: s, e, in: f) else { return [] }
        return LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f)
    }

    /// Whether the screen expression `s...e` is compared for identity with another: an operand
    /// of `==`, `!=`, `===`, `!==`, or either side of `isEqual:` / `isEqual(_:)`.
    static func isIdentityCompared(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        let identity: Set<String> = ["==", "!=", "===", "!=="]
        if identity.contains(f.text(e + 1)) || (s > 0 && identity.contains(f.text(s - 1))) { return true }
        if f.text(e + 1) == "isEqual" || (f.isPunct(e + 1, ".") && f.text(e + 2) == "isEqual") { return true }
        return s > 1 && (f.isPunct(s - 1, ":") || f.isPunct(s - 1, "(")) && f.text(s - 2) == "isEqual"
    }

    /// The view whose image a scale read is the scale of: the third argument of
    /// `UIGraphicsBeginImageContextWithOptions(view.bounds.size, NO, [UIScreen mainScreen].scale)`
    /// gives `view` (STPopup's snapshot of the view controller it leaves), nil otherwise.
    static func viewDrawn(byScale read: ScreenRead, in f: CodeFile) -> String? {
        let (s, e) = Expr.widen(read.chain.start, read.chain.end, in: f)
        // `drawer.view.layer.rasterizationScale = [[UIScreen mainScreen] scale]` (MMDrawerController's
        // visual-state blocks): the scale of that view's layer. Not `self`'s, which the receiver names.
        // `[drawer.view.layer setRasterizationScale:…]` alike.
        let assigned = f.isPunct(s - 1, "=") && ["rasterizationScale", "contentsScale"].contains(f.text(s - 2)) && f.isPunct(s - 3, ".")
        let sent = f.isPunct(s - 1, ":") && ["setRasterizationScale", "setContentsScale"].contains(f.text(s - 2)) && f.isPunct(s - 3, ".") == false
        let layer = assigned ? s - 4 : s - 3
        if assigned || sent, f.text(layer) == "layer", f.isPunct(layer - 1, ".") {
            let start = Expr.chainStart(endingAt: layer - 2, in: f)
            guard start <= layer - 2 else { return nil }
            let view = Expr.snippet(start, layer - 2, in: f)
            return view == "self" || view.isEmpty || f.isPunct(start, ".") ? nil : view
        }
        guard Expr.isArgument(s, e, in: f), let (open, close) = Expr.enclosingCall(s, in: f),
              f.text(open - 1) == "UIGraphicsBeginImageContextWithOptions" else { return nil }
        // The first argument: `X.bounds.size` / `X.frame.size` (`self.view.bounds.size`).
        var q = open + 1, names: [String] = []
        while q < close, f[q].kind == .identifier || f.isPunct(q, ".") {
            if f[q].kind == .identifier { names.append(f.text(q)) }
            q += 1
        }
        guard f.isPunct(q, ","), names.count >= 3, names.suffix(2) == ["bounds", "size"] || names.suffix(2) == ["frame", "size"] else { return nil }
        return names.dropLast(2).joined(separator: ".")
    }

    /// Whether the whole bounds read is assigned to a window's frame or bounds: `window?.frame =
    /// UIScreen.main.bounds`, `self.overlayWindow.frame = [UIScreen mainScreen].bounds;`.
    static func isWindowFrameAssignment(_ read: ScreenRead, in f: CodeFile) -> Bool {
        var (s, _) = Expr.widen(read.chain.start, read.chain.end, in: f)
        // The fallback of a frame given, `window.frame = frame ?? UIScreen.main.bounds` (SwiftMessages' overlay window).
        if s >= 2, f.text(s - 1) == "??" { s = Expr.chainStart(endingAt: s - 2, in: f) }
        guard s >= 4, f.isPunct(s - 1, "="), f.text(s - 2) == "frame" || f.text(s - 2) == "bounds", f.isPunct(s - 3, ".") else { return false }
        var q = s - 4
        while f.isPunct(q, "?") || f.isPunct(q, "!") { q -= 1 }
        return f[q].kind == .identifier && f.text(q).lowercased().hasSuffix("window")
    }

    /// Whether the expression starting at `s` is (part of) a layout constraint's constant:
    /// `constraint(equalToConstant: …)`, `[anchor constraintEqualToConstant:…]`, and their
    /// less-than and greater-than forms, earlier in the same statement.
    static func isConstraintConstant(_ s: Int, in f: CodeFile) -> Bool {
        var q = s - 1
        while q >= 0, s - q <= 12, !f.isPunct(q, ";"), !f.isPunct(q, "{"), !f.isPunct(q, "}") {
            if f[q].kind == .identifier, f.text(q).hasSuffix("ToConstant"), f.isPunct(q + 1, ":") { return true }
            q -= 1
        }
        return false
    }

    /// Whether the whole read is returned by a function that reads the connected scenes before it.
    static func isLastResort(_ read: ScreenRead, in f: CodeFile) -> Bool {
        let (s, e) = Expr.widen(read.chain.start, read.chain.end, in: f)
        guard f.is(s - 1, .return), f.isPunct(e + 1, ";") || (f.language == .swift && (f[e + 1].isLineStart || f.isPunct(e + 1, "}"))),
              let function = f.enclosingFunction(of: s)?.scope else { return false }
        return (function.open..<s).contains { f.text($0) == "connectedScenes" }
    }

    /// Messages that ask an object what it is or can do, not what it measures.
    static let capabilityQuestions: Set<String> = ["respondsToSelector", "isKindOfClass", "conformsToProtocol", "responds", "isKind", "conforms"]

    /// What only a screen has, which no trait collection or bounds replaces.
    static let screenOnlyProperties: Set<String> = ["brightness", "setBrightness", "wantsSoftwareDimming", "isCaptured", "captured", "mirroredScreen",
                                                    "maximumFramesPerSecond", "currentMode", "availableModes", "preferredMode",
                                                    "overscanCompensation", "calibratedLatency", "focusedView", "focusedItem"]

    /// A use of a geometry alias at token `k`.
    static func aliasUse(_ k: Int, in f: CodeFile, model: RepositoryModel) -> GeometrySite? {
        // A window's fallback (`keyWindow?.frame.size.width ?? absScreenW`) as a direct read is one.
        guard let (alias, start, end) = resolveAliasUse(k, in: f, model: model), !Expr.isFormattedIntoText(start, in: f),
              !Expr.isWindowGeometryFallback(start, in: f) else { return nil }
        // A qualified use is reported at its qualifier: `Screen.width`, `[Utils screenWidth]`.
        let k = f.isPunct(start, "[") ? start + 1 : start
        let at = "\(alias.site.path):\(alias.site.line)"
        let via = alias.reads.isEmpty ? at : "\(at): `\(alias.reads)`"
        if alias.rule == .screenSizeDeviceCheck {
            return GeometrySite(rule: alias.rule, facet: .size, token: k,
                                message: "`\(alias.name)` (\(at)) \(ScreenSizeDeviceCheckRule().aliasReading)")
        }
        if alias.isDimension {
            let (a, b) = Expr.widen(start, end, in: f)
            if Expr.isComparedWithLiteral(a, b, in: f) {
                return GeometrySite(rule: .screenSizeDeviceCheck, facet: .size, token: k,
                                    message: "`\(alias.name)` (\(at)) is a screen dimension compared with a fixed size to guess the device")
            }
        }
        let what = (Catalog.rule(alias.rule) as? any ScreenGeometryRule ?? MainScreenRule()).aliasReading
        return GeometrySite(rule: alias.rule, facet: alias.facet, token: k,
                            message: "`\(alias.name)` (\(via)) \(what)", shapes: Expr.isDefaultArgument(start, in: f) ? .defaultArgument : [])
    }

    /// The alias a name at `k` refers to, with the extent of the use (`T.name`, `name(…)`, `[T name]`).
    static func resolveAliasUse(_ k: Int, in f: CodeFile, model: RepositoryModel) -> (GeometryAlias, Int, Int)? {
        let tok = f[k]
        guard tok.kind == .identifier, model.mayDefine(hash: tok.hash),
              let candidates = model.aliases[f.text(k)] else { return nil }
        return NameUse.resolve(k, in: f, model: model, candidates: candidates, owner: \.owner, site: \.site, languages: \.languages,
                               fileLocal: \.fileLocal,
                               isMacro: { $0.kind == .macro || $0.kind == .functionMacro },
                               isCallable: { $0.kind == .function || $0.kind == .functionMacro || $0.kind == .memberFunction },
                               isClassMethod: { $0.kind == .classMethod }, isMember: { $0.kind == .member || $0.kind == .memberFunction })
    }
}

/// How a repository-defined name is used at a token: bare (`kNavBarHeight`), qualified
/// (`Layout.navBarHeight`, `Self.x`), called (`ScreenWidth()`), or sent (`[Utils screenWidth]`).
enum NameUse {
    static func resolve<D>(_ k: Int, in f: CodeFile, model: RepositoryModel, candidates: [D],
                           owner: KeyPath<D, String?>, site: KeyPath<D, DefinitionSite>, languages: (D) -> Set<Language>,
                           fileLocal: (D) -> Bool,
                           isMacro: (D) -> Bool, isCallable: (D) -> Bool, isClassMethod: (D) -> Bool,
                           isMember: (D) -> Bool = { _ in false }) -> (D, Int, Int)? {
        let offset = Int(f[k].start)
        if model.subsumes(path: f.path, offset: offset) { return nil }
        if Expr.isDeclaredName(k, in: f) || Expr.isLabel(k, in: f) { return nil }
        let enclosingType = f.enclosingType(of: k)?.name
        var start = k, end = k
        var qualifier: String? = nil
        var sent = false
        // `UIDevice.current.isPad`, `[UIDevice currentDevice].isPad`, `traitCollection.isPad`:
        // the receivers an instance helper of UIDevice or UITraitCollection is used through.
        var memberOf: String? = nil
        if f.isPunct(k - 1, ".") {
            if f.is(k - 2, .current), f.isPunct(k - 3, "."), f.is(k - 4, .UIDevice) {
                (memberOf, start) = ("UIDevice", k - 4)
            } else if f.isPunct(k - 2, "]"), f.is(k - 3, .currentDevice), f.is(k - 4, .UIDevice), f.isPunct(k - 5, "[") {
                (memberOf, start) = ("UIDevice", k - 5)
            } else if f.is(k - 2, .traitCollection) {
                (memberOf, start) = ("UITraitCollection", k - 2)
            }
        }
        if let memberOf {
            let isCall = f.isPunct(k + 1, "(") && f.pair(k + 1) > k
            for d in candidates where isMember(d) && d[keyPath: owner] == memberOf && languages(d).contains(f.language) {
                if isCall != isCallable(d) { continue }
                return (d, start, isCall ? f.pair(k + 1) : end)
            }
            return nil
        }
        if f.isPunct(k - 1, ".") {
            guard f[k - 2].kind == .identifier else { return nil }
            let q = f.text(k - 2)
            qualifier = (q == "Self" || q == "self") ? enclosingType : q
            guard f[k - 3].kind != .punct || !f.isPunct(k - 3, ".") else { return nil }  // a.b.name
            start = k - 2
        } else if f.language == .objectiveC, f[k - 1].kind == .identifier, f.isPunct(k - 2, "["), f.isPunct(k + 1, "]") {
            qualifier = f.text(k - 1)
            start = k - 2
            end = k + 1
            sent = true
        } else if f.language == .objectiveC, f.isPunct(k - 1, "-"), f.isPunct(k - 2, ">") {
            return nil
        }
        let isCall = f.isPunct(end + 1, "(") && f.pair(end + 1) > end
        // A definition in this file wins over one elsewhere, one a target compiles with this file
        // over one only others do (a library's own `UIDevice.isPad` over its example app's copy);
        // file-local ones elsewhere are invisible.
        let visible = candidates.filter { languages($0).contains(f.language) && (!fileLocal($0) || $0[keyPath: site].path == f.path) }
        var ordered = visible.filter { $0[keyPath: site].path == f.path }
        let elsewhere = visible.filter { $0[keyPath: site].path != f.path }
        if elsewhere.count > 1 {
            let together = elsewhere.map { model.project.compilesTogether(f.path, $0[keyPath: site].path) }
            ordered += zip(elsewhere, together).filter(\.1).map(\.0) + zip(elsewhere, together).filter { !$0.1 }.map(\.0)
        } else {
            ordered += elsewhere
        }
        for d in ordered {
            if d[keyPath: site].path == f.path, d[keyPath: site].offset == offset { return nil }
            if isMember(d) {
                // Bare, inside the extended type's own extensions only.
                guard qualifier == nil, d[keyPath: owner] == enclosingType, !f.declaresLocal(f.text(k), before: k) else { continue }
            } else if let q = qualifier {
                guard d[keyPath: owner] == q else { continue }
                if sent, !isClassMethod(d) { continue }
            } else {
                guard d[keyPath: owner] == nil || d[keyPath: owner] == enclosingType else { continue }
                if isClassMethod(d) { continue }
                if !isMacro(d), f.declaresLocal(f.text(k), before: k) { return nil }
            }
            if isCallable(d) {
                guard isCall else { continue }
                end = f.pair(end + 1)
            }
            return (d, start, end)
        }
        return nil
    }
}

/// Fixes for the screen rules, by what the code needs and where it is: what the site has
/// (`FixSite.receiver`, nil in a type method or an object with no view), else a parameter.
enum GeometryFixes {
    /// For a parameter's default value: what the callers that leave it out should pass.
    static func defaultArgument(_ site: FixSite, _ what: String) -> String? {
        guard site.shapes.contains(.defaultArgument) else { return nil }
        if site.shapes.contains(.publicDefault) {
            return "This is the default value of a public parameter: the function already takes \(what), and dropping the default would break the library's clients. Keep the parameter, make its default nil (an optional) and resolve it where the view that lays out or draws is known (its trait collection, bounds or window scene), or document that callers pass their view's."
        }
        return "This is a parameter's default value: the function already takes \(what). Drop the default and pass it at the calls that leave it out, from the view that lays out or draws (its trait collection, bounds or window scene)."
    }

    /// For a member that works out the orientation from the screen: the view's own shape answers.
    static func orientation(_ site: FixSite) -> String? {
        guard site.shapes.contains(.orientationFromScreen) else { return nil }
        let bounds = ownShape(site)
        return "This works out the orientation from the screen, whose shape is not the window's: compare the width and height of \(bounds) instead — a window resizes and rotates with its scene, and is portrait or landscape by its own shape."
    }

    /// What tells the code at `site` whether it is portrait or landscape: the bounds it lays out in.
    static func ownShape(_ site: FixSite) -> String {
        site.isSwiftUIView ? "the size the view is offered (`GeometryReader`)" : site.receiver.map { "`\($0.bounds)`" }
            ?? "the bounds of the view that lays out (taken as a parameter)"
    }

    /// Whether `k` is in an instance member of a type named for a screen (`Screen`, `AppScreen`):
    /// a wrapper of one screen, not code that lays out.
    static func inScreenWrapper(_ k: Int, in f: CodeFile) -> Bool {
        guard let type = f.enclosingType(of: k), type.name.hasSuffix("Screen"), type.name != "UIScreen",
              let member = f.enclosingFunction(of: k)?.scope ?? f.memberDeclared(at: k), !member.isStatic else { return false }
        return f.enclosingType(of: member.open)?.open == type.open
    }

    /// A screen wrapper's text: it is to hold the screen it stands for.
    static func screenWrapper(_ site: FixSite, _ what: String, isSize: Bool = false) -> String? {
        guard site.shapes.contains(.screenWrapper), site.context == .other else { return nil }
        let scene = site.language == .swift ? "`view.window?.windowScene?.screen`, or `windowScene.screen` in a scene delegate"
            : "`view.window.windowScene.screen`, or `windowScene.screen` in a scene delegate"
        let size = isSize ? " Its size stays the whole display's, which a window need not fill: code that lays out reads its own view's bounds instead." : ""
        return "This type stands for a screen: have it keep the `UIScreen` it is for, given by whoever makes it — the screen of the window scene in question, \(scene) (iOS 13) — and read \(what) from that, not from the main screen; a window on another display is on another screen, and a shared instance stands for none.\(size)"
    }

    static func scale(_ site: FixSite) -> String {
        if let text = defaultArgument(site, "the scale") { return text }
        if let text = screenWrapper(site, "the scale") { return text }
        if let text = orientation(site) { return text }
        if site.shapes.contains(.sharedSetting), !site.isSwiftUIView, site.context != .appDelegate, site.context != .sceneDelegate {
            return "This stores the main screen's scale once, app-wide (a shared setting, a library's default options), where no view is at hand and every window reads the same: give the scale where each image is requested or drawn instead, from the display scale of the view it is for (`traitCollection.displayScale`) — a window on another screen has another scale."
        }
        if site.shapes.contains(.zeroScaleFallback) {
            return "Here the main screen's scale stands in for a display scale of 0, which a view has only while it is in no window (before iOS 13): read the display scale once the view is in one (didMoveToWindow, or layout code), or fall back to the scale of its window scene's screen, not the main screen's."
        }
        if site.isSwiftUIView { return "Read `@Environment(\\.displayScale)`; it follows the screen the view is on." }
        // An image of a view drawn at the main screen's scale: the view's own scale is at hand.
        if let view = site.subject {
            return "This is the scale of an image of `\(view)`: draw it at that view's scale, `\(view).traitCollection.displayScale`, the scale of the screen it is on."
        }
        let givenScale = site.givenView.map { "Use `\($0).traitCollection.displayScale`, the display scale of \(site.givenNoun)." }
        switch site.context {
        case .view, .viewController:
            guard let r = site.receiver else { return givenScale ?? site.parameter("the scale (or the trait collection)") }
            let own = r.traits + ".displayScale"
            // What to say depends on when the read runs (`MemberTiming`): only layout code is run again.
            if site.timing.contains(.beforeWindow) {
                return "Here the view is not in a window yet (an initializer, awakeFromNib, viewDidLoad, viewWillAppear or a method they call): its trait collection is not its screen's (a display scale of 0 before iOS 13). Read `\(own)` in layoutSubviews, viewDidLayoutSubviews or draw, which UIKit runs again when it changes."
            }
            if site.timing.contains(.inLayout) {
                return "Replace with `\(own)`; UIKit re-runs layoutSubviews, draw and viewDidLayoutSubviews when it changes (register with registerForTraitChanges for caches)."
            }
            return "Replace with `\(own)`, the display scale of the screen the view is on; where the value is kept (a layer's contentsScale, a cached image), update it when the trait changes (registerForTraitChanges; traitCollectionDidChange before iOS 17)."
        case .sceneDelegate:
            return "Use `windowScene.traitCollection.displayScale` (or `windowScene.screen.scale`)."
        case .appDelegate:
            return "The app delegate has no screen of its own: under scenes each window is on its scene's screen. Read the scale where it is used, from the display scale of the trait collection of the view that draws, or in the scene delegate from `windowScene.traitCollection.displayScale`."
        case .other:
            return givenScale ?? site.parameter("the scale (or the trait collection)")
        }
    }

    static func bounds(_ site: FixSite) -> String {
        if let text = defaultArgument(site, "the size") { return text }
        if let text = screenWrapper(site, "its size", isSize: true) { return text }
        if let text = orientation(site) { return text }
        // A test's geometry is the test's to fix: a frame from the screen becomes the size it asserts
        // (Parchment's layout tests measure a collection view made with the screen's bounds).
        if site.inTests { return site.parameter("the size") }
        // A cell's bounds are its list's width and, for a cell that sizes itself, a height that
        // follows from this very content (deltachat's image cell capping its image at 5/8 of the screen).
        if site.shapes.contains(.inCell), site.receiver != nil {
            return "A cell's size comes from its table or collection view — and its height, when it sizes itself, from this very content — so its own bounds give only its width: have whoever configures the cell pass the size it may take (the table's or collection view's `bounds`), instead of the screen's."
        }
        if site.shapes.contains(.intrinsicSize), !site.isSwiftUIView {
            let none = site.language == .swift ? "UIView.noIntrinsicMetric" : "UIViewNoIntrinsicMetric"
            return "This is the view's intrinsic size, which comes from its content, not from the space it is given — and its own bounds follow from it: answer `\(none)` for the width (the view it sits in sizes it, with constraints) and keep only what the content needs."
        }
        if site.shapes.contains(.zeroSizeFallback) {
            return "Here the screen's size stands in while the view has no size yet (before its first layout): a window need not be the screen's size, so work this out again once the view has its bounds — in \(site.context == .viewController ? "viewDidLayoutSubviews" : "layoutSubviews"), which UIKit runs whenever they change, or from the caller's layout pass — and use a neutral value until then."
        }
        if site.shapes.contains(.sharedSetting), !site.isSwiftUIView, site.context != .appDelegate, site.context != .sceneDelegate {
            return "This stores the screen's size once, app-wide (a shared setting or a static), where no view is at hand and every window reads the same: read the size where the layout happens instead, from the bounds of the view that lays out — windows resize, and two scenes have two sizes."
        }
        if site.shapes.contains(.constraintConstant), !site.isSwiftUIView {
            return "This is a layout constraint's constant, fixed at the screen's size: constrain the view to the one it sits in instead (that view's width or height anchor, with a multiplier for a fraction of it), and the constraint follows every resize by itself."
        }
        if site.shapes.contains(.fillsScreenTest) {
            // Swapping in the view's bounds would make the test always true.
            let traits = site.receiver.map { "`\($0.traits).horizontalSizeClass`" } ?? "the horizontal size class (taken as a parameter)"
            let insets = site.receiver.map { r in "`\(r.view == "self" && site.language == .swift ? "" : r.view + ".")safeAreaInsets`" } ?? "the safe-area insets"
            return "Whether the window fills the screen is no question to lay out by: windows take any size. Decide from \(traits), or from a width threshold on the size the view has; for the room bars and the home indicator take, use \(insets)."
        }
        if site.shapes.contains(.inLoadView) {
            return "In loadView the view has no size yet, and reading `view` would call loadView again: create views with any frame (`\(site.language == .swift ? ".zero" : "CGRectZero")`) — the container sizes the view controller's view (a window gives its root view controller's the window's bounds) — and size what depends on it in viewDidLayoutSubviews or with constraints."
        }
        // A window's own initializer: a window has no superview to size it, its scene does (SwiftEntryKit's
        // `EKWindow`, falling back to the main screen's frame when it finds no scene).
        if site.shapes.contains(.initialFrame) && site.inWindow || site.shapes.contains(.windowFrame) {
            return "This is a window's frame: a window made with `\(site.windowSceneInitializer)` takes its scene's size and follows it, and one made with a frame is in no scene. Require the window scene from whoever creates the window instead of sizing it to the main screen."
        }
        if site.shapes.contains(.initialFrame), !site.inStoredProperty, site.context == .view || site.context == .viewController || site.context == .other {
            // Elsewhere (a presenter adding its overlay to a window): constraints or the container's layout pass.
            let layout = site.context == .viewController ? "the view controller's viewDidLayoutSubviews (or constraints)"
                : site.context == .view ? "layoutSubviews (or constraints)" : "constraints (or the container's layoutSubviews)"
            return site.language == .swift
                ? "This is the frame the view is created with, before any container holds it: create it with `.zero` — its superview sizes it — and lay it out from its container's bounds in \(layout)."
                : "This is the frame the view is created with, before any container holds it: create it with `CGRectZero` — its superview sizes it — and lay it out from its container's bounds in \(layout)."
        }
        if site.isSwiftUIView { return "Use the size the view is offered: `GeometryReader` or `containerRelativeFrame`." }
        // (The app delegate's own window is made in the scene delegate instead: its text says so.)
        if let created = site.createdObject, created.hasSuffix("Window"), site.context != .appDelegate {
            return "This is the frame of a new window: create it with `\(site.windowSceneInitializer)` instead, and it takes its scene's size and follows it."
        }
        if let created = site.createdObject, site.context != .sceneDelegate, site.context != .appDelegate {
            return "This frame is for another view controller (\(created)), shown by the container it is added to, not by this code's view: let that container size it from its own bounds when it adds it (and again in its layout pass), instead of passing a size in."
        }
        // The size the method is given (not a drawing method's dirty rectangle).
        let given = site.sizeParameter.flatMap { site.timing.contains(.inLayout) ? nil : $0 }.map { p in
            // A view controller given (a transition moving a sheet in, MZFormSheetPresentationController):
            // its view, or — where this sets that view's own frame — the container it sits in.
            p.hasSuffix(".view.bounds")
                ? "Use `\(p)`, of the view controller this method is given — or, where this sets that view's own frame (a transition moving it in), the container it sits in, `\(p.dropLast(".bounds".count)).superview\(site.language == .swift ? "?" : "").bounds`; the screen's size is not the window's."
            : p.hasSuffix(".bounds") ? "Use `\(p)`, of \(site.givenIsContainer ? site.givenNoun : "the view this method is given to lay out in"); the screen's size is not the window's."
                : "Use the `\(p)` this method is given, and have its callers pass the bounds of the view it lays out in; the screen's size is not the window's."
        }
        switch site.context {
        case .viewController, .view:
            guard let r = site.receiver else { return given ?? site.parameter("the available size") }
            if site.timing.contains(.sizesItself) {
                return site.context == .viewController
                    ? "This code sets (or works out) the view controller's own size (its view's frame or its preferredContentSize), so its view's bounds would give back what it sets: size it from the view it sits in, `\(r.bounds)`, in viewDidLayoutSubviews (for a form sheet or popover, from the presenting container)."
                    : "This code sets (or works out) the view's own frame, so its bounds would give back what it sets: size it from the view it sits in, `\(r.bounds)`, in the superview's layoutSubviews (or with autoresizing masks or constraints), so it follows every resize."
            }
            if site.context == .viewController, site.timing.contains(.inSizeTransition), !site.timing.contains(.beforeWindow) {
                return "In a size transition (viewWillTransition(to:with:) and what it calls) the view still has its old bounds while the screen has its new ones: use the size the transition is given, or call setNeedsLayout and lay out in viewDidLayoutSubviews from `\(r.bounds)`."
            }
            if let given { return given }
            // A window's own code (DoraemonKit's 58-point floating entry window keeping itself on the
            // screen): its bounds are its scene's only while it fills the scene.
            if site.inWindow, site.inInstance, site.context == .view {
                let scene = site.language == .swift ? "windowScene?.coordinateSpace.bounds" : "self.windowScene.coordinateSpace.bounds"
                return "This is a window, whose own bounds are the area it lays out in only while it fills its scene (a floating or partial window's are its own size): where it places itself, use its scene's, `\(scene)`, and `\(r.bounds)` for what it lays out inside, in layoutSubviews."
            }
            // In an initializer `view` is not even loaded: reading it there would load it (MJRefresh's
            // collection layout made in `init`).
            if site.context == .viewController, site.timing.contains(.beforeWindow) {
                return "Here the view is not laid out yet (an initializer, viewDidLoad, viewWillAppear or a method they call; in an initializer, reading `view` would load it): set this in viewDidLayoutSubviews from `\(r.bounds)`, which UIKit runs again whenever the window resizes."
            }
            return site.context == .viewController
                ? "Use `\(r.bounds)` and lay out in viewDidLayoutSubviews, so the layout follows every resize."
                : "Use `\(r.bounds)` and lay out in layoutSubviews."
        case .sceneDelegate:
            // A stored property's initial value is computed before any scene connects.
            if site.inStoredProperty { return site.parameter("the bounds of the scene's window") }
            return site.language == .swift
                ? "Use `windowScene.effectiveGeometry` (iOS 16) or `windowScene.coordinateSpace.bounds`, and update when `windowScene(_:didUpdateEffectiveGeometry:)` (iOS 26) is called."
                : "Use `windowScene.effectiveGeometry` (iOS 16) or `windowScene.coordinateSpace.bounds`, and update when `windowScene:didUpdateEffectiveGeometry:` (iOS 26) is called."
        case .appDelegate:
            return "The app delegate has no window size to read: create windows in the scene delegate with `\(site.windowSceneInitializer)`, which sizes them to their scene."
        case .other:
            return given ?? site.parameter("the available size")
        }
    }

    static func screen(_ site: FixSite) -> String {
        if let text = defaultArgument(site, "the screen") { return text }
        if let text = screenWrapper(site, "what it asks") { return text }
        if let text = orientation(site) { return text }
        // Light or dark, asked of the main screen to pick a color: a dynamic color resolves per window.
        if site.shapes.contains(.appearanceStyle) {
            let dynamic = site.language == .swift ? "`UIColor { traits in traits.userInterfaceStyle == .dark ? UIColor.white : UIColor.black }`"
                : "`colorWithDynamicProvider:`"
            var own = ""
            if site.isSwiftUIView {
                own = " — or, where a value must be worked out, read `@Environment(\\.colorScheme)`"
            } else if let r = site.receiver, site.context == .view || site.context == .viewController, !site.timing.contains(.beforeWindow), !site.inStoredProperty {
                own = " — or, where a value must be worked out, read `\(r.traits).userInterfaceStyle` and again when it changes"
            }
            return "Light or dark is each window's (a window or view can override its style) and changes while the app runs: give such colors as dynamic colors, which resolve for the trait collection of whatever draws them — \(dynamic) (iOS 13), or a color from the asset catalog\(own)."
        }
        // The screen's traits: the view's own (or the window's) trait collection is what resizes.
        if site.shapes.contains(.screenTraits) {
            if site.isSwiftUIView { return "Read the trait in the view's environment (`@Environment(\\.horizontalSizeClass)` and the like): it is the window's, not the whole screen's." }
            if let r = site.receiver, site.context == .view || site.context == .viewController {
                return "Use `\(r.traits)`: the view's traits follow its window as it resizes; the screen's are the whole display's."
            }
            return site.parameter("the trait collection (or just the trait you need)")
        }
        if site.isSwiftUIView {
            // Brightness and the like are the screen's: no size stands in for them (yattee's player).
            if site.shapes.contains(.screenProperty) {
                return "A SwiftUI view has no screen of its own, and the main screen need not be the one its scene is on: use the screen of the view's window scene (`windowScene.screen`, kept by the scene delegate or read from a `UIViewRepresentable`'s `window?.windowScene`)."
            }
            return "Decide by the size the view is offered (`GeometryReader`, `ViewThatFits`): a SwiftUI view has no screen of its own to ask."
        }
        switch site.context {
        case .viewController, .view:
            guard let r = site.receiver else { return site.parameter("the screen (or just what you need from it)") + " There it is the window scene's screen." }
            if site.timing.contains(.choosesWindow) {
                return "This member picks the window the view is to go into, so the view has no window or screen of its own yet: take the window scene from the caller (the view controller that shows the view), and use `windowScene.screen`."
            }
            // A window's own code asks itself: its `window` is nil.
            let screen = site.inWindow ? (site.language == .swift ? "windowScene?.screen" : "self.windowScene.screen")
                : site.language == .swift ? r.window + "?.windowScene?.screen" : r.window + ".windowScene.screen"
            if site.timing.contains(.beforeWindow) {
                let vc = site.context == .viewController
                return "Here the view is not in a window yet (an initializer, awakeFromNib, viewDidLoad, viewWillAppear or a method they call), so it has no window scene, and no screen, to ask: "
                    + (site.shapes.contains(.screenProperty) ? "read it once the view is in one (\(vc ? "`viewIsAppearing`" : "didMoveToWindow"))."
                        : "decide once the view is in one (\(vc ? "`viewIsAppearing`, viewDidLayoutSubviews" : "didMoveToWindow, layoutSubviews")), from its bounds or its trait collection.")
            }
            return site.shapes.contains(.screenProperty) ? "Use `\(screen)`, the screen this view's scene is on."
                : "Use `\(screen)` — or better, the trait collection or the view's bounds."
        case .sceneDelegate:
            return "Use `windowScene.screen`."
        case .appDelegate:
            return "The app delegate has no screen of its own: under scenes each window is on its scene's screen. Do this in the scene delegate, with `windowScene.screen`."
        case .other:
            return site.parameter("the screen (or just what you need from it)") + " There it is the window scene's screen."
        }
    }

    /// The window that code in `context` should use instead of an application-wide one.
    static func window(_ site: FixSite) -> String {
        // A class method or helper given the view it works on (`+drawView:(UIView *)view`, an
        // animator's `transitionContext.containerView`): that view's window is at hand.
        let given = site.givenView.map { "Use `\($0).window`, the window of \(site.givenNoun)." }
        if let text = defaultArgument(site, "the view (or window) to work in") { return text }
        if site.shapes.contains(.endsEditing) {
            return site.language == .swift
                ? "To dismiss the keyboard wherever it is, ask the first responder to resign, which needs no window: `UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)` — or end editing in the view at hand (`view.endEditing(true)`)."
                : "To dismiss the keyboard wherever it is, ask the first responder to resign, which needs no window: `[UIApplication.sharedApplication sendAction:@selector(resignFirstResponder) to:nil from:nil forEvent:nil];` — or end editing in the view at hand (`[view endEditing:YES]`)."
        }
        // A helper answering "the" window: its callers know which window they mean (LGSideMenu's
        // `getKeyWindow()`, called by view controllers for their own window); an inspector wants them all.
        let application = site.language == .swift ? "UIApplication.shared" : "UIApplication.sharedApplication"
        if site.shapes.contains(.windowHelper) {
            return "This helper answers with \"the\" window, which under scenes is not one: have its callers pass the view they work for and use that view's `window`; "
                + "only code that wants every window (an inspector) should go through `\(application).connectedScenes` and each `UIWindowScene`'s `windows`."
        }
        // The controller on top, looked for from code with no view of its own (a handler, a type method).
        if site.shapes.contains(.topController), site.receiver == nil || site.context == .appDelegate, !site.isSwiftUIView {
            return "This looks for the view controller on top, to present on, and with several scenes there is one per scene: pick the scene first — the one the event concerns (a notification response's `targetScene`, iOS 13; a view's window scene), else the one in the foreground (`activationState` among `\(application).connectedScenes`) — and walk from its key window's `rootViewController`; better, have callers that have a view pass its window scene."
        }
        if site.shapes.contains(.relaysAnotherWindow) {
            return "This view controller answers for its own window by asking another window's root view controller: its own window's would be itself. Have whoever creates its window hand it a weak reference to the view controller it relays for (the presenting scene's root), and ask that."
        }
        if site.shapes.contains(.everyWindow) {
            return "This code wants the app's windows, not its own: with scenes they are each window scene's — go through "
                + "`\(application).connectedScenes`, and each `UIWindowScene`'s `windows` (or its `keyWindow`, iOS 15)."
        }
        if site.shapes.contains(.comparesKeyWindow) {
            return "Ask the window compared with it whether it is key (`window.isKeyWindow`): each scene has its own key window, and the application's one is whichever scene's was last."
        }
        // A window's own code (ZFPlayer's landscape window taking the key window's scene in its
        // initializer): its scene is its creator's to give.
        // A type member of a window class (ivpn's `static var isLandscape` on UIWindow) has no window of its own.
        if site.inWindow, site.inInstance {
            return "This is a window's own code: the scene it belongs to is its creator's to give. Take the window scene from whoever creates the window, and create it with `\(site.windowSceneInitializer)`."
        }
        // A window's insets or status bar read for a SwiftUI view's layout (jami's location sharing
        // header): the view is given its own safe area.
        if site.isSwiftUIView, site.shapes.contains(.windowSafeArea) {
            return "A SwiftUI view is given its own safe area, the window's where it reaches the window's edges: lay out inside it (leave out `ignoresSafeArea`) or read it from a `GeometryReader` (its proxy's safeAreaInsets), instead of asking one of the app's windows."
        }
        // A SwiftUI view or modifier has no window of its own to read (AlertKit's `View.alert(isPresent:view:)`).
        if site.isSwiftUIView || site.inViewModifier {
            return "A SwiftUI view has no window to read: present from a `UIViewRepresentable` placed in this view, whose view's `window` is this scene's once it is shown, or take the window scene from the caller."
        }
        switch site.context {
        case .view, .viewController:
            guard let r = site.receiver else { return given ?? site.parameter("the window (or the view controller)") }
            // It looks for a presenter for itself: its own view is in no window until it is presented.
            if site.context == .viewController, site.shapes.contains(.presentsItself) {
                return "This view controller presents itself, so its own view is in no window while it looks for a presenter: take the view controller to present from (or its window scene) from the caller, whose view is on screen."
            }
            // The window's insets stood for the view's: its own safe area follows the window's
            // edges where it reaches them, and is there in viewDidLoad for constraints.
            if site.shapes.contains(.windowSafeArea) {
                let v = r.view == "self" && site.language == .swift ? "" : r.view + "."
                let callback = site.context == .viewController ? "viewSafeAreaInsetsDidChange" : "safeAreaInsetsDidChange"
                return "For the insets, use the view's own safe area, not a window's: constrain to `\(v)safeAreaLayoutGuide`, or read `\(v)safeAreaInsets` in \(callback) and layout code; it follows the window the view is in, as it resizes."
            }
            if site.timing.contains(.beforeWindow) {
                return "Here the view is not in a window yet (an initializer, awakeFromNib, viewDidLoad, viewWillAppear or a method they call), so `\(r.window)` is nil: do this once it is, in \(site.context == .viewController ? "viewDidAppear" : "didMoveToWindow"), or take the window from the caller."
            }
            if site.timing.contains(.choosesWindow) {
                // Given the view it is shown for (EasyTipView's `show(forView:withinSuperview:)`): that view's window.
                if let view = site.givenView, !site.givenIsContainer {
                    return "This member picks the window the view is to go into, so `\(r.window)` is not set yet: use `\(view).window`, the window of the view it is given to show beside."
                }
                return "This member picks the window the view is to go into, so `\(r.window)` is not set yet: take the window scene from the caller (the view controller that shows the view), and pick among `windowScene.windows`."
            }
            return "Use `\(r.window)`" + (site.context == .viewController ? ", or present from this view controller." : ".")
        case .sceneDelegate: return "Use this scene delegate's own `window` (or `windowScene.windows`)."
        case .appDelegate:
            // After launch (an action, a notification): the window it concerns, a scene's under scenes.
            if site.shapes.contains(.afterLaunch) {
                return "This runs after launch: use the window this app delegate keeps (`window`), not whichever is key; under scenes each scene has its own, so do this on the window of the scene it concerns (its scene delegate's `window`, or the window of the view the action comes from)."
            }
            // At launch the app delegate's window is the one it made; under scenes there is one per scene.
            return "Use the window this app delegate creates and keeps (`window`), set up before it is shown; "
                + "under scenes each scene has its own: do this in the scene delegate's `\(site.language == .swift ? "scene(_:willConnectTo:options:)" : "scene:willConnectToSession:options:")` with its `window`."
        case .other:
            // A helper reading a window's insets for its callers (ZLPhotoBrowser's `deviceSafeAreaInsets()`):
            // each caller that lays out has a safe area of its own.
            if given == nil, site.shapes.contains(.windowSafeArea) {
                return "This reads a window's safe area for code that has its own: have each caller that lays out read its view's `safeAreaInsets` (or constrain to its `safeAreaLayoutGuide`), which follow its window's edges where the view reaches them — the key window may be another scene's."
            }
            // A library showing its own UI (Leanplum's message templates): no caller of its has a view to hand over.
            if given == nil, site.inLibrary {
                return "A library that shows its own UI has no view of the host app's to ask: let the host app hand it the window scene to present in (a parameter of the call that shows it, or a property it sets), "
                    + "and only without one take the scene in the foreground from `\(application).connectedScenes` (its `activationState`) and that scene's key window — not the application's windows, which belong to every scene."
            }
            // A handler or delegate's callback the system calls (Slide's watch session): no caller to pass a window.
            if given == nil, site.inAction {
                return "This runs when the system calls it (a notification, a gesture or a delegate's callback), with its own arguments and no view of this object's: use the window of the view the event is about (a gesture's `view`), else the scene it concerns (a notification response's `targetScene`, iOS 13), else the scene in the foreground (`activationState` among `\(application).connectedScenes`) and its key window."
            }
            return given ?? site.parameter("the window (or the view controller)")
        }
    }
}

extension FixSite {
    /// The view the enclosing method is given (`+drawView:(UIView *)view`; an animator's
    /// `transitionContext.containerView`), when its size comes from one (`CodeFile.sizeParameter(of:)`).
    var givenView: String? {
        // `containerView?.bounds` → `containerView?`, so `containerView?.window` reads on.
        sizeParameter.flatMap { $0.hasSuffix(".bounds") ? String($0.dropLast(".bounds".count)) : nil }
    }

    /// How a fix names where `givenView` comes from: a parameter, or the container a presentation
    /// controller or a transition lays out in.
    var givenNoun: String { givenIsContainer ? "the container this code lays out in" : "the view this method is given" }

    /// Whether `givenView` is a container the code lays out in (a presentation controller's or a
    /// transition context's `containerView`), not a parameter.
    var givenIsContainer: Bool { sizeParameter?.contains("containerView") == true }
}

extension GeometryFixes {
    /// UIKit's questions a view controller answers for its window: appearance and orientation.
    static let windowAnswers: Set<String> = ["supportedInterfaceOrientations", "shouldAutorotate", "preferredInterfaceOrientationForPresentation",
                                             "preferredStatusBarStyle", "prefersStatusBarHidden", "preferredStatusBarUpdateAnimation",
                                             "prefersHomeIndicatorAutoHidden", "preferredScreenEdgesDeferringSystemGestures"]

    /// Whether the window read at `k` is asked for its root view controller's answer to one of
    /// those questions, in that same answer (PKHUD's relay: `UIApplication.shared.delegate?.window??.rootViewController`
    /// in `supportedInterfaceOrientations`).
    static func relaysAnotherWindow(at k: Int, in f: CodeFile) -> Bool {
        guard let function = f.enclosingFunction(of: k)?.scope ?? f.memberDeclared(at: k),
              windowAnswers.contains(String(function.name.prefix { $0 != ":" })) else { return false }
        var e = k + 1
        while e < f.tokens.count, e - k < 16, !f.isPunct(e, ";"), !f.isPunct(e, "{"), !(f.language == .swift && f[e].isLineStart) {
            if f.text(e) == "rootViewController" { return true }
            e += 1
        }
        return false
    }
}

