"""Test settings shared by every test module."""

from hypothesis import settings

# Speed is measured by benchmarks/, never by a timed unit test: no per-example deadline
# (on a shared machine it only makes property tests flaky).
settings.register_profile("default", deadline=None)
settings.load_profile("default")
