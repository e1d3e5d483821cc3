"""The research extra: the OpenSpiel game and the PettingZoo environment play exactly the
rules of Round (a cross-check on 1,000 random rounds through each), pass OpenSpiel's
random_sim_test and PettingZoo's api_test, number actions the same in every state, and
refuse a bad parameter with one error naming it. The core never imports the extra."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from domeng.game import Game
from domeng.research.matches import NUM_ACTIONS, ParameterError, action_of, move_of, rules_of
from domeng.round import LEFT, RIGHT, Move, Round
from domeng.rules import Rules
from domeng.sim.simulate import net_stones
from domeng.tiles import TILES

REASON = "needs the research extra: pip install -e '.[research]' (CI installs it)"

VARIANTS = [
    ({}, Rules()),
    ({"voluntary_pass": True}, Rules(voluntary_pass=True)),
    ({"opener_leads_double": False, "block_passes_cost": False},
     Rules(opener_leads_double=False, block_passes_cost=False)),
    ({"players": 4, "hand_size": 6, "camat_after_settlement": False},
     Rules(seats=4, hand_size=6, camat_after_settlement=False)),
    ({"players": 3, "opening_doubles": "6 5 4 3 2", "pollo_stones": 7},
     Rules(seats=3, opening_doubles=(6, 5, 4, 3, 2), pollo_stones=7)),
]
"""Game parameters and the same rules as the engine reads them: a case of each reading."""


def _legal(r: Round) -> list[int]:
    return sorted(action_of(m) for m in r.legal_moves())


def _hands_of(order: list[int], rules: Rules) -> list[int]:
    h = rules.hand_size
    return [sum(1 << i for i in order[s * h:(s + 1) * h]) for s in range(rules.seats)]


# --------------------------------------------------------------- action ids
def test_action_ids_name_one_move_each_in_every_state():
    moves = [move_of(a) for a in range(NUM_ACTIONS)]
    assert len(set(moves)) == NUM_ACTIONS
    assert [action_of(m) for m in moves] == list(range(NUM_ACTIONS))
    assert move_of(2 * 24 + 1) == Move(TILES[24], RIGHT) == Move("6|3", RIGHT)
    assert move_of(0) == Move("0|0", LEFT) and move_of(56) == Move("0|0") and move_of(84).is_pass


def test_every_reading_of_the_rules_is_a_parameter():
    assert rules_of({}) == Rules(max_rounds=1)
    for params, rules in VARIANTS:
        assert rules_of(params) == Rules(**{**rules.__dict__, "max_rounds": 1})
    assert rules_of({"max_rounds": 3, "camat_limit": 2}) == Rules(max_rounds=3, camat_limit=2)


@pytest.mark.parametrize(("params", "named"), [
    ({"players": 6}, "players"),
    ({"players": 1}, "players"),
    ({"lempa_stones": 1}, "lempa_stones"),
    ({"opening_doubles": "6 6"}, "opening_doubles"),
    ({"opening_doubles": "6543"}, "opening_doubles"),
    ({"opening_doubles": "6,5,4,3"}, "opening_doubles"),
    ({"max_rounds": 0}, "max_rounds"),
    ({"hand_size": 9}, "hand_size"),
    ({"voluntary_pass": "yes"}, "voluntary_pass"),
])
def test_a_bad_parameter_is_one_error_naming_it(params, named):
    with pytest.raises(ParameterError) as info:
        rules_of(params)
    assert info.value.key == named and "\n" not in str(info.value)


# ------------------------------------------------------------- no extra imported
def test_the_core_and_the_app_import_no_research_package():
    code = ("import sys, domeng, domeng.app, domeng.players, domeng.research.matches; "
            "print(sorted(m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(("module", "missing"), [("domeng.research.openspiel", "pyspiel"),
                                                 ("domeng.research.pettingzoo", "pettingzoo")])
def test_without_the_extra_importing_says_which_extra_to_install(module, missing):
    code = (f"import sys; sys.modules[{missing!r}] = None\n"
            f"try:\n    import {module}\n"
            f"except ModuleNotFoundError as exc:\n    print(type(exc).__name__, exc)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == (f"MissingExtra {module} needs "
                           f"{'open-spiel' if missing == 'pyspiel' else 'pettingzoo'} and numpy: "
                           "pip install 'domeng[research]'")


# ----------------------------------------------------------------- OpenSpiel
@pytest.fixture(scope="module")
def pyspiel():
    mod = pytest.importorskip("pyspiel", reason=REASON)
    import domeng.research.openspiel  # noqa: F401 — registers python_domeng

    return mod


def _play_openspiel(pyspiel, game, rules: Rules, rng: random.Random, rounds: int = 1):
    """Play one random match through OpenSpiel and the engine side by side."""
    state = game.new_initial_state()
    engine = Game(rules=Rules(**{**rules.__dict__, "max_rounds": rounds}))
    for _ in range(rounds):
        order = []
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sorted(t for t, _ in outcomes) == [i for i in range(28) if i not in order]
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            t = rng.choice(outcomes)[0]
            order.append(t)
            state.apply_action(t)
        r = engine.new_round(_hands_of(order, rules))
        while not r.is_over:
            assert state.current_player() == r.turn
            assert state.legal_actions() == _legal(r)
            tensor = state.observation_tensor(r.turn)
            # the "hand" piece follows the "player" one-hot
            n = rules.seats
            assert [i for i in range(28) if tensor[n + i]] == [t.index for t in r.hand(r.turn)]
            a = rng.choice(state.legal_actions())
            state.apply_action(a)
            r.play(move_of(a))
        assert state.is_chance_node() or state.is_terminal()
    assert state.is_terminal()
    return state, engine


def test_openspiel_plays_exactly_the_rules_of_round_on_1000_random_rounds(pyspiel):
    rng = random.Random(26)
    for k in range(1000):
        params, rules = VARIANTS[k % len(VARIANTS)]
        game = pyspiel.load_game("python_domeng", params)
        state, engine = _play_openspiel(pyspiel, game, rules, rng)
        assert state.returns() == [-float(x) for x in net_stones(engine.current)]


def test_openspiel_plays_a_match_of_rounds_like_game(pyspiel):
    rng = random.Random(3)
    for _ in range(40):
        game = pyspiel.load_game("python_domeng", {"max_rounds": 3})
        state, engine = _play_openspiel(pyspiel, game, Rules(), rng, rounds=3)
        total = [sum(net_stones(r)[s] for r in engine.rounds) for s in range(5)]
        assert state.returns() == [-float(x) for x in total]
        assert len(engine.rounds) == 3


@pytest.mark.parametrize("params", [v[0] for v in VARIANTS] + [{"max_rounds": 2}])
def test_openspiel_random_sim_test(pyspiel, params):
    game = pyspiel.load_game("python_domeng", params)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_openspiel_game_string_loads_the_same_game_and_states_serialize(pyspiel):
    import pickle

    game = pyspiel.load_game("python_domeng", {"opening_doubles": "6 5 4", "players": 4,
                                               "hand_size": 6})
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    for tile in range(24):
        state.apply_action(tile)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_information_state_hides_the_other_hands(pyspiel):
    game = pyspiel.load_game("python_domeng")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    r = state.match.round
    for seat in range(5):
        text = state.information_state_string(seat)
        shown = {t for t in TILES if str(t) in text.replace(",", " ").split()}
        assert set(r.hand(seat)) <= shown
        assert not shown - set(r.hand(seat))  # nothing has been played yet
    t = state.information_state_tensor(0)
    assert len(t) == game.information_state_tensor_size()


def test_openspiel_bad_parameter_is_one_error_naming_it(pyspiel):
    with pytest.raises(ParameterError, match="players must be 2 to 5, not 6"):
        pyspiel.load_game("python_domeng", {"players": 6})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'lempa'"):
        pyspiel.load_game("python_domeng", {"lempa": 1})


def test_openspiel_mcts_bot_plays_a_round(pyspiel):
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_domeng")
    bot = mcts.MCTSBot(game, 2, 8, mcts.RandomRolloutEvaluator(1, random.Random(1)),
                       random_state=__import__("numpy").random.RandomState(1))
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            a = bot.step(state) if state.current_player() == 0 else rng.choice(
                state.legal_actions())
            assert a in state.legal_actions()
            state.apply_action(a)
    assert max(state.returns()) <= 0


def test_the_researcher_guides_mcts_example_runs(pyspiel, capsys):
    from pathlib import Path

    guide = Path(__file__).parent.parent / "docs/guides/researcher.md"
    code = guide.read_text(encoding="utf-8").split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 10
    exec(compile(code, str(guide), "exec"), {})
    returns = eval(capsys.readouterr().out)
    assert len(returns) == 5 and max(returns) <= 0


def test_openspiel_resample_keeps_the_information_state_and_deals_anew(pyspiel):
    import pickle

    game = pyspiel.load_game("python_domeng")
    rng = random.Random(8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = 0
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            p = state.current_player()
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            assert other.legal_actions() == state.legal_actions()
            assert str(pickle.loads(pickle.dumps(other))) == str(other)
            differed += other.match.round.hands != state.match.round.hands
            state.apply_action(rng.choice(state.legal_actions()))
    assert differed > 20


def test_openspiel_ismcts_bot_plays_rounds_against_domeng_players(pyspiel):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from domeng.research.openspiel import PlayerBot

    game = pyspiel.load_game("python_domeng")
    rng = np.random.RandomState(1)
    bots = [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20,
                             random_state=rng)]
    bots += [PlayerBot(name, seed=s) for s, name in
             enumerate(["search", "heuristic", "greedy", "random"])]
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice(state.legal_actions())))
                continue
            a = bots[state.current_player()].step(state)
            assert a in state.legal_actions()
            state.apply_action(a)
        assert max(state.returns()) <= 0


# ---------------------------------------------------------------- PettingZoo
@pytest.fixture(scope="module")
def pz():
    pytest.importorskip("pettingzoo", reason=REASON)
    import domeng.research.pettingzoo

    return domeng.research.pettingzoo


def test_pettingzoo_plays_exactly_the_rules_of_round_on_1000_random_rounds(pz):
    rng = random.Random(27)
    for k in range(1000):
        params, rules = VARIANTS[k % len(VARIANTS)]
        env = pz.env(**params)
        env.reset(seed=k)
        n = rules.seats
        # the hands as each seat's own observation shows them
        hands = []
        for a in env.possible_agents:
            obs = env.observe(a)["observation"]
            hands.append(sum(1 << i for i in range(28) if obs[n + i]))
        r = Round(hands, rules=rules)
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            total[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            assert agent == f"seat_{r.turn}"
            mask = obs["action_mask"]
            assert [i for i in range(NUM_ACTIONS) if mask[i]] == _legal(r)
            a = rng.choice(_legal(r))
            env.step(a)
            r.play(move_of(a))
        assert r.is_over
        assert [total[f"seat_{s}"] for s in range(n)] == [-float(x) for x in net_stones(r)]


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # a dict, like classic envs
@pytest.mark.parametrize("params", [{}, {"voluntary_pass": True, "max_rounds": 3},
                                    {"players": 3}])
def test_pettingzoo_api_test(pz, params):
    from pettingzoo.test import api_test

    api_test(pz.env(**params), num_cycles=200, verbose_progress=False)


def test_pettingzoo_same_seed_same_match(pz):
    def run(seed):
        env = pz.env(max_rounds=2)
        env.reset(seed=seed)
        seen = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            seen.append((agent, reward))
            env.step(None if term or trunc else int(obs["action_mask"].argmax()))
        return seen

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_pettingzoo_renders_text_and_the_projects_svg(pz):
    import xml.etree.ElementTree as ET

    env = pz.env(render_mode="ansi")
    env.reset(seed=1)
    env.step(int(env.last()[0]["action_mask"].argmax()))
    text = env.render()
    assert "line: " in text and "stones: table 25" in text
    env = pz.env(render_mode="svg")
    env.reset(seed=1)
    env.step(int(env.last()[0]["action_mask"].argmax()))
    root = ET.fromstring(env.render())
    assert root.tag.endswith("svg")
    tiles = [g.get("data-id") for g in root.iter()
             if "domeng-tile" in (g.get("class") or "").split()]
    assert tiles == [str(env.unwrapped.match.game.current.line[0].tile)]


@pytest.mark.parametrize(("params", "named"), [({"players": 6}, "players"),
                                               ({"voluntary": True}, "voluntary"),
                                               ({"render_mode": "human"}, "render_mode")])
def test_pettingzoo_bad_parameter_is_one_error_naming_it(pz, params, named):
    with pytest.raises(ParameterError) as info:
        pz.env(**params)
    assert info.value.key == named and named in str(info.value)
