"""One QPainter renderer per form, shared by screen, PDF and printer.

* :mod:`.ssd_form` - the SSD page (``render_ssd``), built on :mod:`.ssd_layout` (pure box
  layout) and :mod:`.ssd_boxes` (boxes as form items);
* :mod:`.ea_form` - the energy allocation form (``render_ea``);
* :mod:`.form` - items with rectangles and the one painter; :mod:`.fonts` - the bundled font;
* :mod:`.output` - PDF (QPdfWriter), printer (QPrinter) and print preview, several pages a job.
"""

