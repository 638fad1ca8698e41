"""Use cases: one function call per user action, one database transaction each.

Every call returns frozen data plus the `Changes` it made (see `clockapp.services.changes`), and
appends a row to the change log so other stations can refresh. The UI calls nothing below
this layer.
"""
