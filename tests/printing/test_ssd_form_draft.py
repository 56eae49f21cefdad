"""The printed SSD (and the SSD widget, which draws the same page) of a draft class says so."""

from sfb_desk.data.library import load_library
from sfb_desk.printing.ssd_form import layout_ssd_form

LIB = load_library()


def test_the_printed_ssd_of_a_draft_says_check_against_your_ssd(qapp):
    form = layout_ssd_form(LIB.get("KLI-G2"), 556.0, 736.0)
    banner = " ".join(i.text for i in form.items if i.style == "banner" and i.text)
    assert banner.startswith("DRAFT: CHECK AGAINST YOUR SSD.") and "2 facts are disputed" in banner
    verified = layout_ssd_form(LIB.get("FED-CA"), 556.0, 736.0)
    assert not [i for i in verified.items if i.style == "banner"]
