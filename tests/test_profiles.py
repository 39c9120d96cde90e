"""Profiles: the rules as data (British B1..B17, pub P1..P9)."""
from __future__ import annotations

import pytest

from nap_teach.engine.profiles import BRITISH, PROFILES, PUB, Profile, UnknownProfile, get_profile


def ladder(profile: Profile) -> list[str]:
    return [c.name for c in sorted(profile.ladder, key=lambda c: c.level)]


def test_B6_british_ladder_and_promises():
    assert ladder(BRITISH) == ["Three", "Four", "Nap", "Wellington"]
    promises = {c.name: (c.min_tricks, c.max_tricks) for c in BRITISH.ladder}
    assert promises == {"Three": (3, 5), "Four": (4, 5), "Nap": (5, 5), "Wellington": (5, 5)}
    assert all(c.trumps for c in BRITISH.ladder)


def test_B7_wellington_requires_nap_in_the_profile():
    assert BRITISH.contract("Wellington").requires == "Nap"
    assert BRITISH.contract("Wellington").rule == "B7"
    assert [c.name for c in BRITISH.ladder if c.requires] == ["Wellington"]


def test_B15_british_stakes_are_symmetric_3_4_5_10():
    stakes = {c.name: (c.made, c.failed) for c in BRITISH.ladder}
    assert stakes == {"Three": (3, 3), "Four": (4, 4), "Nap": (5, 5), "Wellington": (10, 10)}


def test_B4_unused_cards_per_table_size():
    assert [BRITISH.unused_cards(n) for n in range(3, 8)] == [37, 32, 27, 22, 17]
    assert BRITISH.hand_size == 5
    assert (BRITISH.min_players, BRITISH.max_players) == (3, 7)


def test_B13_british_allows_an_agreed_early_stop_pub_does_not():
    assert BRITISH.early_stop is True
    assert PUB.early_stop is False
    assert BRITISH.rule("early_stop") == "B13"
    assert PUB.rule("early_stop") == "P6"


def test_P3_pub_ladder_and_requirements():
    assert ladder(PUB) == ["Three", "Misere", "Four", "Nap", "Wellington", "Blucher"]
    assert PUB.contract("Wellington").requires == "Nap"
    assert PUB.contract("Blucher").requires == "Wellington"
    assert PUB.contract("blücher") is PUB.contract("Blucher")
    assert PUB.contract("Misère").display == "Misère"


def test_P4_misere_takes_no_trick_and_has_no_trump():
    misere = PUB.contract("Misere")
    assert (misere.min_tricks, misere.max_tricks, misere.trumps) == (0, 0, False)


def test_P5_pub_stakes_and_the_misere_option():
    stakes = {c.name: (c.made, c.failed) for c in PUB.ladder}
    assert stakes == {"Three": (3, 3), "Misere": (3, 3), "Four": (4, 4), "Nap": (10, 5),
                      "Wellington": (20, 10), "Blucher": (30, 15)}
    house = PUB.with_options(misere_stakes="10/5")
    assert (house.contract("Misere").made, house.contract("Misere").failed) == (10, 5)
    assert PUB.contract("Misere").made == 3  # the original is unchanged
    assert house.options["misere_stakes"] == "10/5"
    assert house.with_options(misere_stakes="3/3").contract("Misere").made == 3


def test_options_are_checked():
    with pytest.raises(ValueError):
        PUB.with_options(misere_stakes="7/7")
    with pytest.raises(ValueError):
        BRITISH.with_options(misere_stakes="10/5")
    assert PUB.with_options(ante=25).options["ante"] == 25


def test_rule_ids_by_topic_for_each_profile():
    assert BRITISH.rule("follow") == "B11"
    assert BRITISH.rule("requires") == "B7"
    assert BRITISH.rule("unused") == "B4"
    assert PUB.rule("follow") == "B11"  # shared points keep their British id
    assert PUB.rule("ladder") == "P3"
    assert PUB.rule("stakes") == "P5"


def test_pub_only_topics_resolve():
    # Profile.rule used to evaluate the British fallback eagerly, so these raised KeyError
    assert PUB.rule("misere") == "P4"
    assert PUB.rule("renege") == "P7"
    assert PUB.rule("misdeal") == "P2"
    with pytest.raises(KeyError):
        BRITISH.rule("misere")


def test_contract_lookup_any_case_and_unknown():
    assert BRITISH.contract("nap") is BRITISH.contract("Nap")
    assert BRITISH.has_contract(" FOUR ")
    assert not BRITISH.has_contract("Misere")
    with pytest.raises(KeyError):
        BRITISH.contract("Blucher")


def test_get_profile():
    assert get_profile(None) is BRITISH
    assert get_profile("british") is BRITISH
    assert get_profile(" Pub ") is PUB
    assert get_profile(PUB) is PUB
    assert set(PROFILES) == {"british", "pub"}
    for bad in ("bridge", "", 3):
        with pytest.raises(UnknownProfile) as info:
            get_profile(bad)  # type: ignore[arg-type]
        assert isinstance(info.value, ValueError)


def test_profiles_are_immutable_and_hashable():
    with pytest.raises(Exception):
        BRITISH.name = "other"  # type: ignore[misc]
    assert hash(PUB.with_options(misere_stakes="10/5")) != hash(PUB)
    assert {BRITISH, PUB} == {PUB, BRITISH}
