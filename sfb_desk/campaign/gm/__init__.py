"""The rule pack of the GM campaign rules (a GM-run campaign whose battles are SFB games).

economics   the Economics phase: income, supply network, maintenance, resupply, webs,
            expeditionary fleets, repairs at 0.1 EP a repair point, the repair deficit
supply      supply status and the out-of-supply degradation handed to the desk
production  conversions, prototypes, crew quality, legendary officers of new ships
command     the command limit calculator (replaces S8.0)
detection   the detection roll
ratings     tactical player ratings
"""
