"""The live web view for phones and TVs: a read-only page served by the standard library.

`state` turns the tournament into the page's JSON, `live` keeps one copy of it fresh for every
client (one poller thread, never one query per client), `wire` reads requests strictly,
`server` serves the page and its Server-Sent Events, `page` holds the HTML. Nothing here imports
Qt: the director's window starts it, and `clockapp web` serves it headless.
"""
