"""``domeng app --visitors N``: preheated kernels for a class, the memory it takes, a class
the machine cannot hold refused."""

from __future__ import annotations

from collections import namedtuple

import pytest

from domeng.cli import main
from domeng.web import serve

NOTEBOOKS = ["tutorial.ipynb", "tutorial-id.ipynb", "play.ipynb"]
Memory = namedtuple("Memory", "available")


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def voila(monkeypatch):
    """serve() up to Voilà's launch: the arguments and config it would start with."""
    launched = {}

    class App:
        @classmethod
        def launch_instance(cls, argv, config):
            launched.update(argv=argv, config=config)

    monkeypatch.setattr(serve, "_voila_app", lambda: (App, dict))
    monkeypatch.setattr(serve, "check_port", lambda ip, port: None)
    return launched


def _available(monkeypatch, mb: float) -> None:
    import psutil

    monkeypatch.setattr(psutil, "virtual_memory", lambda: Memory(mb * 2**20))


def test_a_class_gets_a_kernel_waiting_for_each_student():
    pools = serve.kernel_pools("tutorial", "id", NOTEBOOKS, visitors=25)
    assert pools["tutorial-id.ipynb"] == {"pool_size": 25}
    assert pools["play.ipynb"] == {"pool_size": 1} and pools["default"] == {"pool_size": 0}
    assert serve.kernel_pools("tutorial", None, NOTEBOOKS)["tutorial.ipynb"] == {
        "pool_size": serve.POOL}


def test_class_memory_counts_the_pool_refilled_behind_the_class():
    waiting, arrived = serve.class_memory(10)
    assert waiting == serve.SERVER_MB + 11 * serve.KERNEL_MB
    assert arrived == waiting + 10 * serve.KERNEL_MB


def test_the_start_says_how_much_memory_the_class_takes(voila, monkeypatch, capsys):
    _available(monkeypatch, 64_000)
    code, out, err = _run(capsys, "app", "--visitors", "20", "--port", "8999")
    assert code == 0 and err == ""
    waiting, arrived = serve.class_memory(20)
    assert f"For a class of 20: 21 kernels run the page ahead, about {waiting:,} MB" in out
    assert f"about {arrived:,} MB ({serve.KERNEL_MB} MB a kernel)" in out
    pools = voila["config"]["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["tutorial.ipynb"] == {"pool_size": 20}


def test_the_start_speaks_the_server_s_language(voila, monkeypatch, capsys):
    _available(monkeypatch, 64_000)
    code, out, _ = _run(capsys, "app", "--visitors", "12", "--lang", "id")
    assert code == 0 and "Untuk kelas 12 orang: 13 kernel" in out


def test_without_visitors_nothing_is_said_of_memory(voila, monkeypatch, capsys):
    _available(monkeypatch, 10)  # not even looked at
    code, out, _ = _run(capsys, "app")
    assert code == 0 and "class" not in out
    pools = voila["config"]["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["tutorial.ipynb"] == {"pool_size": serve.POOL}


def test_a_class_the_machine_cannot_hold_is_refused_in_one_line(voila, monkeypatch, capsys):
    _available(monkeypatch, 3_000)
    code, out, err = _run(capsys, "app", "--visitors", "30")
    assert code == 2 and out == "" and voila == {}
    assert len(err.strip().splitlines()) == 1
    assert "a class of 30 needs about" in err and "3,000 MB available" in err


@pytest.mark.parametrize("bad", ["0", "-3", "501", "many", "2.5"])
def test_a_class_size_that_makes_no_sense_is_refused_in_one_line(bad, voila, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["app", "--visitors", bad])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == "" and voila == {}
    assert len(err.strip().splitlines()) == 1 and "--visitors" in err
