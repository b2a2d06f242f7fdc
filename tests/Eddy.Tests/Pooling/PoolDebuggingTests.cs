using System;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using Eddy.Pipelines;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

public class PoolDebuggingTests
{
    [Theory]
    [InlineData(typeof(BlockPool))]
    [InlineData(typeof(BlockMemoryPool))]
    [InlineData(typeof(EddyArrayPool<>))]
    [InlineData(typeof(FixedArrayPool<,>))]
    [InlineData(typeof(ConcurrentFixedArrayPool<,>))]
    [InlineData(typeof(ThreadStaticFixedArrayPool<,>))]
    public void Every_pool_has_a_debugger_display(Type pool) =>
        Assert.NotNull(pool.GetCustomAttribute<DebuggerDisplayAttribute>());

    [Fact]
    public void The_block_pool_view_lists_the_blocks_retained_per_size_class()
    {
        var pool = new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false });
        byte[][] blocks = { pool.Rent(4096), pool.Rent(4096), pool.Rent(4096), pool.Rent(300) };
        foreach (byte[] block in blocks)
        {
            pool.Return(block);
        }

        object view = CreateView(pool);
        var lines = (SizeClassCount[])view.GetType().GetProperty("RetainedPerClass")!.GetValue(view)!;
        Assert.Equal(new[] { (512L, 1L), (4096L, 3L) }, lines.Select(l => (l.Length, l.Count)).ToArray());
        var statistics = (BlockPoolStatistics)view.GetType().GetProperty("Statistics")!.GetValue(view)!;
        Assert.Equal(4, statistics.RetainedBlocks);
        Assert.Contains("in 4 blocks", Display(pool), StringComparison.Ordinal);
    }

    [Fact]
    public void The_array_pool_view_lists_the_arrays_retained_per_size_class()
    {
        var pool = new EddyArrayPool<int>();
        int[][] arrays = { pool.Rent(16), pool.Rent(100), pool.Rent(100) };
        foreach (int[] array in arrays)
        {
            pool.Return(array);
        }

        object view = CreateView(pool);
        var lines = (SizeClassCount[])view.GetType().GetProperty("RetainedPerClass")!.GetValue(view)!;
        Assert.Equal(new[] { (16L, 1L), (128L, 2L) }, lines.Select(l => (l.Length, l.Count)).ToArray());
        Assert.Equal(64, (int)view.GetType().GetProperty("MaximumRetained")!.GetValue(view)!);
    }

    private static object CreateView(object pool)
    {
        Type viewType = pool.GetType().GetCustomAttribute<DebuggerTypeProxyAttribute>()!.ProxyTypeName is string name
            ? Type.GetType(name, throwOnError: true)!
            : throw new InvalidOperationException();
        if (viewType.IsGenericTypeDefinition)
        {
            viewType = viewType.MakeGenericType(pool.GetType().GetGenericArguments());
        }

        return Activator.CreateInstance(viewType, pool)!;
    }

    private static string Display(BlockPool pool) =>
        (string)typeof(BlockPool).GetProperty("DebuggerDisplay", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(pool)!;
}
