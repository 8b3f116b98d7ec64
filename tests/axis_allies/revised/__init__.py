"""A&A Revised (2004) as the second edition of the A&A engine: one named test per rule that
differs from 1942 (Revised digest C1, A5, A6; rulings R-n in docs/rulings.md)."""
