"""The choice of a kernel's backend and the once-per-process build
(:mod:`euchre.compiled`), shared by the solver and the batch kernel."""

from __future__ import annotations

import threading
import time

import pytest

from euchre.compiled import BackendCache, choose_backend, numba_available
from euchre.core.errors import EuchreTypeError, EuchreValueError


class _Unknown(EuchreValueError):
    pass


def test_the_argument_wins_then_the_variable_then_auto(monkeypatch: pytest.MonkeyPatch) -> None:
    auto = "numba" if numba_available() else "python"
    monkeypatch.setenv("EUCHRE_TEST_BACKEND", "python")
    assert choose_backend(None, "EUCHRE_TEST_BACKEND", "test", _Unknown) == "python"
    assert choose_backend("auto", "EUCHRE_TEST_BACKEND", "test", _Unknown) == auto
    monkeypatch.setenv("EUCHRE_TEST_BACKEND", "  ")
    assert choose_backend(None, "EUCHRE_TEST_BACKEND", "test", _Unknown) == auto  # empty: auto
    monkeypatch.delenv("EUCHRE_TEST_BACKEND")
    assert choose_backend(None, "EUCHRE_TEST_BACKEND", "test", _Unknown) == auto
    assert choose_backend("PYTHON", "EUCHRE_TEST_BACKEND", "test", _Unknown) == "python"


def test_an_unknown_name_is_refused_with_its_source_and_a_wrong_type_by_its_type(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(_Unknown, match="backend = 'fortran' is not a test backend"):
        choose_backend("fortran", "EUCHRE_TEST_BACKEND", "test", _Unknown)
    monkeypatch.setenv("EUCHRE_TEST_BACKEND", "cuda")
    with pytest.raises(_Unknown, match="EUCHRE_TEST_BACKEND = 'cuda' is not a test backend"):
        choose_backend(None, "EUCHRE_TEST_BACKEND", "test", _Unknown)
    with pytest.raises(EuchreTypeError, match="not int 3"):
        choose_backend(3, "EUCHRE_TEST_BACKEND", "test", _Unknown)


def test_a_backend_is_built_once_however_many_threads_ask() -> None:
    built: list[str] = []

    def build(name: str) -> str:
        time.sleep(0.05)  # long enough for the other threads to arrive while it builds
        built.append(name)
        return f"built {name}"

    cache = BackendCache(lambda: build("numba"), lambda: build("python"))
    got: list[str] = []
    threads = [threading.Thread(target=lambda: got.append(cache.get("python"))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == ["built python"] * 8 and built == ["python"]
    assert cache.get("numba") == "built numba" and built == ["python", "numba"]
