"""Test settings shared by every test module."""

import gc

import pytest
from hypothesis import settings

from array_api_reshape._modes._flag_state import MODES

# Speed is measured by benchmarks/, never by a timed unit test: no per-example deadline
# (on a shared machine it only makes property tests flaky).
settings.register_profile("default", deadline=None)
settings.load_profile("default")


@pytest.fixture(scope="module")
def devices_off_afterwards():
    """Arrays made on a device other than the CPU switch ``MODES.devices`` on for good;
    the other test modules expect the default namespace, so a module that makes them
    (``pytestmark = pytest.mark.usefixtures("devices_off_afterwards")``) turns it off
    again once its arrays are gone."""
    yield
    gc.collect()
    MODES.use_devices(False)
