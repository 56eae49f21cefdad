"""kill -9 during campaign writes, 50 trials: the store opens every time and every committed
entry is there, whole (COORD-store.md; issue 18 "Done when")."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from sfb_desk.campaign.store import CampaignStore

ROOT = Path(__file__).resolve().parents[2]
TRIALS = 50

# The child appends entries until killed: each puts three records (one of them a 20 kB blob so
# a write spans many pages), deletes one, and logs a roll; it prints an entry's number only
# after the change has committed.
CHILD = """
import random, sys
from sfb_desk.campaign.store import CampaignStore
store = CampaignStore.open(sys.argv[1])
rng = random.Random(int(sys.argv[2]))
n = len(store.journal())
print("ready", flush=True)
while True:
    n += 1
    with store.change(reason=f"entry {n}", rule="(test)") as tx:
        tx.put("entry", f"{n:06d}", {"n": n, "blob": "x" * rng.randint(1000, 20000)})
        tx.put("slot", str(n % 7), {"n": n})
        tx.put("counter", "entries", {"n": n})
        tx.delete("entry", f"{n - 3:06d}")
        tx.log_dice("roll", [rng.randint(1, 6), rng.randint(1, 6)], "seeded")
    print(n, flush=True)
"""


def _check_whole(store: CampaignStore, reported: list[int]) -> int:
    entries = store.journal()
    count = len(entries)
    assert [e.id for e in entries] == list(range(1, count + 1))
    assert all(n <= count for n in reported), (reported[-3:], count)  # nothing committed lost
    for e in entries:  # no partial entry
        assert e.reason == f"entry {e.id}"
        kinds = sorted(c.kind for c in e.changes)
        expected = ["counter", "entry", "slot"] + (["entry"] if e.id > 3 else [])
        assert kinds == sorted(expected), (e.id, kinds)
        assert len(e.dice) == 1 and len(e.dice[0].dice) == 2
    if count:
        assert store.get("counter", "entries") == {"n": count}
        assert sorted(store.all("entry")) == [f"{n:06d}" for n in range(max(1, count - 2), count + 1)]
        assert store.get("slot", str(count % 7)) == {"n": count}
    assert store._conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    return count


def test_kill_9_mid_write_loses_nothing_committed(tmp_path):
    path = tmp_path / "killed.sfbcampaign"
    rng = random.Random(18)
    committed = 0
    for trial in range(TRIALS):
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(trial)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
            waited = [proc.stdout.readline() for _ in range(rng.randint(0, 3))]
            assert all(line.strip().isdigit() for line in waited), (waited, proc.stderr.read())
            time.sleep(rng.uniform(0.0, 0.02))  # then a random point in the write loop
            proc.send_signal(signal.SIGKILL)
            out, err = proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        assert proc.returncode == -signal.SIGKILL, err
        reported = [int(line) for line in waited + out.split()]
        with CampaignStore.open(path) as store:
            count = _check_whole(store, reported)
        assert count >= committed and count >= (max(reported) if reported else 0)
        assert count >= committed + len(waited)
        committed = count
