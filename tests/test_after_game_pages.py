"""A finished game's end page under AppTest: the results card with its share button, and the rematch: one
tap starts the same game with the same seats, colours, options and group and opens it; the start player
drawn or chosen, or, where the rules name them, asked for; two phones tapping at once start one game, and
the second, like every phone still on the finished game, is offered to follow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from apptest import PAGE_FIXTURES, app, failure, game_count, page_shown, put, stored, tr
from builders import DRAWN, DUMMY, FINISHED, dummy_ahead
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from scoring.registry import GAMES, page_at_stage

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
END = {g: page_path(g, GAMES[g].pages[-1]) for g in GAMES}
FIRST = {g: page_path(g, GAMES[g].pages[0]) for g in GAMES}


def end_page(game_id: str, game: str, lang: str = "en") -> Any:
    at = app(END[game], lang, game_id)
    assert not at.exception, failure(at)
    return at


def rematch_tap(at: Any, game_id: str, first: str | None = None) -> Any:
    if first is not None:
        at.radio(key=widget_key("rematch_first", game_id)).set_value(first)
    return at.button(key=widget_key("rematch", game_id)).click().run()


def lands_on(game: str, store_path: Path, game_id: str) -> str:
    """The page of `game` a link to the stored game opens: the page of its stage (`<game>_<page>`)."""
    return f"{game}_{page_at_stage(stored(store_path, game_id))}"


def follow_links(at: Any) -> list[tuple[str, str]]:
    return [(link.proto.page, link.proto.query_string) for link in at.page_link
            if link.value == tr("en", "rematch.follow")]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_end_page_of_a_finished_game_shows_its_card_and_a_button_that_shares_it(game: str, lang: str,
                                                                                    store_path: Path) -> None:
    at = end_page(put(store_path, FINISHED[game]()), game, lang)
    cards = [i.proto.imgs[0] for i in at.get("image") if i.proto.imgs[0].alt == tr(lang, "card.alt")]
    assert len(cards) == 1 and cards[0].url.endswith(".png")
    button = next(h.proto.body for h in at.get("html") if "schichtbuch-card" in h.proto.body)
    assert tr(lang, "card.download") in button and tr(lang, "card.share") in button
    assert tr(lang, "card.title") in [s.value for s in at.subheader]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_not_over_offers_no_card_and_no_rematch(game: str, store_path: Path) -> None:
    from builders import at as built

    at = end_page(put(store_path, built(game, ["Anna", "Ben", "Cleo"], "ending")), game)
    assert not [i for i in at.get("image") if i.proto.imgs[0].alt == tr("en", "card.alt")]
    assert not [b for b in at.button if b.key.startswith("rematch")]


@pytest.mark.parametrize("game", list(GAMES))
def test_rematch_starts_the_same_game_with_the_same_seats_and_opens_it(game: str, store_path: Path) -> None:
    finished = FINISHED[game]()
    game_id = put(store_path, finished)
    at = rematch_tap(end_page(game_id, game), game_id, finished["players"][1])
    assert not at.exception, failure(at)
    assert page_shown(at) == FIRST[game] and game_count(store_path) == 2
    next_id = stored(store_path, game_id)["next_game"]
    assert at.query_params.get("game") == next_id
    new, g = stored(store_path, next_id), GAMES[game]
    assert (new["game"], new["players"], new["colours"]) == (game, finished["players"], finished["colours"])
    assert {o.value: new.get(o.value) for o in g.options} == {o.value: finished.get(o.value) for o in g.options}
    assert g.first_player(new) == finished["players"][1] and new["started"] > 0
    assert not g.score(new).final


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].draw_start])
def test_where_the_rules_let_the_app_draw_one_tap_draws_a_start_player(game: str, store_path: Path) -> None:
    finished = FINISHED[game]()
    game_id = put(store_path, finished)
    at = end_page(game_id, game)
    assert at.caption.values.count(tr("en", "rematch.unverified")) == 1
    rematch_tap(at, game_id)
    assert GAMES[game].first_player(stored(store_path, stored(store_path, game_id)["next_game"])) in finished["players"]


@pytest.mark.parametrize("game", [g for g in GAMES if not GAMES[g].draw_start])
def test_where_the_rules_name_the_start_player_the_table_is_asked_first(game: str, store_path: Path) -> None:
    game_id = put(store_path, FINISHED[game]())
    at = rematch_tap(end_page(game_id, game), game_id)
    assert [e.value for e in at.error] == [tr("en", "rematch.choose_first")]
    assert game_count(store_path) == 1 and page_shown(at) == END[game]


def test_the_dummy_seat_and_the_group_go_on_into_the_next_game(store_path: Path) -> None:
    store = SQLiteStore(str(store_path))
    group = store.create_group("Runde", ["Anna", "Ben", "Robo"])
    game_id = store.create(dummy_ahead(["Anna", "Ben", "Robo"], "Robo"), {"key": "change.start"}, group=group.id).id
    rematch_tap(end_page(game_id, DUMMY), game_id, "Anna")
    next_id = store.load(game_id).doc["next_game"]
    assert store.load(next_id).doc["dummy"] == "Robo" and store.group_of(next_id) == group.id


def test_two_phones_tapping_rematch_at_once_start_one_game_and_the_second_is_offered_to_follow(store_path: Path) -> None:
    game = DRAWN
    game_id = put(store_path, FINISHED[game]())
    first, second = end_page(game_id, game), end_page(game_id, game)
    rematch_tap(first, game_id)
    rematch_tap(second, game_id)  # its page still showed the button when it was tapped
    assert game_count(store_path) == 2
    next_id = stored(store_path, game_id)["next_game"]
    assert page_shown(first) == FIRST[game] and first.query_params.get("game") == next_id
    assert page_shown(second) == END[game]
    assert [i.value for i in second.info][-2:] == [tr("en", "rematch.started"), tr("en", "rematch.elsewhere")]
    assert follow_links(second) == [(lands_on(game, store_path, next_id), f"game={next_id}&lang=en")]


@pytest.mark.parametrize("game", [g for g in GAMES if not GAMES[g].draw_start])
def test_a_second_phone_that_picked_no_start_player_is_told_the_next_game_started_not_to_pick(
        game: str, store_path: Path) -> None:
    game_id = put(store_path, FINISHED[game]())
    first, second = end_page(game_id, game), end_page(game_id, game)
    rematch_tap(first, game_id, FINISHED[game]()["players"][0])
    rematch_tap(second, game_id)
    assert game_count(store_path) == 2 and not second.error
    assert [i.value for i in second.info][-2:] == [tr("en", "rematch.started"), tr("en", "rematch.elsewhere")]


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].draw_start])
def test_a_phone_still_on_the_finished_game_sees_the_next_one_and_follows_it(game: str, store_path: Path) -> None:
    game_id = put(store_path, FINISHED[game]())
    watching = end_page(game_id, game)
    assert not follow_links(watching)
    rematch_tap(end_page(game_id, game), game_id)
    watching.run()  # as the live refresh runs it once the game changed
    next_id = stored(store_path, game_id)["next_game"]
    assert tr("en", "rematch.started") in [i.value for i in watching.info]
    assert follow_links(watching) == [(lands_on(game, store_path, next_id), f"game={next_id}&lang=en")]
    assert not [b for b in watching.button if b.key.startswith("rematch")]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_way_into_the_next_game_is_at_the_top_of_the_end_page_above_the_standings(game: str,
                                                                                     store_path: Path) -> None:
    """A phone coming back to the table sees it without scrolling past the standings, the card and the
    photo; the section that started it is gone below."""
    game_id = put(store_path, FINISHED[game]())
    rematch_tap(end_page(game_id, game), game_id, FINISHED[game]()["players"][0])
    shown = [getattr(node, "value", None) for node in elements(end_page(game_id, game).main)]
    follow, final = shown.index(tr("en", "rematch.follow")), shown.index(tr("en", "standings.final"))
    assert follow < final and tr("en", "rematch.title") not in shown


def elements(node: Any) -> list[Any]:
    """The elements of a block and of the blocks in it, in page order."""
    children = getattr(node, "children", None)
    return [node] if children is None else [e for child in children.values() for e in elements(child)]
