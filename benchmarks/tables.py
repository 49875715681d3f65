#!/usr/bin/env python3
"""Markdown tables from a JMH JSON result (-rf json) of JdbcOverheadBenchmark run with -prof gc.

    python3 benchmarks/tables.py result.json

For each shape: every target's score and error as JMH reports them, the median over all measured
iterations of all forks, and what the target adds to `bare` (median minus bare's median), in time
and in bytes per operation; the last column compares each wrapper's added time with isutools'.
"""
import json
import statistics
import sys

REFERENCE = "isutools"


def iterations(metric):
    return [value for fork in metric["rawData"] for value in fork]


def main(path):
    with open(path) as f:
        results = json.load(f)
    shapes = {}
    for r in results:
        shape = r["benchmark"].rsplit(".", 1)[1]
        target = (r.get("params") or {}).get("target", "-")
        time = r["primaryMetric"]
        alloc = r["secondaryMetrics"].get("gc.alloc.rate.norm")
        shapes.setdefault(shape, []).append({
            "target": target,
            "score": time["score"],
            "error": time["scoreError"],
            "median": statistics.median(iterations(time)),
            "n": len(iterations(time)),
            "bytes": statistics.median(iterations(alloc)) if alloc else float("nan"),
        })
    for shape, rows in shapes.items():
        print(f"### {shape}\n")
        bare = next((r for r in rows if r["target"] == "bare"), None)
        if bare is None:
            print("| target | ns/op (score ± error) | median ns/op | B/op |")
            print("|---|---:|---:|---:|")
            for r in rows:
                print(f"| {r['target']} | {r['score']:.2f} ± {r['error']:.2f} | {r['median']:.2f} | {r['bytes']:.0f} |")
            print()
            continue
        ref = next((r for r in rows if r["target"] == REFERENCE), None)
        ref_added = ref["median"] - bare["median"] if ref else None
        print("| target | ns/op (score ± error) | median ns/op | added ns/op | B/op | added B/op | added ns vs isutools |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            added = r["median"] - bare["median"]
            added_bytes = r["bytes"] - bare["bytes"]
            if r["target"] == "bare":
                ratio = ""
            elif ref_added and ref_added > 0:
                ratio = f"{added / ref_added:.1f}×"
            else:
                ratio = "n/a"
            print(f"| {r['target']} | {r['score']:.1f} ± {r['error']:.1f} | {r['median']:.1f} | "
                  f"{added:+.1f} | {r['bytes']:.0f} | {added_bytes:+.0f} | {ratio} |")
        print(f"\n{rows[0]['n']} measured iterations per target (all forks).\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
