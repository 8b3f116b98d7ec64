"""What happened to each order: the record kept in history and fed to reports and the map."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class OrderResult:
    power: str
    order: str  # canonical text of the order as understood ("A par - bur")
    kind: str  # hold | move | support | convoy | retreat | disband | build | remove | waive
    unit_type: str | None  # "A" / "F" (None for waive)
    loc: str  # where the ordered unit stands ("" for waive)
    success: bool
    outcome: str  # short word for reports: moved, held, bounced, cut, dislodged, void, illegal, ...
    target: str | None = None  # supported / convoyed unit's location
    dest: str | None = None  # destination of a move, supported move, convoy, retreat
    via_convoy: bool = False
    reason: str | None = None  # why it failed or was void / illegal
    dislodged: bool = False  # the ordering unit was dislodged this phase
    default: bool = False  # generated for a power that sent no order (NMR / civil disorder)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> OrderResult:
        return cls(**d)
