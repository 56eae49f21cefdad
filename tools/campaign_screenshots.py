"""Screenshots of the campaign window for the README (docs/images/campaign-window.png) and a
1920x1080 copy to look at: the example border war after a battle fought by the robots, the
repair step done and a repair order placed.

    QT_QPA_PLATFORM=offscreen uv run python tools/campaign_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SFB_DESK_HOME", tempfile.mkdtemp(prefix="sfb-shots-"))
ROOT = Path(__file__).resolve().parents[1]


def main(out: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from sfb_desk.campaign import battle_queue, examples, orders, turn
    from sfb_desk.ui.campaign.window import CampaignWindow

    app = QApplication.instance() or QApplication([])
    work = Path(tempfile.mkdtemp(prefix="sfb-campaign-"))
    campaign = examples.border_war(work / "border-war.sfbcampaign", seed=3)
    turn.advance_to(campaign, "order")
    orders.order_build(campaign, "KLI", "KLI-D6", "kli-dock", name="Devisor")
    turn.advance_to(campaign, "combat")
    battle_queue.queue_battle(campaign, "clash", "G3", [("Federation", ["enterprise", "burke"]),
                                                         ("Klingon", ["kahless", "dagger"])], turns=4)
    window = CampaignWindow(campaign)
    window.battles.selectRow(0)
    window.robots_fight(seed=2)
    campaign.set_supply("enterprise", False)  # cut off at the repair step: G17.132 only
    turn.advance_to(campaign, "reveal")
    turn.step(campaign)
    orders.order_repair(campaign, "enterprise", "fed-dock")
    window.refresh()
    row = [window.fleet.item(r, 0).text() for r in range(window.fleet.rowCount())].index("Enterprise")
    window.fleet.selectRow(row)
    window.tabs.setCurrentIndex(0)
    out.mkdir(parents=True, exist_ok=True)
    for (w, h), path in (((1366, 768), out / "campaign-window.png"),
                         ((1920, 1080), Path(tempfile.gettempdir()) / "campaign-window-1920.png")):
        window.resize(w, h)
        window.show()
        for _ in range(10):
            app.processEvents()
        window.grab().save(str(path))
        print(f"wrote {path}")
    window.close()
    campaign.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
