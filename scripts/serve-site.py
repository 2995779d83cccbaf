#!/usr/bin/env python3
"""Serves the LazyLifted static site (build/wasm/site by default) on localhost.

python3 -m http.server would do, but this one pins the MIME types a browser
insists on (text/javascript for .mjs module scripts and workers,
application/wasm for WebAssembly.instantiateStreaming) whatever the
machine's mime.types says, gzips text and wasm for clients that accept it
(as a real web server would, so transfer sizes are realistic), and sends
Cache-Control: no-cache with an ETag, so a rebuilt site is picked up on
reload and an unchanged file costs a 304. Like a static server that serves
precompressed files, it gzips the site once when it starts, before it prints
its URL (~0.3 s for the whole site on a quiet machine): a first page load
never waits for the 1 MB wasm to be compressed. Compressing in the
background while already serving, as it did before, made the first load's
wasm wait 250-320 ms for its headers when the browser started at the same
time (a cold-load trace, docs/web.md). A file changed since is compressed
again when asked for.

usage: serve-site.py [--root DIR] [--host 127.0.0.1] [--port 8000]
--port 0 picks a free port (so does a busy --port, with a note on stderr).
The first line on stdout is the site's URL.
"""
import argparse
import email.utils
import functools
import gzip
import http.server
import os
import socketserver
import sys
import threading

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".pddl": "text/plain; charset=utf-8",
    ".plan": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".ts": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".pddl", ".plan", ".svg", ".ts"}


# (path, mtime_ns, size) -> gzipped bytes; a lock per key, so a file is
# compressed once even when a request and the start-up pass both want it.
_gzip_cache = {}
_gzip_key_locks = {}
_gzip_locks_lock = threading.Lock()


def gzipped(path):
    """The gzipped bytes of `path` (compressed once per version of the file)."""
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    body = _gzip_cache.get(key)
    if body is not None:
        return body
    with _gzip_locks_lock:
        lock = _gzip_key_locks.setdefault(key, threading.Lock())
    with lock:
        body = _gzip_cache.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=9, mtime=0)
            _gzip_cache[key] = body
    return body


def precompress(root):
    """Gzips every compressible file under `root` (once, before serving)."""
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if os.path.splitext(name)[1].lower() in COMPRESSIBLE:
                try:
                    gzipped(os.path.join(folder, name))
                except OSError:
                    pass  # gone meanwhile: a request would report it


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {"": "application/octet-stream", **MIME_TYPES}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.server.quiet:
            super().log_message(fmt, *args)

    def do_GET(self):
        path = self.translate_path(self.path)
        ext = os.path.splitext(path)[1].lower()
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if ext in COMPRESSIBLE and accepts_gzip and os.path.isfile(path):
            try:
                self._send_gzipped(path, ext)
                return
            except OSError:
                pass  # fall back to the plain handler (which reports the error)
        super().do_GET()

    def _not_modified_since(self, st):
        # Chromium revalidates fetch() and worker loads with If-Modified-Since
        # only (no If-None-Match), so honour it like SimpleHTTPRequestHandler.
        if "If-None-Match" in self.headers:
            return False
        since = self.headers.get("If-Modified-Since")
        if not since:
            return False
        try:
            return email.utils.parsedate_to_datetime(since).timestamp() >= int(st.st_mtime)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def _send_gzipped(self, path, ext):
        st = os.stat(path)
        etag = f'"gz-{st.st_mtime_ns:x}-{st.st_size:x}"'
        if etag in self.headers.get("If-None-Match", "") or self._not_modified_since(st):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.extensions_map.get(ext, "application/octet-stream"))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    quiet = False


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(repo, "build", "wasm", "site"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.root, "index.html")):
        sys.exit(f"serve-site: {args.root}/index.html not found (build the wasm preset first)")
    handler = functools.partial(SiteHandler, directory=args.root)
    try:
        httpd = Server((args.host, args.port), handler)
    except OSError as error:
        if args.port == 0:
            raise
        print(f"serve-site: port {args.port} is not free ({error.strerror}); using a free one",
              file=sys.stderr)
        httpd = Server((args.host, 0), handler)
    with httpd:
        httpd.quiet = args.quiet
        host, port = httpd.server_address[:2]
        precompress(args.root)
        print(f"http://{host}:{port}/", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
