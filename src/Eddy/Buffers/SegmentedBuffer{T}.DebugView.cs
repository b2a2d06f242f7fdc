using System;
using System.Diagnostics;
using Eddy.Internal;

namespace Eddy.Buffers;

[DebuggerDisplay("{DebuggerDisplay,nq}")]
[DebuggerTypeProxy(typeof(SegmentedBuffer<>.DebugView))]
public sealed partial class SegmentedBuffer<T>
{
    private string DebuggerDisplay => _disposed ? "Disposed" : $"Length = {Length}, Chunks = {ChunkCount}";

    /// <summary>What the debugger shows of a buffer: its length, the length of each chunk and the first held elements.</summary>
    internal sealed class DebugView
    {
        private readonly SegmentedBuffer<T> _buffer;

        public DebugView(SegmentedBuffer<T> buffer)
        {
            _buffer = buffer;
        }

        public bool IsDisposed => _buffer._disposed;

        public long Length => _buffer._disposed ? 0 : _buffer.Length;

        /// <summary>The array length of every chunk owned, spares included, from the head.</summary>
        public int[] ChunkLengths
        {
            get
            {
                if (_buffer._chunkCount == 0)
                {
                    // Nothing rented, or a bare first chunk.
                    return _buffer._writeArray.Length == 0 ? [] : [_buffer._writeArray.Length];
                }

                int[] lengths = new int[_buffer._chunkCount];
                for (int i = 0; i < lengths.Length; i++)
                {
                    lengths[i] = _buffer._chunks[i].Array.Length;
                }

                return lengths;
            }
        }

        /// <summary>The first held elements, at most <see cref="DebugViews.MaximumItems"/>.</summary>
        [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
        public T[] Items
        {
            get
            {
                T[] items = new T[Math.Min(Length, DebugViews.MaximumItems)];
                if (items.Length != 0)
                {
                    _buffer.CopyTo(0, items);
                }

                return items;
            }
        }
    }
}
