using System;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

public class DebuggerViewTests
{
    /// <summary>Asserts <paramref name="type"/> names <paramref name="proxy"/> as its debugger view and returns what its DebuggerDisplay shows for <paramref name="instance"/>.</summary>
    internal static string Display(Type type, Type proxy, object instance)
    {
        DebuggerTypeProxyAttribute typeProxy = type.GetCustomAttribute<DebuggerTypeProxyAttribute>()!;
        Assert.Equal(proxy.AssemblyQualifiedName, typeProxy.ProxyTypeName);
        DebuggerDisplayAttribute display = type.GetCustomAttribute<DebuggerDisplayAttribute>()!;
        Assert.Equal("{DebuggerDisplay,nq}", display.Value);
        PropertyInfo property = instance.GetType().GetProperty("DebuggerDisplay", BindingFlags.Instance | BindingFlags.NonPublic)!;
        return (string)property.GetValue(instance)!;
    }

    [Fact]
    public void PooledBufferWriter_shows_its_counts_and_at_most_the_first_1024_elements()
    {
        var writer = new PooledBufferWriter<int>(new TrackingArrayPool<int>(), 16);
        writer.Write(Enumerable.Range(0, 2000).ToArray());
        Assert.Equal($"Length = 2000, Capacity = {writer.Capacity}", Display(typeof(PooledBufferWriter<int>), typeof(PooledBufferWriter<>.DebugView), writer));

        var view = new PooledBufferWriter<int>.DebugView(writer);
        Assert.False(view.IsDisposed);
        Assert.Equal(2000, view.Length);
        Assert.Equal(writer.Capacity, view.Capacity);
        Assert.Equal(Enumerable.Range(0, DebugViews.MaximumItems), view.Items);

        writer.Dispose();
        Assert.True(view.IsDisposed);
        Assert.Empty(view.Items);
        Assert.Equal("Disposed", Display(typeof(PooledBufferWriter<int>), typeof(PooledBufferWriter<>.DebugView), writer));
    }

    [Fact]
    public void SegmentedBuffer_shows_its_length_its_chunk_lengths_and_the_first_elements()
    {
        var buffer = new SegmentedBuffer<byte>(new TrackingArrayPool<byte>(), initialChunkLength: 16, maximumChunkLength: 64);
        byte[] data = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();
        buffer.Write(data);
        buffer.Consume(10);
        Assert.Equal($"Length = 90, Chunks = {buffer.ChunkCount}", Display(typeof(SegmentedBuffer<byte>), typeof(SegmentedBuffer<>.DebugView), buffer));

        var view = new SegmentedBuffer<byte>.DebugView(buffer);
        Assert.Equal(90, view.Length);
        Assert.Equal(data.Skip(10), view.Items);
        Assert.Equal(buffer.ChunkCount, view.ChunkLengths.Length);
        Assert.True(view.ChunkLengths.Length > 1);
        // The head chunk still holds the 10 consumed elements.
        Assert.Equal(buffer.Capacity, view.ChunkLengths.Sum() - 10L);

        buffer.Write(new byte[5000]);
        Assert.Equal(DebugViews.MaximumItems, view.Items.Length);
        buffer.Dispose();
        Assert.True(view.IsDisposed);
        Assert.Empty(view.ChunkLengths);
        Assert.Empty(view.Items);
    }

    [Fact]
    public void PooledArrayOwner_shows_its_count_and_the_written_elements()
    {
        var writer = new PooledBufferWriter<byte>(new TrackingArrayPool<byte>());
        writer.Write(new byte[] { 1, 2, 3 });
        PooledArrayOwner<byte> owner = writer.DetachBuffer();
        writer.Dispose();
        Assert.Equal($"Count = 3, Array.Length = {owner.Array.Length}", Display(typeof(PooledArrayOwner<byte>), typeof(PooledArrayOwner<>.DebugView), owner));

        var view = new PooledArrayOwner<byte>.DebugView(owner);
        Assert.Equal(3, view.Count);
        Assert.Equal(new byte[] { 1, 2, 3 }, view.Items);
        owner.Dispose();
        Assert.True(view.IsDisposed);
        Assert.Empty(view.Items);
        Assert.Equal("Disposed", Display(typeof(PooledArrayOwner<byte>), typeof(PooledArrayOwner<>.DebugView), owner));
    }
}
