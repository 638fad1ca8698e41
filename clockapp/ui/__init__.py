"""The Qt layer: the only package that imports PySide6.

Windows get the services and the bus through their constructors.
"""
