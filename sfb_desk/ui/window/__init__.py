"""The main window: its docks, its menus, saves and the autosave offer."""
