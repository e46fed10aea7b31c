import SourceLexing

/// Where the size a piece of layout code needs can come from, besides the view it is in: a
/// size the method is given, or — when the code computes a frame for a view controller it is
/// creating — the container that will show that controller. Fix texts name these instead of
/// the enclosing view's bounds, which are not the size in either case.
extension CodeFile {
    /// The size the method or function `scope` is given: the bounds of its one view parameter
    /// (`(UIView *)view` → `view.bounds`, the view it lays out or draws into), else the name of
    /// its one `CGSize` or `CGRect` parameter (`- (void)setNowPlayingSize:(CGSize)viewSize` →
    /// `viewSize`, `func layout(in size: CGSize)` → `size`). Nil when it has none, or more than
    /// one of the kind that decides (then which is meant is not known) — a rectangle beside a
    /// view may be anything in it (a crop's hole), so a view parameter rules rectangles out.
    public func sizeParameter(of scope: Scope) -> String? {
        guard scope.kind == .function else { return nil }
        var sizes: [String] = [], views: [String] = []
        func isView(_ k: Int) -> Bool { self[k].kind == .identifier && text(k).hasSuffix("View") }
        // A view controller given (a transition's `formSheetController`, Kodi's `navCtrl`): its view.
        func isController(_ k: Int) -> Bool {
            guard self[k].kind == .identifier else { return false }
            let t = text(k)
            return t.hasSuffix("ViewController") || t.hasSuffix("NavigationController") || KnownTypes.viewControllers.contains(t)
        }
        // The frame a view is created with (`init(frame:)`, `initWithFrame:`) is its own first size
        // (a cell's item size), not a size to lay out in.
        let framedInitializer = (scope.name == "init" && scope.labels.contains("frame")) || scope.name.hasPrefix("initWithFrame")
        var q = scope.declarationStart
        while q < scope.open {
            if language == .swift {
                // `size: CGSize` — the internal name stands before the colon.
                if isPunct(q, ":"), isPunct(q + 2, ",") || isPunct(q + 2, ")"), self[q - 1].kind == .identifier, scope.parameterNames.contains(text(q - 1)) {
                    if self.is(q + 1, .CGSize) || self.is(q + 1, .CGRect) { if !(framedInitializer && self.is(q + 1, .CGRect)) { sizes.append(text(q - 1)) } }
                    else if isView(q + 1) { views.append(text(q - 1)) } else if isController(q + 1) { views.append(text(q - 1) + ".view") }
                    // An animator's transition context: its container view is what it lays out in (eidolon's help animator).
                    else if text(q + 1) == "UIViewControllerContextTransitioning" { views.append(text(q - 1) + ".containerView") }
                }
            } else if isPunct(q, "(") {
                // `(CGRect)name`, `(UIView *)name`, `(nonnull UIViewController *)name`.
                var o = q
                while ["nonnull", "nullable", "_Nonnull", "_Nullable", "__kindof"].contains(text(o + 1)) { o += 1 }
                if self.is(o + 1, .CGSize) || self.is(o + 1, .CGRect), isPunct(o + 2, ")"), self[o + 3].kind == .identifier,
                   scope.parameterNames.contains(text(o + 3)) {
                    if !(framedInitializer && self.is(o + 1, .CGRect)) { sizes.append(text(o + 3)) }
                } else if isView(o + 1) || isController(o + 1), isPunct(o + 2, "*"), isPunct(o + 3, ")"), self[o + 4].kind == .identifier,
                          scope.parameterNames.contains(text(o + 4)) {
                    views.append(text(o + 4) + (isView(o + 1) ? "" : ".view"))
                } else if text(o + 1) == "id", text(o + 2) == "<", text(o + 3) == "UIViewControllerContextTransitioning", text(o + 4) == ">",
                          isPunct(o + 5, ")"), self[o + 6].kind == .identifier, scope.parameterNames.contains(text(o + 6)) {
                    views.append(text(o + 6) + ".containerView")
                }
            }
            q += 1
        }
        // A controller the method presents, pushes or wraps to present is in no window yet: not
        // what it lays out by (Aztec's options table, Slide's `showVC`'s presented controller).
        views.removeAll { $0.hasSuffix(".view") && presents(String($0.dropLast(".view".count)), in: scope) }
        if !views.isEmpty { return views.count == 1 ? views[0] + ".bounds" : nil }
        if sizes.isEmpty, let context = transitionContextLocal(in: scope) { return context + ".containerView.bounds" }
        return sizes.count == 1 ? sizes[0] : nil
    }

    /// Whether the body of `scope` presents, pushes or shows the controller `name`, or makes it a
    /// navigation controller's root (`present(name, …)`, `init(rootViewController: name)`,
    /// `[self presentViewController:name …]`).
    func presents(_ name: String, in scope: Scope) -> Bool {
        func presenting(_ q: Int) -> Bool {
            let s = text(q).lowercased()
            return s.contains("present") || s.contains("push") || s.hasPrefix("show") || s.contains("rootviewcontroller")
        }
        for q in scope.open..<min(scope.close, tokens.count) where q >= 2 && self[q].kind == .identifier && text(q) == name {
            if isPunct(q - 1, "(") || isPunct(q - 1, ":"), presenting(q - 2) { return true }
        }
        return false
    }

    /// Whether an identifier of the file is `name` (compared by hash first: no string per token).
    public func names(_ name: String) -> Bool {
        let h = identifierHash(name)
        return tokens.indices.contains { k in self[k].kind == .identifier && self[k].hash == h && text(k) == name }
    }

    /// The type of the first parameter of the method `scope`, when it is a type's name (`WCSession`
    /// in `session(_ session: WCSession, …)` or `- (void)session:(WCSession *)session …`): where the
    /// file names that type's `…Delegate` (or `…DataSource`) protocol, the method is a delegate's
    /// callback, whose signature is the protocol's (Slide's watch session; `FindingSink` asks).
    public func delegatingType(of scope: Scope) -> String? {
        guard scope.kind == .function else { return nil }
        var q = scope.declarationStart, type: String? = nil
        while q < min(scope.open, tokens.count) - 2 {
            if language == .swift, isPunct(q, "("), self[q + 1].kind == .identifier, self[q + 2].kind == .identifier || isPunct(q + 2, ":") {
                // `(_ session: WCSession` or `(session: WCSession`
                let colon = isPunct(q + 2, ":") ? q + 2 : q + 3
                if isPunct(colon, ":"), self[colon + 1].kind == .identifier { type = text(colon + 1) }
                break
            }
            if language == .objectiveC, isPunct(q, ":"), isPunct(q + 1, "("), self[q + 2].kind == .identifier { type = text(q + 2); break }
            q += 1
        }
        guard let type, type.count > 2, type.first?.isUppercase == true else { return nil }
        return type
    }

    /// A transition context the method holds in a local of its own (an interactive animator's
    /// `id<UIViewControllerContextTransitioning> transitionContext = self.transitionContext;`,
    /// `let context: UIViewControllerContextTransitioning = …`): its container view is the space
    /// the transition lays out in (MZFormSheetPresentationController's interactive animator).
    func transitionContextLocal(in scope: Scope) -> String? {
        guard mentionsTransitionContext else { return nil }
        var q = scope.open
        while q < min(scope.close, tokens.count) - 2 {
            if text(q) == "UIViewControllerContextTransitioning" {
                if language == .swift, isPunct(q - 1, ":"), self[q - 2].kind == .identifier, self.is(q - 3, .let) || self.is(q - 3, .var) {
                    return text(q - 2)
                }
                if language != .swift, isPunct(q + 1, ">"), self[q + 2].kind == .identifier, isPunct(q + 3, "=") { return text(q + 2) }
            }
            q += 1
        }
        return nil
    }

    /// The class of a view controller or window that the expression at token `i` is an argument
    /// to the creation of (`[[UIWindow alloc] initWithFrame:UIScreen.mainScreen.bounds]`, a window a
    /// scene would size), or of a view controller: `[[DetailViewController alloc] initWithNibName:… withFrame:CGRectMake(0, 0, W, H) bundle:nil]`,
    /// `DetailViewController(frame: CGRect(…))`, or whose view's frame it is assigned
    /// (`detailViewController.view.frame = …`, the variable's name then). Such a frame is for a
    /// controller another container will show, not for the view the code is in. Only names
    /// ending in `Controller` or `Window` count: a view created here is normally added to this view.
    public func objectCreated(around i: Int) -> String? {
        classCreated(around: i, where: Self.isCreatedObject, orAssignedAtStatementStart: true)
    }

    /// The class of the innermost creation the expression at token `i` is an argument to:
    /// `[[UIButton alloc] initWithFrame:CGRectMake(…)]`, `UIView(frame: CGRect(…))` → `UIButton`, `UIView`.
    public func classCreated(around i: Int) -> String? {
        classCreated(around: i, where: { _ in true }, orAssignedAtStatementStart: false)
    }

    /// Walks out through the brackets and parentheses that hold `i`, to its statement's start,
    /// and answers the first creation (`[[X alloc] init…`, Swift `X(…)`) whose class `accepts`;
    /// at the statement's start, optionally, a controller's view frame assigned (`controllerViewAssigned`).
    private func classCreated(around i: Int, where accepts: (String) -> Bool, orAssignedAtStatementStart assigned: Bool) -> String? {
        var k = i - 1
        var steps = 0
        while k >= 0, steps < 2048 {
            steps += 1
            let t = self[k]
            if t.kind == .punct {
                if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                    let o = pair(k)
                    if o >= 0, o < k { k = o - 1; continue }
                }
                if t.isPunct(";") || t.isPunct("{") { return assigned ? controllerViewAssigned(at: k + 1, before: i) : nil }
                if t.isPunct("["), pair(k) > i {
                    // `[[X alloc] init…` (or `[X new]`-style sends are not creations with a frame).
                    if isPunct(k + 1, "["), self[k + 2].kind == .identifier, self.is(k + 3, .alloc), isPunct(k + 4, "]"), accepts(text(k + 2)) {
                        return text(k + 2)
                    }
                } else if t.isPunct("("), pair(k) > i, language == .swift, self[k - 1].kind == .identifier,
                          !isPunct(k - 2, "."), text(k - 1).first?.isUppercase == true, accepts(text(k - 1)) {
                    return text(k - 1)
                }
            }
            k -= 1
        }
        return k < 0 && assigned ? controllerViewAssigned(at: 0, before: i) : nil
    }

    /// `detailViewController.view.frame = …` at the statement starting at `s`: another
    /// controller's view (not `self`'s), named as the variable that holds it.
    private func controllerViewAssigned(at s: Int, before i: Int) -> String? {
        guard self[s].kind == .identifier, !self.is(s, .self), isPunct(s + 1, "."), text(s + 2) == "view", isPunct(s + 3, "."),
              self.is(s + 4, .frame), isPunct(s + 5, "="), s + 6 <= i, text(s).hasSuffix("Controller") else { return nil }
        return text(s)
    }

    /// View controllers and windows: a frame made for one is not this view's to give.
    static func isCreatedObject(_ name: String) -> Bool { name.hasSuffix("Controller") || name.hasSuffix("Window") }

    /// Whether token `i` is in the initial value of a Swift instance's stored property, right
    /// inside a type: `let isPhone: Bool = { UIDevice.current.userInterfaceIdiom == .phone }()`
    /// — not a `static`/`class` one, not a computed property (whose body is an accessor).
    public func isInstanceStoredPropertyValue(_ i: Int) -> Bool { instanceStoredProperty(around: i) != nil }

    /// The name of the instance's stored property whose initial value holds token `i`
    /// (`isInstanceStoredPropertyValue`), nil when `i` is in none.
    public func instanceStoredProperty(around i: Int) -> String? {
        guard language == .swift, let type = enclosingType(of: i), enclosingFunction(of: i) == nil else { return nil }
        var k = i - 1
        var sawAssignment = false
        while k > type.open {
            let t = self[k]
            if t.kind == .punct, t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                let o = pair(k)
                if o > type.open, o < k { k = o - 1; continue }
                return nil
            }
            // A brace around `i` opens the closure the value is computed in, called right away
            // (`{ … }()`); a stored closure runs whenever it is called, and any other brace ends the search.
            if t.kind == .punct, t.isPunct("{") {
                let close = pair(k)
                if close > i, isPunct(close + 1, "("), pair(close + 1) == close + 2 { k -= 1; continue }
                // A builder's closure, run on the value right away: `UIView().then { $0.layer.borderWidth = … }`.
                if close > i, isPunct(k - 2, "."), ["then", "apply", "with", "configure"].contains(text(k - 1)) { k -= 1; continue }
                // An `if`, `guard` or `switch` block inside that closure (NotificationBanner's `if #available(iOS 13.0, *) { return … }`).
                let s = structure.scopeIndex(of: k + 1)
                if close > i, s >= 0, structure.scopes[s].open == k, structure.scopes[s].kind == .control { k -= 1; continue }
                return nil
            }
            if isPunct(k, "="), !isPunct(k + 1, "=") { sawAssignment = true }
            if self.is(k, .let) || self.is(k, .var) {
                guard sawAssignment else { return nil }
                // The modifiers before it on its line.
                var m = k - 1
                while !self[m + 1].isLineStart, m > type.open {
                    if ["static", "class"].contains(text(m)) { return nil }
                    m -= 1
                }
                return self[k + 1].kind == .identifier ? text(k + 1) : ""
            }
            // A declaration ends the search; `CAGradientLayer.init()` is a call.
            if ["func", "init", "subscript", "case"].contains(text(k)), !isPunct(k - 1, ".") { return nil }
            k -= 1
        }
        return nil
    }
}

extension CodeFile {
    /// Whether a `#selector(…)` or `@selector(…)` in this file names the method `scope`
    /// (`#selector(WhisperFactory.orientationDidChange)`, `#selector(pan(_:))`, `@selector(pan:)`):
    /// UIKit calls it — a notification's observer, a control's or gesture's target, a timer's —
    /// with its own arguments, so it can take none of its caller's choosing.
    public func isSelectorTarget(_ scope: Scope) -> Bool {
        guard scope.kind == .function, !scope.isStatic else { return false }
        let base = language == .swift ? scope.name : String(scope.name.prefix { $0 != ":" })
        return !base.isEmpty && selectorNames.contains(base)
    }
}

