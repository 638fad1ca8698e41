"""Queries: one module per aggregate, the statements services compose (the SQLModel template's
`crud.py`).

Each function takes the caller's session, so a service decides the transaction and one user
action stays one unit of work. Rows returned here stay inside the service call.
"""
