"""Rewrites a trajectory as if each dispatch a later accepted attempt
absorbed had had an accepted step of its own before that:
accept_before_absorbed.py TRAJECTORY SKILL."""
import json
import sys

path, skill = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
out = []
for line in lines:
    attempt = json.loads(line)
    if attempt.get("accepted"):
        for d in attempt.get("absorbed_dispatches", []):
            out.append(json.dumps({"accepted": True, "base": "seed", "dispatch": d,
                                   "outcome": "ok", "params": {},
                                   "program": attempt["program"], "round": 1,
                                   "skill": skill}, sort_keys=True))
    out.append(line)
open(path, "w").write("\n".join(out) + "\n")
