#!/usr/bin/env python3
"""Fails on a C++ file or function too long to read at once (issue 43).

    check-sizes.py [ROOT] [--max-file-lines N] [--max-function-lines N]

Every C++ file under lib and include/ks has at most 800 lines, and every
function body in them at most 150, counted from the first line of its
signature to its closing brace; a lambda counts toward the function around
it. Braces are matched on the code alone: comments, string and character
literals and raw strings (R"mlir(...)mlir") are blanked first. There are
no exceptions. Exit 1, one line each, on a file or function over its limit:

    path: N lines
    path:line: function NAME is N lines
"""

import argparse
import os
import re
import sys

SOURCES = (".h", ".hpp", ".inc", ".c", ".cpp")

NUMBER_TAIL = re.compile(r"(?<![\w.])\.?[0-9][\w.']*$")
RAW_PREFIX = re.compile(r"(?<!\w)(?:u8|u|U|L)?R$")
SCOPE = re.compile(r"(?:namespace|class|struct|union|enum)\b")
EXTERN_C = re.compile(r'extern\s*"[^"]*"$')
LAMBDA_VARIABLE = re.compile(r"([A-Za-z_]\w*)\s*=\s*\[[^\]]*\]")
ACCESS = re.compile(r"(?:(?:public|protected|private)\s*:(?!:)\s*)+")
NAME = re.compile(r"((?:[A-Za-z_]\w*\s*(?:<[^()]*?>)?\s*::\s*)*"
                  r"(?:operator\s*(?:\[call\]|[^\w\s(]+|[A-Za-z_][\w\s:<>*&]*?)"
                  r"|~?[A-Za-z_]\w*))\s*(?:<[^()]*>)?\s*$")


def blank(text):
    """The text with comments, literals and preprocessor lines as spaces
    (newlines kept, so offsets and line numbers stay)."""
    out, i, n = list(text), 0, len(text)
    at_line_start = True

    def clear(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c in " \t":
            i += 1
            continue
        if at_line_start and c == "#":  # a directive, with its continuations
            end = i
            while True:
                end = text.find("\n", end)
                if end < 0:
                    end = n
                    break
                if text[end - 1] != "\\":
                    break
                end += 1
            clear(i, end)
            i = end
            continue
        at_line_start = False
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            clear(i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            clear(i, end)
            i = end
        elif c == '"' and RAW_PREFIX.search(text, 0, i):
            open_paren = text.find("(", i)
            delimiter = text[i + 1:open_paren]
            end = text.find(")" + delimiter + '"', open_paren)
            end = n if end < 0 else end + len(delimiter) + 2
            clear(i + 1, end - 1)
            i = end
        elif c == '"' or (c == "'" and not NUMBER_TAIL.search(text, 0, i)):
            end = i + 1
            while end < n and text[end] != c and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            clear(i + 1, end)
            i = end + 1
        else:
            i += 1
    return "".join(out)


def strip_template(header):
    """The header without its leading template<...> clauses."""
    while header.startswith("template"):
        start = header.find("<")
        if start < 0:
            return header
        depth, k = 0, start
        for k in range(start, len(header)):
            depth += {"<": 1, ">": -1}.get(header[k], 0)
            if depth == 0:
                break
        header = header[k + 1:].lstrip()
    return header


def top_level(header):
    """The header with everything inside (), [] and {} removed."""
    out, depth = [], 0
    for c in header:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out), depth


def is_function_header(header):
    """Whether `header {` opens a function body: a parameter list closed,
    and no `=` outside it unless a lambda follows (`auto f = [](...) {`)."""
    outside, depth = top_level(header)
    if depth != 0 or "(" not in header:
        return False  # a brace inside an expression: `f(a, [] {`
    if LAMBDA_VARIABLE.search(header):
        return True
    outside = re.sub(r"\boperator\s*\S+|[=!<>]=", " ", outside)
    return "=" not in outside


def function_name(header):
    """The (qualified) name before the header's parameter list, or the
    variable that holds the lambda."""
    assign = LAMBDA_VARIABLE.search(header)
    if assign:
        return assign.group(1)
    header = re.sub(r"\boperator\s*\(\s*\)", "operator[call]", header)
    m = NAME.search(header[:header.find("(")])
    name = re.sub(r"\s+", "", m.group(1)) if m else "?"
    return name.replace("operator[call]", "operator()")


def functions(text):
    """(name, first line, line count) of each function body not inside
    another one."""
    code = blank(text)
    line_starts = [0] + [m.end() for m in re.finditer("\n", code)]

    def line_of(offset):
        lo, hi = 0, len(line_starts)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid
        return lo + 1

    found = []
    header_start = 0
    # Each open brace: "scope" (namespace, class...), "function" or "other"
    # (an initializer; its braces belong to the header around it).
    stack = []
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c == ";" and (not stack or stack[-1][0] == "scope"):
            header_start = i + 1
        elif c == "{":
            if stack and stack[-1][0] != "scope":
                stack.append(("other", i, 0, ""))
            else:
                header = code[header_start:i]
                offset = header_start + len(header) - len(header.lstrip())
                header = header.strip()
                access = ACCESS.match(header)
                if access:
                    offset = code.index(header, offset) + access.end()
                    header = header[access.end():]
                bare = strip_template(header)
                if not header or EXTERN_C.match(bare) or (
                        SCOPE.match(bare) and "(" not in bare):
                    stack.append(("scope", i, 0, ""))
                    header_start = i + 1
                elif is_function_header(bare):
                    stack.append(("function", i, line_of(offset),
                                  function_name(bare)))
                else:
                    stack.append(("other", i, 0, ""))
        elif c == "}" and stack:
            kind, _, first, name = stack.pop()
            if kind == "function":
                found.append((name, first, line_of(i) - first + 1))
            if kind != "other":
                header_start = i + 1
        i += 1
    return found


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--max-file-lines", type=int, default=800)
    parser.add_argument("--max-function-lines", type=int, default=150)
    args = parser.parse_args()

    paths = []
    for top in ("include/ks", "lib"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(args.root, top)):
            dirnames.sort()
            paths += [os.path.relpath(os.path.join(dirpath, f), args.root)
                      .replace(os.sep, "/")
                      for f in sorted(filenames) if f.endswith(SOURCES)]

    errors, function_count = [], 0
    for path in paths:
        with open(os.path.join(args.root, path), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if lines > args.max_file_lines:
            errors.append(f"{path}: {lines} lines")
        for name, first, count in sorted(functions(text), key=lambda f: f[1]):
            function_count += 1
            if count > args.max_function_lines:
                errors.append(f"{path}:{first}: function {name} is {count} lines")
    for e in errors:
        print(e)
    if errors:
        return 1
    print(f"sizes: ok ({len(paths)} files, {function_count} functions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
