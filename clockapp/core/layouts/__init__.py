"""The wall as the host lays it out: layouts of cells, their rules, their edits and screen sets.

- `cells`: a `Layout` is a named list of `Cell`s, each a kind of thing the wall shows (the
  countdown, the blinds, the payouts, a text with fields...) in a rectangle of the screen, with
  its font and colours.
- `fields`: the fields a text cell may name ("Level {level}: {blinds}") and their rendering.
- `readability`: the wall's contrast and size rules, and by how much a layout breaks them.
- `default`: the layout of today's wall.
- `editing`: pure edits (add, remove, move, resize, restyle) and their undo history.
- `screen_sets`: layouts turned on a schedule, one rotation for levels and one for breaks.
- `files`: a layout as a versioned JSON file, and the stored text of layouts and screen sets.
"""
