"""Widgets: main window, ship browser, SSD widget, EA sheet, hex map view, dice panel."""
