#!/usr/bin/env python3
"""List C++ functions longer than a limit; fail on any without an opt-out.

A function counts from the first line of its signature to its closing brace.
One that must stay long says why in a comment just above it:

    // long-function: one switch over every token kind, clearer whole

Usage: long-functions.py [--root DIR] [--limit N] [--all] [DIR ...]
(default directories: core cli). Exit 0 when every long function has the
comment, 1 when one lacks it, 2 on bad arguments.
"""

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

SOURCE_SUFFIXES = {".cpp", ".cc", ".cxx", ".hpp", ".hh", ".h", ".ipp"}
OPT_OUT = re.compile(r"//\s*long-function:\s*\S")


@dataclass
class Function:
    path: str
    name: str
    first_line: int  # 1-based line of the signature's first token
    last_line: int  # 1-based line of the closing brace
    opted_out: bool

    @property
    def length(self):
        return self.last_line - self.first_line + 1


def _is_number_separator(text, i):
    """Whether the quote at text[i] is a digit separator (1'000'000)."""
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_.'"):
        j -= 1
    return j < i and text[j].isdigit()


def blank_out(text):
    """Replace comments, string and character literals and preprocessor lines
    with spaces, keeping every newline so line numbers stay right."""
    out = list(text)
    n = len(text)
    i = 0
    at_line_start = True

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if at_line_start and c == "#":
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                    continue
                if text.startswith("/*", j):
                    end = text.find("*/", j + 2)
                    j = n if end < 0 else end + 2
                    continue
                j += 1
            blank(i, j)
            i = j
            continue
        at_line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j)
            i = j
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(', text[i:i + 24])
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = ")" + raw.group(1) + '"'
            j = text.find(close, i + raw.end())
            j = n if j < 0 else j + len(close)
            blank(i, j)
            i = j
            continue
        if c == '"' or (c == "'" and not _is_number_separator(text, i)):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            blank(i, j)
            i = j
            continue
        i += 1
    return "".join(out)


ACCESS = re.compile(r"^\s*(?:(?:public|private|protected)\s*:(?!:)\s*)+")
QUALIFIERS = r"(?:\s|const\b|volatile\b|noexcept\b(?:\s*\([^()]*\))?|override\b|final\b|mutable\b|&&?)*"
FUNCTION_TAIL = re.compile(r"\)" + QUALIFIERS + r"(?:->[^;{}=]*)?(?:requires\b[^;{}]*)?$")
CLASS_KEY = re.compile(r"\b(?:class|struct|union|enum)\b")
CTOR_INIT = re.compile(r"\)" + QUALIFIERS + r":(?!:)")


def strip_template_prefix(head):
    """Drop leading `template <...>` clauses (angle brackets matched)."""
    while True:
        m = re.match(r"\s*template\s*<", head)
        if not m:
            return head
        depth, k = 1, m.end()
        while k < len(head) and depth:
            if head[k] == "<":
                depth += 1
            elif head[k] == ">":
                depth -= 1
            k += 1
        head = head[k:]


def top_level_paren(head):
    """Index of the first '(' outside <...> that opens a parameter list."""
    angle = 0
    k = 0
    while k < len(head):
        m = re.match(r"operator\s*(\(\s*\)|[^\w\s(]+|\w[\w\s:<>*&]*?(?=\())", head[k:])
        if m and (k == 0 or not (head[k - 1].isalnum() or head[k - 1] == "_")):
            k += m.end()
            continue
        c = head[k]
        if c == "<":
            angle += 1
        elif c == ">" and angle:
            angle -= 1
        elif c == "(" and angle == 0:
            return k
        k += 1
    return -1


def function_name(head):
    body = strip_template_prefix(head)
    paren = top_level_paren(body)
    if paren < 0:
        return "?"
    before = body[:paren].rstrip()
    m = re.search(r"((?:[\w~]+(?:<[^()]*>)?::)*(?:operator\s*(?:\(\s*\)|[^\w\s(]+|\w[\w\s:<>*&]*)|~?\w+))$", before)
    if m:
        return re.sub(r"\s+", " ", m.group(1)).strip()
    lam = re.search(r"(\w+)\s*=\s*\[[^\]]*\]\s*$", before)
    return lam.group(1) + " (lambda)" if lam else "?"


def classify(head):
    """'namespace', 'class', 'function', 'ctor-init' or 'other'."""
    text = ACCESS.sub("", head).strip()
    if re.match(r"^(?:inline\s+)?namespace\b", text) or re.match(r"^extern\s*(?:\"\"\s*)?$", text):
        return "namespace"
    if re.match(r"^extern\s+$", text + " ") or text.startswith('extern "'):
        return "namespace"
    bare = strip_template_prefix(text).strip()
    if FUNCTION_TAIL.search(bare) and top_level_paren(bare) >= 0:
        return "function"
    if CTOR_INIT.search(bare) and top_level_paren(bare) >= 0:
        return "ctor-init"
    if re.match(r"^(?:\[\[[^\]]*\]\]\s*)*(?:typedef\s+)?(?:class|struct|union|enum)\b", bare) and "=" not in bare:
        return "class"
    if CLASS_KEY.search(bare) and "(" not in bare and "=" not in bare:
        return "class"
    return "other"


def match_brace(code, open_index):
    depth = 0
    for k in range(open_index, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(code) - 1


def opted_out(lines, first_line):
    """Whether the comment block right above line `first_line` opts out."""
    k = first_line - 2
    while k >= 0:
        s = lines[k].strip()
        if not (s.startswith("//") or s.startswith("/*") or s.startswith("*") or s.endswith("*/")):
            break
        if OPT_OUT.search(s):
            return True
        k -= 1
    return False


def scan(path, text, display):
    code = blank_out(text)
    lines = text.split("\n")
    line_starts = [0]
    for m in re.finditer("\n", code):
        line_starts.append(m.end())

    def line_of(index):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    functions = []

    def scan_scope(start, end):
        head_start = start
        k = start
        while k < end:
            c = code[k]
            if c in ";}":
                head_start = k + 1
            elif c == "{":
                head = code[head_start:k]
                kind = classify(head)
                close = match_brace(code, k)
                if kind == "ctor-init" and re.search(r"[\w>]\s*$", head):
                    k = close + 1  # a member's brace initialiser; the head goes on
                    continue
                if kind in ("function", "ctor-init"):
                    lead = len(head) - len(ACCESS.sub("", head).lstrip())
                    first = line_of(head_start + lead)
                    functions.append(Function(display, function_name(ACCESS.sub("", head)), first,
                                              line_of(close), opted_out(lines, first)))
                elif kind in ("namespace", "class"):
                    scan_scope(k + 1, close)
                k = close
                head_start = close + 1
            k += 1

    scan_scope(0, len(code))
    return functions


def collect(root, dirs):
    for d in dirs:
        base = root / d
        if base.is_file():
            yield base
            continue
        for p in sorted(base.rglob("*")):
            if p.suffix in SOURCE_SUFFIXES and p.is_file():
                yield p


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="*", default=["core", "cli"])
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--limit", type=int, default=80)
    ap.add_argument("--all", action="store_true", help="list every function with its length")
    args = ap.parse_args(argv)
    root = Path(args.root)
    missing = [d for d in args.dirs if not (root / d).exists()]
    if missing:
        print(f"long-functions: no such path: {', '.join(missing)}", file=sys.stderr)
        return 2
    failing = 0
    listed = 0
    for path in collect(root, args.dirs):
        display = path.relative_to(root).as_posix()
        for f in scan(path, path.read_text(encoding="utf-8", errors="replace"), display):
            if args.all:
                print(f"{f.length:5d} {f.path}:{f.first_line} {f.name}")
                continue
            if f.length <= args.limit:
                continue
            listed += 1
            mark = "ok (long-function comment)" if f.opted_out else "TOO LONG"
            if not f.opted_out:
                failing += 1
            print(f"{f.path}:{f.first_line}: {f.name}: {f.length} lines: {mark}")
    if args.all:
        return 0
    if failing:
        print(f"long-functions: {failing} function(s) over {args.limit} lines without a "
              f"'// long-function: <why>' comment just above", file=sys.stderr)
        return 1
    print(f"long-functions: every function is at most {args.limit} lines "
          f"or says why not ({listed} opted out)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
