#!/usr/bin/env python3
"""Builds the demo organisation: bare git repositories whose histories migrate to scenes and
resizable windows over 2026, and a fleet.json that lists them. Deterministic.

    scripts/make-demo-org.py OUT_DIR [--repos 12] [--commits 40] [--seed 7]
        [--missing] [--file-urls] [--start 2026-03-02] [--end 2026-11-27] [--hold-back K]
    scripts/make-demo-org.py OUT_DIR --advance

OUT_DIR/<name>.git are bare repositories written with `git fast-import` (git is used here,
in set-up only). Each is an app (an Info.plist that stands for the app, an app delegate that
creates its window, view controllers) or a library (view controllers only), in Swift or
Objective-C. Every view controller has slots that hold either a pattern fleetscan reports
(`UIScreen.main.bounds`, an idiom check, `statusBarFrame`, `keyWindow`, …) or its fix.
Commits fix slots, sometimes break one again or add a file with old habits, edit code that
has nothing to do with windows, and apps adopt the scene lifecycle part-way (a scene
manifest and a scene delegate), each repository at its own pace, so the org's trend moves.

OUT_DIR/fleet.json names them with paths relative to itself (`--file-urls`: absolute
file:// URLs) and, with `--missing`, one more entry whose repository does not exist, so a
run shows a failure. The first 12 repositories have hand-picked names and profiles; more
(`--repos 100` for the benchmark) cycle through the profiles.

With `--hold-back K`, every third repository's `main` stops K commits short (last night's
state); `--advance` then moves those branches forward, as a day of work would, so a second
fleet run has new commits to scan in some repositories and none in the others.

Who does the work: each repository has its team's people as commit authors, most a
`.github/CODEOWNERS` (a platform team owns the app delegates and Info.plists, the repository's
team the rest; one file has a line GitHub would skip), and fleet.json gives each entry its
`team` (a fallback for what CODEOWNERS does not match; one repository has neither), `web` link
templates, and the org's `deadline`.
"""
import argparse
import calendar
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import time

# (name, kind, language, fix rate, regress rate, adopts scenes at (fraction of history) or None)
PROFILES = [
    ("shop-ios", "app", "swift", 0.55, 0.05, 0.35),
    ("design-kit", "library", "swift", 0.45, 0.05, None),
    ("payments-sdk", "library", "objc", 0.20, 0.05, None),
    ("legacy-wallet", "app", "objc", 0.05, 0.10, None),
    ("news-reader", "app", "swift", 0.70, 0.02, 0.15),
    ("chat-app", "app", "swift", 0.35, 0.25, 0.60),
    ("maps-module", "library", "swift", 0.30, 0.05, None),
    ("onboarding-flow", "library", "objc", 0.40, 0.05, None),
    ("media-player", "app", "swift", 0.25, 0.08, 0.85),
    ("analytics-kit", "library", "swift", 0.90, 0.00, None),
    ("settings-ui", "library", "objc", 0.15, 0.05, None),
    ("partner-portal", "app", "objc", 0.30, 0.05, 0.70),
]

SWIFT_SLOTS = [
    ("let width{n} = UIScreen.main.bounds.width", "let width{n} = view.bounds.width"),
    ("let compact{n} = UIScreen.main.bounds.height == 812", "let compact{n} = view.safeAreaInsets.bottom > 0"),
    ("let columns{n} = UIDevice.current.userInterfaceIdiom == .pad ? 3 : 1",
     "let columns{n} = traitCollection.horizontalSizeClass == .regular ? 3 : 1"),
    ("let top{n} = UIApplication.shared.statusBarFrame.height", "let top{n} = view.safeAreaInsets.top"),
    ("let window{n} = UIApplication.shared.keyWindow", "let window{n} = view.window"),
    ("let wide{n} = UIDevice.current.orientation.isLandscape", "let wide{n} = view.bounds.width > view.bounds.height"),
    ("let guide{n} = topLayoutGuide.length", "let guide{n} = view.safeAreaLayoutGuide.layoutFrame.minY"),
    ("let scale{n} = UIScreen.main.scale", "let scale{n} = traitCollection.displayScale"),
]
OBJC_SLOTS = [
    ("CGFloat width{n} = [UIScreen mainScreen].bounds.size.width;", "CGFloat width{n} = self.view.bounds.size.width;"),
    ("BOOL pad{n} = [UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad;",
     "BOOL pad{n} = self.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular;"),
    ("CGFloat top{n} = [UIApplication sharedApplication].statusBarFrame.size.height;",
     "CGFloat top{n} = self.view.safeAreaInsets.top;"),
    ("UIWindow *window{n} = [UIApplication sharedApplication].keyWindow;", "UIWindow *window{n} = self.view.window;"),
    ("CGFloat scale{n} = [UIScreen mainScreen].scale;", "CGFloat scale{n} = self.traitCollection.displayScale;"),
]
# Who owns what: the team per profile, the people who commit, the org's deadline.
TEAMS = {"shop-ios": "checkout", "design-kit": "design-system", "payments-sdk": "checkout", "legacy-wallet": "wallet",
         "news-reader": "content", "chat-app": "messaging", "maps-module": "content", "onboarding-flow": "growth",
         "media-player": "content", "analytics-kit": "growth", "settings-ui": None, "partner-portal": "growth"}
PEOPLE = ["Ana Souza", "Ben Okafor", "Chen Wei", "Dana Levi", "Emil Berg", "Fatima Zahra", "Goro Sato", "Hana Novak",
          "Ivan Petrov", "Jia Li", "Kofi Mensah", "Lea Fischer"]
DEADLINE = "2027-06-30"
ORG = "@demo-org"
SCREENS = ["Home", "Cart", "Profile", "Search", "Detail", "Settings", "Feed", "Checkout", "Inbox", "Gallery",
           "Player", "Map", "Orders", "Login", "Help"]


# The app's Info.plist is the history fixtures' (scripts/make-history-repo.py), with all four
# iPad orientations so the demo apps are not flagged for them.
HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("historyrepo", os.path.join(HERE, "make-history-repo.py"))
historyrepo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(historyrepo)
IPAD_ORIENTATIONS = """	<key>UISupportedInterfaceOrientations~ipad</key>
	<array>
		<string>UIInterfaceOrientationPortrait</string>
		<string>UIInterfaceOrientationPortraitUpsideDown</string>
		<string>UIInterfaceOrientationLandscapeLeft</string>
		<string>UIInterfaceOrientationLandscapeRight</string>
	</array>
"""


def info_plist(name, scenes):
    return historyrepo.info_plist(scenes, name=name, extra=IPAD_ORIENTATIONS)


SWIFT_APP_DELEGATE = """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: HomeViewController())
        window?.makeKeyAndVisible()
        return true
    }
}
"""
SWIFT_APP_DELEGATE_SCENES = """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        return true
    }
}
"""
SWIFT_SCENE_DELEGATE = """import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: HomeViewController())
        window.makeKeyAndVisible()
        self.window = window
    }
}
"""
OBJC_APP_DELEGATE = """#import "AppDelegate.h"
#import "HomeViewController.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]];
    [self.window makeKeyAndVisible];
    return YES;
}

@end
"""
OBJC_APP_DELEGATE_SCENES = """#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    return YES;
}

@end
"""
OBJC_APP_DELEGATE_H = """#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
"""
OBJC_SCENE_DELEGATE = """#import "SceneDelegate.h"
#import "HomeViewController.h"

@implementation SceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    UIWindowScene *windowScene = (UIWindowScene *)scene;
    self.window = [[UIWindow alloc] initWithWindowScene:windowScene];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[HomeViewController new]];
    [self.window makeKeyAndVisible];
}

@end
"""
OBJC_SCENE_DELEGATE_H = """#import <UIKit/UIKit.h>

@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
"""


class Repo:
    def __init__(self, name, kind, language, fix, regress, adopt, commits, seed, start, end):
        self.name, self.kind, self.language = name, kind, language
        self.fix, self.regress, self.adopt = fix, regress, adopt
        self.rng = random.Random(f"{seed}-{name}")
        self.commits = max(8, commits + self.rng.randint(-commits // 4, commits // 4))
        self.start, self.end = start, end
        self.module = "".join(p.capitalize() for p in name.split("-"))
        self.screens = {}  # screen name -> list of [slot kind, broken?]
        self.revision = 0
        self.scenes = False
        self.files = {}
        self.hold_back = 0
        self.bad_config = False
        # People and owners from their own generator, so histories stay what they were.
        people = random.Random(f"{seed}-{name}-people")
        base = PROFILES.index(next(p for p in PROFILES if name.startswith(p[0])))
        self.team = TEAMS.get(PROFILES[base][0])
        self.authors = [PEOPLE[(base * 3 + k) % len(PEOPLE)] for k in range(people.randint(2, 4))]
        self.people = people

    def slots(self):
        return SWIFT_SLOTS if self.language == "swift" else OBJC_SLOTS

    def new_screen(self, broken_share):
        free = [s for s in SCREENS if s not in self.screens]
        if not free:
            return None
        screen = self.rng.choice(free)
        count = self.rng.randint(2, 5)
        self.screens[screen] = [[self.rng.randrange(len(self.slots())), self.rng.random() < broken_share] for _ in range(count)]
        return screen

    def screen_files(self, screen):
        lines = []
        for n, (kind, broken) in enumerate(self.screens[screen]):
            pattern = self.slots()[kind][0 if broken else 1]
            lines.append(pattern.format(n=n))
        folder = self.module
        if self.language == "swift":
            body = "\n".join("        " + l for l in lines)
            text = f"""import UIKit

final class {screen}ViewController: UIViewController {{
    private let revision = {self.revision}

    override func viewDidLayoutSubviews() {{
        super.viewDidLayoutSubviews()
{body}
        layoutContent()
    }}

    private func layoutContent() {{
        // Lays out the {screen.lower()} screen's content.
    }}
}}
"""
            return {f"{folder}/{screen}ViewController.swift": text}
        body = "\n".join("    " + l for l in lines)
        header = f"""#import <UIKit/UIKit.h>

@interface {screen}ViewController : UIViewController
@end
"""
        text = f"""#import "{screen}ViewController.h"

static NSInteger const kRevision = {self.revision};

@implementation {screen}ViewController

- (void)viewDidLayoutSubviews {{
    [super viewDidLayoutSubviews];
{body}
    [self layoutContent];
}}

- (void)layoutContent {{
    // Lays out the {screen.lower()} screen's content (revision kRevision).
}}

@end
"""
        return {f"{folder}/{screen}ViewController.h": header, f"{folder}/{screen}ViewController.m": text}

    def app_files(self):
        folder = self.module
        files = {f"{folder}/Info.plist": info_plist(self.name, self.scenes)}
        if self.language == "swift":
            files[f"{folder}/AppDelegate.swift"] = SWIFT_APP_DELEGATE_SCENES if self.scenes else SWIFT_APP_DELEGATE
            if self.scenes:
                files[f"{folder}/SceneDelegate.swift"] = SWIFT_SCENE_DELEGATE
        else:
            files[f"{folder}/AppDelegate.h"] = OBJC_APP_DELEGATE_H
            files[f"{folder}/AppDelegate.m"] = OBJC_APP_DELEGATE_SCENES if self.scenes else OBJC_APP_DELEGATE
            if self.scenes:
                files[f"{folder}/SceneDelegate.h"] = OBJC_SCENE_DELEGATE_H
                files[f"{folder}/SceneDelegate.m"] = OBJC_SCENE_DELEGATE
        return files

    def readme(self):
        what = "app" if self.kind == "app" else "library"
        return f"# {self.name}\n\nThe {self.name} {what} of the demo organisation.\n"

    def codeowners(self):
        """The repository's .github/CODEOWNERS, or None (the manifest's team, if any, stands in)."""
        if self.team is None or self.name.startswith("maps-module"):
            return None
        lines = ["# Who reviews what. The last matching line wins.", f"*    {ORG}/{self.team}"]
        if self.kind == "app":
            lines += [f"/{self.module}/AppDelegate.*    {ORG}/platform", f"/{self.module}/SceneDelegate.*  {ORG}/platform",
                      f"/{self.module}/Info.plist       {ORG}/platform"]
        if self.name.startswith("legacy-wallet"):
            lines += [f"/{self.module}/Legacy/  wallet-team   # not an owner: GitHub skips the line"]
        if self.name.startswith("shop-ios"):
            lines += [f"/{self.module}/Checkout*  {ORG}/payments  ana.souza@example.com"]
        return "\n".join(lines) + "\n"

    def build(self, out):
        path = os.path.join(out, self.name + ".git")
        if os.path.exists(path):
            shutil.rmtree(path)
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", path], check=True)
        stream = []
        mark = 0
        span = self.end - self.start
        # The first commit brings the repository as it was: mostly old habits.
        first = {"README.md": self.readme()}
        if self.codeowners():
            first[".github/CODEOWNERS"] = self.codeowners()
        if self.kind == "app":
            first.update(self.app_files())
        if self.language == "swift" and "Home" not in self.screens:
            self.screens["Home"] = [[self.rng.randrange(len(self.slots())), True] for _ in range(3)]
        elif "Home" not in self.screens:
            self.screens["Home"] = [[self.rng.randrange(len(self.slots())), True] for _ in range(3)]
        for _ in range(self.rng.randint(3, 6)):
            self.new_screen(0.8)
        for s in self.screens:
            first.update(self.screen_files(s))
        adopt_at = None if self.adopt is None else max(1, int(self.adopt * self.commits))
        changes = first
        message = "Initial import"
        for i in range(self.commits):
            t = self.start + span * i // self.commits + self.rng.randint(0, 6 * 3600)
            mark += 1
            stream.append(f"commit refs/heads/main\nmark :{mark}\n")
            who = self.people.choice(self.authors)
            email = who.lower().replace(" ", ".") + "@example.com"
            stream.append(f"author {who} <{email}> {t} +0000\ncommitter {who} <{email}> {t} +0000\n")
            msg = message.encode()
            stream.append(f"data {len(msg)}\n")
            stream.append(message + "\n")
            if mark > 1:
                stream.append(f"from :{mark - 1}\n")
            for p in sorted(changes):
                content = changes[p]
                if content is None:
                    stream.append(f"D {p}\n")
                    continue
                data = content.encode()
                stream.append(f"M 100644 inline {p}\ndata {len(data)}\n")
                stream.append(content + "\n")
            changes, message = self.step(i + 1 == adopt_at)
            if self.bad_config and i + 2 == self.commits:
                changes, message = {".fleetscan.json": '{"exclude": ["Generated/"], "severty": {}}\n'}, "Configure fleetscan"

        # fast-import wants bytes with exact lengths; text is ASCII.
        subprocess.run(["git", "fast-import", "--quiet"], input="".join(stream).encode(), cwd=path, check=True)
        if self.hold_back:
            # Yesterday's state: main stops short; the rest waits under refs/demo/next (not a
            # branch, so a mirror does not fetch it) until --advance moves main there.
            git = lambda *a: subprocess.run(["git", *a], cwd=path, check=True, capture_output=True, text=True).stdout.strip()
            head = git("rev-parse", "refs/heads/main")
            git("update-ref", "refs/demo/next", head)
            git("update-ref", "refs/heads/main", f"{head}~{self.hold_back}")
        subprocess.run(["git", "gc", "-q", "--aggressive"], cwd=path, check=True)
        return path

    def step(self, adopt):
        self.revision += 1
        if adopt and self.kind == "app":
            self.scenes = True
            return self.app_files(), "Adopt the scene lifecycle: a scene manifest and a scene delegate"
        r = self.rng.random()
        broken = [(s, k) for s, slots in self.screens.items() for k, (_, b) in enumerate(slots) if b]
        fixed = [(s, k) for s, slots in self.screens.items() for k, (_, b) in enumerate(slots) if not b]
        if r < self.fix and broken:
            s, k = self.rng.choice(broken)
            self.screens[s][k][1] = False
            return self.screen_files(s), f"{s}: lay out from the view's bounds and traits"
        if r < self.fix + self.regress:
            if fixed and self.rng.random() < 0.5:
                s, k = self.rng.choice(fixed)
                self.screens[s][k][1] = True
                return self.screen_files(s), f"{s}: quick fix for the release"
            s = self.new_screen(0.6)
            if s:
                return self.screen_files(s), f"Add the {s.lower()} screen"
        s = self.rng.choice(sorted(self.screens))
        return self.screen_files(s), f"{s}: copy and spacing tweaks"


def damage(path):
    """Overwrites the middle of the repository's pack: objects there no longer inflate."""
    folder = os.path.join(path, "objects", "pack")
    for name in os.listdir(folder):
        if name.endswith(".pack"):
            p = os.path.join(folder, name)
            size = os.path.getsize(p)
            os.chmod(p, 0o644)
            with open(p, "r+b") as f:
                f.seek(size // 3)
                f.write(b"\xde\xad\xbe\xef" * max(1, size // 16))
                f.truncate(size)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--repos", type=int, default=12)
    ap.add_argument("--commits", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--missing", action="store_true", help="add a manifest entry whose repository does not exist")
    ap.add_argument("--file-urls", action="store_true", help="name repositories by absolute file:// URLs")
    ap.add_argument("--start", default="2026-03-02")
    ap.add_argument("--end", default="2026-11-27")
    ap.add_argument("--corrupt", metavar="NAME", action="append", default=[],
                    help="damage the pack of repository NAME (a fetch of it must fail)")
    ap.add_argument("--bad-config", metavar="NAME", action="append", default=[],
                    help="end repository NAME's history with a malformed .fleetscan.json")
    ap.add_argument("--hold-back", type=int, default=0, metavar="K",
                    help="every third repository's main stops K commits short of its history (yesterday's state)")
    ap.add_argument("--advance", action="store_true",
                    help="move the held-back branches of an existing OUT_DIR forward (tonight's new commits) and exit")
    a = ap.parse_args()
    if a.advance:
        moved = []
        for name in sorted(os.listdir(a.out)):
            path = os.path.join(a.out, name)
            if not name.endswith(".git"):
                continue
            r = subprocess.run(["git", "rev-parse", "-q", "--verify", "refs/demo/next"], cwd=path, capture_output=True, text=True)
            if r.returncode == 0:
                subprocess.run(["git", "update-ref", "refs/heads/main", r.stdout.strip()], cwd=path, check=True)
                subprocess.run(["git", "update-ref", "-d", "refs/demo/next"], cwd=path, check=True)
                moved.append(name[:-4])
        print(" ".join(moved))
        return 0
    start = calendar.timegm(time.strptime(a.start, "%Y-%m-%d"))
    end = calendar.timegm(time.strptime(a.end, "%Y-%m-%d"))
    os.makedirs(a.out, exist_ok=True)
    out = os.path.abspath(a.out)
    entries = []
    for i in range(a.repos):
        name, kind, language, fix, regress, adopt = PROFILES[i % len(PROFILES)]
        if i >= len(PROFILES):
            name = f"{name}-{i // len(PROFILES)}"
        repo = Repo(name, kind, language, fix, regress, adopt, a.commits, a.seed, start, end)
        repo.hold_back = a.hold_back if i % 3 == 1 else 0
        repo.bad_config = name in a.bad_config
        path = repo.build(out)
        if name in a.corrupt:
            damage(path)
        url = f"file://{out}/{name}.git" if a.file_urls else f"./{name}.git"
        entry = {"name": name, "url": url}
        if i % 3 == 0:
            entry["branch"] = "main"
        if repo.team:
            entry["team"] = f"{ORG}/{repo.team}"
        if i % 2 == 0:
            web = f"https://git.example.com/demo-org/{name}"
            entry["web"] = {"commit": web + "/commit/{commit}", "file": web + "/blob/{commit}/{path}#L{line}"}
        entries.append(entry)
    if a.missing:
        entries.append({"name": "archived-widgets", "url": "./archived-widgets.git"})
    manifest = {"repositories": entries, "cache": "./cache", "since": "2026-01-01", "deadline": DEADLINE}
    with open(os.path.join(out, "fleet.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    print(os.path.join(out, "fleet.json"))


if __name__ == "__main__":
    sys.exit(main())
