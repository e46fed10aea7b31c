#!/usr/bin/env python3
"""Seed corpora for the fuzz targets (scripts/fuzz): files of Fixtures/ by kind, binary
plists converted from the XML fixtures, and small hand-written manifests, configurations and
globs. Multi-file targets take their files joined by NUL bytes (Tests/Fuzz/FuzzTargets.swift).

    scripts/fuzz-seeds.py OUT_DIR      writes OUT_DIR/<target>/<n> for every target
"""
import glob, json, os, plistlib, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
out = sys.argv[1]


def fixtures(*patterns):
    found = []
    for pattern in patterns:
        found += sorted(glob.glob(os.path.join(root, "Fixtures", "**", pattern), recursive=True))
    return [open(p, "rb").read() for p in found if os.path.isfile(p) and not os.path.islink(p)]


def write(target, seeds):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    for n, seed in enumerate(seeds):
        with open(os.path.join(folder, "seed-%03d" % n), "wb") as f:
            f.write(seed if isinstance(seed, bytes) else seed.encode())


plists = fixtures("*.plist")
binary = []
for data in plists:
    try:
        binary.append(plistlib.dumps(plistlib.loads(data), fmt=plistlib.FMT_BINARY))
    except Exception:
        pass  # a fixture that is deliberately malformed
pbxproj = fixtures("*.pbxproj")
xcconfig = fixtures("*.xcconfig")
yml = fixtures("*.yml")

write("swift", fixtures("*.swift"))
write("objc", fixtures("*.m"))
write("objc-header", fixtures("*.h"))
write("xml-plist", plists)
write("binary-plist", binary)
write("openstep-plist", pbxproj + [b'{ a = (1, "two", <0a0b>); b = { c = d; }; }'])
write("pbxproj", pbxproj)
# Two versions of a project: the same bytes, one object edited, and lines shifted.
write("pbxproj-memo", [p + b"\0" + p for p in pbxproj]
      + [p + b"\0" + p.replace(b"isa = PBXNativeTarget;", b"isa = PBXNativeTarget; x = y;", 1).replace(b"objects = {\n", b"objects = {\n\n", 1) for p in pbxproj])
write("project", [p + b"\0" + (plists[i % len(plists)] if plists else b"") + b"\0" + (xcconfig[i % len(xcconfig)] if xcconfig else b"")
                  for i, p in enumerate(pbxproj)])
write("xcconfig", xcconfig + [b'#include "b.xcconfig"\nA = 1\0#include? "c.xcconfig"\nB[sdk=iphoneos*] = $(A) 2\0#include "a.xcconfig"\n'])
write("yaml", yml + [b"a: &x [1, {b: c}]\nd: *x\ne: |\n  text\n"])
write("xcodegen", [y + b"\0" + (yml[(i + 1) % len(yml)] if yml else b"") for i, y in enumerate(yml)]
      + [b"include: [targets.yml]\nname: App\0targets:\n  App:\n    type: application\n    platform: iOS\n"])
write("tuist", fixtures("Project.swift"))
write("package-manifest", fixtures("Package.swift"))
write("manifest", [json.dumps(m) for m in [
    {"repositories": [{"name": "shop-ios", "url": "https://git.example.com/shop-ios.git", "team": "@org/shop"},
                      {"name": "kit", "url": "file:///srv/kit.git", "branch": "main"}],
     "cache": "cache", "since": "2026-01-01",
     "credentials": {"https": [{"host": "git.example.com", "tokenEnv": "TOKEN"}]}},
    {"repositories": [{"name": "a", "url": "https://git.example.com:8443/a.git"}, {"name": "b", "url": "http://git.example.com/b.git"}],
     "credentials": {"https": {"tokenEnv": "TOKEN"}}},
]])
write("configuration", [json.dumps(c) for c in [
    {"exclude": ["Generated/", "**/*.generated.swift"], "include": ["App/**"], "disabled": ["main-screen-bounds"],
     "severity": {"status-bar-frame": "error"}},
    {"exclude": "not a list"},
]])
write("codeowners", [b"* @all\n/App/ @app @org/ios\ndocs/* a@b.com\n**/logs @l\n/x/y\0App/Views/Main.swift",
                     b"!neg @x\n[ab] @y\n\\#c @z\nok bad-owner\n\0ok", b"*a*a*a*b/**/c @x\0aaaaaaaaaaaaaaaaaaaa/b/c"])
write("glob", [b"**/*.swift\0App/Views/Main.swift", b"Generated/\0Generated/a/b.m", b"*a*a*a*b\0aaaaaaaaaaaaaaaaaaaa",
               b"App/[A-Z]*.m\0App/View.m", b"**\0"])
