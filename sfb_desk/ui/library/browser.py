"""The ship browser: the library listed with race filter and search, one ship's data and boxes."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.books import for_players, titled
from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.ship_capabilities import capabilities
from sfb_desk.rules.ship import COUNTED_SYSTEMS, STATUS_LABELS, ShipSpec, why_reconstructed
from sfb_desk.rules.weapon_types import weapon_type
from sfb_desk.ui.common.details_html import PAGE_END, PAGE_START, bullets, warning
from sfb_desk.ui.common.filtered_list import (
    SHIP_COLUMNS,
    ShipFilterWidget,
    current_first,
    fit_columns,
    flat_list,
    id_of,
    refill,
    row,
    select_row,
    ship_cells,
)
from sfb_desk.ui.ssd.view import SsdView

COLUMNS = (*SHIP_COLUMNS, "Status")
_HTML_ROWS = frozenset({"Weapons"})  # rows whose value is already HTML (escaped piecewise)


def _fraction(value) -> str:
    return "—" if value is None else str(value)


def ship_details_html(spec: ShipSpec) -> str:
    """The data table of one ship as HTML (the same facts the CLI prints)."""
    rows: list[tuple[str, str]] = [
        ("Ship", f"{spec.race_name} {spec.class_code} — {spec.name}"),
        ("Id", spec.id),
        ("Kind", spec.kind),
        ("Rule", spec.rule or "—"),
        ("Year in service", f"Y{spec.year_in_service}" if spec.year_in_service else "—"),
        ("BPV", " / ".join(str(v) for v in (spec.bpv_economic, spec.bpv_combat) if v is not None)
         or "—"),
        ("Size class", _fraction(spec.size_class)),
        ("Movement cost", _fraction(spec.move_cost)),
        ("Turn mode", spec.turn_mode or "—"),
        ("Breakdown", spec.breakdown or "—"),
        ("Crew units / boarding parties",
         f"{_fraction(spec.crew_units)} / {_fraction(spec.boarding_parties)}"),
    ]
    if spec.het_cost is not None:
        rows.append(("HET cost", str(spec.het_cost)))
    if spec.em_cost is not None:
        rows.append(("EM cost", str(spec.em_cost)))
    if spec.flags:
        rows.append(("Flags", ", ".join(sorted(spec.flags))))
    if spec.shields:
        rows.append(("Shields #1–#6", " / ".join(str(s) for s in spec.shields)))
    systems = [f"{name.replace('_', ' ')} {spec.count(name)}" for name in COUNTED_SYSTEMS
               if spec.count(name)]
    if systems:
        rows.append(("Systems", ", ".join(systems)))
    for track in ("sensor", "scanner", "damage_control"):
        values = getattr(spec, f"{track}_track")
        if values:
            rows.append((track.replace("_", " ").capitalize(), " ".join(map(str, values))))
    if spec.excess_damage is not None:
        rows.append(("Excess damage", str(spec.excess_damage)))
    weapons = []
    for w in spec.weapons:
        wt = weapon_type(w.type)
        detail = "+".join(w.arcs)
        if w.rack_type:
            detail = f"rack type {w.rack_type}" + (f", {w.reloads} reloads" if w.reloads else "")
        weapons.append(f"{escape(wt.name if wt else w.type)} {escape(w.designator)} "
                       f"({escape(detail)})")
    if weapons:
        rows.append(("Weapons", "<br>".join(weapons)))
    for refit in spec.refits:
        label = f"Refit {refit.code}" + (f" (Y{refit.year})" if refit.year else "")
        delta = f"BPV {refit.bpv_delta:+d}: " if refit.bpv_delta is not None else ""
        rows.append((label, delta + for_players(refit.description)))
    html = [PAGE_START]
    if not spec.complete:
        missing = ", ".join(escape(m) for m in spec.missing) or "unspecified facts"
        html.append(warning(f"<b>Incomplete ship file.</b> Missing: {missing}."))
    elif spec.data_status == "reconstructed":
        html.append(warning("<b>RECONSTRUCTED: practice data, not the SSD.</b> Module C2 prints "
                            "no box counts; this ship keeps every fact the module states and "
                            "reconstructs the rest. Complete it from your SSD book in the ship "
                            "designer."))
    elif spec.data_status == "draft":
        html.append(warning("<b>Draft: check against your SSD.</b> The box counts come from one "
                            "source; the ship plays, but confirm it in the ship designer."))
    can, cannot = capabilities(spec)
    html.append(bullets("<h4>The program can</h4>", map(escape, can)))
    if cannot:
        html.append(bullets("<h4>The program cannot</h4>", map(escape, cannot)))
    html.append("<table cellspacing='0' cellpadding='3'>")
    for key, value in rows:
        cell = value if key in _HTML_ROWS else escape(value)
        html.append(f"<tr><td valign='top'><b>{escape(key)}</b></td><td>{cell}</td></tr>")
    html.append("</table>")
    if spec.notes:
        html.append(bullets("<h4>Notes</h4>", (escape(for_players(n)) for n in spec.notes)))
    if spec.disagreements:
        html.append(bullets("<h4>Disputed facts (sources side by side)</h4>",
                            (escape(disputed_line(d)) for d in spec.disagreements)))
    if spec.extra:  # where each value was read: the details below the ship's facts
        html.append("<h4>Details: where the facts were read</h4><table style='color:#555' "
                    "cellspacing='0' cellpadding='2'>")
        html += [f"<tr><td valign='top'>{escape(key.replace('_', ' '))}</td>"
                 f"<td>{escape(titled(str(value)))}</td></tr>" for key, value in spec.extra]
        html.append("</table>")
    if spec.sources or spec.provenance:
        found = [*map(titled, spec.sources), *(f"{p.source}: {p.repository} {p.path} @{p.commit[:7]} "
                                  f"({', '.join(p.fields)})" for p in spec.provenance)]
        if spec.checked_against:
            found.append(f"checked by the player against {spec.checked_against}")
        html.append("<p style='color:#555'>Sources: " + escape("; ".join(found)) + "</p>")
    html.append(PAGE_END)
    return "".join(html)


def status_text(spec: ShipSpec) -> str:
    """verified / draft: check against your SSD / incomplete (issue 16)."""
    return STATUS_LABELS.get(spec.data_status, spec.data_status)


def disputed_line(d) -> str:  # noqa: ANN001 - a rules.ship.Disagreement
    others = ", ".join(f"{source} {value}" for source, value in d.values)
    agree = f" ({', '.join(d.agreeing)})" if d.agreeing else ""
    return f"{d.field}: {d.chosen}{agree} against {others}"


def _ship_row(spec: ShipSpec) -> QTreeWidgetItem:
    item = row([*ship_cells(spec), status_text(spec)], spec.id)
    if not spec.complete:
        item.setForeground(4, QBrush(QColor("#a05a00")))
        item.setToolTip(4, "Missing: " + ", ".join(spec.missing))
    elif spec.data_status == "reconstructed":
        item.setForeground(4, QBrush(QColor("#b03000")))
        item.setToolTip(4, f"Playable for practice; {why_reconstructed(spec)}: the counts are "
                           "reconstructed; complete the ship from your SSD book")
    elif spec.data_status == "draft":
        item.setForeground(4, QBrush(QColor("#8a6d00")))
        item.setToolTip(4, "Playable; the box counts come from one source: check them "
                           "against your SSD book")
    return item


class ShipBrowser(ShipFilterWidget):
    """Lists the library (filter by race, search by id, class or name) and shows one ship."""

    ship_selected = Signal(str)

    def __init__(self, library: ShipLibrary, parent: QWidget | None = None) -> None:
        super().__init__(library, "Search id, class or name…", parent)
        self.table = flat_list(COLUMNS, sortable=True)
        self.count_label = QLabel()
        self.count_label.setWordWrap(True)  # a long count must not widen the dock (1366x768)
        self.details = QTextBrowser()
        self.ssd = SsdView()
        scroll = QScrollArea()
        scroll.setWidget(self.ssd)
        scroll.setWidgetResizable(True)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        filters = QHBoxLayout()
        filters.addWidget(self.race_filter)
        filters.addWidget(self.search, 1)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.count_label)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.details)
        right.addWidget(scroll)
        right.setSizes([300, 500])
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([560, 720])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        self.race_filter.currentTextChanged.connect(self.refresh)
        self.search.textChanged.connect(self.refresh)
        self.table.currentItemChanged.connect(self._on_current)
        self.refresh()

    def refresh(self) -> None:
        ships = self.matching_ships()
        refill(self.table, map(_ship_row, ships))
        fit_columns(self.table, {1: 200})
        count = {k: sum(1 for s in ships if s.data_status == k)
                 for k in ("verified", "draft", "reconstructed", "incomplete")}
        self.count_label.setText(f"{len(ships)} of {len(self.library.ships)} classes shown ("
                                 + ", ".join(f"{n} {k}" for k, n in count.items()) + ")")
        if not current_first(self.table):
            self.show_ship(None)

    def select(self, ship_id: str) -> bool:
        return select_row(self.table, ship_id)

    def _on_current(self, current: QTreeWidgetItem | None, _previous=None) -> None:
        if current is None:
            self.show_ship(None)
            return
        self.show_ship(self.library.get(id_of(current)))

    def show_ship(self, spec: ShipSpec | None) -> None:
        self.current = spec
        if spec is None:
            self.details.setHtml("<p>No ship matches.</p>")
            self.ssd.set_ship(None)
            return
        self.details.setHtml(ship_details_html(spec))
        self.ssd.set_ship(spec)
        self.ship_selected.emit(spec.id)
