#!/usr/bin/env python3
"""Checks ks-tune's report.html as a browser sees it: loads DIR/report.html in
headless Chromium (--dump-dom), and checks the DOM against DIR/report.json and
DIR/trajectory.jsonl:

  - the roofline: with the device roofs and a dispatch that has flops,
    min_bytes (> 0 both) and times, an <svg id="roofline"> with one memory and
    one compute roof, and per such dispatch one hollow seed and one filled
    tuned marker; every other dispatch has no marker and is named in the
    "not placed" notes; without the roofs, #roofline-missing and no chart;
  - per dispatch (the report's and the trajectory's), one
    <svg class="trajectory" data-dispatch=N> holding a <g class="round"> per
    trajectory line of that dispatch (class "accepted" on the accepted ones),
    each naming its skill and outcome, and the seed reference line;
  - escaping: every string of the JSON (skills, rules, diagnoses, messages,
    ...) appears literally in the page's text, and the DOM holds no element
    the renderer does not write (an unescaped "<tag" would make one);
  - nothing is loaded: no script, link, img, iframe, no http(s) or
    protocol-relative src/href/url() in the HTML file.

Prints "report.html: ok ..." and exits 0, or names every failure and exits 1.

Usage: check_report_html.py DIR [--chromium PATH]
"""

import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# What the renderer writes; anything else in the DOM was injected.
ALLOWED_TAGS = {
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p",
    "br", "b", "span", "code", "a", "div", "section", "table", "thead",
    "tbody", "tr", "th", "td", "ol", "ul", "li", "details", "summary",
    "svg", "defs", "marker", "path", "g", "rect", "line", "circle", "text",
}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input",
             "link", "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = dict(attrs)
        self.parent = parent
        self.children = []
        self.text = []  # Text directly inside, in order (with children's).

    def classes(self):
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def all_text(self):
        out = []
        for c in self.children:
            out.append(c.all_text() if isinstance(c, Node) else c)
        return "".join(out)

    def find(self, tag=None, cls=None, **attrs):
        for n in self.walk():
            if tag and n.tag != tag:
                continue
            if cls and cls not in n.classes():
                continue
            if any(n.attrs.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            yield n


class TreeBuilder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.cur)
        self.cur.children.append(node)
        if tag not in VOID_TAGS:
            self.cur = node

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def dump_dom(chromium, page):
    with tempfile.TemporaryDirectory(prefix="ks-report-chromium-") as profile:
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
               "--no-first-run", "--user-data-dir=" + profile,
               "--dump-dom", "file://" + os.path.abspath(page)]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            sys.exit("check_report_html: chromium timed out on " + page)
    if p.returncode != 0 or "<body" not in p.stdout:
        sys.exit("check_report_html: chromium failed (rc %d) on %s:\n%s"
                 % (p.returncode, page, p.stderr[-2000:]))
    return p.stdout


def squash(s):
    return " ".join(s.split())


def strings_in(value):
    """Every string in a JSON value, and the keys of its params and evidence
    (the page shows them as K=V and as a table)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in ("params", "evidence") and isinstance(v, dict):
                yield from v.keys()
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


def positive(entry, key):
    v = entry.get(key)
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = ap.parse_args()

    report = json.load(open(os.path.join(args.dir, "report.json")))
    trajectory = []
    tpath = os.path.join(args.dir, "trajectory.jsonl")
    if os.path.exists(tpath):
        trajectory = [json.loads(l) for l in open(tpath) if l.strip()]
    page = os.path.join(args.dir, "report.html")
    raw = open(page, encoding="utf-8").read()

    failures = []
    fail = failures.append

    # Nothing loaded from anywhere, checked on the file itself.
    for m in re.finditer(r"""\b(?:src|href|xlink:href|action|poster)\s*=\s*["']?\s*((?:https?:)?//[^"'\s>]*)""",
                         raw, re.I):
        fail("external resource: " + m.group(0))
    for m in re.finditer(r"""url\(\s*["']?\s*((?:https?:)?//[^)]*)\)|@import""", raw, re.I):
        fail("external resource in CSS: " + m.group(0))
    for tag in ("script", "link", "img", "iframe", "object", "embed", "image", "use", "foreignobject"):
        if re.search(r"<" + tag + r"\b", raw, re.I):
            fail("the page has a <%s> element (it must load nothing, run nothing)" % tag)

    builder = TreeBuilder()
    builder.feed(dump_dom(args.chromium, page))
    dom = builder.root
    text = squash(dom.all_text())

    # Escaping: no element but the renderer's, every string literally there.
    for n in dom.walk():
        if n.tag != "#document" and n.tag not in ALLOWED_TAGS:
            fail("unexpected <%s> element in the DOM (unescaped text?) under <%s>"
                 % (n.tag, n.parent.tag if n.parent else "?"))
    wanted = set(strings_in([report.get("module", ""), report.get("chip", ""),
                             (report.get("device") or {}).get("name", "")]))
    for e in report.get("dispatches", []):
        for key in ("op_class", "stopped", "rule", "bottleneck", "winner"):
            wanted |= set(strings_in(e.get(key, "")))
    for t in trajectory:
        for key in ("skill", "params", "outcome", "rule", "diagnosis", "message", "base",
                    "evidence"):
            wanted |= set(strings_in(t.get(key, "")))
    for s in sorted(wanted):
        if s.strip() and squash(s) not in text:
            fail("text missing from the page (escaping?): %r" % s)

    # The roofline.
    device = report.get("device") or {}
    roofs = positive(device, "dram_gbps") and positive(device, "fp32_gflops")
    placeable = [e["dispatch"] for e in report.get("dispatches", [])
                 if positive(e, "flops") and positive(e, "min_bytes")
                 and positive(e, "seed_us") and positive(e, "tuned_us")]
    charts = list(dom.find("svg", id="roofline"))
    if roofs and placeable:
        if len(charts) != 1:
            fail("expected one <svg id=roofline>, found %d" % len(charts))
        else:
            chart = charts[0]
            for roof in ("roof-memory", "roof-compute"):
                n = len(list(chart.find("line", cls=roof)))
                if n != 1:
                    fail("roofline: expected one line.%s, found %d" % (roof, n))
            markers = list(chart.find("circle", cls="marker"))
            ids = {e["dispatch"] for e in report.get("dispatches", [])}
            for d in ids:
                mine = [m for m in markers if m.attrs.get("data-dispatch") == str(d)]
                seed = [m for m in mine if "seed" in m.classes()]
                tuned = [m for m in mine if "tuned" in m.classes()]
                if d in placeable:
                    if len(seed) != 1 or len(tuned) != 1:
                        fail("roofline: dispatch %s: expected 1 seed and 1 tuned marker, "
                             "found %d and %d" % (d, len(seed), len(tuned)))
                        continue
                    if seed[0].attrs.get("fill") != "none":
                        fail("roofline: dispatch %s: the seed marker is not hollow" % d)
                    if tuned[0].attrs.get("fill") in (None, "none"):
                        fail("roofline: dispatch %s: the tuned marker is not filled" % d)
                    labels = [t for t in chart.find("text", cls="point-label")
                              if t.attrs.get("data-dispatch") == str(d)]
                    if not labels or not squash(labels[0].all_text()).startswith("d%s" % d):
                        fail("roofline: dispatch %s has no label 'd%s'" % (d, d))
                else:
                    if mine:
                        fail("roofline: dispatch %s cannot be placed but has markers" % d)
            notes = " ".join(squash(n.all_text()) for n in dom.find(id="roofline-notes"))
            for d in ids - set(placeable):
                if "dispatch %s " % d not in notes + " ":
                    fail("roofline: dispatch %s is not placed and not named in the notes" % d)
    else:
        if charts:
            fail("roofline drawn without %s" % ("device roofs" if not roofs else "a placeable dispatch"))
        if not list(dom.find(id="roofline-missing")):
            fail("no roofline and no #roofline-missing notice saying why")

    # One trajectory chart per dispatch, a round mark per attempt.
    ids = [e["dispatch"] for e in report.get("dispatches", [])]
    ids += [t["dispatch"] for t in trajectory if t["dispatch"] not in ids]
    ids = list(dict.fromkeys(ids))
    svgs = list(dom.find("svg", cls="trajectory"))
    if len(svgs) != len(ids):
        fail("expected %d trajectory charts, found %d" % (len(ids), len(svgs)))
    for d in ids:
        mine = [s for s in svgs if s.attrs.get("data-dispatch") == str(d)]
        if len(mine) != 1:
            fail("dispatch %s: expected one trajectory chart, found %d" % (d, len(mine)))
            continue
        attempts = [t for t in trajectory if t["dispatch"] == d]
        rounds = list(mine[0].find("g", cls="round"))
        if len(rounds) != len(attempts):
            fail("dispatch %s: %d round marks for %d attempts" % (d, len(rounds), len(attempts)))
            continue
        for g, t in zip(rounds, attempts):
            where = "dispatch %s, round %s" % (d, t.get("round"))
            accepted = bool(t.get("accepted"))
            if ("accepted" in g.classes()) != accepted:
                fail("%s: accepted is %s but the mark says otherwise" % (where, accepted))
            if g.attrs.get("data-outcome") != t.get("outcome"):
                fail("%s: data-outcome %r, expected %r" % (where, g.attrs.get("data-outcome"), t.get("outcome")))
            tip = [c for c in g.children if isinstance(c, Node) and c.tag == "title"]
            tip = squash(tip[0].all_text()) if tip else ""
            for s in (t.get("skill", ""), t.get("outcome", "")):
                if squash(s) not in tip:
                    fail("%s: the mark's title does not name %r" % (where, s))
            label = squash(g.all_text())
            if squash(t.get("outcome", "")) not in label:
                fail("%s: the mark's label does not show its outcome" % where)
        entry = next((e for e in report.get("dispatches", []) if e["dispatch"] == d), None)
        if entry and positive(entry, "seed_us") and not list(mine[0].find("line", cls="seed-ref")):
            fail("dispatch %s: no seed reference line" % d)
        if attempts and len(list(dom.find("li", cls="round-text"))) < len(attempts):
            fail("dispatch %s: the rounds' text is missing" % d)

    if failures:
        for f in failures:
            print("check_report_html: FAIL: " + f, file=sys.stderr)
        sys.exit(1)
    print("report.html: ok (%d dispatches, %d rounds, roofline: %s)"
          % (len(ids), len(trajectory), "yes" if charts else "no"))


if __name__ == "__main__":
    main()
