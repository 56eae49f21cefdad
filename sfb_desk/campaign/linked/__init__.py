"""Linked scenarios: mini-campaigns whose ships carry their damage from battle to battle.

chain  the machinery: definitions, the state record, per-campaign counters, interludes
t3     Advanced Missions T3 "The Lone Gray Wolf" (six scenarios)
t7     Module C2 T7 "The Run for Home" (three scenarios, survivors carried)
"""
