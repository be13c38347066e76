"""The batch kernel's random numbers and bit-mask helpers (plain Python that numba
compiles: :mod:`euchre.batch.backend`).

The random generator
    xoshiro128** (Blackman and Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), in
    32-bit words held in int64 so that no product overflows; its state for hand ``i`` is
    hashed from ``(seed, i)`` with MurmurHash3's 32-bit finaliser, so a hand depends only
    on the rules, the seed and its index (not on the batch it was played in). A number
    below ``n`` is ``(x * n) >> 32`` of a 32-bit output ``x`` (bias below ``n / 2**32``).
"""

from __future__ import annotations

from typing import Any

from euchre.batch.layout import C_BIT_INDEX

Ints = Any
"""An int sequence: a ``list[int]`` for the Python backend, a numpy array for numba."""

M32 = 0xFFFFFFFF


def mul32(a: int, b: int) -> int:
    """``a * b`` modulo 2**32 for 0 <= a, b < 2**32, with no product above 2**49."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & M32


def fmix32(h: int) -> int:
    """MurmurHash3's 32-bit finaliser (a bijection of 0..2**32-1)."""
    h ^= h >> 16
    h = mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = mul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


def seed_hand(rs: Ints, seed: int, index: int) -> None:
    """Set the generator's state for hand ``index`` of seed ``seed`` (both 0..2**62)."""
    h = fmix32(((seed & M32) + 0x9E3779B9) & M32)
    h = fmix32(h ^ (seed >> 32))
    h = fmix32(h ^ (index & M32))
    h = fmix32(h ^ (index >> 32))
    rs[0] = fmix32(h ^ 0x243F6A88)
    rs[1] = fmix32(rs[0] ^ 0x85A308D3)
    rs[2] = fmix32(rs[1] ^ 0x13198A2E)
    rs[3] = fmix32(rs[2] ^ 0x03707344)
    if rs[0] == 0 and rs[1] == 0 and rs[2] == 0 and rs[3] == 0:
        rs[0] = 1


def next32(rs: Ints) -> int:
    """The next 32-bit output of xoshiro128**."""
    s0 = int(rs[0])
    s1 = int(rs[1])
    s2 = int(rs[2])
    s3 = int(rs[3])
    x = (s1 * 5) & M32
    x = ((x << 7) | (x >> 25)) & M32
    result = (x * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32
    rs[0] = s0
    rs[1] = s1
    rs[2] = s2
    rs[3] = s3
    return result


def below(rs: Ints, n: int) -> int:
    """A random int in 0..n-1 (n >= 1)."""
    return (next32(rs) * n) >> 32


def popcount(x: int) -> int:
    """The number of set bits of a non-negative int."""
    n = 0
    while x != 0:
        x &= x - 1
        n += 1
    return n


def card_at(ctx: Ints, mask: int, k: int) -> int:
    """The card number of the ``k``-th lowest set bit of ``mask`` (0-based)."""
    for _ in range(k):
        mask &= mask - 1
    return int(ctx[C_BIT_INDEX + (mask & -mask) % 37])


def random_card(ctx: Ints, rs: Ints, mask: int) -> int:
    """A card of a non-empty mask, each equally likely."""
    return card_at(ctx, mask, below(rs, popcount(mask)))
