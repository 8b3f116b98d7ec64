"""Axis & Allies: edition data (map, units, setup) and, later, turns, validation and combat."""
