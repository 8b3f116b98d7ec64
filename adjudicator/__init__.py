"""adjudicator: referee play-by-email board wargames (Diplomacy, Axis & Allies)."""

__version__ = "0.2.0"
