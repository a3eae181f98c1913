"""benchmarks.instructions reads valgrind's summaries (no valgrind needed here)."""

from __future__ import annotations

from benchmarks.instructions import _summary

CALLGRIND = """\
==1== Events    : Ir
==1== Collected : 1136167459
==1==
==1== I   refs:      1,136,167,459
"""

CACHEGRIND = """\
==1169== I   refs:      1,136,167,459
==1169== I1  misses:       12,409,409
==1169== LLi misses:          199,971
==1169== I1  miss rate:          1.09%
==1169== D   refs:        529,612,053  (356,187,403 rd   + 173,424,650 wr)
==1169== D1  misses:       10,682,358  (  9,247,003 rd   +   1,435,355 wr)
==1169== D1  miss rate:           2.0% (        2.6%     +         0.8%  )
==1169== Branches:        160,000,000  (150,000,000 cond +  10,000,000 ind)
==1169== Mispredicts:       4,000,000  (  3,500,000 cond +     500,000 ind)
==1169== Mispred rate:            2.5% (        2.3%     +         5.0%   )
"""


def test_callgrind_gives_the_collected_instructions() -> None:
    assert _summary(CALLGRIND, misses=False) == {"instructions": 1136167459}


def test_cachegrind_gives_instructions_level_one_misses_and_mispredicts() -> None:
    assert _summary(CACHEGRIND, misses=True) == {
        "instructions": 1136167459,
        "l1": 12409409 + 10682358,  # instruction and data caches, not the miss rates
        "mispredicts": 4000000,
    }
