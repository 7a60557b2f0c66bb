"""Reads the stand-in ks-tune's log of the --gpus test and says what held."""
import json
import sys

runs = [json.loads(line) for line in open(sys.argv[1])]
names = [r["mlir"] for r in runs]
print(f"problems {len(set(names))}, each once: {len(names) == len(set(names))}")
print("gpus used: " + ",".join(sorted({r["gpu"] for r in runs})))
alone = all(not (a["start"] < b["end"] and b["start"] < a["end"])
            for i, a in enumerate(runs) for b in runs[i + 1:] if a["gpu"] == b["gpu"])
print(f"one at a time per GPU: {alone}")
together = any(a["start"] < b["end"] and b["start"] < a["end"]
               for i, a in enumerate(runs) for b in runs[i + 1:] if a["gpu"] != b["gpu"])
print(f"GPUs at work together: {together}")
print("measure: " + ",".join(sorted({r["measure"] for r in runs})))
print("db: " + ",".join(sorted({d for r in runs for d in r["db"]})))
