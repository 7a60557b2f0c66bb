"""Prints the decisions of a ks-tune trajectory, one line per attempt:
dispatch, round, skill, parameters, who decided, outcome, accepted, and the
LLM diagnosis' action; for comparing a replayed session with its recording."""
import json
import sys

for line in open(sys.argv[1]):
    t = json.loads(line)
    print(t["dispatch"], t["round"], t["skill"], json.dumps(t["params"], sort_keys=True),
          t.get("decided_by"), t["outcome"], t["accepted"],
          t.get("llm_diagnosis", {}).get("action"), t.get("llm_rejected", ""))
