#!/usr/bin/env python3
"""Checks that the docs stay lean and their links resolve.

Usage: check_docs.py SRC_ROOT

- README.md is a guide for a newcomer: at most 250 lines.
- docs/results/ holds topic pages only: .md files, no folders, no dumps.
- Every relative markdown link in README.md and docs/**/*.md names a file
  or folder that exists (anchors are not checked).
Prints each problem and exits 1, or prints "docs: ok".
"""
import os
import re
import sys

MAX_README_LINES = 250
# [text](target) and ![alt](target); a target ends at whitespace or ')'.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def strip_code(text):
    """Drops fenced blocks and inline code: links there are examples."""
    text = re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def markdown_files(root):
    yield os.path.join(root, "README.md")
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, "docs")):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(".md"):
                yield os.path.join(dirpath, name)


def main():
    root = os.path.abspath(sys.argv[1])
    problems = []

    readme = os.path.join(root, "README.md")
    with open(readme, encoding="utf-8") as f:
        lines = f.read().count("\n")
    if lines > MAX_README_LINES:
        problems.append(f"README.md: {lines} lines, at most {MAX_README_LINES}")

    results = os.path.join(root, "docs", "results")
    for name in sorted(os.listdir(results)) if os.path.isdir(results) else []:
        path = os.path.join(results, name)
        if os.path.isdir(path) or not name.endswith(".md"):
            problems.append(f"docs/results/{name}: only .md topic pages belong here")

    for path in markdown_files(root):
        if not os.path.isfile(path):
            continue
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            text = strip_code(f.read())
        for target in LINK.findall(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # http:, mailto:, an anchor in the same page
            file_part = target.split("#", 1)[0]
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            if not os.path.exists(resolved):
                problems.append(f"{rel}: broken link {target}")

    for p in problems:
        print(p)
    if problems:
        return 1
    print("docs: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
