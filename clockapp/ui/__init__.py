"""The Qt layer: the only package that imports PySide6. Windows get services and the bus injected."""
