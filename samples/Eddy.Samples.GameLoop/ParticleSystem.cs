using System;
using Eddy.Pooling;

namespace Eddy.Samples.GameLoop;

/// <summary>
/// Bursts of 256 particles: each burst rents its array from a <see cref="FixedArrayPool{T, TLength}"/> when it
/// spawns and returns it when it expires, and every frame rents a scratch array of a custom length (48) for
/// the particles it draws. After the pools have filled, a frame allocates nothing.
/// </summary>
internal sealed class ParticleSystem
{
    private const float Gravity = -9.81f;
    private const float FrameSeconds = 1f / 60;

    // Single-threaded game loop: the unsynchronised pool is the right one (the fastest).
    private readonly FixedArrayPool<Particle, L256> _particlePool = new(maximumRetained: 64);
    private readonly FixedArrayPool<int, L48> _visiblePool = new(maximumRetained: 4);
    private readonly Burst[] _bursts;
    private readonly int _spawnEvery;
    private readonly int _lifetime;
    private int _burstCount;
    private int _frame;
    private uint _seed = 2463534242;

    public ParticleSystem(int spawnEveryFrames, int lifetimeFrames)
    {
        _spawnEvery = spawnEveryFrames;
        _lifetime = lifetimeFrames;
        _bursts = new Burst[(lifetimeFrames / spawnEveryFrames) + 1];
    }

    public int ActiveBursts => _burstCount;

    /// <summary>A running sum of what was drawn, so the work cannot be optimised away and runs are comparable.</summary>
    public long DrawnChecksum { get; private set; }

    public void Update()
    {
        if (_frame++ % _spawnEvery == 0)
        {
            Spawn();
        }

        var visible = _visiblePool.Rent();
        var visibleCount = 0;
        for (var b = _burstCount - 1; b >= 0; b--)
        {
            ref var burst = ref _bursts[b];
            var particles = burst.Particles.AsSpan();
            for (var i = 0; i < particles.Length; i++)
            {
                ref var p = ref particles[i];
                p.VelocityY += Gravity * FrameSeconds;
                p.X += p.VelocityX * FrameSeconds;
                p.Y += p.VelocityY * FrameSeconds;
                if (p.Y > 0 && visibleCount < visible.Length)
                {
                    visible[visibleCount++] = (b << 8) | i;
                }
            }

            if (++burst.Age == _lifetime)
            {
                _particlePool.Return(burst.Particles);
                burst = _bursts[--_burstCount];
                _bursts[_burstCount] = default;
            }
        }

        for (var i = 0; i < visibleCount; i++)
        {
            DrawnChecksum += visible[i];
        }

        _visiblePool.Return(visible);
    }

    private void Spawn()
    {
        var particles = _particlePool.Rent();
        foreach (ref var p in particles.AsSpan())
        {
            p = new Particle { X = 0, Y = 0.1f, VelocityX = Random(-3, 3), VelocityY = Random(2, 9) };
        }

        _bursts[_burstCount++] = new Burst { Particles = particles, Age = 0 };
    }

    // xorshift32: deterministic and allocation-free, so every run draws the same particles.
    private float Random(float min, float max)
    {
        _seed ^= _seed << 13;
        _seed ^= _seed >> 17;
        _seed ^= _seed << 5;
        return min + ((max - min) * (_seed / (float)uint.MaxValue));
    }
}
