#!/usr/bin/env python3
"""Builds a git repository whose history migrates an iOS app, deterministically.

    scripts/make-history-repo.py OUT.git [--commits 120] [--units 40] [--seed 3] [--edge-cases] [--repack]

OUT.git is created as a bare repository (with `git fast-import`; git is used here, in test and
benchmark set-up only). History on `main` is first-parent; every ~15 commits a side branch
with its own commits is merged back, so merges bring in changes first-parent history never
walked. Commits edit, fix, add, delete and rename files; they turn the `SCREEN_WIDTH` macro
(defined in one header, used by many `.m` files) and the Swift global `kScreenWidth` into
plain numbers and back, and a base class from a view controller into a presenter and back,
so findings in unchanged files come and go; part-way through the app adopts scenes. Sources come from scripts/gen-tree.py's realistic generators.

--edge-cases adds what a real repository may hold: a symbolic link, a submodule, a Git LFS
pointer, a binary file with a source extension, a file with invalid UTF-8. --corrupt then
adds a commit whose new blob is stored as a loose object and damaged on disk, and a commit
that deletes it again (the walk must report the first as failed and go on). Prints the head
commit of main.
"""
import argparse
import importlib.util
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gentree", os.path.join(HERE, "gen-tree.py"))
gentree = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gentree)

MACROS_SCREEN = gentree.MACROS
MACROS_FIXED = """#ifndef Macros_h
#define Macros_h

// Sizes come from the view now; these stay for old call sites.
#define SCREEN_WIDTH 375.0
#define SCREEN_HEIGHT 667.0
#define SCREEN_MAX_LENGTH (MAX(SCREEN_WIDTH, SCREEN_HEIGHT))
#define IS_IPHONE_X (SCREEN_MAX_LENGTH == 812.0)

#endif
"""
GLOBALS_SCREEN = "import UIKit\n\nlet kScreenWidth = UIScreen.main.bounds.width\nlet kPadding: CGFloat = 16\n"
GLOBALS_FIXED = "import UIKit\n\n// The window decides widths now.\nlet kScreenWidth: CGFloat = 375\nlet kPadding: CGFloat = 16\n"
# A base class whose superclass changes: the context of code in its subclasses changes with it.
BASE_CONTROLLER = "import UIKit\n\nclass BaseScreen: UIViewController {\n    var screenName = \"\"\n}\n"
BASE_PRESENTER = "import UIKit\n\n// Screens are presenters now; their controllers are generic.\nclass BaseScreen: NSObject {\n    var screenName = \"\"\n}\n"
PROMO_SCREEN = """import UIKit

final class PromoScreen: BaseScreen {
    func layoutBanner(_ banner: UIView) {
        let top = topLayoutGuide.length
        banner.frame.origin.y = top + 8
    }
}
"""

APP_DELEGATE = """#import "AppDelegate.h"
#import "Macros.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    self.window.rootViewController = [[UINavigationController alloc] init];
    [self.window makeKeyAndVisible];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
    return [self handleURL:url];
}

- (BOOL)handleURL:(NSURL *)url {
    return url.host.length > 0;
}

@end
"""
APP_DELEGATE_H = """#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) UIWindow *window;
@end
"""
SCENE_DELEGATE = """import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController()
        window.makeKeyAndVisible()
        self.window = window
    }
}
"""
SCENE_DELEGATE_URLS = SCENE_DELEGATE.rstrip().rstrip("}") + """
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let url = URLContexts.first?.url else { return }
        print("open", url)
    }
}
"""


def info_plist(scenes, name="shop", extra=""):
    """An app's Info.plist, with a scene manifest when `scenes`; `extra` is more keys (tab-indented)."""
    manifest = """	<key>UIApplicationSceneManifest</key>
	<dict>
		<key>UIApplicationSupportsMultipleScenes</key>
		<true/>
		<key>UISceneConfigurations</key>
		<dict>
			<key>UIWindowSceneSessionRoleApplication</key>
			<array>
				<dict>
					<key>UISceneConfigurationName</key>
					<string>Default Configuration</string>
					<key>UISceneDelegateClassName</key>
					<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
				</dict>
			</array>
		</dict>
	</dict>
""" if scenes else ""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleExecutable</key>
	<string>$(EXECUTABLE_NAME)</string>
	<key>CFBundleIdentifier</key>
	<string>com.example.{name}</string>
	<key>CFBundlePackageType</key>
	<string>APPL</string>
	<key>LSRequiresIPhoneOS</key>
	<true/>
	<key>UILaunchStoryboardName</key>
	<string>LaunchScreen</string>
{manifest}{extra}</dict>
</plist>
"""


def alias_user(rng, n):
    return f"""import UIKit

final class Banner{n}View: UIView {{
    override func layoutSubviews() {{
        super.layoutSubviews()
        frame.size.width = kScreenWidth - kPadding * {rng.randint(1, 4)}
    }}
}}
"""


class History:
    def __init__(self, seed, units, rich=False):
        self.rich = rich
        self.rng = random.Random(seed)
        self.tree = {}          # path -> bytes
        self.units = []         # lists of paths that belong together
        self.n = 0
        self.time = 1_700_000_000
        self.out = []
        self.mark = 0
        self.heads = {}
        self.commits = 0
        self.tree["Shop/Macros.h"] = MACROS_SCREEN.encode()
        self.tree["Shop/Globals.swift"] = GLOBALS_SCREEN.encode()
        self.tree["Shop/AppDelegate.h"] = APP_DELEGATE_H.encode()
        self.tree["Shop/AppDelegate.m"] = APP_DELEGATE.encode()
        self.tree["Shop/Info.plist"] = info_plist(False).encode()
        self.tree["Shop/Screens/BaseScreen.swift"] = BASE_CONTROLLER.encode()
        self.tree["Shop/Screens/PromoScreen.swift"] = PROMO_SCREEN.encode()
        for _ in range(units):
            self.add_unit(self.tree, "Shop")

    def swift_body(self, rng, f, type_name, plant):
        f.add("import UIKit\nimport SwiftUI\n")
        for _ in range(rng.randint(2, 5) if self.rich else 0):
            gentree.swift_model(rng, f, type_name + rng.choice(gentree.NOUNS))
        gentree.swift_model(rng, f, type_name)
        gentree.swift_view_controller(rng, f, type_name, plant)
        gentree.swiftui_view(rng, f, type_name, plant)

    def objc_body(self, rng, m, type_name, plant):
        gentree.objc_implementation(rng, m, type_name, plant)
        for _ in range(rng.randint(1, 3) if self.rich else 0):
            m.add("")
            m.add("// A second controller in the same file, as legacy projects often have.")
            gentree.objc_implementation(rng, m, type_name + rng.choice(gentree.NOUNS), plant and rng.random() < 0.5)

    def unit_files(self, folder, plant, rng=None):
        rng = rng or self.rng
        self.n += 1
        type_name = gentree.name(rng) + str(self.n)
        if rng.random() < 0.5:
            f = gentree.File(f"{folder}/{type_name}.swift")
            self.swift_body(rng, f, type_name, plant)
            return [f]
        h = gentree.File(f"{folder}/{type_name}ViewController.h")
        gentree.objc_header(rng, h, type_name)
        m = gentree.File(f"{folder}/{type_name}ViewController.m")
        self.objc_body(rng, m, type_name, plant)
        return [h, m]

    def add_unit(self, tree, folder, rng=None):
        files = self.unit_files(folder, (rng or self.rng).random() < 0.6, rng)
        for f in files:
            tree[f.path] = f.text().encode()
        self.units.append([f.path for f in files])
        return files

    def regenerate(self, tree, path, plant):
        """Rewrites one file with the same type name, planting problems or not."""
        rng = self.rng
        stem = os.path.basename(path).split(".")[0].replace("ViewController", "")
        f = gentree.File(path)
        if path.endswith(".swift"):
            self.swift_body(rng, f, stem, plant)
        elif path.endswith(".m"):
            self.objc_body(rng, f, stem, plant)
        else:
            gentree.objc_header(rng, f, stem)
        tree[path] = f.text().encode()

    # -- fast-import output -------------------------------------------------------------------

    def emit_blobless_commit(self, branch, message, changes, parents):
        """changes: list of ("M", path, bytes) / ("D", path) / ("L", path, target) / ("S", path, sha)."""
        self.mark += 1
        mark = self.mark
        self.time += 3600
        msg = message.encode()
        lines = [f"commit refs/heads/{branch}".encode(), f"mark :{mark}".encode(),
                 f"author Dev <dev@example.com> {self.time} +0000".encode(),
                 f"committer Dev <dev@example.com> {self.time} +0000".encode(),
                 f"data {len(msg)}".encode(), msg]
        if parents:
            lines.append(f"from :{parents[0]}".encode())
            for p in parents[1:]:
                lines.append(f"merge :{p}".encode())
        for change in changes:
            kind, path = change[0], change[1]
            if kind == "D":
                lines.append(f"D {path}".encode())
            elif kind == "S":
                lines.append(f"M 160000 {change[2]} {path}".encode())
            else:
                mode = "120000" if kind == "L" else "100644"
                data = change[2]
                lines.append(f"M {mode} inline {path}".encode())
                lines.append(f"data {len(data)}".encode())
                lines.append(data)
        self.out.append(b"\n".join(lines) + b"\n\n")
        self.commits += 1
        return mark

    def commit_tree_change(self, branch, message, before, after, parents, extra=()):
        changes = []
        for path in sorted(set(before) | set(after)):
            if path not in after:
                changes.append(("D", path))
            elif before.get(path) != after[path]:
                changes.append(("M", path, after[path]))
        changes.extend(extra)
        return self.emit_blobless_commit(branch, message, changes, parents)

    # -- history --------------------------------------------------------------------------------

    def step(self, tree):
        """Applies one random change to `tree`; returns its commit subject."""
        rng = self.rng
        sources = sorted(p for p in tree if p.endswith((".swift", ".m")) and os.path.basename(p) not in
                         ("Globals.swift", "AppDelegate.m", "SceneDelegate.swift", "BaseScreen.swift", "PromoScreen.swift"))
        roll = rng.random()
        if roll < 0.25 and sources:
            path = rng.choice(sources)
            self.regenerate(tree, path, rng.random() < 0.4)
            return f"Rework {os.path.basename(path)}"
        if roll < 0.45 and sources:
            path = rng.choice(sources)
            self.regenerate(tree, path, False)
            return f"Size {os.path.basename(path)} from its view, not the screen"
        if roll < 0.60:
            files = self.add_unit(tree, rng.choice(["Shop", "Shop/Feature", "Shop/Legacy"]))
            return f"Add {os.path.basename(files[-1].path)}"
        if roll < 0.68:
            self.n += 1
            path = f"Shop/Banners/Banner{self.n}View.swift"
            tree[path] = alias_user(rng, self.n).encode()
            return f"Add a banner sized with kScreenWidth"
        if roll < 0.75 and len(self.units) > 3:
            unit = self.units.pop(rng.randrange(len(self.units)))
            live = [p for p in unit if p in tree]
            for p in live:
                del tree[p]
            return f"Delete {', '.join(os.path.basename(p) for p in live) or 'nothing'}"
        if roll < 0.85 and self.units:
            unit = rng.choice(self.units)
            folder = rng.choice(["Shop/Moved", "Shop/Screens", "Shop"])
            for i, p in enumerate(list(unit)):
                if p not in tree:
                    continue
                new = folder + "/" + os.path.basename(p)
                if new != p and new not in tree:
                    tree[new] = tree.pop(p)
                    unit[i] = new
            return f"Move {os.path.basename(unit[-1])} to {folder}"
        if roll < 0.90:
            screen = tree["Shop/Macros.h"] == MACROS_SCREEN.encode()
            tree["Shop/Macros.h"] = (MACROS_FIXED if screen else MACROS_SCREEN).encode()
            return "SCREEN_WIDTH is a constant now" if screen else "Bring back SCREEN_WIDTH from the screen"
        if roll < 0.95:
            screen = tree["Shop/Globals.swift"] == GLOBALS_SCREEN.encode()
            tree["Shop/Globals.swift"] = (GLOBALS_FIXED if screen else GLOBALS_SCREEN).encode()
            return "kScreenWidth is fixed" if screen else "kScreenWidth follows the screen again"
        controller = tree["Shop/Screens/BaseScreen.swift"] == BASE_CONTROLLER.encode()
        tree["Shop/Screens/BaseScreen.swift"] = (BASE_PRESENTER if controller else BASE_CONTROLLER).encode()
        return "BaseScreen is a presenter" if controller else "BaseScreen is a view controller again"

    def build(self, commits, edge_cases):
        main = self.commit_tree_change("main", "Import the shop app", {}, self.tree, [])
        extra = []
        if edge_cases:
            extra = [("L", "Shop/Linked.swift", b"../../../../etc/passwd"),
                     ("S", "External/SomeKit", "1234567890abcdef1234567890abcdef12345678"),
                     ("M", "Shop/Assets/Huge.swift", b"version https://git-lfs.github.com/spec/v1\n"
                      b"oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 123456789\n"),
                     ("M", "Shop/Binary.m", b"\x00\x01\x02UIScreen mainScreen\x00" * 64),
                     ("M", "Shop/Latin1.swift", "let s = \"caf\xe9\"\nlet w = UIScreen.main.bounds.width\n".encode("latin-1"))]
            main = self.emit_blobless_commit("main", "Add odd files", extra, [main])
        made = 1 + (1 if edge_cases else 0)
        migrated = False
        urls = False
        while made < commits:
            if made % 15 == 7 and commits - made >= 6:
                # A side branch from here, main moves on, then the side branch is merged.
                base = dict(self.tree)
                side_tree = dict(self.tree)
                side = main
                self.n += 1
                feature = f"Shop/Feature{self.n}"
                for i in range(3):
                    before = dict(side_tree)
                    files = self.add_unit(side_tree, feature)
                    side = self.commit_tree_change(f"feature{self.n}", f"Feature {self.n}: add {os.path.basename(files[-1].path)}",
                                                   before, side_tree, [side])
                    made += 1
                for i in range(2):
                    before = dict(self.tree)
                    subject = self.step(self.tree)
                    main = self.commit_tree_change("main", subject, before, self.tree, [main])
                    made += 1
                before = dict(self.tree)
                for path in side_tree:
                    if path.startswith(feature + "/"):
                        self.tree[path] = side_tree[path]
                main = self.commit_tree_change("main", f"Merge feature {self.n}", before, self.tree, [main, side])
                made += 1
                continue
            before = dict(self.tree)
            if not migrated and made >= commits // 2:
                self.tree["Shop/Info.plist"] = info_plist(True).encode()
                self.tree["Shop/SceneDelegate.swift"] = SCENE_DELEGATE.encode()
                migrated = True
                subject = "Adopt the scene lifecycle"
            elif migrated and not urls and made >= commits * 3 // 4:
                urls = True
                # Only the scene delegate changes; the finding it settles is in the app delegate.
                self.tree["Shop/SceneDelegate.swift"] = SCENE_DELEGATE_URLS.encode()
                subject = "Handle URLs in the scene delegate"
            else:
                subject = self.step(self.tree)
            main = self.commit_tree_change("main", subject, before, self.tree, [main])
            made += 1
        return main


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--commits", type=int, default=120)
    ap.add_argument("--units", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--edge-cases", action="store_true")
    ap.add_argument("--repack", action="store_true", help="repack into one pack with deltas, as a real clone has")
    ap.add_argument("--rich", action="store_true", help="files of realistic size: several models or controllers each, as scripts/gen-tree.py writes")
    ap.add_argument("--corrupt", action="store_true", help="end with a commit whose new blob is damaged, then one that deletes it")
    args = ap.parse_args()
    h = History(args.seed, args.units, args.rich)
    h.build(args.commits, args.edge_cases)
    if os.path.exists(args.out):
        sys.exit(f"{args.out} exists")
    subprocess.run(["git", "init", "--quiet", "--bare", "--initial-branch=main", args.out], check=True)
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    subprocess.run(["git", "-C", args.out, "fast-import", "--quiet", "--done"], input=b"".join(h.out) + b"done\n",
                   check=True, env=env)
    if args.repack:
        subprocess.run(["git", "-C", args.out, "repack", "-a", "-d", "-q", "--window=50"], check=True, env=env)
    if args.corrupt:
        corrupt(args.out, env)
    head = subprocess.run(["git", "-C", args.out, "rev-parse", "main"], check=True, capture_output=True, env=env).stdout.decode().strip()
    print(head)


def corrupt(repo, env):
    """Adds Shop/Corrupt.swift as a loose object in one commit and deletes it in the next, then
    damages the object on disk."""
    def git(*a, data=None, extra=None):
        e = dict(env, GIT_AUTHOR_NAME="Dev", GIT_AUTHOR_EMAIL="dev@example.com", GIT_COMMITTER_NAME="Dev",
                 GIT_COMMITTER_EMAIL="dev@example.com", GIT_AUTHOR_DATE="1900000000 +0000", GIT_COMMITTER_DATE="1900000000 +0000")
        e.update(extra or {})
        return subprocess.run(["git", "-C", repo, *a], input=data, check=True, capture_output=True, env=e).stdout.decode().strip()
    blob = git("hash-object", "-w", "--stdin", data=b"let broken = UIScreen.main.bounds.width\n")
    index = {"GIT_INDEX_FILE": os.path.join(repo, "fleetscan-tmp-index")}
    git("read-tree", "main", extra=index)
    git("update-index", "--add", "--cacheinfo", f"100644,{blob},Shop/Corrupt.swift", extra=index)
    tree = git("write-tree", extra=index)
    os.remove(index["GIT_INDEX_FILE"])
    first = git("commit-tree", tree, "-p", "main", "-m", "Add a file whose object is damaged")
    clean = git("rev-parse", "main^{tree}")
    second = git("commit-tree", clean, "-p", first, "-m", "Delete the damaged file")
    git("update-ref", "refs/heads/main", second)
    loose = os.path.join(repo, "objects", blob[:2], blob[2:])
    os.chmod(loose, 0o644)
    with open(loose, "wb") as fh:
        fh.write(b"this is not a zlib stream")


if __name__ == "__main__":
    main()
