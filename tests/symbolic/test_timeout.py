"""The symbolic time limit: it fires, it cannot be swallowed, and it leaves no timer behind."""

from __future__ import annotations

import signal
import time

import pytest

from symbolic.timeout import TimedOut, time_limit


def test_swallowing_except_exception_cannot_hide_the_timeout() -> None:
    t0 = time.perf_counter()
    with pytest.raises(TimedOut):
        with time_limit(0.05):
            while True:
                try:
                    time.sleep(0.001)
                except Exception:  # third-party code that swallows everything it can
                    pass
    assert time.perf_counter() - t0 < 2


def test_an_alarm_lost_once_is_raised_again_at_the_next_tick() -> None:
    caught = []
    t0 = time.perf_counter()
    with pytest.raises(TimedOut):
        with time_limit(0.05):
            while True:
                try:
                    time.sleep(0.001)
                except TimedOut as exc:  # lost once, as in an unraisable context
                    if caught:
                        raise
                    caught.append(exc)
    assert len(caught) == 1 and time.perf_counter() - t0 < 2


def test_timer_and_handler_are_restored() -> None:
    before = signal.getsignal(signal.SIGALRM)
    with time_limit(5):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before
