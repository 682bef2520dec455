"""The ``__init__`` template of each shape of record that hookc declares, by its text
(``hookc.records._init`` writes it), compiled with the package so that making hookc's
records at start-up compiles none. Each function is the code of its text; a record's
copy of it gets its own globals for the names below (``_set_0``: the first field's
slot setter, ...).

Generated: ``HOOKC_UPDATE_GOLDEN=1 python -m pytest tests/test_record_inits.py``.
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_HAS_FACTORY: Any = None
_default_2: Any = None
_extra_0: Any = None
_factory_0: Any = None
_factory_1: Any = None
_factory_2: Any = None
_factory_3: Any = None
_factory_4: Any = None
_factory_5: Any = None
_factory_6: Any = None
_factory_7: Any = None
_name_0: Any = None
_name_1: Any = None
_name_2: Any = None
_name_3: Any = None
_name_4: Any = None
_name_5: Any = None
_name_6: Any = None
_name_7: Any = None
_name_8: Any = None
_name_9: Any = None
_object_setattr: Any = None
_set_0: Any = None
_set_1: Any = None
_set_2: Any = None
_set_3: Any = None
_set_4: Any = None
_set_5: Any = None
_set_6: Any = None
_set_7: Any = None
_set_8: Any = None
_set_9: Any = None
_set_extra_0: Any = None
_setattr: Any = None


def _0(self: Any) -> None:
    pass


def _1(self: Any, f0: Any) -> None:
    _set_0(self, f0)


def _2(self: Any, f0: Any, f1: Any) -> None:
    _object_setattr(self, _name_0, f0)
    _object_setattr(self, _name_1, f1)


def _3(self: Any, f0: Any, f1: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)


def _4(self: Any, f0: Any, f1: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, _default_2)


def _5(self: Any, f0: Any, f1: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_extra_0(self, _extra_0)


def _6(self: Any, f0: Any, f1: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    self.__post_init__()


def _7(self: Any, f0: Any, f1: Any) -> None:
    _setattr(self, _name_0, _factory_0() if f0 is _HAS_FACTORY else f0)
    _setattr(self, _name_1, f1)


def _8(self: Any, f0: Any, f1: Any, f2: Any) -> None:
    _object_setattr(self, _name_0, f0)
    _object_setattr(self, _name_1, f1)
    _object_setattr(self, _name_2, f2)


def _9(self: Any, f0: Any, f1: Any, f2: Any) -> None:
    _set_0(self, _factory_0() if f0 is _HAS_FACTORY else f0)
    _set_1(self, _factory_1() if f1 is _HAS_FACTORY else f1)
    _set_2(self, _factory_2() if f2 is _HAS_FACTORY else f2)


def _10(self: Any, f0: Any, f1: Any, f2: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)


def _11(self: Any, f0: Any, f1: Any, f2: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_extra_0(self, _extra_0)


def _12(self: Any, f0: Any, f1: Any, f2: Any, f3: Any) -> None:
    _object_setattr(self, _name_0, f0)
    _object_setattr(self, _name_1, f1)
    _object_setattr(self, _name_2, f2)
    _object_setattr(self, _name_3, f3)


def _13(self: Any, f0: Any, f1: Any, f2: Any, f3: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)


def _14(self: Any, f0: Any, f1: Any, f2: Any, f3: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_extra_0(self, _extra_0)


def _15(self: Any, f0: Any, f1: Any, f2: Any, f3: Any) -> None:
    _setattr(self, _name_0, _factory_0() if f0 is _HAS_FACTORY else f0)
    _setattr(self, _name_1, f1)
    _setattr(self, _name_2, f2)
    _setattr(self, _name_3, f3)


def _16(self: Any, f0: Any, f1: Any, f2: Any, f3: Any) -> None:
    _setattr(self, _name_0, f0)
    _setattr(self, _name_1, f1)
    _setattr(self, _name_2, f2)
    _setattr(self, _name_3, _factory_3() if f3 is _HAS_FACTORY else f3)


def _17(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any) -> None:
    _object_setattr(self, _name_0, f0)
    _object_setattr(self, _name_1, f1)
    _object_setattr(self, _name_2, f2)
    _object_setattr(self, _name_3, f3)
    _object_setattr(self, _name_4, f4)


def _18(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)


def _19(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any) -> None:
    _setattr(self, _name_0, f0)
    _setattr(self, _name_1, f1)
    _setattr(self, _name_2, f2)
    _setattr(self, _name_3, f3)
    _setattr(self, _name_4, f4)


def _20(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any) -> None:
    _object_setattr(self, _name_0, f0)
    _object_setattr(self, _name_1, f1)
    _object_setattr(self, _name_2, f2)
    _object_setattr(self, _name_3, f3)
    _object_setattr(self, _name_4, _factory_4() if f4 is _HAS_FACTORY else f4)
    _object_setattr(self, _name_5, f5)


def _21(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)


def _22(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_extra_0(self, _extra_0)


def _23(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)
    self.__post_init__()


def _24(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any, f6: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, _factory_3() if f3 is _HAS_FACTORY else f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_6(self, _factory_6() if f6 is _HAS_FACTORY else f6)


def _25(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any, f6: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, _factory_3() if f3 is _HAS_FACTORY else f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_6(self, f6)


def _26(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any, f6: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_6(self, f6)


def _27(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any, f6: Any, f7: Any) -> None:
    _object_setattr(self, _name_0, f0)
    _object_setattr(self, _name_1, f1)
    _object_setattr(self, _name_2, f2)
    _object_setattr(self, _name_3, f3)
    _object_setattr(self, _name_4, f4)
    _object_setattr(self, _name_5, f5)
    _object_setattr(self, _name_6, f6)
    _object_setattr(self, _name_7, f7)


def _28(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any, f6: Any, f7: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_6(self, f6)
    _set_7(self, f7)


def _29(self: Any, f0: Any, f1: Any, f2: Any, f3: Any, f4: Any, f5: Any, f6: Any, f7: Any) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_6(self, f6)
    _set_7(self, f7)
    self.__post_init__()


def _30(
    self: Any,
    f0: Any,
    f1: Any,
    f2: Any,
    f3: Any,
    f4: Any,
    f5: Any,
    f6: Any,
    f7: Any,
    f8: Any,
    f9: Any,
) -> None:
    _set_0(self, f0)
    _set_1(self, f1)
    _set_2(self, f2)
    _set_3(self, f3)
    _set_4(self, f4)
    _set_5(self, f5)
    _set_6(self, f6)
    _set_7(self, f7)
    _set_8(self, f8)
    _set_9(self, f9)


def _31(
    self: Any,
    f0: Any,
    f1: Any,
    f2: Any,
    f3: Any,
    f4: Any,
    f5: Any,
    f6: Any,
    f7: Any,
    f8: Any,
    f9: Any,
) -> None:
    _setattr(self, _name_0, f0)
    _setattr(self, _name_1, f1)
    _setattr(self, _name_2, f2)
    _setattr(self, _name_3, f3)
    _setattr(self, _name_4, f4)
    _setattr(self, _name_5, _factory_5() if f5 is _HAS_FACTORY else f5)
    _setattr(self, _name_6, _factory_6() if f6 is _HAS_FACTORY else f6)
    _setattr(self, _name_7, _factory_7() if f7 is _HAS_FACTORY else f7)
    _setattr(self, _name_8, f8)
    _setattr(self, _name_9, f9)


TEMPLATES: dict[str, Callable[..., None]] = {
    ("def __init__(self):\n    pass"): _0,
    ("def __init__(self, f0):\n    _set_0(self, f0)"): _1,
    (
        "def __init__(self, f0, f1):\n"
        "    _object_setattr(self, _name_0, f0)\n"
        "    _object_setattr(self, _name_1, f1)"
    ): _2,
    ("def __init__(self, f0, f1):\n    _set_0(self, f0)\n    _set_1(self, f1)"): _3,
    (
        "def __init__(self, f0, f1):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, _default_2)"
    ): _4,
    (
        "def __init__(self, f0, f1):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_extra_0(self, _extra_0)"
    ): _5,
    (
        "def __init__(self, f0, f1):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    self.__post_init__()"
    ): _6,
    (
        "def __init__(self, f0, f1):\n"
        "    _setattr(self, _name_0, _factory_0() if f0 is _HAS_FACTORY else f0)\n"
        "    _setattr(self, _name_1, f1)"
    ): _7,
    (
        "def __init__(self, f0, f1, f2):\n"
        "    _object_setattr(self, _name_0, f0)\n"
        "    _object_setattr(self, _name_1, f1)\n"
        "    _object_setattr(self, _name_2, f2)"
    ): _8,
    (
        "def __init__(self, f0, f1, f2):\n"
        "    _set_0(self, _factory_0() if f0 is _HAS_FACTORY else f0)\n"
        "    _set_1(self, _factory_1() if f1 is _HAS_FACTORY else f1)\n"
        "    _set_2(self, _factory_2() if f2 is _HAS_FACTORY else f2)"
    ): _9,
    (
        "def __init__(self, f0, f1, f2):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)"
    ): _10,
    (
        "def __init__(self, f0, f1, f2):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_extra_0(self, _extra_0)"
    ): _11,
    (
        "def __init__(self, f0, f1, f2, f3):\n"
        "    _object_setattr(self, _name_0, f0)\n"
        "    _object_setattr(self, _name_1, f1)\n"
        "    _object_setattr(self, _name_2, f2)\n"
        "    _object_setattr(self, _name_3, f3)"
    ): _12,
    (
        "def __init__(self, f0, f1, f2, f3):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)"
    ): _13,
    (
        "def __init__(self, f0, f1, f2, f3):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_extra_0(self, _extra_0)"
    ): _14,
    (
        "def __init__(self, f0, f1, f2, f3):\n"
        "    _setattr(self, _name_0, _factory_0() if f0 is _HAS_FACTORY else f0)\n"
        "    _setattr(self, _name_1, f1)\n"
        "    _setattr(self, _name_2, f2)\n"
        "    _setattr(self, _name_3, f3)"
    ): _15,
    (
        "def __init__(self, f0, f1, f2, f3):\n"
        "    _setattr(self, _name_0, f0)\n"
        "    _setattr(self, _name_1, f1)\n"
        "    _setattr(self, _name_2, f2)\n"
        "    _setattr(self, _name_3, _factory_3() if f3 is _HAS_FACTORY else f3)"
    ): _16,
    (
        "def __init__(self, f0, f1, f2, f3, f4):\n"
        "    _object_setattr(self, _name_0, f0)\n"
        "    _object_setattr(self, _name_1, f1)\n"
        "    _object_setattr(self, _name_2, f2)\n"
        "    _object_setattr(self, _name_3, f3)\n"
        "    _object_setattr(self, _name_4, f4)"
    ): _17,
    (
        "def __init__(self, f0, f1, f2, f3, f4):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)"
    ): _18,
    (
        "def __init__(self, f0, f1, f2, f3, f4):\n"
        "    _setattr(self, _name_0, f0)\n"
        "    _setattr(self, _name_1, f1)\n"
        "    _setattr(self, _name_2, f2)\n"
        "    _setattr(self, _name_3, f3)\n"
        "    _setattr(self, _name_4, f4)"
    ): _19,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5):\n"
        "    _object_setattr(self, _name_0, f0)\n"
        "    _object_setattr(self, _name_1, f1)\n"
        "    _object_setattr(self, _name_2, f2)\n"
        "    _object_setattr(self, _name_3, f3)\n"
        "    _object_setattr(self, _name_4, _factory_4() if f4 is _HAS_FACTORY else f4)\n"
        "    _object_setattr(self, _name_5, f5)"
    ): _20,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)"
    ): _21,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_extra_0(self, _extra_0)"
    ): _22,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    self.__post_init__()"
    ): _23,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, _factory_3() if f3 is _HAS_FACTORY else f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_6(self, _factory_6() if f6 is _HAS_FACTORY else f6)"
    ): _24,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, _factory_3() if f3 is _HAS_FACTORY else f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_6(self, f6)"
    ): _25,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_6(self, f6)"
    ): _26,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):\n"
        "    _object_setattr(self, _name_0, f0)\n"
        "    _object_setattr(self, _name_1, f1)\n"
        "    _object_setattr(self, _name_2, f2)\n"
        "    _object_setattr(self, _name_3, f3)\n"
        "    _object_setattr(self, _name_4, f4)\n"
        "    _object_setattr(self, _name_5, f5)\n"
        "    _object_setattr(self, _name_6, f6)\n"
        "    _object_setattr(self, _name_7, f7)"
    ): _27,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_6(self, f6)\n"
        "    _set_7(self, f7)"
    ): _28,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_6(self, f6)\n"
        "    _set_7(self, f7)\n"
        "    self.__post_init__()"
    ): _29,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):\n"
        "    _set_0(self, f0)\n"
        "    _set_1(self, f1)\n"
        "    _set_2(self, f2)\n"
        "    _set_3(self, f3)\n"
        "    _set_4(self, f4)\n"
        "    _set_5(self, f5)\n"
        "    _set_6(self, f6)\n"
        "    _set_7(self, f7)\n"
        "    _set_8(self, f8)\n"
        "    _set_9(self, f9)"
    ): _30,
    (
        "def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):\n"
        "    _setattr(self, _name_0, f0)\n"
        "    _setattr(self, _name_1, f1)\n"
        "    _setattr(self, _name_2, f2)\n"
        "    _setattr(self, _name_3, f3)\n"
        "    _setattr(self, _name_4, f4)\n"
        "    _setattr(self, _name_5, _factory_5() if f5 is _HAS_FACTORY else f5)\n"
        "    _setattr(self, _name_6, _factory_6() if f6 is _HAS_FACTORY else f6)\n"
        "    _setattr(self, _name_7, _factory_7() if f7 is _HAS_FACTORY else f7)\n"
        "    _setattr(self, _name_8, f8)\n"
        "    _setattr(self, _name_9, f9)"
    ): _31,
}
