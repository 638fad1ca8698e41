"""The wall's moments over the clock: the stage that shows them and one widget per kind."""
