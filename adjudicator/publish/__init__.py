"""Publishing: what people read, written by the core from what the games return.

``reports`` renders report contexts with Jinja in four formats, ``svg`` holds the drawing
primitives every map shares, ``png`` rasterises SVG, ``files`` finds the history record of a
phase and writes ``reports/<phase>/``. Games never write files: they return contexts and SVG
text, and this package does the rest.
"""
