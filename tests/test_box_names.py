"""Box ids in a player's words (sfb_desk.rules.box_names): the forms and order rows use them."""

import pytest

from sfb_desk.rules.box_names import box_name, weapon_name


@pytest.mark.parametrize(("box", "words"), [
    ("phaser#1", "Phaser 1"), ("disruptor#A", "Disruptor A"), ("ppd#D", "PPD D"),
    ("webcaster#W", "Web caster W"), ("dd#C", "Displacement device C"),
    ("probe#1", "Probe 1"), ("left_warp#3", "Left warp 3"), ("shield3#5", "Shield #3 box 5"),
    ("drone#1.2", "Drone rack 1 box 2"), ("add#A", "ADD A"), ("tr#B", "TR beam B"),
    ("no hash here", "no hash here"),
])
def test_box_name(box, words):
    assert box_name(box) == words


@pytest.mark.parametrize(("box", "code", "words"), [
    ("phaser#1", "PH-1", "Phaser 1 (Phaser-1)"), ("phaser#4", "ph-3", "Phaser 4 (Phaser-3)"),
    ("photon#A", "PHOTON", "Photon A"), ("disruptor#B", "DISRUPTOR", "Disruptor B"),
    ("plasma#A", "PLASMA-S", "Plasma A (Plasma-S torpedo)"),
    ("webcaster#W", "WEB-CASTER", "Web caster W"), ("dd#C", "DISPLACEMENT",
                                                    "Displacement device C"),
    ("drone#1", "DRONE", "Drone rack 1"), ("ppd#D", "PPD", "PPD D (Plasmatic pulsar device)"),
    ("x#1", "ODD", "X 1 (ODD)"), ("probe#1", "PROBE", "Probe 1"),
    ("shuttle#2", "SHUTTLE", "Shuttle 2"),
])
def test_weapon_name_adds_the_type_only_where_the_family_does_not_say_it(box, code, words):
    assert weapon_name(box, code) == words
