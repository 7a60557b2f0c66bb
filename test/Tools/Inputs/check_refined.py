"""Checks a refined ks-tune report: every decided signature kept the
fastest of what the GPU measured (within the 2% the refinement needs to
move), and the plan holds what the report says was kept."""
import json
import sys

out = sys.argv[1]
report = json.load(open(f"{out}/report.json"))
plan = {d["id"]: d for d in json.load(open(f"{out}/plan.json"))["dispatches"]}
assert report["refined_on_gpu"] and report["measured_on_gpu"], "not refined on the GPU"
for e in report["dispatches"]:
    r = e["refined"]
    ran = [m for m in r["measured"] if "measured_us" in m]
    fastest = min(m["measured_us"] for m in ran)
    kept = next(m for m in ran if m["choice"] == r["kept"])
    assert kept["measured_us"] <= fastest * 1.02, (e["dispatch"], kept, fastest)
    in_plan = plan.get(e["dispatch"])
    text = "seed kernel" if in_plan is None else \
        in_plan["skill"] + " " + json.dumps(in_plan["params"], separators=(",", ":"), sort_keys=True)
    assert text == r["kept"], (text, r["kept"])
    print(f"dispatch {e['dispatch']}: kept {r['kept']} at {kept['measured_us']:g} us of "
          f"{len(ran)} measured, changed {str(r['changed']).lower()}")
