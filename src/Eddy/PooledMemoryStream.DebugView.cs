using System;
using System.Diagnostics;
using Eddy.Buffers;
using Eddy.Internal;

namespace Eddy;

[DebuggerDisplay("{DebuggerDisplay,nq}")]
[DebuggerTypeProxy(typeof(DebugView))]
public sealed partial class PooledMemoryStream
{
    private string DebuggerDisplay => _kind == StreamKind.Disposed ? "Disposed" : $"{_kind}, Length = {CurrentLength}, Position = {CurrentPosition}";

    /// <summary>
    /// What the debugger shows of a stream: mode, layout, length, position, chunk lengths and the first bytes. It
    /// reads the stream's memory as it is, settling nothing, so inspecting a stream never ends a span handed out.
    /// </summary>
    internal sealed class DebugView
    {
        private readonly PooledMemoryStream _stream;

        public DebugView(PooledMemoryStream stream)
        {
            _stream = stream;
        }

        public PooledMemoryStreamMode Mode => _stream.Settings.Mode;

        /// <summary>Contiguous, Segmented, ReadOnly or Disposed.</summary>
        public string Layout
        {
            get
            {
                StreamKind kind = _stream._kind;
                return kind.ToString();
            }
        }

        public long Length => _stream.CurrentLength;

        public long Position => _stream.CurrentPosition;

        /// <summary>The array length of every chunk of a segmented stream; empty otherwise.</summary>
        public int[] ChunkLengths =>
            _stream._kind == StreamKind.Segmented && _stream.RareOrNull?.Segments is { } segments
                ? new SegmentedBuffer<byte>.DebugView(segments).ChunkLengths
                : [];

        /// <summary>The first bytes of the content, at most <see cref="DebugViews.MaximumItems"/>.</summary>
        [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
        public byte[] Bytes
        {
            get
            {
                PooledMemoryStream stream = _stream;
                switch (stream._kind)
                {
                    case StreamKind.Contiguous:
                        return DebugViews.Head(new ReadOnlySpan<byte>(stream._array, 0, stream._relativeLength));
                    case StreamKind.ReadOnly:
                        return DebugViews.Head(stream.RareOrNull!.ReadOnly.Span);
                    case StreamKind.Segmented:
                        return SegmentedHead(stream);
                    default:
                        return [];
                }
            }
        }

        private static byte[] SegmentedHead(PooledMemoryStream stream)
        {
            byte[] head = new byte[Math.Min(stream.CurrentLength, DebugViews.MaximumItems)];
            SegmentedBuffer<byte>? segments = stream.RareOrNull?.Segments;
            int committed = segments is null ? 0 : segments.CopyTo(0, head);
            if (committed < head.Length && stream._array is { } window)
            {
                // Bytes written through the window are in the write chunk but not yet committed to the chunks.
                int start = (int)(committed - stream.SegmentedRare.PositionBase);
                new ReadOnlySpan<byte>(window, start, head.Length - committed).CopyTo(head.AsSpan(committed));
            }

            return head;
        }
    }
}
