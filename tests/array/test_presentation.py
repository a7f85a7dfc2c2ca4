"""What a user sees at a prompt: format specs on 0-d arrays (as NumPy), and the reshape
explanation shown as its sentence."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import layout

SPECS = ["", ".2f", ".3e", "10.4g", "<12", ">+9.1f", "%", ".1%", "_", ","]
INT_SPECS = ["", "d", "5d", "x", "#o", "b", "+", ",", "08d"]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("value", [3.14159, -0.0, 1e30, float("inf"), float("nan"), 12345.678])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_format_of_a_0d_float_matches_numpy(value, spec, dtype):
    ours = xp.asarray(value, dtype=getattr(xp, dtype))
    theirs = np.asarray(value, dtype=dtype)
    assert format(ours, spec) == format(theirs, spec)


@pytest.mark.parametrize("spec", INT_SPECS)
@pytest.mark.parametrize("dtype", ["int8", "int64", "uint16", "uint64"])
def test_format_of_a_0d_integer_matches_numpy(spec, dtype):
    value = 100 if dtype != "uint64" else 2**64 - 1
    assert format(xp.asarray(value, dtype=getattr(xp, dtype)), spec) == format(
        np.asarray(value, dtype=dtype), spec
    )


@pytest.mark.parametrize("spec", ["", ".2f", ">12", "^20.3g"])
def test_format_of_complex_and_bool_matches_numpy(spec):
    assert format(xp.asarray(1.5 - 2j), spec) == format(np.asarray(1.5 - 2j), spec)
    if "f" not in spec and "g" not in spec:
        assert format(xp.asarray(True), spec) == format(np.asarray(True), spec)


@given(value=st.floats(allow_nan=False), spec=st.sampled_from(SPECS))
def test_format_of_any_float_matches_numpy(value, spec):
    assert format(xp.asarray(value), spec) == format(np.asarray(value), spec)


def test_f_string_with_a_spec_as_in_the_issue():
    assert f"{xp.asarray(3.14159):.2f}" == "3.14"


def test_format_of_a_view_reads_the_right_element():
    x = xp.reshape(xp.arange(12.0), (3, 4))[2, 1]
    assert f"{x:.1f}" == "9.0"


def test_format_spec_on_an_array_with_axes_is_refused_like_numpy():
    with pytest.raises(TypeError, match=r"__format__\(\): format spec '.2f' applies only to "
                                        r"0-dimensional arrays, got shape \(3,\)"):
        format(xp.arange(3.0), ".2f")
    with pytest.raises(TypeError):
        format(np.arange(3.0), ".2f")
    assert format(xp.arange(3), "") == str(xp.arange(3)) == f"{xp.arange(3)}"


def test_a_bad_format_spec_raises_valueerror_like_numpy():
    with pytest.raises(ValueError):
        format(np.asarray(3), ".2q")
    with pytest.raises(ValueError):
        format(xp.asarray(3), ".2q")


SLICED = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]


@pytest.mark.parametrize("shape", [(4, 54), (24, 9)])
def test_explanation_repr_is_its_sentence(shape):
    explanation = layout.explain_reshape(SLICED, shape)
    assert repr(explanation) == f"<ReshapeExplanation: {explanation}>"
    assert str(explanation).startswith("reshape (4, 6, 9) (strides (72, 9, 1)) -> ")


class _Printer:
    def __init__(self):
        self.written = []

    def text(self, content):
        self.written.append(content)


def test_explanation_rich_repr_shows_the_sentence_in_a_notebook():
    explanation = layout.explain_reshape(SLICED, (24, 9))
    printer = _Printer()
    explanation._repr_pretty_(printer, cycle=False)
    assert printer.written == [str(explanation)]
    assert "a copy. Axes 0 and 1 would have to merge" in printer.written[0]


def test_explanation_shows_as_a_sentence_through_ipython_formatter():
    formatters = pytest.importorskip("IPython.core.formatters")
    explanation = layout.explain_reshape(SLICED, (4, 54))
    plain = formatters.PlainTextFormatter()
    assert plain(explanation) == str(explanation)
