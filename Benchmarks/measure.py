"""Runs RayPets' benchmarks (see Benchmarks/run) and prints a Markdown table.

Start-up: paired runs (RayPets, C, RayPets, C, ...) of the time from exec to the first frame
drawn (each program prints the monotonic time of its first after-paint and quits; for RayPets,
`raypets-startup`: the raypets executable's own start-up code with that one hook), and peak RSS
(wait4). Navigation, paired runs in-process: 10,000 push/pop cycles as fast as the loop goes
(µs per cycle, RSS and malloc'd memory at 1k and 10k), and 300 cycles with each step drawn.
Headless: present+dismiss pairs and full appointment flows, from raypets-bench."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

raypets, bench, baseline, pairs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def config():
    folder = tempfile.mkdtemp()
    os.makedirs(folder + "/raypets")
    with open(folder + "/raypets/settings", "w") as settings:
        settings.write("welcome-completed=true\n")
    return folder


def first_frame(command, env):
    started = time.monotonic_ns() // 1000
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    stamps = [int(line.split()[1]) for line in out.splitlines() if line.startswith("first-frame ")]
    if not stamps:
        raise RuntimeError(f"{command[0]} printed no first-frame line: {out!r}")
    return (stamps[0] - started) / 1000.0, usage.ru_maxrss / 1024.0  # ms, MiB


def startup(renderer):
    rows = {"raypets": [], "c": []}
    for _ in range(pairs):
        for name, command in (("raypets", [raypets, "--fresh"]), ("c", [baseline, "startup"])):
            env = dict(os.environ, XDG_CONFIG_HOME=config(),
                       XDG_STATE_HOME=tempfile.mkdtemp())
            env.pop("GSK_RENDERER", None)
            if renderer:
                env["GSK_RENDERER"] = renderer
            rows[name].append(first_frame(command, env))
    result = {}
    for name, values in rows.items():
        result[name] = (statistics.median(v[0] for v in values), statistics.median(v[1] for v in values))
    return result


def run(command):
    env = dict(os.environ, GSK_RENDERER="cairo")
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return out


def fields(line):
    parts = line.split()
    return {parts[i]: parts[i + 1] for i in range(0, len(parts) - 1, 2)}


print(f"machine: {os.uname().machine}, {os.cpu_count()} cores; {time.strftime('%Y-%m-%d')}; {pairs} pairs per renderer")
print()
print("| start-up (median of paired runs) | renderer | RayPets | C baseline | ratio | RSS RayPets | RSS C | RSS difference |")
print("|---|---|---|---|---|---|---|---|")
for renderer, label in ((None, "default (GL, llvmpipe)"), ("cairo", "cairo")):
    r = startup(renderer)
    (rt, rm), (ct, cm) = r["raypets"], r["c"]
    print(f"| exec → first frame | {label} | {rt:.1f} ms | {ct:.1f} ms | {rt / ct:.2f}x | {rm:.1f} MiB | {cm:.1f} MiB | +{rm - cm:.1f} MiB |")

print()
NAV_PAIRS = 10


def navigation(extra, cycles):
    """NAV_PAIRS paired runs (RayPets, C, RayPets, C, ...) of `navigate cycles extra...`."""
    runs = {"raypets": [], "c": []}
    for _ in range(NAV_PAIRS):
        for name, program in (("raypets", bench), ("c", baseline)):
            runs[name].append({k: float(v) for k, v in fields(run([program, "navigate", str(cycles), *extra]).strip().splitlines()[-1]).items()})
    return runs


def median(runs, key):
    return statistics.median(run[key] for run in runs)


def ratio(runs, key):
    """Median of the per-pair ratios, and their range."""
    ratios = sorted(r[key] / c[key] for r, c in zip(runs["raypets"], runs["c"]))
    return f"{statistics.median(ratios):.2f}x ({ratios[0]:.2f}–{ratios[-1]:.2f})"


def growth(runs, kind):
    values = sorted(int(run[f"{kind}-end-kib"] - run[f"{kind}-1k-kib"]) for run in runs)
    return f"{statistics.median(values):.0f} KiB ({values[0]}–{values[-1]})"


fast = navigation([], 10000)
print(f"| navigation, 10,000 push/pop cycles as fast as the loop goes (cairo; {NAV_PAIRS} pairs: medians, ratio = median of pair ratios (range)) | RayPets (StackRouter + GTK host) | C baseline | ratio |")
print("|---|---|---|---|")
print(f"| µs per cycle | {median(fast['raypets'], 'us-per-cycle'):.1f} | {median(fast['c'], 'us-per-cycle'):.1f} | {ratio(fast, 'us-per-cycle')} |")
print(f"| CPU µs per cycle (all threads) | {median(fast['raypets'], 'cpu-us-per-cycle'):.1f} | {median(fast['c'], 'cpu-us-per-cycle'):.1f} | {ratio(fast, 'cpu-us-per-cycle')} |")
print(f"| frames drawn per cycle | {median(fast['raypets'], 'frames-per-cycle'):.3f} | {median(fast['c'], 'frames-per-cycle'):.3f} | |")
print(f"| RSS after 1,000 cycles | {median(fast['raypets'], 'rss-1k-kib') / 1024:.1f} MiB | {median(fast['c'], 'rss-1k-kib') / 1024:.1f} MiB | |")
print(f"| RSS growth 1k → 10k (median (range)) | {growth(fast['raypets'], 'rss')} | {growth(fast['c'], 'rss')} | |")
print(f"| malloc'd memory growth 1k → 10k | {growth(fast['raypets'], 'heap')} | {growth(fast['c'], 'heap')} | |")

print()
drawn = navigation(["drawn"], 300)
print(f"| navigation, 300 push/pop cycles, each step drawn (cairo; {NAV_PAIRS} pairs) | RayPets | C baseline | ratio |")
print("|---|---|---|---|")
print(f"| µs per cycle | {median(drawn['raypets'], 'us-per-cycle'):.0f} | {median(drawn['c'], 'us-per-cycle'):.0f} | {ratio(drawn, 'us-per-cycle')} |")
print(f"| CPU µs per cycle (all threads) | {median(drawn['raypets'], 'cpu-us-per-cycle'):.0f} | {median(drawn['c'], 'cpu-us-per-cycle'):.0f} | {ratio(drawn, 'cpu-us-per-cycle')} |")
print(f"| frames drawn per cycle | {median(drawn['raypets'], 'frames-per-cycle'):.2f} | {median(drawn['c'], 'frames-per-cycle'):.2f} | |")

print()
HEADLESS_RUNS = 5
checkpoints, flows = {}, []
for _ in range(HEADLESS_RUNS):  # medians over runs: one run is short enough for a noisy moment to skew it
    for line in run([bench, "headless", "1000000"]).strip().splitlines():
        f = fields(line)
        if "pairs" in f:
            checkpoints.setdefault(int(f["pairs"]), []).append((float(f["ns-per-pair"]), int(f["rss-kib"])))
        else:
            flows.append((int(f["flows"]), float(f["us-per-flow"]), int(f["rss-kib"])))
print(f"| headless (in-memory host; median of {HEADLESS_RUNS} runs) | per operation | RSS |")
print("|---|---|---|")
for ops, values in sorted(checkpoints.items()):
    print(f"| present+dismiss, ops {ops:,} | {statistics.median(v[0] for v in values):.0f} ns per pair | {statistics.median(v[1] for v in values) / 1024:.1f} MiB |")
print(f"| full appointment flow (coordinator), {flows[0][0]:,} flows | {statistics.median(v[1] for v in flows):.1f} µs per flow | {statistics.median(v[2] for v in flows) / 1024:.1f} MiB |")
