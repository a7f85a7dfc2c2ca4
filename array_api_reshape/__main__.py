"""A short tour: ``python -m array_api_reshape``.

Prints the versions, then reshapes a few classic layouts and says for each whether the
result is a view or a copy, and why.
"""

from __future__ import annotations

import array_api_reshape as xp
from array_api_reshape import layout, versions


def _classic_cases():
    """(title, array, new shape) for the layouts every strided library meets."""
    sliced = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    flipped = xp.flip(xp.reshape(xp.arange(216), (4, 6, 9)), axis=0)
    broadcast = xp.broadcast_to(xp.arange(4), (6, 4))
    every_other_column = xp.reshape(xp.arange(12), (3, 4))[:, ::2]
    transposed = xp.reshape(xp.arange(12), (3, 4)).T
    return [
        ("contiguous (4, 6, 9)", xp.reshape(xp.arange(216), (4, 6, 9)), (24, 9)),
        ("(4, 8, 9)[:, :6, :]", sliced, (4, 54)),
        ("(4, 8, 9)[:, :6, :]", sliced, (24, 9)),
        ("(4, 6, 9) flipped on axis 0", flipped, (4, 54)),
        ("(4, 6, 9) flipped on axis 0", flipped, (24, 9)),
        ("(4,) broadcast to (6, 4)", broadcast, (3, 2, 4)),
        ("(4,) broadcast to (6, 4)", broadcast, (24,)),
        ("(3, 4)[:, ::2]", every_other_column, (6,)),
        ("(3, 4) transposed", transposed, (12,)),
        ("empty (0, 3)", xp.zeros((0, 3)), (3, 0, 5)),
    ]


def tour() -> str:
    """The text of the tour."""
    lines = [
        f"array_api_reshape {xp.__version__}: the Python Array API standard "
        f"{xp.__array_api_version__} on strided arrays",
        f"Standard versions {', '.join(versions.SUPPORTED)}: "
        "x.__array_namespace__(api_version=...); "
        f"default {versions.get_default()} (see array_api_reshape.versions)",
        "",
        "Each reshape below is a view exactly when some strides reproduce the elements:",
        "",
    ]
    for title, x, new_shape in _classic_cases():
        result = xp.reshape(x, new_shape)
        shared = result._storage is x._storage
        explanation = layout.explain_reshape(x, new_shape)
        verdict = "VIEW" if shared else "COPY"
        lines.append(f"{verdict}  {title}, strides {layout.strides(x)} -> {new_shape}")
        if explanation.is_view:
            lines.append(f"      new strides {explanation.new_strides}")
        else:
            first, second = explanation.blocking_axes
            lines.append(
                f"      axes {first} and {second} cannot merge: {explanation.reason}"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    print(tour())
