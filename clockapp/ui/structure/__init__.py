"""The structure editor: levels and breaks, chips, templates, import/export and the generator.

`StructureEditor(services, bus, parent=None)` is the window the director opens (E on the clock).
"""

from clockapp.ui.structure.window import StructureEditor

__all__ = ["StructureEditor"]
