"""The F&E Combined Operations window (Library > F&E assistant): combat round, folio,
production limits, scenarios and ship information, on the Qt-free :mod:`sfb_desk.fe`."""
