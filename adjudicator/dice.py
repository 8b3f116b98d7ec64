"""Dice: the interface every random number in the project goes through.

Games never call ``random``. They ask a :class:`Dice` for ``n`` six-sided dice under
a :class:`RollLabel` that says exactly which roll this is (round, power, battle,
combat round, side, purpose). The label is what makes dice verifiable: a derived
source computes each die from the game's secret seed and the label, so anyone
holding the revealed seed can recompute every roll. Every source records what it
rolled so the history and the battle reports can show each die.

Three sources implement the protocol:

* :class:`DerivedDice` -- HMAC-SHA256 of the secret seed over a canonical description of
  the die, bound to the orders submitted for the turn (``docs/dice.md`` has the exact
  derivation and a ten-line re-check any player can run once the seed is revealed);
* :class:`ExternalDice` -- dice the moderator copies from a forum's own roller
  (``--dice-file``), consumed in the order the game asks for them;
* :class:`FixedDice` -- a fixed sequence, for tests and the rulebook's worked examples.

The seed lives in ``secret/seed`` inside the game folder (mode 0600, folder 0700); only
its SHA-256 *commitment* is published, in every report, so the moderator cannot swap it
later without everyone seeing. :func:`rotate_seed` retires a seed so that it can be
revealed (:func:`reveal`) while later rounds stay secret.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from adjudicator.errors import AdjudicatorError
from adjudicator.record import asdict, field, record
from adjudicator.store import atomic_write, canonical_json, now_iso, private_dir

SCHEME = "adj-dice-v1"  # goes into every derivation message; bump if the derivation changes
SEED_BYTES = 32
_ACCEPT_BELOW = 252  # largest multiple of 6 that fits in a byte: 0..251 map evenly onto 1..6
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class DiceError(AdjudicatorError):
    """A dice problem the moderator must fix (exhausted dice file, bad seed, bad format)."""


@record(frozen=True)
class RollLabel:
    """Canonical description of one roll (a group of dice rolled together)."""

    round: int  # game round (Axis & Allies) or year
    power: str  # the power whose turn it is
    battle: str  # region id of the battle ("" when not in a battle)
    combat_round: int  # 1, 2, ... (0 before round 1, e.g. AA fire or bombardment)
    side: str  # "attacker" / "defender" / "" for rolls outside battles
    purpose: str  # "aa", "surprise", "fire", "bombard", "sbr-damage", ...

    def to_json(self) -> dict:
        return asdict(self)


@record(frozen=True)
class Roll:
    label: RollLabel
    values: tuple[int, ...]
    source: str  # "derived", "external" or "fixed"

    def to_json(self) -> dict:
        return {"label": self.label.to_json(), "values": list(self.values), "source": self.source}


class Dice(Protocol):
    rolls: list[Roll]

    def roll(self, label: RollLabel, n: int) -> list[int]:
        """``n`` dice, each 1..6, recorded in ``rolls``."""


@record
class FixedDice:
    """Dice from a fixed sequence: for tests and for the rulebook's worked examples."""

    values: list[int]
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, label: RollLabel, n: int) -> list[int]:
        if n > len(self.values):
            raise ValueError(f"fixed dice exhausted: {n} wanted for {label}, {len(self.values)} left")
        out, self.values = self.values[:n], self.values[n:]
        if any(not 1 <= v <= 6 for v in out):
            raise ValueError(f"fixed dice must be 1..6, got {out}")
        self.rolls.append(Roll(label, tuple(out), "fixed"))
        return out

    def record(self) -> dict:
        """The history block for these dice (see :func:`verify_rolls` for the shape)."""
        return {"source": "fixed", "rolls": _rolls_json(self.rolls)}


# --- helpers shared by the sources ---------------------------------------------------------------
def describe_label(label: RollLabel) -> str:
    """Human wording of a label for error messages and reports."""
    parts = [f"round {label.round}", label.power]
    if label.battle:
        parts.append(f"battle {label.battle}")
    if label.combat_round:
        parts.append(f"combat round {label.combat_round}")
    if label.side:
        parts.append(label.side)
    parts.append(label.purpose)
    return ", ".join(p for p in parts if p)


def _check_label(label: RollLabel) -> None:
    """Reject labels the canonical encoding could render ambiguously (bools, floats, None)."""
    for name in ("round", "combat_round"):
        value = getattr(label, name)
        if type(value) is not int:
            raise DiceError(f"roll label {name} must be an int, got {value!r}")
    for name in ("power", "battle", "side", "purpose"):
        value = getattr(label, name)
        if not isinstance(value, str):
            raise DiceError(f"roll label {name} must be a string, got {value!r}")


def _check_n(label: RollLabel, n: int) -> None:
    if type(n) is not int or n < 0:
        raise DiceError(f"cannot roll {n!r} dice for {describe_label(label)}")


def _rolls_json(rolls: Iterable[Roll], occurrences: Sequence[int] | None = None) -> list[dict]:
    out = []
    for i, r in enumerate(rolls):
        item = r.to_json()
        if occurrences is not None:
            item["occurrence"] = occurrences[i]
        out.append(item)
    return out


def label_from_json(data: Mapping[str, Any]) -> RollLabel:
    """Rebuild a label from its ``to_json`` form (history records, verification)."""
    try:
        return RollLabel(
            round=data["round"], power=data["power"], battle=data["battle"],
            combat_round=data["combat_round"], side=data["side"], purpose=data["purpose"],
        )
    except (KeyError, TypeError) as exc:
        raise DiceError(f"malformed roll label {data!r}") from exc


# --- seeds and commitments -----------------------------------------------------------------------
def new_seed() -> bytes:
    """32 bytes from the operating system's CSPRNG: unguessable, so the commitment hides it."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """SHA-256 hex of the raw seed bytes.

    Printed in every report from the start of the game: once published, the moderator can
    no longer change the seed without the revealed seed failing to hash to it.
    """
    if not isinstance(seed, (bytes, bytearray)) or not seed:
        raise DiceError("a dice seed must be non-empty bytes")
    return hashlib.sha256(bytes(seed)).hexdigest()


def parse_seed_hex(text: str) -> bytes:
    """A seed typed by a player (``adj dice verify --seed HEX``); spaces and case ignored."""
    cleaned = "".join(text.split()).lower().removeprefix("0x")
    try:
        seed = bytes.fromhex(cleaned)
    except ValueError as exc:
        raise DiceError(f"the seed must be hexadecimal, got {text!r}") from exc
    if not seed:
        raise DiceError("the seed is empty")
    return seed


def _secret_dir(folder_path: str | os.PathLike) -> Path:
    """``secret/`` in the game folder, created 0700 (and tightened if it already existed)."""
    path = private_dir(Path(folder_path) / "secret")  # missing parents are private too
    os.chmod(path, 0o700)  # an existing one is tightened
    return path


def _seed_entry(seed: bytes, first_round: int) -> dict:
    return {"scheme": SCHEME, "seed": seed.hex(), "commitment": commitment(seed),
            "first_round": first_round}


def _read_entry(path: Path) -> dict:
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
        seed = bytes.fromhex(entry["seed"])
    except FileNotFoundError:
        raise
    except (ValueError, KeyError, TypeError) as exc:
        raise DiceError(f"{path} is not a readable seed file") from exc
    if commitment(seed) != entry.get("commitment"):
        raise DiceError(f"{path}: the seed does not match its recorded commitment")
    return entry


def save_seed(folder_path: str | os.PathLike, seed: bytes, first_round: int = 1,
              overwrite: bool = False) -> str:
    """Store ``seed`` as the game's current seed in ``secret/seed``; return its commitment.

    The file is canonical JSON ``{"scheme", "seed" (hex), "commitment", "first_round"}``,
    mode 0600 in a 0700 folder, written atomically. Replacing an existing seed is refused
    unless ``overwrite``: once a commitment is published, a silent swap is exactly the
    manipulation the scheme exists to expose; use :func:`rotate_seed` instead.
    """
    commitment(seed)  # validates
    path = _secret_dir(folder_path) / "seed"
    if path.exists() and not overwrite:
        raise DiceError(f"{path} already holds a seed; use rotate_seed to replace it")
    entry = _seed_entry(bytes(seed), first_round)
    atomic_write(path, canonical_json(entry), mode=0o600)
    return entry["commitment"]


def load_seed(folder_path: str | os.PathLike) -> bytes:
    """The game's current seed (raises :class:`DiceError` when the game has none)."""
    return bytes.fromhex(current_seed_info(folder_path)["seed"])


def current_seed_info(folder_path: str | os.PathLike) -> dict:
    """The current ``secret/seed`` entry: seed hex, commitment, first round it covers."""
    path = Path(folder_path) / "secret" / "seed"
    try:
        return _read_entry(path)
    except FileNotFoundError:
        raise DiceError(f"{path} does not exist: this game has no dice seed") from None


def current_commitment(folder_path: str | os.PathLike) -> str:
    """What every report prints: the commitment of the seed now in use."""
    return current_seed_info(folder_path)["commitment"]


def seed_for_round(folder_path: str | os.PathLike, round: int) -> bytes:
    """The seed that covers ``round``: the current one, or the retired one for past rounds.

    Resolutions should take their seed from here rather than from :func:`load_seed`, so a
    rotation announced for a later round can never change the dice of the round in play.
    """
    current = current_seed_info(folder_path)
    if round >= current["first_round"]:
        return bytes.fromhex(current["seed"])
    seeds_dir = Path(folder_path) / "secret" / "seeds"
    for path in sorted(seeds_dir.glob("[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9].json")):
        entry = _read_entry(path)
        if entry["first_round"] <= round <= entry["last_round"]:
            return bytes.fromhex(entry["seed"])
    raise DiceError(f"no stored seed covers round {round}")


def rotate_seed(folder_path: str | os.PathLike, first_round: int,
                seed: bytes | None = None) -> str:
    """Retire the current seed and start a new one at ``first_round``; return the new commitment.

    The retired seed is kept as ``secret/seeds/AAAA-BBBB.json`` (rounds it covered, with
    its commitment), so it can be revealed for those rounds alone while the new seed keeps
    later dice secret. ``first_round`` must be after the current seed's first round: a
    rotation never lets a seed be replaced before it has covered at least one round.
    The archive is written before the new seed, so a crash in between leaves the old seed
    current and a repeated call completes the rotation.
    """
    current = current_seed_info(folder_path)
    if type(first_round) is not int or first_round <= current["first_round"]:
        raise DiceError(
            f"the new seed must start after round {current['first_round']}, "
            f"where the current seed started (got {first_round!r})"
        )
    seeds_dir = private_dir(_secret_dir(folder_path) / "seeds")
    os.chmod(seeds_dir, 0o700)
    retired = {**current, "last_round": first_round - 1, "retired": now_iso()}
    archive = seeds_dir / f"{current['first_round']:04d}-{first_round - 1:04d}.json"
    if archive.exists() and _read_entry(archive)["seed"] != current["seed"]:
        raise DiceError(f"{archive} already holds a different seed")
    atomic_write(archive, canonical_json(retired), mode=0o600)
    return save_seed(folder_path, seed if seed is not None else new_seed(), first_round,
                     overwrite=True)


def reveal(folder_path: str | os.PathLike, round: int | None = None,
           include_current: bool = False) -> list[dict]:
    """Seeds for publication: ``{"seed", "commitment", "first_round", "last_round"}`` each.

    Without ``round``: every retired seed (plus the current one with ``include_current``,
    e.g. at the end of the game; its ``last_round`` is ``None``). With ``round``: the one
    seed that covered it. Revealing the current seed is refused unless asked for, because
    it would let anyone compute the dice of the rounds still to come.
    """
    out = []
    seeds_dir = Path(folder_path) / "secret" / "seeds"
    for path in sorted(seeds_dir.glob("[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9].json")):
        e = _read_entry(path)
        out.append({"seed": e["seed"], "commitment": e["commitment"],
                    "first_round": e["first_round"], "last_round": e["last_round"]})
    current = current_seed_info(folder_path)
    cur = {"seed": current["seed"], "commitment": current["commitment"],
           "first_round": current["first_round"], "last_round": None}
    if round is None:
        return out + ([cur] if include_current else [])
    for e in out:
        if e["first_round"] <= round <= e["last_round"]:
            return [e]
    if round >= current["first_round"]:
        if include_current:
            return [cur]
        raise DiceError(
            f"round {round} uses the current seed; rotate it first (revealing it now would "
            "expose the dice of later rounds), or wait for the end of the game"
        )
    raise DiceError(f"no stored seed covers round {round}")


# --- orders digest -------------------------------------------------------------------------------
def _canonical_bytes(obj: object) -> bytes:
    """Compact JSON, sorted keys, raw UTF-8: one byte string per value (see docs/dice.md)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def orders_digest(submissions: Mapping[str, str]) -> str:
    """SHA-256 hex of the turn's submissions, ``{power: verbatim text}``, as canonical JSON.

    The texts are taken byte for byte as stored (no newline or whitespace normalisation),
    so every player can recompute the digest from the submissions printed in the history.
    Feeding it into every die means the dice do not exist until the last order is in:
    the moderator, who knows the seed, cannot know the dice while orders can still change.
    """
    for power, text in submissions.items():
        if not isinstance(power, str) or not isinstance(text, str):
            raise DiceError(f"orders digest needs power -> text strings, got {power!r}")
    return hashlib.sha256(_canonical_bytes(dict(submissions))).hexdigest()


def collect_salts(salts_by_power: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    """Salts in the canonical order: powers sorted by name, each power's lines in order.

    Any fixed order would do (the record lists the salts used); fixing this one means the
    moderator cannot reorder salts to fish for different dice.
    """
    return tuple(s for power in sorted(salts_by_power) for s in salts_by_power[power])


# --- derived dice --------------------------------------------------------------------------------
def derivation_message(game: str, orders_digest: str, salts: Sequence[str], label: RollLabel,
                       occurrence: int, die: int, counter: int) -> bytes:
    """The exact bytes HMAC'd for one attempt at one die (documented in docs/dice.md)."""
    return _canonical_bytes({
        "scheme": SCHEME,
        "game": game,
        "orders_digest": orders_digest,
        "salts": list(salts),
        "label": label.to_json(),
        "occurrence": occurrence,
        "die": die,
        "counter": counter,
    })


Digester = Callable[[int], bytes]  # counter -> 32 bytes; injectable so tests can force re-HMAC


def die_from_digests(digest_for: Digester) -> int:
    """Uniform 1..6 by rejection sampling over the bytes of successive digests.

    Bytes 252..255 are skipped because 256 is not a multiple of 6 (keeping them would make
    1..4 slightly likelier than 5 and 6); the first byte below 252 gives ``byte % 6 + 1``.
    If all 32 bytes are rejected (probability 2**-192) the counter is incremented and a
    fresh HMAC is taken.
    """
    counter = 0
    while True:
        for byte in digest_for(counter):
            if byte < _ACCEPT_BELOW:
                return byte % 6 + 1
        counter += 1


class DerivedDice:
    """Verifiable dice: each die is HMAC-SHA256(seed, canonical description of that die).

    Create one per resolution (one turn's orders). ``occurrence`` counts earlier ``roll``
    calls with an equal label on this object, starting at 0, so a game that rolls the same
    label twice in one resolution (e.g. two groups of attackers firing in the same combat
    round) gets independent dice instead of the same dice twice.
    """

    source = "derived"

    def __init__(self, seed: bytes, game: str, orders_digest: str,
                 salts: tuple[str, ...] = ()) -> None:
        commitment(seed)  # validates the seed
        if not isinstance(game, str) or not game:
            raise DiceError("derived dice need the game id")
        if not isinstance(orders_digest, str) or not _HEX64.match(orders_digest):
            raise DiceError(f"orders digest must be 64 lowercase hex digits, got {orders_digest!r}")
        if any(not isinstance(s, str) for s in salts):
            raise DiceError(f"salts must be strings, got {salts!r}")
        self._seed = bytes(seed)
        self.game = game
        self.orders_digest = orders_digest
        self.salts = tuple(salts)
        self.rolls: list[Roll] = []
        self.occurrences: list[int] = []
        self._seen: Counter[RollLabel] = Counter()

    def __repr__(self) -> str:  # never print the seed by accident
        return (f"DerivedDice(commitment={self.commitment[:16]}..., game={self.game!r}, "
                f"rolls={len(self.rolls)})")

    @property
    def commitment(self) -> str:
        return commitment(self._seed)

    def die(self, label: RollLabel, occurrence: int, index: int) -> int:
        """Die ``index`` (0-based) of occurrence ``occurrence`` of ``label``; pure."""
        def digest_for(counter: int) -> bytes:
            msg = derivation_message(self.game, self.orders_digest, self.salts, label,
                                     occurrence, index, counter)
            return hmac.new(self._seed, msg, hashlib.sha256).digest()

        return die_from_digests(digest_for)

    def roll(self, label: RollLabel, n: int) -> list[int]:
        _check_label(label)
        _check_n(label, n)
        occurrence = self._seen[label]
        self._seen[label] += 1
        out = [self.die(label, occurrence, i) for i in range(n)]
        self.rolls.append(Roll(label, tuple(out), self.source))
        self.occurrences.append(occurrence)
        return out

    def record(self) -> dict:
        """The ``"dice"`` block for the history record (shape documented in docs/dice.md)."""
        return {
            "source": self.source,
            "scheme": SCHEME,
            "game": self.game,
            "commitment": self.commitment,
            "orders_digest": self.orders_digest,
            "salts": list(self.salts),
            "rolls": _rolls_json(self.rolls, self.occurrences),
        }


# --- external dice -------------------------------------------------------------------------------
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_dice_text(text: str, name: str = "dice file") -> list[int]:
    """Dice from a ``--dice-file``: digits 1-6 separated by whitespace, commas or semicolons.

    ``#`` starts a comment to the end of the line, so the moderator can paste the forum
    roller's post link above each batch. Anything else is an error naming line and token:
    a typo silently turned into a die would decide a battle.
    """
    values: list[int] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        for token in _SEPARATORS.split(body):
            if not token:
                continue
            if len(token) != 1 or token not in "123456":
                raise DiceError(
                    f"{name} line {lineno}: {token!r} is not a die; write digits 1-6 separated "
                    "by spaces or commas (# starts a comment)"
                )
            values.append(int(token))
    return values


class ExternalDice:
    """Dice rolled elsewhere (a forum's roller) and fed in by the moderator.

    Values are consumed strictly in file order, one ``roll`` call after another, in the
    order the game makes its rolls (deterministic for a given position and orders, and
    listed in the battle report). Every roll is recorded with source ``"external"``.
    """

    source = "external"

    def __init__(self, values: list[int], source_name: str = "external") -> None:
        bad = [v for v in values if type(v) is not int or not 1 <= v <= 6]
        if bad:
            raise DiceError(f"external dice must be 1..6, got {bad[:5]}")
        self._values = list(values)
        self._next = 0
        self.source_name = source_name
        self.rolls: list[Roll] = []

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> ExternalDice:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DiceError(f"cannot read dice file {path}: {exc.strerror}") from exc
        return cls(parse_dice_text(text, str(path)), source_name=path.name)

    @property
    def used(self) -> int:
        return self._next

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, label: RollLabel, n: int) -> list[int]:
        _check_n(label, n)
        if n > self.remaining:
            raise DiceError(
                f"external dice exhausted: roll {len(self.rolls) + 1} ({describe_label(label)}) "
                f"needs {n} dice but {self.source_name} has {self.remaining} left after "
                f"{self.used} used; roll more dice and append them to the dice file"
            )
        out = self._values[self._next:self._next + n]
        self._next += n
        self.rolls.append(Roll(label, tuple(out), self.source))
        return out

    def record(self) -> dict:
        """History block; ``unused`` dice are reported so a short resolution is noticed."""
        return {"source": self.source, "source_name": self.source_name,
                "rolls": _rolls_json(self.rolls), "unused": self.remaining}


# --- replaying recorded dice ---------------------------------------------------------------------
class RecordedDice:
    """Replays the rolls of a history ``"dice"`` block, checking each label and count.

    Replay (``adj fsck``) needs the same dice without the secret seed: this hands back the
    recorded values and fails loudly if the game now asks for a different roll.
    """

    def __init__(self, block: Mapping[str, Any]) -> None:
        self._rolls = list(block.get("rolls", []))
        self._next = 0
        self.rolls: list[Roll] = []

    def roll(self, label: RollLabel, n: int) -> list[int]:
        if self._next >= len(self._rolls):
            raise DiceError(f"replay asks for an unrecorded roll: {describe_label(label)}")
        rec = self._rolls[self._next]
        want = label_from_json(rec["label"])
        values = [int(v) for v in rec["values"]]
        if want != label or len(values) != n:
            raise DiceError(
                f"replay roll {self._next + 1}: game asks for {n} dice ({describe_label(label)}) "
                f"but history recorded {len(values)} ({describe_label(want)})"
            )
        self._next += 1
        self.rolls.append(Roll(label, tuple(values), rec.get("source", "")))
        return values


# --- verification --------------------------------------------------------------------------------
def verify_rolls(seed: bytes | Sequence[bytes], game: str,
                 records: Iterable[Mapping[str, Any]]) -> list[str]:
    """Recompute recorded derived dice; return one message per mismatch (empty when sound).

    ``records`` are history ``"dice"`` blocks (``DerivedDice.record()``, one per
    resolution), or flat roll dicts that carry their own ``orders_digest`` and ``salts``.
    ``seed`` may be one seed or several (all revealed seeds): each block is checked with
    the seed matching its ``commitment``. Blocks of other sources (external, fixed) have
    nothing to recompute and are skipped. Within a block, a roll without an ``occurrence``
    field gets the number of earlier rolls with the same label in that block.
    """
    seeds = [bytes(seed)] if isinstance(seed, (bytes, bytearray)) else [bytes(s) for s in seed]
    by_commitment = {commitment(s): s for s in seeds}
    problems: list[str] = []
    flat: list[Mapping[str, Any]] = []
    blocks: list[tuple[str, Mapping[str, Any]]] = []
    for i, rec in enumerate(records, start=1):
        if "rolls" in rec:
            blocks.append((f"block {i}", rec))
        else:
            flat.append(rec)
    # Flat rolls are grouped by (digest, salts) into implicit blocks, keeping their order.
    groups: dict[tuple, list[Mapping[str, Any]]] = {}
    for rec in flat:
        key = (rec.get("orders_digest"), tuple(rec.get("salts", ())), rec.get("commitment"))
        groups.setdefault(key, []).append(rec)
    for (digest, salts, commit), rolls in groups.items():
        blocks.append((f"rolls with orders digest {str(digest)[:12]}",
                       {"source": "derived", "orders_digest": digest, "salts": list(salts),
                        "commitment": commit, "rolls": rolls}))
    for where, block in blocks:
        problems += _verify_block(where, block, by_commitment, seeds, game)
    return problems


def _verify_block(where: str, block: Mapping[str, Any], by_commitment: dict[str, bytes],
                  seeds: list[bytes], game: str) -> list[str]:
    if block.get("source", "derived") != "derived":
        return []
    if block.get("game", game) != game:
        return [f"{where}: recorded for game {block.get('game')!r}, not {game!r}"]
    commit = block.get("commitment")
    if commit is not None:
        if commit not in by_commitment:
            return [f"{where}: no given seed matches commitment {commit}"]
        seed = by_commitment[commit]
    elif len(seeds) == 1:
        seed = seeds[0]
    else:
        return [f"{where}: no commitment recorded and several seeds given"]
    try:
        dice = DerivedDice(seed, game, block.get("orders_digest"),
                           tuple(block.get("salts", ())))
    except DiceError as exc:
        return [f"{where}: {exc}"]
    problems = []
    seen: Counter[RollLabel] = Counter()
    for j, rec in enumerate(block.get("rolls", []), start=1):
        try:
            label = label_from_json(rec["label"])
            _check_label(label)
            values = list(rec["values"])
        except (DiceError, KeyError, TypeError) as exc:
            problems.append(f"{where} roll {j}: unreadable ({exc})")
            continue
        occurrence = seen[label]
        seen[label] += 1
        recorded_occ = rec.get("occurrence", occurrence)
        if recorded_occ != occurrence:
            problems.append(f"{where} roll {j} ({describe_label(label)}): recorded occurrence "
                            f"{recorded_occ}, but it is roll {occurrence} with this label")
        if rec.get("source", "derived") != "derived":
            problems.append(f"{where} roll {j} ({describe_label(label)}): source "
                            f"{rec.get('source')!r} inside a derived block")
        expected = [dice.die(label, occurrence, k) for k in range(len(values))]
        if values != expected:
            problems.append(f"{where} roll {j} ({describe_label(label)}, occurrence "
                            f"{occurrence}): recorded {values}, derived {expected}")
    return problems
