using System;
using System.Buffers;
using System.Collections.Generic;

namespace Eddy.Tests.Binary.Infrastructure;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> that hands out spans of 1 to <c>maxSpan</c> bytes whatever the size
/// hint, so every multi-byte value lands across chunk boundaries. Optionally its memory is not
/// array-backed, to force writers off their array fast paths.
/// </summary>
internal sealed class TinySpanBufferWriter : IBufferWriter<byte>
{
    private readonly List<byte> _written = new();
    private readonly Random _random;
    private readonly int _maxSpan;
    private readonly bool _arrayBacked;
    private byte[] _current = Array.Empty<byte>();

    public TinySpanBufferWriter(int seed = 1, int maxSpan = 7, bool arrayBacked = true)
    {
        _random = new Random(seed);
        _maxSpan = maxSpan;
        _arrayBacked = arrayBacked;
    }

    public int AdvanceCalls { get; private set; }

    public byte[] WrittenBytes => _written.ToArray();

    public void Advance(int count)
    {
        if ((uint)count > (uint)_current.Length)
        {
            throw new InvalidOperationException($"Advance({count}) past the {_current.Length}-byte span handed out.");
        }

        _written.AddRange(new ArraySegment<byte>(_current, 0, count));
        _current = Array.Empty<byte>();
        AdvanceCalls++;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        _current = new byte[_random.Next(1, _maxSpan + 1)];
        return _arrayBacked ? _current : new NonArrayMemoryManager(_current).Memory;
    }

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

    /// <summary>Memory whose <see cref="System.Runtime.InteropServices.MemoryMarshal.TryGetArray{T}"/> fails.</summary>
    private sealed class NonArrayMemoryManager : MemoryManager<byte>
    {
        private readonly byte[] _array;

        public NonArrayMemoryManager(byte[] array) => _array = array;

        public override Span<byte> GetSpan() => _array;

        public override MemoryHandle Pin(int elementIndex = 0) => throw new NotSupportedException();

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }
    }
}
