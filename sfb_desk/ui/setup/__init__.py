"""The new-game dialog: scenario tab, ship picker, units table, game options."""
