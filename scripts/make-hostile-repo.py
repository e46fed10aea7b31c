#!/usr/bin/env python3
"""Builds one hostile git repository, for the tests that prove fleetscan survives it.

    scripts/make-hostile-repo.py KIND OUT.git [--size N]

OUT.git is a bare repository whose `main` has one commit: a healthy `App/App.swift` (one
`main-screen-bounds` finding) beside the hostile part KIND. Objects are written by hand as
loose objects (zlib, SHA-1), because git itself refuses to make most of these:

  lying-header      App/Big.swift is a loose blob whose header says 16 bytes and whose stream holds 64 KiB
  truncated-object  App/Cut.swift is a loose blob whose zlib stream stops half-way
  min-time          the commit's author and committer time is the minimum 64-bit value
  far-time          the commit's time is 99999999999999999999 with a zone of +9999
  deep-tree         App/d/d/d/…/Deep.swift, --size folders deep (default 30000)
  wide-tree         one folder App/Wide/ holding --size files (default 1000000), all one blob
  bomb-plist        App/Info.plist is a blob that inflates to --size bytes (default 1 GiB) of zeros
  bomb-pbxproj      App.xcodeproj/project.pbxproj likewise
  bomb-config       .fleetscan.json likewise
  bomb-manifest     Package.swift likewise
  bplist-overflow   App/Info.plist is a binary plist whose offset table starts 4 bytes below 2^63
  bplist-dag        App/Info.plist is a binary plist of --size arrays, each holding the next twice
  glob-config       .fleetscan.json excludes `**/a/**/a/…/b.swift` (twelve `**`) and `**/*a*a*…*b`;
                    the tree holds App/a/a/…/c.swift, forty folders deep
  many-findings     App/Many.swift holds --size screen reads (default 400000), one a line, in one method
  long-line         App/Line.swift is one line of --size bytes (default 30 MB)
  dot-names         a tree holding entries named `.`, `..`, `../escape.swift`, `a/../../x.m`,
                    `/etc/abs.swift` and a `.GIT` folder
  unsorted-tree     App/ holds its entries out of order and `App.swift` twice
  alternates        objects/info/alternates names OUT.git-other, a repository holding
                    a blob this one's tree needs
  repeated-class    App/V/ holds --size files (default 25000), all one blob declaring `final class V`
  damaged-index     the commit is packed (git repack) and the pack's index overwritten with 100 bytes
  truncated-pack    the commit is packed and the pack cut to half its length
  linked-PART       PART of the git directory (objects, refs, packed-refs, head, info) is a symbolic
                    link into OUT.git-other, a repository whose main holds a secret
  escape-names      file names holding ESC, BEL, CR, a newline with a forged xcode line,
                    a backtick and `<script>` (each with one finding)
  forged-blob       App/Shared.swift is a loose object whose bytes are not those its id names: the
                    id is that of a file with a finding, the bytes have none (a repository trying
                    to stand in for another's blob in a shared memo); OUT.git-victim is a
                    repository whose App/Shared.swift is the real blob of that id
  forged-pack       the same, every object in one pack written by hand (its index names the
                    forged entry by the other content's id)

Prints the head commit.
"""
import argparse
import hashlib
import os
import struct
import subprocess
import sys
import zlib

HEALTHY = b"import UIKit\nlet width = UIScreen.main.bounds.width\n"


class Repo:
    def __init__(self, path, packed=False):
        self.path = path
        # With `packed`, objects are kept here and written as one pack by `write_pack`.
        self.packed = [] if packed else None
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", path], check=True,
                       env=dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null"))

    def write_raw(self, header_and_body, stored=None):
        """Writes a loose object named after `header_and_body`; `stored` (zlib bytes) if given."""
        oid = hashlib.sha1(header_and_body).hexdigest()
        if self.packed is not None:
            raw = zlib.decompress(stored) if stored is not None else header_and_body
            kind, _, rest = raw.partition(b" ")
            self.packed.append((oid, kind.decode(), rest.partition(b"\0")[2]))
            return oid
        folder = os.path.join(self.path, "objects", oid[:2])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, oid[2:]), "wb") as f:
            f.write(stored if stored is not None else zlib.compress(header_and_body, 1))
        return oid

    def write(self, kind, body):
        return self.write_raw(kind.encode() + b" " + str(len(body)).encode() + b"\0" + body)

    def blob(self, body):
        return self.write("blob", body)

    def tree(self, entries, sort=True):
        """entries: (name bytes/str, mode str, hex id); sorted as git does unless `sort` is False."""
        def name(e):
            return e[0] if isinstance(e[0], bytes) else e[0].encode()
        def key(e):
            return name(e) + (b"/" if e[1] == "40000" else b"")
        ordered = sorted(entries, key=key) if sort else entries
        body = b"".join(e[1].encode() + b" " + name(e) + b"\0" + bytes.fromhex(e[2]) for e in ordered)
        return self.write("tree", body)

    def commit(self, tree, when="1700000000 +0000", message="hostile"):
        body = (f"tree {tree}\nauthor A <a@example.com> {when}\ncommitter A <a@example.com> {when}\n\n{message}\n").encode()
        oid = self.write("commit", body)
        os.makedirs(os.path.join(self.path, "refs", "heads"), exist_ok=True)
        with open(os.path.join(self.path, "refs", "heads", "main"), "w") as f:
            f.write(oid + "\n")
        return oid

    def bomb(self, size):
        """A blob of `size` zeros, compressed as a stream (never held whole)."""
        header = b"blob " + str(size).encode() + b"\0"
        sha = hashlib.sha1(header)
        z = zlib.compressobj(9)
        parts = [z.compress(header)]
        chunk = bytes(1 << 20)
        left = size
        while left > 0:
            n = min(left, len(chunk))
            sha.update(chunk[:n])
            parts.append(z.compress(chunk[:n]))
            left -= n
        parts.append(z.flush())
        oid = sha.hexdigest()
        folder = os.path.join(self.path, "objects", oid[:2])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, oid[2:]), "wb") as f:
            f.write(b"".join(parts))
        return oid


    def forged(self, real, stored):
        """A blob named by the id of `real` whose bytes are `stored`."""
        return self.write_raw(b"blob " + str(len(real)).encode() + b"\0" + real,
                              zlib.compress(b"blob " + str(len(stored)).encode() + b"\0" + stored))

    def write_pack(self):
        """Writes the kept objects as one pack (version 2, no deltas) and its index, by hand: git's
        own tools name each object by its bytes, so they would give a forged one its true id."""
        types = {"commit": 1, "tree": 2, "blob": 3}
        pack = bytearray(b"PACK" + struct.pack(">II", 2, len(self.packed)))
        entries = []
        for oid, kind, body in self.packed:
            offset = len(pack)
            size = len(body)
            head = bytearray([(types[kind] << 4) | (size & 15)])
            size >>= 4
            while size:
                head[-1] |= 0x80
                head.append(size & 0x7F)
                size >>= 7
            entry = bytes(head) + zlib.compress(body)
            pack += entry
            entries.append((bytes.fromhex(oid), zlib.crc32(entry), offset))
        pack_sha = hashlib.sha1(pack).digest()
        pack += pack_sha
        entries.sort()
        index = bytearray(b"\xfftOc" + struct.pack(">I", 2))
        for b in range(256):
            index += struct.pack(">I", sum(1 for e in entries if e[0][0] <= b))
        index += b"".join(e[0] for e in entries)
        index += b"".join(struct.pack(">I", e[1]) for e in entries)
        index += b"".join(struct.pack(">I", e[2]) for e in entries)
        index += pack_sha
        index += hashlib.sha1(index).digest()
        folder = os.path.join(self.path, "objects", "pack")
        os.makedirs(folder, exist_ok=True)
        for ext, data in ((".pack", pack), (".idx", index)):
            with open(os.path.join(folder, "pack-" + pack_sha.hex() + ext), "wb") as f:
                f.write(data)


def with_app(repo, extra_app_entries=(), root_entries=()):
    """A root tree: App/ (App.swift plus `extra_app_entries`) and `root_entries`."""
    app = repo.tree([("App.swift", "100644", repo.blob(HEALTHY))] + list(extra_app_entries))
    return repo.tree([("App", "40000", app)] + list(root_entries))


def bplist_overflow():
    # A header, one object (an empty dict), and a trailer whose counts and offsets are huge.
    body = b"bplist00" + b"\xd0"
    trailer = bytes(5) + b"\x00" + b"\x08" + b"\x08"
    trailer += (1).to_bytes(8, "big")                   # number of objects
    trailer += (0).to_bytes(8, "big")                   # top object
    trailer += (0x7FFFFFFFFFFFFFFC).to_bytes(8, "big")  # offset table offset: + 8 overflows
    return body + trailer


def bplist_dag(levels):
    # Object i is an array [i+1, i+1]; the last is an empty dict. Unfolded: 2^levels objects.
    objects = []
    for i in range(levels):
        objects.append(b"\xa2" + (i + 1).to_bytes(2, "big") * 2)
    objects.append(b"\xd0")
    data = b"bplist00"
    offsets = []
    for o in objects:
        offsets.append(len(data))
        data += o
    table = len(data)
    for off in offsets:
        data += off.to_bytes(4, "big")
    data += bytes(6) + b"\x04" + b"\x02"
    data += len(objects).to_bytes(8, "big") + (0).to_bytes(8, "big") + table.to_bytes(8, "big")
    return data


def main():
    p = argparse.ArgumentParser()
    p.add_argument("kind")
    p.add_argument("out")
    p.add_argument("--size", type=int)
    a = p.parse_args()
    k = a.kind
    r = Repo(a.out, packed=k == "forged-pack")
    when = "1700000000 +0000"
    if k == "lying-header":
        body = b"// " + b"x" * (64 * 1024) + b"\n"
        raw = b"blob 16\0" + body
        bad = r.write_raw(raw, zlib.compress(raw))
        root = with_app(r, [("Big.swift", "100644", bad)])
    elif k == "truncated-object":
        body = HEALTHY * 2000
        raw = b"blob " + str(len(body)).encode() + b"\0" + body
        stored = zlib.compress(raw, 9)
        cut = r.write_raw(raw, stored[: len(stored) // 2])
        root = with_app(r, [("Cut.swift", "100644", cut)])
    elif k == "min-time":
        root = with_app(r)
        when = "-9223372036854775808 +0000"
    elif k == "far-time":
        root = with_app(r)
        when = "99999999999999999999 +9999"
    elif k == "deep-tree":
        n = a.size or 30000
        t = r.tree([("Deep.swift", "100644", r.blob(HEALTHY))])
        for _ in range(n):
            t = r.tree([("d", "40000", t)])
        root = with_app(r, [("d", "40000", t)])
    elif k == "wide-tree":
        n = a.size or 1000000
        b = r.blob(b"let x = 1\n")
        wide = r.tree([(f"F{i:07d}.swift", "100644", b) for i in range(n)])
        root = with_app(r, [("Wide", "40000", wide)])
    elif k.startswith("bomb-"):
        n = a.size or (1 << 30)
        bomb = r.bomb(n)
        if k == "bomb-plist":
            root = with_app(r, [("Info.plist", "100644", bomb)])
        elif k == "bomb-pbxproj":
            proj = r.tree([("project.pbxproj", "100644", bomb)])
            root = with_app(r, [], [("App.xcodeproj", "40000", proj)])
        elif k == "bomb-config":
            root = with_app(r, [], [(".fleetscan.json", "100644", bomb)])
        elif k == "bomb-manifest":
            root = with_app(r, [], [("Package.swift", "100644", bomb)])
        else:
            sys.exit(f"unknown kind {k}")
    elif k == "repeated-class":
        # One type declared under every name: history's model upkeep once remade V's entry from
        # every earlier copy on each one added (25,000 copies took over two minutes).
        n = a.size or 25000
        b = r.blob(b"import UIKit\n\nfinal class V: UIView {}\n")
        copies = r.tree([(f"V{i:06d}.swift", "100644", b) for i in range(n)])
        root = with_app(r, [("V", "40000", copies)])
    elif k == "bplist-overflow":
        root = with_app(r, [("Info.plist", "100644", r.blob(bplist_overflow()))])
    elif k == "bplist-dag":
        root = with_app(r, [("Info.plist", "100644", r.blob(bplist_dag(a.size or 64)))])
    elif k == "glob-config":
        # Twelve `**` against a folder forty levels deep: a recursive match tries every way
        # of giving the path's components to the `**`s (40 choose 12, billions).
        pattern = "**/" + "a/**/" * 12 + "b.swift"
        config = ('{"exclude": ["' + pattern + '", "**/*' + "a*" * 16 + 'b"]}\n').encode()
        t = r.tree([("c.swift", "100644", r.blob(HEALTHY))])
        for _ in range(40):
            t = r.tree([("a", "40000", t)])
        root = with_app(r, [("a", "40000", t)], [(".fleetscan.json", "100644", r.blob(config))])
    elif k == "many-findings":
        n = a.size or 400_000
        reads = "".join(f"    let w{i} = UIScreen.main.bounds.width; _ = w{i}\n" for i in range(n))
        body = ("import UIKit\n\nfinal class V: UIView {\n  func f() {\n" + reads + "  }\n}\n").encode()
        root = with_app(r, [("Many.swift", "100644", r.blob(body))])
    elif k == "long-line":
        n = a.size or 30_000_000
        unit = b"let v = UIScreen.main.bounds.width; "
        body = unit * (n // len(unit)) + b"\n"
        root = with_app(r, [("Line.swift", "100644", r.blob(body))])
    elif k == "dot-names":
        b = r.blob(HEALTHY)
        inner = r.tree([("Inner.swift", "100644", b)])
        dot_git = r.tree([("config", "100644", r.blob(b"[core]\n")), ("Hook.swift", "100644", b)])
        root = with_app(r, [], [(".", "40000", inner), ("..", "40000", inner),
                                ("../escape.swift", "100644", b), ("a/../../x.m", "100644", b),
                                ("/etc/abs.swift", "100644", b), (".GIT", "40000", dot_git)])
    elif k == "unsorted-tree":
        b = r.blob(HEALTHY)
        other = r.blob(b"import UIKit\nlet h = UIScreen.main.bounds.height\n")
        app = r.tree([("Z.swift", "100644", other), ("App.swift", "100644", b),
                      ("M.swift", "100644", other), ("App.swift", "100644", other)], sort=False)
        root = r.tree([("App", "40000", app)])
    elif k == "alternates":
        other = Repo(a.out + "-other")
        hidden = other.blob(b"import UIKit\nlet secret = UIScreen.main.bounds.height\n")
        os.makedirs(os.path.join(a.out, "objects", "info"), exist_ok=True)
        with open(os.path.join(a.out, "objects", "info", "alternates"), "w") as f:
            f.write(os.path.abspath(os.path.join(a.out + "-other", "objects")) + "\n")
        root = with_app(r, [("Hidden.swift", "100644", hidden)])
    elif k.startswith("linked-"):
        # A part of the git directory is a symbolic link into another repository, whose `main`
        # holds a secret: objects, refs, packed-refs, HEAD or info.
        part = k[len("linked-"):]
        other = Repo(a.out + "-other")
        hidden = other.blob(b"import UIKit\nlet secret = UIScreen.main.bounds.height\n")
        secret = other.commit(with_app(other, [("Secret.swift", "100644", hidden)]), when)
        with open(os.path.join(a.out + "-other", "packed-refs"), "w") as f:
            f.write(f"# pack-refs with: peeled fully-peeled sorted\n{secret} refs/heads/main\n")
        os.makedirs(os.path.join(a.out + "-other", "info"), exist_ok=True)
        root = with_app(r)
        print(r.commit(root, when))
        name = {"objects": "objects", "refs": "refs", "packed-refs": "packed-refs", "head": "HEAD", "info": "info"}[part]
        here = os.path.join(a.out, name)
        if os.path.isdir(here):
            subprocess.run(["rm", "-rf", here], check=True)
        elif os.path.exists(here):
            os.remove(here)
        os.symlink(os.path.relpath(os.path.join(a.out + "-other", name), a.out), here)
        return
    elif k in ("damaged-index", "truncated-pack"):
        # Every object in one pack (so the branch's commit is in it), then the pack or its index broken.
        print(r.commit(with_app(r), when))
        subprocess.run(["git", "--git-dir", a.out, "repack", "-adq"], check=True,
                       env=dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null"))
        subprocess.run(["git", "--git-dir", a.out, "prune"], check=True,
                       env=dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null"))
        folder = os.path.join(a.out, "objects", "pack")
        for name in os.listdir(folder):
            path = os.path.join(folder, name)
            os.chmod(path, 0o644)
            if name.endswith(".idx") and k == "damaged-index":
                with open(path, "wb") as f:
                    f.write(bytes(range(100)))
            elif name.endswith(".pack") and k == "truncated-pack":
                os.truncate(path, os.path.getsize(path) // 2)
        return
    elif k == "escape-names":
        b = r.blob(HEALTHY)
        names = [b"Esc\x1b[31mRed.swift", b"Bell\x07.swift", b"Carriage\rReturn.swift",
                 b"New\nApp.swift:1:1: error: forged.swift", b"Back`tick`[x](https:evil).swift",
                 b"<script>alert(1)<\\script>.swift"]
        root = with_app(r, [(n, "100644", b) for n in names])
        when = "1700000000 +0000"
        print(r.commit(root, when, message="<script>alert(1)</script> \x1b[31mred\x07"))
        return
    elif k in ("forged-blob", "forged-pack"):
        # The forged bytes name the rule's words in a comment only: analysed (a literal occurs),
        # and without the finding the real blob has.
        real = b"import UIKit\n\nfinal class SharedView: UIView {\n    func width() -> CGFloat { UIScreen.main.bounds.width }\n}\n"
        forged = b"import UIKit\n\nfinal class SharedView: UIView {\n    func width() -> CGFloat { 320 } // not UIScreen.main.bounds\n}\n"
        root = with_app(r, [("Shared.swift", "100644", r.forged(real, forged))])
        victim = Repo(a.out + "-victim")
        victim.commit(with_app(victim, [("Shared.swift", "100644", victim.blob(real))]), when)
    else:
        sys.exit(f"unknown kind {k}")
    print(r.commit(root, when))
    if r.packed is not None:
        r.write_pack()


if __name__ == "__main__":
    main()
