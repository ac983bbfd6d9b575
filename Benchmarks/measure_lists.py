"""RayPets' list benchmarks against C (see Benchmarks/run-lists); prints a Markdown table.

Data: `raypets --demo-data=N` writes N made-up pets (plus the 4 sample pets) into a fresh
records file for N = 1,000, 10,000 and 100,000.
Start-up: paired runs (4 pets, 100,000 pets, 4, 100,000, ...) of `raypets-startup` from exec to
the first frame of Home, as in Benchmarks/run; four times as many pairs as the list figures (a
run takes 0.15 s, and single start-ups vary by ±30% on a busy machine).
Lists: paired runs (RayPets then C, C then RayPets, ...) of `raypets-bench list FILE TEXT` and
`baseline list FILE TEXT` at each size: the push of My pets to its first drawn frame, RSS then,
each keystroke typing TEXT into the search to the frame showing the filtered list (the mean of
the keystrokes: their sizes differ, “b” replaces every row and “bis” a few, so a median would
pick a different keystroke in each run), and the whole list scrolled once, ten screens per frame (frames, wall and CPU
time). Ratios are the median of the per-pair ratios, with their range."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

raypets, startup_bin, bench, baseline, pairs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
SIZES = (1_000, 10_000, 100_000)
TEXT = "bis"


def home(pets):
    """A fresh XDG home whose records hold the 4 sample pets plus `pets` demo pets."""
    folder = tempfile.mkdtemp()
    os.makedirs(folder + "/config/raypets")
    with open(folder + "/config/raypets/settings", "w") as settings:
        settings.write("welcome-completed=true\n")
    env = dict(os.environ, XDG_CONFIG_HOME=folder + "/config", XDG_DATA_HOME=folder + "/data",
               XDG_STATE_HOME=folder + "/state", GSK_RENDERER="cairo")
    if pets:
        subprocess.run([raypets, f"--demo-data={pets}"], env=env, check=True, capture_output=True)
    else:  # the first run creates the records file with the sample pets
        subprocess.run([startup_bin, "--fresh"], env=env, check=True, capture_output=True)
    return env, folder + "/data/raypets/clinic.sqlite3"


def first_frame(env):
    started = time.monotonic_ns() // 1000
    out = subprocess.run([startup_bin, "--fresh"], env=env, capture_output=True, text=True, check=True).stdout
    stamp = next(int(line.split()[1]) for line in out.splitlines() if line.startswith("first-frame "))
    return (stamp - started) / 1000.0


def fields(line):
    parts = line.split()
    return {parts[i]: float(parts[i + 1]) for i in range(0, len(parts) - 1, 2)}


def spread(values, digits=2, suffix="x"):
    values = sorted(values)
    return f"{statistics.median(values):.{digits}f}{suffix} ({values[0]:.{digits}f}–{values[-1]:.{digits}f})"


homes = {n: home(n) for n in (0, *SIZES)}
print(f"machine: {os.uname().machine}, {os.cpu_count()} cores; {time.strftime('%Y-%m-%d')}; cairo renderer; "
      f"{pairs} pairs per figure")
print()

small, large = homes[0][0], homes[SIZES[-1]][0]
times = {"small": [], "large": []}
startup_pairs = 4 * pairs
for _ in range(startup_pairs):
    times["small"].append(first_frame(small))
    times["large"].append(first_frame(large))
ratios = [l / s for l, s in zip(times["large"], times["small"])]
print("| start-up, exec → first frame of Home | 4 pets | 100,000 pets | ratio 100,000 / 4 (range) |")
print("|---|---|---|---|")
print(f"| median of {startup_pairs} pairs | {statistics.median(times['small']):.1f} ms | {statistics.median(times['large']):.1f} ms "
      f"| {spread(ratios)} |")
print()

results = {}
for size in SIZES:
    env, file = homes[size]
    runs = {"raypets": [], "c": []}
    for pair in range(pairs):
        programs = (("raypets", bench), ("c", baseline))
        for name, program in programs if pair % 2 == 0 else reversed(programs):  # each goes first half the time
            out = subprocess.run([program, "list", file, TEXT], env=env, capture_output=True, text=True, check=True).stdout
            runs[name].append(fields(out.strip().splitlines()[-1]))
    results[size] = runs

KEYS = (("push-ms", "push of My pets → first frame", "ms"), ("keystroke-ms", f"keystroke in search → frame (mean of typing “{TEXT}”)", "ms"),
        ("scroll-cpu-ms", "scroll the whole list once: CPU time", "ms"), ("scroll-frames", "scroll the whole list once: frames", ""),
        ("rss-kib", "RSS with the list open", "MiB"))
print(f"| lists (medians of {pairs} pairs; ratio = median of pair ratios (range)) | pets | RayPets | C | ratio |")
print("|---|---|---|---|---|")
for key, label, unit in KEYS:
    for size in SIZES:
        r, c = results[size]["raypets"], results[size]["c"]
        scale = 1024 if unit == "MiB" else 1
        rm, cm = statistics.median(x[key] for x in r) / scale, statistics.median(x[key] for x in c) / scale
        ratio = spread([a[key] / b[key] for a, b in zip(r, c)])
        print(f"| {label} | {size + 4:,} | {rm:.1f} {unit} | {cm:.1f} {unit} | {ratio} |")
growth = {}
for name in ("raypets", "c"):
    growth[name] = [(big["rss-kib"] - little["rss-kib"]) / 1024
                    for big, little in zip(results[SIZES[-1]][name], results[SIZES[0]][name])]
print(f"| RSS growth 1,004 → 100,004 pets (per pair) | | {spread(growth['raypets'], 1, ' MiB')} | {spread(growth['c'], 1, ' MiB')} | |")
print()
print("matches for the search: " + ", ".join(f"{size + 4:,} pets: {int(results[size]['c'][0]['matches'])}" for size in SIZES))
