#!/usr/bin/env python3
"""A git server on 127.0.0.1 for the credential tests: https (or plain http), one of three
behaviours, and a log of the Authorization header of every request it receives.

    git-test-server.py --mode serve --root DIR --token T [--cert C --key K | --http] --log FILE
        asks for Basic credentials (401) until given x-access-token:T, then serves the
        repositories under DIR with `git http-backend` (the smart protocol libgit2 speaks)
    git-test-server.py --mode redirect --to URL ...    answers every request 302 to URL + path
    git-test-server.py --mode challenge ...            answers every request 401 (a server that
        would like a token it was never meant to have)

Prints "port N" on its first line once it listens (--port 0 picks a free port). Test use only.
"""
import argparse, base64, http.server, json, os, ssl, subprocess, sys

parser = argparse.ArgumentParser()
parser.add_argument("--mode", choices=["serve", "redirect", "challenge"], required=True)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--http", action="store_true")
parser.add_argument("--root")
parser.add_argument("--token", default="")
parser.add_argument("--to")
parser.add_argument("--log", required=True)
args = parser.parse_args()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def record(self):
        with open(args.log, "a") as f:
            f.write(json.dumps({"method": self.command, "path": self.path,
                                "authorization": self.headers.get("Authorization")}) + "\n")

    def reply(self, status, headers=(), body=b""):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        self.record()
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if args.mode == "redirect":
            return self.reply(302, [("Location", args.to.rstrip("/") + self.path)])
        expected = "Basic " + base64.b64encode(("x-access-token:" + args.token).encode()).decode()
        if args.mode == "challenge" or self.headers.get("Authorization") != expected:
            return self.reply(401, [("WWW-Authenticate", 'Basic realm="git"')])
        path, _, query = self.path.partition("?")
        env = dict(os.environ, GIT_PROJECT_ROOT=args.root, GIT_HTTP_EXPORT_ALL="1", PATH_INFO=path,
                   QUERY_STRING=query, REQUEST_METHOD=self.command, REMOTE_USER="x-access-token",
                   CONTENT_TYPE=self.headers.get("Content-Type") or "", CONTENT_LENGTH=str(len(body)))
        out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
        head, _, payload = out.partition(b"\r\n\r\n")
        status, headers = 200, []
        for line in head.decode("latin-1").split("\r\n"):
            if not line:
                continue
            k, _, v = line.partition(":")
            if k.lower() == "status":
                status = int(v.strip().split()[0])
            else:
                headers.append((k, v.strip()))
        self.reply(status, headers, payload)

    do_GET = do_POST = handle_any


server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
if not args.http:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
print("port %d" % server.server_address[1], flush=True)
server.serve_forever()
