"""The power language: parse a power line, check it, explain it, compile it (DESIGN.md).

It imports nothing from the engine: compiled powers act on a game only through the `World`
interface (interpreter/lang/world.py), which the powers runtime implements.

    power, problems = parse_power("on completion: draw 5")
    problems = check_power(power)
    compiled = power.compile()       # a CompiledPower for the runtime
    power.english()                  # what `importexport explain` prints
"""

from interpreter.lang.check import check_power
from interpreter.lang.parser import Problem, parse_power
from interpreter.lang.timings import CompiledPower, Power

__all__ = ["CompiledPower", "Power", "Problem", "check_power", "parse_power"]
