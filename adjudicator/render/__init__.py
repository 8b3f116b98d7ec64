"""Rendering of game output: text/BBCode/Markdown/HTML reports and map images."""
