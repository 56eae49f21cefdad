"""The rules' charts as data, each table in exactly one place (DESIGN.md section 3)."""
