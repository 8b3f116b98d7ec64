"""Verifiable dice: derivation, documented example, uniformity, seeds, external dice."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import os
import re
import stat
from collections import Counter
from pathlib import Path

import pytest

from adjudicator import dice as d
from adjudicator.dice import (
    DerivedDice,
    DiceError,
    ExternalDice,
    FixedDice,
    RecordedDice,
    Roll,
    RollLabel,
    collect_salts,
    commitment,
    derivation_message,
    die_from_digests,
    load_seed,
    new_seed,
    orders_digest,
    parse_dice_text,
    parse_seed_hex,
    reveal,
    rotate_seed,
    save_seed,
    seed_for_round,
    verify_rolls,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "dice.md"
SEED = bytes(range(32))
GAME = "example-game"
SUBS = {"Germany": "salt: dice go brrr\nattack Ukraine\n"}
DIGEST = orders_digest(SUBS)
SALTS = ("dice go brrr",)
LABEL = RollLabel(1, "Germany", "Ukraine", 1, "attacker", "fire")


def derived(seed: bytes = SEED, digest: str = DIGEST, salts: tuple[str, ...] = SALTS,
            game: str = GAME) -> DerivedDice:
    return DerivedDice(seed, game, digest, salts)


# --- derivation ------------------------------------------------------------------------------------
def test_worked_example_values():
    dice = derived()
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert DIGEST == "6e36a233ec919c89f8ec2e5548838b95d3fbb7fe88924204e7f9522a8a8ce677"
    assert dice.roll(LABEL, 8) == [5, 4, 6, 3, 2, 1, 5, 4]
    assert dice.roll(LABEL, 3) == [1, 2, 3]  # occurrence 1 of the same label


def test_doc_snippet_and_example_run_as_documented():
    """The python blocks of docs/dice.md print exactly their ``# ->`` lines."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert len(blocks) >= 2
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(block, namespace)  # noqa: S102 - our own documentation
    expected = [line[len("# -> "):] for b in blocks for line in b.splitlines()
                if line.startswith("# -> ")]
    assert expected and out.getvalue().splitlines() == expected
    # The snippet agrees with the module beyond the example too.
    die = namespace["die"]
    other = RollLabel(3, "Japan", "", 0, "", "sbr-damage")
    mine = derived().roll(other, 20)
    assert [die(SEED.hex(), GAME, DIGEST, list(SALTS), other.to_json(), 0, i)
            for i in range(20)] == mine
    # The message printed in the doc is the module's message, byte for byte.
    msg = derivation_message(GAME, DIGEST, SALTS, LABEL, 0, 0, 0).decode()
    assert msg in text
    assert hmac.new(SEED, msg.encode(), hashlib.sha256).digest()[0] == 0x04


def test_deterministic_across_instances():
    labels = [RollLabel(r, "Germany", b, c, s, "fire")
              for r in (1, 2) for b in ("Ukraine", "Egypt") for c in (1, 2)
              for s in ("attacker", "defender")]
    a, b = derived(), derived()
    assert [a.roll(lb, 6) for lb in labels] == [b.roll(lb, 6) for lb in labels]


def test_each_label_field_changes_dice():
    base = derived().roll(LABEL, 30)
    for change in ({"round": 2}, {"power": "Japan"}, {"battle": "Egypt"},
                   {"combat_round": 2}, {"side": "defender"}, {"purpose": "aa"}):
        other = RollLabel(**{**LABEL.to_json(), **change})
        assert derived().roll(other, 30) != base, change
    assert derived(game="other-game").roll(LABEL, 30) != base
    assert derived(seed=bytes(32)).roll(LABEL, 30) != base


def test_prefix_property_and_die_index():
    # Die i depends on its index, not on how many dice the roll has.
    assert derived().roll(LABEL, 3) == derived().roll(LABEL, 10)[:3]
    assert derived().roll(LABEL, 0) == []


def test_occurrence_numbering():
    dice = derived()
    first = dice.roll(LABEL, 12)
    other = dice.roll(RollLabel(1, "Germany", "Egypt", 1, "attacker", "fire"), 4)
    second = dice.roll(LABEL, 12)
    third = dice.roll(LABEL, 12)
    assert len({tuple(first), tuple(second), tuple(third)}) == 3
    assert dice.occurrences == [0, 0, 1, 2]
    assert [dice.die(LABEL, 1, i) for i in range(12)] == second
    assert len(other) == 4
    rolls = dice.record()["rolls"]
    assert [r["occurrence"] for r in rolls] == [0, 0, 1, 2]
    # A fresh resolution starts counting again: same orders, same dice (no re-roll by rollback).
    assert derived().roll(LABEL, 12) == first


def test_orders_digest_changes_dice():
    base = derived().roll(LABEL, 30)
    changed = orders_digest({"Germany": SUBS["Germany"] + " "})  # one trailing space
    assert changed != DIGEST
    assert derived(digest=changed).roll(LABEL, 30) != base


def test_orders_digest_is_canonical_and_verbatim():
    a = orders_digest({"Germany": "x\n", "Japan": "y\n"})
    assert a == orders_digest({"Japan": "y\n", "Germany": "x\n"})  # insertion order irrelevant
    assert a != orders_digest({"Germany": "x\r\n", "Japan": "y\n"})  # no normalisation
    assert a != orders_digest({"Germany": "x\n", "Japan": "y\n", "UK": ""})
    # Unambiguous: moving text between powers changes the digest.
    assert orders_digest({"A": "bc", "B": ""}) != orders_digest({"A": "b", "B": "c"})
    assert re.fullmatch(r"[0-9a-f]{64}", orders_digest({}))
    with pytest.raises(DiceError):
        orders_digest({"Germany": 3})  # type: ignore[dict-item]


def test_salts_change_dice():
    base = derived().roll(LABEL, 30)
    assert derived(salts=("dice go brr",)).roll(LABEL, 30) != base
    assert derived(salts=()).roll(LABEL, 30) != base
    # Salt boundaries are part of the encoding: ("ab",) differs from ("a", "b").
    assert derived(salts=("ab",)).roll(LABEL, 30) != derived(salts=("a", "b")).roll(LABEL, 30)
    assert collect_salts({"UK": ["z"], "Germany": ["b", "a"]}) == ("b", "a", "z")


def test_uniformity_chi_square():
    dice = derived()
    counts: Counter[int] = Counter()
    for i in range(6000):
        counts.update(dice.roll(RollLabel(i, "Germany", "Ukraine", 1, "attacker", "fire"), 10))
    total = sum(counts.values())
    assert total == 60_000 and set(counts) == {1, 2, 3, 4, 5, 6}
    expected = total / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 30, (chi2, counts)  # 5 degrees of freedom: p(chi2 > 30) is about 1.5e-5


def test_rejection_of_high_bytes_is_exercised():
    """Find dice whose first HMAC byte is >= 252 and check the next byte is used."""
    dice = derived()
    found = 0
    for i in range(2000):
        msg = derivation_message(GAME, DIGEST, SALTS, LABEL, 0, i, 0)
        digest = hmac.new(SEED, msg, hashlib.sha256).digest()
        if digest[0] >= 252:
            found += 1
            first_ok = next(b for b in digest if b < 252)
            assert dice.die(LABEL, 0, i) == first_ok % 6 + 1
    assert found > 5  # about 2000 * 4/256 = 31 expected


def test_exhausted_digest_takes_a_new_counter():
    calls = []

    def digest_for(counter: int) -> bytes:
        calls.append(counter)
        return bytes([255] * 32) if counter < 2 else bytes([253, 7] + [0] * 30)

    assert die_from_digests(digest_for) == 7 % 6 + 1
    assert calls == [0, 1, 2]
    assert die_from_digests(lambda c: bytes([251])) == 251 % 6 + 1
    assert die_from_digests(lambda c: bytes([0])) == 1


def test_derived_rejects_bad_input():
    with pytest.raises(DiceError):
        DerivedDice(b"", GAME, DIGEST)
    with pytest.raises(DiceError):
        DerivedDice(SEED, "", DIGEST)
    with pytest.raises(DiceError):
        DerivedDice(SEED, GAME, DIGEST.upper())
    dice = derived()
    with pytest.raises(DiceError):
        dice.roll(LABEL, -1)
    with pytest.raises(DiceError):
        dice.roll(RollLabel(True, "Germany", "", 0, "", "x"), 1)  # type: ignore[arg-type]
    assert SEED.hex() not in repr(dice)


# --- verification ----------------------------------------------------------------------------------
def _block() -> dict:
    dice = derived()
    dice.roll(LABEL, 8)
    dice.roll(LABEL, 3)
    dice.roll(RollLabel(1, "Germany", "Ukraine", 1, "defender", "fire"), 5)
    return dice.record()


def test_record_shape():
    block = _block()
    assert block["source"] == "derived"
    assert block["commitment"] == commitment(SEED)
    assert block["orders_digest"] == DIGEST and block["salts"] == list(SALTS)
    assert block["game"] == GAME and block["scheme"] == d.SCHEME
    assert block["rolls"][0] == {**Roll(LABEL, (5, 4, 6, 3, 2, 1, 5, 4), "derived").to_json(),
                                 "occurrence": 0}


def test_verify_accepts_genuine_rolls():
    assert verify_rolls(SEED, GAME, [_block()]) == []
    assert verify_rolls([bytes(32), SEED], GAME, [_block()]) == []


def test_verify_detects_tampered_value():
    block = _block()
    v = block["rolls"][1]["values"]
    v[2] = v[2] % 6 + 1
    problems = verify_rolls(SEED, GAME, [block])
    assert len(problems) == 1 and "roll 2" in problems[0] and "occurrence 1" in problems[0]


def test_verify_detects_wrong_seed_game_digest_and_order():
    assert "no given seed matches" in verify_rolls(bytes(32), GAME, [_block()])[0]
    assert "not 'other'" in verify_rolls(SEED, "other", [_block()])[0]
    block = _block()
    block["orders_digest"] = orders_digest({"Germany": "something else"})
    assert len(verify_rolls(SEED, GAME, [block])) == 3
    swapped = _block()
    swapped["rolls"][0], swapped["rolls"][1] = swapped["rolls"][1], swapped["rolls"][0]
    assert verify_rolls(SEED, GAME, [swapped])  # occurrences no longer match their order


def test_verify_flat_rolls_and_skips_external():
    block = _block()
    flat = [{**r, "orders_digest": DIGEST, "salts": list(SALTS)} for r in block["rolls"]]
    for r in flat:
        del r["occurrence"]  # computed from order within the group
    external = ExternalDice([1, 2, 3])
    external.roll(LABEL, 3)
    assert verify_rolls(SEED, GAME, [*flat, external.record()]) == []
    flat[0]["values"][0] = flat[0]["values"][0] % 6 + 1
    assert len(verify_rolls(SEED, GAME, flat)) == 1


def test_recorded_dice_replays_and_checks_labels():
    block = _block()
    replay = RecordedDice(block)
    assert replay.roll(LABEL, 8) == [5, 4, 6, 3, 2, 1, 5, 4]
    with pytest.raises(DiceError, match="recorded 3"):
        replay.roll(LABEL, 4)
    replay = RecordedDice({"rolls": []})
    with pytest.raises(DiceError, match="unrecorded"):
        replay.roll(LABEL, 1)


# --- seeds -----------------------------------------------------------------------------------------
def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_seed_and_commitment():
    a, b = new_seed(), new_seed()
    assert len(a) == 32 and a != b
    assert commitment(a) == hashlib.sha256(a).hexdigest()
    assert parse_seed_hex("0x" + SEED.hex().upper()[:32] + " " + SEED.hex()[32:]) == SEED
    with pytest.raises(DiceError):
        parse_seed_hex("zz")
    with pytest.raises(DiceError):
        parse_seed_hex("")


def test_seed_file_is_private(tmp_path):
    game = tmp_path / "g1"
    game.mkdir()
    seed = new_seed()
    assert save_seed(game, seed) == commitment(seed)
    assert _mode(game / "secret") == 0o700
    assert _mode(game / "secret" / "seed") == 0o600
    assert load_seed(game) == seed
    assert d.current_commitment(game) == commitment(seed)
    with pytest.raises(DiceError, match="rotate"):
        save_seed(game, new_seed())
    assert not list((game / "secret").glob(".seed.*"))  # no temporary files left behind


def test_load_seed_missing_or_tampered(tmp_path):
    with pytest.raises(DiceError, match="no dice seed"):
        load_seed(tmp_path)
    save_seed(tmp_path, SEED)
    path = tmp_path / "secret" / "seed"
    path.write_text(path.read_text().replace(SEED.hex(), bytes(32).hex()))
    with pytest.raises(DiceError, match="commitment"):
        load_seed(tmp_path)


def test_rotation_and_reveal(tmp_path):
    s1, s2, s3 = bytes([1] * 32), bytes([2] * 32), bytes([3] * 32)
    save_seed(tmp_path, s1)
    with pytest.raises(DiceError, match="current seed"):
        reveal(tmp_path, round=1)
    assert rotate_seed(tmp_path, 3, s2) == commitment(s2)
    assert rotate_seed(tmp_path, 4, s3) == commitment(s3)
    with pytest.raises(DiceError, match="after round 4"):
        rotate_seed(tmp_path, 4)
    assert load_seed(tmp_path) == s3
    assert [seed_for_round(tmp_path, r) for r in (1, 2, 3, 4, 9)] == [s1, s1, s2, s3, s3]
    seeds = tmp_path / "secret" / "seeds"
    assert sorted(p.name for p in seeds.iterdir()) == ["0001-0002.json", "0003-0003.json"]
    assert _mode(seeds) == 0o700 and all(_mode(p) == 0o600 for p in seeds.iterdir())
    assert reveal(tmp_path, round=2) == [
        {"seed": s1.hex(), "commitment": commitment(s1), "first_round": 1, "last_round": 2}]
    assert [e["seed"] for e in reveal(tmp_path)] == [s1.hex(), s2.hex()]
    everything = reveal(tmp_path, include_current=True)
    assert everything[-1] == {"seed": s3.hex(), "commitment": commitment(s3),
                              "first_round": 4, "last_round": None}
    # Revealed seeds verify blocks from every round, each matched by its commitment.
    blocks = []
    for seed in (s1, s2, s3):
        dice = DerivedDice(seed, GAME, DIGEST)
        dice.roll(LABEL, 4)
        blocks.append(dice.record())
    assert verify_rolls([bytes.fromhex(e["seed"]) for e in everything], GAME, blocks) == []
    assert len(verify_rolls(s1, GAME, blocks)) == 2


# --- external dice ---------------------------------------------------------------------------------
def test_parse_dice_text_format():
    text = "# forum post 4711\n5 4 6 3, 2 1 5 4\n\n1;2  3   # second group\n"
    assert parse_dice_text(text) == [5, 4, 6, 3, 2, 1, 5, 4, 1, 2, 3]
    for bad, line in (("1 2\n7", 2), ("35", 1), ("1 x", 1), ("0", 1), ("1.5", 1)):
        with pytest.raises(DiceError, match=f"line {line}"):
            parse_dice_text(bad)


def test_external_dice_consumption_and_exhaustion(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("5 4 6 # round 1\n3 2\n", encoding="utf-8")
    dice = ExternalDice.from_file(path)
    assert dice.roll(LABEL, 2) == [5, 4]
    assert dice.roll(RollLabel(1, "Germany", "Ukraine", 1, "defender", "fire"), 2) == [6, 3]
    assert dice.remaining == 1 and dice.used == 4
    with pytest.raises(DiceError, match=r"needs 3 dice but dice.txt has 1 left after 4 used"):
        dice.roll(LABEL, 3)
    assert dice.remaining == 1  # a failed roll consumes nothing
    assert [r.source for r in dice.rolls] == ["external", "external"]
    record = dice.record()
    assert record["source"] == "external" and record["unused"] == 1
    assert record["source_name"] == "dice.txt" and len(record["rolls"]) == 2
    with pytest.raises(DiceError, match="1..6"):
        ExternalDice([1, 7])
    with pytest.raises(DiceError, match="cannot read"):
        ExternalDice.from_file(tmp_path / "missing.txt")


# --- fixed dice ------------------------------------------------------------------------------------
def test_fixed_dice_behaviour():
    dice = FixedDice([1, 2, 3, 4])
    assert dice.roll(LABEL, 3) == [1, 2, 3]
    assert dice.rolls == [Roll(LABEL, (1, 2, 3), "fixed")]
    assert dice.values == [4]
    with pytest.raises(ValueError, match="exhausted"):
        dice.roll(LABEL, 2)
    with pytest.raises(ValueError, match="1..6"):
        FixedDice([0]).roll(LABEL, 1)
    assert dice.record() == {"source": "fixed", "rolls": [dice.rolls[0].to_json()]}


def test_sources_satisfy_protocol():
    def use(dice: d.Dice) -> list[int]:
        return dice.roll(LABEL, 2)

    for dice in (FixedDice([1, 2]), ExternalDice([3, 4]), derived()):
        assert len(use(dice)) == 2 and len(dice.rolls) == 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_seed_folders_are_private_whatever_the_umask(tmp_path):
    """The seed decides every die: its folders (and any missing parent) are 0700 even
    under umask 0, and so is the archive of rotated seeds (issue 17, privacy)."""
    game = tmp_path / "judge" / "games" / "war"
    old = os.umask(0)
    try:
        d.save_seed(game, d.new_seed())
        d.rotate_seed(game, 3, d.new_seed())
    finally:
        os.umask(old)
    for p in [tmp_path / "judge", tmp_path / "judge" / "games", game, game / "secret",
              game / "secret" / "seeds"]:
        assert p.stat().st_mode & 0o777 == 0o700, p
    for f in (game / "secret").rglob("*"):
        assert f.stat().st_mode & 0o077 == 0, f
