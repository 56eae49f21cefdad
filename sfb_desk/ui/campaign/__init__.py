"""The campaign ledger in the app: the campaign window and its menu entries."""
